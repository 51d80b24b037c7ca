/*
 * simstep.c — the simulated scroll view's physics, built from motion_*.c's
 * closed forms (see scrolldrive/simstep.h). Nothing here integrates over
 * frames: a release is planned once and sampled at absolute times.
 */
#include "internal.h"
#include "motion_internal.h"

#include <math.h>

/* ======================================================================== */
/* Bounds                                                                   */
/* ======================================================================== */

sd_status sd_scroll_bounds_make(double inset_top, double inset_bottom, double content_height,
                                double frame_height, sd_scroll_bounds *out, sd_error *err) {
    if (!sd_isfinite(inset_top)) return sd_fail(err, SD_ERR_NOT_FINITE, "inset_top", "must be finite");
    if (!sd_isfinite(inset_bottom)) return sd_fail(err, SD_ERR_NOT_FINITE, "inset_bottom", "must be finite");
    if (!sd_isfinite(content_height))
        return sd_fail(err, SD_ERR_NOT_FINITE, "content_height", "must be finite");
    if (!sd_isfinite(frame_height)) return sd_fail(err, SD_ERR_NOT_FINITE, "frame_height", "must be finite");
    SD_CHECK_NULL(out, err, "out");
    double min = -inset_top;
    /* The sum can overflow for huge finite inputs; an infinite max is rejected. */
    double max = sd_max(min, content_height + inset_bottom - frame_height);
    if (!sd_isfinite(max)) return sd_fail(err, SD_ERR_NOT_FINITE, "content_height", "gives an infinite range");
    out->min = min;
    out->max = max;
    return sd_succeed(err);
}

sd_status sd_scroll_bounds_validate(const sd_scroll_bounds *bounds, sd_error *err) {
    SD_CHECK_NULL(bounds, err, "bounds");
    if (!sd_isfinite(bounds->min)) return sd_fail(err, SD_ERR_NOT_FINITE, "min", "must be finite");
    if (!sd_isfinite(bounds->max)) return sd_fail(err, SD_ERR_NOT_FINITE, "max", "must be finite");
    if (!(bounds->min <= bounds->max)) return sd_fail(err, SD_ERR_ORDER, "max", "must be >= min");
    return sd_succeed(err);
}

/* ======================================================================== */
/* Dragging                                                                 */
/* ======================================================================== */

double sd_scroll_drag_offset(double raw, const sd_scroll_bounds *bounds, double dimension, int bounces) {
    if (raw < bounds->min) {
        return bounces ? bounds->min + sd_rubber_band(raw - bounds->min, dimension) : bounds->min;
    }
    if (raw > bounds->max) {
        return bounces ? bounds->max + sd_rubber_band(raw - bounds->max, dimension) : bounds->max;
    }
    return raw;
}

/* The largest displacement below `dimension` whose inverse is finite. */
static double inverse_past(double displacement, double dimension) {
    double limit = nextafter(dimension, 0.0);
    double magnitude = sd_min(fabs(displacement), limit);
    double x = sd_rubber_band_inverse(magnitude, dimension);
    /* A dimension so small that even the largest displacement below it overflows. */
    if (!sd_isfinite(x)) x = 0x1p1000;
    return displacement < 0.0 ? -x : x;
}

double sd_scroll_drag_raw(double offset, const sd_scroll_bounds *bounds, double dimension, int bounces) {
    if (!bounces) return offset;
    if (offset < bounds->min) return bounds->min + inverse_past(offset - bounds->min, dimension);
    if (offset > bounds->max) return bounds->max + inverse_past(offset - bounds->max, dimension);
    return offset;
}

double sd_scroll_drag_slope(double raw, const sd_scroll_bounds *bounds, double dimension, int bounces) {
    double past;
    if (raw < bounds->min) past = bounds->min - raw;
    else if (raw > bounds->max) past = raw - bounds->max;
    else return 1.0;
    if (!bounces) return 0.0;
    /* d/dx of d u / (1 + u), u = x c / d: c / (1 + u)^2. */
    double u = past * SD_RUBBER_BAND_COEFFICIENT / dimension;
    double q = 1.0 + u;
    return SD_RUBBER_BAND_COEFFICIENT / (q * q);
}

/* ======================================================================== */
/* Releasing                                                                */
/* ======================================================================== */

static double bounce_settle(const sd_spring *spring, double from, double velocity, double edge) {
    return sd_spring_settle_time(spring, from, velocity, edge, SD_SCROLL_REST_DISTANCE, SD_SCROLL_REST_VELOCITY);
}

