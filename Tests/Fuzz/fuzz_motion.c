/*
 * fuzz_motion.c — libFuzzer harness of the motion math (CCore/motion_*.c,
 * velocity.c): deceleration, rubber band, springs, bezier timing curves and
 * the release velocity tracker.
 *
 * Each step picks one of the five, parameters from any doubles (NaN,
 * infinities, huge, denormal, negative zero) or from plausible ones, and
 * checks:
 *  - the validators accept exactly what the header's rules allow, and a
 *    rejection names the field the header names, with a rule;
 *  - for validated parameters and finite times, no output is NaN, and every
 *    output is finite whenever the true result is a double (a deceleration
 *    whose travel exceeds DBL_MAX cannot rest at a finite position; the
 *    header leaves springs whose inputs' products leave double range out,
 *    see `spring_in_range`);
 *  - t <= 0 (or NaN) gives the start exactly, and every motion ends: a
 *    deceleration stops at its stop time (velocity 0 from then on), a damped
 *    spring settles at its settle time (within the tolerances there and at
 *    later times), t = +inf gives the spring's target at rest;
 *  - deceleration moves one way only and never speeds up; the rubber band is
 *    odd, monotone and bounded by the dimension; a timing curve starts at 0,
 *    ends at 1 and stays within its control points' hull;
 *  - the batch entry points give the single-sample bits;
 *  - the velocity tracker refuses non-finite and out-of-order samples
 *    without a change, and its estimate is finite, within SD_VELOCITY_MAX,
 *    and 0 past the 40 ms stop gap.
 */
#define FZ_HARNESS "fuzz_motion"
#include "fuzz_common.h"

static int step;

/* A finite time that is often near the interesting instants. */
static double read_time(fz_reader *r, double around) {
    switch (fz_pick(r, 6)) {
    case 0: return fz_finite(r); /* NaN and infinite times are checked on their own */
    case 1: return around;
    case 2: return around + (double)((int)fz_u8(r) - 128) / 1000.0;
    case 3: return nextafter(around, INFINITY);
    case 4: return nextafter(around, -INFINITY);
    default: return (double)fz_u8(r) / 60.0;
    }
}

static double read_rate(fz_reader *r) {
    switch (fz_pick(r, 4)) {
    case 0: return SD_DECELERATION_RATE_NORMAL;
    case 1: return SD_DECELERATION_RATE_FAST;
    case 2: return (double)(fz_u8(r) + 1) / 258.0; /* (0, 1) */
    default: return fz_double(r);
    }
}

/* A velocity in points per second: plausible or anything. */
static double read_velocity(fz_reader *r) {
    if (fz_pick(r, 3)) return (double)(int16_t)(fz_u32(r) & 0xFFFF) * 4.0;
    return fz_double(r);
}

