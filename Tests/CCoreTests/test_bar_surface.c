/*
 * test_bar_surface.c — cmocka tests of the bar as a surface (CCore/bar.c):
 * sd_bar_init, sd_bar_step with every event type, sd_bar_frame_at and
 * sd_bar_reconfigure, and the rule that a rejected call changes nothing.
 */
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

static const sd_bar_config BAR = { 100, 200, 300, 0, 0, 0 };
static const sd_scroll_geometry GEO = { 200, 0, 2000, 600 };

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static sd_bar make_bar(void) {
    sd_bar bar;
    assert_int_equal(sd_bar_init(&bar, &BAR, NULL), SD_OK);
    return bar;
}

/* Steps `e` and asserts it is accepted; returns the actions. */
static sd_bar_actions step_ok(sd_bar *bar, sd_bar_event e) {
    sd_bar_actions a;
    sd_error err;
    assert_int_equal(sd_bar_step(bar, &e, &a, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    return a;
}

/* Steps `e`, asserts it is rejected with `status` naming `field`, and that
 * neither the bar nor the actions changed. */
static void step_rejected(sd_bar *bar, sd_bar_event e, sd_status status, const char *field) {
    sd_bar copy = *bar;
    sd_bar_actions a, poison;
    memset(&a, 0x5A, sizeof a);
    memset(&poison, 0x5A, sizeof poison);
    sd_error err;
    assert_int_equal(sd_bar_step(bar, &e, &a, &err), status);
    assert_int_equal(err.status, status);
    assert_string_equal(err.field, field);
    assert_memory_equal(bar, &copy, sizeof copy);
    assert_memory_equal(&a, &poison, sizeof a);
    /* err may be NULL */
    assert_int_equal(sd_bar_step(bar, &e, &a, NULL), status);
    assert_memory_equal(bar, &copy, sizeof copy);
}

/* ---- the four verbs only: rejected calls leave the struct bit-identical ---- */

static void test_four_verbs_only(void **s) {
    (void)s;
    sd_bar bar, copy;
    sd_error err;
    memset(&bar, 0x33, sizeof bar);
    copy = bar;
    sd_bar_config bad = { 100, 50, 300, 0, 0, 0 };
    assert_int_equal(sd_bar_init(&bar, &bad, &err), SD_ERR_ORDER);
    assert_string_equal(err.field, "normal");
    assert_memory_equal(&bar, &copy, sizeof bar); /* init writes only on success */
    assert_int_equal(sd_bar_init(&bar, &BAR, &err), SD_OK);
    assert_true(bar.time == 0);

    /* A drag from the top down over the content, through every kind of event. */
    sd_bar_actions a = step_ok(&bar, sd_bar_event_content_size(0, 390, 2000, 600, 0));
    assert_true(a.flags & SD_BAR_ACTION_INSET_TOP);
    step_ok(&bar, sd_bar_event_offset(0.01, 0, -200, GEO));
    step_ok(&bar, sd_bar_event_pan_began(0.02, -200));
    a = step_ok(&bar, sd_bar_event_offset(0.03, 0, -150, GEO));
    assert_int_equal(a.flags, SD_BAR_ACTION_STATE);
    step_ok(&bar, sd_bar_event_pan_changed(0.03, -150));
    step_ok(&bar, sd_bar_event_frame(0.04));
    assert_true(bar.time == 0.04);

    /* Rejected events: nothing changes, bit for bit. */
    step_rejected(&bar, sd_bar_event_offset(0.05, 0, NAN, GEO), SD_ERR_NOT_FINITE, "y");
    step_rejected(&bar, sd_bar_event_offset(0.05, INFINITY, 0, GEO), SD_ERR_NOT_FINITE, "x");
    sd_scroll_geometry g = GEO;
    g.inset_bottom = NAN;
    step_rejected(&bar, sd_bar_event_offset(0.05, 0, 10, g), SD_ERR_NOT_FINITE, "inset_bottom");
    step_rejected(&bar, sd_bar_event_frame(NAN), SD_ERR_NOT_FINITE, "time");
    step_rejected(&bar, sd_bar_event_frame(-1), SD_ERR_RANGE, "time");
    step_rejected(&bar, sd_bar_event_pan_began(1, -INFINITY), SD_ERR_NOT_FINITE, "y");
    step_rejected(&bar, sd_bar_event_assign(1, (sd_bar_state){ NAN, 0, 0 }), SD_ERR_NOT_FINITE, "offset");
    step_rejected(&bar, sd_bar_event_assign(1, (sd_bar_state){ -150, 2, 0 }), SD_ERR_RANGE, "expanded_available");
    sd_bar_event unknown = sd_bar_event_frame(1);
    unknown.type = 99;
    step_rejected(&bar, unknown, SD_ERR_RANGE, "type");

    /* frame_at is pure: the struct is untouched and the answer repeats. */
    copy = bar;
    sd_bar_frame f1, f2;
    assert_int_equal(sd_bar_frame_at(&bar, 0.5, &f1), SD_OK);
    assert_int_equal(sd_bar_frame_at(&bar, 0.5, &f2), SD_OK);
    assert_memory_equal(&f1, &f2, sizeof f1);
    assert_memory_equal(&bar, &copy, sizeof bar);
    assert_true(f1.offset == -150 && f1.height == 150 && f1.progress == 0.5 && f1.time == 0.5);
    memset(&f2, 0x77, sizeof f2);
    sd_bar_frame poison = f2;
    assert_int_equal(sd_bar_frame_at(&bar, NAN, &f2), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_bar_frame_at(NULL, 0, &f2), SD_ERR_NULL);
    assert_memory_equal(&f2, &poison, sizeof f2);
    assert_int_equal(sd_bar_frame_at(&bar, 0, NULL), SD_ERR_NULL);

    /* A rejected reconfigure changes nothing; an accepted one keeps the state. */
    sd_bar_config worse = { 100, 200, NAN, 0, 0, 0 };
    assert_int_equal(sd_bar_reconfigure(&bar, &worse, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "expanded");
    assert_int_equal(sd_bar_reconfigure(&bar, NULL, &err), SD_ERR_NULL);
    assert_memory_equal(&bar, &copy, sizeof bar);
    sd_bar_config wider = { 80, 200, 320, 0, 0, 0 };
    assert_int_equal(sd_bar_reconfigure(&bar, &wider, &err), SD_OK);
    assert_memory_equal(&bar.config, &wider, sizeof wider);
    assert_memory_equal(&bar.state, &copy.state, sizeof bar.state);
    assert_memory_equal(&bar.tracking, &copy.tracking, sizeof bar.tracking);
    assert_true(same_bits(bar.time, copy.time));
}

/* ---- init and the time rule ---- */

static void test_init(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    assert_memory_equal(&bar.config, &BAR, sizeof BAR);
    assert_true(bar.state.offset == -200 && bar.state.expanded_available == 0 && bar.state.reserved == 0);
    assert_int_equal(bar.tracking.has_previous, 0);
    assert_int_equal(bar.tracking.has_content_size, 0);
    sd_error err;
    assert_int_equal(sd_bar_init(NULL, &BAR, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "bar");
    assert_int_equal(sd_bar_init(&bar, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
}

static void test_time_rule(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    step_ok(&bar, sd_bar_event_frame(2.5));
    assert_true(bar.time == 2.5);
    /* An earlier event counts as happening at the clock. */
    step_ok(&bar, sd_bar_event_pan_began(1.0, -200));
    assert_true(bar.time == 2.5);
    assert_int_equal(bar.state.expanded_available, 1);
    sd_bar_frame f;
    assert_int_equal(sd_bar_frame_at(&bar, 1.0, &f), SD_OK);
    assert_true(f.time == 2.5);
    assert_int_equal(sd_bar_frame_at(&bar, 3.0, &f), SD_OK);
    assert_true(f.time == 3.0);
    sd_bar_actions a;
    sd_bar_event e = sd_bar_event_frame(0);
    assert_int_equal(sd_bar_step(NULL, &e, &a, NULL), SD_ERR_NULL);
    assert_int_equal(sd_bar_step(&bar, NULL, &a, NULL), SD_ERR_NULL);
    assert_int_equal(sd_bar_step(&bar, &e, NULL, NULL), SD_ERR_NULL);
}

/* ---- content offset: AirBar's observation rules ---- */

static void test_offset_rules(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    sd_bar_actions a = step_ok(&bar, sd_bar_event_offset(0, 0, -200, GEO));
    assert_int_equal(a.flags, 0); /* first: recorded */
    assert_true(bar.tracking.has_previous && bar.tracking.previous_y == -200);
    a = step_ok(&bar, sd_bar_event_offset(0, 0, -200, GEO));
    assert_int_equal(a.flags, 0); /* equal: skipped */
    a = step_ok(&bar, sd_bar_event_offset(0, 0, -150, GEO));
    assert_int_equal(a.flags, SD_BAR_ACTION_STATE);
    assert_true(bar.state.offset == -150);
    /* x counts for equality (AirBar compares points). */
    a = step_ok(&bar, sd_bar_event_offset(0, 1, -150, GEO));
    assert_int_equal(a.flags, SD_BAR_ACTION_STATE);
    /* ATTACH forgets the tracking: the next offset is only recorded. */
    step_ok(&bar, sd_bar_event_attach(0));
    assert_int_equal(bar.tracking.has_previous, 0);
    a = step_ok(&bar, sd_bar_event_offset(0, 0, 500, GEO));
    assert_int_equal(a.flags, 0);
    assert_true(bar.state.offset == -150);
}

static void test_track_and_assign(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    sd_bar_actions a = step_ok(&bar, sd_bar_event_track(0, 0, 10));
    assert_int_equal(a.flags, 0);
    a = step_ok(&bar, sd_bar_event_track(0, 0, 10));
    assert_int_equal(a.flags, 0);
    step_rejected(&bar, sd_bar_event_track(0, 0, NAN), SD_ERR_NOT_FINITE, "y");
    a = step_ok(&bar, sd_bar_event_track(0, 3, 25));
    assert_int_equal(a.flags, SD_BAR_ACTION_REDUCE);
    assert_true(a.previous_x == 0 && a.previous_y == 10);
    assert_true(bar.tracking.previous_x == 3 && bar.tracking.previous_y == 25);
    assert_true(bar.state.offset == -200); /* bookkeeping only */
    /* The caller's reducer result, taken as given (even out of range). */
    a = step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -1000, 1, 0 }));
    assert_int_equal(a.flags, SD_BAR_ACTION_STATE);
    assert_true(bar.state.offset == -1000 && bar.state.expanded_available == 1);
}

static void test_content_size(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    sd_bar_actions a = step_ok(&bar, sd_bar_event_content_size(0, 390, 250, 600, 120));
    assert_int_equal(a.flags, SD_BAR_ACTION_INSET_BOTTOM | SD_BAR_ACTION_INSET_TOP | SD_BAR_ACTION_INDICATOR_TOP);
    assert_true(a.inset_bottom == 250 && a.inset_top == 200 && a.indicator_top == 200);
    /* The same size again: nothing to do. */
    a = step_ok(&bar, sd_bar_event_content_size(0, 390, 250, 600, 120));
    assert_int_equal(a.flags, 0);
    a = step_ok(&bar, sd_bar_event_content_size(0, 391, 250, 600, 120));
    assert_true(a.flags & SD_BAR_ACTION_INSET_BOTTOM);
    step_rejected(&bar, sd_bar_event_content_size(0, 391, 250, NAN, 120), SD_ERR_NOT_FINITE, "frame_height");
    step_rejected(&bar, sd_bar_event_content_size(0, NAN, 250, 600, 120), SD_ERR_NOT_FINITE, "content_width");
    /* ATTACH forgets the size: the same size counts again. */
    step_ok(&bar, sd_bar_event_attach(0));
    a = step_ok(&bar, sd_bar_event_content_size(0, 391, 250, 600, 120));
    assert_true(a.flags & SD_BAR_ACTION_INSET_BOTTOM);
}

/* A layout pass with the same content size in a resized scroll view (a
 * rotation, the first real layout after an all-zero one) runs AirBar's rules
 * again with the new frame height. The 43 / 84 / 145 bar on a zero frame,
 * then 812 pt tall with still no content: inset bottom 812 - 43 = 769, top
 * 84, and the content moved to -84. */
static void test_content_size_in_a_resized_frame(void **s) {
    (void)s;
    sd_bar bar;
    sd_bar_config c = sd_bar_config_make(43, 84, 145);
    assert_int_equal(sd_bar_init(&bar, &c, NULL), SD_OK);
    sd_bar_actions a = step_ok(&bar, sd_bar_event_content_size(0, 0, 0, 0, 0));
    assert_true(a.flags & SD_BAR_ACTION_INSET_BOTTOM);
    assert_true(a.inset_bottom == 0 && a.inset_top == 84);
    a = step_ok(&bar, sd_bar_event_content_size(0, 0, 0, 0, -84));
    assert_int_equal(a.flags, 0);
    a = step_ok(&bar, sd_bar_event_content_size(0, 0, 0, 812, -84));
    assert_int_equal(a.flags & (SD_BAR_ACTION_INSET_BOTTOM | SD_BAR_ACTION_INSET_TOP | SD_BAR_ACTION_INDICATOR_TOP),
                     SD_BAR_ACTION_INSET_BOTTOM | SD_BAR_ACTION_INSET_TOP | SD_BAR_ACTION_INDICATOR_TOP);
    assert_true(a.inset_bottom == 769 && a.inset_top == 84 && a.indicator_top == 84);
    assert_true(bar.tracking.frame_height == 812);
    /* The same frame again: nothing. */
    a = step_ok(&bar, sd_bar_event_content_size(0, 0, 0, 812, -84));
    assert_int_equal(a.flags, 0);
}

/* ---- pan, snapping, preconfigure, expand ---- */

static void test_snap_golden(void **s) {
    (void)s;
    static golden_table t;
    assert_int_equal(golden_load("bar_snap.tsv", &t), 0);
    assert_true(t.nrows > 0);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_bar bar = make_bar();
        step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ r->v[0], 1, 0 }));
        sd_bar_actions a = step_ok(&bar, sd_bar_event_pan_ended(0, r->v[1]));
        assert_int_equal(a.flags, SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED);
        if (!same_bits(a.target_y, r->v[2]))
            fail_msg("bar_snap.tsv line %d (%s): target %.17g, expected %.17g", r->line, r->label, a.target_y, r->v[2]);
    }
}

