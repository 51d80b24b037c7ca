/* test_motion_deceleration.c — cmocka tests of UIScrollView-style deceleration and the rubber band (CCore/motion_deceleration.c). */
#include "motion_support.h"

/* ======================================================================== */
/* Exponential deceleration                                                 */
/* ======================================================================== */

static void test_decel_validate(void **s) {
    (void)s;
    sd_error err;
    assert_int_equal(sd_deceleration_validate(0, 1000, SD_DECELERATION_RATE_NORMAL, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    assert_int_equal(sd_deceleration_validate(-5, -3, SD_DECELERATION_RATE_FAST, NULL), SD_OK);
    struct { double from, velocity, rate; sd_status st; const char *field; } rows[] = {
        { NAN, 1000, 0.998, SD_ERR_NOT_FINITE, "from" },
        { 0, INFINITY, 0.998, SD_ERR_NOT_FINITE, "velocity" },
        { 0, 1000, NAN, SD_ERR_NOT_FINITE, "rate" },
        { 0, 1000, 1.0, SD_ERR_RANGE, "rate" },
        { 0, 1000, 0.0, SD_ERR_RANGE, "rate" },
        { 0, 1000, -0.5, SD_ERR_RANGE, "rate" },
        { 0, 1000, 1.5, SD_ERR_RANGE, "rate" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        expect_error(sd_deceleration_validate(rows[i].from, rows[i].velocity, rows[i].rate, &err), &err,
                     rows[i].st, rows[i].field);
}

/* Stop time, rest distance and projection against values worked out at 50 digits. */
static void test_decel_golden(void **s) {
    (void)s;
    static golden_table t;
    load("motion_deceleration.tsv", &t);
    const double from = 37.5;
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        double v = r->v[0], rate = r->v[1];
        assert_int_equal(sd_deceleration_validate(from, v, rate, NULL), SD_OK);
        double ts = sd_deceleration_stop_time(v, rate);
        double rest = sd_deceleration_rest_position(from, v, rate) - from;
        double proj = sd_deceleration_projection(from, v, rate) - from;
        if (!near_rel(ts, r->v[2], 1e-12))
            fail_msg("motion_deceleration.tsv line %d (%s): stop time %.17g, expected %.17g", r->line, r->label,
                     ts, r->v[2]);
        if (!near_rel(rest, r->v[3], 1e-12))
            fail_msg("motion_deceleration.tsv line %d (%s): rest distance %.17g, expected %.17g", r->line,
                     r->label, rest, r->v[3]);
        if (!near_rel(proj, r->v[4], 1e-12))
            fail_msg("motion_deceleration.tsv line %d (%s): projection %.17g, expected %.17g", r->line, r->label,
                     proj, r->v[4]);
    }
}

/* Composite Simpson rule for the integral of v0 rate^(1000 t) over [0, T]: an
 * integration of the velocity model that shares no code with the closed form. */
static double integrate_velocity(double v0, double rate, double T, int n) {
    double h = T / n, sum = 0.0;
    for (int i = 0; i <= n; i++) {
        double w = (i == 0 || i == n) ? 1.0 : (i % 2 ? 4.0 : 2.0);
        sum += w * v0 * pow(rate, 1000.0 * (i * h));
    }
    return sum * h / 3.0;
}

/*
 * "Distance travelled equals the projection", made precise. The rest
 * position is the distance actually travelled until the stop (|v| = 10),
 * and the projection is the distance travelled if the decay never stopped.
 * Both are checked against a numerical integral of the velocity within
 * 1e-9 relative; the sampled motion must then sit exactly at the rest
 * position from the stop on.
 */
static void test_decel_distance_is_integral_of_velocity(void **s) {
    (void)s;
    struct { double v0, rate; } rows[] = {
        { 1000, SD_DECELERATION_RATE_NORMAL }, { -2500, SD_DECELERATION_RATE_NORMAL },
        { 1000, SD_DECELERATION_RATE_FAST },   { 5000, SD_DECELERATION_RATE_FAST },
        { 40, 0.9995 },
    };
    const double from = -120.25;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        double v0 = rows[i].v0, rate = rows[i].rate;
        double ts = sd_deceleration_stop_time(v0, rate);
        double travelled = integrate_velocity(v0, rate, ts, 20000);
        double rest = sd_deceleration_rest_position(from, v0, rate);
        assert_true(near_rel(rest - from, travelled, 1e-9));

        /* To "infinity": until rate^(1000 T) = 1e-18, the remaining tail is below 1e-18 of the whole. */
        double T = log(1e-18) / (1000.0 * log(rate));
        double all = integrate_velocity(v0, rate, T, 400000);
        double proj = sd_deceleration_projection(from, v0, rate);
        assert_true(near_rel(proj - from, all, 1e-9));

        /* The two differ by the stop velocity's share, 10 / (1000 |ln rate|). */
        assert_true(near_rel(fabs(proj - rest), 10.0 / (1000.0 * fabs(log(rate))), 1e-9));

        /* Sampled: at and after the stop, exactly the rest position, at rest. */
        double after[] = { ts, ts + 1e-9, ts + 1.0, 1e6 };
        for (size_t k = 0; k < 4; k++) {
            sd_motion_sample m = sd_deceleration_sample(from, v0, rate, after[k]);
            assert_true(same_bits(m.position, rest));
            assert_true(m.velocity == 0.0);
        }
        /* Just before the stop it is still moving, within a hair of the rest position. */
        sd_motion_sample b = sd_deceleration_sample(from, v0, rate, ts * (1 - 1e-12));
        assert_true(fabs(b.velocity) > 10.0);
        assert_true(fabs(b.position - rest) < 1e-9 * fabs(rest - from));
    }
}

static void test_decel_stop_time_gives_stop_velocity(void **s) {
    (void)s;
    double rates[] = { SD_DECELERATION_RATE_NORMAL, SD_DECELERATION_RATE_FAST };
    double speeds[] = { 10.5, 250, 1000, -2500, 8000 };
    for (size_t i = 0; i < 2; i++) {
        for (size_t k = 0; k < 5; k++) {
            double v0 = speeds[k], rate = rates[i];
            double ts = sd_deceleration_stop_time(v0, rate);
            assert_true(ts > 0);
            /* The velocity model, evaluated independently, is 10 pt/s at the stop time. */
            assert_true(near_rel(fabs(v0 * pow(rate, 1000.0 * ts)), SD_DECELERATION_STOP_VELOCITY, 1e-12));
            /* And the closed form agrees just before the stop. */
            sd_motion_sample m = sd_deceleration_sample(0, v0, rate, ts * (1 - 1e-12));
            assert_true(near_rel(fabs(m.velocity), 10.0, 1e-9));
            assert_true(m.velocity * v0 > 0);
        }
    }
    /* At or below the stop velocity nothing moves. */
    assert_true(sd_deceleration_stop_time(10.0, 0.998) == 0.0);
    assert_true(sd_deceleration_stop_time(-3.0, 0.998) == 0.0);
    assert_true(sd_deceleration_rest_position(12.0, 9.99, 0.998) == 12.0);
    sd_motion_sample m = sd_deceleration_sample(12.0, 9.99, 0.998, 0.5);
    assert_true(m.position == 12.0 && m.velocity == 0.0);
}

/* .normal (0.998) against .fast (0.99) for the same release. */
static void test_decel_normal_vs_fast(void **s) {
    (void)s;
    double v0 = 1000;
    double tn = sd_deceleration_stop_time(v0, SD_DECELERATION_RATE_NORMAL);
    double tf = sd_deceleration_stop_time(v0, SD_DECELERATION_RATE_FAST);
    double pn = sd_deceleration_projection(0, v0, SD_DECELERATION_RATE_NORMAL);
    double pf = sd_deceleration_projection(0, v0, SD_DECELERATION_RATE_FAST);
    /* ln(0.01) / ln(0.998) * 1e-3 s and ln(0.01) / ln(0.99) * 1e-3 s. */
    assert_true(near_rel(tn, 2.3002817396041854, 1e-12));
    assert_true(near_rel(tf, 0.45821057655338891, 1e-12));
    /* 1000 / (1000 * -ln(rate)): 499.5 pt against 99.5 pt. */
    assert_true(near_rel(pn, 499.49983316645526, 1e-12));
    assert_true(near_rel(pf, 99.499162473422173, 1e-12));
    /* The ratio of distances is the ratio of the logarithms: about 5.02. */
    assert_true(near_rel(pn / pf, log(SD_DECELERATION_RATE_FAST) / log(SD_DECELERATION_RATE_NORMAL), 1e-12));
    assert_true(near_rel(tn / tf, log(SD_DECELERATION_RATE_FAST) / log(SD_DECELERATION_RATE_NORMAL), 1e-12));
    /* After 0.1 s the fast one has covered less ground and kept less speed. */
    sd_motion_sample n = sd_deceleration_sample(0, v0, SD_DECELERATION_RATE_NORMAL, 0.1);
    sd_motion_sample f = sd_deceleration_sample(0, v0, SD_DECELERATION_RATE_FAST, 0.1);
    assert_true(near_rel(n.velocity, 1000 * pow(0.998, 100), 1e-12));
    assert_true(near_rel(f.velocity, 1000 * pow(0.99, 100), 1e-12));
    assert_true(f.position < n.position);
}

static void test_decel_sample_start_and_frame_rates(void **s) {
    (void)s;
    sd_motion_sample m = sd_deceleration_sample(3.25, -1700, 0.998, 0.0);
    assert_true(same_bits(m.position, 3.25) && same_bits(m.velocity, -1700));
    m = sd_deceleration_sample(3.25, -1700, 0.998, -1.0);
    assert_true(same_bits(m.position, 3.25) && same_bits(m.velocity, -1700));
    m = sd_deceleration_sample(3.25, -1700, 0.998, NAN);
    assert_true(same_bits(m.position, 3.25) && same_bits(m.velocity, -1700));
    /* A first frame: x = x0 + v0 (r^(1000 t) - 1) / (1000 ln r) at t = 1/120 s. */
    double t = 1.0 / 120;
    double want = 3.25 + -1700 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998));
    m = sd_deceleration_sample(3.25, -1700, 0.998, t);
    assert_true(near_rel(m.position - 3.25, want - 3.25, 1e-12));
    /* Tiny times keep full relative accuracy (no 1 - e^(k t) cancellation):
     * v0 t (1 + k t / 2 + (k t)^2 / 6) is exact to 1e-27 relative at 1 ns. */
    double k = 1000 * log(0.998), tiny = 1e-9;
    double series = -1700 * tiny * (1 + k * tiny / 2 + (k * tiny) * (k * tiny) / 6);
    m = sd_deceleration_sample(0, -1700, 0.998, tiny);
    assert_true(near_rel(m.position, series, 1e-12));
    /* 60 Hz and 120 Hz frames sample one curve: equal at common timestamps. */
    for (int i = 0; i <= 240; i++) {
        sd_motion_sample a = sd_deceleration_sample(0, 2000, 0.998, i / 60.0);
        sd_motion_sample b = sd_deceleration_sample(0, 2000, 0.998, (2 * i) / 120.0);
        assert_true(same_bits(a.position, b.position) && same_bits(a.velocity, b.velocity));
    }
}

