/*
 * motion_timing.c — cubic-bezier timing curves (CSS / Core Animation control points)
 * and their values (see scrolldrive/motion.h).
 */
#include "motion_internal.h"

/* ======================================================================== */
/* Cubic-bezier timing curves                                               */
/* ======================================================================== */

const sd_timing_curve sd_timing_ease_in_out = { 0.42, 0.0, 0.58, 1.0 };
const sd_timing_curve sd_timing_ease_in = { 0.42, 0.0, 1.0, 1.0 };
const sd_timing_curve sd_timing_ease_out = { 0.0, 0.0, 0.58, 1.0 };
const sd_timing_curve sd_timing_linear = { 0.0, 0.0, 1.0, 1.0 };

sd_status sd_timing_curve_validate(const sd_timing_curve *curve, sd_error *err) {
    SD_CHECK_NULL(curve, err, "curve");
    sd_status st;
    if ((st = check_finite(curve->x1, "x1", err)) != SD_OK) return st;
    if ((st = check_finite(curve->y1, "y1", err)) != SD_OK) return st;
    if ((st = check_finite(curve->x2, "x2", err)) != SD_OK) return st;
    if ((st = check_finite(curve->y2, "y2", err)) != SD_OK) return st;
    if (!(curve->x1 >= 0.0 && curve->x1 <= 1.0)) return sd_fail(err, SD_ERR_RANGE, "x1", "must be within [0, 1]");
    if (!(curve->x2 >= 0.0 && curve->x2 <= 1.0)) return sd_fail(err, SD_ERR_RANGE, "x2", "must be within [0, 1]");
    return sd_succeed(err);
}

/* One coordinate of the bezier with end points 0 and 1, in power form:
 * B(s) = ((a s + b) s + c) s with c = 3 p1, b = 3 (p2 - p1) - c, a = 1 - c - b. */
typedef struct cubic {
    double a, b, c;
} cubic;

SD_INLINE cubic cubic_of(double p1, double p2) {
    cubic k;
    k.c = 3.0 * p1;
    k.b = 3.0 * (p2 - p1) - k.c;
    k.a = 1.0 - k.c - k.b;
    return k;
}

SD_INLINE double cubic_at(cubic k, double s) { return ((k.a * s + k.b) * s + k.c) * s; }

SD_INLINE double cubic_slope(cubic k, double s) { return (3.0 * k.a * s + 2.0 * k.b) * s + k.c; }

/*
 * With x1, x2 in [0, 1], x(s) rises monotonically from 0 to 1, so x(s) = t
 * has one root in [0, 1]. Newton's method from s = t converges in a few
 * steps for UIKit's curves; where the slope vanishes (x1 = 0 at s = 0, or an
 * inflection with x'(s) = 0) a Newton step can overshoot, so every step is
 * kept inside the bracket [lo, hi] that the signs of x(s) - t have
 * established, and a bisection replaces any step that would leave it.
 */
static double solve_parameter(cubic kx, double t) {
    double lo = 0.0, hi = 1.0, s = t;
    for (int i = 0; i < 200; i++) {
        double e = cubic_at(kx, s) - t;
        if (fabs(e) <= 1e-15) break;
        if (e > 0.0) hi = s;
        else lo = s;
        double slope = cubic_slope(kx, s);
        double next = slope > 0.0 ? s - e / slope : lo;
        if (!(next > lo && next < hi)) next = lo + (hi - lo) * 0.5;
        if (next == s || !(hi > lo)) break;
        s = next;
    }
    return s;
}

/*
 * The progress coordinate, in Bernstein form:
 *     y(s) = 3 s r^2 y1 + 3 s^2 r y2 + s^3,  r = 1 - s.
 * The weights are non-negative and sum with r^3 (the weight of y = 0) to 1,
 * so y is a convex combination of 0, y1, y2 and 1: 3 s r^2 + 3 s^2 r =
 * 3 s r <= 3/4, and nothing overflows for any finite y1, y2 (the power form's
 * coefficients 3 y1 and 3 (y2 - y1) overflow above about 3e307). There is no
 * cancellation between terms of opposite sign either, for y1, y2 in [0, 1].
 */
SD_INLINE double bezier_progress(double y1, double y2, double s) {
    double r = 1.0 - s;
    double w1 = 3.0 * s * r * r, w2 = 3.0 * s * s * r;
    return (w1 * y1 + w2 * y2) + s * s * s;
}

SD_INLINE double timing_value(const sd_timing_curve *curve, double t) {
    if (!(t > 0.0)) return 0.0;
    if (t >= 1.0) return 1.0;
    /* x(s) and y(s) are the same polynomial: progress == time. */
    if (curve->x1 == curve->y1 && curve->x2 == curve->y2) return t;
    double s = solve_parameter(cubic_of(curve->x1, curve->x2), t);
    return bezier_progress(curve->y1, curve->y2, s);
}

double sd_timing_curve_value(const sd_timing_curve *curve, double t) { return timing_value(curve, t); }

sd_status sd_timing_curve_value_batch(const sd_timing_curve *curve, const double *times, size_t count,
                                      double *out, sd_error *err) {
    sd_status st = sd_timing_curve_validate(curve, err);
    if (st != SD_OK) return st;
    if (count > 0 && !times) return sd_fail(err, SD_ERR_NULL, "times", "must not be NULL");
    if (count > 0 && !out) return sd_fail(err, SD_ERR_NULL, "out", "must not be NULL");
    for (size_t i = 0; i < count; i++) out[i] = timing_value(curve, times[i]);
    return sd_succeed(err);
}