static void test_pan_ended_at_rest(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    sd_bar_actions a = step_ok(&bar, sd_bar_event_pan_ended(0, 40));
    assert_int_equal(a.flags, 0); /* at rest: no move */
    /* The target is relative to the content offset, not the state offset. */
    step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -130, 0, 0 }));
    a = step_ok(&bar, sd_bar_event_pan_ended(0, 500));
    assert_true(a.target_y == 530);
    step_rejected(&bar, sd_bar_event_pan_ended(0, NAN), SD_ERR_NOT_FINITE, "y");
}

static void test_pan_began(void **s) {
    (void)s;
    struct { double y; uint32_t was; uint32_t now; } rows[] = {
        { -200, 0, 1 }, { -205, 0, 1 }, { -195, 0, 1 }, { -205.5, 0, 0 }, { -194.5, 0, 0 },
        { -250, 1, 1 }, { -250, 0, 0 }, { -199, 1, 1 }, { -150, 1, 0 }, { 300, 1, 0 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_bar bar = make_bar();
        step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -200, rows[i].was, 0 }));
        sd_bar_actions a = step_ok(&bar, sd_bar_event_pan_began(0, rows[i].y));
        assert_int_equal(bar.state.expanded_available, rows[i].now);
        assert_int_equal(a.flags, SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP);
        assert_true(a.inset_top == (rows[i].now ? 300 : 200));
        assert_true(bar.state.offset == -200);
    }
}

