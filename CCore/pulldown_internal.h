/*
 * pulldown_internal.h — private to CCore/pulldown*.c (never installed).
 *
 * The pull-down panel's formulas, in-line, shared by the single-value
 * functions (pulldown_values.c), the batches (pulldown_batch.c,
 * pulldown_compact.c), the machines (pulldown_machines.c) and the frame
 * (pulldown.c); what the batches share (blocks, vector levels); and the three
 * machines' step functions, which the surface routes events to. Tests that
 * check a machine alone include this header.
 */
#ifndef SCROLLDRIVE_PULLDOWN_INTERNAL_H
#define SCROLLDRIVE_PULLDOWN_INTERNAL_H

#include "internal.h"

/* ------------------------------------------------------------------------ */
/* Curves                                                                    */
/* ------------------------------------------------------------------------ */

/*
 * UIKit's default UIView animation curve (what a plain animateWithDuration:
 * block uses), CAMediaTimingFunction ease-in-out: the cubic bezier with
 * control points (0.42, 0) and (0.58, 1), from the core's motion math so
 * every surface eases the same way. 0 and 1 give exactly 0 and 1.
 */
SD_INLINE double pd_ease_in_out(double s) { return sd_timing_curve_value(&sd_timing_ease_in_out, s); }

/* a -> b at t in [0, 1], exactly a at t <= 0 and exactly b at t >= 1. */
SD_INLINE double mix(double a, double b, double t) {
    if (t <= 0) return a;
    if (t >= 1) return b;
    return a + (b - a) * t;
}

/* max(0, x) without a negative zero. */
SD_INLINE double positive(double x) { return x > 0 ? x : 0.0; }

/* Fraction 0...1 of a transition elapsed at `time`. */
SD_INLINE double transition_fraction(double time, double start, double duration) {
    double e = time - start;
    if (!(e > 0)) return 0.0;
    if (e >= duration) return 1.0;
    double s = e / duration;
    return s < 1 ? s : 1.0;
}

/* ------------------------------------------------------------------------ */
/* Per-offset values (in-line bodies shared by single, batch and frame)      */
/* ------------------------------------------------------------------------ */

SD_INLINE double pull_distance(const sd_pulldown_config *c, double y) { return sd__pull_distance(y, c->top_bar_height); }

SD_INLINE sd_pulldown_ball ball(double alpha, double scale, double x) {
    sd_pulldown_ball b = { alpha, scale, x };
    return b;
}

/*
 * The balls, the reveal and the nav colour are written branch-light: each
 * stage's formula is evaluated and selects keep the one of the stage the
 * distance is in. One body serves the single-value functions, the frame
 * value and the batches, whose loops vectorise (compares, masks, blends; the
 * divisions are the only slow operations).
 *
 * Every value is bit for bit the stage-by-stage value described in
 * pulldown_values.h (sd__map / sd__lerp per stage, as the article's code computes
 * them); Tests/CCoreTests/test_pulldown_batch.c checks this against that description
 * written as branches, over random configurations with negative zeros. Two
 * rewrites keep the bits while saving selects:
 *  - z + k * to, with z = -0.0 at a ramp's end and +0.0 before it, is
 *    sd__map's `at_end ? to : 0.0 + k * to`: at the end k is exactly 1 and
 *    -0.0 + to is `to` for every `to` (also +-0.0, where 0.0 + to would turn
 *    -0.0 into +0.0); before it, it is the same sum.
 *  - x + (-y) is x - y, and x * 1.0 is x, in IEEE arithmetic.
 */

/* Where a pull distance d is: the stage flags (nested: past3 implies past2
 * implies past1 implies past0), and the ramp of its stage
 * q = (d - lo) / (hi - lo) over cp0..cp1, cp1..cp2 or cp2..cp3 (cp2..cp3 also
 * held at 1 past cp3). One division. Rounding is monotonic, so q <= 1 up to
 * the stage's end, and q is exactly 1 at d = hi: the numerator then rounds
 * to the denominator. */