static void deceleration_step(fz_reader *r) {
    double from = fz_pick(r, 2) ? fz_finite(r) : fz_double(r);
    double v = read_velocity(r);
    double rate = read_rate(r);
    sd_error err;
    sd_status st = sd_deceleration_validate(from, v, rate, &err);
    const char *want = !isfinite(from) ? "from" : !isfinite(v) ? "velocity" : !isfinite(rate) ? "rate"
                       : !(rate > 0 && rate < 1) ? "rate" : NULL;
    if (want) {
        FZ_CHECK(fz_report_ok(&err, st) && strcmp(err.field, want) == 0, "deceleration: wrong rejection");
        FZ_CHECK(st == (!isfinite(from) || !isfinite(v) || !isfinite(rate) ? SD_ERR_NOT_FINITE : SD_ERR_RANGE),
                 "deceleration: wrong status");
        double t = 0.5, pos = 12345;
        FZ_CHECK(sd_deceleration_sample_batch(from, v, rate, &t, 1, &pos, NULL, NULL) == st && pos == 12345,
                 "deceleration batch accepted what validate rejects, or wrote output");
        return;
    }
    FZ_CHECK(st == SD_OK && fz_report_clean(&err), "deceleration: valid parameters rejected");

    double ts = sd_deceleration_stop_time(v, rate);
    FZ_CHECK(isfinite(ts) && ts >= 0, "deceleration: stop time not finite or negative (does not end)");
    if (fabs(v) <= SD_DECELERATION_STOP_VELOCITY) FZ_CHECK(ts == 0, "deceleration: slow release moves");
    double rest = sd_deceleration_rest_position(from, v, rate);
    double proj = sd_deceleration_projection(from, v, rate);
    /* The distance travelled is about |v / k|, k = 1000 ln(rate): when that or
     * the start is near DBL_MAX the true rest position is not a double, and
     * only "no NaN" can hold. */
    int fits = fabs(from) <= 1e300 && fabs(v) <= 1e300 * fabs(1000.0 * log(rate));
    FZ_CHECK(!isnan(rest) && !isnan(proj), "deceleration: NaN rest position or projection");
    if (fits) FZ_CHECK(isfinite(rest) && isfinite(proj), "deceleration: rest position or projection not finite");

    sd_motion_sample s0 = sd_deceleration_sample(from, v, rate, 0);
    FZ_CHECK(fz_same_double(s0.position, from) && fz_same_double(s0.velocity, v), "deceleration: t = 0 not the start");
    sd_motion_sample sn = sd_deceleration_sample(from, v, rate, NAN);
    FZ_CHECK(fz_same_double(sn.position, from) && fz_same_double(sn.velocity, v), "deceleration: NaN t not the start");
    /* t <= 0 is the start even when the stop time is 0 (a release too slow to move). */
    sd_motion_sample se = sd_deceleration_sample(from, v, rate, ts > 0 ? ts : DBL_MIN);
    FZ_CHECK(se.velocity == 0 && fz_same_double(se.position, rest), "deceleration: not at rest at its stop time");
    sd_motion_sample sl = sd_deceleration_sample(from, v, rate, ts + 1e6);
    FZ_CHECK(sl.velocity == 0 && fz_same_double(sl.position, rest), "deceleration: moves after its stop time");

    double t1 = read_time(r, ts), t2 = read_time(r, ts);
    if (t2 < t1) { double x = t1; t1 = t2; t2 = x; }
    sd_motion_sample a = sd_deceleration_sample(from, v, rate, t1);
    sd_motion_sample b = sd_deceleration_sample(from, v, rate, t2);
    FZ_CHECK(!isnan(a.position) && !isnan(a.velocity) && !isnan(b.position) && !isnan(b.velocity),
             "deceleration: NaN sample");
    if (fits)
        FZ_CHECK(isfinite(a.position) && isfinite(a.velocity) && isfinite(b.position) && isfinite(b.velocity),
                 "deceleration: sample not finite");
    if (fz_trace) fprintf(stderr, "decel v %.17g rate %.17g t1 %.17g v1 %.17g t2 %.17g v2 %.17g\n", v, rate, t1, a.velocity, t2, b.velocity);
    FZ_CHECK(fabs(a.velocity) <= fabs(v) && fabs(b.velocity) <= fabs(a.velocity), "deceleration: speeds up");
    FZ_CHECK(a.velocity * v >= 0 && b.velocity * v >= 0, "deceleration: velocity changed sign");
    if (fz_trace)
        fprintf(stderr, "decel from %.17g v %.17g rate %.17g ts %.17g rest %.17g t1 %.17g x %.17g t2 %.17g x %.17g\n",
                from, v, rate, ts, rest, t1, a.position, t2, b.position);
    /* One way only, up to rounding: the sampled curve and the closed-form rest
     * position are two formulas and may disagree in the last bits. */
    double slack = 1e-12 * (fabs(rest - from) + fabs(from));
    if (fits && v > 0) FZ_CHECK(a.position >= from - slack && b.position >= a.position - slack && b.position <= rest + slack,
                        "deceleration: moves backwards or past its rest");
    if (fits && v < 0) FZ_CHECK(a.position <= from + slack && b.position <= a.position + slack && b.position >= rest - slack,
                        "deceleration: moves backwards or past its rest");

    double times[2] = { t1, t2 }, pos[2], vel[2];
    FZ_CHECK(sd_deceleration_sample_batch(from, v, rate, times, 2, pos, vel, NULL) == SD_OK,
             "deceleration batch rejected valid input");
    FZ_CHECK(fz_same_double(pos[0], a.position) && fz_same_double(pos[1], b.position) &&
                 fz_same_double(vel[0], a.velocity) && fz_same_double(vel[1], b.velocity),
             "deceleration batch differs from sample");

    double target = fz_pick(r, 2) ? sd_lerp(from, rest, (double)fz_u8(r) / 255.0) : fz_finite(r);
    double tr = sd_deceleration_time_to_reach(from, v, rate, target);
    if (fz_trace || isnan(tr))
        fprintf(stderr, "decel from %.17g v %.17g rate %.17g target %.17g reach %.17g\n", from, v, rate, target, tr);
    FZ_CHECK(!isnan(tr) && tr >= 0, "deceleration: time to reach NaN or negative");
    if (isfinite(tr)) FZ_CHECK(tr <= ts || target == from, "deceleration: reaches a point after stopping");
}