static void test_pan_changed(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -250, 1, 0 }));
    sd_bar_actions a = step_ok(&bar, sd_bar_event_pan_changed(0, -220));
    assert_int_equal(a.flags, 0);
    assert_int_equal(bar.state.expanded_available, 1);
    a = step_ok(&bar, sd_bar_event_pan_changed(0, -200)); /* not beyond normal yet */
    assert_int_equal(a.flags, 0);
    a = step_ok(&bar, sd_bar_event_pan_changed(0, -199));
    assert_int_equal(a.flags, SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP);
    assert_true(a.inset_top == 200);
    assert_int_equal(bar.state.expanded_available, 0);
    a = step_ok(&bar, sd_bar_event_pan_changed(0, -100));
    assert_int_equal(a.flags, 0);
    step_rejected(&bar, sd_bar_event_pan_changed(0, INFINITY), SD_ERR_NOT_FINITE, "y");
}

static void test_preconfigure(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    /* Normal state, at the top: move to the state offset, not animated. */
    sd_bar_actions a = step_ok(&bar, sd_bar_event_preconfigure(0, 600, 2000, 0));
    assert_int_equal(a.flags, SD_BAR_ACTION_INSET_BOTTOM | SD_BAR_ACTION_INSET_TOP | SD_BAR_ACTION_INDICATOR_TOP |
                                  SD_BAR_ACTION_SCROLL);
    assert_true(a.inset_bottom == 0 && a.inset_top == 200 && a.indicator_top == 200 && a.target_y == -200);
    /* Expanded: inset top = expanded, move to -300. */
    step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -300, 1, 0 }));
    sd_bar before = bar;
    a = step_ok(&bar, sd_bar_event_preconfigure(0, 600, 2000, 400));
    assert_true(a.inset_top == 300 && (a.flags & SD_BAR_ACTION_SCROLL) && a.target_y == -300);
    assert_memory_equal(&bar, &before, sizeof bar); /* actions only */
    /* Scrolled down in compact: no move. Short content: bottom inset fills the space. */
    step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -100, 0, 0 }));
    a = step_ok(&bar, sd_bar_event_preconfigure(0, 600, 250, 120));
    assert_false(a.flags & SD_BAR_ACTION_SCROLL);
    assert_true(a.inset_bottom == 250 && a.inset_top == 200);
    /* At -normal with expanded available: the expanded inset, but no move at y > 0. */
    step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -200, 1, 0 }));
    a = step_ok(&bar, sd_bar_event_preconfigure(0, 600, 2000, 10));
    assert_true(a.inset_top == 300);
    assert_false(a.flags & SD_BAR_ACTION_SCROLL);
    step_rejected(&bar, sd_bar_event_preconfigure(0, NAN, 2000, 10), SD_ERR_NOT_FINITE, "frame_height");
    step_rejected(&bar, sd_bar_event_preconfigure(0, 600, 2000, NAN), SD_ERR_NOT_FINITE, "y");
}