typedef struct pd_stage {
    int past0, past1, past2, past3; /* d > cp0, d > cp1, d > cp2, d > cp3 */
    int at_cp1;                     /* d >= cp1: the end of the ramp over cp0..cp1 */
    int at_cp3;                     /* d >= cp3: the end of the ramp over cp2..cp3 */
    double q;
} pd_stage;

/* The stage flags of d (q left 0). */
SD_INLINE pd_stage stage_flags(const sd_pulldown_config *c, double d) {
    pd_stage s;
    s.past0 = d > c->cp0;
    s.past1 = d > c->cp1;
    s.past2 = d > c->cp2;
    s.past3 = d > c->cp3;
    s.at_cp1 = d >= c->cp1;
    s.at_cp3 = d >= c->cp3;
    s.q = 0.0;
    return s;
}

/* The ramp q of the stage `s` of d: 0 before cp0 (where no value uses it)
 * and 1 past cp3 (the end of the last ramp, which the reveal holds), so the
 * single-value functions skip the division there. */
SD_INLINE double stage_ramp(const sd_pulldown_config *c, double d, pd_stage s) {
    if (s.past3) return 1.0;
    if (!s.past0) return 0.0;
    const double lo = s.past2 ? c->cp2 : s.past1 ? c->cp1 : c->cp0;
    const double width = s.past2 ? c->cp3 - c->cp2 : s.past1 ? c->cp2 - c->cp1 : c->cp1 - c->cp0;
    return (d - lo) / width;
}

/* The flags and the ramp of d, the branch-free way the batches take. */
SD_INLINE pd_stage stage_at(const sd_pulldown_config *c, double d) {
    pd_stage s = stage_flags(c, d);
    s.q = stage_ramp(c, d, s);
    return s;
}

/* -0.0 where `end` holds, else +0.0: the z of `z + k * to` above. */
SD_INLINE double end_zero(int end) { return end ? -0.0 : 0.0; }

/* The article's _handleOffset of the balls view (each stage open below, closed
 * above; see sd_pulldown_indicator), with the state's part (hidden while
 * refreshing) left to the caller. Per stage, as pulldown_values.h describes it:
 *  - cp0..cp1: centre scale sd__map(d, cp0, cp1, 0, max) = z1 + q max
 *    (z1 = end_zero(d >= cp1));
 *  - cp1..cp2: centre scale sd__lerp(max, 1, q), side x sd__lerp(0, +-spread,
 *    q) = 0.0 + (+-spread) q;
 *  - cp2..cp3: ball alpha sd__map(d, cp2, cp3, 1, 0) = 1 + q (0 - 1) = 1 - q
 *    (exactly 0 at cp3); side x at +-spread = -0.0 + (+-spread) 1.0, so the
 *    side x is z2 + (+-spread) h with z2 = end_zero(d > cp2) and h the
 *    cp1..cp2 ramp held at 1 past cp2. */
SD_INLINE sd_pulldown_indicator indicator_of(const sd_pulldown_config *c, double d, pd_stage s) {
    const int centre_shown = s.past0 && !s.past3; /* cp0 < d <= cp3 */
    const int sides_shown = s.past1 && !s.past3;  /* cp1 < d <= cp3 */
    const double ball_alpha = 1.0 - (s.past2 ? s.q : 0.0);
    const double held = s.past2 ? 1.0 : s.q;
    const double z2 = end_zero(s.past2);
    const double grow = end_zero(s.at_cp1) + s.q * c->ball_max_scale;
    const double shrink = sd__lerp(c->ball_max_scale, 1.0, s.q);

    sd_pulldown_indicator o;
    o.alpha = s.past3 ? 0.0 : 1.0;
    o.height = sd_max(c->min_indicator_height, d);
    o.left.alpha = sides_shown ? ball_alpha : 0.0;
    o.left.scale = 1.0;
    o.left.x = sides_shown ? z2 + (0.0 - c->ball_spread) * held : 0.0;
    o.centre.alpha = centre_shown ? ball_alpha : 0.0;
    o.centre.scale = centre_shown ? (s.past2 ? 1.0 : s.past1 ? shrink : grow) : 0.0;
    o.centre.x = 0.0;
    o.right.alpha = o.left.alpha;
    o.right.scale = 1.0;
    o.right.x = sides_shown ? z2 + c->ball_spread * held : 0.0;
    return o;
}

