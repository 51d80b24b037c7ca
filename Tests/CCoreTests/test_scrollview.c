/* test_scrollview.c — cmocka tests of the simulated scroll view's state machine (CCore/scrollview.c). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scrolldrive.h"

enum {
    OFFSET = SD_SCROLL_VIEW_OFFSET,
    BEGAN = SD_SCROLL_VIEW_BEGAN,
    CHANGED = SD_SCROLL_VIEW_CHANGED,
    ENDED = SD_SCROLL_VIEW_ENDED,
    CANCELLED = SD_SCROLL_VIEW_CANCELLED,
    MOVE_FIRST = SD_SCROLL_VIEW_MOVE_FIRST,
    REBASE = SD_SCROLL_VIEW_REBASE
};

/* The rubber band's closed form (1 - 1 / (0.55 x / d + 1)) d, written independently of motion_*.c's. */
static double band(double x, double d) { return (1 - 1 / (x * 0.55 / d + 1)) * d; }

static sd_scroll_view make(void) {
    sd_scroll_view_config c = sd_scroll_view_config_default();
    sd_scroll_view v;
    assert_int_equal(sd_scroll_view_init(&v, &c, NULL), SD_OK);
    return v;
}

/* Touch down at y = 500 and drag to `y` at finger velocity `vy`: the pan begins. */
static sd_scroll_view dragged_to(double y, double vy) {
    sd_scroll_view v = make();
    assert_int_equal(sd_scroll_view_touch_down(&v, 100, 500), 0);
    assert_int_equal(sd_scroll_view_touch_moved(&v, 100, y, vy), BEGAN);
    assert_int_equal(sd_scroll_view_drag_follow(&v), OFFSET | CHANGED);
    return v;
}

static void test_init(void **s) {
    (void)s;
    sd_scroll_view_config c = sd_scroll_view_config_default();
    assert_true(c.frame_height == 844 && c.content_height == 2400 && c.rate == SD_DECELERATION_RATE_NORMAL);
    assert_true(c.bounces == 1 && c.always_bounce == 1 && c.offset_y == 0 && c.inset_top == 0);
    sd_scroll_view v = make();
    sd_scroll_bounds b = sd_scroll_view_bounds(&v);
    assert_true(b.min == 0 && b.max == 1556);
    assert_int_equal(sd_scroll_view_phase_of(&v), SD_SCROLL_VIEW_IDLE);
    assert_true(sd_scroll_view_at_rest(&v));
    /* A non-finite offset starts at 0; a finite one beyond the domain is clamped. */
    c.offset_x = NAN;
    c.offset_y = 5;
    assert_int_equal(sd_scroll_view_init(&v, &c, NULL), SD_OK);
    assert_true(v.offset_x == 0 && v.offset_y == 0);
    c.offset_x = 0;
    c.offset_y = -1e300;
    assert_int_equal(sd_scroll_view_init(&v, &c, NULL), SD_OK);
    assert_true(v.offset_y == -SD_SCROLL_VIEW_MAX_LENGTH);
}