static void test_expand(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    sd_bar_actions a = step_ok(&bar, sd_bar_event_expand(0, 1));
    assert_int_equal(bar.state.expanded_available, 1);
    assert_int_equal(a.flags, SD_BAR_ACTION_STATE | SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED |
                                  SD_BAR_ACTION_SCROLL_FIRST | SD_BAR_ACTION_INSET_TOP);
    assert_true(a.target_y == -300 && a.inset_top == 300);
    a = step_ok(&bar, sd_bar_event_expand(0, 0));
    assert_int_equal(bar.state.expanded_available, 1); /* off keeps availability */
    assert_false(a.flags & SD_BAR_ACTION_STATE);
    assert_true(a.target_y == -200 && a.inset_top == 200);
}

/* ---- frame and reconfigure ---- */

static void test_frame(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -240, 1, 0 }));
    sd_bar_frame f;
    assert_int_equal(sd_bar_frame_at(&bar, 0, &f), SD_OK);
    assert_true(f.offset == -240 && f.height == 240 && f.progress == 1.4);
    assert_int_equal(f.range, SD_BAR_RANGE_NORMAL_EXPANDED);
    assert_int_equal(f.expanded_available, 1);
    step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -170, 0, 0 }));
    assert_int_equal(sd_bar_frame_at(&bar, 0, &f), SD_OK);
    assert_true(same_bits(f.progress, sd_bar_progress(&BAR, -170)));
    assert_int_equal(f.range, SD_BAR_RANGE_COMPACT_NORMAL);
}

