/*
 * scrolldrive/simstep.h — the per-frame physics of a simulated scroll view,
 * composed from the closed forms of motion.h: where a dragged finger puts the
 * content (1:1 inside the scrollable range, rubber-banded outside it), what a
 * release does (decelerate, run into an edge and bounce back, or spring back
 * from past an edge), and programmatic content-offset animations.
 *
 * The simulator (Swift, ScrollDriveSim) keeps the clock and the events; every
 * number it shows comes from here. A release is planned once, at the moment
 * the finger lifts, into an `sd_scroll_motion`; the position at any later
 * time is a closed-form function of the time since the release, so 60 Hz and
 * 120 Hz clocks sample the same curve.
 *
 * One axis: the content offset along the scrolling direction (y for a
 * vertical scroll view). Units: points, seconds, points per second. The
 * content velocity is the rate of change of the content offset: a finger
 * moving up (negative screen velocity) scrolls the content with a positive
 * velocity.
 */
#ifndef SCROLLDRIVE_SIMSTEP_H
#define SCROLLDRIVE_SIMSTEP_H

#include "common.h"
#include "motion.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* The scrollable range                                                      */
/* ------------------------------------------------------------------------ */

/**
 * The range the content offset rests in, in points: `min` = -inset top (the
 * top of the content shown below the top inset), `max` = the bottom of the
 * content shown above the bottom inset, never below `min`. 16 bytes.
 */
typedef struct sd_scroll_bounds {
    double min;
    double max;
} sd_scroll_bounds;

/**
 * The bounds of a scroll view, as UIScrollView computes them:
 * min = -inset_top, max = max(min, content_height + inset_bottom -
 * frame_height). Rejects a non-finite argument (`SD_ERR_NOT_FINITE`, field
 * named as the parameter) and a NULL `out` (`SD_ERR_NULL`, field "out");
 * `*out` is written only on success.
 */
sd_status sd_scroll_bounds_make(double inset_top, double inset_bottom, double content_height,
                                double frame_height, sd_scroll_bounds *out, sd_error *err);

/**
 * Checks bounds: min and max finite (`SD_ERR_NOT_FINITE`) and min <= max
 * (`SD_ERR_ORDER`, field "max"); NULL is `SD_ERR_NULL`, field "bounds".
 */
sd_status sd_scroll_bounds_validate(const sd_scroll_bounds *bounds, sd_error *err);

/* ------------------------------------------------------------------------ */
/* Dragging                                                                  */
/* ------------------------------------------------------------------------ */

/*
 * A drag is described by its *raw* offset: the content offset the finger
 * would give with no edges, i.e. the offset when the drag started minus the
 * finger's translation since then. Inside the bounds the content follows it
 * 1:1; past an edge it moves sd_rubber_band(raw - edge, dimension) past the
 * edge, where the dimension is the scroll view's length along the axis (its
 * frame height). With bouncing off, the content stops at the edge.
 */

/**
 * The content offset for a raw drag offset: `raw` inside the bounds; else
 * edge + sd_rubber_band(raw - edge, dimension) when `bounces` is non-zero,
 * or the edge itself when it is 0. Bounds and dimension as validated
 * (`sd_scroll_bounds_validate`, `sd_rubber_band_validate`); raw finite.
 */
double sd_scroll_drag_offset(double raw, const sd_scroll_bounds *bounds, double dimension, int bounces);

/**
 * The inverse of `sd_scroll_drag_offset`: the raw offset that shows the
 * content at `offset` (a finger catching content that is past an edge
 * continues from there without a jump). Inside the bounds, `offset`; past an
 * edge with bouncing on, edge + sd_rubber_band_inverse(offset - edge); with
 * bouncing off, `offset` (the content can only be past an edge because it
 * was put there). A displacement of a whole dimension or more past the edge
 * is taken as just under it, so the result is always finite.
 */
double sd_scroll_drag_raw(double offset, const sd_scroll_bounds *bounds, double dimension, int bounces);

/**
 * The slope of `sd_scroll_drag_offset` with respect to the raw offset: 1
 * inside the bounds, the rubber band's slope c / (1 + |x| c / d)^2 past an
 * edge (x = raw - edge), 0 past an edge with bouncing off. Multiplies a
 * finger's velocity into the content's velocity. At an edge exactly, 1.
 */
double sd_scroll_drag_slope(double raw, const sd_scroll_bounds *bounds, double dimension, int bounces);

/* ------------------------------------------------------------------------ */
/* Releasing: deceleration, bounce, spring back                              */
/* ------------------------------------------------------------------------ */

/**
 * A bounce or spring back is over once the content is within this distance
 * (points) of the edge and slower than SD_SCROLL_REST_VELOCITY; it is then
 * put on the edge exactly (a tenth of a point, a third of a pixel at 3x).
 */
#define SD_SCROLL_REST_DISTANCE 0.1

/** Speed (points per second) below which a bounce counts as settled: the deceleration's stop velocity. */
#define SD_SCROLL_REST_VELOCITY SD_DECELERATION_STOP_VELOCITY

/** What a release does. */
typedef enum sd_scroll_motion_kind {
    /** Nothing: released inside the bounds no faster than the stop velocity. */
    SD_SCROLL_MOTION_REST = 0,
    /** Exponential deceleration that stops inside the bounds. */
    SD_SCROLL_MOTION_DECELERATE = 1,
    /**
     * Deceleration until the content reaches an edge at `edge_time`, then the
     * bounce spring (sd_spring_bounce) from the edge with the velocity it
     * arrived with, back to the edge.
     */
    SD_SCROLL_MOTION_BOUNCE = 2,
    /** Released past an edge: the bounce spring from there back to the edge. */
    SD_SCROLL_MOTION_RETURN = 3,
    /** Bouncing off: deceleration until the edge, where the content stops dead. */
    SD_SCROLL_MOTION_STOP_AT_EDGE = 4
} sd_scroll_motion_kind;