static void test_init_rejects_and_changes_nothing(void **s) {
    (void)s;
    sd_scroll_view v, before;
    memset(&v, 0xA5, sizeof v);
    before = v;
    sd_scroll_view_config c = sd_scroll_view_config_default();
    sd_error err;
    assert_int_equal(sd_scroll_view_init(NULL, &c, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "view");
    assert_int_equal(sd_scroll_view_init(&v, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
    c.bounces = 2;
    assert_int_equal(sd_scroll_view_init(&v, &c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "bounces");
    assert_string_equal(err.rule, "must be 0 or 1");
    c.bounces = 1;
    c.always_bounce = 7;
    assert_int_equal(sd_scroll_view_init(&v, &c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "always_bounce");
    assert_memory_equal(&v, &before, sizeof v);
}

static void test_drag_follows_one_to_one(void **s) {
    (void)s;
    sd_scroll_view v = dragged_to(400, -1000);
    assert_true(v.offset_y == 100 && sd_scroll_view_velocity(&v) == 1000);
    assert_int_equal(sd_scroll_view_phase_of(&v), SD_SCROLL_VIEW_DRAGGING);
    /* A finger that holds still reports nothing; its velocity still updates. */
    assert_int_equal(sd_scroll_view_touch_moved(&v, 100, 400, 0), 0);
    assert_true(v.offset_y == 100 && sd_scroll_view_velocity(&v) == 0);
    assert_int_equal(sd_scroll_view_touch_moved(&v, 100, 350, -500), OFFSET | CHANGED);
    assert_true(v.offset_y == 150 && sd_scroll_view_velocity(&v) == 500);
    /* A move the finger makes only sideways is still a change, without an offset change. */
    assert_int_equal(sd_scroll_view_touch_moved(&v, 120, 350, 0), CHANGED);
}

static void test_drag_rubber_bands_past_top(void **s) {
    (void)s;
    sd_scroll_view v = dragged_to(600, 0);
    double expected = -band(100, 844);
    assert_true(fabs(v.offset_y - expected) <= 1e-12);
    /* Without bouncing the content stops at the edge. */
    v = make();
    v.bounces = 0;
    sd_scroll_view_touch_down(&v, 100, 500);
    assert_int_equal(sd_scroll_view_touch_moved(&v, 100, 600, 0), BEGAN);
    assert_int_equal(sd_scroll_view_drag_follow(&v), CHANGED);
    assert_true(v.offset_y == 0);
}

static void test_pan_needs_a_scrollable_range_or_always_bounce(void **s) {
    (void)s;
    sd_scroll_view v = make();
    v.content_height = 300;
    v.always_bounce = 0;
    sd_scroll_view_touch_down(&v, 100, 500);
    assert_int_equal(sd_scroll_view_touch_moved(&v, 100, 400, 0), 0);
    assert_int_equal(sd_scroll_view_phase_of(&v), SD_SCROLL_VIEW_TOUCHING);
    /* A tap on content at rest: nothing moves, nothing is reported. */
    assert_int_equal(sd_scroll_view_touch_up(&v, 100, 400, 0), 0);
    assert_true(sd_scroll_view_at_rest(&v));
}

static void test_began_rebases_in_the_range_observers_leave(void **s) {
    (void)s;
    sd_scroll_view v = make();
    sd_scroll_view_touch_down(&v, 100, 500);
    assert_int_equal(sd_scroll_view_touch_moved(&v, 100, 540, 0), BEGAN);
    /* An observer of `.began` sets a top inset: offset 0 is now inside the range, pulled 1:1. */
    v.inset_top = 100;
    assert_int_equal(sd_scroll_view_drag_follow(&v), OFFSET | CHANGED);
    assert_true(v.offset_y == -40 && v.base_raw == 0 && v.base_finger_y == 500);
}

static void test_lift_elsewhere_moves_first(void **s) {
    (void)s;
    sd_scroll_view v = dragged_to(400, -1000), before = v;
    assert_int_equal(sd_scroll_view_touch_up(&v, 100, 380, -1000), MOVE_FIRST);
    assert_memory_equal(&v, &before, sizeof v);
    assert_int_equal(sd_scroll_view_touch_moved(&v, 100, 380, -1000), OFFSET | CHANGED);
    assert_int_equal(sd_scroll_view_touch_up(&v, 100, 380, -1000), ENDED);
    assert_true(v.offset_y == 120 && v.tracking == 0 && v.dragging == 0 && v.has_finger == 0);
}

static void test_release_decelerates_on_the_clock(void **s) {
    (void)s;
    sd_scroll_view v = dragged_to(400, -1000);
    sd_scroll_view_advance(&v, 0.5);
    assert_int_equal(sd_scroll_view_touch_up(&v, 100, 400, -1000), ENDED);
    assert_int_equal(v.motion, SD_SCROLL_VIEW_RELEASE);
    assert_int_equal(v.plan.kind, SD_SCROLL_MOTION_DECELERATE);
    assert_true(v.motion_start == 0.5 && sd_scroll_view_velocity(&v) == 1000);
    assert_int_equal(sd_scroll_view_phase_of(&v), SD_SCROLL_VIEW_DECELERATING);
    /* 0.1 s later: 1000 (rate^(1000 t) - 1) / (1000 ln rate) points further, the deceleration's closed form. */
    assert_int_equal(sd_scroll_view_advance(&v, 0.6), OFFSET);
    double k = 1000 * log(SD_DECELERATION_RATE_NORMAL);
    double expected = 100 + 1000 * (exp(k * 0.1) - 1) / k;
    assert_true(fabs(v.offset_y - expected) <= 1e-9);
    /* Earlier and NaN times are ignored. */
    sd_scroll_view before = v;
    assert_int_equal(sd_scroll_view_advance(&v, 0.55), 0);
    assert_int_equal(sd_scroll_view_advance(&v, NAN), 0);
    assert_memory_equal(&v, &before, sizeof v);
    /* Done after its end time: at rest on the rest position, velocity 0. */
    assert_int_equal(sd_scroll_view_advance(&v, 0.5 + v.plan.end_time), OFFSET);
    assert_true(v.offset_y == v.plan.rest && sd_scroll_view_velocity(&v) == 0 && sd_scroll_view_at_rest(&v));
}

static void test_touch_down_stops_release_and_cancel_springs_back(void **s) {
    (void)s;
    sd_scroll_view v = dragged_to(400, -1000);
    sd_scroll_view_touch_up(&v, 100, 400, -1000);
    sd_scroll_view_advance(&v, 0.1);
    double held = v.offset_y;
    assert_int_equal(sd_scroll_view_touch_down(&v, 10, 10), 0);
    assert_true(v.motion == SD_SCROLL_VIEW_NO_MOTION && sd_scroll_view_velocity(&v) == 0 && v.offset_y == held);
    /* Past the top edge, a cancelled drag springs back: bouncing. */
    v = dragged_to(600, 0);
    assert_int_equal(sd_scroll_view_touch_cancelled(&v), CANCELLED);
    assert_int_equal(v.plan.kind, SD_SCROLL_MOTION_RETURN);
    assert_int_equal(sd_scroll_view_phase_of(&v), SD_SCROLL_VIEW_BOUNCING);
    assert_int_equal(sd_scroll_view_touch_cancelled(&v), 0);
}

static void test_animated_update(void **s) {
    (void)s;
    sd_scroll_view v = make();
    assert_int_equal(sd_scroll_view_update_offset(&v, 0, 200, 1), 0);
    assert_int_equal(sd_scroll_view_phase_of(&v), SD_SCROLL_VIEW_ANIMATING);
    assert_true(v.anim_from == 0 && v.anim_to == 200 && v.offset_y == 0);
    /* Half way through UIKit's symmetric ease-in-out: half way there. */
    assert_int_equal(sd_scroll_view_advance(&v, 0.125), OFFSET);
    assert_true(fabs(v.offset_y - 100) <= 1e-9);
    assert_int_equal(sd_scroll_view_advance(&v, 0.25), OFFSET);
    assert_true(v.offset_y == 200 && sd_scroll_view_velocity(&v) == 0 && sd_scroll_view_at_rest(&v));
    /* At once; a non-finite request only stops the motion. */
    assert_int_equal(sd_scroll_view_update_offset(&v, 0, 50, 0), OFFSET);
    assert_true(v.offset_y == 50);
    sd_scroll_view_update_offset(&v, 0, 80, 1);
    assert_int_equal(sd_scroll_view_update_offset(&v, 0, INFINITY, 0), 0);
    assert_true(v.offset_y == 50 && v.motion == SD_SCROLL_VIEW_NO_MOTION);
}

static void test_update_during_drag_rebases(void **s) {
    (void)s;
    sd_scroll_view v = dragged_to(400, 0);
    assert_int_equal(sd_scroll_view_update_offset(&v, 0, 300, 1), OFFSET | REBASE);
    sd_scroll_view_drag_rebase(&v);
    assert_true(v.base_raw == 300 && v.base_finger_y == 400);
    /* The finger carries on from the new offset. */
    assert_int_equal(sd_scroll_view_touch_moved(&v, 100, 390, 0), OFFSET | CHANGED);
    assert_true(v.offset_y == 310);
}

static void test_non_finite_input(void **s) {
    (void)s;
    sd_scroll_view v = make(), before = v;
    assert_int_equal(sd_scroll_view_touch_down(&v, NAN, 10), 0);
    assert_memory_equal(&v, &before, sizeof v);
    v = dragged_to(400, 0);
    /* A move to a non-finite place leaves the finger; a NaN velocity counts as 0, an infinite one is clamped. */
    assert_int_equal(sd_scroll_view_touch_moved(&v, INFINITY, 300, NAN), 0);
    assert_true(v.offset_y == 100 && sd_scroll_view_velocity(&v) == 0 && v.finger_y == 400);
    sd_scroll_view_touch_moved(&v, 100, 400, -INFINITY);
    assert_true(sd_scroll_view_velocity(&v) == SD_SCROLL_VIEW_MAX_VELOCITY);
    /* Non-finite geometry pins the range to the offset. */
    v.content_height = NAN;
    sd_scroll_bounds b = sd_scroll_view_bounds(&v);
    assert_true(b.min == 100 && b.max == 100);
    v.frame_height = -1;
    assert_true(sd_scroll_view_dimension(&v) == 1);
}

/* The scrolling range: -inset_top ... max(that, content + inset_bottom -
 * frame) of the lengths clamped to the domain, by sd_scroll_bounds_make,
 * for lengths inside, on and past the domain's edge. */
static void test_bounds_are_the_clamped_geometry(void **s) {
    (void)s;
    const double M = SD_SCROLL_VIEW_MAX_LENGTH;
    const double lengths[] = { 0, -0.0, 1, -1, 844, 2400, 0.1, 1e-300, M, -M, nextafter(M, 2 * M),
                               -nextafter(M, 2 * M), 2 * M, -3 * M, 1e300, -1e300 };
    const size_t n = sizeof lengths / sizeof lengths[0];
    uint32_t seed = 1;
    for (int i = 0; i < 20000; i++) {
        double g[4];
        for (int k = 0; k < 4; k++) {
            seed = seed * 1664525u + 1013904223u;
            g[k] = lengths[(seed >> 8) % n];
        }
        sd_scroll_view v = make();
        v.inset_top = g[0];
        v.inset_bottom = g[1];
        v.content_height = g[2];
        v.frame_height = g[3];
        sd_scroll_bounds want;
        double c[4];
        for (int k = 0; k < 4; k++) c[k] = g[k] < -M ? -M : (g[k] > M ? M : g[k]);
        assert_int_equal(sd_scroll_bounds_make(c[0], c[1], c[2], c[3], &want, NULL), SD_OK);
        sd_scroll_bounds got = sd_scroll_view_bounds(&v);
        assert_memory_equal(&got, &want, sizeof got);
    }
}

/* Reduced motion's animated update: 0.15 s along UIKit's ease-out (ahead of the linear path all the way), then at
 * rest; the velocity is its own curve's; a tap leaves it running, as it leaves UIKit's. */
static int same(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static void test_short_animated_update(void **s) {
    (void)s;
    sd_scroll_view v = make();
    assert_int_equal(sd_scroll_view_update_offset(&v, 0, 200, SD_SCROLL_ANIMATED_SHORT), 0);
    assert_int_equal(v.motion, SD_SCROLL_VIEW_SHORT_ANIMATION);
    assert_int_equal(sd_scroll_view_phase_of(&v), SD_SCROLL_VIEW_ANIMATING);
    assert_false(sd_scroll_view_at_rest(&v));
    const double times[] = { 0.03, 0.075, 0.12 };
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(sd_scroll_view_advance(&v, times[i]), OFFSET);
        const double want = 200 * sd_timing_curve_value(&sd_timing_ease_out, times[i] / 0.15);
        assert_true(same(v.offset_y, want));
        assert_true(v.offset_y > 200 * times[i] / 0.15); /* an ease-out leads */
        const sd_motion_sample m = sd_scroll_animation_sample(0, 200, 0.15, &sd_timing_ease_out, times[i]);
        assert_true(same(sd_scroll_view_velocity(&v), m.velocity));
    }
    assert_int_equal(sd_scroll_view_advance(&v, 0.15), OFFSET);
    assert_true(v.offset_y == 200 && sd_scroll_view_at_rest(&v) && sd_scroll_view_velocity(&v) == 0);
    /* Any other non-zero value is UIKit's animation, as before. */
    sd_scroll_view_update_offset(&v, 0, 0, 7);
    assert_int_equal(v.motion, SD_SCROLL_VIEW_ANIMATION);
    /* A tap does not stop it, as it does not stop UIKit's: it ends where it was going. */
    sd_scroll_view_update_offset(&v, 0, 300, SD_SCROLL_ANIMATED_SHORT);
    const double start = v.time;
    sd_scroll_view_advance(&v, start + 0.05);
    sd_scroll_view_touch_down(&v, 100, 400);
    sd_scroll_view_touch_up(&v, 100, 400, 0);
    assert_int_equal(v.motion, SD_SCROLL_VIEW_SHORT_ANIMATION);
    sd_scroll_view_advance(&v, start + 0.15);
    assert_true(v.offset_y == 300 && v.motion == SD_SCROLL_VIEW_NO_MOTION);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_init_rejects_and_changes_nothing),
        cmocka_unit_test(test_drag_follows_one_to_one),
        cmocka_unit_test(test_drag_rubber_bands_past_top),
        cmocka_unit_test(test_pan_needs_a_scrollable_range_or_always_bounce),
        cmocka_unit_test(test_began_rebases_in_the_range_observers_leave),
        cmocka_unit_test(test_lift_elsewhere_moves_first),
        cmocka_unit_test(test_release_decelerates_on_the_clock),
        cmocka_unit_test(test_touch_down_stops_release_and_cancel_springs_back),
        cmocka_unit_test(test_animated_update),
        cmocka_unit_test(test_short_animated_update),
        cmocka_unit_test(test_update_during_drag_rebases),
        cmocka_unit_test(test_non_finite_input),
        cmocka_unit_test(test_bounds_are_the_clamped_geometry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
