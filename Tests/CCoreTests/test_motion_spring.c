/* test_motion_spring.c — cmocka tests of damped springs (CCore/motion_spring.c). */
#include "motion_support.h"
#include "../../CCore/motion_internal.h"

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
    /* The scroll view's tolerances: the velocity settles first, and the
     * second search is skipped when that is certain (settled_after). Around
     * the velocity at the position's settle time the tolerance decides
     * which search counts; every answer is the same characterization. */
    check_settle("bounce, scroll view's tolerances", &bounce, -60, -800, 0, SD_SCROLL_REST_DISTANCE,
                 SD_SCROLL_REST_VELOCITY);
    T = check_settle("bounce from the edge", &bounce, 0, 3000, 0, SD_SCROLL_REST_DISTANCE, 1e9);
    const double v_at = fabs(sd_spring_sample(&bounce, 0, 3000, 0, T).velocity);
    assert_true(sd_spring_settle_time(&bounce, 0, 3000, 0, SD_SCROLL_REST_DISTANCE, SD_SCROLL_REST_VELOCITY) == T);
    assert_true(sd_spring_settle_time(&bounce, 0, 3000, 0, SD_SCROLL_REST_DISTANCE, v_at * (1 + 1e-15)) == T);
    assert_true(sd_spring_settle_time(&bounce, 0, 3000, 0, SD_SCROLL_REST_DISTANCE, v_at) == T);
    const double later =
        check_settle("bounce, velocity just out", &bounce, 0, 3000, 0, SD_SCROLL_REST_DISTANCE, v_at * (1 - 1e-12));
    assert_true(later > T && later < T * (1 + 1e-6));
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

/* Under-damped springs of every ringing, released from far and near with
 * any velocity: the settle time is the last bit after which both tolerances
 * hold for good, as sd_spring_sample computes the motion (checked at the
 * time, just before it, and at 200 times after it). The time searched is
 * the one whose envelope reaches its tolerance later; the other is then
 * only bounded, which must never hide a later exceedance. */
static void test_spring_settle_time_underdamped_property(void **s) {
    (void)s;
    uint64_t state = 0x9E3779B97F4A7C15u;
    int checked = 0;
    for (int i = 0; i < 3000; i++) {
        double r[6];
        for (int k = 0; k < 6; k++) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            r[k] = (double)(state >> 11) * 0x1p-53;
        }
        sd_spring sp;
        assert_int_equal(sd_spring_from_response(0.1 + 1.5 * r[0], 0.05 + 0.94 * r[1], 1, &sp, NULL), SD_OK);
        const double to = 400, from = to + (r[2] * 2 - 1) * pow(10, r[3] * 3);
        const double v = (r[4] * 2 - 1) * pow(10, r[5] * 4);
        const double pt = 0.5, vt = 1.0;
        const double t = sd_spring_settle_time(&sp, from, v, to, pt, vt);
        assert_true(isfinite(t) && t >= 0);
        if (t == 0) continue;
        sd_motion_sample at = sd_spring_sample(&sp, from, v, to, t);
        assert_true(fabs(at.position - to) <= pt && fabs(at.velocity) <= vt);
        sd_motion_sample before = sd_spring_sample(&sp, from, v, to, nextafter(t, 0));
        assert_true(fabs(before.position - to) > pt || fabs(before.velocity) > vt);
        for (int k = 1; k <= 200; k++) {
            sd_motion_sample later = sd_spring_sample(&sp, from, v, to, t + t * k / 50.0);
            assert_true(fabs(later.position - to) <= pt && fabs(later.velocity) <= vt);
        }
        checked++;
    }
    assert_true(checked > 2500);
}

/* The settle time's bisection reads most midpoints' sides off a bound
 * (motion_spring.c, bisect_crossing_bounded); the answer must be the plain
 * search's to the last bit: over random springs (mostly under-damped, some
 * barely, some critically and over-damped), throws, targets and
 * tolerances, and the sheet's default spring with its own tolerances. */
static void test_spring_settle_time_bounded_search_is_the_search(void **s) {
    (void)s;
    rng_state = 0x243F6A8885A308D3ull;
    int bounded = 0;
    for (int i = 0; i < 40000; i++) {
        sd_spring sp;
        const int kind = i % 8;
        if (kind == 0) {
            sp = (sd_spring){ 200, 25, 1 }; /* the sheet's */
        } else {
            const double zeta = kind == 1 ? uniform(0.9, 1.6) : kind == 2 ? uniform(0.999, 1.0) : uniform(0.01, 0.95);
            assert_int_equal(sd_spring_from_response(uniform(0.05, 2.0), zeta, uniform(0.2, 5), &sp, NULL), SD_OK);
        }
        const double to = uniform(-2000, 2000), from = to + uniform(-1, 1) * pow(10, uniform(-3, 3.5));
        const double v = uniform(-1, 1) * pow(10, uniform(-3, 4));
        const double pt = kind == 0 ? SD_SHEET_SETTLE_POSITION : pow(10, uniform(-4, 1));
        const double vt = kind == 0 ? SD_SHEET_SETTLE_VELOCITY : pow(10, uniform(-4, 1.5));
        const double fast = sd_spring_settle_time(&sp, from, v, to, pt, vt);
        const double plain = sd__spring_settle_time_searched(&sp, from, v, to, pt, vt);
        if (!same_bits(fast, plain))
            fail_msg("case %d: spring {%.17g, %.17g, %.17g} from %.17g v %.17g to %.17g tolerances %.17g %.17g: "
                     "%.17g against the plain search's %.17g",
                     i, sp.stiffness, sp.damping, sp.mass, from, v, to, pt, vt, fast, plain);
        bounded += sd_spring_damping_ratio(&sp) < 1 && fast > 0 && isfinite(fast);
    }
    assert_true(bounded > 20000); /* the bounded search ran, not only the plain one */
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
/* Fuzzer findings (Tests/Fuzz/fuzz_motion.c), each reduced to one call     */
/* ======================================================================== */

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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spring_validate),
        cmocka_unit_test(test_spring_from_response),
        cmocka_unit_test(test_spring_bounce),
        cmocka_unit_test(test_spring_matches_integration),
        cmocka_unit_test(test_spring_strongly_overdamped),
        cmocka_unit_test(test_spring_sample_start_and_end),
        cmocka_unit_test(test_spring_continuity_near_critical),
        cmocka_unit_test(test_spring_settle_time),
        cmocka_unit_test(test_spring_settle_time_underdamped_property),
        cmocka_unit_test(test_spring_settle_time_bounded_search_is_the_search),
        cmocka_unit_test(test_spring_batch),
        cmocka_unit_test(test_finding_m3_settle_time_keeps_slow_mode),
        cmocka_unit_test(test_finding_m5_settle_time_extremum_past_horizon),
        cmocka_unit_test(test_finding_m6_slow_velocity_without_cancellation),
        cmocka_unit_test(test_finding_m7_overdamped_from_rest_stays_put),
    };
    return cmocka_run_group_tests_name("motion", tests, NULL, NULL);
}
