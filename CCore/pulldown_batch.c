/*
 * pulldown_batch.c — the pull-down panel's per-offset values for many
 * offsets at once (struct of arrays), and the choice of vector instructions
 * they run on (CPUID dispatch). Every batch gives the single-value
 * functions' values bit for bit (Tests/CCoreTests/test_pulldown_batch.c
 * checks this at every vector level the machine has).
 */
#include "pulldown_internal.h"

#include <string.h>

/* ---- the balls + reveal + colour batches ----
 *
 * Block by block (PD_BLOCK distances): one loop finds each distance's stage
 * ramp (the division all stages share) into a small buffer on the stack, then
 * one loop per group of a few arrays writes them, from the distance (a
 * non-finite one read as 0), its stage flags (a few compares, redone in each
 * loop) and that ramp; the colour's loop does its own division. Every loop is
 * branch-free and vectorises.
 *
 * A few arrays per loop rather than all 19 in one: arrays a multiple of
 * 4 KiB apart (chunks of 1024 doubles, or page-aligned allocations) put the
 * same index of every array in the same L1 cache set, which 19 streams
 * overflow (12 ways on the machine of Benchmarks/README.md), and then the
 * stores miss: one loop writing all 19 took 2.6x as long as with the arrays
 * padded apart (45 against 17 ns per offset, SSE2).
 */

/* The arrays of the three groups, in this order; NULL: not written. */
enum { PD_INDICATOR_FIELDS = 11, PD_REVEAL_FIELDS = 5, PD_COLOUR_FIELDS = 3, PD_FIELDS = 19 };
typedef struct pd_arrays {
    double *f[PD_FIELDS];
} pd_arrays;
enum {
    PD_ALPHA, PD_HEIGHT, PD_LEFT_ALPHA, PD_LEFT_SCALE, PD_LEFT_X, PD_CENTRE_ALPHA, PD_CENTRE_SCALE, PD_CENTRE_X,
    PD_RIGHT_ALPHA, PD_RIGHT_SCALE, PD_RIGHT_X, PD_CONTAINER_ALPHA, PD_PANEL_ALPHA, PD_PANEL_SCALE_X,
    PD_PANEL_SCALE_Y, PD_MASK_ALPHA, PD_RED, PD_GREEN, PD_BLUE
};

SD_INLINE void alphas_loop(const sd_pulldown_config *restrict c, const double *restrict d,
                           const double *restrict q, size_t n, double *restrict alpha,
                           double *restrict left_alpha, double *restrict centre_alpha,
                           double *restrict right_alpha) {
    for (size_t i = 0; i < n; i++) {
        const sd_pulldown_indicator o = indicator_of(c, d[i], stage_with(c, d[i], q[i]));
        alpha[i] = o.alpha;
        left_alpha[i] = o.left.alpha;
        centre_alpha[i] = o.centre.alpha;
        right_alpha[i] = o.right.alpha;
    }
}

SD_INLINE void shapes_loop(const sd_pulldown_config *restrict c, const double *restrict d,
                           const double *restrict q, size_t n, double *restrict height,
                           double *restrict left_x, double *restrict centre_scale, double *restrict right_x) {
    for (size_t i = 0; i < n; i++) {
        const sd_pulldown_indicator o = indicator_of(c, d[i], stage_with(c, d[i], q[i]));
        height[i] = o.height;
        left_x[i] = o.left.x;
        centre_scale[i] = o.centre.scale;
        right_x[i] = o.right.x;
    }
}

/* The fields that are the same at every distance. */
SD_INLINE void constants_loop(const sd_pulldown_config *restrict c, size_t n, double *restrict left_scale,
                              double *restrict centre_x, double *restrict right_scale) {
    const sd_pulldown_indicator o = indicator_of(c, 0.0, stage_with(c, 0.0, 0.0));
    for (size_t i = 0; i < n; i++) {
        left_scale[i] = o.left.scale;
        centre_x[i] = o.centre.x;
        right_scale[i] = o.right.scale;
    }
}

