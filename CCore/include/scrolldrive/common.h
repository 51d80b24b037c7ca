/*
 * scrolldrive/common.h — status codes, validation reports and the small
 * inline helpers every surface shares.
 *
 * Conventions of the whole C core:
 *  - Units: points for lengths and offsets, seconds for time, points per
 *    second for velocities. Everything is `double`.
 *  - Public entry points that take user input validate it and return an
 *    `sd_status`; they never assert and never write their outputs when they
 *    reject. Inner helpers (the `static inline` ones here) trust their input.
 *  - Nothing in a per-frame call allocates, locks or calls through a pointer
 *    unless the caller handed it that pointer (custom transformers).
 */
#ifndef SCROLLDRIVE_COMMON_H
#define SCROLLDRIVE_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Tiny per-frame helpers are inlined into the caller (GCC, Clang, MSVC, and any C99/C++ compiler). */
#if defined(__GNUC__) || defined(__clang__)
#define SD_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define SD_INLINE static __forceinline
#else
#define SD_INLINE static inline
#endif

/**
 * The library's version (semantic versioning; the C API may break between
 * 0.x minor versions, see CHANGELOG.md). The one place it is written: the
 * Makefile's pkg-config file and the CLI's --version read it from here.
 */
#define SD_VERSION_MAJOR 0
#define SD_VERSION_MINOR 2
#define SD_VERSION_PATCH 0
#define SD_VERSION_STRING "0.2.0"

/** SD_VERSION_STRING of the library linked in (may differ from the header's in a stale build). */
const char *sd_version(void);

/** Result of every validating entry point. `SD_OK` is zero. */
typedef enum sd_status {
    SD_OK = 0,
    /** A required pointer argument was NULL. */
    SD_ERR_NULL = 1,
    /** A value was NaN or infinite. */
    SD_ERR_NOT_FINITE = 2,
    /** A value that must be >= 0 (or > 0) was not. */
    SD_ERR_NEGATIVE = 3,
    /** Values that must be ordered (e.g. compact <= normal <= expanded) were not. */
    SD_ERR_ORDER = 4,
    /** A value was outside its documented range. */
    SD_ERR_RANGE = 5,
    /** The call is not allowed in the current state (e.g. no previous offset yet). */
    SD_ERR_STATE = 6
} sd_status;

/**
 * Why a configuration or input was rejected: which field and which rule.
 * `field` and `rule` point at static strings (never freed, never NULL when
 * `status != SD_OK`). Every validator takes an optional `sd_error *` (NULL to
 * skip the report) and leaves it `{SD_OK, "", ""}` on success.
 */
typedef struct sd_error {
    sd_status status;
    uint32_t reserved;
    const char *field;
    const char *rule;
} sd_error;

/** A short constant name for a status ("ok", "not finite", ...). */
const char *sd_status_name(sd_status status);

/** Whether `x` is neither NaN nor infinite. */
#if defined(__GNUC__) || defined(__clang__)
SD_INLINE int sd_isfinite(double x) { return __builtin_isfinite(x); }
#else
SD_INLINE int sd_isfinite(double x) { return x - x == 0.0; }
#endif

/**
 * Minimum and maximum with Swift's standard library semantics, so results
 * match Swift code bit for bit (signed zeros included):
 * `min(x, y) = y < x ? y : x`, `max(x, y) = y >= x ? y : x`.
 */
SD_INLINE double sd_min(double x, double y) { return y < x ? y : x; }
SD_INLINE double sd_max(double x, double y) { return y >= x ? y : x; }

/** `x` limited to [lo, hi] (lo <= hi assumed). */
SD_INLINE double sd_clamp(double x, double lo, double hi) { return sd_min(sd_max(x, lo), hi); }

/**
 * The range mapping used everywhere: `x` from `a...b` to `c...d`.
 * Returns `c` when x <= a, `d` when x >= b, else
 * `c + ((x - a) / (b - a)) * (d - c)`, in that order of operations (the order
 * AirBar evaluates it in, so results agree to the last bit). For a == b the
 * result is c or d, never a division by zero. For finite input the result is
 * finite and within [c, d] even when b - a or d - c overflows (e.g. c =
 * -1e308, d = 1e308): only then it is computed from halved operands.
 *
 * Compiled out of line (interp.c, floating-point contraction off) so that no
 * caller's compiler fuses it into an FMA and changes the last bit.
 */
double sd_map(double x, double a, double b, double c, double d);

/** Linear interpolation `a + (b - a) * t` (t not clamped), out of line for the same reason. */
double sd_lerp(double a, double b, double t);

/* ------------------------------------------------------------------------ */
/* Time: one rule for every surface                                          */
/* ------------------------------------------------------------------------ */

/*
 * Every surface keeps a clock, the latest event time it has accepted
 * (seconds). Times never run backwards: an event whose time is earlier than
 * the clock counts as happening at the clock (`sd_event_time`). Every timed
 * transition (a spring, an opening, a close, a return) has a start time and
 * a duration, and has ended at `time` exactly when `sd_transition_ended`
 * says so; a frame at that time shows its end state, and a step at that
 * time finishes it.
 */

/** The time an event at `time` counts at on a surface whose clock is `clock`: the later of the two. */
SD_INLINE double sd_event_time(double clock, double time) { return time < clock ? clock : time; }

/**
 * Whether a transition that started at `start` and lasts `duration` seconds
 * has ended at `time`: time - start >= duration - SD_TIME_TOLERANCE, or
 * time >= start + duration (the end time as the caller's clock forms it, so
 * a tick there ends it at any clock value). The reasons are in clock.c.
 */
int sd_transition_ended(double start, double duration, double time);

/** The allowance (seconds) `sd_transition_ended` gives the caller's clock rounding. */
#define SD_TIME_TOLERANCE 1e-9

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_COMMON_H */
