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

/* In-line copies of the out-of-line public helpers, for use inside the core's hot loops. */
SD_INLINE double sd__map(double x, double a, double b, double c, double d) {
    if (x <= a) return c;
    if (x >= b) return d;
    return c + ((x - a) / (b - a)) * (d - c);
}

SD_INLINE double sd__lerp(double a, double b, double t) { return a + (b - a) * t; }

#define SD_CHECK_NULL(ptr, err, name) \
    do { if (!(ptr)) return sd_fail((err), SD_ERR_NULL, (name), "must not be NULL"); } while (0)

#endif /* SCROLLDRIVE_INTERNAL_H */