static void test_decel_time_to_reach(void **s) {
    (void)s;
    const double from = 10, v0 = 1000, rate = 0.998;
    double rest = sd_deceleration_rest_position(from, v0, rate);
    double targets[] = { 11, 100, 260, 500 };
    for (size_t i = 0; i < 4; i++) {
        double t = sd_deceleration_time_to_reach(from, v0, rate, targets[i]);
        assert_true(t > 0 && t < sd_deceleration_stop_time(v0, rate));
        assert_true(fabs(sd_deceleration_sample(from, v0, rate, t).position - targets[i]) < 1e-9);
    }
    assert_true(near_rel(sd_deceleration_time_to_reach(from, v0, rate, rest), sd_deceleration_stop_time(v0, rate),
                         1e-12));
    assert_true(sd_deceleration_time_to_reach(from, v0, rate, from) == 0.0);
    assert_true(isinf(sd_deceleration_time_to_reach(from, v0, rate, rest + 0.01))); /* rests before it */
    assert_true(isinf(sd_deceleration_time_to_reach(from, v0, rate, from - 1)));    /* behind the motion */
    assert_true(isinf(sd_deceleration_time_to_reach(from, 5, rate, from + 1)));     /* does not move */
    /* Moving up (negative velocity) works the same way. */
    double t = sd_deceleration_time_to_reach(0, -3000, 0.99, -200);
    assert_true(fabs(sd_deceleration_sample(0, -3000, 0.99, t).position + 200) < 1e-9);
}

