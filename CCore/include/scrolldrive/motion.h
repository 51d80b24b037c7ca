/*
 * scrolldrive/motion.h — the motion math under every surface: scroll
 * deceleration, rubber-banding past an edge, damped springs and cubic-bezier
 * timing curves.
 *
 * Everything here is a closed-form function of the absolute time elapsed since
 * the motion started (seconds), never an integrator stepped frame by frame, so
 * 60 Hz and 120 Hz clocks sample the same curve and a frame dropped changes
 * nothing that follows it.
 *
 * Two kinds of functions:
 *  - validators and batch entry points take user input, check it and return
 *    an `sd_status` (with an optional `sd_error` naming the field and rule);
 *    they write nothing when they reject;
 *  - pure evaluators (compiled out of line, so every caller gets the same
 *    bits) trust their parameters: call the matching validator once when the
 *    parameters come from a user, then evaluate as often as needed. For
 *    finite, validated parameters they never return NaN.
 *
 * Units: points for positions and distances, seconds for time, points per
 * second for velocities.
 */
#ifndef SCROLLDRIVE_MOTION_H
#define SCROLLDRIVE_MOTION_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A position (points) and a velocity (points per second) at one instant.
 * 16 bytes.
 */
typedef struct sd_motion_sample {
    double position;
    double velocity;
} sd_motion_sample;

/* ------------------------------------------------------------------------ */
/* Exponential deceleration (UIScrollView's fling)                          */
/* ------------------------------------------------------------------------ */

/**
 * Deceleration rates: the factor the velocity is multiplied by once per
 * millisecond (UIScrollView.DecelerationRate .normal and .fast).
 */
#define SD_DECELERATION_RATE_NORMAL 0.998
#define SD_DECELERATION_RATE_FAST 0.99

/** A decelerating scroll stops once |velocity| drops below this (points per second). */
#define SD_DECELERATION_STOP_VELOCITY 10.0

/*
 * The model, in continuous time: with k = 1000 ln(rate) (1/s, negative),
 *     v(t) = v0 e^(k t) = v0 rate^(1000 t)
 *     x(t) = x0 + v0 (e^(k t) - 1) / k
 * until the stop time ts, when |v(ts)| = SD_DECELERATION_STOP_VELOCITY; from
 * then on the motion rests at x(ts) with velocity 0.
 *
 * Two end points, 10 / |k| points apart (about 5 pt at 0.998, 1 pt at 0.99):
 *  - the *projection* x0 - v0 / k is the limit of x(t) for t -> infinity,
 *    the integral of the velocity over all time. It does not depend on the
 *    stop threshold; use it to pick a snap target from a release velocity.
 *  - the *rest position* x(ts) is where the scroll view actually stops, the
 *    integral of the velocity from release to the stop.
 */

/**
 * Checks a deceleration's parameters, in this order: from and velocity are
 * finite (`SD_ERR_NOT_FINITE`, fields "from", "velocity"); rate is finite
 * (`SD_ERR_NOT_FINITE`) and 0 < rate < 1 (`SD_ERR_RANGE`, field "rate").
 * `err` may be NULL.
 */
sd_status sd_deceleration_validate(double from, double velocity, double rate, sd_error *err);

/**
 * Time (seconds) at which a release at `velocity` (points per second) slows
 * to SD_DECELERATION_STOP_VELOCITY: ln(10 / |v0|) / (1000 ln rate). 0 when
 * |velocity| <= 10 (it does not move at all). Rate as validated.
 */
double sd_deceleration_stop_time(double velocity, double rate);

/**
 * The projection of a release: from - velocity / (1000 ln rate) (points),
 * the limit of the position as t -> infinity (see above).
 */
double sd_deceleration_projection(double from, double velocity, double rate);

/**
 * Where the deceleration stops (points): the position at the stop time,
 * from + (sign(v0) * 10 - v0) / (1000 ln rate); `from` when |velocity| <= 10.
 */
double sd_deceleration_rest_position(double from, double velocity, double rate);

/**
 * Position and velocity `t` seconds after a release at `from` (points) with
 * `velocity` (points per second). t <= 0 (or NaN) gives the start exactly;
 * from the stop time on, the rest position with velocity 0. Parameters as
 * validated.
 */