/**
 * The plan of a release, fixed when the finger lifts. Times are seconds
 * since the release. 104 bytes.
 */
typedef struct sd_scroll_motion {
    /** The spring of the bounce phase (sd_spring_bounce). */
    sd_spring spring;
    /** Content offset (points) and content velocity (points per second) at the release. */
    double from;
    double velocity;
    /** Deceleration rate per millisecond (0 < rate < 1). */
    double rate;
    /** The edge the motion bounces off, springs back to or stops at; `rest` otherwise. */
    double edge;
    /** When the content reaches `edge` (the spring takes over): 0 for RETURN, +inf for REST and DECELERATE. */
    double edge_time;
    /** The content velocity at `edge_time` (0 when it never gets there). */
    double edge_velocity;
    /** When the motion is over for good (0 for REST). */
    double end_time;
    /** Where it is over: the rest position of the deceleration, or the edge. */
    double rest;
    /** An `sd_scroll_motion_kind`. */
    uint32_t kind;
    uint32_t reserved; /* always 0 */
    /**
     * The deceleration's exponent, 1000 ln(rate) per second (< 0), computed
     * once at the release so that sampling takes no logarithm.
     */
    double decay;
} sd_scroll_motion;

/**
 * Plans a release at content offset `from` with content velocity `velocity`
 * (a finger's velocity times -sd_scroll_drag_slope at the release), as
 * UIScrollView behaves:
 *  - past an edge (from < min or from > max): RETURN, spring back to that edge
 *    (with or without bouncing: the content never stays out of bounds);
 *  - inside, |velocity| <= SD_DECELERATION_STOP_VELOCITY: REST;
 *  - inside, when the deceleration reaches the edge it moves towards
 *    (sd_deceleration_time_to_reach is finite): BOUNCE when `bounces` is
 *    non-zero, else STOP_AT_EDGE;
 *  - otherwise DECELERATE to sd_deceleration_rest_position.
 * Validates from and velocity (finite, `SD_ERR_NOT_FINITE`) and rate
 * (finite, 0 < rate < 1, as sd_deceleration_validate), the bounds as
 * sd_scroll_bounds_validate, and `out` (`SD_ERR_NULL`); `*out` is written
 * only on success.
 */
sd_status sd_scroll_motion_release(double from, double velocity, const sd_scroll_bounds *bounds, double rate,
                                   int bounces, sd_scroll_motion *out, sd_error *err);

/**
 * Content offset and velocity `t` seconds after the release: t <= 0 (or NaN)
 * gives from and velocity exactly, t >= end_time gives `rest` with velocity
 * 0, and in between the deceleration or spring phase in closed form. The
 * motion is assumed to come from sd_scroll_motion_release.
 */
sd_motion_sample sd_scroll_motion_sample(const sd_scroll_motion *motion, double t);

/** Whether the motion is over at `t` (t >= end_time). */
int sd_scroll_motion_done(const sd_scroll_motion *motion, double t);

/**
 * `sd_scroll_motion_sample` at `count` times into `positions` and (when not
 * NULL) `velocities`. `motion` must not be NULL (`SD_ERR_NULL`, field
 * "motion"); `times` and `positions` may be NULL only when count is 0
 * (fields "times", "positions"). Outputs may not alias `times`.
 */
sd_status sd_scroll_motion_sample_batch(const sd_scroll_motion *motion, const double *times, size_t count,
                                        double *positions, double *velocities, sd_error *err);

/* ------------------------------------------------------------------------ */
/* Programmatic animations                                                   */
/* ------------------------------------------------------------------------ */

/** Duration (seconds) of an animated content-offset change: UIKit's default 0.25 s. */
#define SD_SCROLL_ANIMATION_DURATION 0.25

/**
 * Duration (seconds) of reduced motion's content-offset change, along
 * UIKit's ease-out curve: short and direct, as Apple's Human Interface
 * Guidelines ask of necessary motion when Reduce Motion is on (a value of
 * our own; UIKit publishes none).
 */
#define SD_SCROLL_SHORT_ANIMATION_DURATION 0.15

/** Time step (seconds) of the central difference that estimates an animation's velocity. */
#define SD_SCROLL_ANIMATION_VELOCITY_STEP 0.0005

/**
 * An animation from `from` to `to` (points) over `duration` seconds along a
 * timing curve, `t` seconds after it started: position
 * from + (to - from) * sd_timing_curve_value(curve, t / duration); exactly
 * `from` for t <= 0 (or NaN) and exactly `to` for t >= duration. The
 * velocity (points per second) is a central difference over
 * +/- SD_SCROLL_ANIMATION_VELOCITY_STEP (one-sided at the ends), 0 outside
 * the animation. Curve and duration (> 0) assumed valid, from and to finite.
 */
sd_motion_sample sd_scroll_animation_sample(double from, double to, double duration,
                                            const sd_timing_curve *curve, double t);

/** sd_scroll_animation_sample's position alone (one timing-curve value instead of three). */
double sd_scroll_animation_position(double from, double to, double duration, const sd_timing_curve *curve,
                                    double t);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_SIMSTEP_H */