static void rubber_band_step(fz_reader *r) {
    double d = fz_pick(r, 2) ? (double)(fz_u8(r) + 1) * 4.0 : fz_double(r);
    sd_error err;
    sd_status st = sd_rubber_band_validate(d, &err);
    if (!isfinite(d) || !(d > 0)) {
        FZ_CHECK(fz_report_ok(&err, st) && strcmp(err.field, "dimension") == 0, "rubber band: wrong rejection");
        FZ_CHECK(st == (isfinite(d) ? SD_ERR_NEGATIVE : SD_ERR_NOT_FINITE), "rubber band: wrong status");
        double x = 1, out = 12345;
        FZ_CHECK(sd_rubber_band_batch(&x, 1, d, &out, NULL) == st && out == 12345,
                 "rubber band batch accepted a bad dimension or wrote output");
        return;
    }
    FZ_CHECK(st == SD_OK && fz_report_clean(&err), "rubber band: valid dimension rejected");
    double x1 = fz_finite(r), x2 = fz_pick(r, 2) ? fz_finite(r) : nextafter(x1, INFINITY);
    if (x2 < x1) { double t = x1; x1 = x2; x2 = t; }
    double f1 = sd_rubber_band(x1, d), f2 = sd_rubber_band(x2, d);
    FZ_CHECK(isfinite(f1) && isfinite(f2), "rubber band: not finite");
    FZ_CHECK(fabs(f1) <= d && fabs(f2) <= d, "rubber band: past the dimension");
    /* Monotone up to rounding: neighbouring offsets may come out an ulp or two apart the wrong way. */
    FZ_CHECK(f1 <= f2 + 4 * (nextafter(fabs(f2), INFINITY) - fabs(f2)), "rubber band: not monotone");
    FZ_CHECK(fz_same_double(sd_rubber_band(-x1, d), -f1), "rubber band: not odd");
    FZ_CHECK((x1 > 0) == (f1 > 0) || f1 == 0, "rubber band: wrong sign");
    /* Concave with slope c at 0: |f| <= c |x|, up to the roundings of u = |x| c / d
     * (exact only while u is a normal number). */
    if (fabs(x1) * SD_RUBBER_BAND_COEFFICIENT / d >= DBL_MIN)
        FZ_CHECK(fabs(f1) <= fabs(x1) * SD_RUBBER_BAND_COEFFICIENT * (1 + 1e-15), "rubber band: steeper than c");
    double inv = sd_rubber_band_inverse(f1, d);
    FZ_CHECK(!isnan(inv), "rubber band inverse: NaN");
    /* Its true value is x1, finite; rounding may push it past DBL_MAX near the top. */
    if (fabs(f1) < d && fabs(x1) <= DBL_MAX / 4)
        FZ_CHECK(isfinite(inv), "rubber band inverse: not finite inside the dimension");
    double xs[2] = { x1, x2 }, out[2];
    FZ_CHECK(sd_rubber_band_batch(xs, 2, d, out, NULL) == SD_OK, "rubber band batch rejected valid input");
    FZ_CHECK(fz_same_double(out[0], f1) && fz_same_double(out[1], f2), "rubber band batch differs");
}

