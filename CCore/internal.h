/*
 * internal.h — private to the C core's .c files: never installed.
 *
 * Every .c file of the core includes this first. It turns floating-point
 * contraction off so that `a + b * c` is never fused into an FMA: the core's
 * numbers must be identical on every platform and equal to what Swift code
 * (which never contracts) computes from the same formulas.
 */
#ifndef SCROLLDRIVE_INTERNAL_H
#define SCROLLDRIVE_INTERNAL_H

#pragma STDC FP_CONTRACT OFF

#include "scrolldrive.h"

#include <float.h>

/*
 * sd__map's way for spans wider than the double range (b - a or d - c
 * overflows, e.g. c = -1e308, d = 1e308): halved operands, and the result
 * built as (c + t h) + t h so that no step leaves [c, d]. Never taken for
 * ordinary values, so those keep AirBar's order of operations bit for bit.
 */
static __attribute__((noinline, unused)) double sd__map_wide(double x, double a, double b, double c,
                                                                     double d) {
    double t = (x * 0.5 - a * 0.5) / (b * 0.5 - a * 0.5);
    double h = d * 0.5 - c * 0.5;
    return (c + t * h) + t * h;
}

/* In-line copies of the out-of-line public helpers, for use inside the core's hot loops. */
SD_INLINE double sd__map(double x, double a, double b, double c, double d) {
    if (x <= a) return c;
    if (x >= b) return d;
    double span = b - a;
    double r = c + ((x - a) / span) * (d - c);
    if (__builtin_expect(sd_isfinite(r) && sd_isfinite(span), 1)) return r;
    /* Only finite endpoints can have an overflowing span; NaN stays NaN. */
    if (sd_isfinite(a) && sd_isfinite(b) && sd_isfinite(c) && sd_isfinite(d) && sd_isfinite(x))
        return sd__map_wide(x, a, b, c, d);
    return r;
}

SD_INLINE double sd__lerp(double a, double b, double t) { return a + (b - a) * t; }

/* A scroll view at rest: no finger on it and no motion (sd_scroll_view_at_rest,
 * inline for the core's own per-frame loops). */
SD_INLINE int sd__scroll_view_at_rest(const sd_scroll_view *v) {
    return !v->tracking && v->motion == SD_SCROLL_VIEW_NO_MOTION;
}

/* sd_scroll_view_advance for a view with no motion, inline (the simulated
 * surfaces advance every view every frame, most of them still): its clock
 * moves to `time` (never back) and nothing else changes or is reported.
 * Returns 0, changing nothing, for a view in motion. */
SD_INLINE int sd__scroll_view_advance_still(sd_scroll_view *v, double time) {
    if (v->motion != SD_SCROLL_VIEW_NO_MOTION) return 0;
    if (time >= v->time) v->time = time;
    return 1;
}

/* The pull distance of a scroll view's content offset y whose content inset
 * top at rest is `inset_top`: how far the content is pulled below its
 * resting place, max(0, -(y + inset_top)), never -0. The same rule for every
 * surface that is pulled down: the refresh header and the pull-down panel's
 * chat list. */
SD_INLINE double sd__pull_distance(double y, double inset_top) {
    double d = -(y + inset_top);
    return d > 0 ? d : 0.0;
}

/* Validation reports (see sd_error in common.h): fills `err` when not NULL
 * and returns `status`; sd_succeed marks a success. */
SD_INLINE sd_status sd_fail(sd_error *err, sd_status status, const char *field, const char *rule) {
    if (err) {
        err->status = status;
        err->reserved = 0;
        err->field = field;
        err->rule = rule;
    }
    return status;
}

SD_INLINE sd_status sd_succeed(sd_error *err) { return sd_fail(err, SD_OK, "", ""); }

/* An event time a step accepts: finite and >= 0, in two compares (NaN
 * fails both), for the surfaces' fast paths; check_event says which rule
 * a refused time broke. */
SD_INLINE int sd__time_accepted(double t) { return t >= 0.0 && t <= DBL_MAX; }

/* Kept out of line: a surface's general step, so that its fast path is a
 * leaf function (no registers saved, no stack frame). */
#define SD_NOINLINE __attribute__((noinline))

/* The one rule of when a transition has ended (sd_transition_ended, whose
 * clock.c says why), inline for the surfaces' per-frame paths. */
SD_INLINE int sd__transition_ended(double start, double duration, double time) {
    return time - start >= duration - SD_TIME_TOLERANCE || time >= start + duration;
}

#define SD_CHECK_NULL(ptr, err, name) \
    do { if (!(ptr)) return sd_fail((err), SD_ERR_NULL, (name), "must not be NULL"); } while (0)

/* The sd_X_validate functions' checks of a restored state: a field that is
 * not finite, or a flag other than 0 or 1, is SD_ERR_STATE naming it (the
 * caller's `err`). */
#define SD_STATE_FINITE(x, err, name) \
    do { if (!sd_isfinite(x)) return sd_fail((err), SD_ERR_STATE, (name), "must be finite"); } while (0)
#define SD_STATE_FLAG(x, err, name) \
    do { if ((x) > 1u) return sd_fail((err), SD_ERR_STATE, (name), "must be 0 or 1"); } while (0)

/* A sweep's arguments (simsweep.h): NULLs, the clock's range and the
 * gesture's numbers, reported with the field and rule; one check for every
 * surface's sweep (simsweep.c, simsweep_sheet.c). */
sd_status sd__sweep_valid(const void *start, const sd_sweep_clock *clock, const sd_sweep_gesture *g,
                          const void *out, sd_error *err);

#endif /* SCROLLDRIVE_INTERNAL_H */
