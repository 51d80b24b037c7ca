/* test_sheet.c — cmocka tests of the bottom sheet (CCore/sheet.c) with the seed's numbers (seed 001). */
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

#define H 800.0
enum { FULL = 0, HALF = 1, DISMISSED = 2 };

/* Every seed transition in an 800 pt container settles within this (seconds). */
#define SETTLE_BOUND 0.75

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static void load(const char *name, golden_table *t) {
    assert_int_equal(golden_load(name, t), 0);
    assert_true(t->nrows > 0);
}

static void assert_near(double got, double want, double tol, const char *what) {
    if (!(fabs(got - want) <= tol)) fail_msg("%s: %.17g, expected %.17g (tolerance %g)", what, got, want, tol);
}

static sd_sheet seed_sheet(uint32_t detent) {
    sd_sheet_config c = sd_sheet_config_default(H);
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, detent, NULL), SD_OK);
    return s;
}

/* ---- a log of notices, in the order the steps deliver them ---- */

typedef struct logged {
    uint32_t notice;
    uint32_t detent;
    double time;
} logged;

typedef struct notice_log {
    int n;
    logged e[64];
} notice_log;

static void record(notice_log *log, const sd_sheet_actions *a, double time) {
    static const uint32_t order[3] = { SD_SHEET_NOTICE_WILL_MOVE, SD_SHEET_NOTICE_DID_MOVE, SD_SHEET_NOTICE_DISMISSED };
    for (int i = 0; i < 3; i++) {
        if (!(a->notices & order[i])) continue;
        assert_true(log->n < 64);
        log->e[log->n].notice = order[i];
        log->e[log->n].detent = a->detent;
        log->e[log->n].time = time;
        log->n++;
    }
}

static sd_sheet_actions step(sd_sheet *s, sd_sheet_event e, notice_log *log) {
    sd_sheet_actions a;
    sd_status st = sd_sheet_step(s, &e, &a);
    if (st != SD_OK) fail_msg("event kind %u at %g: %s", e.kind, e.time, sd_status_name(st));
    if (log) record(log, &a, e.time);
    return a;
}

/* Frame ticks at from + k / hz (k = 0, 1, ...) while <= to; returns the last tick's actions. */
static sd_sheet_actions run_frames(sd_sheet *s, double from, double to, double hz, notice_log *log) {
    sd_sheet_actions a;
    memset(&a, 0, sizeof a);
    for (int k = 0;; k++) {
        double t = from + k / hz;
        if (t > to) break;
        a = step(s, sd_sheet_frame_tick(t), log);
    }
    return a;
}

static void expect_log(const notice_log *log, int n, const uint32_t (*want)[2]) {
    if (log->n != n) {
        for (int i = 0; i < log->n; i++)
            print_message("  notice %d: bits %u detent %u at %g\n", i, log->e[i].notice, log->e[i].detent, log->e[i].time);
        fail_msg("%d notices, expected %d", log->n, n);
    }
    for (int i = 0; i < n; i++) {
        if (log->e[i].notice != want[i][0] || log->e[i].detent != want[i][1])
            fail_msg("notice %d: bits %u detent %u, expected bits %u detent %u", i, log->e[i].notice,
                     log->e[i].detent, want[i][0], want[i][1]);
    }
}

#define WILL SD_SHEET_NOTICE_WILL_MOVE
#define DID SD_SHEET_NOTICE_DID_MOVE
#define GONE SD_SHEET_NOTICE_DISMISSED

/* ---- configuration ---- */

