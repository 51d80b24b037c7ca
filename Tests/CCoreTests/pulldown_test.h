/*
 * pulldown_test.h — what the pull-down panel's cmocka tests share: the
 * article's configuration, bit-exact comparison, golden tables, and helpers
 * that drive one panel `P` through its four verbs.
 */
#ifndef SD_PULLDOWN_TEST_H
#define SD_PULLDOWN_TEST_H

#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scrolldrive.h"
#include "golden.h"

#define SD_TEST_UNUSED __attribute__((unused))

#define H 736.0
#define TOP 64.0
#define TAB 49.0
#define OPEN_NAV (H - TOP)

#define BIT(k) SD_PULLDOWN_TRANSITION_BIT(SD_PULLDOWN_TRANSITION_##k)

static sd_pulldown_config CFG;

SD_TEST_UNUSED static int setup(void **s) {
    (void)s;
    CFG = sd_pulldown_config_article();
    return 0;
}

/* Bit-for-bit equality, so that -0.0 vs 0.0 and last-bit differences show. */
SD_TEST_UNUSED static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

SD_TEST_UNUSED static void load(const char *name, golden_table *t) {
    assert_int_equal(golden_load(name, t), 0);
    assert_true(t->nrows > 0);
}

#define CHECK_GOLDEN(file, row, what, got, want)                                                                 \
    do {                                                                                                         \
        if (!same_bits((got), (want)))                                                                           \
            fail_msg("%s line %d (%s): %s %.17g, expected %.17g", (file), (row)->line, (row)->label, (what),     \
                     (got), (want));                                                                             \
    } while (0)

/* Content offset of the chat list at pull distance d. */
SD_TEST_UNUSED static double yof(double d) { return -(TOP + d); }


/* ------------------------------------------------------------------------ */
/* One panel driven through sd_pulldown_step / sd_pulldown_frame_at          */
/* ------------------------------------------------------------------------ */

static sd_pulldown P;
static sd_pulldown_actions A;
static sd_pulldown_frame F;

/* One event through the surface (must be accepted); returns the action flags. */
SD_TEST_UNUSED static uint32_t send(sd_pulldown_event e) {
    assert_int_equal(sd_pulldown_step(&P, &e, &A, NULL), SD_OK);
    return A.flags;
}

/* A FRAME event at t, then the frame at t into F; returns the action flags. */
SD_TEST_UNUSED static uint32_t tick(double t) {
    sd_pulldown_event e = sd_pulldown_event_frame(t);
    assert_int_equal(sd_pulldown_step(&P, &e, &A, NULL), SD_OK);
    assert_int_equal(sd_pulldown_frame_at(&P, t, &F), SD_OK);
    return A.flags;
}

SD_TEST_UNUSED static void frame_at(double t) { assert_int_equal(sd_pulldown_frame_at(&P, t, &F), SD_OK); }

/* Pulls the list to `d` (moving down) starting at time t, releases at t + 1
 * and lets the opening finish at t + 1 + 0.35. */
SD_TEST_UNUSED static void open_panel(double d, double t) {
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(sd_pulldown_event_drag_began(t, SD_PULLDOWN_SOURCE_LIST, yof(0)));
    for (int i = 1; i <= 10; i++) send(sd_pulldown_event_offset(t + 0.05 * i, SD_PULLDOWN_SOURCE_LIST, yof(d * i / 10), 1));
    assert_int_equal(P.list.phase, SD_PULLDOWN_PULLING);
    send(sd_pulldown_event_drag_ended(t + 1, SD_PULLDOWN_SOURCE_LIST, yof(d), 0));
    tick(t + 1 + CFG.transition_duration);
    assert_true(sd_pulldown_is_open(&P));
}

SD_TEST_UNUSED static void expect_rest_frame(const char *when) {
    sd_pulldown_indicator ind;
    sd_pulldown_indicator_at(&CFG, 0, &ind);
    if (!(same_bits(F.nav_top, 0.0) && F.nav_colour.red == 237 && F.nav_colour.green == 237 &&
          F.nav_colour.blue == 237 && F.tab_bar_alpha == 1 && F.tab_bar_y == H - TAB && same_bits(F.list_y, 0.0) &&
          F.list_inset_top == TOP && F.list_offset == -TOP && F.container_alpha == 0 && F.panel_alpha == 0 &&
          F.panel_scale_x == 0.6 && F.panel_scale_y == 0.4 && same_bits(F.panel_y, 0.0) && F.mask_alpha == 0 &&
          F.weather_alpha == 0 && same_bits(F.weather_y, 0.0) && same_bits(F.panel_offset, 0.0) &&
          F.panel_content_height == 0 && F.interaction_enabled == 1 && F.list_offset_driven == 0 &&
          F.panel_offset_driven == 0 && F.list_phase == SD_PULLDOWN_IDLE && F.panel_phase == SD_PULLDOWN_IDLE &&
          F.list_transition == 0 && F.panel_transition == 0 &&
          memcmp(&F.indicator, &ind, sizeof ind) == 0))
        fail_msg("not at rest %s", when);
}

#endif /* SD_PULLDOWN_TEST_H */