SD_INLINE void reveal_loop(const sd_pulldown_config *restrict c, const double *restrict d,
                           const double *restrict q, size_t n, double *restrict container_alpha,
                           double *restrict panel_alpha, double *restrict panel_scale_x,
                           double *restrict panel_scale_y, double *restrict mask_alpha) {
    for (size_t i = 0; i < n; i++) {
        const sd_pulldown_reveal r = reveal_of(c, stage_with(c, d[i], q[i]));
        container_alpha[i] = r.container_alpha;
        panel_alpha[i] = r.panel_alpha;
        panel_scale_x[i] = r.panel_scale_x;
        panel_scale_y[i] = r.panel_scale_y;
        mask_alpha[i] = r.mask_alpha;
    }
}

SD_INLINE void colour_loop(const sd_pulldown_config *restrict c, const double *restrict d, size_t n,
                           double *restrict red, double *restrict green, double *restrict blue) {
    for (size_t i = 0; i < n; i++) {
        const sd_pulldown_rgb rgb = nav_colour(c, d[i]);
        red[i] = rgb.red;
        green[i] = rgb.green;
        blue[i] = rgb.blue;
    }
}

/* The groups asked for (indicator, reveal, colour) over the `n` distances
 * of one block, from `b` on; d and q: the block's buffers. */
SD_INLINE void offsets_block(const sd_pulldown_config *c, const double *in, size_t b, size_t n, double *const *f,
                             int indicator, int reveal, int colour, double *d, double *q) {
    if (indicator || reveal)
        ramps_loop(c, in + b, n, d, q);
    else
        distances_loop(in + b, n, d);
    if (indicator) {
        alphas_loop(c, d, q, n, f[PD_ALPHA] + b, f[PD_LEFT_ALPHA] + b, f[PD_CENTRE_ALPHA] + b,
                    f[PD_RIGHT_ALPHA] + b);
        shapes_loop(c, d, q, n, f[PD_HEIGHT] + b, f[PD_LEFT_X] + b, f[PD_CENTRE_SCALE] + b, f[PD_RIGHT_X] + b);
        constants_loop(c, n, f[PD_LEFT_SCALE] + b, f[PD_CENTRE_X] + b, f[PD_RIGHT_SCALE] + b);
    }
    if (reveal)
        reveal_loop(c, d, q, n, f[PD_CONTAINER_ALPHA] + b, f[PD_PANEL_ALPHA] + b, f[PD_PANEL_SCALE_X] + b,
                    f[PD_PANEL_SCALE_Y] + b, f[PD_MASK_ALPHA] + b);
    if (colour) colour_loop(c, d, n, f[PD_RED] + b, f[PD_GREEN] + b, f[PD_BLUE] + b);
}

/* The groups asked for over `count` distances, every array of those groups
 * given, in whole blocks (a constant trip count, which compilers vectorise
 * without a scalar remainder) and a partial block before and after them.
 * The one before ends where the first array asked for reaches a 64-byte
 * boundary (pd_alignment_peel). */
SD_INLINE void offsets_blocks(const sd_pulldown_config *c, const double *in, size_t count, const pd_arrays *a,
                              int indicator, int reveal, int colour) {
    const sd_pulldown_config k = *c; /* a copy no output array can alias */
    _Alignas(64) double d[PD_BLOCK];
    _Alignas(64) double q[PD_BLOCK];
    const double *first = a->f[indicator ? PD_ALPHA : reveal ? PD_CONTAINER_ALPHA : PD_RED];
    size_t b = pd_alignment_peel(first, sizeof(double), count);
    if (b > 0) offsets_block(&k, in, 0, b, a->f, indicator, reveal, colour, d, q);
    for (; count - b >= PD_BLOCK; b += PD_BLOCK)
        offsets_block(&k, in, b, PD_BLOCK, a->f, indicator, reveal, colour, d, q);
    if (b < count) offsets_block(&k, in, b, count - b, a->f, indicator, reveal, colour, d, q);
}

/* One array at a time, for calls that leave some arrays NULL: the value of
 * each distance computed whole, branch-free, the one field kept (the rest is
 * dead code). */
