/*
 * motion_internal.h — private to the motion .c files (motion_deceleration.c,
 * motion_spring.c, motion_timing.c): their shared constants and check.
 * Never installed.
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

#endif /* SCROLLDRIVE_MOTION_INTERNAL_H */
