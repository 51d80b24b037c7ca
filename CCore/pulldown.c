/*
 * pulldown.c — WeChat's pull-down mini-program panel: per-offset values, the
 * list / panel / applets machines and the frame value (seed 002).
 */
#include "internal.h"

#include <string.h>

/* ------------------------------------------------------------------------ */
/* Curves                                                                    */
/* ------------------------------------------------------------------------ */

/*
 * UIKit's default UIView animation curve (what a plain animateWithDuration:
 * block uses), CAMediaTimingFunction ease-in-out: the cubic bezier with
 * control points (0.42, 0) and (0.58, 1), from the core's motion math so
 * every surface eases the same way. 0 and 1 give exactly 0 and 1.
 */
SD_INLINE double ease_in_out(double s) { return sd_timing_curve_value(&sd_timing_ease_in_out, s); }

/* a -> b at t in [0, 1], exactly a at t <= 0 and exactly b at t >= 1. */
SD_INLINE double mix(double a, double b, double t) {
    if (t <= 0) return a;
    if (t >= 1) return b;
    return a + (b - a) * t;
}

/* max(0, x) without a negative zero. */
SD_INLINE double positive(double x) { return x > 0 ? x : 0.0; }

/* A transition is over once `duration` has elapsed, give or take the rounding
 * of the caller's clock: a 60 Hz frame at nominally 0.4 s after a start at
 * 3.25 s measures 0.39999999999999991 s, and should still finish it. The
 * allowance is absolute, and past about 1e8 s the clock's own resolution
 * exceeds it ((2.19e8 + 0.35) - 2.19e8 is 0.34999996 s), so the end time as
 * the caller's clock forms it, start + duration, counts too: a tick there
 * finishes the transition at any clock value, also where start + duration
 * rounds to start itself. */
#define PD_TIME_TOLERANCE 1e-9

SD_INLINE int transition_done(double time, double start, double duration) {
    return time - start >= duration - PD_TIME_TOLERANCE || time >= start + duration;
}

/* Fraction 0...1 of a transition elapsed at `time`. */
SD_INLINE double transition_fraction(double time, double start, double duration) {
    double e = time - start;
    if (!(e > 0)) return 0.0;
    if (e >= duration) return 1.0;
    double s = e / duration;
    return s < 1 ? s : 1.0;
}

/* ------------------------------------------------------------------------ */
/* Configuration                                                             */
/* ------------------------------------------------------------------------ */

sd_pulldown_config sd_pulldown_config_article(void) {
    sd_pulldown_config c = {
        .cp0 = 60, .cp1 = 90, .cp2 = 130, .cp3 = 240,
        .screen_height = 736, .top_bar_height = 64, .tab_bar_height = 49,
        .transition_duration = 0.35, .close_duration = 0.4,
        .return_duration = 1.5, .return_split_time = 0.3, .return_split_distance = 0.5,
        .ball_spread = 16, .ball_max_scale = 2, .min_indicator_height = 6,
        .reveal_panel_alpha = 0.3, .reveal_mask_alpha = 0.3, .open_mask_alpha = 0.6,
        .panel_scale_x = 0.6, .panel_scale_y = 0.4, .panel_scale_gain = 0.1,
        .panel_content_screens = 20,
        .search_bar_height = 57, .close_drag_distance = 135,
        .list_colour = { 0xED, 0xED, 0xED },
        .open_colour = { 0xFF, 0xFF, 0xFF },
    };
    return c;
}

sd_pulldown_config sd_pulldown_config_wechat(void) {
    sd_pulldown_config c = sd_pulldown_config_article();
    c.cp0 = 80;
    c.cp1 = 130;
    c.cp2 = 160;
    c.cp3 = 240;
    return c;
}

sd_pulldown_config sd_pulldown_config_default(void) { return sd_pulldown_config_article(); }