static int spring_expected(const sd_spring *s, const char **field, sd_status *st) {
    if (!isfinite(s->stiffness)) { *field = "stiffness"; *st = SD_ERR_NOT_FINITE; return 0; }
    if (!isfinite(s->damping)) { *field = "damping"; *st = SD_ERR_NOT_FINITE; return 0; }
    if (!isfinite(s->mass)) { *field = "mass"; *st = SD_ERR_NOT_FINITE; return 0; }
    if (!(s->stiffness > 0)) { *field = "stiffness"; *st = SD_ERR_NEGATIVE; return 0; }
    if (!(s->damping >= 0)) { *field = "damping"; *st = SD_ERR_NEGATIVE; return 0; }
    if (!(s->mass > 0)) { *field = "mass"; *st = SD_ERR_NEGATIVE; return 0; }
    double w2 = s->stiffness / s->mass;
    if (!(isfinite(w2) && w2 > 0)) { *field = "stiffness"; *st = SD_ERR_RANGE; return 0; }
    /* Checked by motion_*.c but not listed in motion.h (reported). */
    double a = s->damping / (2.0 * s->mass);
    if (!isfinite(a * a)) { *field = "damping"; *st = SD_ERR_RANGE; return 0; }
    *field = NULL;
    *st = SD_OK;
    return 1;
}

/*
 * The header promises no NaN "while the products of the inputs stay within
 * double range". The finiteness checks below hold the spring to that: its
 * coefficients, distance and velocity, and their products with each other,
 * must be well inside double range.
 */
static int spring_in_range(const sd_spring *s, double from, double v, double to) {
    const double lim = 1e150;
    double vals[6] = { s->stiffness, s->damping, s->mass, from, v, to };
    for (int i = 0; i < 6; i++) if (fabs(vals[i]) > lim || (vals[i] != 0 && fabs(vals[i]) < 1 / lim)) return 0;
    return 1;
}

static sd_spring read_spring(fz_reader *r) {
    sd_spring s;
    switch (fz_pick(r, 4)) {
    case 0: s = (sd_spring){ 200, 25, 1 }; break;
    case 1: s = sd_spring_bounce(); break;
    case 2:
        s.stiffness = (double)(fz_u8(r) + 1) * 4.0;
        s.damping = (double)fz_u8(r) / 4.0;
        s.mass = (double)(fz_u8(r) + 1) / 16.0;
        break;
    default:
        s.stiffness = fz_double(r);
        s.damping = fz_double(r);
        s.mass = fz_double(r);
    }
    return s;
}

