/*
 * pulldown_compact.c — the pull-down's compact per-offset values (what a
 * renderer uploads: seven independent numbers instead of 19), one at a time,
 * expanded back into the full structs, and in batches of doubles or floats.
 *
 * Why seven are enough (the full values of pulldown_values.h, in the terms of
 * pulldown_internal.h's bodies):
 *  - the side balls' scale and the centre ball's x are constants (1, 0);
 *  - both side balls' alpha is the centre ball's alpha past cp1 (both are
 *    1 - q past cp2, 1 over cp1..cp2, 0 past cp3) and 0 up to it;
 *  - the left ball's x is z2 + (0 - spread) h and the right's z2 + spread h:
 *    the negative of each other whenever the product is not zero (rounding
 *    is symmetric, and a zero z2 leaves a non-zero sum exact), and +0 both
 *    when it is (z2 + (+-0) is +0 unless both are -0, and 0 - spread is never
 *    -0): so left = 0 - right in every case;
 *  - the panel alpha, mask alpha and scale gain are z3 + k to with the one
 *    ramp k, and the container alpha is d > cp2;
 *  - the three channels are lerps of one progress p.
 * The stage ramp q and the progress p are the two divisions; every value
 * needs at most one of them.
 *
 * The batches work in blocks of PD_BLOCK distances like pulldown_batch.c,
 * but with one loop per block that computes the values of a distance at
 * once and stores each to its array: per distance one load, the two
 * divisions and the stores. The values come in three groups (the
 * indicator's two, the four that read the stage ramp, the colour's); the
 * loop is compiled for each set of groups, so a group nobody asked for
 * costs nothing, and an array left NULL in a group asked for is written to
 * scratch space on the stack.
 * Loops over the arrays one at a time (the offset batch's way) reload the
 * distance and redo the stage flags for every array, and were 1.3x slower
 * for seven floats (3.0 against 2.3 ns per offset, AVX2, EPYC of
 * Benchmarks/README.md). Seven streams stay within the L1's 8 ways even
 * when the arrays are 4 KiB apart (chunks of 1024 floats).
 *
 * The two divisions take the vector divider about 2 cycles per double each
 * (Golden Cove), 4 per offset. On AVX-512 each quotient is instead a
 * multiplication by the divisor's reciprocal and two corrections, five FMA
 * operations that give the correctly rounded quotient, the bits of `/`
 * (pc_quotient says why): 1.57 -> 1.43 ns per offset for seven floats with
 * the distances in cache (Xeon, Emerald Rapids). On AVX2 the same loop was
 * slower (2.5 -> 3.1 ns: with 16 registers the extra constants spill), so
 * AVX2 and the baseline divide. The corrections need the operands away from
 * underflow and overflow, which the configuration and, when cp0 is 0, a
 * check of the block's distances ensure (pc_block_divides); otherwise the
 * block divides.
 *
 * Each block asks the caches for the next block's distances
 * (pd_prefetch_next): the distances of a long array come from memory, and
 * without the hint each new 4 KiB page waited for it (2.10 -> 1.8 ns per
 * offset over a 10-million-offset array, 80 MB).
 */
#include "pulldown_internal.h"

#include <string.h>

/* ---- one offset ---- */

/* The compact values of d in stage s (its ramp known, or any where no ramp
 * value is read). */
SD_INLINE sd_pulldown_compact compact_of(const sd_pulldown_config *c, double d, pd_stage s) {
    const sd_pulldown_indicator o = indicator_of(c, d, s);
    sd_pulldown_compact v;
    v.indicator_alpha = o.alpha;
    v.indicator_height = o.height;
    v.centre_scale = o.centre.scale;
    v.ball_alpha = o.centre.alpha;
    v.side_x = o.right.x;
    v.reveal = s.past2 ? s.q : 0.0; /* stage_ramp holds q at 1 past cp3 */
    v.colour_progress = nav_progress(c, d);
    return v;
}

sd_status sd_pulldown_compact_at(const sd_pulldown_config *c, double d, sd_pulldown_compact *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(d)) return SD_ERR_NOT_FINITE;
    *out = compact_of(c, d, stage_at(c, d));
    return SD_OK;
}