#define PD_FINITE(f) \
    if (!sd_isfinite(c->f)) return sd_fail(err, SD_ERR_NOT_FINITE, #f, "must be finite")
#define PD_NONNEG(f) \
    if (c->f < 0) return sd_fail(err, SD_ERR_NEGATIVE, #f, "must be >= 0")
#define PD_POSITIVE(f) \
    if (!(c->f > 0)) return sd_fail(err, SD_ERR_NEGATIVE, #f, "must be > 0")
#define PD_UNIT(f) \
    if (c->f < 0 || c->f > 1) return sd_fail(err, SD_ERR_RANGE, #f, "must be within [0, 1]")
#define PD_FRACTION(f) \
    if (!(c->f > 0 && c->f < 1)) return sd_fail(err, SD_ERR_RANGE, #f, "must be > 0 and < 1")
#define PD_CHANNEL(f) \
    if (c->f < 0 || c->f > 255) return sd_fail(err, SD_ERR_RANGE, #f, "must be within [0, 255]")
#define PD_FACTOR(f) \
    if (c->f > SD_PULLDOWN_MAX_FACTOR) return sd_fail(err, SD_ERR_RANGE, #f, "must be <= SD_PULLDOWN_MAX_FACTOR (1e6)")

sd_status sd_pulldown_config_validate(const sd_pulldown_config *c, sd_error *err) {
    SD_CHECK_NULL(c, err, "config");
    PD_FINITE(cp0);
    PD_FINITE(cp1);
    PD_FINITE(cp2);
    PD_FINITE(cp3);
    PD_FINITE(screen_height);
    PD_FINITE(top_bar_height);
    PD_FINITE(tab_bar_height);
    PD_FINITE(transition_duration);
    PD_FINITE(close_duration);
    PD_FINITE(return_duration);
    PD_FINITE(return_split_time);
    PD_FINITE(return_split_distance);
    PD_FINITE(ball_spread);
    PD_FINITE(ball_max_scale);
    PD_FINITE(min_indicator_height);
    PD_FINITE(reveal_panel_alpha);
    PD_FINITE(reveal_mask_alpha);
    PD_FINITE(open_mask_alpha);
    PD_FINITE(panel_scale_x);
    PD_FINITE(panel_scale_y);
    PD_FINITE(panel_scale_gain);
    PD_FINITE(panel_content_screens);
    PD_FINITE(search_bar_height);
    PD_FINITE(close_drag_distance);
    PD_FINITE(list_colour.red);
    PD_FINITE(list_colour.green);
    PD_FINITE(list_colour.blue);
    PD_FINITE(open_colour.red);
    PD_FINITE(open_colour.green);
    PD_FINITE(open_colour.blue);

    PD_NONNEG(cp0);
    PD_POSITIVE(screen_height);
    PD_NONNEG(top_bar_height);
    PD_NONNEG(tab_bar_height);
    PD_POSITIVE(transition_duration);
    PD_POSITIVE(close_duration);
    PD_POSITIVE(return_duration);
    PD_NONNEG(ball_spread);
    PD_NONNEG(ball_max_scale);
    PD_NONNEG(min_indicator_height);
    PD_NONNEG(panel_scale_x);
    PD_NONNEG(panel_scale_y);
    PD_NONNEG(panel_scale_gain);
    PD_NONNEG(panel_content_screens);
    PD_NONNEG(search_bar_height);
    PD_NONNEG(close_drag_distance);

    if (!(c->cp1 > c->cp0)) return sd_fail(err, SD_ERR_ORDER, "cp1", "must be > cp0");
    if (!(c->cp2 > c->cp1)) return sd_fail(err, SD_ERR_ORDER, "cp2", "must be > cp1");
    if (!(c->cp3 > c->cp2)) return sd_fail(err, SD_ERR_ORDER, "cp3", "must be > cp2");
    if (!(c->screen_height > c->cp3)) return sd_fail(err, SD_ERR_ORDER, "screen_height", "must be > cp3");
    if (!(c->top_bar_height < c->screen_height))
        return sd_fail(err, SD_ERR_ORDER, "top_bar_height", "must be < screen_height");
    if (!(c->tab_bar_height <= c->screen_height))
        return sd_fail(err, SD_ERR_ORDER, "tab_bar_height", "must be <= screen_height");

    PD_FRACTION(return_split_time);
    PD_FRACTION(return_split_distance);
    PD_UNIT(reveal_panel_alpha);
    PD_UNIT(reveal_mask_alpha);
    PD_UNIT(open_mask_alpha);
    PD_CHANNEL(list_colour.red);
    PD_CHANNEL(list_colour.green);
    PD_CHANNEL(list_colour.blue);
    PD_CHANNEL(open_colour.red);
    PD_CHANNEL(open_colour.green);
    PD_CHANNEL(open_colour.blue);

    /* Bounds that keep every frame value finite: the frame multiplies the
     * screen height by panel_content_screens and adds the scale gain to the
     * scales. */
    if (!(c->screen_height <= SD_PULLDOWN_MAX_SCREEN_HEIGHT))
        return sd_fail(err, SD_ERR_RANGE, "screen_height", "must be <= SD_PULLDOWN_MAX_SCREEN_HEIGHT (1e6 points)");
    PD_FACTOR(ball_max_scale);
    PD_FACTOR(panel_scale_x);
    PD_FACTOR(panel_scale_y);
    PD_FACTOR(panel_scale_gain);
    PD_FACTOR(panel_content_screens);
    return sd_succeed(err);
}

/* ------------------------------------------------------------------------ */
/* Per-offset values (in-line bodies shared by single, batch and frame)      */
/* ------------------------------------------------------------------------ */

SD_INLINE double pull_distance(const sd_pulldown_config *c, double y) { return positive(-(y + c->top_bar_height)); }

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
 * pulldown.h (sd__map / sd__lerp per stage, as the seed computes them);
 * Tests/CCoreTests/test_pulldown.c checks this against that description
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

/* The seed's _handleOffset of the balls view (each stage open below, closed
 * above; see sd_pulldown_indicator), with the state's part (hidden while
 * refreshing) left to the caller. Per stage, as pulldown.h describes it:
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
    const double total = c->return_duration;
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

/* ---- public single-value entry points ---- */

sd_status sd_pulldown_pull_distance(const sd_pulldown_config *c, double y, double *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(y)) return SD_ERR_NOT_FINITE;
    *out = pull_distance(c, y);
    return SD_OK;
}

sd_status sd_pulldown_indicator_at(const sd_pulldown_config *c, double d, sd_pulldown_indicator *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(d)) return SD_ERR_NOT_FINITE;
    *out = indicator_at(c, d);
    return SD_OK;
}

sd_status sd_pulldown_reveal_at(const sd_pulldown_config *c, double d, sd_pulldown_reveal *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(d)) return SD_ERR_NOT_FINITE;
    *out = reveal_at(c, d);
    return SD_OK;
}

sd_status sd_pulldown_nav_colour(const sd_pulldown_config *c, double u, sd_pulldown_rgb *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(u)) return SD_ERR_NOT_FINITE;
    *out = nav_colour(c, u);
    return SD_OK;
}

uint8_t sd_pulldown_channel_u8(double v) {
    if (!(v > 0)) return 0;
    if (v >= 255) return 255;
    return (uint8_t)(v + 0.5);
}

sd_status sd_pulldown_mirror_at(const sd_pulldown_config *c, double u, sd_pulldown_mirror *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(u)) return SD_ERR_NOT_FINITE;
    *out = mirror_at(c, u);
    return SD_OK;
}

sd_status sd_pulldown_return_offset(const sd_pulldown_config *c, double from, double elapsed, double *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(from) || !sd_isfinite(elapsed)) return SD_ERR_NOT_FINITE;
    *out = return_offset(c, from, elapsed);
    return SD_OK;
}

static size_t count_rejected(const double *in, size_t count) {
    size_t bad = 0;
    for (size_t i = 0; i < count; i++) bad += !sd_isfinite(in[i]);
    return bad;
}

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

#define PD_BLOCK 256

SD_INLINE double finite_or_zero(double x) { return sd_isfinite(x) ? x : 0.0; }

/* `restrict` throughout: no array aliases another, the input or the
 * configuration, which is what lets the loops vectorise. */

/* The block's distances, a non-finite one read as 0. */
SD_INLINE void distances_loop(const double *restrict in, size_t n, double *restrict d) {
    for (size_t i = 0; i < n; i++) d[i] = finite_or_zero(in[i]);
}

/* The same, and the distances' stage ramps. */
SD_INLINE void ramps_loop(const sd_pulldown_config *restrict c, const double *restrict in, size_t n,
                          double *restrict d, double *restrict q) {
    for (size_t i = 0; i < n; i++) {
        const double x = finite_or_zero(in[i]);
        d[i] = x;
        q[i] = stage_ramp(c, x, stage_flags(c, x));
    }
}

SD_INLINE pd_stage stage_with(const sd_pulldown_config *c, double d, double q) {
    pd_stage s = stage_flags(c, d);
    s.q = q;
    return s;
}

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
 * boundary, so that when the arrays are laid out alike (one allocation, or
 * a multiple of 8 doubles apart) no vector store of the whole blocks
 * straddles two cache lines: with the arrays 16 bytes off a line and the
 * stores 32 or 64 bytes wide, straddling stores took twice as long. */
SD_INLINE void offsets_blocks(const sd_pulldown_config *c, const double *in, size_t count, const pd_arrays *a,
                              int indicator, int reveal, int colour) {
    const sd_pulldown_config k = *c; /* a copy no output array can alias */
    _Alignas(64) double d[PD_BLOCK];
    _Alignas(64) double q[PD_BLOCK];
    const double *first = a->f[indicator ? PD_ALPHA : reveal ? PD_CONTAINER_ALPHA : PD_RED];
    const size_t misaligned = ((uintptr_t)first % 64) / sizeof(double);
    size_t b = misaligned ? 8 - misaligned : 0;
    if (b > count) b = count;
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

/* ---- which vector instructions the fast path runs on ----
 *
 * The loops above are compiled three times on x86-64: for the baseline the
 * build targets (SSE2 under SwiftPM and the Makefile: two doubles per
 * instruction), for AVX2 (four) and for AVX-512 (eight, with mask
 * registers for the selects), and each call takes the widest the CPU and OS
 * support. The arithmetic is the same IEEE operations in the same order at
 * every width (no FMA: internal.h turns contraction off), so every level
 * gives the same bits; tests check each level the machine has. */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PD_DISPATCH 1
#include <cpuid.h>
#include <stdlib.h>
#else
#define PD_DISPATCH 0
#endif

#define PD_SIMD_MAX 2

/* GCC at -O2 vectorises only loops it deems very cheap; ask it for the usual
 * cost model on the fast path (clang vectorises these loops at -O2 as is). */
#if defined(__GNUC__) && !defined(__clang__)
#define PD_VECTORISE __attribute__((optimize("vect-cost-model=dynamic")))
#else
#define PD_VECTORISE
#endif

PD_VECTORISE static void offsets_fast_baseline(const sd_pulldown_config *c, const double *in, size_t count,
                                               const pd_arrays *a, int indicator, int reveal, int colour) {
    offsets_blocks(c, in, count, a, indicator, reveal, colour);
}

#if PD_DISPATCH
PD_VECTORISE __attribute__((target("avx2"))) static void
offsets_fast_avx2(const sd_pulldown_config *c, const double *in, size_t count, const pd_arrays *a, int indicator,
                  int reveal, int colour) {
    offsets_blocks(c, in, count, a, indicator, reveal, colour);
}

PD_VECTORISE __attribute__((target("avx512f,avx512dq,avx512vl"))) static void
offsets_fast_avx512(const sd_pulldown_config *c, const double *in, size_t count, const pd_arrays *a, int indicator,
                    int reveal, int colour) {
    offsets_blocks(c, in, count, a, indicator, reveal, colour);
}

/* What this CPU and OS support: 2 AVX-512 F+DQ+VL, 1 AVX2, 0 neither. */
static int cpu_simd(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    if (!(ecx & (1u << 27)) || !(ecx & (1u << 28))) return 0; /* OSXSAVE, AVX */
    unsigned xcr0, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0), "=d"(xcr0_high) : "c"(0));
    (void)xcr0_high;
    if ((xcr0 & 0x6u) != 0x6u) return 0; /* the OS saves XMM and YMM state */
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    int level = (ebx & (1u << 5)) ? 1 : 0; /* AVX2 */
    const unsigned avx512 = (1u << 16) | (1u << 17) | (1u << 31); /* F, DQ, VL */
    if ((ebx & avx512) == avx512 && (xcr0 & 0xe6u) == 0xe6u) level = 2; /* and opmask + ZMM state */
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

static void offsets_fast(const sd_pulldown_config *c, const double *in, size_t count, const pd_arrays *a,
                         int indicator, int reveal, int colour) {
#if PD_DISPATCH
    const int level = sd_pulldown_simd_level();
    if (level == 2) {
        offsets_fast_avx512(c, in, count, a, indicator, reveal, colour);
        return;
    }
    if (level == 1) {
        offsets_fast_avx2(c, in, count, a, indicator, reveal, colour);
        return;
    }
#endif
    offsets_fast_baseline(c, in, count, a, indicator, reveal, colour);
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
                                      const sd_pulldown_indicator_arrays *out, size_t *rejected) {
    if (!c || !out || (count > 0 && !in)) return SD_ERR_NULL;
    pd_arrays a = { { NULL } };
    indicator_fields(&a, out);
    offsets_batch(c, in, count, &a, 1, 0, 0);
    if (rejected) *rejected = count_rejected(in, count);
    return SD_OK;
}

sd_status sd_pulldown_reveal_batch(const sd_pulldown_config *c, const double *restrict in, size_t count,
                                   const sd_pulldown_reveal_arrays *out, size_t *rejected) {
    if (!c || !out || (count > 0 && !in)) return SD_ERR_NULL;
    pd_arrays a = { { NULL } };
    reveal_fields(&a, out);
    offsets_batch(c, in, count, &a, 0, 1, 0);
    if (rejected) *rejected = count_rejected(in, count);
    return SD_OK;
}

sd_status sd_pulldown_nav_colour_batch(const sd_pulldown_config *c, const double *restrict in, size_t count,
                                       double *red, double *green, double *blue, size_t *rejected) {
    if (!c || (count > 0 && !in)) return SD_ERR_NULL;
    pd_arrays a = { { NULL } };
    colour_fields(&a, red, green, blue);
    offsets_batch(c, in, count, &a, 0, 0, 1);
    if (rejected) *rejected = count_rejected(in, count);
    return SD_OK;
}

sd_status sd_pulldown_offset_batch(const sd_pulldown_config *c, const double *restrict in, size_t count,
                                   const sd_pulldown_offset_arrays *out, size_t *rejected) {
    if (!c || !out || (count > 0 && !in)) return SD_ERR_NULL;
    pd_arrays a = { { NULL } };
    indicator_fields(&a, &out->indicator);
    reveal_fields(&a, &out->reveal);
    colour_fields(&a, out->red, out->green, out->blue);
    offsets_batch(c, in, count, &a, 1, 1, 1);
    if (rejected) *rejected = count_rejected(in, count);
    return SD_OK;
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
                                   const sd_pulldown_mirror_arrays *out, size_t *rejected) {
    if (!c || !out || (count > 0 && !in)) return SD_ERR_NULL;
    PD_BATCH_FIELD(out->progress, mirror_at(c, x).progress);
    PD_BATCH_FIELD(out->mask_alpha, mirror_at(c, x).mask_alpha);
    PD_BATCH_FIELD(out->panel_alpha, mirror_at(c, x).panel_alpha);
    PD_BATCH_FIELD(out->panel_y, mirror_at(c, x).panel_y);
    PD_BATCH_FIELD(out->list_offset, mirror_at(c, x).list_offset);
    if (rejected) *rejected = count_rejected(in, count);
    return SD_OK;
}

sd_status sd_pulldown_return_offset_batch(const sd_pulldown_config *c, double from, const double *restrict in,
                                          size_t count, double *out, size_t *rejected) {
    if (!c || (count > 0 && (!in || !out))) return SD_ERR_NULL;
    if (!sd_isfinite(from)) return SD_ERR_NOT_FINITE;
    PD_BATCH_FIELD(out, return_offset(c, from, x));
    if (rejected) *rejected = count_rejected(in, count);
    return SD_OK;
}

/* ------------------------------------------------------------------------ */
/* Events and actions                                                        */
/* ------------------------------------------------------------------------ */

double sd_pulldown_transition_duration(const sd_pulldown_config *c, sd_pulldown_transition kind) {
    if (!c) return 0.0;
    switch (kind) {
    case SD_PULLDOWN_TRANSITION_OPEN:
    case SD_PULLDOWN_TRANSITION_RESTORE: return c->transition_duration;
    case SD_PULLDOWN_TRANSITION_CLOSE: return c->close_duration;
    case SD_PULLDOWN_TRANSITION_RETURN: return c->return_duration;
    case SD_PULLDOWN_TRANSITION_NONE: break;
    }
    return 0.0;
}

static sd_status check_event(const sd_pulldown_event *e) {
    if (e->type > SD_PULLDOWN_EVENT_PAGE_APPEARED) return SD_ERR_RANGE;
    if (!sd_isfinite(e->time)) return SD_ERR_NOT_FINITE;
    switch ((sd_pulldown_event_type)e->type) {
    case SD_PULLDOWN_EVENT_OFFSET_CHANGED:
    case SD_PULLDOWN_EVENT_DRAG_BEGAN:
    case SD_PULLDOWN_EVENT_DRAG_ENDED:
    case SD_PULLDOWN_EVENT_DECELERATION_ENDED:
    case SD_PULLDOWN_EVENT_CLOSE:
        if (!sd_isfinite(e->offset)) return SD_ERR_NOT_FINITE;
        break;
    case SD_PULLDOWN_EVENT_FRAME:
    case SD_PULLDOWN_EVENT_APPLET_OPENED:
    case SD_PULLDOWN_EVENT_PAGE_APPEARED: break;
    }
    return SD_OK;
}

static const sd_pulldown_actions NO_ACTIONS = { 0u, 0u, 0u, 0u, 0.0, 0.0, 0.0 };

SD_INLINE void act(sd_pulldown_actions *a, uint32_t flags) { a->flags |= flags; }

SD_INLINE void act_start(sd_pulldown_actions *a, sd_pulldown_transition k) {
    a->flags |= SD_PULLDOWN_ACTION_START_TRANSITION;
    a->started |= SD_PULLDOWN_TRANSITION_BIT(k);
}

SD_INLINE void act_finish(sd_pulldown_actions *a, sd_pulldown_transition k) {
    a->flags |= SD_PULLDOWN_ACTION_FINISH_TRANSITION;
    a->finished |= SD_PULLDOWN_TRANSITION_BIT(k);
}

SD_INLINE void act_cancel(sd_pulldown_actions *a, sd_pulldown_transition k) {
    a->flags |= SD_PULLDOWN_ACTION_CANCEL_TRANSITION;
    a->cancelled |= SD_PULLDOWN_TRANSITION_BIT(k);
}

static void merge_actions(sd_pulldown_actions *into, const sd_pulldown_actions *a) {
    into->flags |= a->flags;
    into->started |= a->started;
    into->finished |= a->finished;
    into->cancelled |= a->cancelled;
    if (a->flags & SD_PULLDOWN_ACTION_PIN_LIST_OFFSET) into->list_offset = a->list_offset;
    if (a->flags & SD_PULLDOWN_ACTION_SET_PANEL_OFFSET) into->panel_offset = a->panel_offset;
    if (a->flags & (SD_PULLDOWN_ACTION_SCROLL_APPLETS | SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET))
        into->applets_offset = a->applets_offset;
}

/* ------------------------------------------------------------------------ */
/* The list machine                                                          */
/* ------------------------------------------------------------------------ */

sd_pulldown_list_state sd_pulldown_list_initial(const sd_pulldown_config *c) {
    sd_pulldown_list_state s;
    s.offset = c ? -c->top_bar_height : 0.0;
    s.last_offset = 0.0;
    s.release_offset = 0.0;
    s.release_distance = 0.0;
    s.close_panel_offset = 0.0;
    s.transition_start = 0.0;
    s.phase = SD_PULLDOWN_IDLE;
    s.transition = SD_PULLDOWN_TRANSITION_NONE;
    s.haptic_armed = 1u;
    s.haptic_pending = 0u;
    s.haptic_frame = 0u;
    s.locked = 0u;
    return s;
}

/* Release while pulling: pin the list where the finger left it (the seed's
 * Q1: otherwise it rebounds a little before falling), commit, lock. */
static void list_release(const sd_pulldown_config *c, sd_pulldown_list_state *s, double time,
                         sd_pulldown_actions *a) {
    act(a, SD_PULLDOWN_ACTION_PIN_LIST_OFFSET);
    a->list_offset = s->last_offset;
    s->offset = s->last_offset;
    s->release_offset = s->last_offset;
    s->release_distance = pull_distance(c, s->last_offset);
    s->last_offset = 0.0;
    s->phase = SD_PULLDOWN_REFRESHING;
    act(a, SD_PULLDOWN_ACTION_STATE);
    s->transition = SD_PULLDOWN_TRANSITION_OPEN;
    s->transition_start = time;
    s->locked = 1u;
    act(a, SD_PULLDOWN_ACTION_LOCK_INTERACTION);
    act_start(a, SD_PULLDOWN_TRANSITION_OPEN);
}

static void list_offset_changed(const sd_pulldown_config *c, sd_pulldown_list_state *s, const sd_pulldown_event *e,
                                sd_pulldown_actions *a) {
    if (s->phase == SD_PULLDOWN_REFRESHING || s->transition != SD_PULLDOWN_TRANSITION_NONE) return;
    if (s->phase == SD_PULLDOWN_PULLING && !e->flag) {
        list_release(c, s, e->time, a);
        return;
    }
    const double y = e->offset;
    if (y > -c->top_bar_height) {
        /* The indicator's area is scrolled away: nothing to drive. */
        s->offset = y;
        return;
    }
    if (e->flag) {
        if (y == s->last_offset) {
            /* UIKit never reports an unchanged offset: not a movement. */
            s->offset = y;
            return;
        }
        const double d = -(y + c->top_bar_height);
        if (s->phase == SD_PULLDOWN_IDLE && d > c->cp1 && y < s->last_offset) {
            s->phase = SD_PULLDOWN_PULLING;
            act(a, SD_PULLDOWN_ACTION_STATE);
            if (s->haptic_armed) {
                s->haptic_armed = 0u;
                s->haptic_pending = 1u;
                act(a, SD_PULLDOWN_ACTION_HAPTIC);
            }
        } else if (s->phase == SD_PULLDOWN_PULLING && (d <= c->cp1 || y >= s->last_offset)) {
            s->phase = SD_PULLDOWN_IDLE;
            act(a, SD_PULLDOWN_ACTION_STATE);
        }
    }
    s->offset = y;
    s->last_offset = y;
}

static sd_status list_apply(const sd_pulldown_config *c, sd_pulldown_list_state *s, const sd_pulldown_event *e,
                            sd_pulldown_actions *a) {
    switch ((sd_pulldown_event_type)e->type) {
    case SD_PULLDOWN_EVENT_OFFSET_CHANGED:
        list_offset_changed(c, s, e, a);
        break;
    case SD_PULLDOWN_EVENT_DRAG_BEGAN:
        if (s->phase != SD_PULLDOWN_REFRESHING && s->transition == SD_PULLDOWN_TRANSITION_NONE) s->haptic_armed = 1u;
        break;
    case SD_PULLDOWN_EVENT_DRAG_ENDED:
        if (s->phase == SD_PULLDOWN_PULLING && s->transition == SD_PULLDOWN_TRANSITION_NONE)
            list_release(c, s, e->time, a);
        break;
    case SD_PULLDOWN_EVENT_FRAME:
        s->haptic_frame = s->haptic_pending;
        s->haptic_pending = 0u;
        if (s->transition == SD_PULLDOWN_TRANSITION_NONE) break;
        if (!transition_done(e->time, s->transition_start,
                             sd_pulldown_transition_duration(c, (sd_pulldown_transition)s->transition)))
            break;
        if (s->transition == SD_PULLDOWN_TRANSITION_OPEN) {
            /* The seed's Q6: once open, the list's inset and offset go back to
             * rest and only its frame stays moved. */
            s->offset = -c->top_bar_height;
            act(a, SD_PULLDOWN_ACTION_PIN_LIST_OFFSET);
            a->list_offset = s->offset;
        }
        act_finish(a, (sd_pulldown_transition)s->transition);
        s->transition = SD_PULLDOWN_TRANSITION_NONE;
        s->locked = 0u;
        act(a, SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
        break;
    case SD_PULLDOWN_EVENT_CLOSE:
        if (s->phase != SD_PULLDOWN_REFRESHING || s->transition != SD_PULLDOWN_TRANSITION_NONE) return SD_ERR_STATE;
        s->phase = SD_PULLDOWN_IDLE;
        act(a, SD_PULLDOWN_ACTION_STATE);
        s->close_panel_offset = positive(e->offset);
        s->transition = SD_PULLDOWN_TRANSITION_RESTORE;
        s->transition_start = e->time;
        s->locked = 1u;
        act(a, SD_PULLDOWN_ACTION_LOCK_INTERACTION);
        act_start(a, SD_PULLDOWN_TRANSITION_RESTORE);
        break;
    case SD_PULLDOWN_EVENT_DECELERATION_ENDED:
    case SD_PULLDOWN_EVENT_APPLET_OPENED:
    case SD_PULLDOWN_EVENT_PAGE_APPEARED: break;
    }
    return SD_OK;
}

sd_status sd_pulldown_list_step(const sd_pulldown_config *c, sd_pulldown_list_state *state,
                                const sd_pulldown_event *e, sd_pulldown_actions *actions) {
    if (!c || !state || !e || !actions) return SD_ERR_NULL;
    sd_status st = check_event(e);
    if (st != SD_OK) return st;
    sd_pulldown_list_state s = *state;
    sd_pulldown_actions a = NO_ACTIONS;
    st = list_apply(c, &s, e, &a);
    if (st != SD_OK) return st;
    *state = s;
    *actions = a;
    return SD_OK;
}

/* ------------------------------------------------------------------------ */
/* The panel machine                                                         */
/* ------------------------------------------------------------------------ */

sd_pulldown_panel_state sd_pulldown_panel_initial(void) {
    sd_pulldown_panel_state s = { 0.0, 0.0, 0.0, 0.0, SD_PULLDOWN_IDLE, SD_PULLDOWN_TRANSITION_NONE, 0u, 0u };
    return s;
}

static void panel_close(sd_pulldown_panel_state *s, double time, sd_pulldown_actions *a) {
    if (s->transition == SD_PULLDOWN_TRANSITION_RETURN) act_cancel(a, SD_PULLDOWN_TRANSITION_RETURN);
    s->phase = SD_PULLDOWN_REFRESHING;
    act(a, SD_PULLDOWN_ACTION_STATE);
    s->transition = SD_PULLDOWN_TRANSITION_CLOSE;
    s->transition_start = time;
    s->from_offset = s->offset;
    s->dragging = 0u;
    s->locked = 1u;
    act(a, SD_PULLDOWN_ACTION_LOCK_INTERACTION);
    act_start(a, SD_PULLDOWN_TRANSITION_CLOSE);
    act(a, SD_PULLDOWN_ACTION_CLOSE_PANEL);
}

static void panel_start_return(sd_pulldown_panel_state *s, double time, sd_pulldown_actions *a) {
    s->transition = SD_PULLDOWN_TRANSITION_RETURN;
    s->transition_start = time;
    s->from_offset = s->offset;
    act_start(a, SD_PULLDOWN_TRANSITION_RETURN);
}

static void panel_offset_changed(sd_pulldown_panel_state *s, const sd_pulldown_event *e, sd_pulldown_actions *a) {
    if (s->phase == SD_PULLDOWN_REFRESHING) return;
    double u = e->offset;
    int pulled_at_top = 0;
    if (u < 0) {
        /* Pulling down at the top: pinned back, but it counts as a pull (the seed's Q2). */
        u = 0.0;
        pulled_at_top = 1;
        act(a, SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
        a->panel_offset = 0.0;
    }
    if (s->dragging) {
        if (u == s->last_offset && !pulled_at_top) {
            s->offset = u;
            return;
        }
        if (s->phase == SD_PULLDOWN_IDLE && (u > s->last_offset || pulled_at_top)) {
            s->phase = SD_PULLDOWN_PULLING;
            act(a, SD_PULLDOWN_ACTION_STATE);
        } else if (s->phase == SD_PULLDOWN_PULLING && !pulled_at_top && u <= s->last_offset) {
            s->phase = SD_PULLDOWN_IDLE;
            act(a, SD_PULLDOWN_ACTION_STATE);
        }
    } else if (s->phase == SD_PULLDOWN_PULLING) {
        panel_close(s, e->time, a);
        return;
    }
    s->offset = u;
    s->last_offset = u;
}

static sd_status panel_apply(const sd_pulldown_config *c, sd_pulldown_panel_state *s, const sd_pulldown_event *e,
                             sd_pulldown_actions *a) {
    const int closing = s->phase == SD_PULLDOWN_REFRESHING;
    switch ((sd_pulldown_event_type)e->type) {
    case SD_PULLDOWN_EVENT_OFFSET_CHANGED:
        panel_offset_changed(s, e, a);
        break;
    case SD_PULLDOWN_EVENT_DRAG_BEGAN:
        if (closing) break;
        s->dragging = 1u;
        if (s->transition == SD_PULLDOWN_TRANSITION_RETURN) {
            /* Stop where the curve is at the touch, whatever the frame rate. */
            s->offset = return_offset(c, s->from_offset, e->time - s->transition_start);
            s->last_offset = s->offset;
            s->transition = SD_PULLDOWN_TRANSITION_NONE;
            act_cancel(a, SD_PULLDOWN_TRANSITION_RETURN);
            act(a, SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
            a->panel_offset = s->offset;
        }
        break;
    case SD_PULLDOWN_EVENT_DRAG_ENDED:
        if (closing) break;
        s->dragging = 0u;
        if (s->phase == SD_PULLDOWN_PULLING) {
            panel_close(s, e->time, a);
        } else if (s->transition == SD_PULLDOWN_TRANSITION_NONE && s->offset > 0) {
            panel_start_return(s, e->time, a);
        } else {
            break;
        }
        if (e->flag) act(a, SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION);
        break;
    case SD_PULLDOWN_EVENT_DECELERATION_ENDED:
        if (!closing && !s->dragging && s->phase == SD_PULLDOWN_IDLE && s->transition == SD_PULLDOWN_TRANSITION_NONE &&
            s->offset > 0)
            panel_start_return(s, e->time, a);
        break;
    case SD_PULLDOWN_EVENT_FRAME: {
        if (s->transition == SD_PULLDOWN_TRANSITION_NONE) break;
        const double elapsed = e->time - s->transition_start;
        const int done = transition_done(e->time, s->transition_start,
                                         sd_pulldown_transition_duration(c, (sd_pulldown_transition)s->transition));
        if (s->transition == SD_PULLDOWN_TRANSITION_RETURN && !done) {
            s->offset = return_offset(c, s->from_offset, elapsed);
            s->last_offset = s->offset;
            break;
        }
        if (!done) break;
        if (s->transition == SD_PULLDOWN_TRANSITION_CLOSE) {
            /* The seed's close completion: everything back to rest, search bar hidden. */
            s->phase = SD_PULLDOWN_IDLE;
            act(a, SD_PULLDOWN_ACTION_STATE);
            s->locked = 0u;
            act(a, SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
            act(a, SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET);
            a->applets_offset = c->search_bar_height;
            s->dragging = 0u;
        }
        act_finish(a, (sd_pulldown_transition)s->transition);
        s->transition = SD_PULLDOWN_TRANSITION_NONE;
        s->offset = 0.0;
        s->last_offset = 0.0;
        s->from_offset = 0.0;
        s->transition_start = 0.0;
        act(a, SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
        a->panel_offset = 0.0;
        break;
    }
    case SD_PULLDOWN_EVENT_CLOSE:
        if (closing) return SD_ERR_STATE;
        panel_close(s, e->time, a);
        break;
    case SD_PULLDOWN_EVENT_APPLET_OPENED:
    case SD_PULLDOWN_EVENT_PAGE_APPEARED: break;
    }
    return SD_OK;
}

sd_status sd_pulldown_panel_step(const sd_pulldown_config *c, sd_pulldown_panel_state *state,
                                 const sd_pulldown_event *e, sd_pulldown_actions *actions) {
    if (!c || !state || !e || !actions) return SD_ERR_NULL;
    sd_status st = check_event(e);
    if (st != SD_OK) return st;
    sd_pulldown_panel_state s = *state;
    sd_pulldown_actions a = NO_ACTIONS;
    st = panel_apply(c, &s, e, &a);
    if (st != SD_OK) return st;
    *state = s;
    *actions = a;
    return SD_OK;
}

/* ------------------------------------------------------------------------ */
/* The mini-program list                                                     */
/* ------------------------------------------------------------------------ */

sd_pulldown_applets_state sd_pulldown_applets_initial(void) {
    sd_pulldown_applets_state s = { 0.0, 0.0, 0u, 0u };
    return s;
}

/* The seed's _handleSearchBarOffset: inside the search bar, snap by the
 * direction of the last drag, so search always opens from a whole bar. */
static void applets_snap(const sd_pulldown_config *c, const sd_pulldown_applets_state *s, double y,
                         sd_pulldown_actions *a) {
    if (!(y > 0 && y < c->search_bar_height)) return;
    act(a, SD_PULLDOWN_ACTION_SCROLL_APPLETS);
    a->applets_offset = s->drag_end_offset > s->drag_start_offset ? c->search_bar_height : 0.0;
}

static sd_status applets_apply(const sd_pulldown_config *c, sd_pulldown_applets_state *s, const sd_pulldown_event *e,
                               sd_pulldown_actions *a) {
    switch ((sd_pulldown_event_type)e->type) {
    case SD_PULLDOWN_EVENT_DRAG_BEGAN:
        s->drag_start_offset = e->offset;
        break;
    case SD_PULLDOWN_EVENT_DRAG_ENDED:
        s->drag_end_offset = e->offset;
        if (!e->flag) applets_snap(c, s, e->offset, a);
        if (s->drag_end_offset >= c->close_drag_distance) act(a, SD_PULLDOWN_ACTION_CLOSE_PANEL);
        break;
    case SD_PULLDOWN_EVENT_DECELERATION_ENDED:
        applets_snap(c, s, e->offset, a);
        break;
    case SD_PULLDOWN_EVENT_APPLET_OPENED:
        s->close_pending = 1u;
        break;
    case SD_PULLDOWN_EVENT_PAGE_APPEARED:
        if (s->close_pending) {
            s->close_pending = 0u;
            act(a, SD_PULLDOWN_ACTION_CLOSE_PANEL);
        }
        break;
    case SD_PULLDOWN_EVENT_OFFSET_CHANGED:
    case SD_PULLDOWN_EVENT_FRAME:
    case SD_PULLDOWN_EVENT_CLOSE: break;
    }
    return SD_OK;
}

sd_status sd_pulldown_applets_step(const sd_pulldown_config *c, sd_pulldown_applets_state *state,
                                   const sd_pulldown_event *e, sd_pulldown_actions *actions) {
    if (!c || !state || !e || !actions) return SD_ERR_NULL;
    sd_status st = check_event(e);
    if (st != SD_OK) return st;
    sd_pulldown_applets_state s = *state;
    sd_pulldown_actions a = NO_ACTIONS;
    st = applets_apply(c, &s, e, &a);
    if (st != SD_OK) return st;
    *state = s;
    *actions = a;
    return SD_OK;
}

/* ------------------------------------------------------------------------ */
/* All three together                                                        */
/* ------------------------------------------------------------------------ */

sd_status sd_pulldown_init(sd_pulldown *p, const sd_pulldown_config *c, sd_error *err) {
    SD_CHECK_NULL(p, err, "pulldown");
    sd_status st = sd_pulldown_config_validate(c, err);
    if (st != SD_OK) return st;
    p->list = sd_pulldown_list_initial(c);
    p->panel = sd_pulldown_panel_initial();
    p->applets = sd_pulldown_applets_initial();
    return SD_OK;
}

SD_INLINE int is_open(const sd_pulldown *p) {
    return p->list.phase == SD_PULLDOWN_REFRESHING && p->list.transition == SD_PULLDOWN_TRANSITION_NONE;
}

int sd_pulldown_is_open(const sd_pulldown *p) { return p ? is_open(p) : 0; }

/* Closes the open panel: the panel machine closes, the list machine restores. */
static sd_status close_all(const sd_pulldown_config *c, sd_pulldown *p, double time, sd_pulldown_actions *a) {
    if (!is_open(p)) return SD_ERR_STATE;
    sd_pulldown_actions sub = NO_ACTIONS;
    sd_pulldown_event e = sd_pulldown_event_close(0.0, time);
    sd_status st = panel_apply(c, &p->panel, &e, &sub);
    if (st != SD_OK) return st;
    merge_actions(a, &sub);
    sub = NO_ACTIONS;
    e.offset = p->panel.from_offset;
    st = list_apply(c, &p->list, &e, &sub);
    if (st != SD_OK) return st;
    merge_actions(a, &sub);
    act(a, SD_PULLDOWN_ACTION_CLOSE_PANEL);
    return SD_OK;
}

sd_status sd_pulldown_handle(const sd_pulldown_config *c, sd_pulldown *pulldown, sd_pulldown_source source,
                             const sd_pulldown_event *e, sd_pulldown_actions *actions) {
    if (!c || !pulldown || !e || !actions) return SD_ERR_NULL;
    if ((unsigned)source > SD_PULLDOWN_SOURCE_APPLETS) return SD_ERR_RANGE;
    sd_status st = check_event(e);
    if (st != SD_OK) return st;

    sd_pulldown p = *pulldown;
    sd_pulldown_actions a = NO_ACTIONS, sub = NO_ACTIONS;
    const int locked_before = p.list.locked || p.panel.locked;

    if (e->type == SD_PULLDOWN_EVENT_FRAME) {
        list_apply(c, &p.list, e, &sub);
        merge_actions(&a, &sub);
        sub = NO_ACTIONS;
        panel_apply(c, &p.panel, e, &sub);
        merge_actions(&a, &sub);
        if (sub.finished & SD_PULLDOWN_TRANSITION_BIT(SD_PULLDOWN_TRANSITION_CLOSE))
            p.applets = sd_pulldown_applets_initial();
    } else if (e->type == SD_PULLDOWN_EVENT_CLOSE) {
        st = close_all(c, &p, e->time, &a);
        if (st != SD_OK) return st;
    } else if (source == SD_PULLDOWN_SOURCE_LIST) {
        list_apply(c, &p.list, e, &a);
    } else if (!is_open(&p)) {
        /* The panel and its list only take events while the panel is open. */
    } else if (source == SD_PULLDOWN_SOURCE_PANEL) {
        panel_apply(c, &p.panel, e, &a);
        if (a.flags & SD_PULLDOWN_ACTION_CLOSE_PANEL) {
            sd_pulldown_event close = sd_pulldown_event_close(p.panel.from_offset, e->time);
            list_apply(c, &p.list, &close, &sub);
            merge_actions(&a, &sub);
        }
    } else {
        applets_apply(c, &p.applets, e, &a);
        if (a.flags & SD_PULLDOWN_ACTION_CLOSE_PANEL) {
            st = close_all(c, &p, e->time, &a);
            if (st != SD_OK) return st;
        }
    }

    const int locked_after = p.list.locked || p.panel.locked;
    a.flags &= ~(uint32_t)(SD_PULLDOWN_ACTION_LOCK_INTERACTION | SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
    if (!locked_before && locked_after) a.flags |= SD_PULLDOWN_ACTION_LOCK_INTERACTION;
    if (locked_before && !locked_after) a.flags |= SD_PULLDOWN_ACTION_UNLOCK_INTERACTION;
    *pulldown = p;
    *actions = a;
    return SD_OK;
}

/* ------------------------------------------------------------------------ */
/* The frame value                                                           */
/* ------------------------------------------------------------------------ */

/* The indicator while the panel is opening or open: hidden, balls at rest,
 * its height left where the release left it (the seed does not change it). */
SD_INLINE sd_pulldown_indicator indicator_hidden(const sd_pulldown_config *c, double release_distance) {
    sd_pulldown_indicator o;
    o.alpha = 0.0;
    o.height = sd_max(c->min_indicator_height, release_distance);
    o.left = ball(0.0, 1.0, 0.0);
    o.centre = ball(0.0, 0.0, 0.0);
    o.right = ball(0.0, 1.0, 0.0);
    return o;
}

SD_INLINE uint32_t running(uint32_t kind, double start, double time, const sd_pulldown_config *c) {
    if (kind == SD_PULLDOWN_TRANSITION_NONE) return SD_PULLDOWN_TRANSITION_NONE;
    return transition_done(time, start, sd_pulldown_transition_duration(c, (sd_pulldown_transition)kind))
               ? (uint32_t)SD_PULLDOWN_TRANSITION_NONE
               : kind;
}

sd_status sd_pulldown_frame_at(const sd_pulldown_config *c, const sd_pulldown_list_state *list,
                               const sd_pulldown_panel_state *panel, double time, sd_pulldown_frame *out) {
    if (!c || !list || !panel || !out) return SD_ERR_NULL;
    if (!sd_isfinite(time)) return SD_ERR_NOT_FINITE;

    const double H = c->screen_height;
    const double T = c->top_bar_height;
    const double TB = c->tab_bar_height;
    const uint32_t ltr = running(list->transition, list->transition_start, time, c);
    const uint32_t ptr = running(panel->transition, panel->transition_start, time, c);
    const double ls = transition_fraction(time, list->transition_start, c->transition_duration);
    const double le = ease_in_out(ls);
    const double d = pull_distance(c, list->offset);
    const int open = list->phase == SD_PULLDOWN_REFRESHING;

    /* The panel's pull-up distance now: the return curve while it runs. */
    double u = panel->offset;
    if (ptr == SD_PULLDOWN_TRANSITION_RETURN)
        u = return_offset(c, panel->from_offset, time - panel->transition_start);
    else if (panel->transition == SD_PULLDOWN_TRANSITION_RETURN)
        u = 0.0;

    sd_pulldown_frame f;
    memset(&f, 0, sizeof f);

    /* ---- the chat list side: nav bar, indicator, tab bar, list ---- */
    if (ltr == SD_PULLDOWN_TRANSITION_OPEN) {
        f.nav_top = mix(list->release_distance, H - T, le);
        f.nav_colour = colour_mix(c->list_colour, c->open_colour, le);
        f.indicator = indicator_hidden(c, list->release_distance);
        f.tab_bar_alpha = mix(1.0, 0.0, le);
        f.tab_bar_y = mix(H - TB, H, le);
        f.list_y = 0.0;
        f.list_inset_top = H;
        f.list_offset = mix(list->release_offset, -H, le);
        f.list_offset_driven = 1u;
    } else if (open) {
        f.nav_top = positive(H - T - u);
        f.nav_colour = nav_colour(c, u);
        f.indicator = indicator_hidden(c, list->release_distance);
        f.tab_bar_alpha = 0.0;
        f.tab_bar_y = H;
        f.list_y = f.nav_top;
        f.list_inset_top = T;
        f.list_offset = -T;
    } else if (ltr == SD_PULLDOWN_TRANSITION_RESTORE) {
        const double top0 = positive(H - T - list->close_panel_offset);
        f.nav_top = mix(top0, 0.0, le);
        f.nav_colour = colour_mix(nav_colour(c, list->close_panel_offset), c->list_colour, le);
        /* The balls collapse from the open offset (H - T) to 0, linearly: the
         * seed's 0.05 s timer taking equal steps. */
        f.indicator = indicator_at(c, mix(H - T, 0.0, ls));
        f.indicator.height =
            mix(sd_max(c->min_indicator_height, list->release_distance), c->min_indicator_height, le);
        f.tab_bar_alpha = mix(0.0, 1.0, le);
        f.tab_bar_y = mix(H, H - TB, le);
        f.list_y = f.nav_top;
        f.list_inset_top = T;
        f.list_offset = list->offset;
    } else {
        f.nav_top = d;
        f.nav_colour = c->list_colour;
        f.indicator = indicator_at(c, d);
        f.tab_bar_alpha = 1.0;
        f.tab_bar_y = H - TB;
        f.list_y = 0.0;
        f.list_inset_top = T;
        f.list_offset = list->offset;
    }

    /* ---- the panel side: container, panel, mask, weather ---- */
    if (ptr == SD_PULLDOWN_TRANSITION_CLOSE) {
        const double pe = ease_in_out(transition_fraction(time, panel->transition_start, c->close_duration));
        const sd_pulldown_mirror m = mirror_at(c, panel->from_offset);
        f.container_alpha = 1.0;
        f.panel_alpha = mix(m.panel_alpha, 0.0, pe);
        f.panel_scale_x = 1.0;
        f.panel_scale_y = 1.0;
        f.panel_y = mix(m.panel_y, -H, pe);
        f.mask_alpha = mix(m.mask_alpha, 0.0, pe);
        f.weather_alpha = f.panel_alpha;
        f.weather_y = f.panel_y;
        f.panel_offset = panel->offset;
        f.panel_content_height = c->panel_content_screens * H;
    } else if (ltr == SD_PULLDOWN_TRANSITION_OPEN) {
        /* The seed animates the container with UIViewAnimationOptionCurveLinear. */
        const sd_pulldown_reveal r = reveal_at(c, list->release_distance);
        f.container_alpha = mix(r.container_alpha, 1.0, ls);
        f.panel_alpha = mix(r.panel_alpha, 1.0, ls);
        f.panel_scale_x = mix(r.panel_scale_x, 1.0, ls);
        f.panel_scale_y = mix(r.panel_scale_y, 1.0, ls);
        f.panel_y = 0.0;
        f.mask_alpha = mix(r.mask_alpha, c->open_mask_alpha, ls);
        f.weather_alpha = mix(0.0, 1.0, ls);
        f.weather_y = 0.0;
        f.panel_offset = 0.0;
        f.panel_content_height = 0.0;
    } else if (open && panel->transition != SD_PULLDOWN_TRANSITION_CLOSE) {
        const sd_pulldown_mirror m = mirror_at(c, u);
        f.container_alpha = 1.0;
        f.panel_alpha = m.panel_alpha;
        f.panel_scale_x = 1.0;
        f.panel_scale_y = 1.0;
        f.panel_y = m.panel_y;
        f.mask_alpha = m.mask_alpha;
        f.weather_alpha = m.panel_alpha;
        f.weather_y = m.panel_y;
        f.panel_offset = u;
        f.panel_offset_driven = ptr == SD_PULLDOWN_TRANSITION_RETURN;
        f.panel_content_height = c->panel_content_screens * H;
    } else {
        const sd_pulldown_reveal r = reveal_at(c, d);
        f.container_alpha = r.container_alpha;
        f.panel_alpha = r.panel_alpha;
        f.panel_scale_x = r.panel_scale_x;
        f.panel_scale_y = r.panel_scale_y;
        f.panel_y = 0.0;
        f.mask_alpha = r.mask_alpha;
        f.weather_alpha = 0.0;
        f.weather_y = 0.0;
        f.panel_offset = 0.0;
        f.panel_content_height = 0.0;
    }

    f.interaction_enabled = !(ltr == SD_PULLDOWN_TRANSITION_OPEN || ltr == SD_PULLDOWN_TRANSITION_RESTORE ||
                              ptr == SD_PULLDOWN_TRANSITION_CLOSE);
    f.haptic = list->haptic_frame ? 1u : 0u;
    f.list_phase = list->phase;
    f.panel_phase = panel->phase;
    f.list_transition = ltr;
    f.panel_transition = ptr;
    *out = f;
    return SD_OK;
}

sd_status sd_pulldown_tick(const sd_pulldown_config *c, sd_pulldown *p, double time, sd_pulldown_actions *actions,
                           sd_pulldown_frame *frame) {
    if (!c || !p || !actions) return SD_ERR_NULL;
    if (!sd_isfinite(time)) return SD_ERR_NOT_FINITE;
    sd_pulldown_event e = sd_pulldown_event_frame(time);
    sd_status st = sd_pulldown_handle(c, p, SD_PULLDOWN_SOURCE_LIST, &e, actions);
    if (st != SD_OK || !frame) return st;
    return sd_pulldown_frame_at(c, &p->list, &p->panel, time, frame);
}