static void spring_step(fz_reader *r) {
    sd_spring s = read_spring(r);
    sd_error err;
    const char *want;
    sd_status want_st;
    int valid = spring_expected(&s, &want, &want_st);
    sd_status st = sd_spring_validate(&s, &err);
    FZ_CHECK(st == want_st, "spring: validate disagrees with the header's rules");
    if (!valid) {
        FZ_CHECK(fz_report_ok(&err, st) && strcmp(err.field, want) == 0, "spring: wrong field named");
        double t = 0.1, pos = 12345;
        FZ_CHECK(sd_spring_sample_batch(&s, 0, 0, 1, &t, 1, &pos, NULL, NULL) != SD_OK && pos == 12345,
                 "spring batch accepted an invalid spring or wrote output");
        return;
    }
    FZ_CHECK(fz_report_clean(&err), "spring: valid spring left a report");
    double from = fz_pick(r, 2) ? (double)(int16_t)(fz_u32(r) & 0xFFFF) / 8.0 : fz_finite(r);
    double to = fz_pick(r, 2) ? (double)(int16_t)(fz_u32(r) & 0xFFFF) / 8.0 : fz_finite(r);
    double v = read_velocity(r);
    if (!isfinite(v)) v = 0; /* sd_spring_sample takes finite from, velocity and to (the batch checks) */
    int in_range = spring_in_range(&s, from, v, to);

    sd_motion_sample s0 = sd_spring_sample(&s, from, v, to, 0);
    FZ_CHECK(fz_same_double(s0.position, from) && fz_same_double(s0.velocity, v), "spring: t = 0 not the start");
    sd_motion_sample sneg = sd_spring_sample(&s, from, v, to, -1);
    FZ_CHECK(fz_same_double(sneg.position, from) && fz_same_double(sneg.velocity, v), "spring: t < 0 not the start");
    sd_motion_sample sinf = sd_spring_sample(&s, from, v, to, INFINITY);
    FZ_CHECK(fz_same_double(sinf.position, to) && sinf.velocity == 0, "spring: t = inf not at rest on the target");

    double pt = fz_pick(r, 2) ? 0.5 : (double)(fz_u8(r) + 1) / 64.0;
    double vt = fz_pick(r, 2) ? 1.0 : (double)(fz_u8(r) + 1) / 16.0;
    double settle = sd_spring_settle_time(&s, from, v, to, pt, vt);
    FZ_CHECK(!isnan(settle) && settle >= 0, "spring: settle time NaN or negative");
    /* A position tolerance finer than the doubles near the target cannot be met. */
    int resolvable = fmax(fabs(to), fabs(from)) * 8 * DBL_EPSILON < pt;
    if (s.damping > 0 && in_range && resolvable) {
        /* Finite unless it would exceed 1e15 s (the header's horizon): then the
         * spring must really be outside the tolerances at 1e15 s. */
        /* (Only without oscillation: an under-damped spring can pass through the
         * tolerances at 1e15 s and leave them again.) */
        if (!isfinite(settle) && sd_spring_damping_ratio(&s) >= 1) {
            sd_motion_sample far = sd_spring_sample(&s, from, v, to, 1e15);
            if (fabs(far.position - to) <= pt && fabs(far.velocity) <= vt)
                fprintf(stderr, "spring k %.17g c %.17g m %.17g from %.17g v %.17g to %.17g tol %.17g %.17g: settle inf, at 1e15 %.17g %.17g\n",
                        s.stiffness, s.damping, s.mass, from, v, to, pt, vt, far.position, far.velocity);
            FZ_CHECK(!(fabs(far.position - to) <= pt && fabs(far.velocity) <= vt),
                     "spring: said never to settle, but settled within 1e15 s");
        }
        /* Both tolerances hold at the settle time and after it. */
        double later[4] = { settle, settle + 1e-3, settle * 1.5 + 0.01, settle + 10 };
        for (int i = 0; i < 4 && isfinite(settle); i++) {
            if (later[i] > 1e15) continue;
            sd_motion_sample x = sd_spring_sample(&s, from, v, to, later[i]);
            if (fz_trace || !(fabs(x.position - to) <= pt && fabs(x.velocity) <= vt))
                fprintf(stderr, "spring k %.17g c %.17g m %.17g from %.17g v %.17g to %.17g tol %.17g %.17g settle %.17g t %.17g x %.17g v %.17g\n",
                        s.stiffness, s.damping, s.mass, from, v, to, pt, vt, settle, later[i], x.position, x.velocity);
            FZ_CHECK(fabs(x.position - to) <= pt && fabs(x.velocity) <= vt, "spring: leaves the tolerance after settling");
        }
    }
    if (s.damping == 0 && in_range && !(fabs(from - to) <= pt && fabs(v) <= vt))
{ if (!isinf(settle)) fprintf(stderr, "spring k %.17g c %.17g m %.17g from %.17g v %.17g to %.17g tol %.17g %.17g settle %.17g\n", s.stiffness, s.damping, s.mass, from, v, to, pt, vt, settle);
        FZ_CHECK(isinf(settle), "spring: undamped spring said to settle");}

    double t = read_time(r, isfinite(settle) ? settle : 1.0);
    sd_motion_sample x = sd_spring_sample(&s, from, v, to, t);
    if (fz_trace)
        fprintf(stderr, "spring k %.17g c %.17g m %.17g from %.17g v %.17g to %.17g t %.17g -> %.17g %.17g (in range %d)\n",
                s.stiffness, s.damping, s.mass, from, v, to, t, x.position, x.velocity, in_range);
    /* Outside that range the header promises nothing (v = to = DBL_MAX gives NaN). */
    if (in_range) FZ_CHECK(isfinite(x.position) && isfinite(x.velocity), "spring: not finite for in-range input");
    double times[1] = { t }, pos[1], vel[1];
    FZ_CHECK(sd_spring_sample_batch(&s, from, v, to, times, 1, pos, vel, NULL) == SD_OK, "spring batch rejected valid input");
    FZ_CHECK(fz_same_double(pos[0], x.position) && fz_same_double(vel[0], x.velocity), "spring batch differs");

    /* From response and damping fraction. */
    double resp = fz_pick(r, 2) ? (double)(fz_u8(r) + 1) / 100.0 : fz_double(r);
    double frac = fz_pick(r, 2) ? (double)fz_u8(r) / 128.0 : fz_double(r);
    double mass = fz_pick(r, 2) ? 1.0 : fz_double(r);
    sd_spring out;
    FZ_POISON(out);
    sd_spring poison;
    FZ_POISON(poison);
    st = sd_spring_from_response(resp, frac, mass, &out, &err);
    if (st == SD_OK) {
        FZ_CHECK(isfinite(resp) && resp > 0 && isfinite(frac) && frac >= 0 && isfinite(mass) && mass > 0,
                 "spring from response accepted a bad parameter");
        FZ_CHECK(sd_spring_validate(&out, NULL) == SD_OK, "spring from response made an invalid spring");
    } else {
        FZ_CHECK(fz_report_ok(&err, st), "spring from response: no report");
        FZ_CHECK(FZ_SAME(out, poison), "spring from response wrote on rejection");
    }
}