sd_status sd_scroll_motion_release(double from, double velocity, const sd_scroll_bounds *bounds, double rate,
                                   int bounces, sd_scroll_motion *out, sd_error *err) {
    sd_status st = sd_deceleration_validate(from, velocity, rate, err);
    if (st != SD_OK) return st;
    if ((st = sd_scroll_bounds_validate(bounds, err)) != SD_OK) return st;
    SD_CHECK_NULL(out, err, "out");

    sd_scroll_motion m;
    m.spring = sd_spring_bounce();
    m.from = from;
    m.velocity = velocity;
    m.rate = rate;
    m.edge = from;
    m.edge_time = HUGE_VAL;
    m.edge_velocity = 0.0;
    m.end_time = 0.0;
    m.rest = from;
    m.kind = SD_SCROLL_MOTION_REST;
    m.reserved = 0;
    m.decay = sd__decay_constant(rate);

    if (from < bounds->min || from > bounds->max) {
        m.kind = SD_SCROLL_MOTION_RETURN;
        m.edge = from < bounds->min ? bounds->min : bounds->max;
        m.rest = m.edge;
        m.edge_time = 0.0;
        m.edge_velocity = velocity;
        m.end_time = bounce_settle(&m.spring, from, velocity, m.edge);
    } else if (fabs(velocity) > SD_DECELERATION_STOP_VELOCITY) {
        double edge = velocity < 0.0 ? bounds->min : bounds->max;
        double reach = sd_deceleration_time_to_reach(from, velocity, rate, edge);
        if (sd_isfinite(reach)) {
            m.edge = edge;
            m.rest = edge;
            m.edge_time = reach;
            if (bounces) {
                m.kind = SD_SCROLL_MOTION_BOUNCE;
                m.edge_velocity = sd_deceleration_sample(from, velocity, rate, reach).velocity;
                m.end_time = reach + bounce_settle(&m.spring, edge, m.edge_velocity, edge);
            } else {
                m.kind = SD_SCROLL_MOTION_STOP_AT_EDGE;
                m.end_time = reach;
            }
        } else {
            m.kind = SD_SCROLL_MOTION_DECELERATE;
            m.rest = sd_deceleration_rest_position(from, velocity, rate);
            m.edge = m.rest;
            m.end_time = sd_deceleration_stop_time(velocity, rate);
        }
    }
    *out = m;
    return sd_succeed(err);
}

sd_motion_sample sd_scroll_motion_sample(const sd_scroll_motion *motion, double t) {
    sd_motion_sample out;
    if (!(t > 0.0)) {
        out.position = motion->from;
        out.velocity = motion->velocity;
        return out;
    }
    if (t >= motion->end_time) {
        out.position = motion->rest;
        out.velocity = 0.0;
        return out;
    }
    /*
     * In the deceleration phase t is below the stop time: DECELERATE ends at
     * sd_deceleration_stop_time itself, BOUNCE and STOP_AT_EDGE leave it at
     * edge_time, which sd_deceleration_time_to_reach never puts past the stop
     * time. So sd_deceleration_sample's stop test is never true here and the
     * closed form with the exponent computed at the release gives its bits
     * (test_simstep.c checks them), without its three logarithms a sample.
     */
    switch (motion->kind) {
    case SD_SCROLL_MOTION_DECELERATE:
    case SD_SCROLL_MOTION_STOP_AT_EDGE:
        /* STOP_AT_EDGE ends at edge_time == end_time, handled above. */
        return sd__deceleration_at(motion->from, motion->velocity, motion->decay, t);
    case SD_SCROLL_MOTION_BOUNCE:
        if (t < motion->edge_time) return sd__deceleration_at(motion->from, motion->velocity, motion->decay, t);
        return sd_spring_sample(&motion->spring, motion->edge, motion->edge_velocity, motion->edge,
                                t - motion->edge_time);
    case SD_SCROLL_MOTION_RETURN:
        return sd_spring_sample(&motion->spring, motion->from, motion->velocity, motion->edge, t);
    default:
        out.position = motion->rest;
        out.velocity = 0.0;
        return out;
    }
}

int sd_scroll_motion_done(const sd_scroll_motion *motion, double t) { return t >= motion->end_time; }

sd_status sd_scroll_motion_sample_batch(const sd_scroll_motion *motion, const double *times, size_t count,
                                        double *positions, double *velocities, sd_error *err) {
    SD_CHECK_NULL(motion, err, "motion");
    if (count > 0 && !times) return sd_fail(err, SD_ERR_NULL, "times", "must not be NULL");
    if (count > 0 && !positions) return sd_fail(err, SD_ERR_NULL, "positions", "must not be NULL");
    for (size_t i = 0; i < count; i++) {
        sd_motion_sample s = sd_scroll_motion_sample(motion, times[i]);
        positions[i] = s.position;
        if (velocities) velocities[i] = s.velocity;
    }
    return sd_succeed(err);
}

/* ======================================================================== */
/* Animations                                                               */
/* ======================================================================== */

double sd_scroll_animation_position(double from, double to, double duration, const sd_timing_curve *curve,
                                    double t) {
    if (!(t > 0.0)) return from;
    if (t >= duration) return to;
    return sd__lerp(from, to, sd_timing_curve_value(curve, t / duration));
}

sd_motion_sample sd_scroll_animation_sample(double from, double to, double duration,
                                            const sd_timing_curve *curve, double t) {
    sd_motion_sample out;
    out.position = sd_scroll_animation_position(from, to, duration, curve, t);
    out.velocity = 0.0;
    if (t > 0.0 && t < duration) {
        double lo = sd_max(t - SD_SCROLL_ANIMATION_VELOCITY_STEP, 0.0);
        double hi = sd_min(t + SD_SCROLL_ANIMATION_VELOCITY_STEP, duration);
        out.velocity = (sd_scroll_animation_position(from, to, duration, curve, hi) -
                        sd_scroll_animation_position(from, to, duration, curve, lo)) / (hi - lo);
    }
    return out;
}
