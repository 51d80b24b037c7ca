/*
 * motion_support.h — what the motion cmocka programs (test_motion_*.c)
 * share: bit-for-bit and relative comparisons, golden tables, error checks
 * and a small deterministic generator.
 */
#ifndef SD_TEST_MOTION_SUPPORT_H
#define SD_TEST_MOTION_SUPPORT_H
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scrolldrive.h"
#include "golden.h"

/* Bit-for-bit equality, so that -0.0 vs 0.0 and last-bit differences show. */
static inline int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static inline int near_rel(double got, double want, double rel) {
    if (want == 0.0) return got == 0.0;
    return fabs(got - want) <= rel * fabs(want);
}

static inline void load(const char *name, golden_table *t) {
    assert_int_equal(golden_load(name, t), 0);
    assert_true(t->nrows > 0);
}

static inline void expect_error(sd_status got, const sd_error *err, sd_status want, const char *field) {
    assert_int_equal(got, want);
    assert_int_equal(err->status, want);
    assert_string_equal(err->field, field);
    assert_true(strlen(err->rule) > 0);
}

/* A small deterministic generator (xorshift64*) for the no-NaN sweeps. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static inline double uniform(double lo, double hi) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    uint64_t r = rng_state * 0x2545F4914F6CDD1Dull;
    return lo + (hi - lo) * ((double)(r >> 11) * 0x1.0p-53);
}


#endif /* SD_TEST_MOTION_SUPPORT_H */
