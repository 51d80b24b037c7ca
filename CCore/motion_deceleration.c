/*
 * motion_deceleration.c — UIScrollView-style exponential deceleration and the rubber band past
 * a scroll view's edge, closed forms of the elapsed time (see
 * scrolldrive/motion.h).
 */
#include "motion_internal.h"

/* ======================================================================== */
/* Exponential deceleration                                                 */
/* ======================================================================== */

/*
 * UIScrollView multiplies the velocity by `rate` once per millisecond. Taken
 * as a continuous decay, v(t) = v0 rate^(1000 t) = v0 e^(k t) with
 * k = 1000 ln(rate) < 0, and the position is its integral
 * x0 + v0 (e^(k t) - 1) / k. The discrete per-millisecond sum travels
 * -ln(rate) / (1 - rate) times as far (0.1 % more at 0.998); the continuous
 * form is the one that is a function of time at any frame rate.
 */
static double decay_constant(double rate) { return sd__decay_constant(rate); }

sd_status sd_deceleration_validate(double from, double velocity, double rate, sd_error *err) {
    sd_status st;
    if ((st = check_finite(from, "from", err)) != SD_OK) return st;
    if ((st = check_finite(velocity, "velocity", err)) != SD_OK) return st;
    if ((st = check_finite(rate, "rate", err)) != SD_OK) return st;
    if (!(rate > 0.0 && rate < 1.0)) return sd_fail(err, SD_ERR_RANGE, "rate", "must be > 0 and < 1");
    return sd_succeed(err);
}

double sd_deceleration_stop_time(double velocity, double rate) {
    double speed = fabs(velocity);
    if (!(speed > SD_DECELERATION_STOP_VELOCITY)) return 0.0;
    return log(SD_DECELERATION_STOP_VELOCITY / speed) / decay_constant(rate);
}

double sd_deceleration_projection(double from, double velocity, double rate) {
    return from - velocity / decay_constant(rate);
}

double sd_deceleration_rest_position(double from, double velocity, double rate) {
    if (!(fabs(velocity) > SD_DECELERATION_STOP_VELOCITY)) return from;
    /* x(ts) with v0 e^(k ts) = sign(v0) * stop velocity, without evaluating e^(k ts). */
    return from + (copysign(SD_DECELERATION_STOP_VELOCITY, velocity) - velocity) / decay_constant(rate);
}

sd_motion_sample sd_deceleration_sample(double from, double velocity, double rate, double t) {
    sd_motion_sample out;
    if (!(t > 0.0)) {
        out.position = from;
        out.velocity = velocity;
        return out;
    }
    if (t >= sd_deceleration_stop_time(velocity, rate)) {
        out.position = sd_deceleration_rest_position(from, velocity, rate);
        out.velocity = 0.0;
        return out;
    }
    return sd__deceleration_at(from, velocity, decay_constant(rate), t);
}

double sd_deceleration_time_to_reach(double from, double velocity, double rate, double position) {
    double distance = position - from;
    if (distance == 0.0) return 0.0;
    double reach = sd_deceleration_rest_position(from, velocity, rate) - from;
    /* Reachable only in the direction of motion and no further than the rest position. */
    if (!(distance / reach > 0.0) || fabs(distance) > fabs(reach)) return SD_INF;
    double k = decay_constant(rate);
    double stop = sd_deceleration_stop_time(velocity, rate);
    /* Solve x0 + v0 (e^(k t) - 1) / k = p: e^(k t) = 1 + w, w = (p - x0) k / v0.
     * Up to the rest position e^(k t) = |v(t)| / |v0| >= 10 / |v0|, so
     * w >= 10 / |v0| - 1. A w at or below that bound (rounding puts it there
     * at the rest position, and below -1 once 10 / |v0| is under the
     * precision of 1, |v0| > about 1e16) is reached as the motion stops. */
    double w = (distance / velocity) * k;
    if (!(w > SD_DECELERATION_STOP_VELOCITY / fabs(velocity) - 1.0)) return stop;
    return sd_min(log1p(w) / k, stop);
}

sd_status sd_deceleration_sample_batch(double from, double velocity, double rate, const double *times,
                                       size_t count, double *positions, double *velocities,
                                       sd_error *err) {
    sd_status st = sd_deceleration_validate(from, velocity, rate, err);
    if (st != SD_OK) return st;
    if (count > 0 && !times) return sd_fail(err, SD_ERR_NULL, "times", "must not be NULL");
    if (count > 0 && !positions) return sd_fail(err, SD_ERR_NULL, "positions", "must not be NULL");
    for (size_t i = 0; i < count; i++) {
        sd_motion_sample s = sd_deceleration_sample(from, velocity, rate, times[i]);
        positions[i] = s.position;
        if (velocities) velocities[i] = s.velocity;
    }
    return sd_succeed(err);
}

/* ======================================================================== */
/* Rubber band                                                              */
/* ======================================================================== */

sd_status sd_rubber_band_validate(double dimension, sd_error *err) {
    if (!sd_isfinite(dimension)) return sd_fail(err, SD_ERR_NOT_FINITE, "dimension", "must be finite");
    if (!(dimension > 0.0)) return sd_fail(err, SD_ERR_NEGATIVE, "dimension", "must be > 0");
    return sd_succeed(err);
}

SD_INLINE double rubber_band(double offset, double d) {
    /* (1 - 1/(u + 1)) d == d u / (1 + u), u = |x| c / d: same function, no
     * cancellation near the edge. u overflows only for absurd offsets; the
     * limit there is d. */
    double u = fabs(offset) * SD_RUBBER_BAND_COEFFICIENT / d;
    double f = sd_isfinite(u) ? d * (u / (1.0 + u)) : d;
    return copysign(f, offset);
}

double sd_rubber_band(double offset, double dimension) { return rubber_band(offset, dimension); }

double sd_rubber_band_inverse(double displacement, double dimension) {
    double y = fabs(displacement);
    if (!(y < dimension)) return copysign(SD_INF, displacement);
    /* x = y (d / (d - y)) / c undoes y = d u / (1 + u), u = x c / d. d - y is
     * exact once y >= d/2, and r = d / (d - y) is below 2^54 (d - y is at
     * least an ulp of y), so no step overflows unless x itself does: y r
     * <= x, and neither d / c (above DBL_MAX for d > c DBL_MAX) nor y / (d - y)
     * (which underflows for y far below d) is formed. */
    double r = dimension / (dimension - y);
    double x = (y * r) / SD_RUBBER_BAND_COEFFICIENT;
    return copysign(x, displacement);
}

sd_status sd_rubber_band_batch(const double *offsets, size_t count, double dimension, double *out,
                               sd_error *err) {
    sd_status st = sd_rubber_band_validate(dimension, err);
    if (st != SD_OK) return st;
    if (count > 0 && !offsets) return sd_fail(err, SD_ERR_NULL, "offsets", "must not be NULL");
    if (count > 0 && !out) return sd_fail(err, SD_ERR_NULL, "out", "must not be NULL");
    for (size_t i = 0; i < count; i++) out[i] = rubber_band(offsets[i], dimension);
    return sd_succeed(err);
}
