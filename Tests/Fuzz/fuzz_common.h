/*
 * fuzz_common.h — what every libFuzzer harness of the C core shares: a reader
 * that turns the fuzzer's bytes into choices and numbers, and the checks that
 * abort (so libFuzzer records the input) when an invariant breaks.
 *
 * Numbers come from three sources, chosen by one byte: a table of values that
 * break naive code (NaN, infinities, the largest and smallest doubles,
 * denormals, negative zero, the surfaces' default heights), small whole and
 * half numbers, or eight raw bytes taken as a double. When the input runs out
 * every read returns 0, and `fz_done` tells the harness to stop.
 */
#ifndef SCROLLDRIVE_FUZZ_COMMON_H
#define SCROLLDRIVE_FUZZ_COMMON_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scrolldrive.h"

typedef struct fz_reader {
    const uint8_t *data;
    size_t size;
    size_t pos;
} fz_reader;

static inline fz_reader fz_make(const uint8_t *data, size_t size) {
    fz_reader r = { data, size, 0 };
    return r;
}

static inline int fz_done(const fz_reader *r) { return r->pos >= r->size; }

static inline uint8_t fz_u8(fz_reader *r) { return r->pos < r->size ? r->data[r->pos++] : 0; }

static inline uint32_t fz_u32(fz_reader *r) {
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v = (v << 8) | fz_u8(r);
    return v;
}

/* A choice in [0, n). */
static inline unsigned fz_pick(fz_reader *r, unsigned n) { return n ? fz_u8(r) % n : 0; }

static const double fz_special[] = {
    0.0, -0.0, NAN, -NAN, INFINITY, -INFINITY,
    DBL_MAX, -DBL_MAX, DBL_MIN, -DBL_MIN,
    4.9406564584124654e-324, -4.9406564584124654e-324, /* smallest denormal */
    2.2250738585072009e-308, /* largest denormal */
    1e308, -1e308, 1e300, -1e300, 1e-300, 9007199254740993.0, -9007199254740993.0,
    1.0, -1.0, 0.5, -0.5, 5.0, -5.0, 5.000000000000001, -4.999999999999999,
    50, 64, 88, 100, 120, 200, 300, 400, 600, 2000,
    -50, -64, -88, -100, -120, -195, -200, -205, -240, -260, -300, -400, -600,
    0.1, 0.2, 0.3, 1.0 / 3.0, -0.1, 1e-9, -1e-9,
};
#define FZ_SPECIAL_COUNT (sizeof fz_special / sizeof fz_special[0])

/* Any double: special, small, or raw bits. */
static inline double fz_double(fz_reader *r) {
    uint8_t sel = fz_u8(r);
    if (sel < 96) return fz_special[sel % FZ_SPECIAL_COUNT];
    if (sel < 192) {
        /* A small number in half points: -1024 ... 1023.5 */
        int16_t v = (int16_t)(((uint16_t)fz_u8(r) << 8) | fz_u8(r));
        return (double)(v % 2048) / 2.0;
    }
    uint64_t bits = 0;
    for (int i = 0; i < 8; i++) bits = (bits << 8) | fz_u8(r);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* A finite double (any of the above with non-finite ones replaced). */
static inline double fz_finite(fz_reader *r) {
    double d = fz_double(r);
    return isfinite(d) ? d : 0.0;
}

/* FZ_TRACE=1 in the environment prints each step (to replay a finding by hand). */
/* The time of the next event after `clock`: the same time, one 60 or 120 Hz
 * frame, up to 5 s forward or backward, a long sleep, any double (NaN,
 * negative, huge), or `idle` seconds on (past most motions of the surface). */
static inline double fz_next_time(fz_reader *r, double clock, double idle) {
    switch (fz_pick(r, 8)) {
    case 0: return clock;
    case 1: return clock + 1.0 / 60.0;
    case 2: return clock + 1.0 / 120.0;
    case 3: return clock + (double)fz_u8(r) / 50.0;
    case 4: return clock - (double)fz_u8(r) / 50.0;
    case 5: return clock + (double)fz_u8(r) * 1e6;
    case 6: return fz_double(r);
    default: return clock + idle;
    }
}

static int fz_trace;
/*
 * FZ_STRICT=1 turns on the checks of open findings: bugs found in code this
 * harness may not change, reported to its owners and listed in
 * open_findings.c. Without it the harness steps around exactly those inputs,
 * so a run can go on to find the next problem.
 */
static int fz_strict;
__attribute__((constructor)) static void fz_env_init(void) {
    fz_trace = getenv("FZ_TRACE") != NULL;
    fz_strict = getenv("FZ_STRICT") != NULL;
}

/* ---- checks ---- */

static inline void fz_fail(const char *harness, int step, const char *what, const char *file, int line) {
    fprintf(stderr, "%s: invariant broken at step %d: %s (%s:%d)\n", harness, step, what, file, line);
    abort();
}

/* FZ_HARNESS and the `step` variable must be in scope where these are used. */
#define FZ_CHECK(cond, what) \
    do { if (!(cond)) fz_fail(FZ_HARNESS, step, (what), __FILE__, __LINE__); } while (0)

/* Bit-for-bit equality of two objects of the same type. */
#define FZ_SAME(a, b) (memcmp(&(a), &(b), sizeof(a)) == 0)

static inline int fz_same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* A validator's report after a rejection: a status, a field and a rule. */
static inline int fz_report_ok(const sd_error *e, sd_status returned) {
    return returned != SD_OK && e->status == returned && e->field != NULL && e->rule != NULL &&
           e->field[0] != '\0' && e->rule[0] != '\0';
}

/* A validator's report after success: {SD_OK, "", ""}. */
static inline int fz_report_clean(const sd_error *e) {
    return e->status == SD_OK && e->field && e->rule && e->field[0] == '\0' && e->rule[0] == '\0';
}

/* Fills an object with a byte pattern so an untouched output can be told from a written one. */
#define FZ_POISON(obj) memset(&(obj), 0xA5, sizeof(obj))

#endif /* SCROLLDRIVE_FUZZ_COMMON_H */
