/* test_motion_timing.c — cmocka tests of cubic-bezier timing curves (CCore/motion_timing.c), and properties of the whole motion module. */
#include "motion_support.h"

static void test_timing_validate(void **s) {
    (void)s;
    sd_error err;
    assert_int_equal(sd_timing_curve_validate(&sd_timing_ease_in_out, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    assert_int_equal(sd_timing_curve_validate(&sd_timing_ease_in, NULL), SD_OK);
    assert_int_equal(sd_timing_curve_validate(&sd_timing_ease_out, NULL), SD_OK);
    assert_int_equal(sd_timing_curve_validate(&sd_timing_linear, NULL), SD_OK);
    sd_timing_curve overshoot = { 0.5, -0.6, 0.5, 1.6 };
    assert_int_equal(sd_timing_curve_validate(&overshoot, NULL), SD_OK);
    struct { sd_timing_curve c; sd_status st; const char *field; } rows[] = {
        { { NAN, 0, 0.58, 1 }, SD_ERR_NOT_FINITE, "x1" },
        { { 0.42, NAN, 0.58, 1 }, SD_ERR_NOT_FINITE, "y1" },
        { { 0.42, 0, INFINITY, 1 }, SD_ERR_NOT_FINITE, "x2" },
        { { 0.42, 0, 0.58, -INFINITY }, SD_ERR_NOT_FINITE, "y2" },
        { { -0.01, 0, 0.58, 1 }, SD_ERR_RANGE, "x1" },
        { { 1.01, 0, 0.58, 1 }, SD_ERR_RANGE, "x1" },
        { { 0.42, 0, -0.2, 1 }, SD_ERR_RANGE, "x2" },
        { { 0.42, 0, 1.5, 1 }, SD_ERR_RANGE, "x2" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        expect_error(sd_timing_curve_validate(&rows[i].c, &err), &err, rows[i].st, rows[i].field);
    expect_error(sd_timing_curve_validate(NULL, &err), &err, SD_ERR_NULL, "curve");
}

static void test_timing_constants(void **s) {
    (void)s;
    assert_true(sd_timing_ease_in_out.x1 == 0.42 && sd_timing_ease_in_out.y1 == 0 &&
                sd_timing_ease_in_out.x2 == 0.58 && sd_timing_ease_in_out.y2 == 1);
    assert_true(sd_timing_ease_in.x1 == 0.42 && sd_timing_ease_in.y1 == 0 && sd_timing_ease_in.x2 == 1 &&
                sd_timing_ease_in.y2 == 1);
    assert_true(sd_timing_ease_out.x1 == 0 && sd_timing_ease_out.y1 == 0 && sd_timing_ease_out.x2 == 0.58 &&
                sd_timing_ease_out.y2 == 1);
    assert_true(sd_timing_linear.x1 == 0 && sd_timing_linear.y1 == 0 && sd_timing_linear.x2 == 1 &&
                sd_timing_linear.y2 == 1);
}

static void test_timing_values(void **s) {
    (void)s;
    assert_true(fabs(sd_timing_curve_value(&sd_timing_ease_in_out, 0.5) - 0.5) <= 1e-12);
    static golden_table t;
    load("motion_timing.tsv", &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_timing_curve c = { r->v[0], r->v[1], r->v[2], r->v[3] };
        double y = sd_timing_curve_value(&c, r->v[4]);
        if (!(fabs(y - r->v[5]) <= 1e-12))
            fail_msg("motion_timing.tsv line %d (%s): %.17g, expected %.17g", r->line, r->label, y, r->v[5]);
    }
    /* Symmetries: ease-in-out is point-symmetric, ease-out mirrors ease-in. */
    for (int i = 0; i <= 1000; i++) {
        double x = i / 1000.0;
        assert_true(fabs(sd_timing_curve_value(&sd_timing_ease_in_out, 1 - x) -
                         (1 - sd_timing_curve_value(&sd_timing_ease_in_out, x))) <= 1e-12);
        assert_true(fabs(sd_timing_curve_value(&sd_timing_ease_out, x) -
                         (1 - sd_timing_curve_value(&sd_timing_ease_in, 1 - x))) <= 1e-12);
    }
}

static void test_timing_monotone_and_endpoints(void **s) {
    (void)s;
    const sd_timing_curve *curves[] = { &sd_timing_ease_in_out, &sd_timing_ease_in, &sd_timing_ease_out,
                                        &sd_timing_linear };
    for (size_t c = 0; c < 4; c++) {
        double prev = sd_timing_curve_value(curves[c], 0);
        assert_true(same_bits(prev, 0.0));
        for (int i = 1; i <= 100000; i++) {
            double y = sd_timing_curve_value(curves[c], i / 100000.0);
            if (!(y > prev)) fail_msg("curve %zu not increasing at t = %.17g: %.17g after %.17g", c, i / 1e5, y, prev);
            prev = y;
        }
        assert_true(same_bits(prev, 1.0));
        /* t clamped to [0, 1]; NaN counts as 0. */
        assert_true(same_bits(sd_timing_curve_value(curves[c], -0.5), 0.0));
        assert_true(same_bits(sd_timing_curve_value(curves[c], 7), 1.0));
        assert_true(same_bits(sd_timing_curve_value(curves[c], NAN), 0.0));
        assert_true(same_bits(sd_timing_curve_value(curves[c], INFINITY), 1.0));
    }
    sd_timing_curve overshoot = { 0.5, -0.6, 0.5, 1.6 };
    assert_true(same_bits(sd_timing_curve_value(&overshoot, 0), 0.0));
    assert_true(same_bits(sd_timing_curve_value(&overshoot, 1), 1.0));
    assert_true(sd_timing_curve_value(&overshoot, 0.1) < 0 && sd_timing_curve_value(&overshoot, 0.9) > 1);
}

static void test_timing_linear_is_identity(void **s) {
    (void)s;
    sd_timing_curve diag = { 0.3, 0.3, 0.7, 0.7 };
    for (int i = 0; i <= 10000; i++) {
        double x = i / 10000.0;
        assert_true(same_bits(sd_timing_curve_value(&sd_timing_linear, x), x));
        assert_true(same_bits(sd_timing_curve_value(&diag, x), x));
    }
}

/* Curves whose slope dx/ds vanishes inside (0, 1) or at 0: Newton alone
 * stalls there; the bracketed fallback still lands on the root. */
static void test_timing_hard_curves(void **s) {
    (void)s;
    /* (1, 0, 0, 1): x(s) = 1/2 + 4 u^3 and y(s) = 1/2 + 3u/2 - 2u^3 with u = s - 1/2. */
    sd_timing_curve flat = { 1, 0, 0, 1 };
    double us[] = { 1e-3, -1e-3, 0.05, -0.2, 0.3 };
    for (size_t i = 0; i < 5; i++) {
        double u = us[i];
        double t = 0.5 + 4 * u * u * u;
        double want = 0.5 + 1.5 * u - 2 * u * u * u;
        assert_true(fabs(sd_timing_curve_value(&flat, t) - want) <= 1e-9);
    }
    assert_true(fabs(sd_timing_curve_value(&flat, 0.5) - 0.5) <= 1e-12);
    /* (0, 1, 0, 1): x(s) = s^3, y(s) = 3s - 3s^2 + s^3. */
    sd_timing_curve cube = { 0, 1, 0, 1 };
    double ss[] = { 1e-3, 0.01, 0.2, 0.7, 0.99 };
    for (size_t i = 0; i < 5; i++) {
        double sv = ss[i];
        double want = 3 * sv - 3 * sv * sv + sv * sv * sv;
        assert_true(fabs(sd_timing_curve_value(&cube, sv * sv * sv) - want) <= 1e-10);
    }
}

/* Reference: 200 bisection steps on x(s) = t in [0, 1], Bernstein form. */
static double bezier_reference(const sd_timing_curve *c, double t) {
    double lo = 0, hi = 1;
    for (int i = 0; i < 200; i++) {
        double m = 0.5 * (lo + hi);
        double x = 3 * (1 - m) * (1 - m) * m * c->x1 + 3 * (1 - m) * m * m * c->x2 + m * m * m;
        if (x < t) lo = m;
        else hi = m;
    }
    double m = 0.5 * (lo + hi);
    return 3 * (1 - m) * (1 - m) * m * c->y1 + 3 * (1 - m) * m * m * c->y2 + m * m * m;
}

/* Random valid curves, the extreme control points (0 and 1) included. */
static void test_timing_matches_bisection(void **s) {
    (void)s;
    rng_state = 0x5DEECE66Dull;
    const double picks[] = { 0.0, 1.0, 0.5, 1e-9, 1 - 1e-9 };
    for (int i = 0; i < 4000; i++) {
        double x1 = i % 3 == 0 ? picks[i / 3 % 5] : uniform(0, 1);
        double x2 = i % 4 == 0 ? picks[i / 4 % 5] : uniform(0, 1);
        sd_timing_curve c = { x1, uniform(-1, 2), x2, uniform(-1, 2) };
        for (int k = 0; k < 25; k++) {
            double t = k < 5 ? picks[k] : uniform(0, 1);
            double y = sd_timing_curve_value(&c, t), want = bezier_reference(&c, t);
            /* The slope dy/dx can be large near flat stretches of x(s); 1e-6 absolute. */
            if (!(fabs(y - want) <= 1e-6))
                fail_msg("curve (%.17g, %.17g, %.17g, %.17g) at %.17g: %.17g, bisection %.17g", c.x1, c.y1, c.x2,
                         c.y2, t, y, want);
        }
    }
}

static void test_timing_batch(void **s) {
    (void)s;
    double times[101], out[101];
    for (int i = 0; i < 101; i++) times[i] = i / 100.0 - 0.005;
    sd_error err;
    assert_int_equal(sd_timing_curve_value_batch(&sd_timing_ease_in_out, times, 101, out, &err), SD_OK);
    for (int i = 0; i < 101; i++) assert_true(same_bits(out[i], sd_timing_curve_value(&sd_timing_ease_in_out, times[i])));
    for (int i = 0; i < 101; i++) out[i] = 3;
    sd_timing_curve bad = { 0.42, 0, 1.2, 1 };
    expect_error(sd_timing_curve_value_batch(&bad, times, 101, out, &err), &err, SD_ERR_RANGE, "x2");
    expect_error(sd_timing_curve_value_batch(NULL, times, 101, out, &err), &err, SD_ERR_NULL, "curve");
    expect_error(sd_timing_curve_value_batch(&sd_timing_ease_in, NULL, 101, out, &err), &err, SD_ERR_NULL, "times");
    expect_error(sd_timing_curve_value_batch(&sd_timing_ease_in, times, 101, NULL, &err), &err, SD_ERR_NULL, "out");
    for (int i = 0; i < 101; i++) assert_true(out[i] == 3);
    assert_int_equal(sd_timing_curve_value_batch(&sd_timing_ease_in, NULL, 0, NULL, NULL), SD_OK);
}

/* ======================================================================== */
/* Fuzzer findings (Tests/Fuzz/fuzz_motion.c), each reduced to one call     */
/* ======================================================================== */

/* M2: the power-form coefficients 3 y1 and 3 (y2 - y1) overflow once |y1| or
 * |y2| passes about 3e307: NaN for a curve that validates. */
static void test_finding_m2_timing_curve_huge_control_points(void **s) {
    (void)s;
    sd_timing_curve c = { 0.0, 0.1, 0.0, -1e308 };
    assert_int_equal(sd_timing_curve_validate(&c, NULL), SD_OK);
    /* x1 = x2 = 0: x(s) = s^3, so t = 0.5 is s = 2^(-1/3). */
    double sv = cbrt(0.5), r = 1 - sv;
    double want = (3 * sv * r * r) * 0.1 + (3 * sv * sv * r) * -1e308 + sv * sv * sv; /* about -3.8988e307 */
    double y = sd_timing_curve_value(&c, 0.5);
    if (!near_rel(y, want, 1e-12)) fail_msg("M2: %.17g, expected %.17g", y, want);
    assert_true(y >= -1e308 && y <= 1);
    /* The extremes: both control points at -DBL_MAX, and at +-DBL_MAX. */
    sd_timing_curve low = { 0.0, -DBL_MAX, 0.0, -DBL_MAX };
    y = sd_timing_curve_value(&low, 0.5);
    assert_true(near_rel(y, (3 * sv * r) * -DBL_MAX + sv * sv * sv, 1e-12));
    sd_timing_curve wide = { 0.3, -DBL_MAX, 0.6, DBL_MAX };
    for (int i = 1; i < 100; i++) assert_true(isfinite(sd_timing_curve_value(&wide, i / 100.0)));
}

/* ======================================================================== */
/* Whole-module properties                                                  */
/* ======================================================================== */

/* Finite, valid input never produces NaN, across wide ranges. */
static void test_no_nan_for_finite_input(void **s) {
    (void)s;
    rng_state = 0x2545F4914F6CDD1Dull;
    for (int i = 0; i < 20000; i++) {
        double zeta_pick = uniform(0, 1);
        double zeta = zeta_pick < 0.1 ? 1.0 : zeta_pick < 0.2 ? 1 + uniform(-1e-9, 1e-9) : uniform(0, 4);
        sd_spring sp;
        assert_int_equal(sd_spring_from_response(pow(10, uniform(-2, 1)), zeta, pow(10, uniform(-2, 2)), &sp, NULL),
                         SD_OK);
        double from = uniform(-1e4, 1e4), v0 = uniform(-1e5, 1e5), to = uniform(-1e4, 1e4);
        double t = i % 50 == 0 ? 1e300 : i % 50 == 1 ? 1e20 : pow(10, uniform(-6, 3));
        sd_motion_sample m = sd_spring_sample(&sp, from, v0, to, t);
        if (!(isfinite(m.position) && isfinite(m.velocity)))
            fail_msg("spring (%g, %g, %g) from %g v %g to %g at t %g: %g, %g", sp.stiffness, sp.damping, sp.mass,
                     from, v0, to, t, m.position, m.velocity);
        if (i % 10 == 0) {
            double T = sd_spring_settle_time(&sp, from, v0, to, pow(10, uniform(-3, 1)), pow(10, uniform(-2, 1)));
            if (!(T >= 0 && (isfinite(T) || zeta == 0)))
                fail_msg("settle (%g, %g, %g) from %g v %g to %g: %g", sp.stiffness, sp.damping, sp.mass, from, v0,
                         to, T);
        }

        double rate = uniform(0.9, 0.99999);
        double dv = uniform(-1e5, 1e5);
        sd_motion_sample d = sd_deceleration_sample(from, dv, rate, pow(10, uniform(-6, 4)));
        assert_true(isfinite(d.position) && isfinite(d.velocity));
        assert_true(isfinite(sd_deceleration_projection(from, dv, rate)));
        assert_true(!isnan(sd_deceleration_time_to_reach(from, dv, rate, uniform(-1e4, 1e4))));

        double dim = pow(10, uniform(-300, 300));
        double x = i % 7 == 0 ? DBL_MAX * uniform(-1, 1) : uniform(-1e6, 1e6);
        double f = sd_rubber_band(x, dim);
        assert_true(isfinite(f) && fabs(f) <= dim);
        assert_true(!isnan(sd_rubber_band_inverse(uniform(-2, 2) * dim, dim)));

        sd_timing_curve c = { uniform(0, 1), uniform(-2, 3), uniform(0, 1), uniform(-2, 3) };
        double y = sd_timing_curve_value(&c, uniform(-0.1, 1.1));
        assert_true(isfinite(y));
    }
}

static void test_struct_sizes(void **s) {
    (void)s;
    assert_int_equal(sizeof(sd_motion_sample), 16);
    assert_int_equal(sizeof(sd_spring), 24);
    assert_int_equal(sizeof(sd_timing_curve), 32);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timing_validate),
        cmocka_unit_test(test_timing_constants),
        cmocka_unit_test(test_timing_values),
        cmocka_unit_test(test_timing_monotone_and_endpoints),
        cmocka_unit_test(test_timing_linear_is_identity),
        cmocka_unit_test(test_timing_hard_curves),
        cmocka_unit_test(test_timing_matches_bisection),
        cmocka_unit_test(test_timing_batch),
        cmocka_unit_test(test_finding_m2_timing_curve_huge_control_points),
        cmocka_unit_test(test_no_nan_for_finite_input),
        cmocka_unit_test(test_struct_sizes),
    };
    return cmocka_run_group_tests_name("motion", tests, NULL, NULL);
}