static void timing_step(fz_reader *r) {
    sd_timing_curve c;
    switch (fz_pick(r, 4)) {
    case 0: c = sd_timing_ease_in_out; break;
    case 1: c = (sd_timing_curve){ (double)fz_u8(r) / 255.0, (double)fz_u8(r) / 255.0,
                                   (double)fz_u8(r) / 255.0, (double)fz_u8(r) / 255.0 }; break;
    case 2: c = (sd_timing_curve){ (double)fz_u8(r) / 255.0, (double)((int)fz_u8(r) - 128) / 32.0,
                                   (double)fz_u8(r) / 255.0, (double)((int)fz_u8(r) - 128) / 32.0 }; break;
    default: c = (sd_timing_curve){ fz_double(r), fz_double(r), fz_double(r), fz_double(r) };
    }
    sd_error err;
    sd_status st = sd_timing_curve_validate(&c, &err);
    const char *want = !isfinite(c.x1) ? "x1" : !isfinite(c.y1) ? "y1" : !isfinite(c.x2) ? "x2"
                       : !isfinite(c.y2) ? "y2" : !(c.x1 >= 0 && c.x1 <= 1) ? "x1"
                       : !(c.x2 >= 0 && c.x2 <= 1) ? "x2" : NULL;
    if (want) {
        FZ_CHECK(fz_report_ok(&err, st) && strcmp(err.field, want) == 0, "timing curve: wrong rejection");
        double t = 0.5, out = 12345;
        FZ_CHECK(sd_timing_curve_value_batch(&c, &t, 1, &out, NULL) == st && out == 12345,
                 "timing batch accepted a bad curve or wrote output");
        return;
    }
    FZ_CHECK(st == SD_OK && fz_report_clean(&err), "timing curve: valid curve rejected");
    FZ_CHECK(sd_timing_curve_value(&c, 0) == 0 && sd_timing_curve_value(&c, 1) == 1, "timing curve: ends not 0 and 1");
    FZ_CHECK(sd_timing_curve_value(&c, NAN) == 0, "timing curve: NaN time not 0");
    double t = fz_pick(r, 2) ? (double)fz_u8(r) / 255.0 : fz_double(r);
    double y = sd_timing_curve_value(&c, t);
    if (fz_trace || !isfinite(y))
        fprintf(stderr, "curve (%.17g, %.17g, %.17g, %.17g) t %.17g y %.17g\n", c.x1, c.y1, c.x2, c.y2, t, y);
    FZ_CHECK(isfinite(y), "timing curve: not finite");
    double lo = fmin(0, fmin(c.y1, c.y2)), hi = fmax(1, fmax(c.y1, c.y2));
    FZ_CHECK(y >= lo && y <= hi, "timing curve: outside its control points' hull");
    double tc = isnan(t) ? 0 : fmin(fmax(t, 0), 1);
    if (c.x1 == c.y1 && c.x2 == c.y2) FZ_CHECK(fz_same_double(y + 0.0, tc + 0.0), "linear curve: not t");
    double out;
    FZ_CHECK(sd_timing_curve_value_batch(&c, &t, 1, &out, NULL) == SD_OK && fz_same_double(out, y),
             "timing batch differs");
}