sd_motion_sample sd_deceleration_sample(double from, double velocity, double rate, double t);

/**
 * The time (seconds) at which the deceleration passes `position` (points),
 * e.g. the edge of the content, where a bounce takes over: 0 when position ==
 * from; INFINITY when the motion rests before reaching it or moves away from
 * it; at most the stop time, and exactly the stop time for the rest position
 * (also when |velocity| is so large, above about 1e16 pt/s, that the last
 * 10 / |velocity| of the motion is below the precision of its distance).
 * Never NaN. Parameters as validated; `position` finite.
 */
double sd_deceleration_time_to_reach(double from, double velocity, double rate, double position);

/**
 * `sd_deceleration_sample` at `count` times: `positions[i]` and (when not
 * NULL) `velocities[i]` receive the sample at `times[i]`. Validates the
 * parameters as `sd_deceleration_validate` does; `times` and `positions` may
 * be NULL only when count is 0 (`SD_ERR_NULL`, fields "times", "positions").
 * Outputs may not alias `times`.
 */
sd_status sd_deceleration_sample_batch(double from, double velocity, double rate, const double *times,
                                       size_t count, double *positions, double *velocities,
                                       sd_error *err);

/* ------------------------------------------------------------------------ */
/* Rubber-banding past an edge                                              */
/* ------------------------------------------------------------------------ */

/** UIScrollView's rubber-band coefficient c. */
#define SD_RUBBER_BAND_COEFFICIENT 0.55

/**
 * Checks a rubber band's dimension (the scroll view's length along the
 * axis, points): finite (`SD_ERR_NOT_FINITE`) and > 0 (`SD_ERR_NEGATIVE`),
 * field "dimension". `err` may be NULL.
 */
sd_status sd_rubber_band_validate(double dimension, sd_error *err);

/**
 * How far the content moves past an edge (points) when the finger has
 * dragged `offset` points past it: f(x, d) = (1 - 1 / (x c / d + 1)) d with
 * c = SD_RUBBER_BAND_COEFFICIENT and d = `dimension`, and f(-x) = -f(x) for
 * negative offsets. Odd, strictly increasing, slope c at 0, |f| < d for every
 * finite offset (it rounds to ±d only when |x| c / d > about 1e16).
 * Evaluated as d * (u / (1 + u)) with u = |x| c / d, which avoids the
 * cancellation of 1 - 1/(u + 1) for small u. Dimension as validated.
 */
double sd_rubber_band(double offset, double dimension);

/**
 * The exact inverse of `sd_rubber_band`: the finger offset (points) that
 * moves the content `displacement` points past the edge,
 * x = y d / (c (d - y)) for y >= 0 and odd. ±INFINITY when |displacement| >= d
 * (no finite drag gets there). Evaluated as (y (d / (d - y))) / c, so it is
 * finite for every |displacement| < d, at any valid dimension up to
 * DBL_MAX, unless x itself exceeds DBL_MAX. Dimension as validated.
 */
double sd_rubber_band_inverse(double displacement, double dimension);

/**
 * `sd_rubber_band` over `count` offsets into `out` (which may not alias
 * `offsets`). Validates the dimension as `sd_rubber_band_validate`; the
 * arrays may be NULL only when count is 0 (`SD_ERR_NULL`, fields "offsets",
 * "out").
 */
sd_status sd_rubber_band_batch(const double *offsets, size_t count, double dimension, double *out,
                               sd_error *err);

/* ------------------------------------------------------------------------ */
/* Damped springs                                                           */
/* ------------------------------------------------------------------------ */

/**
 * A damped harmonic oscillator m x'' + c x' + k (x - target) = 0, in
 * N/m-like units per point: stiffness k > 0, damping c >= 0, mass m > 0, all
 * finite. The undamped angular frequency is w0 = sqrt(k / m) (1/s) and the
 * damping ratio zeta = c / (2 sqrt(k m)): under-damped below 1 (it
 * overshoots), critically damped at 1, over-damped above. 24 bytes.
 */
typedef struct sd_spring {
    double stiffness;
    double damping;
    double mass;
} sd_spring;

/** Response (seconds) of the spring that brings a scroll view back from past an edge. */
#define SD_BOUNCE_RESPONSE 0.575

