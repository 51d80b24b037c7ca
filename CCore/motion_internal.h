/*
 * motion_internal.h — private to the motion .c files (motion_deceleration.c,
 * motion_spring.c, motion_timing.c) and simstep.c: their shared constants,
 * check and the deceleration's closed form. Never installed.
 */
#ifndef SCROLLDRIVE_MOTION_INTERNAL_H
#define SCROLLDRIVE_MOTION_INTERNAL_H

#include "internal.h"

#include <math.h>

/* M_PI is POSIX, not C11. */
#define SD_PI 3.14159265358979323846
/* INFINITY is a float; HUGE_VAL is the double +infinity. */
#define SD_INF HUGE_VAL
/* ln 2, for logarithms of numbers split into mantissa and exponent. */
#define SD_LN2 0.69314718055994530942

/* SD_OK for a finite value, else the report naming `field`. */
SD_INLINE sd_status check_finite(double v, const char *field, sd_error *err) {
    if (!sd_isfinite(v)) return sd_fail(err, SD_ERR_NOT_FINITE, field, "must be finite");
    return SD_OK;
}

/* sd_spring_settle_time with every bisection step evaluated (no step read
 * off a bound): the same result to the last bit, which test_motion_spring.c
 * checks (motion_spring.c, bisect_crossing_bounded). */
double sd__spring_settle_time_searched(const sd_spring *spring, double from, double velocity, double to,
                                       double position_tolerance, double velocity_tolerance);

/* The deceleration's exponent k = 1000 ln(rate) (motion_deceleration.c says why). */
SD_INLINE double sd__decay_constant(double rate) { return 1000.0 * log(rate); }

/*
 * The deceleration t seconds after the release, for 0 < t < its stop time,
 * with k = sd__decay_constant(rate): sd_deceleration_sample computes k per
 * call, a scroll motion once per release (sd_scroll_motion.decay); both come
 * here, so they agree bit for bit.
 */
SD_INLINE sd_motion_sample sd__deceleration_at(double from, double velocity, double k, double t) {
    sd_motion_sample out;
    /* expm1 keeps the first frames accurate: e^(k t) - 1 is tiny there. */
    out.position = from + velocity * (expm1(k * t) / k);
    out.velocity = velocity * exp(k * t);
    return out;
}

#endif /* SCROLLDRIVE_MOTION_INTERNAL_H */