static void test_decel_batch(void **s) {
    (void)s;
    double times[64], pos[64], vel[64];
    for (int i = 0; i < 64; i++) times[i] = (i - 2) * 0.05;
    sd_error err;
    assert_int_equal(sd_deceleration_sample_batch(5, -900, 0.998, times, 64, pos, vel, &err), SD_OK);
    for (int i = 0; i < 64; i++) {
        sd_motion_sample m = sd_deceleration_sample(5, -900, 0.998, times[i]);
        assert_true(same_bits(pos[i], m.position) && same_bits(vel[i], m.velocity));
    }
    assert_int_equal(sd_deceleration_sample_batch(5, -900, 0.998, times, 64, pos, NULL, NULL), SD_OK);
    assert_int_equal(sd_deceleration_sample_batch(5, -900, 0.998, NULL, 0, NULL, NULL, NULL), SD_OK);
    /* Rejected: nothing written. */
    for (int i = 0; i < 64; i++) pos[i] = vel[i] = -7;
    expect_error(sd_deceleration_sample_batch(5, -900, 1.0, times, 64, pos, vel, &err), &err, SD_ERR_RANGE,
                 "rate");
    expect_error(sd_deceleration_sample_batch(5, NAN, 0.998, times, 64, pos, vel, &err), &err, SD_ERR_NOT_FINITE,
                 "velocity");
    expect_error(sd_deceleration_sample_batch(5, -900, 0.998, NULL, 64, pos, vel, &err), &err, SD_ERR_NULL,
                 "times");
    expect_error(sd_deceleration_sample_batch(5, -900, 0.998, times, 64, NULL, vel, &err), &err, SD_ERR_NULL,
                 "positions");
    for (int i = 0; i < 64; i++) assert_true(pos[i] == -7 && vel[i] == -7);
}