/* The single-value functions (and the frame value) branch on the stage
 * first and hand the shared body stage flags that are constants in each
 * branch, so that the compiler folds each copy to that stage's arithmetic;
 * the batches evaluate every stage and select, which is cheaper there, with
 * several distances per instruction. */
SD_INLINE int stage_index(pd_stage s) { return s.past0 + s.past1 + s.past2 + s.past3; }

/* `s` (of d) with the flags of stage k = stage_index(s), and its ramp. */
SD_INLINE pd_stage stage_known(const sd_pulldown_config *c, double d, pd_stage s, int k) {
    s.past0 = k > 0;
    s.past1 = k > 1;
    s.past2 = k > 2;
    s.past3 = k > 3;
    s.q = stage_ramp(c, d, s);
    return s;
}

SD_INLINE sd_pulldown_indicator indicator_at(const sd_pulldown_config *c, double d) {
    const pd_stage s = stage_flags(c, d);
    switch (stage_index(s)) {
    case 0: return indicator_of(c, d, stage_known(c, d, s, 0));
    case 1: return indicator_of(c, d, stage_known(c, d, s, 1));
    case 2: return indicator_of(c, d, stage_known(c, d, s, 2));
    case 3: return indicator_of(c, d, stage_known(c, d, s, 3));
    default: return indicator_of(c, d, stage_known(c, d, s, 4));
    }
}

/* Past cp2, each of panel alpha, scale gain and mask alpha is
 * sd__map(d, cp2, cp3, 0, to) = z3 + q to, with z3 = end_zero(d >= cp3)
 * (q is exactly 1 from cp3 on); at rest before. */
SD_INLINE sd_pulldown_reveal reveal_of(const sd_pulldown_config *c, pd_stage s) {
    const double z3 = end_zero(s.at_cp3);
    const double gain = z3 + s.q * c->panel_scale_gain;
    sd_pulldown_reveal r;
    r.container_alpha = s.past2 ? 1.0 : 0.0;
    r.panel_alpha = s.past2 ? z3 + s.q * c->reveal_panel_alpha : 0.0;
    r.panel_scale_x = s.past2 ? c->panel_scale_x + gain : c->panel_scale_x;
    r.panel_scale_y = s.past2 ? c->panel_scale_y + gain : c->panel_scale_y;
    r.mask_alpha = s.past2 ? z3 + s.q * c->reveal_mask_alpha : 0.0;
    return r;
}

SD_INLINE sd_pulldown_reveal reveal_at(const sd_pulldown_config *c, double d) {
    const pd_stage s = stage_flags(c, d);
    switch (stage_index(s)) {
    case 3: return reveal_of(c, stage_known(c, d, s, 3));
    case 4: return reveal_of(c, stage_known(c, d, s, 4));
    default: return reveal_of(c, stage_known(c, d, s, 0)); /* at rest before cp2 */
    }
}

SD_INLINE double nav_progress(const sd_pulldown_config *c, double u) {
    double a = u < 0 ? -u : u;
    a = sd_min(a, c->screen_height);
    return a < c->cp2 ? 1.0 - a / c->cp2 : 0.0;
}

SD_INLINE sd_pulldown_rgb colour_mix(sd_pulldown_rgb from, sd_pulldown_rgb to, double p) {
    sd_pulldown_rgb o = { sd__lerp(from.red, to.red, p), sd__lerp(from.green, to.green, p),
                          sd__lerp(from.blue, to.blue, p) };
    return o;
}

SD_INLINE sd_pulldown_rgb nav_colour(const sd_pulldown_config *c, double u) {
    return colour_mix(c->list_colour, c->open_colour, nav_progress(c, u));
}

SD_INLINE sd_pulldown_mirror mirror_at(const sd_pulldown_config *c, double u) {
    u = positive(u);
    sd_pulldown_mirror m;
    m.progress = sd_max(c->screen_height - u, 0.0) / c->screen_height;
    m.mask_alpha = c->open_mask_alpha * m.progress;
    m.panel_alpha = m.progress;
    m.panel_y = 0.0 - u;
    m.list_offset = c->screen_height - u;
    return m;
}