/**
 * Near-critical band. The evaluator writes the motion as
 * e^(-a t) (P C(t) + Q S(t)) with a = c / 2m and q = w0^2 - a^2, where
 * C = cos(sqrt(q) t), S = sin(sqrt(q) t) / sqrt(q) (q > 0), or 1 and t
 * (q = 0, critical). When |q| t^2 is at most this band, C and S come from
 * their power series in q t^2 instead, so the motion is continuous through
 * critical damping with no division by a vanishing sqrt(q) and no difference
 * of two large exponentials. An over-damped motion (q < 0) outside the band
 * is the sum of its two decaying modes A1 e^(-(a - B) t) + A2 e^(-(a + B) t),
 * B = sqrt(-q), with a - B computed as w0^2 / (a + B) and the amplitudes
 * from the initial conditions, so a slow mode stays exact however far below
 * a its rate is; inside the band too when the two modes do not cancel at
 * the start (|A1| + |A2| <= 2 |A1 + A2|, position and velocity each).
 */
#define SD_SPRING_CRITICAL_BAND 0.1

/**
 * Checks a spring, in this order: stiffness, damping, mass finite
 * (`SD_ERR_NOT_FINITE`); stiffness > 0, damping >= 0, mass > 0
 * (`SD_ERR_NEGATIVE`); stiffness / mass a positive finite number
 * (`SD_ERR_RANGE`, field "stiffness"). Fields are named as in the struct; a
 * NULL spring is `SD_ERR_NULL`, field "spring". `err` may be NULL.
 */
sd_status sd_spring_validate(const sd_spring *spring, sd_error *err);

/**
 * A spring from its response (the period of the undamped oscillation,
 * seconds, > 0), damping fraction (the damping ratio zeta, >= 0) and mass
 * (> 0): stiffness = (2 pi / response)^2 m, damping = 4 pi zeta m / response
 * (SwiftUI's spring(response:dampingFraction:) parametrisation).
 * Rejects non-finite values (`SD_ERR_NOT_FINITE`), response <= 0,
 * damping_fraction < 0 or mass <= 0 (`SD_ERR_NEGATIVE`), fields named as the
 * parameters; a result outside double range (`SD_ERR_RANGE`, field
 * "response"); a NULL `out` (`SD_ERR_NULL`, field "out"). `*out` is written
 * only on success.
 */
sd_status sd_spring_from_response(double response, double damping_fraction, double mass, sd_spring *out,
                                  sd_error *err);

/** The bounce-back spring at scroll edges: critically damped, response SD_BOUNCE_RESPONSE, mass 1. */
sd_spring sd_spring_bounce(void);

/** The damping ratio zeta = damping / (2 sqrt(stiffness mass)) of a valid spring. */
double sd_spring_damping_ratio(const sd_spring *spring);

/**
 * Position (points) and velocity (points per second) `t` seconds after the
 * spring was let go at `from` with `velocity` (points per second; a caller
 * holding a velocity relative to the distance, such as SwiftUI's
 * `initialVelocity` or UIKit's `initialSpringVelocity`, multiplies it by
 * `to - from` first), pulled towards `to`. Closed form for under-, critically
 * and over-damped springs. t <= 0 (or NaN) gives `from` and `velocity`
 * exactly; t = +INFINITY gives `to` at rest (even for an undamped spring,
 * which never gets there); finite times beyond 1e15 s (32 million years)
 * count as 1e15 s. The spring is assumed valid;
 * from, velocity and to finite. No NaN comes out while the products of the
 * inputs stay within double range.
 */
sd_motion_sample sd_spring_sample(const sd_spring *spring, double from, double velocity, double to, double t);