#define PD_FIELD_LOOP(j, value_of_d)                                                             \
    do {                                                                                         \
        double *restrict o_ = a->f[(j)];                                                         \
        if (o_)                                                                                  \
            for (size_t i_ = 0; i_ < count; i_++) {                                              \
                const double d = finite_or_zero(in[i_]);                                         \
                o_[i_] = (value_of_d);                                                           \
            }                                                                                    \
    } while (0)

static void offsets_fields(const sd_pulldown_config *config, const double *in, size_t count, const pd_arrays *a) {
    const sd_pulldown_config k = *config, *c = &k;
    PD_FIELD_LOOP(PD_ALPHA, indicator_of(c, d, stage_at(c, d)).alpha);
    PD_FIELD_LOOP(PD_HEIGHT, indicator_of(c, d, stage_at(c, d)).height);
    PD_FIELD_LOOP(PD_LEFT_ALPHA, indicator_of(c, d, stage_at(c, d)).left.alpha);
    PD_FIELD_LOOP(PD_LEFT_SCALE, indicator_of(c, d, stage_at(c, d)).left.scale);
    PD_FIELD_LOOP(PD_LEFT_X, indicator_of(c, d, stage_at(c, d)).left.x);
    PD_FIELD_LOOP(PD_CENTRE_ALPHA, indicator_of(c, d, stage_at(c, d)).centre.alpha);
    PD_FIELD_LOOP(PD_CENTRE_SCALE, indicator_of(c, d, stage_at(c, d)).centre.scale);
    PD_FIELD_LOOP(PD_CENTRE_X, indicator_of(c, d, stage_at(c, d)).centre.x);
    PD_FIELD_LOOP(PD_RIGHT_ALPHA, indicator_of(c, d, stage_at(c, d)).right.alpha);
    PD_FIELD_LOOP(PD_RIGHT_SCALE, indicator_of(c, d, stage_at(c, d)).right.scale);
    PD_FIELD_LOOP(PD_RIGHT_X, indicator_of(c, d, stage_at(c, d)).right.x);
    PD_FIELD_LOOP(PD_CONTAINER_ALPHA, reveal_of(c, stage_at(c, d)).container_alpha);
    PD_FIELD_LOOP(PD_PANEL_ALPHA, reveal_of(c, stage_at(c, d)).panel_alpha);
    PD_FIELD_LOOP(PD_PANEL_SCALE_X, reveal_of(c, stage_at(c, d)).panel_scale_x);
    PD_FIELD_LOOP(PD_PANEL_SCALE_Y, reveal_of(c, stage_at(c, d)).panel_scale_y);
    PD_FIELD_LOOP(PD_MASK_ALPHA, reveal_of(c, stage_at(c, d)).mask_alpha);
    PD_FIELD_LOOP(PD_RED, nav_colour(c, d).red);
    PD_FIELD_LOOP(PD_GREEN, nav_colour(c, d).green);
    PD_FIELD_LOOP(PD_BLUE, nav_colour(c, d).blue);
}

/* ---- the vector levels (PD_SIMD_VERSIONS in pulldown_internal.h) and the CPUID dispatch ---- */

PD_SIMD_VERSIONS(offsets_fast,
                 (const sd_pulldown_config *c, const double *in, size_t count, const pd_arrays *a, int indicator,
                  int reveal, int colour),
                 (c, in, count, a, indicator, reveal, colour),
                 offsets_blocks(c, in, count, a, indicator, reveal, colour))

#if PD_DISPATCH
#include <cpuid.h>
#include <stdlib.h>

/* What this CPU and OS support: 2 AVX-512 F+DQ+VL with FMA, 1 AVX2, 0 neither. */
static int cpu_simd(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    if (!(ecx & (1u << 27)) || !(ecx & (1u << 28))) return 0; /* OSXSAVE, AVX */
    const int fma = (ecx >> 12) & 1u;                          /* the AVX-512 versions use FMA */
    unsigned xcr0, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0), "=d"(xcr0_high) : "c"(0));
    (void)xcr0_high;
    if ((xcr0 & 0x6u) != 0x6u) return 0; /* the OS saves XMM and YMM state */
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    int level = (ebx & (1u << 5)) ? 1 : 0; /* AVX2 */
    const unsigned avx512 = (1u << 16) | (1u << 17) | (1u << 31); /* F, DQ, VL */
    if ((ebx & avx512) == avx512 && (xcr0 & 0xe6u) == 0xe6u && fma) level = 2; /* and opmask + ZMM state */
    return level;
}
#endif