SD_INLINE double return_offset(const sd_pulldown_config *c, double from, double elapsed) {
    const double total = (c->options & SD_PULLDOWN_OPTION_REDUCED_MOTION) &&
                                 c->return_duration > SD_PULLDOWN_REDUCED_MOTION_DURATION
                             ? SD_PULLDOWN_REDUCED_MOTION_DURATION
                             : c->return_duration;
    const double split = total * c->return_split_time;
    const double fast = c->return_split_distance;
    double remaining;
    if (!(elapsed > 0))
        remaining = 1.0;
    else if (elapsed >= total)
        remaining = 0.0;
    else if (elapsed <= split)
        remaining = 1.0 - fast * (elapsed / split);
    else
        remaining = (1.0 - fast) * (1.0 - (elapsed - split) / (total - split));
    return from * remaining;
}
/* ------------------------------------------------------------------------ */
/* What the batches share (pulldown_batch.c, pulldown_compact.c)              */
/* ------------------------------------------------------------------------ */

/* Distances per block: a block's buffers (a few of PD_BLOCK doubles) stay in
 * L1, and whole blocks have a constant trip count, which compilers
 * vectorise without a scalar remainder. */
#define PD_BLOCK 256

/* The checks every batch makes, in this order: config, out, the input
 * (distances or elapsed times, needed when count > 0). */
SD_INLINE sd_status pd_check_batch(const sd_pulldown_config *c, const double *in, size_t count, const void *out,
                                   sd_error *err) {
    SD_CHECK_NULL(c, err, "config");
    SD_CHECK_NULL(out, err, "out");
    if (count > 0 && !in) return sd_fail(err, SD_ERR_NULL, "input", "must not be NULL when count > 0");
    return SD_OK;
}

SD_INLINE size_t pd_count_rejected(const double *in, size_t count) {
    size_t bad = 0;
    for (size_t i = 0; i < count; i++) bad += !sd_isfinite(in[i]);
    return bad;
}

/* A batch reads a non-finite distance as 0. */
SD_INLINE double finite_or_zero(double x) { return sd_isfinite(x) ? x : 0.0; }

/* `restrict` throughout: no array aliases another, the input or the
 * configuration, which is what lets the loops vectorise. */

/* A block's distances, a non-finite one read as 0. */
SD_INLINE void distances_loop(const double *restrict in, size_t n, double *restrict d) {
    for (size_t i = 0; i < n; i++) d[i] = finite_or_zero(in[i]);
}

/* The same, and the distances' stage ramps (the one division the balls and
 * the reveal share). */
SD_INLINE void ramps_loop(const sd_pulldown_config *restrict c, const double *restrict in, size_t n,
                          double *restrict d, double *restrict q) {
    for (size_t i = 0; i < n; i++) {
        const double x = finite_or_zero(in[i]);
        d[i] = x;
        q[i] = stage_ramp(c, x, stage_flags(c, x));
    }
}

/* The stage of d with its ramp q already known. */
SD_INLINE pd_stage stage_with(const sd_pulldown_config *c, double d, double q) {
    pd_stage s = stage_flags(c, d);
    s.q = q;
    return s;
}

/* Asks the caches for the PD_BLOCK distances from in[from] on, one 64-byte
 * line at a time, while the block before them is computed. A caller that
 * streams a long array through a batch in chunks reads it page by page, and
 * the hardware prefetchers stop at every 4 KiB page: each new page would
 * wait for memory. The hint may reach past the caller's array (its next
 * chunk, in the usual case): a prefetch never faults and reads nothing into
 * the program, and the address is formed as an integer, not as a pointer
 * past the array. */
SD_INLINE void pd_prefetch_next(const double *in, size_t from) {
    const uintptr_t start = (uintptr_t)in + from * sizeof(double);
    for (uintptr_t line = 0; line < PD_BLOCK * sizeof(double); line += 64)
        __builtin_prefetch((const void *)(start + line), 0, 2);
}