/**
 * The settle time (seconds): the first time after which |x - to| <=
 * `position_tolerance` (points) and |v| <= `velocity_tolerance` (points per
 * second) hold for good, x and v being exactly what `sd_spring_sample`
 * returns (so both hold at the returned time itself, and one fails a hair
 * before it). 0 when they hold from the start.
 *
 * Computed exactly rather than by stepping: position and velocity each have
 * the form e^(-a t) (P C + Q S), which is monotone between consecutive
 * extrema and whose extrema (known in closed form) shrink over time; the last
 * extremum outside the tolerance bounds the last crossing, which bisection
 * then finds to the last bit. The result is finite for a valid spring with
 * damping > 0 and positive tolerances unless it would exceed 1e15 s: a
 * spring damped so lightly that it rings for ages, or one so over-damped
 * (stiffness / mass far below (damping / 2 mass)^2) that its slow mode
 * creeps towards the target for ages; a motion still outside a tolerance at
 * 1e15 s gives INFINITY. INFINITY too for an undamped spring (damping 0)
 * that is not already within both tolerances, and for a tolerance that is
 * not > 0 (NaN included). Spring assumed valid.
 */
double sd_spring_settle_time(const sd_spring *spring, double from, double velocity, double to,
                             double position_tolerance, double velocity_tolerance);

/**
 * `sd_spring_sample` at `count` times: `positions[i]` and (when not NULL)
 * `velocities[i]` receive the sample at `times[i]`. Validates the spring as
 * `sd_spring_validate`, then from, velocity, to finite (`SD_ERR_NOT_FINITE`,
 * fields so named); `times` and `positions` may be NULL only when count is 0
 * (`SD_ERR_NULL`). Outputs may not alias `times`.
 */
sd_status sd_spring_sample_batch(const sd_spring *spring, double from, double velocity, double to,
                                 const double *times, size_t count, double *positions, double *velocities,
                                 sd_error *err);

/* ------------------------------------------------------------------------ */
/* Cubic-bezier timing curves                                               */
/* ------------------------------------------------------------------------ */

/**
 * A timing curve as CAMediaTimingFunction defines it: the cubic bezier from
 * (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2). Valid when all
 * four are finite and x1, x2 lie in [0, 1] (then x(s) is monotone and every
 * time fraction has one progress); y1, y2 may leave [0, 1] (overshoot).
 * 32 bytes.
 */
typedef struct sd_timing_curve {
    double x1, y1, x2, y2;
} sd_timing_curve;

/** UIKit's curves: ease-in-out (0.42, 0, 0.58, 1), ease-in (0.42, 0, 1, 1), ease-out (0, 0, 0.58, 1), linear (0, 0, 1, 1). */
extern const sd_timing_curve sd_timing_ease_in_out;
extern const sd_timing_curve sd_timing_ease_in;
extern const sd_timing_curve sd_timing_ease_out;
extern const sd_timing_curve sd_timing_linear;

/**
 * Checks a timing curve: x1, y1, x2, y2 finite (`SD_ERR_NOT_FINITE`), then
 * x1 and x2 within [0, 1] (`SD_ERR_RANGE`), fields named as in the struct; a
 * NULL curve is `SD_ERR_NULL`, field "curve". `err` may be NULL.
 */
sd_status sd_timing_curve_validate(const sd_timing_curve *curve, sd_error *err);

/**
 * Progress y at time fraction `t`: solves x(s) = t for the curve parameter s
 * (Newton's method kept inside a shrinking bracket, bisecting whenever a
 * Newton step leaves it or the slope vanishes, to |x(s) - t| <= 1e-15) and
 * returns y(s). t is clamped to [0, 1] (NaN counts as 0); t = 0 and t = 1
 * give 0 and 1 exactly, and a curve with x1 == y1 and x2 == y2 (linear) gives
 * t exactly. y(s) is evaluated in Bernstein form, 3 s (1-s)^2 y1 +
 * 3 s^2 (1-s) y2 + s^3, a weighted mean of 0, y1, y2 and 1: finite for every
 * valid curve (|y1|, |y2| up to DBL_MAX) and, up to rounding, within
 * [min(0, y1, y2), max(1, y1, y2)]. Curve assumed valid.
 */
double sd_timing_curve_value(const sd_timing_curve *curve, double t);

/**
 * `sd_timing_curve_value` over `count` time fractions into `out` (which may
 * not alias `times`). Validates the curve as `sd_timing_curve_validate`; the
 * arrays may be NULL only when count is 0 (`SD_ERR_NULL`, fields "times",
 * "out").
 */
sd_status sd_timing_curve_value_batch(const sd_timing_curve *curve, const double *times, size_t count,
                                      double *out, sd_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_MOTION_H */
