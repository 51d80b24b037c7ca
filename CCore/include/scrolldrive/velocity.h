/*
 * scrolldrive/velocity.h — the finger's velocity at a lift, estimated as an
 * iOS scroll view does, from the finger's move samples.
 *
 * The estimate is Flutter's `IOSScrollViewFlingVelocityTracker` (written to
 * approximate the velocity a UIScrollView flings with when the finger
 * lifts): the three latest sample-to-sample velocities, oldest to newest,
 * weighted 0.6, 0.35 and 0.05, so the last few milliseconds before the lift
 * (where a finger slows or jitters) count least. A pair of samples at the
 * same time, or one that is missing (fewer than four samples), counts as 0.
 * Like the platforms' own trackers (Flutter's and Android's VelocityTracker),
 * a finger whose newest sample is more than SD_VELOCITY_STOP_GAP before the
 * lift has stopped: the estimate is 0.
 *
 * A finger at rest sends no move events on iOS or Android, so a sample at the
 * newest sample's position is not added: a pause before the lift adds no
 * samples of zero velocity, it only ages the newest one.
 *
 *     sd_velocity_tracker vt;
 *     sd_velocity_tracker_reset(&vt);
 *     sd_velocity_tracker_add(&vt, t_down, x, y);       // the touch-down
 *     sd_velocity_tracker_add(&vt, t, x, y);            // each move sample
 *     sd_vector v = sd_velocity_tracker_estimate(&vt, t_lift);
 *
 * Plain data, no allocation; 104 bytes. This is the one home of the release
 * velocity: the simulator (Simulation.swift) and the playground
 * (CCore/wasm/pg_run.c) feed it the finger's samples and hand its estimate
 * to the surface with the lift (the scroll views, the sheet's drag, the
 * pull-down panel all take the velocity from the touch).
 */
#ifndef SCROLLDRIVE_VELOCITY_H
#define SCROLLDRIVE_VELOCITY_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Samples the tracker keeps: enough for three sample-to-sample velocities. */
#define SD_VELOCITY_SAMPLES 4u

/**
 * A finger whose newest sample is more than this many seconds before the
 * lift has stopped (the platforms' trackers: 40 ms).
 */
#define SD_VELOCITY_STOP_GAP 0.04

/**
 * The fastest velocity the tracker reports, points per second, on each axis:
 * a pair of samples farther apart than that for their time (two samples
 * 1e-15 s apart, coordinates near the double range) is held to it, so the
 * estimate is always finite and within what every surface accepts
 * (SD_SHEET_MAX_VELOCITY).
 */
#define SD_VELOCITY_MAX 1e12

/** The weights of the three latest sample-to-sample velocities, oldest first. */
#define SD_VELOCITY_WEIGHT_OLDEST 0.6
#define SD_VELOCITY_WEIGHT_MIDDLE 0.35
#define SD_VELOCITY_WEIGHT_NEWEST 0.05

/** A velocity, points per second. */
typedef struct sd_vector {
    double x;
    double y;
} sd_vector;

/** The finger's latest move samples (a ring, `newest` the latest slot). */
typedef struct sd_velocity_tracker {
    double time[SD_VELOCITY_SAMPLES];
    double x[SD_VELOCITY_SAMPLES];
    double y[SD_VELOCITY_SAMPLES];
    /** How many slots hold samples (0...SD_VELOCITY_SAMPLES). */
    uint32_t count;
    /** The slot of the newest sample (meaningless while count is 0). */
    uint32_t newest;
} sd_velocity_tracker;

/** Forgets every sample (a new touch). */
void sd_velocity_tracker_reset(sd_velocity_tracker *tracker);

/**
 * Adds the finger at (x, y) at `time` (seconds). Returns 1 when the sample
 * was added; 0, changing nothing, for a NULL tracker, a non-finite value, a
 * time before the newest sample's, or a sample at the newest sample's
 * position (a finger at rest moves nothing).
 */
int sd_velocity_tracker_add(sd_velocity_tracker *tracker, double time, double x, double y);

/**
 * The velocity (points per second) the finger lifts with at `time`: the
 * weighted sample-to-sample velocities above (each within
 * +-SD_VELOCITY_MAX), or 0 when the tracker is NULL or empty, when `time` is
 * not finite, or when the newest sample is more than SD_VELOCITY_STOP_GAP
 * before `time`. Always finite. Changes nothing.
 */
sd_vector sd_velocity_tracker_estimate(const sd_velocity_tracker *tracker, double time);

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(sd_velocity_tracker) == 104, "sd_velocity_tracker is 104 bytes");
#endif

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_VELOCITY_H */