static void test_reconfigure_clamps_offset(void **s) {
    (void)s;
    sd_bar bar = make_bar();
    step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -300, 1, 0 }));
    /* A shorter bar: the expanded height 300 is no longer allowed. */
    sd_bar_config smaller = { 50, 120, 250, 0, 0, 0 };
    assert_int_equal(sd_bar_reconfigure(&bar, &smaller, NULL), SD_OK);
    assert_true(bar.state.offset == -250 && bar.state.expanded_available == 1);
    /* Below the new compact: raised to it. */
    step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -60, 0, 0 }));
    sd_bar_config taller = { 80, 200, 300, 0, 0, 0 };
    assert_int_equal(sd_bar_reconfigure(&bar, &taller, NULL), SD_OK);
    assert_true(bar.state.offset == -80 && bar.state.expanded_available == 0);
    /* Inside the new range: kept to the bit. */
    step_ok(&bar, sd_bar_event_assign(0, (sd_bar_state){ -123.456, 0, 0 }));
    assert_int_equal(sd_bar_reconfigure(&bar, &BAR, NULL), SD_OK);
    assert_true(same_bits(bar.state.offset, -123.456));
}

/* The OFFSET report without an event, public (sd_bar_report_offset) and
 * compiled into the caller (sd_bar_report_offset_inline, BarController's
 * and the simulated bar's), is sd_bar_step with
 * sd_bar_event_offset(0, ...): the same state after every offset, finite or
 * not, in or past the range, repeated or not, the same answer to whether
 * the state changed, and the same status and error (field and rule), with
 * the flags left alone on a rejection. */