static void test_default_config(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    sd_error err;
    assert_int_equal(sd_sheet_config_validate(&c, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    assert_int_equal(c.detent_count, 3);
    assert_int_equal(c.options, 0);
    assert_true(c.up_threshold == 0.25 && c.down_threshold == 0.3);
    assert_true(c.overscroll_return == 120 && c.backdrop_alpha == 0.5 && c.background_shift == 100);
    assert_true(c.background_duration == 0.2);
    assert_true(c.spring.stiffness == 200 && c.spring.damping == 25 && c.spring.mass == 1);
    assert_true(c.spring_initial_velocity == 10);
    assert_true(c.deceleration_rate == 0.998 && c.flick_velocity == 500);
    assert_int_equal(sd_sheet_dismissed_detent(&c), DISMISSED);
}

static void test_layout_golden(void **state) {
    (void)state;
    static golden_table t;
    load("sheet_layout.tsv", &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_sheet_config c = sd_sheet_config_default(r->v[0]);
        assert_int_equal(sd_sheet_config_validate(&c, NULL), SD_OK);
        for (uint32_t d = 0; d < 3; d++) {
            double top = -1;
            assert_int_equal(sd_sheet_detent_top(&c, d, &top), SD_OK);
            if (!same_bits(top, r->v[1 + d]))
                fail_msg("sheet_layout.tsv line %d (%s): detent %u top %.17g, expected %.17g", r->line, r->label, d,
                         top, r->v[1 + d]);
        }
        /* An initialised sheet rests exactly there. */
        sd_sheet s;
        assert_int_equal(sd_sheet_init(&s, &c, HALF, NULL), SD_OK);
        sd_sheet_frame f;
        assert_int_equal(sd_sheet_sample(&s, 0, &f), SD_OK);
        if (!same_bits(f.top, r->v[2])) fail_msg("sheet_layout.tsv line %d (%s): half frame top %.17g", r->line, r->label, f.top);
    }
}

static void test_detent_kinds(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    c.detent_count = 4;
    c.detent0 = sd_sheet_detent_points(50);
    c.detent1 = sd_sheet_detent_fraction(0.25);
    c.detent2 = sd_sheet_detent_fit_content(300);
    c.detent3 = sd_sheet_detent_dismissed();
    c.content_height = 200;
    assert_int_equal(sd_sheet_config_validate(&c, NULL), SD_OK);
    double top;
    assert_int_equal(sd_sheet_detent_top(&c, 1, &top), SD_OK);
    assert_true(top == 200);
    assert_int_equal(sd_sheet_detent_top(&c, 2, &top), SD_OK);
    assert_true(top == 600); /* as tall as the content: 800 - 200 */
    c.content_height = 700;  /* taller than the room: the top stops at the fit-content minimum */
    assert_int_equal(sd_sheet_detent_top(&c, 2, &top), SD_OK);
    assert_true(top == 300);
    assert_int_equal(sd_sheet_detent_top(&c, 3, &top), SD_OK);
    assert_true(top == 800);
    assert_int_equal(sd_sheet_detent_top(&c, 4, &top), SD_ERR_RANGE);
    assert_int_equal(sd_sheet_detent_top(&c, 0, NULL), SD_ERR_NULL);
    assert_int_equal(sd_sheet_dismissed_detent(&c), 3);

    /* Index access over the named fields. */
    sd_sheet_detent d = sd_sheet_config_detent(&c, 2);
    assert_int_equal(d.kind, SD_SHEET_DETENT_FIT_CONTENT);
    assert_true(d.value == 300);
    assert_int_equal(sd_sheet_config_detent(&c, 5).kind, SD_SHEET_DETENT_NONE);
    assert_int_equal(sd_sheet_config_set_detent(&c, 4, sd_sheet_detent_points(10)), SD_OK);
    assert_true(c.detent4.kind == SD_SHEET_DETENT_POINTS && c.detent4.value == 10);
    assert_int_equal(sd_sheet_config_set_detent(&c, 5, sd_sheet_detent_points(10)), SD_ERR_RANGE);
    assert_int_equal(sd_sheet_config_set_detent(NULL, 0, sd_sheet_detent_points(10)), SD_ERR_NULL);

    /* A sheet that cannot be dismissed. */
    sd_sheet_config two = sd_sheet_config_default(H);
    two.detent_count = 2;
    assert_int_equal(sd_sheet_config_validate(&two, NULL), SD_OK);
    assert_int_equal(sd_sheet_dismissed_detent(&two), SD_SHEET_NO_DETENT);
}

typedef struct bad_config {
    int line;
    sd_sheet_config c;
    sd_status status;
    const char *field;
} bad_config;

static void test_config_invalid(void **state) {
    (void)state;
    static bad_config rows[48];
    int n = 0;
#define BAD(mutation, st, fld)                                                                                   \
    do {                                                                                                          \
        sd_sheet_config c_ = sd_sheet_config_default(H);                                                         \
        { sd_sheet_config *c = &c_; mutation; }                                                                   \
        rows[n].line = __LINE__; rows[n].c = c_; rows[n].status = st; rows[n].field = fld; n++;                   \
    } while (0)
    BAD(c->container_height = NAN, SD_ERR_NOT_FINITE, "container_height");
    BAD(c->container_height = INFINITY, SD_ERR_NOT_FINITE, "container_height");
    BAD(c->container_height = 0, SD_ERR_NEGATIVE, "container_height");
    BAD(c->container_height = 1.0000000000000002e9, SD_ERR_RANGE, "container_height"); /* just past SD_SHEET_MAX_LENGTH */
    BAD(c->content_height = -1, SD_ERR_NEGATIVE, "content_height");
    BAD(c->content_height = NAN, SD_ERR_NOT_FINITE, "content_height");
    BAD(c->detent_count = 0, SD_ERR_RANGE, "detent_count");
    BAD(c->detent_count = 6, SD_ERR_RANGE, "detent_count");
    BAD(c->detent1.kind = 9, SD_ERR_RANGE, "detent1.kind");
    BAD((c->detent_count = 4, c->detent2 = sd_sheet_detent_fraction(0.9)), SD_ERR_RANGE, "detent3.kind"); /* an unused slot counted in */
    BAD(c->detent1.value = NAN, SD_ERR_NOT_FINITE, "detent1.value");
    BAD(c->detent0.value = -INFINITY, SD_ERR_NOT_FINITE, "detent0.value");
    /* Outside the container. */
    BAD(c->detent1.value = 1.5, SD_ERR_RANGE, "detent1");
    BAD(c->detent1.value = -0.1, SD_ERR_RANGE, "detent1");
    BAD(c->detent0.value = 801, SD_ERR_RANGE, "detent0");
    BAD(c->detent0.value = -1, SD_ERR_RANGE, "detent0");
    BAD(c->detent0 = sd_sheet_detent_fit_content(900), SD_ERR_RANGE, "detent0");
    /* Out of order. */
    BAD(c->detent0 = sd_sheet_detent_fraction(0.6), SD_ERR_ORDER, "detent1");
    BAD(c->detent0 = sd_sheet_detent_points(400), SD_ERR_ORDER, "detent1"); /* equal tops */
    BAD((c->detent1 = sd_sheet_detent_fit_content(0), c->content_height = 760), SD_ERR_ORDER, "detent1");
    BAD(c->detent1 = sd_sheet_detent_dismissed(), SD_ERR_ORDER, "detent1");
    BAD((c->detent_count = 1, c->detent0 = sd_sheet_detent_dismissed()), SD_ERR_ORDER, "detent0");
    BAD(c->detent2 = sd_sheet_detent_fraction(0.4), SD_ERR_ORDER, "detent2");
    /* Everything else. */
    BAD(c->up_threshold = NAN, SD_ERR_NOT_FINITE, "up_threshold");
    BAD(c->down_threshold = -0.3, SD_ERR_NEGATIVE, "down_threshold");
    BAD(c->overscroll_return = -120, SD_ERR_NEGATIVE, "overscroll_return");
    BAD(c->background_shift = NAN, SD_ERR_NOT_FINITE, "background_shift");
    BAD(c->background_duration = -1, SD_ERR_NEGATIVE, "background_duration");
    BAD(c->flick_velocity = INFINITY, SD_ERR_NOT_FINITE, "flick_velocity");
    BAD(c->backdrop_alpha = NAN, SD_ERR_NOT_FINITE, "backdrop_alpha");
    BAD(c->backdrop_alpha = 1.5, SD_ERR_RANGE, "backdrop_alpha");
    BAD(c->spring.stiffness = NAN, SD_ERR_NOT_FINITE, "spring.stiffness");
    BAD(c->spring.damping = -1, SD_ERR_NEGATIVE, "spring.damping");
    BAD(c->spring.mass = 0, SD_ERR_NEGATIVE, "spring.mass");
    /* Springs that never settle, or whose products leave double range. */
    BAD(c->spring.damping = 0, SD_ERR_NEGATIVE, "spring.damping");
    BAD(c->spring.stiffness = 1.0000000000000002e12, SD_ERR_RANGE, "spring.stiffness");
    BAD((c->spring.stiffness = 1e-4, c->spring.damping = 0.0199), SD_ERR_RANGE, "spring");  /* under-damped, a = 0.00995 */
    BAD((c->spring.stiffness = 1e-4, c->spring.damping = 0.0201), SD_ERR_RANGE, "spring");  /* over-damped, slow mode 0.00905 */
    BAD(c->spring_initial_velocity = NAN, SD_ERR_NOT_FINITE, "spring_initial_velocity");
    BAD(c->spring_initial_velocity = -1.0000000000000002e6, SD_ERR_RANGE, "spring_initial_velocity");
    BAD(c->deceleration_rate = 1, SD_ERR_RANGE, "deceleration_rate");
    BAD(c->deceleration_rate = NAN, SD_ERR_NOT_FINITE, "deceleration_rate");
    BAD(c->options = 0x100, SD_ERR_RANGE, "options");
#undef BAD
    for (int i = 0; i < n; i++) {
        sd_error err;
        sd_status st = sd_sheet_config_validate(&rows[i].c, &err);
        if (st != rows[i].status || err.status != rows[i].status || strcmp(err.field, rows[i].field) != 0)
            fail_msg("row at line %d: %s / %s (%s), expected %s / %s", rows[i].line, sd_status_name(st), err.field,
                     err.rule, sd_status_name(rows[i].status), rows[i].field);
        assert_true(strlen(err.rule) > 0);
        /* init refuses it too and leaves the sheet alone. */
        sd_sheet s, before;
        memset(&s, 0x5A, sizeof s);
        before = s;
        assert_int_equal(sd_sheet_init(&s, &rows[i].c, 0, NULL), rows[i].status);
        assert_memory_equal(&s, &before, sizeof s);
    }
    sd_error err;
    assert_int_equal(sd_sheet_config_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
    sd_sheet_config c = sd_sheet_config_default(H);
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, 3, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "initial_detent");
    assert_int_equal(sd_sheet_init(NULL, &c, 0, &err), SD_ERR_NULL);
}

/* ---- the release decision ---- */

static void test_release_golden(void **state) {
    (void)state;
    static golden_table t;
    load("sheet_release.tsv", &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_sheet_config c = sd_sheet_config_default(r->v[0]);
        if (r->v[1] != 0) c.options |= SD_SHEET_OPTION_PROJECTION;
        uint32_t target = 99;
        assert_int_equal(sd_sheet_release_target(&c, (uint32_t)r->v[2], r->v[3], r->v[4], &target), SD_OK);
        if (target != (uint32_t)r->v[5])
            fail_msg("sheet_release.tsv line %d (%s): target %u, expected %u", r->line, r->label, target,
                     (uint32_t)r->v[5]);
        double top;
        sd_sheet_detent_top(&c, target, &top);
        if (!same_bits(top, r->v[6]))
            fail_msg("sheet_release.tsv line %d (%s): top %.17g, expected %.17g", r->line, r->label, top, r->v[6]);

        /* The same release through the machine: drag from the detent, release, land. */
        if (r->v[2] == DISMISSED) continue; /* a resting dismissed sheet cannot be grabbed */
        sd_sheet s;
        assert_int_equal(sd_sheet_init(&s, &c, (uint32_t)r->v[2], NULL), SD_OK);
        step(&s, sd_sheet_drag_began(1.0, 0), NULL);
        if (r->v[2] == FULL) {
            /* At full the content has the finger first; the sheet follows once it is pulled past its top. */
            step(&s, sd_sheet_drag_changed(1.01, r->v[3], -r->v[3]), NULL);
        } else {
            step(&s, sd_sheet_drag_changed(1.01, r->v[3], 0), NULL);
        }
        if (r->v[2] == FULL && r->v[3] > 120) {
            /* The overscroll return took it (sheet_overscroll.tsv); not a release decision. */
            assert_int_equal(s.state.detent, HALF);
            continue;
        }
        if (r->v[2] == FULL && r->v[3] <= 0) continue; /* content scrolled; the sheet never moved */
        step(&s, sd_sheet_drag_ended(1.02, r->v[4]), NULL);
        assert_int_equal(s.state.detent, (uint32_t)r->v[5]);
        sd_sheet_actions a = run_frames(&s, 1.02, 4.0, 60, NULL);
        if (!same_bits(a.frame.top, r->v[6]))
            fail_msg("sheet_release.tsv line %d (%s): landed at %.17g", r->line, r->label, a.frame.top);
    }
}

static void test_release_rejects_bad_input(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    uint32_t target = 77;
    assert_int_equal(sd_sheet_release_target(&c, HALF, NAN, 0, &target), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_sheet_release_target(&c, HALF, -300, INFINITY, &target), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_sheet_release_target(&c, 3, -300, 0, &target), SD_ERR_RANGE);
    assert_int_equal(sd_sheet_release_target(NULL, HALF, -300, 0, &target), SD_ERR_NULL);
    assert_int_equal(sd_sheet_release_target(&c, HALF, -300, 0, NULL), SD_ERR_NULL);
    assert_int_equal(target, 77);
}

static void test_projection_flick_through_step(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    c.options = SD_SHEET_OPTION_PROJECTION | SD_SHEET_OPTION_CARRY_VELOCITY;
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, NULL), SD_OK);
    notice_log log = { 0 };
    step(&s, sd_sheet_drag_began(0, 0), &log);
    step(&s, sd_sheet_drag_changed(0.02, -30, 0), &log);
    /* 30 pt up, then a flick at 1500 pt/s: projected to 370 - 749.5 < 50, full. */
    sd_sheet_actions a = step(&s, sd_sheet_drag_ended(0.03, -1500), &log);
    assert_int_equal(s.state.detent, FULL);
    assert_true(a.flags & SD_SHEET_ACTION_START_SPRING);
    assert_true(a.spring_from == 370 && a.spring_to == 50);
    /* SwiftUI's relative kick over the distance, plus the carried release velocity. */
    assert_true(a.spring_velocity == 10.0 * (50.0 - 370.0) + -1500.0);
    assert_true(a.frame.velocity == a.spring_velocity);
    run_frames(&s, 0.03, 2.0, 120, &log);
    const uint32_t want[][2] = { { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 2, want);

    /* Without the carry option the spring starts with the kick alone (the seed). */
    sd_sheet seed = seed_sheet(HALF);
    step(&seed, sd_sheet_drag_began(0, 0), NULL);
    step(&seed, sd_sheet_drag_changed(0.02, -201, 0), NULL);
    a = step(&seed, sd_sheet_drag_ended(0.03, -1500), NULL);
    assert_true(a.spring_from == 199 && a.spring_to == 50 && a.spring_velocity == 10.0 * (50.0 - 199.0));
}

/* ---- position functions ---- */

static void test_rubber_band(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    /* Off (the seed): the sheet follows the finger anywhere. */
    assert_true(sd_sheet_rubber_band_top(&c, -50) == -50);
    assert_true(sd_sheet_rubber_band_top(&c, 900) == 900);
    c.options = SD_SHEET_OPTION_RUBBER_BAND;
    /* 100 pt past full: f(100, 800) = (1 - 1 / (100 * 0.55 / 800 + 1)) * 800 = 55 / 1.06875. */
    assert_near(sd_sheet_rubber_band_top(&c, -50), 50 - 51.461988304093567, 1e-12, "100 pt above full");
    assert_near(sd_sheet_rubber_band_top(&c, 900), 800 + 51.461988304093567, 1e-12, "100 pt below dismissed");
    assert_near(sd_sheet_rubber_band_top(&c, 10), 50 - 40 * 0.55 / (1 + 40 * 0.55 / 800), 1e-12, "40 pt above full");
    /* Between the end detents nothing changes; at the edges it is continuous. */
    assert_true(sd_sheet_rubber_band_top(&c, 50) == 50);
    assert_true(sd_sheet_rubber_band_top(&c, 400) == 400);
    assert_true(sd_sheet_rubber_band_top(&c, 800) == 800);
    assert_near(sd_sheet_rubber_band_top(&c, 50 - 1e-9), 50 - 0.55e-9, 1e-12, "just past full");
    /* Monotone and bounded by one container height. */
    double previous = -1e300;
    for (double raw = -5000; raw <= 6000; raw += 7.5) {
        double top = sd_sheet_rubber_band_top(&c, raw);
        assert_true(top > previous);
        assert_true(top > 50 - H && top < 800 + H);
        previous = top;
    }
}

static void test_rubber_band_in_a_drag(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    c.options = SD_SHEET_OPTION_RUBBER_BAND;
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, NULL), SD_OK);
    step(&s, sd_sheet_drag_began(0, 0), NULL);
    sd_sheet_actions a = step(&s, sd_sheet_drag_changed(0.1, -450, 0), NULL); /* raw top -50 */
    assert_near(a.frame.top, 50 - 51.461988304093567, 1e-12, "banded top");
    assert_true(a.frame.translation == -450);
    /* Released there: the decision uses the finger's translation, the spring starts where the sheet shows. */
    a = step(&s, sd_sheet_drag_ended(0.2, 0), NULL);
    assert_int_equal(s.state.detent, FULL);
    assert_near(a.spring_from, 50 - 51.461988304093567, 1e-12, "spring from the banded top");
    /* Grabbing the spring again does not jump, wherever it is. */
    for (double t = 0.21; t < 0.5; t += 0.037) {
        sd_sheet g = s;
        sd_sheet_frame before;
        sd_sheet_sample(&g, t, &before);
        step(&g, sd_sheet_drag_began(t, 0), NULL);
        sd_sheet_frame after;
        sd_sheet_sample(&g, t, &after);
        assert_near(after.top, before.top, 1e-9, "grab position");
        a = step(&g, sd_sheet_drag_changed(t + 0.01, 0, 0), NULL);
        assert_near(a.frame.top, before.top, 1e-9, "first change with no translation");
    }
}

