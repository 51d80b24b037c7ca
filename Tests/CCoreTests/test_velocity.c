/* test_velocity.c — cmocka tests of the release velocity tracker (CCore/velocity.c):
 * Flutter's IOSScrollViewFlingVelocityTracker weights, the 40 ms stop rule, a finger
 * at rest adding no samples, bad samples refused, the ring. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "scrolldrive.h"

/* A finger moving 300 pt down in 0.1 s at a constant 3000 pt/s, sampled 240
 * times a second from the touch-down at `t0` (the simulator's touch rate). */
static sd_velocity_tracker linear_drag(double t0) {
    sd_velocity_tracker vt;
    sd_velocity_tracker_reset(&vt);
    for (int k = 0; k <= 24; k++) assert_int_equal(sd_velocity_tracker_add(&vt, t0 + k / 240.0, 195, 100 + 12.5 * k), 1);
    return vt;
}

/* Issue 23: the linear drag lifted after a 16 ms pause flings at 3,000 pt/s;
 * after a pause past 40 ms it does not. */
static void test_pause_before_lift(void **state) {
    (void)state;
    const double end = 0.2 + 24 / 240.0;
    sd_velocity_tracker vt = linear_drag(0.2);
    /* The pause adds nothing: the finger rests where the last sample was. */
    for (int k = 1; k <= 12; k++) assert_int_equal(sd_velocity_tracker_add(&vt, end + k / 240.0, 195, 400), 0);
    const double lifts[] = { end, end + 0.004, end + 0.009, end + 0.016, end + 0.04 };
    for (size_t i = 0; i < sizeof lifts / sizeof lifts[0]; i++) {
        sd_vector v = sd_velocity_tracker_estimate(&vt, lifts[i]);
        if (!(fabs(v.y - 3000) <= 1e-9 && v.x == 0)) fail_msg("lift %zu: %.17g, expected 3000", i, v.y);
    }
    /* Past 40 ms the finger has stopped (strictly past: 40 ms itself still flings). */
    sd_vector stopped = sd_velocity_tracker_estimate(&vt, nextafter(end + 0.04, INFINITY) + 1e-12);
    assert_true(stopped.x == 0 && stopped.y == 0);
    stopped = sd_velocity_tracker_estimate(&vt, end + 0.05);
    assert_true(stopped.y == 0);
}

/* The weights, oldest pair first: 0.6, 0.35, 0.05 (exact numbers). */
static void test_weights(void **state) {
    (void)state;
    sd_velocity_tracker vt;
    sd_velocity_tracker_reset(&vt);
    /* Pair velocities 100, 200, 400 pt/s (oldest to newest), and -40, 0, 80 along x. */
    sd_velocity_tracker_add(&vt, 0.0, 0, 0);
    sd_velocity_tracker_add(&vt, 0.25, -10, 25);
    sd_velocity_tracker_add(&vt, 0.5, -10, 75);
    sd_velocity_tracker_add(&vt, 0.75, 10, 175);
    sd_vector v = sd_velocity_tracker_estimate(&vt, 0.75);
    assert_true(v.y == 0.6 * 100 + 0.35 * 200 + 0.05 * 400); /* 150 */
    assert_true(v.y == 150);
    assert_true(v.x == 0.6 * -40 + 0.35 * 0 + 0.05 * 80);
    /* A fifth sample drops the oldest: pairs 200, 400, 800. */
    sd_velocity_tracker_add(&vt, 1.0, 10, 375);
    v = sd_velocity_tracker_estimate(&vt, 1.0);
    assert_true(v.y == 0.6 * 200 + 0.35 * 400 + 0.05 * 800);
    /* Ten more: the ring keeps the latest four. */
    for (int k = 1; k <= 10; k++) sd_velocity_tracker_add(&vt, 1.0 + k * 0.5, 10, 375 + 50.0 * k);
    v = sd_velocity_tracker_estimate(&vt, 6.0);
    assert_true(v.y == 0.6 * 100 + 0.35 * 100 + 0.05 * 100);
}