static void test_offset_without_event_is_the_step(void **s) {
    (void)s;
    const double ys[] = { -200, -200, -250, 0, 35.5, 1400, 1400.25, 1800, -900, NAN, INFINITY, -1e308, 1e308,
                          -0.0, 0.0, 12, 1e-310, -150 };
    const sd_scroll_geometry geos[] = { GEO, { 300, 40, 1500, 700 }, { 200, 0, NAN, 600 },
                                        { 1e308, 1e308, 1e308, -1e308 } };
    for (size_t k = 0; k < sizeof geos / sizeof geos[0]; k++) {
        sd_bar a = make_bar(), b = a, c = a;
        a.time = b.time = c.time = 0.5;
        for (size_t i = 0; i < 3 * sizeof ys / sizeof ys[0]; i++) {
            double y = ys[(i * 7) % (sizeof ys / sizeof ys[0])], x = (i % 5 == 0) ? 1.0 : 0.0;
            sd_bar_actions actions;
            sd_error want_err, got_err;
            sd_bar_event e = sd_bar_event_offset(0, x, y, geos[k]);
            sd_status st = sd_bar_step(&a, &e, &actions, &want_err);
            uint32_t inline_flags = 77;
            const sd_status inline_st = sd_bar_report_offset_inline(&b, x, y, &geos[k], &inline_flags);
            const int changed = inline_st == SD_OK && inline_flags == SD_BAR_ACTION_STATE;
            assert_int_equal(changed, st == SD_OK && actions.flags == SD_BAR_ACTION_STATE);
            assert_memory_equal(&a, &b, sizeof a);
            uint32_t flags = 77;
            assert_int_equal(sd_bar_report_offset(&c, x, y, &geos[k], &flags, &got_err), st);
            assert_int_equal(flags, st == SD_OK ? actions.flags : 77u);
            assert_string_equal(got_err.field, want_err.field);
            assert_string_equal(got_err.rule, want_err.rule);
            assert_memory_equal(&a, &c, sizeof a);
            assert_int_equal(inline_st, st);
            assert_int_equal(inline_flags, flags);
        }
    }
}