/* How many of `count` elements of `size` bytes to do before `first`
 * reaches a 64-byte boundary, so that when a batch's arrays are laid out
 * alike (one allocation, or a multiple of 64 bytes apart) no vector store of
 * the whole blocks straddles two cache lines: with the arrays 16 bytes off a
 * line and the stores 32 or 64 bytes wide, straddling stores took twice as
 * long. */
SD_INLINE size_t pd_alignment_peel(const void *first, size_t size, size_t count) {
    const size_t off = (size_t)((uintptr_t)first % 64);
    const size_t peel = off && off % size == 0 ? (64 - off) / size : 0;
    return peel < count ? peel : count;
}

/*
 * Vector instructions. The batches' loops are compiled three times on
 * x86-64: for the baseline the build targets (SSE2 under SwiftPM and the
 * Makefile: two doubles per instruction), for AVX2 (four) and for AVX-512
 * (eight, 32 registers, mask registers for the selects, and FMA), and each
 * call takes the widest that sd_pulldown_simd_level allows
 * (pulldown_batch.c finds it from CPUID). The arithmetic is the same IEEE
 * operations in the same order at every width (internal.h turns
 * contraction off, so no `a + b * c` is fused behind the code's back), so
 * every level gives the same bits; tests check each level the machine has.
 * A loop that computes a value another way at one level (the compact
 * batch's quotients on AVX-512) must give the same bits, and says why.
 *
 * PD_SIMD_VERSIONS(name, params, args, body) defines `static void
 * name params`, which runs `body` (a call using `args`) compiled for that
 * level; in `body`, pd_level_ is the level (0, 1, 2).
 */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PD_DISPATCH 1
#else
#define PD_DISPATCH 0
#endif

#define PD_SIMD_MAX 2

/* GCC at -O2 vectorises only loops it deems very cheap; ask it for the usual
 * cost model on the fast paths (clang vectorises these loops at -O2 as is). */
#if defined(__GNUC__) && !defined(__clang__)
#define PD_VECTORISE __attribute__((optimize("vect-cost-model=dynamic")))
#else
#define PD_VECTORISE
#endif

#if PD_DISPATCH
#define PD_SIMD_VERSIONS(name, params, args, body)                                                    \
    PD_VECTORISE static void name##_baseline params {                                                 \
        const int pd_level_ = 0;                                                                      \
        (void)pd_level_;                                                                              \
        body;                                                                                         \
    }                                                                                                 \
    PD_VECTORISE __attribute__((target("avx2"))) static void name##_avx2 params {                    \
        const int pd_level_ = 1;                                                                      \
        (void)pd_level_;                                                                              \
        body;                                                                                         \
    }                                                                                                 \
    PD_VECTORISE __attribute__((target("avx512f,avx512dq,avx512vl,fma"))) static void name##_avx512 params \
    {                                                                                                 \
        const int pd_level_ = 2;                                                                      \
        (void)pd_level_;                                                                              \
        body;                                                                                         \
    }                                                                                                 \
    static void name params {                                                                         \
        const int level_ = sd_pulldown_simd_level();                                                  \
        if (level_ == 2)                                                                              \
            name##_avx512 args;                                                                       \
        else if (level_ == 1)                                                                         \
            name##_avx2 args;                                                                         \
        else                                                                                          \
            name##_baseline args;                                                                     \
    }
#else
#define PD_SIMD_VERSIONS(name, params, args, body) \
    PD_VECTORISE static void name params {         \
        const int pd_level_ = 0;                   \
        (void)pd_level_;                           \
        body;                                      \
    }
#endif

/* ------------------------------------------------------------------------ */
/* Actions and the three machines (pulldown_machines.c)                      */
/* ------------------------------------------------------------------------ */

static const sd_pulldown_actions PD_NO_ACTIONS = { 0u, 0u, 0u, 0u, 0.0, 0.0, 0.0 };

SD_INLINE void act(sd_pulldown_actions *a, uint32_t flags) { a->flags |= flags; }

