/*
 * velocity.c — the release velocity an iOS scroll view flings with,
 * estimated from the finger's move samples (scrolldrive/velocity.h).
 */
#include "internal.h"
#include "scrolldrive/velocity.h"

#include <string.h>

void sd_velocity_tracker_reset(sd_velocity_tracker *tracker) {
    if (tracker) memset(tracker, 0, sizeof *tracker);
}

int sd_velocity_tracker_add(sd_velocity_tracker *tracker, double time, double x, double y) {
    if (!tracker || !sd_isfinite(time) || !sd_isfinite(x) || !sd_isfinite(y)) return 0;
    if (tracker->count > 0) {
        const uint32_t n = tracker->newest;
        if (time < tracker->time[n]) return 0;
        if (x == tracker->x[n] && y == tracker->y[n]) return 0; /* at rest: no move event */
    }
    const uint32_t slot = tracker->count == 0 ? 0u : (tracker->newest + 1u) % SD_VELOCITY_SAMPLES;
    tracker->time[slot] = time;
    tracker->x[slot] = x;
    tracker->y[slot] = y;
    tracker->newest = slot;
    if (tracker->count < SD_VELOCITY_SAMPLES) tracker->count++;
    return 1;
}

/* A pair's velocity on one axis, held within +-SD_VELOCITY_MAX (an overflow
 * to infinity included). Samples an overflowing time apart (dt = +inf) have
 * not moved in any time that counts: 0, also for an overflowing distance,
 * whose inf / inf would be NaN. */
static double held(double distance, double dt) {
    if (!sd_isfinite(dt)) return 0.0;
    const double v = distance / dt;
    return v > SD_VELOCITY_MAX ? SD_VELOCITY_MAX : v < -SD_VELOCITY_MAX ? -SD_VELOCITY_MAX : v;
}

/* The velocity between the samples `age` and `age + 1` slots before the
 * newest (age 0: the newest pair); 0 when either is missing or they share
 * their time. */
static sd_vector pair_velocity(const sd_velocity_tracker *t, uint32_t age) {
    sd_vector v = { 0.0, 0.0 };
    if (age + 2u > t->count) return v;
    const uint32_t end = (t->newest + SD_VELOCITY_SAMPLES - age) % SD_VELOCITY_SAMPLES;
    const uint32_t start = (end + SD_VELOCITY_SAMPLES - 1u) % SD_VELOCITY_SAMPLES;
    const double dt = t->time[end] - t->time[start];
    if (!(dt > 0)) return v;
    v.x = held(t->x[end] - t->x[start], dt);
    v.y = held(t->y[end] - t->y[start], dt);
    return v;
}

sd_vector sd_velocity_tracker_estimate(const sd_velocity_tracker *tracker, double time) {
    sd_vector v = { 0.0, 0.0 };
    if (!tracker || tracker->count == 0 || !sd_isfinite(time)) return v;
    if (time - tracker->time[tracker->newest] > SD_VELOCITY_STOP_GAP) return v; /* the finger stopped */
    const sd_vector oldest = pair_velocity(tracker, 2), middle = pair_velocity(tracker, 1),
                    newest = pair_velocity(tracker, 0);
    v.x = SD_VELOCITY_WEIGHT_OLDEST * oldest.x + SD_VELOCITY_WEIGHT_MIDDLE * middle.x +
          SD_VELOCITY_WEIGHT_NEWEST * newest.x;
    v.y = SD_VELOCITY_WEIGHT_OLDEST * oldest.y + SD_VELOCITY_WEIGHT_MIDDLE * middle.y +
          SD_VELOCITY_WEIGHT_NEWEST * newest.y;
    return v;
}