/* The formulas of sd_pulldown_compact (pulldown_values.h). The reveal is
 * reveal_of itself with k for the ramp: it reads the ramp only past cp2,
 * where k is the ramp. */
sd_status sd_pulldown_compact_expand(const sd_pulldown_config *c, double d, const sd_pulldown_compact *v,
                                     sd_pulldown_indicator *indicator, sd_pulldown_reveal *reveal,
                                     sd_pulldown_rgb *colour) {
    if (!c || !v) return SD_ERR_NULL;
    if (!sd_isfinite(d)) return SD_ERR_NOT_FINITE;
    if (indicator) {
        const double side_alpha = d > c->cp1 ? v->ball_alpha : 0.0;
        indicator->alpha = v->indicator_alpha;
        indicator->height = v->indicator_height;
        indicator->left = ball(side_alpha, 1.0, 0.0 - v->side_x);
        indicator->centre = ball(v->ball_alpha, v->centre_scale, 0.0);
        indicator->right = ball(side_alpha, 1.0, v->side_x);
    }
    if (reveal) *reveal = reveal_of(c, stage_with(c, d, v->reveal));
    if (colour) *colour = colour_mix(c->list_colour, c->open_colour, v->colour_progress);
    return SD_OK;
}

/* ---- batches ---- */

/* The arrays of a call, double or float, in the order of sd_pulldown_compact;
 * NULL: not written. */
enum {
    PC_INDICATOR_ALPHA, PC_INDICATOR_HEIGHT, PC_CENTRE_SCALE, PC_BALL_ALPHA, PC_SIDE_X, PC_REVEAL,
    PC_COLOUR_PROGRESS, PC_FIELDS
};
typedef struct pc_arrays {
    void *f[PC_FIELDS];
} pc_arrays;