/* Merges the actions of one machine's step into those of the whole step. */
void sd__pulldown_merge_actions(sd_pulldown_actions *into, const sd_pulldown_actions *a);

/* How long a transition of `kind` lasts (sd_pulldown_transition_duration):
 * the configuration's, at most SD_PULLDOWN_REDUCED_MOTION_DURATION with
 * reduced motion (short, the same curve and end). */
SD_INLINE double sd__pulldown_duration(const sd_pulldown_config *c, uint32_t kind) {
    double d = 0.0;
    switch (kind) {
    case SD_PULLDOWN_TRANSITION_OPEN:
    case SD_PULLDOWN_TRANSITION_RESTORE: d = c->transition_duration; break;
    case SD_PULLDOWN_TRANSITION_CLOSE: d = c->close_duration; break;
    case SD_PULLDOWN_TRANSITION_RETURN: d = c->return_duration; break;
    default: break;
    }
    if ((c->options & SD_PULLDOWN_OPTION_REDUCED_MOTION) && d > SD_PULLDOWN_REDUCED_MOTION_DURATION)
        d = SD_PULLDOWN_REDUCED_MOTION_DURATION;
    return d;
}

/* Whether a transition of `kind` started at `start` has ended at `time`. */
SD_INLINE int pd_transition_ended(const sd_pulldown_config *c, uint32_t kind, double start, double time) {
    return sd__transition_ended(start, sd__pulldown_duration(c, kind), time);
}

/*
 * The machines at rest, and one event applied to one machine. The event is
 * checked already (known type, finite offset) and its time is the time it
 * counts at (the surface's clock rule applied); `*state` and `*actions` are
 * updated in place (the surface decides its refusals before it calls them).
 * They return SD_ERR_STATE for a CLOSE they cannot take, SD_OK otherwise.
 * The rules of each machine are described in pulldown_machines.c.
 */
sd_pulldown_list_state sd__pulldown_list_initial(const sd_pulldown_config *c);
sd_pulldown_panel_state sd__pulldown_panel_initial(void);
sd_pulldown_applets_state sd__pulldown_applets_initial(void);
sd_status sd__pulldown_list_apply(const sd_pulldown_config *c, sd_pulldown_list_state *s,
                                  const sd_pulldown_event *e, sd_pulldown_actions *a);
sd_status sd__pulldown_panel_apply(const sd_pulldown_config *c, sd_pulldown_panel_state *s,
                                   const sd_pulldown_event *e, sd_pulldown_actions *a);
sd_status sd__pulldown_applets_apply(const sd_pulldown_config *c, sd_pulldown_applets_state *s,
                                     const sd_pulldown_event *e, sd_pulldown_actions *a);

/* The list's and the panel's answer to a FRAME at `time` (what their apply
 * does with one): the parts that run every frame inline, a running
 * transition's out of line. Both write into the same actions (the list sets
 * only list_offset, the panel only its own offsets). */
void sd__pulldown_list_transition_tick(const sd_pulldown_config *c, sd_pulldown_list_state *s, double time,
                                       sd_pulldown_actions *a);
void sd__pulldown_panel_transition_tick(const sd_pulldown_config *c, sd_pulldown_panel_state *s, double time,
                                        sd_pulldown_actions *a);

SD_INLINE void sd__pulldown_list_tick(const sd_pulldown_config *c, sd_pulldown_list_state *s, double time,
                                      sd_pulldown_actions *a) {
    /* The haptic shows in the frame after the step that fired it. */
    s->haptic_frame = s->haptic_pending;
    s->haptic_pending = 0u;
    if (s->transition != SD_PULLDOWN_TRANSITION_NONE) sd__pulldown_list_transition_tick(c, s, time, a);
}

SD_INLINE void sd__pulldown_panel_tick(const sd_pulldown_config *c, sd_pulldown_panel_state *s, double time,
                                       sd_pulldown_actions *a) {
    if (s->transition != SD_PULLDOWN_TRANSITION_NONE) sd__pulldown_panel_transition_tick(c, s, time, a);
}

#endif /* SCROLLDRIVE_PULLDOWN_INTERNAL_H */