/* The level the CPU supports, capped by SCROLLDRIVE_SIMD (-1: not known yet),
 * and the cap set by sd_pulldown_simd_cap. Relaxed atomics: a racing first
 * call computes the same value. */
static int pd_simd_supported = -1;
static int pd_simd_cap_level = PD_SIMD_MAX;

static int simd_supported(void) {
    int level = __atomic_load_n(&pd_simd_supported, __ATOMIC_RELAXED);
    if (level >= 0) return level;
#if PD_DISPATCH
    level = cpu_simd();
    const char *env = getenv("SCROLLDRIVE_SIMD");
    if (env && strcmp(env, "baseline") == 0) level = 0;
    if (env && strcmp(env, "avx2") == 0 && level > 1) level = 1;
#else
    level = 0;
#endif
    __atomic_store_n(&pd_simd_supported, level, __ATOMIC_RELAXED);
    return level;
}

int sd_pulldown_simd_level(void) {
    const int cap = __atomic_load_n(&pd_simd_cap_level, __ATOMIC_RELAXED);
    const int level = simd_supported();
    return level < cap ? level : cap;
}

int sd_pulldown_simd_cap(int level) {
    __atomic_store_n(&pd_simd_cap_level, level < 0 ? 0 : level > PD_SIMD_MAX ? PD_SIMD_MAX : level,
                     __ATOMIC_RELAXED);
    return sd_pulldown_simd_level();
}

/* The groups asked for into `a` (the arrays of the other groups NULL). */
static void offsets_batch(const sd_pulldown_config *c, const double *in, size_t count, const pd_arrays *a,
                          int indicator, int reveal, int colour) {
    int complete = 1;
    for (int j = 0; j < PD_FIELDS; j++) {
        const int wanted = j < PD_INDICATOR_FIELDS                      ? indicator
                           : j < PD_INDICATOR_FIELDS + PD_REVEAL_FIELDS ? reveal
                                                                        : colour;
        complete &= !wanted || a->f[j] != NULL;
    }
    if (complete)
        offsets_fast(c, in, count, a, indicator, reveal, colour);
    else
        offsets_fields(c, in, count, a);
}

SD_INLINE void indicator_fields(pd_arrays *a, const sd_pulldown_indicator_arrays *o) {
    double *const f[PD_INDICATOR_FIELDS] = { o->alpha,       o->height,       o->left_alpha,  o->left_scale,
                                             o->left_x,      o->centre_alpha, o->centre_scale, o->centre_x,
                                             o->right_alpha, o->right_scale,  o->right_x };
    for (int j = 0; j < PD_INDICATOR_FIELDS; j++) a->f[j] = f[j];
}

SD_INLINE void reveal_fields(pd_arrays *a, const sd_pulldown_reveal_arrays *o) {
    double *const f[PD_REVEAL_FIELDS] = { o->container_alpha, o->panel_alpha, o->panel_scale_x, o->panel_scale_y,
                                          o->mask_alpha };
    for (int j = 0; j < PD_REVEAL_FIELDS; j++) a->f[PD_INDICATOR_FIELDS + j] = f[j];
}

SD_INLINE void colour_fields(pd_arrays *a, double *red, double *green, double *blue) {
    a->f[PD_INDICATOR_FIELDS + PD_REVEAL_FIELDS] = red;
    a->f[PD_INDICATOR_FIELDS + PD_REVEAL_FIELDS + 1] = green;
    a->f[PD_INDICATOR_FIELDS + PD_REVEAL_FIELDS + 2] = blue;
}

sd_status sd_pulldown_indicator_batch(const sd_pulldown_config *c, const double *restrict in, size_t count,
                                      const sd_pulldown_indicator_arrays *out, size_t *rejected, sd_error *err) {
    sd_status st = pd_check_batch(c, in, count, out, err);
    if (st != SD_OK) return st;
    pd_arrays a = { { NULL } };
    indicator_fields(&a, out);
    offsets_batch(c, in, count, &a, 1, 0, 0);
    if (rejected) *rejected = pd_count_rejected(in, count);
    return sd_succeed(err);
}