/* A double's bits as a signed integer, and back. */
SD_INLINE int64_t pd_bits(double x) {
    int64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

SD_INLINE double pd_double(int64_t b) {
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

/* What the batch loops read of the configuration: the critical points'
 * bits (cp0 with a -0.0 made +0.0, the same point), and the stages' starts
 * and widths as the bits of stage 1 and the xor of each stage's with the
 * next one's (compact_lanes says why). */
typedef struct pc_consts {
    int64_t cp0_bits, cp1_bits, cp2_bits, cp3_bits;
    int64_t lo1, lo12, lo23, width1, width12, width23;
    /* the widths' reciprocals, correctly rounded, picked like the widths */
    int64_t rcp1, rcp12, rcp23;
    double cp2, rcp_cp2, ball_max_scale, shrink_span, ball_spread, min_indicator_height;
    /* whether pc_quotient may stand for the divisions (pc_fma_safe), and
     * whether the first stage starts at 0 (its numerator is d itself) */
    int fma_ok, cp0_zero;
} pc_consts;

/* The magnitudes pc_quotient is exact for: every divisor within [2^-256,
 * 2^256] (so its reciprocal is a normal number), and every numerator either
 * 0 or within [2^-512, 2^256] (so no step underflows or overflows). */
#define PC_FMA_MIN 0x1p-256
#define PC_FMA_MAX 0x1p256
#define PC_FMA_MIN_NUMERATOR_BITS INT64_C(0x1ff0000000000000) /* the bits of 2^-512 */

SD_INLINE int pc_in_range(double x) { return x >= PC_FMA_MIN && x <= PC_FMA_MAX; }

/* Whether every quotient of the configuration may be computed by
 * pc_quotient. The numerators are d - lo for d in (lo, lo + width] (0 at
 * d = lo): with lo a critical point of at least 2^-256 they are 0 or at
 * least half its ulp (2^-310 or more), and at most the width; with cp0 = 0
 * the first stage's numerator is d itself, which each block checks
 * (pc_block_divides). The colour's numerator |d| < cp2 is at most cp2; a
 * tiny one gives the progress 1 either way (its quotient is below 2^-256,
 * far under the 2^-54 that 1 - q needs to move from 1, and every step of
 * pc_quotient stays that small). */
SD_INLINE int pc_fma_safe(const sd_pulldown_config *c) {
    const double w1 = c->cp1 - c->cp0, w2 = c->cp2 - c->cp1, w3 = c->cp3 - c->cp2;
    return (c->cp0 == 0.0 || pc_in_range(c->cp0)) && pc_in_range(c->cp1) && pc_in_range(c->cp2) &&
           pc_in_range(c->cp3) && pc_in_range(w1) && pc_in_range(w2) && pc_in_range(w3);
}

SD_INLINE pc_consts consts_of(const sd_pulldown_config *c) {
    pc_consts k;
    k.cp0_bits = pd_bits(c->cp0 + 0.0);
    k.cp1_bits = pd_bits(c->cp1);
    k.cp2_bits = pd_bits(c->cp2);
    k.cp3_bits = pd_bits(c->cp3);
    k.lo1 = pd_bits(c->cp0);
    k.lo12 = pd_bits(c->cp0) ^ pd_bits(c->cp1);
    k.lo23 = pd_bits(c->cp1) ^ pd_bits(c->cp2);
    /* the widths as stage_ramp computes them */
    const double w1 = c->cp1 - c->cp0, w2 = c->cp2 - c->cp1, w3 = c->cp3 - c->cp2;
    k.width1 = pd_bits(w1);
    k.width12 = pd_bits(w1) ^ pd_bits(w2);
    k.width23 = pd_bits(w2) ^ pd_bits(w3);
    k.fma_ok = pc_fma_safe(c);
    k.cp0_zero = c->cp0 == 0.0;
    /* (the reciprocals of widths out of range are never read: fma_ok is 0) */
    k.rcp1 = pd_bits(1.0 / w1);
    k.rcp12 = pd_bits(1.0 / w1) ^ pd_bits(1.0 / w2);
    k.rcp23 = pd_bits(1.0 / w2) ^ pd_bits(1.0 / w3);
    k.cp2 = c->cp2;
    k.rcp_cp2 = 1.0 / c->cp2;
    k.ball_max_scale = c->ball_max_scale;
    k.shrink_span = 1.0 - c->ball_max_scale;
    k.ball_spread = c->ball_spread;
    k.min_indicator_height = c->min_indicator_height;
    return k;
}

/*
 * a / b, correctly rounded: the division, or with `fma` set a product and
 * two corrections, given y = 1 / b correctly rounded, b and y normal
 * (pc_in_range), and a = +0 or 2^-512 <= |a| <= 2^256. The same bits:
 *  - q0 = a y is within 2 ulps of a / b (y and the product each add a
 *    relative error of at most 2^-53);
 *  - r0 = fma(-q0, b, a) is a - b q0 rounded once, so q0 + r0 y is a / b
 *    off by (a / b - q0) times about 2^-52, and q1 = fma(r0, y, q0) is
 *    one of the two doubles around a / b (within an ulp);
 *  - for such a q1 the residual a - b q1 is a double (its exponent stays
 *    well above the subnormal range for these magnitudes), so the FMA
 *    gives it exactly, and q1 + (a - b q1) y rounded once is a / b rounded:
 *    Markstein's theorem (y within half an ulp of 1 / b, q1 within an ulp
 *    of a / b; Handbook of Floating-Point Arithmetic, chapter on division).
 * For a = +0 every step is +0, as +0 / b is. test_pulldown_compact.c checks
 * the batches against the division over random and adversarial operands,
 * divisors with all-ones significands and quotients next to powers of two
 * among them.
 */
SD_INLINE double pc_quotient(double a, double b, double y, int fma) {
    if (!fma) return a / b;
    const double q0 = a * y;
    const double q1 = __builtin_fma(__builtin_fma(-q0, b, a), y, q0);
    return __builtin_fma(__builtin_fma(-q1, b, a), y, q1);
}

/*
 * compact_of for a finite d, written for the batch loops: the same IEEE
 * operations on the same operands wherever a value depends on them, with
 * cheaper steps where the result is provably the same (test_pulldown_compact.c
 * checks every value against the single-value functions at every vector
 * level). The loops are bound by the vector ports that do compares, blends,
 * multiplies and the divider (two of four on the EPYC of Benchmarks/README.md),
 * so the steps move work to the others:
 *  - the stage flags compare bits as integers: for a threshold t > +0.0 (or
 *    +0.0 itself) and a finite d, d > t exactly when bits(d) > bits(t), as
 *    non-negative doubles are ordered like their bits and a negative d or -0.0
 *    has the sign bit set (a negative integer); cp1..cp3 > cp0 >= 0. Also
 *    d >= cp1 is !(cp1 > d);
 *  - the stage's start and width are picked with and/xor on their bits
 *    (the flags are nested: past2 implies past1), which is exact;
 *  - the ramp q is the raw (d - lo) / width of d's stage: stage_ramp's 0
 *    before cp0 and 1 past cp3 are read only by the reveal (held at 1 here),
 *    and the balls are hidden there;
 *  - the side x past cp2 is z2 + spread * 1.0 = -0.0 + spread = spread;
 *  - the height max(min, d), d >= min ? d : min, is min > d ? min : d for a d
 *    that is not NaN;
 *  - the colour takes |d| without the min with the screen height, and with the
 *    sign of a zero dropped: past cp2 (so past the screen height) the progress
 *    is 0 either way, and a zero of either sign gives 1 - (+-0) / cp2 = 1.
 * The divisions only where `ramps` and `colour` ask for them (constants where
 * this is inlined), by pc_quotient with `fma`; values left out are 0.
 */
SD_INLINE sd_pulldown_compact compact_lanes(const pc_consts *k, double d, int ramps, int colour, int fma) {
    const int64_t b = pd_bits(d);
    const int past0 = b > k->cp0_bits, past1 = b > k->cp1_bits, past2 = b > k->cp2_bits, past3 = b > k->cp3_bits;
    const int at_cp1 = !(k->cp1_bits > b);
    const int64_t m1 = -(int64_t)past1, m2 = -(int64_t)past2; /* all ones or zero */
    const double lo = pd_double(k->lo1 ^ (m1 & k->lo12) ^ (m2 & k->lo23));
    const double width = pd_double(k->width1 ^ (m1 & k->width12) ^ (m2 & k->width23));
    const double rcp = pd_double(k->rcp1 ^ (m1 & k->rcp12) ^ (m2 & k->rcp23));
    const double q = ramps ? pc_quotient(d - lo, width, rcp, fma) : 0.0;
    const int centre_shown = past0 && !past3, sides_shown = past1 && !past3;
    const double grow = end_zero(at_cp1) + q * k->ball_max_scale;
    const double shrink = k->ball_max_scale + k->shrink_span * q;
    const double a = __builtin_fabs(d);
    sd_pulldown_compact v;
    v.indicator_alpha = past3 ? 0.0 : 1.0;
    v.indicator_height = k->min_indicator_height > d ? k->min_indicator_height : d;
    v.centre_scale = centre_shown ? (past2 ? 1.0 : past1 ? shrink : grow) : 0.0;
    v.ball_alpha = centre_shown ? 1.0 - (past2 ? q : 0.0) : 0.0;
    v.side_x = sides_shown ? (past2 ? k->ball_spread : 0.0 + k->ball_spread * q) : 0.0;
    v.reveal = past3 ? 1.0 : past2 ? q : 0.0;
    v.colour_progress = colour && a < k->cp2 ? 1.0 - pc_quotient(a, k->cp2, k->rcp_cp2, fma) : 0.0;
    return v;
}

/* The float loop eight distances at a time (two vectors of doubles, one of
 * floats), two such groups interleaved: clang picks four at a time, where
 * each select it moves past the rounding to float needs its mask narrowed
 * for half a vector. AVX2, seven floats: 3.1 ns per offset with clang's
 * choice, 2.1 eight wide, 2.0 with the interleave (SSE2: 4.9 -> 5.5, the
 * price of one loop text for every level). */
#if defined(__clang__)
/* A hint: builds that do not vectorize (-O1, the sanitizers') may ignore it quietly. */
#pragma clang diagnostic ignored "-Wpass-failed"
#define PC_WIDTH_float _Pragma("clang loop vectorize_width(8) interleave_count(2)")
#else
#define PC_WIDTH_float
#endif
#define PC_WIDTH_double
#define PC_WIDTH(T) PC_WIDTH_##T

/* One block of n distances into the arrays of T of the groups asked for
 * (the indicator's two, the four that read the stage ramp, the colour's),
 * every array of those groups written: the caller points the ones not asked
 * for at scratch space. One loop, one pass, every value computed once. */
#define PC_DEFINE_BLOCK(T)                                                                                     \
    SD_INLINE void compact_block_##T(const pc_consts *restrict c, const double *restrict in, size_t n,         \
                                     int indicator, int ramps, int colour, int fma,                          \
                                     T *restrict indicator_alpha,                                            \
                                     T *restrict indicator_height, T *restrict centre_scale,                 \
                                     T *restrict ball_alpha, T *restrict side_x, T *restrict reveal,         \
                                     T *restrict colour_progress) {                                          \
        PC_WIDTH(T) for (size_t i = 0; i < n; i++) {                                                          \
            const sd_pulldown_compact v = compact_lanes(c, finite_or_zero(in[i]), ramps, colour, fma);        \
            if (indicator) {                                                                                  \
                indicator_alpha[i] = (T)v.indicator_alpha;                                                    \
                indicator_height[i] = (T)v.indicator_height;                                                  \
            }                                                                                                 \
            if (ramps) {                                                                                      \
                centre_scale[i] = (T)v.centre_scale;                                                          \
                ball_alpha[i] = (T)v.ball_alpha;                                                              \
                side_x[i] = (T)v.side_x;                                                                      \
                reveal[i] = (T)v.reveal;                                                                      \
            }                                                                                                 \
            if (colour) colour_progress[i] = (T)v.colour_progress;                                            \
        }                                                                                                     \
    }
PC_DEFINE_BLOCK(float)
PC_DEFINE_BLOCK(double)

/* Scratch space for the arrays not asked for, one per array (restrict: no
 * two outputs may share memory), as doubles or floats. */
typedef union pc_scratch {
    double d[PC_FIELDS][PD_BLOCK];
    float f[PC_FIELDS][PD_BLOCK];
} pc_scratch;

/* Whether the n distances at `in` need the divisions with cp0 at 0: some
 * finite d in (0, 2^-512), the first stage's numerator too small for
 * pc_quotient (as integers, the bits of such a d are those between +0's
 * and 2^-512's). */
SD_INLINE int pc_block_divides(const double *restrict in, size_t n) {
    int tiny = 0;
    for (size_t i = 0; i < n; i++) {
        const int64_t b = pd_bits(in[i]);
        tiny |= b > 0 && b < PC_FMA_MIN_NUMERATOR_BITS;
    }
    return tiny;
}

/* The n distances of the block at b into the arrays of `a` (or scratch),
 * with pc_quotient's products where `fma` is set and the configuration and
 * the block allow them, else with the divisions. */
SD_INLINE void compact_block(const pc_consts *restrict c, const double *in, size_t b, size_t n,
                             const pc_arrays *a, int as_float, int indicator, int ramps, int colour, int fma,
                             pc_scratch *scratch) {
    const int products = fma && (ramps || colour) && c->fma_ok && !(c->cp0_zero && pc_block_divides(in + b, n));
    if (as_float) {
        float *o[PC_FIELDS];
        for (int j = 0; j < PC_FIELDS; j++) o[j] = a->f[j] ? (float *)a->f[j] + b : scratch->f[j];
        if (products)
            compact_block_float(c, in + b, n, indicator, ramps, colour, 1, o[0], o[1], o[2], o[3], o[4], o[5], o[6]);
        else
            compact_block_float(c, in + b, n, indicator, ramps, colour, 0, o[0], o[1], o[2], o[3], o[4], o[5], o[6]);
    } else {
        double *o[PC_FIELDS];
        for (int j = 0; j < PC_FIELDS; j++) o[j] = a->f[j] ? (double *)a->f[j] + b : scratch->d[j];
        if (products)
            compact_block_double(c, in + b, n, indicator, ramps, colour, 1, o[0], o[1], o[2], o[3], o[4], o[5],
                                 o[6]);
        else
            compact_block_double(c, in + b, n, indicator, ramps, colour, 0, o[0], o[1], o[2], o[3], o[4], o[5],
                                 o[6]);
    }
}

/* Block by block, the first one ending where the first array asked for
 * reaches a 64-byte boundary. The flags are constants in each caller below. */
SD_INLINE void compact_blocks_of(const sd_pulldown_config *config, const double *in, size_t count,
                                 const pc_arrays *a, const void *first, int as_float, int indicator, int ramps,
                                 int colour, int fma) {
    const pc_consts k = consts_of(config); /* a copy no output array can alias */
    _Alignas(64) pc_scratch scratch;
    size_t n = pd_alignment_peel(first, as_float ? sizeof(float) : sizeof(double), count);
    if (n == 0) n = PD_BLOCK;
    for (size_t b = 0; b < count; b += n, n = PD_BLOCK) {
        if (n > count - b) n = count - b;
        pd_prefetch_next(in, b + n);
        compact_block(&k, in, b, n, a, as_float, indicator, ramps, colour, fma, &scratch);
    }
}

/* One copy of the loop for each type and each set of groups (so that a
 * group nobody asked for costs nothing: no division, no stores). */
#define PC_VARIANT(v)                                                                                         \
    case v:                                                                                                   \
        compact_blocks_of(c, in, count, a, first, (v) >> 3 & 1, (v) >> 2 & 1, (v) >> 1 & 1, (v) & 1, fma); \
        break

SD_INLINE void compact_blocks(const sd_pulldown_config *c, const double *in, size_t count, const pc_arrays *a,
                              int as_float, int fma) {
    const void *first = NULL;
    for (int j = PC_FIELDS - 1; j >= 0; j--)
        if (a->f[j]) first = a->f[j];
    if (!first) return;
    const int indicator = a->f[PC_INDICATOR_ALPHA] || a->f[PC_INDICATOR_HEIGHT];
    const int ramps = a->f[PC_CENTRE_SCALE] || a->f[PC_BALL_ALPHA] || a->f[PC_SIDE_X] || a->f[PC_REVEAL];
    const int colour = a->f[PC_COLOUR_PROGRESS] != NULL;
    switch (as_float << 3 | indicator << 2 | ramps << 1 | colour) {
        PC_VARIANT(1); PC_VARIANT(2); PC_VARIANT(3); PC_VARIANT(4); PC_VARIANT(5); PC_VARIANT(6); PC_VARIANT(7);
        PC_VARIANT(9); PC_VARIANT(10); PC_VARIANT(11); PC_VARIANT(12); PC_VARIANT(13); PC_VARIANT(14);
        PC_VARIANT(15);
    default: break; /* nothing asked for */
    }
}

PD_SIMD_VERSIONS(compact_fast,
                 (const sd_pulldown_config *c, const double *in, size_t count, const pc_arrays *a, int as_float),
                 (c, in, count, a, as_float), compact_blocks(c, in, count, a, as_float, pd_level_ == 2))

static sd_status compact_batch(const sd_pulldown_config *c, const double *in, size_t count, const void *out,
                               const pc_arrays *a, int as_float, size_t *rejected, sd_error *err) {
    sd_status st = pd_check_batch(c, in, count, out, err);
    if (st != SD_OK) return st;
    compact_fast(c, in, count, a, as_float);
    if (rejected) *rejected = pd_count_rejected(in, count);
    return sd_succeed(err);
}

/* The arrays of a public output struct (both have the same member names). */
#define PC_ARRAYS_OF(o)                                                                               \
    ((o) ? (pc_arrays){ { (o)->indicator_alpha, (o)->indicator_height, (o)->centre_scale, (o)->ball_alpha, \
                          (o)->side_x, (o)->reveal, (o)->colour_progress } }                            \
         : (pc_arrays){ { NULL } })

sd_status sd_pulldown_compact_batch(const sd_pulldown_config *c, const double *restrict in, size_t count,
                                    const sd_pulldown_compact_arrays *out, size_t *rejected, sd_error *err) {
    const pc_arrays a = PC_ARRAYS_OF(out);
    return compact_batch(c, in, count, out, &a, 0, rejected, err);
}

sd_status sd_pulldown_compact_float_batch(const sd_pulldown_config *c, const double *restrict in, size_t count,
                                          const sd_pulldown_compact_float_arrays *out, size_t *rejected,
                                          sd_error *err) {
    const pc_arrays a = PC_ARRAYS_OF(out);
    return compact_batch(c, in, count, out, &a, 1, rejected, err);
}