/* ======================================================================== */
/* Rubber band                                                              */
/* ======================================================================== */

static void test_rubber_band_validate(void **s) {
    (void)s;
    sd_error err;
    assert_int_equal(sd_rubber_band_validate(800, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    expect_error(sd_rubber_band_validate(0, &err), &err, SD_ERR_NEGATIVE, "dimension");
    expect_error(sd_rubber_band_validate(-1, &err), &err, SD_ERR_NEGATIVE, "dimension");
    expect_error(sd_rubber_band_validate(NAN, &err), &err, SD_ERR_NOT_FINITE, "dimension");
    expect_error(sd_rubber_band_validate(INFINITY, &err), &err, SD_ERR_NOT_FINITE, "dimension");
}

static void test_rubber_band_values(void **s) {
    (void)s;
    /* The formula as written, by hand: x = 100, d = 800 gives about 51.462 pt. */
    double hand = (1.0 - 1.0 / (100 * 0.55 / 800 + 1)) * 800;
    assert_true(near_rel(sd_rubber_band(100, 800), hand, 1e-13));
    assert_true(near_rel(sd_rubber_band(100, 800), 51.461988304093567, 1e-13));
    hand = (1.0 - 1.0 / (250 * 0.55 / 600 + 1)) * 600;
    assert_true(near_rel(sd_rubber_band(250, 600), hand, 1e-13));
    assert_true(sd_rubber_band(0, 800) == 0);

    static golden_table t;
    load("motion_rubber_band.tsv", &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        double f = sd_rubber_band(r->v[0], r->v[1]);
        if (!near_rel(f, r->v[2], 1e-12))
            fail_msg("motion_rubber_band.tsv line %d (%s): %.17g, expected %.17g", r->line, r->label, f, r->v[2]);
        double x = sd_rubber_band_inverse(r->v[2], r->v[1]);
        if (!near_rel(x, r->v[0], 1e-12))
            fail_msg("motion_rubber_band.tsv line %d (%s): inverse %.17g, expected %.17g", r->line, r->label, x,
                     r->v[0]);
    }
}

static void test_rubber_band_shape(void **s) {
    (void)s;
    const double dims[] = { 100, 667, 844, 2000 };
    for (size_t k = 0; k < 4; k++) {
        double d = dims[k];
        double prev = -INFINITY;
        for (int i = -20000; i <= 20000; i++) {
            double x = i * (d / 1000.0); /* -20 d ... 20 d */
            double f = sd_rubber_band(x, d);
            assert_true(same_bits(sd_rubber_band(-x, d), -f)); /* odd */
            assert_true(f > prev);                            /* strictly increasing */
            assert_true(fabs(f) < d);                         /* bounded by d */
            assert_true(fabs(f) <= fabs(x) * SD_RUBBER_BAND_COEFFICIENT); /* never faster than c */
            prev = f;
            /* Exact inverse: the drag that produced the displacement. */
            double back = sd_rubber_band_inverse(f, d);
            assert_true(fabs(back - x) <= 1e-12 * fabs(x));
        }
        /* And the other way round, across (-d, d). */
        for (int i = -999; i <= 999; i++) {
            double y = i * (d / 1000.0);
            assert_true(fabs(sd_rubber_band(sd_rubber_band_inverse(y, d), d) - y) <= 1e-12 * d);
        }
        /* Slope c at the edge; approaches d far out. */
        assert_true(near_rel(sd_rubber_band(1e-9, d) / 1e-9, SD_RUBBER_BAND_COEFFICIENT, 1e-9));
        assert_true(d - sd_rubber_band(1e6 * d, d) > 0);
        assert_true(near_rel(sd_rubber_band(1e6 * d, d), d, 2e-6));
        assert_true(sd_rubber_band(DBL_MAX, d) == d && sd_rubber_band(-DBL_MAX, d) == -d);
        assert_true(isinf(sd_rubber_band_inverse(d, d)) && sd_rubber_band_inverse(d, d) > 0);
        assert_true(isinf(sd_rubber_band_inverse(-1.5 * d, d)) && sd_rubber_band_inverse(-1.5 * d, d) < 0);
    }
}

static void test_rubber_band_batch(void **s) {
    (void)s;
    double x[33], out[33];
    for (int i = 0; i < 33; i++) x[i] = (i - 16) * 37.5;
    sd_error err;
    assert_int_equal(sd_rubber_band_batch(x, 33, 812, out, &err), SD_OK);
    for (int i = 0; i < 33; i++) assert_true(same_bits(out[i], sd_rubber_band(x[i], 812)));
    for (int i = 0; i < 33; i++) out[i] = 5;
    expect_error(sd_rubber_band_batch(x, 33, 0, out, &err), &err, SD_ERR_NEGATIVE, "dimension");
    expect_error(sd_rubber_band_batch(x, 33, NAN, out, &err), &err, SD_ERR_NOT_FINITE, "dimension");
    expect_error(sd_rubber_band_batch(NULL, 33, 812, out, &err), &err, SD_ERR_NULL, "offsets");
    expect_error(sd_rubber_band_batch(x, 33, 812, NULL, &err), &err, SD_ERR_NULL, "out");
    for (int i = 0; i < 33; i++) assert_true(out[i] == 5);
    assert_int_equal(sd_rubber_band_batch(NULL, 0, 812, NULL, NULL), SD_OK);
}

/* ======================================================================== */
/* Fuzzer findings (Tests/Fuzz/fuzz_motion.c), each reduced to one call     */
/* ======================================================================== */

/* M1: the inverse divided the dimension by c first, which overflows for
 * d > c DBL_MAX (about 9.9e307): NaN at 0, INFINITY at 1. */
static void test_finding_m1_rubber_band_inverse_huge_dimension(void **s) {
    (void)s;
    assert_true(same_bits(sd_rubber_band_inverse(0.0, 1e308), 0.0));
    assert_true(same_bits(sd_rubber_band_inverse(1.0, 1e308), 1.0 / SD_RUBBER_BAND_COEFFICIENT));
    assert_true(same_bits(sd_rubber_band_inverse(-1.0, 1e308), -1.0 / SD_RUBBER_BAND_COEFFICIENT));
    /* A quarter of the largest dimension: x = y d / (c (d - y)) = d / (3 c). */
    double x = sd_rubber_band_inverse(0.25 * DBL_MAX, DBL_MAX);
    assert_true(near_rel(x, DBL_MAX / (3 * SD_RUBBER_BAND_COEFFICIENT), 1e-15));
    assert_true(near_rel(sd_rubber_band(x, DBL_MAX), 0.25 * DBL_MAX, 1e-15));
    /* Inside the dimension, INFINITY only where x itself is past DBL_MAX. */
    assert_true(isinf(sd_rubber_band_inverse(nextafter(DBL_MAX, 0), DBL_MAX)));
}

/* M4: at the rest position, (distance / velocity) k fell just below -1 once
 * |velocity| > about 1e16 pt/s, and log1p gave NaN; the stop time is meant. */
static void test_finding_m4_time_to_reach_rest_at_huge_velocity(void **s) {
    (void)s;
    double from = 1.9457499999999999e+103, v = 2.4609999999999999e+104, rate = 0.89147286821705429;
    assert_int_equal(sd_deceleration_validate(from, v, rate, NULL), SD_OK);
    double rest = sd_deceleration_rest_position(from, v, rate);
    double t = sd_deceleration_time_to_reach(from, v, rate, rest);
    assert_true(same_bits(t, sd_deceleration_stop_time(v, rate)));
    assert_true(same_bits(sd_deceleration_time_to_reach(-from, -v, rate, -rest), t));
    /* Half way it is still the closed form. */
    double half = sd_deceleration_time_to_reach(from, v, rate, from + 0.5 * (rest - from));
    assert_true(half > 0 && half < t);
    assert_true(near_rel(sd_deceleration_sample(from, v, rate, half).position, from + 0.5 * (rest - from), 1e-12));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decel_validate),
        cmocka_unit_test(test_decel_golden),
        cmocka_unit_test(test_decel_distance_is_integral_of_velocity),
        cmocka_unit_test(test_decel_stop_time_gives_stop_velocity),
        cmocka_unit_test(test_decel_normal_vs_fast),
        cmocka_unit_test(test_decel_sample_start_and_frame_rates),
        cmocka_unit_test(test_decel_time_to_reach),
        cmocka_unit_test(test_decel_batch),
        cmocka_unit_test(test_rubber_band_validate),
        cmocka_unit_test(test_rubber_band_values),
        cmocka_unit_test(test_rubber_band_shape),
        cmocka_unit_test(test_rubber_band_batch),
        cmocka_unit_test(test_finding_m1_rubber_band_inverse_huge_dimension),
        cmocka_unit_test(test_finding_m4_time_to_reach_rest_at_huge_velocity),
    };
    return cmocka_run_group_tests_name("motion", tests, NULL, NULL);
}