static void test_report_offset_rejects_null(void **s) {
    (void)s;
    sd_bar bar = make_bar(), before = bar;
    const sd_scroll_geometry g = GEO;
    uint32_t flags = 5;
    sd_error err;
    assert_int_equal(sd_bar_report_offset(NULL, 0, 1, &g, &flags, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "bar");
    assert_int_equal(sd_bar_report_offset(&bar, 0, 1, NULL, &flags, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "geometry");
    assert_int_equal(sd_bar_report_offset(&bar, 0, 1, &g, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "flags");
    assert_int_equal(flags, 5);
    assert_memory_equal(&bar, &before, sizeof bar);
}

/* A pan without an event (sd_bar_report_pan) is sd_bar_step with
 * sd_bar_event_pan_began / _changed / _ended at the bar's clock: the same
 * state, status and actions, for offsets on both sides of the top, with and
 * without the expand-at-top and snap policies, and for non-finite offsets.
 * Other types and NULLs are rejected, changing nothing. */
static void test_pan_without_event_is_the_step(void **s) {
    (void)s;
    const double ys[] = { -250, -150, -200, -199.5, -300, NAN, 40, -INFINITY, -201, 0, -1e308, 1e308 };
    const size_t n = sizeof ys / sizeof ys[0];
    const uint32_t policies[] = { 0, SD_BAR_POLICY_EXPAND_AT_TOP, SD_BAR_POLICY_SNAP_DIRECTION, SD_BAR_POLICY_NO_SNAP };
    const uint32_t types[] = { SD_BAR_EVENT_PAN_BEGAN, SD_BAR_EVENT_PAN_CHANGED, SD_BAR_EVENT_PAN_ENDED };
    for (size_t p = 0; p < sizeof policies / sizeof policies[0]; p++) {
        sd_bar_config c = BAR;
        c.policy = policies[p];
        sd_bar a;
        assert_int_equal(sd_bar_init(&a, &c, NULL), SD_OK);
        a.time = 2.5;
        a.state.expanded_available = 1;
        a.state.offset = -170;
        sd_bar b = a;
        for (size_t i = 0; i < 3 * n; i++) {
            const double y = ys[(i * 5) % n];
            const uint32_t type = types[(i * 7) % 3];
            sd_bar_actions want, got;
            memset(&want, 0x5a, sizeof want);
            memset(&got, 0x5a, sizeof got);
            const sd_bar_event e = type == SD_BAR_EVENT_PAN_BEGAN     ? sd_bar_event_pan_began(a.time, y)
                                   : type == SD_BAR_EVENT_PAN_CHANGED ? sd_bar_event_pan_changed(a.time, y)
                                                                      : sd_bar_event_pan_ended(a.time, y);
            sd_error eg = { 0 }, ew = { 0 };
            assert_int_equal(sd_bar_report_pan(&b, type, y, &got, &eg), sd_bar_step(&a, &e, &want, &ew));
            assert_int_equal(eg.status, ew.status);
            assert_string_equal(eg.field, ew.field);
            assert_memory_equal(&got, &want, sizeof got);
            assert_memory_equal(&a, &b, sizeof a);
        }
    }
    sd_bar bar, before;
    assert_int_equal(sd_bar_init(&bar, &BAR, NULL), SD_OK);
    before = bar;
    sd_bar_actions actions;
    sd_error err;
    assert_int_equal(sd_bar_report_pan(&bar, SD_BAR_EVENT_OFFSET, -100, &actions, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "type");
    assert_int_equal(sd_bar_report_pan(NULL, SD_BAR_EVENT_PAN_BEGAN, -100, &actions, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "bar");
    assert_int_equal(sd_bar_report_pan(&bar, SD_BAR_EVENT_PAN_BEGAN, -100, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "actions");
    assert_memory_equal(&bar, &before, sizeof bar);
}

/* ---- the safe area above the bar (safe_area_top) ---- */

/* A notched phone's status bar (47 pt) over a 60 / 120 / 200 bar: the insets include it, the content offsets are
 * 47 pt further up, the heights are the bar's own; the same events without it give AirBar's numbers. */
static void test_safe_area_top(void **s) {
    (void)s;
    const sd_bar_config notch = { 60, 120, 200, 0, 0, 47 };
    sd_bar bar;
    assert_int_equal(sd_bar_init(&bar, &notch, NULL), SD_OK);
    assert_true(bar.state.offset == -120);
    sd_bar_actions a = step_ok(&bar, sd_bar_event_preconfigure(0, 844, 2400, 0));
    assert_int_equal(a.flags, SD_BAR_ACTION_INSET_BOTTOM | SD_BAR_ACTION_INSET_TOP | SD_BAR_ACTION_INDICATOR_TOP |
                                  SD_BAR_ACTION_SCROLL);
    assert_true(a.inset_top == 167 && a.indicator_top == 167 && a.target_y == -167 && a.inset_bottom == 0);
    /* a short list: the compact bar is reachable below the status bar: 844 - 47 - 60 - 500 */
    a = step_ok(&bar, sd_bar_event_preconfigure(0, 844, 500, -167));
    assert_true(a.inset_bottom == 237 && a.target_y == -167);
    /* scrolled into the content (y > 0): no move */
    a = step_ok(&bar, sd_bar_event_preconfigure(0, 844, 2400, 10));
    assert_false(a.flags & SD_BAR_ACTION_SCROLL);
    /* the content scrolled 100 pt up from rest: the bar follows to compact (the offsets are relative) */
    const sd_scroll_geometry g = { 167, 0, 2400, 844 };
    step_ok(&bar, sd_bar_event_offset(0, 0, -167, g));
    step_ok(&bar, sd_bar_event_offset(0, 0, -67, g));
    assert_true(bar.state.offset == -60);
    step_ok(&bar, sd_bar_event_offset(0, 0, -137, g));
    assert_true(bar.state.offset == -120); /* back down by 70: normal is the limit */
    /* a pan that begins at rest (y = -167) is near the top: expanded available, inset 47 + 200 */
    a = step_ok(&bar, sd_bar_event_pan_began(0, -167));
    assert_true(bar.state.expanded_available == 1 && a.inset_top == 247);
    assert_true(bar.tracking.pan_y == -167);
    /* a change above the top keeps it; half a point into the content, -166.5, turns it off */
    a = step_ok(&bar, sd_bar_event_pan_changed(0, -167.5));
    assert_true(bar.state.expanded_available == 1 && a.flags == 0);
    a = step_ok(&bar, sd_bar_event_pan_changed(0, -166.5));
    assert_true(bar.state.expanded_available == 0 && a.inset_top == 167);
    /* PAN_BEGAN's tolerance is 5 pt: -162 is near the top, -161.5 is not */
    a = step_ok(&bar, sd_bar_event_pan_began(0, -162));
    assert_true(bar.state.expanded_available == 1 && a.inset_top == 247);
    step_ok(&bar, sd_bar_event_pan_changed(0, -100));
    a = step_ok(&bar, sd_bar_event_pan_began(0, -161.5));
    assert_true(bar.state.expanded_available == 0 && a.inset_top == 167);
    /* y = -120 is the top without the status bar, 47 pt into the content with it: not near the top */
    a = step_ok(&bar, sd_bar_event_pan_began(0, -120));
    assert_int_equal(bar.state.expanded_available, 0);
    /* expand(on:): to -(47 + 200), inset 247; off: to -167, inset 167 */
    a = step_ok(&bar, sd_bar_event_expand(0, 1));
    assert_true(a.target_y == -247 && a.inset_top == 247);
    a = step_ok(&bar, sd_bar_event_expand(0, 0));
    assert_true(a.target_y == -167 && a.inset_top == 167);
    /* the policies read the offset in the bar's terms: exit until collapsed holds a growing bar at the
     * content's top edge, -(y + 47) */
    sd_bar_config exit = notch;
    exit.policy = SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED;
    assert_int_equal(sd_bar_init(&bar, &exit, NULL), SD_OK);
    bar.state.offset = -60;
    step_ok(&bar, sd_bar_event_offset(0, 0, -100, g));
    step_ok(&bar, sd_bar_event_offset(0, 0, -150, g));
    assert_true(bar.state.offset == -103);
    /* the batch reducer holds it at the same edge */
    assert_int_equal(sd_bar_init(&bar, &exit, NULL), SD_OK);
    bar.state.offset = -60;
    const double ys[2] = { -100, -150 };
    double heights[2];
    assert_int_equal(sd_bar_reduce_batch(&bar, &g, ys, 2, heights, NULL, NULL), SD_OK);
    assert_true(heights[1] == 103 && bar.state.offset == -103);
    exit.safe_area_top = 0;
    assert_int_equal(sd_bar_init(&bar, &exit, NULL), SD_OK);
    bar.state.offset = -60;
    step_ok(&bar, sd_bar_event_offset(0, 0, -100, g));
    step_ok(&bar, sd_bar_event_offset(0, 0, -150, g));
    assert_true(bar.state.offset == -110);
    /* expand at top: a pan back at the content's top, -(47 + 120), makes expanded available */
    sd_bar_config stretch = notch;
    stretch.policy = SD_BAR_POLICY_EXPAND_AT_TOP;
    assert_int_equal(sd_bar_init(&bar, &stretch, NULL), SD_OK);
    step_ok(&bar, sd_bar_event_pan_began(0, 300));
    a = step_ok(&bar, sd_bar_event_pan_changed(0, -120));
    assert_int_equal(bar.state.expanded_available, 0);
    a = step_ok(&bar, sd_bar_event_pan_changed(0, -167));
    assert_true(bar.state.expanded_available == 1 && a.inset_top == 247);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_four_verbs_only),
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_time_rule),
        cmocka_unit_test(test_offset_rules),
        cmocka_unit_test(test_track_and_assign),
        cmocka_unit_test(test_content_size),
        cmocka_unit_test(test_content_size_in_a_resized_frame),
        cmocka_unit_test(test_snap_golden),
        cmocka_unit_test(test_pan_ended_at_rest),
        cmocka_unit_test(test_pan_began),
        cmocka_unit_test(test_pan_changed),
        cmocka_unit_test(test_preconfigure),
        cmocka_unit_test(test_expand),
        cmocka_unit_test(test_frame),
        cmocka_unit_test(test_reconfigure_clamps_offset),
        cmocka_unit_test(test_offset_without_event_is_the_step),
        cmocka_unit_test(test_report_offset_rejects_null),
        cmocka_unit_test(test_pan_without_event_is_the_step),
        cmocka_unit_test(test_safe_area_top),
    };
    return cmocka_run_group_tests_name("bar surface", tests, NULL, NULL);
}