/* Regression: the drag velocity is measured between finger samples, so frame
 * ticks in between (at the same times, as a simulator delivers them) do not
 * zero it or make it depend on the frame rate. */
static void test_drag_velocity_ignores_frame_ticks(void **state) {
    (void)state;
    for (int hz = 60; hz <= 120; hz += 60) {
        sd_sheet s = seed_sheet(HALF);
        step(&s, sd_sheet_drag_began(0, 0), NULL);
        sd_sheet_actions a;
        memset(&a, 0, sizeof a);
        for (int k = 1; k <= hz / 10; k++) { /* 0.1 s of ticks, each followed by a finger sample */
            double t = (double)k / hz;
            step(&s, sd_sheet_frame_tick(t), NULL);
            a = step(&s, sd_sheet_drag_changed(t, -300.0 * t, 0), NULL); /* 300 pt/s up */
        }
        assert_near(a.frame.velocity, -300, 1e-6, "drag velocity between finger samples");
        assert_near(s.state.velocity, -300, 1e-6, "state velocity");
    }
}

static void test_presentation_and_backdrop(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    /* The seed: 0.5 black and 100 pt up while shown, wherever the sheet is. */
    assert_true(sd_sheet_backdrop_alpha(&c, 400, 1) == 0.5);
    assert_true(sd_sheet_backdrop_alpha(&c, 790, 1) == 0.5);
    assert_true(sd_sheet_backdrop_alpha(&c, 400, 0) == 0);
    assert_true(sd_sheet_background_offset(&c, 50, 1) == -100);
    assert_true(sd_sheet_background_offset(&c, 50, 0) == 0);
    /* Along the position: full at half and above, none at the bottom. */
    assert_true(sd_sheet_presentation(&c, 50) == 1);
    assert_true(sd_sheet_presentation(&c, 400) == 1);
    assert_true(sd_sheet_presentation(&c, 600) == 0.5);
    assert_true(sd_sheet_presentation(&c, 800) == 0);
    assert_true(sd_sheet_presentation(&c, 850) == 0);
    c.options = SD_SHEET_OPTION_INTERPOLATE_BACKDROP;
    assert_true(sd_sheet_backdrop_alpha(&c, 600, 0) == 0.25);
    assert_true(sd_sheet_backdrop_alpha(&c, 300, 0) == 0.5);
    assert_true(sd_sheet_background_offset(&c, 700, 1) == -25);
    assert_true(sd_sheet_background_offset(&c, 800, 1) == 0);

    double tops[] = { -20, 50, 225, 400, 500, 600, 799, 800, 1000 };
    double alphas[9], offsets[9];
    for (int interpolate = 0; interpolate < 2; interpolate++) {
        c.options = interpolate ? SD_SHEET_OPTION_INTERPOLATE_BACKDROP : 0u;
        for (int presented = 0; presented < 2; presented++) {
            assert_int_equal(sd_sheet_presentation_batch(&c, tops, 9, presented, alphas, offsets, NULL), SD_OK);
            for (int i = 0; i < 9; i++) {
                assert_true(same_bits(alphas[i], sd_sheet_backdrop_alpha(&c, tops[i], presented)));
                assert_true(same_bits(offsets[i], sd_sheet_background_offset(&c, tops[i], presented)));
            }
        }
    }
    assert_int_equal(sd_sheet_presentation_batch(&c, tops, 9, 1, NULL, offsets, NULL), SD_OK);
    sd_error err;
    assert_int_equal(sd_sheet_presentation_batch(&c, NULL, 9, 1, alphas, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "tops");
    c.backdrop_alpha = NAN;
    assert_int_equal(sd_sheet_presentation_batch(&c, tops, 9, 1, alphas, NULL, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "backdrop_alpha");
}

/* ---- the machine with the seed's numbers ---- */

static void test_present_and_settle(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(DISMISSED);
    notice_log log = { 0 };
    sd_sheet_frame f;
    sd_sheet_sample(&s, 0, &f);
    assert_true(f.top == 800 && f.backdrop_alpha == 0 && f.background_offset == 0);
    assert_false(f.flags & SD_SHEET_FRAME_PRESENTED);

    assert_false(sd_sheet_is_presented(&s));
    sd_sheet_actions a = step(&s, sd_sheet_move(0, HALF, 1), &log);
    assert_true(sd_sheet_is_presented(&s));
    assert_false(sd_sheet_is_presented(NULL));
    assert_int_equal(a.flags, SD_SHEET_ACTION_START_SPRING);
    assert_true(a.spring_from == 800 && a.spring_to == 400);
    assert_true(a.spring_velocity == -4000); /* initialVelocity 10 x the 400 pt to go */
    assert_true(a.spring_duration > 0 && a.spring_duration <= SETTLE_BOUND);
    assert_true(a.frame.backdrop_alpha == 0.5); /* the backdrop shows at once, as `if showDetail` does */
    assert_true(a.frame.flags & SD_SHEET_FRAME_PRESENTED);
    assert_true(a.frame.flags & SD_SHEET_FRAME_ANIMATING);

    /* Tick at 60 Hz: didMove(half) exactly once, on the first tick at or past the settle time. */
    double landed_at = -1;
    for (int k = 1; k <= 120; k++) {
        double t = k / 60.0;
        a = step(&s, sd_sheet_frame_tick(t), &log);
        if ((a.notices & DID) && landed_at < 0) landed_at = t;
    }
    const uint32_t want[][2] = { { WILL, HALF }, { DID, HALF } };
    expect_log(&log, 2, want);
    assert_true(landed_at >= s.state.spring_duration && landed_at < s.state.spring_duration + 1.0 / 60 + 1e-12);
    assert_true(a.frame.top == 400 && a.frame.velocity == 0);
    assert_false(a.frame.flags & SD_SHEET_FRAME_ANIMATING);
    assert_false(a.frame.flags & SD_SHEET_FRAME_SCROLL_ENABLED); /* half: the inner scroll view is disabled */
    assert_true(a.frame.background_offset == -100 && a.frame.backdrop_alpha == 0.5);
}

static void test_background_ease_out(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(DISMISSED);
    step(&s, sd_sheet_move(1.0, HALF, 1), NULL);
    sd_sheet_frame f;
    sd_sheet_sample(&s, 1.0, &f);
    assert_true(f.background_offset == 0);
    /* Half way through the 0.2 s: SwiftUI's ease-out (0, 0, 0.58, 1) at 0.5. */
    sd_sheet_sample(&s, 1.1, &f);
    assert_near(f.background_offset, -100 * sd_timing_curve_value(&sd_timing_ease_out, 0.5), 1e-12, "mid shift");
    assert_true(f.background_offset < -50); /* ease-out: past half way at half the time */
    sd_sheet_sample(&s, 1.25, &f);
    assert_true(f.background_offset == -100);
    run_frames(&s, 1.2, 3, 60, NULL);
    /* A tap on the backdrop: the backdrop goes at once, the background eases back. */
    sd_sheet_actions a = step(&s, sd_sheet_backdrop_tap(3.0), NULL);
    assert_true(a.frame.backdrop_alpha == 0 && a.frame.background_offset == -100);
    sd_sheet_sample(&s, 3.1, &f);
    assert_near(f.background_offset, -100 + 100 * sd_timing_curve_value(&sd_timing_ease_out, 0.5), 1e-12, "mid return");
    sd_sheet_sample(&s, 3.25, &f);
    assert_true(f.background_offset == 0);
}

/* A drag from rest at `from` by `translation`, released at velocity 0; the log gets its notices. */
static sd_sheet_actions drag_release(sd_sheet *s, double t0, double translation, notice_log *log) {
    step(s, sd_sheet_drag_began(t0, 0), log);
    sd_sheet_actions a = step(s, sd_sheet_drag_changed(t0 + 0.05, translation, 0), log);
    assert_int_equal(a.frame.drag, SD_SHEET_DRAG_DRAGGING);
    assert_true(a.frame.translation == translation);
    return step(s, sd_sheet_drag_ended(t0 + 0.1, 0), log);
}

static void test_seed_thresholds_through_step(void **state) {
    (void)state;
    /* -201: full, the inner scroll view enabled at once (the seed sets viewState in onEnded). */
    sd_sheet s = seed_sheet(HALF);
    notice_log log = { 0 };
    sd_sheet_actions a = drag_release(&s, 0, -201, &log);
    assert_int_equal(a.flags, SD_SHEET_ACTION_SET_SCROLL_ENABLED | SD_SHEET_ACTION_START_SPRING);
    assert_int_equal(a.scroll_enabled, 1);
    assert_true(a.spring_from == 199 && a.spring_to == 50);
    run_frames(&s, 0.1, 2, 60, &log);
    const uint32_t full[][2] = { { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 2, full);
    assert_true(s.state.top == 50);

    /* -199: back to half, no notice at all. */
    s = seed_sheet(HALF);
    log.n = 0;
    a = drag_release(&s, 0, -199, &log);
    assert_int_equal(a.flags, SD_SHEET_ACTION_START_SPRING);
    assert_true(a.spring_from == 201 && a.spring_to == 400);
    a = run_frames(&s, 0.1, 2, 60, &log);
    assert_int_equal(log.n, 0);
    assert_true(a.frame.top == 400);

    /* +241: dismissed; the backdrop goes at once; didMove then dismissed, once, on landing. */
    s = seed_sheet(HALF);
    log.n = 0;
    a = drag_release(&s, 0, 241, &log);
    assert_true(a.frame.backdrop_alpha == 0);
    assert_false(a.frame.flags & SD_SHEET_FRAME_PRESENTED);
    run_frames(&s, 0.1, 2, 60, &log);
    const uint32_t gone[][2] = { { WILL, DISMISSED }, { DID, DISMISSED }, { GONE, DISMISSED } };
    expect_log(&log, 3, gone);
    assert_true(log.e[1].time == log.e[2].time);
    assert_true(s.state.top == 800);

    /* +239: stays. */
    s = seed_sheet(HALF);
    log.n = 0;
    drag_release(&s, 0, 239, &log);
    a = run_frames(&s, 0.1, 2, 60, &log);
    assert_int_equal(log.n, 0);
    assert_true(a.frame.top == 400 && a.frame.backdrop_alpha == 0.5);
}

static void test_overscroll_golden(void **state) {
    (void)state;
    static golden_table t;
    load("sheet_overscroll.tsv", &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_sheet_config c = sd_sheet_config_default(r->v[0]);
        sd_sheet s;
        assert_int_equal(sd_sheet_init(&s, &c, FULL, NULL), SD_OK);
        notice_log log = { 0 };
        sd_sheet_actions a = step(&s, sd_sheet_drag_began(0, 0), &log);
        assert_true(a.frame.flags & SD_SHEET_FRAME_SCROLL_ENABLED);
        a = step(&s, sd_sheet_drag_changed(0.1, r->v[1], -r->v[1]), &log);
        int returned = (a.notices & WILL) != 0;
        if (returned != (int)r->v[2] || !same_bits(a.frame.top, r->v[3]) || s.state.detent != (uint32_t)r->v[4])
            fail_msg("sheet_overscroll.tsv line %d (%s): returned %d top %.17g detent %u", r->line, r->label,
                     returned, a.frame.top, s.state.detent);
        /* The content is pinned at its top while the sheet takes the overscroll. */
        assert_true(a.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET);
        assert_true(a.content_offset == 0);
        if (returned) {
            assert_int_equal(a.detent, HALF);
            assert_true((a.flags & SD_SHEET_ACTION_SET_SCROLL_ENABLED) && a.scroll_enabled == 0);
            assert_true((a.flags & SD_SHEET_ACTION_START_SPRING) && a.spring_to == 400);
            /* The rest of the drag changes nothing; its end decides nothing. */
            sd_sheet_actions b = step(&s, sd_sheet_drag_changed(0.2, r->v[1] + 200, -50), &log);
            assert_int_equal(b.flags, 0);
            b = step(&s, sd_sheet_drag_ended(0.3, 2000), &log);
            assert_int_equal(b.flags, 0);
            run_frames(&s, 0.3, 2, 60, &log);
            const uint32_t want[][2] = { { WILL, HALF }, { DID, HALF } };
            expect_log(&log, 2, want);
        } else {
            /* Released there: back up to full, nothing reported. */
            step(&s, sd_sheet_drag_ended(0.2, 0), &log);
            sd_sheet_actions b = run_frames(&s, 0.2, 2, 60, &log);
            assert_int_equal(log.n, 0);
            assert_true(b.frame.top == 50);
        }
    }
    /* The same in small steps: 119 pt keeps it, the step to 121 returns it. */
    sd_sheet s = seed_sheet(FULL);
    step(&s, sd_sheet_drag_began(0, 30), NULL);
    double y = 30;
    for (int k = 1; k <= 149; k++) { /* content 30 -> 0, then the sheet 0 -> 119 below full */
        y = 30 - k;
        sd_sheet_actions a = step(&s, sd_sheet_drag_changed(k * 0.01, k, y < 0 ? -1 : y), NULL);
        assert_int_equal(a.notices, 0);
        assert_int_equal(s.state.detent, FULL);
    }
    assert_true(s.state.top == 169);
    sd_sheet_actions a = step(&s, sd_sheet_drag_changed(1.5, 150, -1), NULL);
    assert_int_equal(a.notices, 0); /* exactly 120: not past it */
    a = step(&s, sd_sheet_drag_changed(1.51, 151, -1), NULL);
    assert_int_equal(a.notices, WILL);
    assert_int_equal(a.detent, HALF);
}

static void test_half_ignores_content(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    step(&s, sd_sheet_drag_began(0, 0), NULL);
    for (int k = 1; k <= 50; k++) {
        sd_sheet_actions a = step(&s, sd_sheet_drag_changed(k * 0.01, -3.0 * k, 40.0 * k), NULL);
        assert_int_equal(a.flags, 0); /* the scroll view is disabled: nothing to pin or hand off */
        assert_true(a.frame.top == 400 - 3.0 * k);
        assert_false(a.frame.flags & (SD_SHEET_FRAME_SCROLL_ENABLED | SD_SHEET_FRAME_CONTENT_SCROLLS));
    }
}

/* A host scroll view that scrolls 1:1 with the finger and adopts every offset the core sets. */
static void test_handoff_continuity(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(FULL);
    double content = 200; /* scrolled 200 pt into the content */
    step(&s, sd_sheet_drag_began(0, content), NULL);
    /* Finger path: down 300 (content to its top, then the sheet 100 pt), up to -100
     * (sheet back, content scrolls 300), down to +250 (content to its top, sheet 50 pt). */
    double path[1200];
    int n = 0;
    for (int v = 1; v <= 300; v++) path[n++] = v;
    for (int v = 299; v >= -100; v--) path[n++] = v;
    for (int v = -99; v <= 250; v++) path[n++] = v;
    double finger = 0, screen_before = 50 - content, top_before = 50;
    int handoffs = 0, handbacks = 0;
    for (int i = 0; i < n; i++) {
        double delta = path[i] - finger;
        finger = path[i];
        double reported = content - delta; /* the host scrolls the content with the finger */
        sd_sheet_actions a = step(&s, sd_sheet_drag_changed(0.001 * (i + 1), finger, reported), NULL);
        content = (a.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET) ? a.content_offset : reported;
        assert_true(content == a.frame.content_offset);
        /* Where the content's first line shows: it moves with the finger, never jumps. */
        double screen = a.frame.top - content;
        assert_near(screen - screen_before, delta, 1e-9, "content on screen");
        assert_near(fabs(a.frame.top - top_before), 0.5, 0.5 + 1e-9, "sheet step"); /* at most the 1 pt step */
        assert_true(a.frame.top >= 50 && content >= 0);
        int content_scrolls = (a.frame.flags & SD_SHEET_FRAME_CONTENT_SCROLLS) != 0;
        if (content_scrolls) assert_true(a.frame.top == 50);
        else assert_true(content == 0);
        if (top_before == 50 && a.frame.top > 50) handoffs++;
        if (top_before > 50 && a.frame.top == 50) handbacks++;
        assert_int_equal(a.notices, 0);
        screen_before = screen;
        top_before = a.frame.top;
    }
    assert_int_equal(handoffs, 2);
    assert_int_equal(handbacks, 1);
    assert_true(top_before == 100); /* 50 pt below full */
    /* Released 50 pt down: under every threshold, back to full with nothing reported. */
    notice_log log = { 0 };
    step(&s, sd_sheet_drag_ended(2.0, 0), &log);
    sd_sheet_actions a = run_frames(&s, 2.0, 4.0, 60, &log);
    assert_int_equal(log.n, 0);
    assert_true(a.frame.top == 50 && (a.frame.flags & SD_SHEET_FRAME_SCROLL_ENABLED));
}

/* ---- the spring ---- */

static void test_spring_settles_in_bounded_time(void **state) {
    (void)state;
    const uint32_t moves[][2] = { { DISMISSED, HALF }, { HALF, FULL }, { FULL, HALF },
                                  { HALF, DISMISSED }, { FULL, DISMISSED }, { DISMISSED, FULL } };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        sd_sheet s = seed_sheet(moves[i][0]);
        sd_sheet_actions a = step(&s, sd_sheet_move(0, moves[i][1], 1), NULL);
        double to = a.spring_to, d = a.spring_duration;
        if (!(d > 0.5 && d <= SETTLE_BOUND)) fail_msg("move %u -> %u settles in %g s", moves[i][0], moves[i][1], d);
        /* From the settle time on, within 0.5 pt and 1 pt/s for good. */
        for (double t = d; t < d + 3; t += 0.001) {
            sd_motion_sample m = sd_spring_sample(&s.config.spring, a.spring_from, a.spring_velocity, to, t);
            if (!(fabs(m.position - to) <= 0.5 && fabs(m.velocity) <= 1))
                fail_msg("move %u -> %u at %g s: %.6f pt, %.6f pt/s", moves[i][0], moves[i][1], t, m.position - to, m.velocity);
        }
        /* And not long before: the settle time is the real one, not a loose bound. */
        int outside = 0;
        for (double t = d - 0.02; t < d; t += 0.0005) {
            sd_motion_sample m = sd_spring_sample(&s.config.spring, a.spring_from, a.spring_velocity, to, t);
            outside |= !(fabs(m.position - to) <= 0.5 && fabs(m.velocity) <= 1);
        }
        assert_true(outside);
        /* Frames past the settle time show the target at rest. */
        sd_sheet_frame f;
        sd_sheet_sample(&s, d, &f);
        assert_true(f.top == to && f.velocity == 0);
    }
}

/* One scripted session at `hz`: touches at fixed times, frames at k / hz. */
static void scripted_session(double hz, double *tops_at_60, int count_at_60, notice_log *log) {
    sd_sheet s = seed_sheet(DISMISSED);
    const double end = (count_at_60 - 1) / 60.0;
    typedef struct { double t; sd_sheet_event e; } scripted;
    const scripted script[] = {
        { 0.0, sd_sheet_move(0.0, HALF, 1) },
        { 0.4, sd_sheet_drag_began(0.4, 0) },          /* grabs the spring on its way to half */
        { 0.45, sd_sheet_drag_changed(0.45, -60, 0) },
        { 0.5, sd_sheet_drag_changed(0.5, -180, 0) },
        { 0.55, sd_sheet_drag_changed(0.55, -230, 0) },
        { 0.6, sd_sheet_drag_ended(0.6, -900) },        /* 230 pt up from half: full */
        { 0.9, sd_sheet_move(0.9, DISMISSED, 1) },      /* interrupted on its way... */
        { 1.0, sd_sheet_move(1.0, HALF, 1) },           /* ...by a move to half */
    };
    size_t next = 0;
    int k60 = 0;
    for (int k = 0;; k++) {
        double t = k / hz;
        if (t > end + 1e-12) break;
        while (next < sizeof script / sizeof script[0] && script[next].t <= t) {
            step(&s, script[next].e, log);
            next++;
        }
        sd_sheet_actions a = step(&s, sd_sheet_frame_tick(t), log);
        if (fabs(t * 60 - k60) < 1e-6 && k60 < count_at_60) tops_at_60[k60++] = a.frame.top;
    }
    assert_int_equal(k60, count_at_60);
}

static void test_60_and_120_hz_agree(void **state) {
    (void)state;
    enum { N = 150 };
    double a60[N], a120[N];
    notice_log l60 = { 0 }, l120 = { 0 };
    scripted_session(60, a60, N, &l60);
    scripted_session(120, a120, N, &l120);
    for (int i = 0; i < N; i++) {
        if (!(fabs(a60[i] - a120[i]) <= 0.5)) fail_msg("frame %d: 60 Hz %.9f, 120 Hz %.9f", i, a60[i], a120[i]);
        assert_true(same_bits(a60[i], a120[i])); /* closed form: the very same bits */
    }
    const uint32_t want[][2] = { { WILL, HALF }, { WILL, FULL }, { WILL, DISMISSED }, { WILL, HALF }, { DID, HALF } };
    expect_log(&l60, 5, want);
    expect_log(&l120, 5, want);
    /* The landing is reported on the first tick past the settle time at either rate. */
    assert_true(fabs(l60.e[4].time - l120.e[4].time) <= 1.0 / 60 + 1e-12);
}

static void test_interruption_is_continuous(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    notice_log log = { 0 };
    step(&s, sd_sheet_move(0, FULL, 1), &log);
    run_frames(&s, 0, 0.1, 120, &log);
    sd_sheet_frame before, after, later;
    sd_sheet_sample(&s, 0.1, &before);
    assert_true(before.velocity < -100); /* well under way */
    sd_sheet_actions a = step(&s, sd_sheet_move(0.1, DISMISSED, 1), &log);
    after = a.frame;
    assert_true(same_bits(after.top, before.top));
    assert_true(same_bits(after.velocity, before.velocity)); /* no kick on a retarget */
    assert_true(a.spring_from == before.top && a.spring_velocity == before.velocity && a.spring_to == 800);
    /* Just around the switch, both sides agree to within what 0.1 ms of motion allows. */
    sd_sheet old = seed_sheet(HALF);
    step(&old, sd_sheet_move(0, FULL, 1), NULL);
    sd_sheet_sample(&old, 0.1 - 1e-4, &before);
    sd_sheet_sample(&s, 0.1 + 1e-4, &later);
    assert_near(later.top, before.top, 1e-4 * 2 * (fabs(before.velocity) + 1), "position across the switch");
    assert_near(later.velocity, before.velocity, 1e-4 * 2 * 2e5, "velocity across the switch");

    /* A drag grabs it where it is, with its velocity carried over. */
    sd_sheet_sample(&s, 0.2, &before);
    a = step(&s, sd_sheet_drag_began(0.2, 0), &log);
    assert_true(a.flags & SD_SHEET_ACTION_STOP_SPRING);
    assert_true(same_bits(a.frame.top, before.top));
    assert_true(same_bits(a.frame.velocity, before.velocity));
    assert_int_equal(a.frame.drag, SD_SHEET_DRAG_PRESSING);
    assert_false(a.frame.flags & SD_SHEET_FRAME_ANIMATING);
    sd_sheet_sample(&s, 0.5, &later); /* held: it stays put */
    assert_true(same_bits(later.top, before.top));
    a = step(&s, sd_sheet_drag_changed(0.25, 10, 0), &log);
    assert_true(a.frame.top == before.top + 10);
    assert_near(a.frame.velocity, 10 / 0.05, 1e-9, "finger velocity");
    /* The release is judged from the detent it was going to (dismissed, 800): held at
     * 700 it is 100 pt up from there, under the 200 pt threshold, so it goes on. */
    step(&s, sd_sheet_drag_changed(0.3, 700 - before.top, 0), &log);
    a = step(&s, sd_sheet_drag_ended(0.35, 0), &log);
    assert_near(a.spring_from, 700, 1e-9, "released at 700");
    assert_true(a.spring_to == 800);
    assert_int_equal(a.notices, 0); /* willMove(dismissed) was already reported */
    run_frames(&s, 0.35, 2, 60, &log);
    const uint32_t want[][2] = { { WILL, FULL }, { WILL, DISMISSED }, { DID, DISMISSED }, { GONE, DISMISSED } };
    expect_log(&log, 4, want);
}

static void test_move_interrupted_by_move_reports_second(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(DISMISSED);
    notice_log log = { 0 };
    step(&s, sd_sheet_move(0, HALF, 1), &log);
    run_frames(&s, 0, 0.3, 60, &log);
    step(&s, sd_sheet_move(0.3, FULL, 1), &log);
    run_frames(&s, 0.3, 0.5, 60, &log);
    step(&s, sd_sheet_move(0.5, FULL, 1), &log); /* the same target again: nothing new */
    run_frames(&s, 0.5, 3, 60, &log);
    const uint32_t want[][2] = { { WILL, HALF }, { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 3, want);
    /* No didMove before the sheet really is there. */
    sd_sheet_frame f;
    assert_true(log.e[2].time >= 0.3 + s.state.spring_duration - 1e-12);
    sd_sheet_sample(&s, log.e[2].time, &f);
    assert_true(f.top == 50);

    /* Not animated: willMove and didMove in one step; in the same step the frame shows them. */
    log.n = 0;
    sd_sheet_actions a = step(&s, sd_sheet_move(4, DISMISSED, 0), &log);
    const uint32_t jump[][2] = { { WILL, DISMISSED }, { DID, DISMISSED }, { GONE, DISMISSED } };
    expect_log(&log, 3, jump);
    assert_true(a.frame.top == 800);
    assert_int_equal(a.frame.notices, WILL | DID | GONE);
    assert_true(a.frame.will_move_to == DISMISSED && a.frame.did_move_to == DISMISSED);
    /* The next tick reports them in its frame once more, then they are gone. */
    a = step(&s, sd_sheet_frame_tick(4.01), NULL);
    assert_int_equal(a.notices, 0);
    assert_int_equal(a.frame.notices, WILL | DID | GONE);
    a = step(&s, sd_sheet_frame_tick(4.02), NULL);
    assert_int_equal(a.frame.notices, 0);
    /* Moving to where it rests: nothing at all. */
    sd_sheet before = s;
    a = step(&s, sd_sheet_move(5, DISMISSED, 1), NULL);
    assert_int_equal(a.flags, 0);
    assert_int_equal(a.notices, 0);
    a = step(&s, sd_sheet_backdrop_tap(5.1), NULL);
    assert_int_equal(a.flags | a.notices, 0);
    assert_int_equal(s.state.detent, before.state.detent);
}

static void test_backdrop_tap_and_move_during_drag(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(FULL);
    notice_log log = { 0 };
    sd_sheet_actions a = step(&s, sd_sheet_backdrop_tap(0), &log);
    assert_true(a.flags & SD_SHEET_ACTION_START_SPRING);
    assert_true((a.flags & SD_SHEET_ACTION_SET_SCROLL_ENABLED) && a.scroll_enabled == 0);
    assert_true(a.frame.backdrop_alpha == 0);
    run_frames(&s, 0, 2, 60, &log);
    const uint32_t want[][2] = { { WILL, DISMISSED }, { DID, DISMISSED }, { GONE, DISMISSED } };
    expect_log(&log, 3, want);

    /* A programmatic move during a drag takes the sheet from the finger. */
    s = seed_sheet(HALF);
    log.n = 0;
    step(&s, sd_sheet_drag_began(0, 0), &log);
    step(&s, sd_sheet_drag_changed(0.05, 100, 0), &log);
    a = step(&s, sd_sheet_move(0.1, FULL, 1), &log);
    assert_true(a.spring_from == 500 && a.spring_to == 50);
    a = step(&s, sd_sheet_drag_changed(0.15, 300, 0), &log);
    assert_int_equal(a.flags, 0);
    assert_true(a.frame.top != 700);
    a = step(&s, sd_sheet_drag_ended(0.2, 0), &log);
    assert_int_equal(a.flags, 0);
    assert_int_equal(a.frame.drag, SD_SHEET_DRAG_INACTIVE);
    run_frames(&s, 0.2, 2, 60, &log);
    const uint32_t moved[][2] = { { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 2, moved);
}

static void test_resize_keeps_detent(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    notice_log log = { 0 };
    sd_sheet_actions a = step(&s, sd_sheet_resize(0, 400, 0), &log);
    assert_true(s.config.container_height == 400);
    assert_true(a.frame.top == 200 && s.state.detent == HALF);
    assert_int_equal(a.flags, 0);
    /* Rotated mid-move: the spring goes on to the detent's new top from where it is. */
    step(&s, sd_sheet_move(1, FULL, 1), &log);
    sd_sheet_frame before;
    sd_sheet_sample(&s, 1.1, &before);
    a = step(&s, sd_sheet_resize(1.1, 800, 0), &log);
    assert_true(a.flags & SD_SHEET_ACTION_START_SPRING);
    assert_true(same_bits(a.frame.top, before.top) && same_bits(a.frame.velocity, before.velocity));
    assert_true(a.spring_to == 50);
    run_frames(&s, 1.1, 3, 60, &log);
    const uint32_t want[][2] = { { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 2, want);
    /* A geometry the detents do not fit is refused: full (50) would sit below half (40). */
    sd_sheet keep = s;
    sd_sheet_event e = sd_sheet_resize(4, 80, 0);
    memset(&a, 0xA5, sizeof a);
    sd_sheet_actions untouched = a;
    assert_int_equal(sd_sheet_step(&s, &e, &a), SD_ERR_ORDER);
    assert_memory_equal(&s, &keep, sizeof s);
    assert_memory_equal(&a, &untouched, sizeof a);
    e = sd_sheet_resize(4, 0, 0);
    assert_int_equal(sd_sheet_step(&s, &e, &a), SD_ERR_NEGATIVE);
    assert_memory_equal(&s, &keep, sizeof s);
}

/* ---- bad input ---- */

static void check_rejected(sd_sheet *s, sd_sheet_event e, sd_status want, const char *what) {
    sd_sheet before = *s;
    sd_sheet_actions a, untouched;
    memset(&a, 0xA5, sizeof a);
    untouched = a;
    sd_status st = sd_sheet_step(s, &e, &a);
    if (st != want) fail_msg("%s: %s, expected %s", what, sd_status_name(st), sd_status_name(want));
    if (memcmp(s, &before, sizeof *s) != 0) fail_msg("%s: the sheet changed", what);
    if (memcmp(&a, &untouched, sizeof a) != 0) fail_msg("%s: the actions were written", what);
}

static void test_nan_input_ignored(void **state) {
    (void)state;
    const double bad[] = { NAN, INFINITY, -INFINITY };
    /* At rest, in a drag, in a spring, in a drag at full with the content scrolling. */
    sd_sheet states[4];
    states[0] = seed_sheet(HALF);
    states[1] = seed_sheet(HALF);
    step(&states[1], sd_sheet_drag_began(1, 0), NULL);
    step(&states[1], sd_sheet_drag_changed(1.1, -50, 0), NULL);
    states[2] = seed_sheet(HALF);
    step(&states[2], sd_sheet_move(1, FULL, 1), NULL);
    states[3] = seed_sheet(FULL);
    step(&states[3], sd_sheet_drag_began(1, 80), NULL);
    for (int i = 0; i < 4; i++) {
        for (int b = 0; b < 3; b++) {
            double x = bad[b];
            sd_sheet *s = &states[i];
            check_rejected(s, sd_sheet_drag_began(x, 0), SD_ERR_NOT_FINITE, "began time");
            check_rejected(s, sd_sheet_drag_began(2, x), SD_ERR_NOT_FINITE, "began content offset");
            check_rejected(s, sd_sheet_drag_changed(2, x, 0), SD_ERR_NOT_FINITE, "changed translation");
            check_rejected(s, sd_sheet_drag_changed(2, 10, x), SD_ERR_NOT_FINITE, "changed content offset");
            check_rejected(s, sd_sheet_drag_changed(x, 10, 0), SD_ERR_NOT_FINITE, "changed time");
            check_rejected(s, sd_sheet_drag_ended(2, x), SD_ERR_NOT_FINITE, "ended velocity");
            check_rejected(s, sd_sheet_backdrop_tap(x), SD_ERR_NOT_FINITE, "tap time");
            check_rejected(s, sd_sheet_move(x, FULL, 1), SD_ERR_NOT_FINITE, "move time");
            check_rejected(s, sd_sheet_resize(2, x, 0), SD_ERR_NOT_FINITE, "resize container");
            check_rejected(s, sd_sheet_resize(2, 800, x), SD_ERR_NOT_FINITE, "resize content");
            check_rejected(s, sd_sheet_frame_tick(x), SD_ERR_NOT_FINITE, "tick time");
        }
        check_rejected(&states[i], sd_sheet_frame_tick(-1), SD_ERR_RANGE, "negative time");
        check_rejected(&states[i], sd_sheet_move(2, 3, 1), SD_ERR_RANGE, "detent out of range");
        sd_sheet_event unknown = sd_sheet_frame_tick(2);
        unknown.kind = 42;
        check_rejected(&states[i], unknown, SD_ERR_RANGE, "unknown kind");
        sd_sheet_frame f;
        assert_int_equal(sd_sheet_sample(&states[i], NAN, &f), SD_ERR_NOT_FINITE);
        /* Finite input still works afterwards. */
        sd_sheet_frame before;
        sd_sheet_sample(&states[i], 1.5, &before);
        assert_true(isfinite(before.top) && isfinite(before.velocity));
    }
    sd_sheet s = seed_sheet(HALF);
    sd_sheet_event e = sd_sheet_frame_tick(0);
    sd_sheet_actions a;
    assert_int_equal(sd_sheet_step(NULL, &e, &a), SD_ERR_NULL);
    assert_int_equal(sd_sheet_step(&s, NULL, &a), SD_ERR_NULL);
    assert_int_equal(sd_sheet_step(&s, &e, NULL), SD_ERR_NULL);
    assert_int_equal(sd_sheet_sample(NULL, 0, NULL), SD_ERR_NULL);
}

static void test_events_out_of_place(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    check_rejected(&s, sd_sheet_drag_changed(1, 10, 0), SD_ERR_STATE, "changed without a drag");
    check_rejected(&s, sd_sheet_drag_ended(1, 0), SD_ERR_STATE, "ended without a drag");
    step(&s, sd_sheet_drag_began(1, 0), NULL);
    check_rejected(&s, sd_sheet_drag_began(1.1, 0), SD_ERR_STATE, "began twice");
    sd_sheet gone = seed_sheet(DISMISSED);
    check_rejected(&gone, sd_sheet_drag_began(1, 0), SD_ERR_STATE, "nothing on screen to grab");
    sd_sheet_config two = sd_sheet_config_default(H);
    two.detent_count = 2;
    sd_sheet stuck;
    assert_int_equal(sd_sheet_init(&stuck, &two, HALF, NULL), SD_OK);
    check_rejected(&stuck, sd_sheet_backdrop_tap(1), SD_ERR_STATE, "tap with nothing to dismiss to");
    /* An event earlier than the clock counts as happening at the clock. */
    step(&s, sd_sheet_drag_changed(2, -10, 0), NULL);
    sd_sheet_actions a = step(&s, sd_sheet_drag_changed(1.5, -20, 0), NULL);
    assert_true(s.state.time == 2 && a.frame.top == 380);
}

/* ---- sampling ---- */

static void test_sample_matches_tick_and_batch(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(DISMISSED);
    step(&s, sd_sheet_move(0, HALF, 1), NULL);
    step(&s, sd_sheet_frame_tick(0.1), NULL);
    enum { N = 97 };
    double times[N], tops[N], velocities[N];
    for (int i = 0; i < N; i++) times[i] = 0.1 + i * 0.0123;
    assert_int_equal(sd_sheet_sample_batch(&s, times, N, tops, velocities), SD_OK);
    for (int i = 0; i < N; i++) {
        sd_sheet_frame f;
        sd_sheet_sample(&s, times[i], &f);
        assert_true(same_bits(f.top, tops[i]) && same_bits(f.velocity, velocities[i]));
        /* A tick at that time returns the very frame sampled. */
        sd_sheet copy = s;
        sd_sheet_actions a = step(&copy, sd_sheet_frame_tick(times[i]), NULL);
        assert_memory_equal(&a.frame, &f, sizeof f);
    }
    assert_int_equal(sd_sheet_sample_batch(&s, times, N, tops, NULL), SD_OK);
    double nan_times[2] = { 0.5, NAN };
    tops[0] = 12345;
    assert_int_equal(sd_sheet_sample_batch(&s, nan_times, 2, tops, NULL), SD_ERR_NOT_FINITE);
    assert_true(tops[0] == 12345);
    assert_int_equal(sd_sheet_sample_batch(&s, NULL, 2, tops, NULL), SD_ERR_NULL);
    assert_int_equal(sd_sheet_sample_batch(&s, times, 2, NULL, NULL), SD_ERR_NULL);
    assert_int_equal(sd_sheet_sample_batch(&s, NULL, 0, NULL, NULL), SD_OK);
}

static void test_deterministic_replay(void **state) {
    (void)state;
    enum { N = 150 };
    double a[N], b[N];
    notice_log la = { 0 }, lb = { 0 };
    scripted_session(120, a, N, &la);
    scripted_session(120, b, N, &lb);
    assert_memory_equal(a, b, sizeof a);
    assert_memory_equal(&la, &lb, sizeof la);
}

/* ---- the fuzzers' findings (Tests/Fuzz/fuzz_sheet.c), each with its reduced input ---- */

/* S1: a tick at exactly spring_start + spring_duration lands the spring, also
 * where that sum minus the start rounds below the duration. */
static void test_fuzz_s1_tick_at_spring_end_lands(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    sd_sheet_actions a = step(&s, sd_sheet_move(0.3, FULL, 1), NULL);
    assert_true(a.spring_start == 0.3);
    assert_near(a.spring_duration, 0.6761925053732144, 1e-12, "settle time of half -> full");
    /* The rounding that made the finding: the elapsed time at the end is short of the duration. */
    assert_true((a.spring_start + a.spring_duration) - a.spring_start < a.spring_duration);
    a = step(&s, sd_sheet_frame_tick(a.spring_start + a.spring_duration), NULL);
    assert_false(s.state.flags & (SD_SHEET_STATE_ANIMATING | SD_SHEET_STATE_MOVING));
    assert_int_equal(a.flags, SD_SHEET_ACTION_STOP_SPRING);
    assert_int_equal(a.notices, SD_SHEET_NOTICE_DID_MOVE);
    assert_int_equal(a.detent, FULL);
    assert_true(a.frame.top == 50 && a.frame.velocity == 0 && s.state.top == 50);
    assert_false(a.frame.flags & SD_SHEET_FRAME_ANIMATING);

    /* Far from 0 the clock cannot tell start + duration from the start (its
     * resolution at 1e17 s is 16 s): the spring is over at once, and a tick
     * at that time lands it. */
    s = seed_sheet(HALF);
    a = step(&s, sd_sheet_move(1e17, FULL, 1), NULL);
    assert_true(a.spring_start == 1e17 && a.spring_start + a.spring_duration == 1e17);
    assert_int_equal(a.frame.notices, SD_SHEET_NOTICE_WILL_MOVE | SD_SHEET_NOTICE_DID_MOVE);
    a = step(&s, sd_sheet_frame_tick(1e17), NULL);
    assert_int_equal(a.notices, SD_SHEET_NOTICE_DID_MOVE);
    assert_true(a.frame.top == 50 && !(s.state.flags & SD_SHEET_STATE_ANIMATING));
}

/* S2: a spring that never settles is not a valid sheet spring. */
static void test_fuzz_s2_unsettling_springs_rejected(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    c.spring.damping = 0;
    sd_error err;
    sd_sheet s;
    memset(&s, 0x5A, sizeof s);
    sd_sheet before = s;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, &err), SD_ERR_NEGATIVE);
    assert_string_equal(err.field, "spring.damping");
    assert_memory_equal(&s, &before, sizeof s);
    /* The same spring with mass 9.007e15: damped, but its motion decays at 1.4e-15 per second. */
    c = sd_sheet_config_default(H);
    c.spring.mass = 9.007e15;
    assert_int_equal(sd_sheet_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "spring");
    assert_true(strstr(err.rule, "settle") != NULL);

    /* At the limits every move still ends: a container of SD_SHEET_MAX_LENGTH,
     * the fastest spring rate with the slowest decay, the strongest kick. */
    c = sd_sheet_config_default(SD_SHEET_MAX_LENGTH);
    c.spring.stiffness = SD_SHEET_MAX_SPRING_RATE * SD_SHEET_MAX_SPRING_RATE;
    c.spring.damping = 2 * SD_SHEET_MIN_SPRING_DECAY;
    c.spring_initial_velocity = SD_SHEET_MAX_SPRING_RATE;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, &err), SD_OK);
    sd_sheet_actions a = step(&s, sd_sheet_backdrop_tap(0), NULL);
    assert_true(a.spring_from == 5e8 && a.spring_to == 1e9 && a.spring_velocity == 5e14);
    if (!(a.spring_duration > 1000 && a.spring_duration < 1e4)) fail_msg("settle time %.17g s", a.spring_duration);
    a = step(&s, sd_sheet_frame_tick(a.spring_start + a.spring_duration), NULL);
    assert_int_equal(a.notices, SD_SHEET_NOTICE_DID_MOVE | SD_SHEET_NOTICE_DISMISSED);
    assert_true(a.frame.top == 1e9);
}

/* S3: finite but huge drag values are refused; at the limit the sheet's spring stays finite. */
static void test_fuzz_s3_huge_drag_values(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(FULL);
    step(&s, sd_sheet_drag_began(0, 0), NULL);
    check_rejected(&s, sd_sheet_drag_changed(1.0 / 60, 0, -DBL_MAX), SD_ERR_RANGE, "offset -DBL_MAX");
    check_rejected(&s, sd_sheet_drag_changed(1.0 / 60, 0, -1e306), SD_ERR_RANGE, "offset -1e306");
    check_rejected(&s, sd_sheet_drag_changed(1.0 / 60, DBL_MAX, 0), SD_ERR_RANGE, "translation DBL_MAX");
    check_rejected(&s, sd_sheet_drag_changed(1.0 / 60, NAN, -DBL_MAX), SD_ERR_NOT_FINITE, "NaN before range");
    check_rejected(&s, sd_sheet_drag_ended(1.0 / 60, -1.0000000000000002e12), SD_ERR_RANGE, "velocity past the limit");
    sd_sheet rest = seed_sheet(HALF);
    check_rejected(&rest, sd_sheet_drag_began(0, 1.0000000000000002e9), SD_ERR_RANGE, "began offset past the limit");
    check_rejected(&rest, sd_sheet_resize(0, DBL_MAX, 0), SD_ERR_RANGE, "container DBL_MAX");

    /* The finding's input with the largest offset allowed: the overscroll
     * return starts its spring 1e9 pt below full, with a finite kick, and lands. */
    sd_sheet_actions a = step(&s, sd_sheet_drag_changed(1.0 / 60, 0, -SD_SHEET_MAX_LENGTH), NULL);
    assert_int_equal(a.flags & SD_SHEET_ACTION_START_SPRING, SD_SHEET_ACTION_START_SPRING);
    assert_true(a.spring_from == 1000000050 && a.spring_velocity == -9999996500 && a.spring_to == 400);
    assert_true(isfinite(a.spring_duration) && a.frame.top == 1000000050);
    a = step(&s, sd_sheet_frame_tick(a.spring_start + a.spring_duration), NULL);
    assert_int_equal(a.notices, SD_SHEET_NOTICE_DID_MOVE);
    assert_true(a.frame.top == 400);

    /* A container of DBL_MAX points is refused (its first tap's spring had an infinite kick). */
    sd_sheet_config c = sd_sheet_config_default(DBL_MAX);
    sd_error err;
    assert_int_equal(sd_sheet_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "container_height");

    /* A spring kicked far out (here 1.3e13 pt above the container) is
     * grabbed at the edge of the drag range, so the next spring does not
     * start farther out still. */
    c = sd_sheet_config_default(SD_SHEET_MAX_LENGTH);
    c.spring_initial_velocity = SD_SHEET_MAX_SPRING_RATE;
    sd_sheet far;
    assert_int_equal(sd_sheet_init(&far, &c, HALF, NULL), SD_OK);
    step(&far, sd_sheet_move(0, FULL, 1), NULL);
    sd_sheet_frame f;
    assert_int_equal(sd_sheet_sample(&far, 0.1, &f), SD_OK);
    assert_true(f.top < -1e13);
    a = step(&far, sd_sheet_drag_began(0.1, 0), NULL);
    assert_true(a.frame.top == -SD_SHEET_MAX_LENGTH && far.state.drag_base == -SD_SHEET_MAX_LENGTH);
    a = step(&far, sd_sheet_drag_ended(0.2, 0), NULL);
    assert_true(a.spring_from == -SD_SHEET_MAX_LENGTH && a.spring_velocity == 1.00000005e15 && isfinite(a.spring_duration));
}

/* S4: two finger samples a denormal time apart: the velocity is measured over 1 ms. */
static void test_fuzz_s4_tiny_dt_velocity(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    step(&s, sd_sheet_drag_began(0, 0), NULL);
    step(&s, sd_sheet_drag_changed(0, -39, -400), NULL);
    sd_sheet_actions a = step(&s, sd_sheet_drag_changed(DBL_MIN, -77.5, 0), NULL);
    /* 38.5 pt up over SD_SHEET_MIN_SAMPLE_INTERVAL. */
    assert_true(a.frame.top == 322.5);
    assert_true(a.frame.velocity == -38500);
    assert_true(s.state.velocity == -38500);
}

static void test_struct_sizes(void **state) {
    (void)state;
    assert_int_equal(sizeof(sd_sheet_detent), 16);
    assert_int_equal(sizeof(sd_sheet_config), 200);
    assert_int_equal(sizeof(sd_sheet_state), 136);
    assert_int_equal(sizeof(sd_sheet), 336);
    assert_int_equal(sizeof(sd_sheet_event), 64);
    assert_int_equal(sizeof(sd_sheet_frame), 72);
    assert_int_equal(sizeof(sd_sheet_actions), 136);
    assert_int_equal(offsetof(sd_sheet_actions, frame) % 8, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_config),
        cmocka_unit_test(test_layout_golden),
        cmocka_unit_test(test_detent_kinds),
        cmocka_unit_test(test_config_invalid),
        cmocka_unit_test(test_release_golden),
        cmocka_unit_test(test_release_rejects_bad_input),
        cmocka_unit_test(test_projection_flick_through_step),
        cmocka_unit_test(test_rubber_band),
        cmocka_unit_test(test_rubber_band_in_a_drag),
        cmocka_unit_test(test_drag_velocity_ignores_frame_ticks),
        cmocka_unit_test(test_presentation_and_backdrop),
        cmocka_unit_test(test_present_and_settle),
        cmocka_unit_test(test_background_ease_out),
        cmocka_unit_test(test_seed_thresholds_through_step),
        cmocka_unit_test(test_overscroll_golden),
        cmocka_unit_test(test_half_ignores_content),
        cmocka_unit_test(test_handoff_continuity),
        cmocka_unit_test(test_spring_settles_in_bounded_time),
        cmocka_unit_test(test_60_and_120_hz_agree),
        cmocka_unit_test(test_interruption_is_continuous),
        cmocka_unit_test(test_move_interrupted_by_move_reports_second),
        cmocka_unit_test(test_backdrop_tap_and_move_during_drag),
        cmocka_unit_test(test_resize_keeps_detent),
        cmocka_unit_test(test_nan_input_ignored),
        cmocka_unit_test(test_events_out_of_place),
        cmocka_unit_test(test_sample_matches_tick_and_batch),
        cmocka_unit_test(test_deterministic_replay),
        cmocka_unit_test(test_fuzz_s1_tick_at_spring_end_lands),
        cmocka_unit_test(test_fuzz_s2_unsettling_springs_rejected),
        cmocka_unit_test(test_fuzz_s3_huge_drag_values),
        cmocka_unit_test(test_fuzz_s4_tiny_dt_velocity),
        cmocka_unit_test(test_struct_sizes),
    };
    return cmocka_run_group_tests_name("sheet", tests, NULL, NULL);
}