/* The release velocity tracker: samples at any times and places, in and out
 * of order; a refused sample changes nothing; the estimate is finite, within
 * +-SD_VELOCITY_MAX per axis, and 0 once the newest sample is more than
 * SD_VELOCITY_STOP_GAP old. */
static void velocity_step(fz_reader *r) {
    sd_velocity_tracker vt;
    sd_velocity_tracker_reset(&vt);
    double clock = fz_pick(r, 2) ? 0.0 : fz_finite(r);
    const int samples = 1 + (int)fz_pick(r, 12);
    for (int i = 0; i < samples && !fz_done(r); i++) {
        const double t = fz_pick(r, 4) ? clock + (double)fz_u8(r) / 960.0 : read_time(r, clock);
        const double x = fz_pick(r, 3) ? (double)((int)fz_u8(r) - 128) : fz_double(r);
        const double y = fz_pick(r, 3) ? (double)((int)fz_u8(r) - 128) * 4.0 : fz_double(r);
        const sd_velocity_tracker before = vt;
        const int added = sd_velocity_tracker_add(&vt, t, x, y);
        if (!added) {
            FZ_CHECK(memcmp(&vt, &before, sizeof vt) == 0, "a refused sample changed the tracker");
        } else {
            FZ_CHECK(isfinite(t) && isfinite(x) && isfinite(y), "a non-finite sample was added");
            FZ_CHECK(before.count == 0 || t >= before.time[before.newest], "a sample before the newest was added");
            clock = t;
        }
        FZ_CHECK(vt.count <= SD_VELOCITY_SAMPLES && (vt.count == 0 || vt.newest < SD_VELOCITY_SAMPLES),
                 "tracker ring out of range");
        const double at = fz_pick(r, 2) ? clock + (double)fz_u8(r) / 2000.0 : read_time(r, clock);
        const sd_vector v = sd_velocity_tracker_estimate(&vt, at);
        FZ_CHECK(isfinite(v.x) && isfinite(v.y), "velocity estimate not finite");
        FZ_CHECK(fabs(v.x) <= SD_VELOCITY_MAX * (1 + 1e-15) && fabs(v.y) <= SD_VELOCITY_MAX * (1 + 1e-15),
                 "velocity estimate beyond SD_VELOCITY_MAX");
        if (vt.count > 0 && at - vt.time[vt.newest] > SD_VELOCITY_STOP_GAP)
            FZ_CHECK(v.x == 0 && v.y == 0, "a finger at rest past the stop gap still has a velocity");
        if (vt.count < 2) FZ_CHECK(v.x == 0 && v.y == 0, "a velocity from fewer than two samples");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader r = fz_make(data, size);
    step = 0;
    while (!fz_done(&r) && step < 1024) {
        step++;
        unsigned op = fz_pick(&r, 5);
        if (fz_trace) fprintf(stderr, "step %d op %u\n", step, op);
        switch (op) {
        case 0: deceleration_step(&r); break;
        case 1: rubber_band_step(&r); break;
        case 2: spring_step(&r); break;
        case 3: timing_step(&r); break;
        default: velocity_step(&r); break;
        }
    }
    return 0;
}