sd_status sd_pulldown_reveal_batch(const sd_pulldown_config *c, const double *restrict in, size_t count,
                                   const sd_pulldown_reveal_arrays *out, size_t *rejected, sd_error *err) {
    sd_status st = pd_check_batch(c, in, count, out, err);
    if (st != SD_OK) return st;
    pd_arrays a = { { NULL } };
    reveal_fields(&a, out);
    offsets_batch(c, in, count, &a, 0, 1, 0);
    if (rejected) *rejected = pd_count_rejected(in, count);
    return sd_succeed(err);
}

sd_status sd_pulldown_nav_colour_batch(const sd_pulldown_config *c, const double *restrict in, size_t count,
                                       double *red, double *green, double *blue, size_t *rejected,
                                       sd_error *err) {
    sd_status st = pd_check_batch(c, in, count, c, err); /* no output struct: the arrays may all be NULL */
    if (st != SD_OK) return st;
    pd_arrays a = { { NULL } };
    colour_fields(&a, red, green, blue);
    offsets_batch(c, in, count, &a, 0, 0, 1);
    if (rejected) *rejected = pd_count_rejected(in, count);
    return sd_succeed(err);
}

sd_status sd_pulldown_offset_batch(const sd_pulldown_config *c, const double *restrict in, size_t count,
                                   const sd_pulldown_offset_arrays *out, size_t *rejected, sd_error *err) {
    sd_status st = pd_check_batch(c, in, count, out, err);
    if (st != SD_OK) return st;
    pd_arrays a = { { NULL } };
    indicator_fields(&a, &out->indicator);
    reveal_fields(&a, &out->reveal);
    colour_fields(&a, out->red, out->green, out->blue);
    offsets_batch(c, in, count, &a, 1, 1, 1);
    if (rejected) *rejected = pd_count_rejected(in, count);
    return sd_succeed(err);
}

/* ---- the other batches: one loop per requested output array, so each loop
 * computes one field of an in-line body (the rest is dead code) and can be
 * vectorised; a non-finite input is read as 0. ---- */

#define PD_BATCH_FIELD(dst, value_of_x)                                  \
    do {                                                                 \
        if (dst) {                                                       \
            double *restrict o_ = (dst);                                 \
            for (size_t i_ = 0; i_ < count; i_++) {                      \
                double x = in[i_];                                       \
                x = sd_isfinite(x) ? x : 0.0;                            \
                o_[i_] = (value_of_x);                                   \
            }                                                            \
        }                                                                \
    } while (0)

sd_status sd_pulldown_mirror_batch(const sd_pulldown_config *c, const double *restrict in, size_t count,
                                   const sd_pulldown_mirror_arrays *out, size_t *rejected, sd_error *err) {
    sd_status st = pd_check_batch(c, in, count, out, err);
    if (st != SD_OK) return st;
    PD_BATCH_FIELD(out->progress, mirror_at(c, x).progress);
    PD_BATCH_FIELD(out->mask_alpha, mirror_at(c, x).mask_alpha);
    PD_BATCH_FIELD(out->panel_alpha, mirror_at(c, x).panel_alpha);
    PD_BATCH_FIELD(out->panel_y, mirror_at(c, x).panel_y);
    PD_BATCH_FIELD(out->list_offset, mirror_at(c, x).list_offset);
    if (rejected) *rejected = pd_count_rejected(in, count);
    return sd_succeed(err);
}

sd_status sd_pulldown_return_offset_batch(const sd_pulldown_config *c, double from, const double *restrict in,
                                          size_t count, double *out, size_t *rejected, sd_error *err) {
    sd_status st = pd_check_batch(c, in, count, count > 0 ? (const void *)out : (const void *)c, err);
    if (st != SD_OK) return st;
    if (!sd_isfinite(from)) return sd_fail(err, SD_ERR_NOT_FINITE, "from", "must be finite");
    PD_BATCH_FIELD(out, return_offset(c, from, x));
    if (rejected) *rejected = pd_count_rejected(in, count);
    return sd_succeed(err);
}
