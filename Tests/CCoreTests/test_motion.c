/* test_motion.c — cmocka tests of the motion math (CCore/motion.c). */
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

/* Bit-for-bit equality, so that -0.0 vs 0.0 and last-bit differences show. */
static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static int near_rel(double got, double want, double rel) {
    if (want == 0.0) return got == 0.0;
    return fabs(got - want) <= rel * fabs(want);
}

static void load(const char *name, golden_table *t) {
    assert_int_equal(golden_load(name, t), 0);
    assert_true(t->nrows > 0);
}

static void expect_error(sd_status got, const sd_error *err, sd_status want, const char *field) {
    assert_int_equal(got, want);
    assert_int_equal(err->status, want);
    assert_string_equal(err->field, field);
    assert_true(strlen(err->rule) > 0);
}

/* A small deterministic generator (xorshift64*) for the no-NaN sweeps. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static double uniform(double lo, double hi) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    uint64_t r = rng_state * 0x2545F4914F6CDD1Dull;
    return lo + (hi - lo) * ((double)(r >> 11) * 0x1.0p-53);
}

/* ======================================================================== */
/* Deceleration                                                             */
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
/* Springs                                                                  */
/* ======================================================================== */

static void test_spring_validate(void **s) {
    (void)s;
    sd_error err;
    sd_spring ok = { 200, 25, 1 };
    assert_int_equal(sd_spring_validate(&ok, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    sd_spring undamped = { 40, 0, 2 };
    assert_int_equal(sd_spring_validate(&undamped, NULL), SD_OK);
    struct { sd_spring sp; sd_status st; const char *field; } rows[] = {
        { { NAN, 25, 1 }, SD_ERR_NOT_FINITE, "stiffness" },
        { { 200, INFINITY, 1 }, SD_ERR_NOT_FINITE, "damping" },
        { { 200, 25, NAN }, SD_ERR_NOT_FINITE, "mass" },
        { { 0, 25, 1 }, SD_ERR_NEGATIVE, "stiffness" },
        { { -200, 25, 1 }, SD_ERR_NEGATIVE, "stiffness" },
        { { 200, -0.5, 1 }, SD_ERR_NEGATIVE, "damping" },
        { { 200, 25, 0 }, SD_ERR_NEGATIVE, "mass" },
        { { 200, 25, -1 }, SD_ERR_NEGATIVE, "mass" },
        { { 1e300, 25, 1e-300 }, SD_ERR_RANGE, "stiffness" },
        { { 1e-300, 0, 1e300 }, SD_ERR_RANGE, "stiffness" },
        { { 1, 1e300, 1e-300 }, SD_ERR_RANGE, "damping" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        expect_error(sd_spring_validate(&rows[i].sp, &err), &err, rows[i].st, rows[i].field);
    expect_error(sd_spring_validate(NULL, &err), &err, SD_ERR_NULL, "spring");
}

static void test_spring_from_response(void **s) {
    (void)s;
    sd_spring sp;
    sd_error err;
    assert_int_equal(sd_spring_from_response(0.5, 0.8, 1, &sp, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    /* (2 pi / 0.5)^2 and 4 pi 0.8 / 0.5. */
    assert_true(near_rel(sp.stiffness, 157.9136704174297379, 1e-14));
    assert_true(near_rel(sp.damping, 20.106192982974676726, 1e-14));
    assert_true(sp.mass == 1);
    assert_true(near_rel(sd_spring_damping_ratio(&sp), 0.8, 1e-14));
    assert_int_equal(sd_spring_from_response(0.25, 0.3, 2.5, &sp, NULL), SD_OK);
    assert_true(near_rel(sp.stiffness, pow(2 * 3.14159265358979323846 / 0.25, 2) * 2.5, 1e-14));
    assert_true(near_rel(sd_spring_damping_ratio(&sp), 0.3, 1e-14));
    assert_true(sp.mass == 2.5);

    sd_spring keep = { 1, 2, 3 };
    struct { double response, zeta, mass; sd_status st; const char *field; } rows[] = {
        { NAN, 1, 1, SD_ERR_NOT_FINITE, "response" },
        { 0.5, INFINITY, 1, SD_ERR_NOT_FINITE, "damping_fraction" },
        { 0.5, 1, NAN, SD_ERR_NOT_FINITE, "mass" },
        { 0, 1, 1, SD_ERR_NEGATIVE, "response" },
        { -0.5, 1, 1, SD_ERR_NEGATIVE, "response" },
        { 0.5, -0.1, 1, SD_ERR_NEGATIVE, "damping_fraction" },
        { 0.5, 1, 0, SD_ERR_NEGATIVE, "mass" },
        { 1e-200, 1, 1, SD_ERR_RANGE, "response" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sp = keep;
        expect_error(sd_spring_from_response(rows[i].response, rows[i].zeta, rows[i].mass, &sp, &err), &err,
                     rows[i].st, rows[i].field);
        assert_memory_equal(&sp, &keep, sizeof sp);
    }
    expect_error(sd_spring_from_response(0.5, 1, 1, NULL, &err), &err, SD_ERR_NULL, "out");
}

static void test_spring_bounce(void **s) {
    (void)s;
    sd_spring b = sd_spring_bounce();
    assert_int_equal(sd_spring_validate(&b, NULL), SD_OK);
    /* (2 pi / 0.575)^2 and 4 pi / 0.575: critically damped, mass 1. */
    assert_true(near_rel(b.stiffness, 119.40542186573137081, 1e-14));
    assert_true(near_rel(b.damping, 21.854557590189866007, 1e-14));
    assert_true(b.mass == 1);
    assert_true(near_rel(sd_spring_damping_ratio(&b), 1.0, 1e-14));
    sd_spring r;
    assert_int_equal(sd_spring_from_response(SD_BOUNCE_RESPONSE, 1, 1, &r, NULL), SD_OK);
    assert_memory_equal(&r, &b, sizeof r);
    /* Critically damped from rest: it returns to the edge without crossing it. */
    for (int i = 1; i <= 3000; i++) {
        sd_motion_sample m = sd_spring_sample(&b, -60, 0, 0, i * 1e-3);
        assert_true(m.position < 0 && m.position > -60);
        assert_true(m.velocity > 0);
    }
}

/* The oscillator m x'' = -k (x - to) - c v, integrated with classic RK4. */
typedef struct rk_state { double x, v; } rk_state;

static rk_state rk_deriv(const sd_spring *sp, double to, rk_state y) {
    rk_state d = { y.v, (-sp->stiffness * (y.x - to) - sp->damping * y.v) / sp->mass };
    return d;
}

static rk_state rk4_step(const sd_spring *sp, double to, rk_state y, double h) {
    rk_state k1 = rk_deriv(sp, to, y);
    rk_state y2 = { y.x + 0.5 * h * k1.x, y.v + 0.5 * h * k1.v };
    rk_state k2 = rk_deriv(sp, to, y2);
    rk_state y3 = { y.x + 0.5 * h * k2.x, y.v + 0.5 * h * k2.v };
    rk_state k3 = rk_deriv(sp, to, y3);
    rk_state y4 = { y.x + h * k3.x, y.v + h * k3.v };
    rk_state k4 = rk_deriv(sp, to, y4);
    rk_state out = { y.x + h / 6 * (k1.x + 2 * k2.x + 2 * k3.x + k4.x),
                     y.v + h / 6 * (k1.v + 2 * k2.v + 2 * k3.v + k4.v) };
    return out;
}

typedef struct spring_case {
    const char *name;
    sd_spring spring;
    double from, velocity, to;
} spring_case;

static sd_spring spring_of(double response, double zeta, double mass) {
    sd_spring sp;
    assert_int_equal(sd_spring_from_response(response, zeta, mass, &sp, NULL), SD_OK);
    return sp;
}

/* Closed forms against RK4 with dt = 1e-5 s over 2 s, compared every 10 ms:
 * positions and velocities within 1e-6 (points, points per second). */
static void test_spring_matches_integration(void **s) {
    (void)s;
    spring_case cases[] = {
        { "under", { 200, 10, 1 }, 0, 0, 100 },
        { "sheet (200, 25, 1)", { 200, 25, 1 }, 400, -1500, 100 },
        { "undamped", { 40, 0, 1 }, 0, 5, 10 },
        { "critical", spring_of(0.4, 1.0, 1), 0, 2000, 300 },
        { "bounce", sd_spring_bounce(), -60, -800, 0 },
        { "over", { 100, 60, 2 }, -80, 500, 20 },
        { "strongly over", { 50, 200, 1 }, 0, 0, 100 },
        { "critical - 1e-3", spring_of(0.3, 1 - 1e-3, 1.5), 10, 300, -40 },
        { "critical + 1e-3", spring_of(0.3, 1 + 1e-3, 1.5), 10, 300, -40 },
        { "critical - 1e-7", spring_of(0.3, 1 - 1e-7, 1.5), 10, 300, -40 },
        { "critical + 1e-7", spring_of(0.3, 1 + 1e-7, 1.5), 10, 300, -40 },
        { "critical - 1e-12", spring_of(0.3, 1 - 1e-12, 1.5), 10, 300, -40 },
    };
    const double h = 1e-5;
    const int steps = 200000, every = 1000;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const spring_case *sc = &cases[c];
        assert_int_equal(sd_spring_validate(&sc->spring, NULL), SD_OK);
        rk_state y = { sc->from, sc->velocity };
        double worst_x = 0, worst_v = 0;
        for (int i = 1; i <= steps; i++) {
            y = rk4_step(&sc->spring, sc->to, y, h);
            if (i % every) continue;
            sd_motion_sample m = sd_spring_sample(&sc->spring, sc->from, sc->velocity, sc->to, i * h);
            worst_x = fmax(worst_x, fabs(m.position - y.x));
            worst_v = fmax(worst_v, fabs(m.velocity - y.v));
        }
        if (!(worst_x <= 1e-6 && worst_v <= 1e-6))
            fail_msg("spring %s: closed form differs from RK4 by %.3g pt, %.3g pt/s", sc->name, worst_x, worst_v);
    }
}

/* Strongly over-damped: the slow decay rate w0^2 / (a + B) (Vieta) must not
 * be computed as a - B, which loses all digits when zeta is large. */
static void test_spring_strongly_overdamped(void **s) {
    (void)s;
    sd_spring sp = { 1, 2e6, 1 }; /* zeta = 1e6 */
    double a = 1e6, beta = sqrt(a * a - 1), slow = 1 / (a + beta), fast = a + beta;
    double ts[] = { 1e3, 1e5, 1e6, 3e6 };
    for (size_t i = 0; i < 4; i++) {
        /* From rest at 100: y = 100 (fast e^(-slow t) - slow e^(-fast t)) / (fast - slow). */
        double want = 100 * fast / (fast - slow) * exp(-slow * ts[i]);
        sd_motion_sample m = sd_spring_sample(&sp, 100, 0, 0, ts[i]);
        assert_true(near_rel(m.position, want, 1e-9));
        assert_true(near_rel(m.velocity, -slow * want, 1e-9));
    }
}

static void test_spring_sample_start_and_end(void **s) {
    (void)s;
    /* Exactly critical in floating point (k/m == (c/2m)^2): huge times stay finite. */
    sd_spring exact = { 4, 4, 1 };
    double huge[] = { 1e20, 1e154, 1e200, 1e300, DBL_MAX };
    for (size_t i = 0; i < 5; i++) {
        sd_motion_sample m = sd_spring_sample(&exact, 3, 1e5, -2, huge[i]);
        assert_true(m.position == -2 && m.velocity == 0);
    }
    sd_spring sp = { 200, 25, 1 };
    double starts[][3] = { { 0.1, 7.3, 0.3 }, { 400, -1500, 100 }, { -1e-7, 3e5, 1e4 } };
    for (size_t i = 0; i < 3; i++) {
        double ts[] = { 0.0, -0.0, -1.0, NAN, -INFINITY };
        for (size_t k = 0; k < 5; k++) {
            sd_motion_sample m = sd_spring_sample(&sp, starts[i][0], starts[i][1], starts[i][2], ts[k]);
            assert_true(same_bits(m.position, starts[i][0]) && same_bits(m.velocity, starts[i][1]));
        }
        sd_motion_sample end = sd_spring_sample(&sp, starts[i][0], starts[i][1], starts[i][2], INFINITY);
        assert_true(end.position == starts[i][2] && end.velocity == 0);
        /* Long after, at rest on the target. */
        end = sd_spring_sample(&sp, starts[i][0], starts[i][1], starts[i][2], 1e9);
        assert_true(end.position == starts[i][2] && end.velocity == 0);
    }
}

/* Through critical damping the motion changes continuously with zeta, and
 * the switch between series and closed form (|q| t^2 = band) leaves no step. */
static void test_spring_continuity_near_critical(void **s) {
    (void)s;
    const double from = 10, v0 = 300, to = -40;
    sd_spring crit = spring_of(0.3, 1.0, 1.5);
    double eps[] = { -1e-3, -1e-6, -1e-9, -1e-12, 1e-12, 1e-9, 1e-6, 1e-3 };
    for (size_t e = 0; e < sizeof eps / sizeof eps[0]; e++) {
        sd_spring sp = spring_of(0.3, 1.0 + eps[e], 1.5);
        for (int i = 0; i <= 400; i++) {
            double t = i * 5e-3;
            sd_motion_sample a = sd_spring_sample(&sp, from, v0, to, t);
            sd_motion_sample b = sd_spring_sample(&crit, from, v0, to, t);
            /* d x / d zeta is of the order of the motion's scale (~100 pt), so |dx| <~ 100 |eps|. */
            assert_true(fabs(a.position - b.position) <= 200 * fabs(eps[e]) + 1e-11);
            assert_true(fabs(a.velocity - b.velocity) <= 4000 * fabs(eps[e]) + 1e-9);
        }
    }
    /* The band edge: either side of t* = sqrt(band / |q|) agree to rounding. */
    double zetas[] = { 1 - 1e-3, 1 + 1e-3, 1 - 0.2, 1 + 0.2 };
    for (size_t z = 0; z < 4; z++) {
        sd_spring sp = spring_of(0.3, zetas[z], 1.5);
        double a = sp.damping / (2 * sp.mass);
        double q = sp.stiffness / sp.mass - a * a;
        double tstar = sqrt(SD_SPRING_CRITICAL_BAND / fabs(q));
        double tl = tstar * (1 - 1e-12), tr = tstar * (1 + 1e-12);
        assert_true(fabs(q) * tl * tl <= SD_SPRING_CRITICAL_BAND); /* series side */
        assert_true(fabs(q) * tr * tr > SD_SPRING_CRITICAL_BAND);  /* closed-form side */
        sd_motion_sample l = sd_spring_sample(&sp, from, v0, to, tl);
        sd_motion_sample r = sd_spring_sample(&sp, from, v0, to, tr);
        /* In 2e-12 t* the motion itself moves by |v| 2e-12 t* < 1e-9. */
        assert_true(fabs(l.position - r.position) <= 1e-9);
        assert_true(fabs(l.velocity - r.velocity) <= 1e-8);
    }
}

static int settled(const sd_spring *sp, double from, double v0, double to, double ptol, double vtol, double t) {
    sd_motion_sample m = sd_spring_sample(sp, from, v0, to, t);
    return fabs(m.position - to) <= ptol && fabs(m.velocity) <= vtol;
}

/* Checks a settle time T: settled just after, not just before; settled on a
 * fine grid for 10 s after T; and T is within one grid step of the last
 * unsettled instant a brute-force 1e-4 s scan finds. Returns T. */
static double check_settle(const char *name, const sd_spring *sp, double from, double v0, double to, double ptol,
                           double vtol) {
    double T = sd_spring_settle_time(sp, from, v0, to, ptol, vtol);
    if (!(T > 0 && isfinite(T))) fail_msg("settle %s: %.17g", name, T);
    double eps = 1e-9 * fmax(1.0, T);
    if (!settled(sp, from, v0, to, ptol, vtol, T + eps)) fail_msg("settle %s: not settled just after %.17g", name, T);
    if (!settled(sp, from, v0, to, ptol, vtol, T)) fail_msg("settle %s: not settled at %.17g", name, T);
    if (settled(sp, from, v0, to, ptol, vtol, T - eps)) fail_msg("settle %s: already settled before %.17g", name, T);
    for (int i = 1; i <= 100000; i++)
        if (!settled(sp, from, v0, to, ptol, vtol, T + i * 1e-4))
            fail_msg("settle %s: unsettled again at %.17g", name, T + i * 1e-4);
    double last = -1;
    for (int i = 0; i * 1e-4 < T + 1.0; i++)
        if (!settled(sp, from, v0, to, ptol, vtol, i * 1e-4)) last = i * 1e-4;
    if (!(last >= 0 && last < T && T - last <= 1e-4 + 1e-12))
        fail_msg("settle %s: T %.17g, last unsettled grid time %.17g", name, T, last);
    return T;
}

static void test_spring_settle_time(void **s) {
    (void)s;
    sd_spring under = { 200, 10, 1 };
    /* Overshoots several times; the position decides. */
    double T = check_settle("under, position", &under, 0, 0, 100, 0.5, 50);
    sd_motion_sample m = sd_spring_sample(&under, 0, 0, 100, T * (1 - 1e-9));
    assert_true(fabs(m.position - 100) > 0.5);
    /* A tight velocity tolerance: the velocity decides. */
    T = check_settle("under, velocity", &under, 0, 0, 100, 5, 0.01);
    m = sd_spring_sample(&under, 0, 0, 100, T * (1 - 1e-9));
    assert_true(fabs(m.velocity) > 0.01 && fabs(m.position - 100) <= 5);

    sd_spring sheet = { 200, 25, 1 };
    check_settle("sheet", &sheet, 400, -1500, 100, 0.5, 1);
    sd_spring bounce = sd_spring_bounce();
    check_settle("bounce", &bounce, -60, -800, 0, 0.5, 1);
    /* Over-damped, thrown away from the target first. */
    sd_spring over = { 100, 60, 2 };
    check_settle("over, thrown away", &over, 0, -3000, 100, 0.5, 1);
    check_settle("strongly over", &(sd_spring){ 50, 200, 1 }, 0, 0, 100, 0.1, 0.1);
    sd_spring near = spring_of(0.3, 1 - 1e-6, 1.5);
    check_settle("near critical", &near, 10, 300, -40, 0.01, 0.1);
    sd_spring light = spring_of(0.5, 0.05, 1);
    check_settle("lightly damped", &light, 0, 0, 100, 0.5, 1);
    /* Critically and over-damped motions whose deciding value starts inside
     * its tolerance and leaves it later: a kick at the target (the position
     * goes out and comes back), and a release from rest with a tight velocity
     * tolerance (the velocity starts at 0, peaks, then decays). */
    check_settle("bounce, kicked at the edge", &bounce, 0, 500, 0, 0.5, 1);
    check_settle("bounce, velocity decides", &bounce, 0, 0, 100, 5, 0.001);
    check_settle("over, kicked at the target", &over, 100, 800, 100, 0.2, 0.5);
    check_settle("over, velocity decides", &over, 0, 0, 100, 20, 0.01);
    check_settle("near critical, kicked", &near, -40, -250, -40, 0.01, 0.1);
    /* A tolerance just under the largest excursion: only the peak itself is
     * outside, so the settle time hinges on finding that extremum exactly. */
    struct { const char *name; sd_spring sp; double from, v0, to; } peaks[] = {
        { "bounce, barely out", sd_spring_bounce(), 0, 500, 0 },
        { "over, barely out", { 100, 60, 2 }, 100, 800, 100 },
        { "under, first overshoot barely out", { 200, 10, 1 }, 0, 0, 100 },
        { "near critical, barely out", spring_of(0.3, 1 - 1e-6, 1.5), -40, -250, -40 },
    };
    for (size_t i = 0; i < sizeof peaks / sizeof peaks[0]; i++) {
        double peak = 0, at = 0;
        for (int k = 1; k <= 200000; k++) {
            double off = fabs(sd_spring_sample(&peaks[i].sp, peaks[i].from, peaks[i].v0, peaks[i].to, k * 1e-5).position -
                              peaks[i].to);
            if (k * 1e-5 > 0.01 && off > peak) peak = off, at = k * 1e-5;
        }
        double T = check_settle(peaks[i].name, &peaks[i].sp, peaks[i].from, peaks[i].v0, peaks[i].to, (1 - 1e-5) * peak,
                                INFINITY);
        assert_true(T > at && T < at + 0.1); /* just after the peak */
    }

    /* Already within both tolerances for good: 0. */
    assert_true(sd_spring_settle_time(&bounce, 0.1, 0.1, 0, 1, 1) == 0.0);
    assert_true(sd_spring_settle_time(&under, 5, 0, 5, 0.1, 0.1) == 0.0);
    /* Undamped: never settles unless its whole swing fits the tolerances. */
    sd_spring undamped = { 40, 0, 1 };
    assert_true(isinf(sd_spring_settle_time(&undamped, 0, 0, 10, 0.5, 1)));
    assert_true(sd_spring_settle_time(&undamped, 10.01, 0, 10, 0.5, 1) == 0.0);
    /* Tolerances must be > 0. */
    assert_true(isinf(sd_spring_settle_time(&under, 0, 0, 100, 0, 1)));
    assert_true(isinf(sd_spring_settle_time(&under, 0, 0, 100, 0.5, NAN)));
    /* A huge tolerance is met at once. */
    assert_true(sd_spring_settle_time(&under, 0, 0, 100, INFINITY, INFINITY) == 0.0);
}

static void test_spring_batch(void **s) {
    (void)s;
    sd_spring sp = { 200, 25, 1 };
    double times[50], pos[50], vel[50];
    for (int i = 0; i < 50; i++) times[i] = (i - 1) * (1.0 / 60);
    sd_error err;
    assert_int_equal(sd_spring_sample_batch(&sp, 400, -1500, 100, times, 50, pos, vel, &err), SD_OK);
    for (int i = 0; i < 50; i++) {
        sd_motion_sample m = sd_spring_sample(&sp, 400, -1500, 100, times[i]);
        assert_true(same_bits(pos[i], m.position) && same_bits(vel[i], m.velocity));
    }
    assert_int_equal(sd_spring_sample_batch(&sp, 400, -1500, 100, times, 50, pos, NULL, NULL), SD_OK);
    for (int i = 0; i < 50; i++) pos[i] = vel[i] = 9;
    sd_spring bad = { 200, -1, 1 };
    expect_error(sd_spring_sample_batch(&bad, 400, -1500, 100, times, 50, pos, vel, &err), &err, SD_ERR_NEGATIVE,
                 "damping");
    expect_error(sd_spring_sample_batch(NULL, 400, -1500, 100, times, 50, pos, vel, &err), &err, SD_ERR_NULL,
                 "spring");
    expect_error(sd_spring_sample_batch(&sp, NAN, -1500, 100, times, 50, pos, vel, &err), &err, SD_ERR_NOT_FINITE,
                 "from");
    expect_error(sd_spring_sample_batch(&sp, 400, INFINITY, 100, times, 50, pos, vel, &err), &err,
                 SD_ERR_NOT_FINITE, "velocity");
    expect_error(sd_spring_sample_batch(&sp, 400, -1500, -INFINITY, times, 50, pos, vel, &err), &err,
                 SD_ERR_NOT_FINITE, "to");
    expect_error(sd_spring_sample_batch(&sp, 400, -1500, 100, NULL, 50, pos, vel, &err), &err, SD_ERR_NULL,
                 "times");
    expect_error(sd_spring_sample_batch(&sp, 400, -1500, 100, times, 50, NULL, vel, &err), &err, SD_ERR_NULL,
                 "positions");
    for (int i = 0; i < 50; i++) assert_true(pos[i] == 9 && vel[i] == 9);
}

/* ======================================================================== */
/* Timing curves                                                            */
/* ======================================================================== */

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

/* ======================================================================== */
/* Fuzzer findings (Tests/Fuzz/fuzz_motion.c), each reduced to one call      */
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

/* M3: stiffness / mass (5e-34) far below (damping / 2 mass)^2 (0.25): the
 * slow over-damped mode was lost in the extremum search, and the settle time
 * came out as 11.64 s with the spring still 113239 pt away. The slow mode
 * decays at l1 = 5e-34 / s, so the position stays out past 1e15 s. */
static void test_finding_m3_settle_time_keeps_slow_mode(void **s) {
    (void)s;
    sd_spring sp = { 1e-30, 2000, 2000 };
    assert_int_equal(sd_spring_validate(&sp, NULL), SD_OK);
    double T = sd_spring_settle_time(&sp, 0, -113240, 0, 0.5, 1);
    if (!isinf(T)) fail_msg("M3: settle time %.17g, expected INFINITY", T);
    /* It moves v / 2B = 113240 pt out on the fast mode and stays there. */
    assert_true(near_rel(sd_spring_sample(&sp, 0, -113240, 0, 100).position, -113240, 1e-12));
    assert_true(near_rel(sd_spring_sample(&sp, 0, -113240, 0, 1e15).position, -113240, 1e-12));
    /* The same kind of spring with a slow mode that does settle within 1e15 s:
     * a = 1000, l1 = 1e-11 / 2000, amplitude v / 2B = 50 pt, so the position
     * falls to 0.5 pt at ln(100) / l1 = 9.21e14 s (the velocity long before). */
    sd_spring slow = { 1e-11, 2000, 1 };
    double want = log(100) / (1e-11 / 2000);
    T = sd_spring_settle_time(&slow, 0, 1e5, 0, 0.5, 1);
    if (!near_rel(T, want, 1e-9)) fail_msg("M3: settle time %.17g, expected %.17g", T, want);
    assert_true(settled(&slow, 0, 1e5, 0, 0.5, 1, T));
    assert_true(!settled(&slow, 0, 1e5, 0, 0.5, 1, T * (1 - 1e-9)));
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

/* M5: an under-damped spring so heavy (zeta 1.5e-18) that its first extremum
 * comes at 5e17 s: the search only looked at extrema before 1e15 s, found
 * none, and said 0 although the motion leaves the tolerance at once (1 pt
 * out at t = 10 s) and is still out at 1e15 s. */
static void test_finding_m5_settle_time_extremum_past_horizon(void **s) {
    (void)s;
    sd_spring sp = { 0.10000000000000001, 0.10000000000000001, 1.0384593717069655e+34 };
    assert_int_equal(sd_spring_validate(&sp, NULL), SD_OK);
    double T = sd_spring_settle_time(&sp, 1638.375, 0.1, 1638.375, 0.5, 1);
    if (!isinf(T)) fail_msg("M5: settle time %.17g, expected INFINITY", T);
    assert_true(same_bits(sd_spring_sample(&sp, 1638.375, 0.1, 1638.375, 10).position, 1639.375));
    assert_true(sd_spring_sample(&sp, 1638.375, 0.1, 1638.375, 1e15).position - 1638.375 > 0.5);
}

/* M6: a strongly over-damped spring (a = 1.18e139 / s, slow rate 5 / s)
 * thrown at 3.13e105 pt/s. Evaluated as e^(-a t) (P cosh + Q sinh / B), the
 * slow velocity -l1 A1 (about 6.6e-34 pt/s) was the difference of two terms
 * of 1.6e105 and came out as rounding noise: -5.4e67 pt/s at t = 10 s, after
 * a settle time of 1.5e-138 s. */
static void test_finding_m6_slow_velocity_without_cancellation(void **s) {
    (void)s;
    sd_spring sp = { 5.0000000000000009, 1, 4.2366408974578038e-140 };
    const double from = -1349.375, v0 = -3.1299510524099795e+105;
    assert_int_equal(sd_spring_validate(&sp, NULL), SD_OK);
    double a = sp.damping / (2 * sp.mass), w0sq = sp.stiffness / sp.mass;
    double beta = sqrt(a * a - w0sq), l1 = w0sq / (a + beta);
    /* From the target: y = A1 (e^(-l1 t) - e^(-l2 t)), A1 = v0 / 2B. */
    double amp = v0 / (2 * beta);
    sd_motion_sample m = sd_spring_sample(&sp, from, v0, from, 10);
    double want = -l1 * amp * exp(-l1 * 10); /* about 1.3e-55 pt/s */
    if (!near_rel(m.velocity, want, 1e-9)) fail_msg("M6: velocity %.17g, expected %.17g", m.velocity, want);
    assert_true(m.position == from);
    double T = sd_spring_settle_time(&sp, from, v0, from, 0.5, 1);
    assert_true(T > 0 && T < 1e-130);
    assert_true(settled(&sp, from, v0, from, 0.5, 1, T) && settled(&sp, from, v0, from, 0.5, 1, 10));
}

/* M7: a strongly over-damped spring (stiffness / mass 4.1e-108, a = 0.075)
 * released from rest exactly at the position tolerance, 0.5 pt from its
 * target. It creeps back at 2.7e-107 / s, so the position stays -0.5; the
 * near-critical series (used while |q| t^2 <= 0.1) rounded it to
 * -0.50000000000000011 at t = 0.01 s, outside the tolerance after a settle
 * time of 0. A motion whose two modes do not cancel at the start is now
 * evaluated as those modes at every time, which keeps it at -0.5. */
static void test_finding_m7_overdamped_from_rest_stays_put(void **s) {
    (void)s;
    sd_spring sp = { 8.1976513751814539e-105, 300, 2000 };
    assert_int_equal(sd_spring_validate(&sp, NULL), SD_OK);
    assert_true(sd_spring_settle_time(&sp, -0.5, 0, 0, 0.5, 0.0625) == 0.0);
    const double ts[] = { 0.01, 1, 1e3, 1e15 };
    for (size_t i = 0; i < 4; i++) {
        sd_motion_sample m = sd_spring_sample(&sp, -0.5, 0, 0, ts[i]);
        if (!same_bits(m.position, -0.5)) fail_msg("M7: position %.17g at %g", m.position, ts[i]);
        assert_true(fabs(m.velocity) < 1e-100);
    }
    /* Only where the modes do not cancel: with a = 3.8e-47 / s both rates are
     * tiny, the amplitudes (v / 2B = 4.4e45 pt) cancel to the motion y0 + v t
     * for all of 1e15 s, and the series keeps it exact. */
    sd_spring drift = { 2.0240401720623619e-102, 1.5197906138783338e-47, 0.20000000000000001 };
    const double from = 795, v0 = 0.33333333333333331, to = 0.33333333333333331;
    assert_true(near_rel(sd_spring_sample(&drift, from, v0, to, 1e3).position, from + v0 * 1e3, 1e-12));
    assert_true(near_rel(sd_spring_sample(&drift, from, v0, to, 1e15).position, from + v0 * 1e15, 1e-12));
    assert_true(isinf(sd_spring_settle_time(&drift, from, v0, to, 0.015625, 2.4375)));
}

static void test_struct_sizes(void **s) {
    (void)s;
    assert_int_equal(sizeof(sd_motion_sample), 16);
    assert_int_equal(sizeof(sd_spring), 24);
    assert_int_equal(sizeof(sd_timing_curve), 32);
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
        cmocka_unit_test(test_spring_validate),
        cmocka_unit_test(test_spring_from_response),
        cmocka_unit_test(test_spring_bounce),
        cmocka_unit_test(test_spring_matches_integration),
        cmocka_unit_test(test_spring_strongly_overdamped),
        cmocka_unit_test(test_spring_sample_start_and_end),
        cmocka_unit_test(test_spring_continuity_near_critical),
        cmocka_unit_test(test_spring_settle_time),
        cmocka_unit_test(test_spring_batch),
        cmocka_unit_test(test_timing_validate),
        cmocka_unit_test(test_timing_constants),
        cmocka_unit_test(test_timing_values),
        cmocka_unit_test(test_timing_monotone_and_endpoints),
        cmocka_unit_test(test_timing_linear_is_identity),
        cmocka_unit_test(test_timing_hard_curves),
        cmocka_unit_test(test_timing_matches_bisection),
        cmocka_unit_test(test_timing_batch),
        cmocka_unit_test(test_no_nan_for_finite_input),
        cmocka_unit_test(test_finding_m1_rubber_band_inverse_huge_dimension),
        cmocka_unit_test(test_finding_m2_timing_curve_huge_control_points),
        cmocka_unit_test(test_finding_m3_settle_time_keeps_slow_mode),
        cmocka_unit_test(test_finding_m4_time_to_reach_rest_at_huge_velocity),
        cmocka_unit_test(test_finding_m5_settle_time_extremum_past_horizon),
        cmocka_unit_test(test_finding_m6_slow_velocity_without_cancellation),
        cmocka_unit_test(test_finding_m7_overdamped_from_rest_stays_put),
        cmocka_unit_test(test_struct_sizes),
    };
    return cmocka_run_group_tests_name("motion", tests, NULL, NULL);
}