/* Fewer than four samples: the missing pairs count as 0, as Flutter's do. */
static void test_few_samples(void **state) {
    (void)state;
    sd_velocity_tracker vt;
    sd_velocity_tracker_reset(&vt);
    sd_vector v = sd_velocity_tracker_estimate(&vt, 0);
    assert_true(v.x == 0 && v.y == 0);
    sd_velocity_tracker_add(&vt, 0.0, 0, 0);
    v = sd_velocity_tracker_estimate(&vt, 0.01);
    assert_true(v.y == 0); /* one sample: no pair */
    sd_velocity_tracker_add(&vt, 0.5, 0, 100);
    v = sd_velocity_tracker_estimate(&vt, 0.5);
    assert_true(v.y == 0.05 * 200);
    sd_velocity_tracker_add(&vt, 0.75, 0, 200);
    v = sd_velocity_tracker_estimate(&vt, 0.75);
    assert_true(v.y == 0.35 * 200 + 0.05 * 400);
    /* Two samples at the same time (and different places): that pair counts as 0. */
    sd_velocity_tracker_add(&vt, 0.75, 0, 260);
    v = sd_velocity_tracker_estimate(&vt, 0.75);
    assert_true(v.y == 0.6 * 200 + 0.35 * 400 + 0.05 * 0);
}

/* Bad samples change nothing; a NULL tracker is harmless. */
static void test_refused_samples(void **state) {
    (void)state;
    sd_velocity_tracker vt = linear_drag(0);
    const sd_velocity_tracker before = vt;
    assert_int_equal(sd_velocity_tracker_add(&vt, NAN, 1, 1), 0);
    assert_int_equal(sd_velocity_tracker_add(&vt, 1, INFINITY, 1), 0);
    assert_int_equal(sd_velocity_tracker_add(&vt, 1, 1, NAN), 0);
    assert_int_equal(sd_velocity_tracker_add(&vt, 0.05, 1, 1), 0); /* before the newest */
    assert_int_equal(sd_velocity_tracker_add(&vt, 1, 195, 400), 0); /* where the finger rests */
    assert_memory_equal(&vt, &before, sizeof vt);
    assert_int_equal(sd_velocity_tracker_add(NULL, 1, 1, 1), 0);
    sd_vector v = sd_velocity_tracker_estimate(NULL, 1);
    assert_true(v.x == 0 && v.y == 0);
    v = sd_velocity_tracker_estimate(&vt, NAN);
    assert_true(v.x == 0 && v.y == 0);
    /* Extreme samples: the estimate stays finite, each pair held to +-1e12 pt/s. */
    sd_velocity_tracker wild;
    sd_velocity_tracker_reset(&wild);
    sd_velocity_tracker_add(&wild, 1.0, -1.7e308, 1.7e308);
    sd_velocity_tracker_add(&wild, nextafter(1.0, 2.0), 1.7e308, -1.7e308); /* +inf and -inf pt/s */
    sd_velocity_tracker_add(&wild, 1.0 + 1e-15 * 4, -1.7e308, 0);
    sd_velocity_tracker_add(&wild, 1.0 + 1e-15 * 8, 0, 1e300);
    v = sd_velocity_tracker_estimate(&wild, 1.0);
    assert_true(isfinite(v.x) && isfinite(v.y));
    assert_true(v.x == 0.6 * 1e12 + 0.35 * -1e12 + 0.05 * 1e12);
    assert_true(v.y == 0.6 * -1e12 + 0.35 * 1e12 + 0.05 * 1e12);
    /* Samples an overflowing time apart: that pair counts 0 (fuzz_motion's finding: inf / inf). */
    sd_velocity_tracker_reset(&wild);
    sd_velocity_tracker_add(&wild, -1.7e308, -1.7e308, 0);
    sd_velocity_tracker_add(&wild, 1.7e308, 1.7e308, 1);
    v = sd_velocity_tracker_estimate(&wild, 1.7e308);
    assert_true(v.x == 0 && v.y == 0);
    sd_velocity_tracker_reset(NULL);
    sd_velocity_tracker_reset(&vt);
    assert_int_equal(vt.count, 0);
    assert_int_equal(sizeof(sd_velocity_tracker), 104);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pause_before_lift),
        cmocka_unit_test(test_weights),
        cmocka_unit_test(test_few_samples),
        cmocka_unit_test(test_refused_samples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
