/*
 * scrolldrive/pulldown_values.h — the pull-down panel's configuration and its
 * pure per-offset values (three-ball indicator, reveal, nav colour, pull-up
 * mirror, slow return), one at a time and in batches. Included by
 * scrolldrive/pulldown.h, which has the surface; units and geometry are
 * described there.
 */
#ifndef SCROLLDRIVE_PULLDOWN_VALUES_H
#define SCROLLDRIVE_PULLDOWN_VALUES_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Configuration                                                             */
/* ------------------------------------------------------------------------ */

/** Largest screen height, points (a thousand times a phone's): bounds every length on the screen. */
#define SD_PULLDOWN_MAX_SCREEN_HEIGHT 1e6

/** Largest value of a scale or factor field (ball_max_scale, the panel's scales and gain, panel_content_screens). */
#define SD_PULLDOWN_MAX_FACTOR 1e6

/** A colour: red, green, blue channels as doubles in 0...255. 24 bytes. */
typedef struct sd_pulldown_rgb {
    double red;
    double green;
    double blue;
} sd_pulldown_rgb;

/** Bits of `sd_pulldown_config.options`. */
enum {
    /**
     * Reduced motion (the platform's accessibility setting, which the app
     * passes on): every transition keeps its curve and its end state and
     * lasts at most SD_PULLDOWN_REDUCED_MOTION_DURATION (the opening and the
     * restore 0.35 s -> 0.2 s, the close 0.4 s -> 0.2 s, the slow return
     * 1.5 s -> 0.2 s, its fast and slow parts in the same proportions);
     * nothing changes where the finger drives the panel. The frame says so
     * (`reduced_motion`). Apple's Human Interface Guidelines (Motion: with
     * Reduce Motion, make necessary motion short and direct).
     */
    SD_PULLDOWN_OPTION_REDUCED_MOTION = 1u << 0
};

/** Every option bit; other bits are rejected. */
#define SD_PULLDOWN_OPTIONS_ALL 0x1u

/** The longest a transition lasts with SD_PULLDOWN_OPTION_REDUCED_MOTION (seconds). */
#define SD_PULLDOWN_REDUCED_MOTION_DURATION 0.2

/**
 * Every number of the panel and its options. 248 bytes. The defaults are
 * the article's (`sd_pulldown_config_article`, options 0);
 * `sd_pulldown_config_wechat` differs only in the critical points.
 */
typedef struct sd_pulldown_config {
    /** Critical points of the pull distance d (points), cp0 < cp1 < cp2 < cp3.
     *  Article 60 / 90 / 130 / 240 (the stages its text gives); the article's
     *  companion app (github.com/CoderMikeHe/WeChat, an open-source WeChat
     *  clone, not Tencent's code) declares 80 / 130 / 160 / 240.
     *  cp0: the centre ball appears; cp1: releasing opens (pulling); cp2: the
     *  panel starts to show and the side balls are fully spread; cp3: the
     *  indicator is gone and the reveal is complete. */
    double cp0, cp1, cp2, cp3;
    /** Screen height H (points), at most SD_PULLDOWN_MAX_SCREEN_HEIGHT.
     *  Default 736 (iPhone 6/7/8 Plus, the height of the
     *  article's worked example); 812 is an iPhone X-class phone. */
    double screen_height;
    /** Top bar (status + nav bar) height T: 64, or 88 on notched phones. */
    double top_bar_height;
    /** Tab bar height (points): 49, or 83 on notched phones. */
    double tab_bar_height;
    /** Opening (release -> open) and restoring (list back to rest) duration: 0.35 s. */
    double transition_duration;
    /** The panel's close (pull-up release while pulling): 0.4 s. */
    double close_duration;
    /** The slow return of the panel to u = 0 after a release while idle: 1.5 s. */
    double return_duration;
    /** Fraction of the return's time spent in its fast part: 0.3. */
    double return_split_time;
    /** Fraction of the return's distance covered in its fast part: 0.5. */
    double return_split_distance;
    /** How far the side balls move out from the centre (points): 16. */
    double ball_spread;
    /** The centre ball's scale at cp1: 2 (it is 0 at cp0 and 1, its natural size, from cp2 on). */
    double ball_max_scale;
    /** Minimum indicator height (points): 6; the indicator is max(6, d) high. */
    double min_indicator_height;
    /** Panel alpha reached at cp3 before release: 0.3. */
    double reveal_panel_alpha;
    /** Mask alpha reached at cp3 before release: 0.3. */
    double reveal_mask_alpha;
    /** Mask alpha while the panel is open: 0.6. */
    double open_mask_alpha;
    /** The panel's scale while hidden, about its top edge: (0.6, 0.4). */
    double panel_scale_x, panel_scale_y;
    /** Added to both scales between cp2 and cp3: 0.1, so (0.7, 0.5) at cp3. */
    double panel_scale_gain;
    /** The open panel's scroll view content height, in screen heights: 20
     *  (the article makes it tall so its scroll indicator looks short). */
    double panel_content_screens;
    /** The mini-program list's search bar height (points): 57. */
    double search_bar_height;
    /** Dragging the mini-program list up by this much or more closes the panel: 135. */
    double close_drag_distance;
    /** Nav bar colour over the chat list: #EDEDED. */
    sd_pulldown_rgb list_colour;
    /** Nav bar colour while the panel is open: #FFFFFF. */
    sd_pulldown_rgb open_colour;
    /** SD_PULLDOWN_OPTION_* bits [0]. */
    uint32_t options;
    uint32_t reserved; /* always 0 */
} sd_pulldown_config;

/** The article's numbers (critical points 60 / 90 / 130 / 240); the default. */
sd_pulldown_config sd_pulldown_config_article(void);

/** The article's numbers with the critical points 80 / 130 / 160 / 240 of its companion app's source
 *  (github.com/CoderMikeHe/WeChat, an open-source clone; not taken from Tencent's WeChat). */
sd_pulldown_config sd_pulldown_config_wechat(void);

/** The default configuration: `sd_pulldown_config_article()`. */
sd_pulldown_config sd_pulldown_config_default(void);

/**
 * Checks a configuration. Rules, in the order they are checked (the first
 * violation is reported, with the field named as in the struct, colours as
 * "list_colour.red" and so on):
 *  - every field finite (`SD_ERR_NOT_FINITE`);
 *  - cp0 >= 0; top_bar_height, tab_bar_height, ball_spread, ball_max_scale,
 *    min_indicator_height, panel_scale_x, panel_scale_y, panel_scale_gain,
 *    panel_content_screens, search_bar_height, close_drag_distance >= 0;
 *    screen_height, transition_duration, close_duration, return_duration > 0
 *    (`SD_ERR_NEGATIVE`);
 *  - cp0 < cp1 < cp2 < cp3 < screen_height, top_bar_height < screen_height,
 *    tab_bar_height <= screen_height (`SD_ERR_ORDER`, reported on the larger
 *    field, screen_height for cp3);
 *  - return_split_time and return_split_distance strictly between 0 and 1;
 *    reveal_panel_alpha, reveal_mask_alpha, open_mask_alpha in [0, 1]; colour
 *    channels in [0, 255] (`SD_ERR_RANGE`);
 *  - screen_height <= SD_PULLDOWN_MAX_SCREEN_HEIGHT; ball_max_scale,
 *    panel_scale_x, panel_scale_y, panel_scale_gain, panel_content_screens
 *    <= SD_PULLDOWN_MAX_FACTOR (`SD_ERR_RANGE`), so that every frame value
 *    (the panel's content height panel_content_screens * H, its scales plus
 *    the gain) is finite;
 *  - options only SD_PULLDOWN_OPTION_* bits, reserved 0 (`SD_ERR_RANGE`).
 * A NULL config is `SD_ERR_NULL`, field "config". `err` may be NULL.
 */
sd_status sd_pulldown_config_validate(const sd_pulldown_config *config, sd_error *err);

/*
 * Every function below that takes a configuration assumes it is valid
 * (checked once with sd_pulldown_config_validate, as sd_pulldown_init does).
 */

/* ------------------------------------------------------------------------ */
/* Pure per-offset functions                                                 */
/* ------------------------------------------------------------------------ */

/** The pull distance d = max(0, -(y + top_bar_height)) of a chat-list content offset y. */
sd_status sd_pulldown_pull_distance(const sd_pulldown_config *config, double content_offset, double *out);

/** One ball of the indicator: alpha, scale (about its centre) and x shift (points). 24 bytes. */
typedef struct sd_pulldown_ball {
    double alpha;
    double scale;
    double x;
} sd_pulldown_ball;

/**
 * The three-ball indicator at pull distance d, as the article's stages (each
 * stage open at its lower end, closed at its upper one):
 *  - d <= cp0: all balls alpha 0, centre scale 0;
 *  - cp0 < d <= cp1: centre alpha 1, scale 0 -> ball_max_scale; sides alpha 0;
 *  - cp1 < d <= cp2: centre scale ball_max_scale -> 1; sides alpha 1, x
 *    0 -> -ball_spread (left) and 0 -> +ball_spread (right);
 *  - cp2 < d <= cp3: all three alpha 1 -> 0, centre scale 1, sides fully spread;
 *  - d > cp3: the indicator is hidden (indicator alpha 0) and its balls at rest.
 * Side balls always have scale 1 and the centre ball x 0 (the article translates
 * the side balls and scales the centre one). The indicator (the view between
 * the screen top and the nav bar) is max(min_indicator_height, d) high.
 * 88 bytes.
 */
typedef struct sd_pulldown_indicator {
    double alpha;
    double height;
    sd_pulldown_ball left;
    sd_pulldown_ball centre;
    sd_pulldown_ball right;
} sd_pulldown_indicator;

/** The indicator at pull distance `distance`; non-finite input: `SD_ERR_NOT_FINITE`, nothing written. */
sd_status sd_pulldown_indicator_at(const sd_pulldown_config *config, double distance, sd_pulldown_indicator *out);

/**
 * Output arrays of a batch: each non-NULL pointer receives `count` values
 * (struct of arrays); NULL ones are skipped. No array may overlap the input
 * or another array of the same call.
 */
typedef struct sd_pulldown_indicator_arrays {
    double *alpha;
    double *height;
    double *left_alpha, *left_scale, *left_x;
    double *centre_alpha, *centre_scale, *centre_x;
    double *right_alpha, *right_scale, *right_x;
} sd_pulldown_indicator_arrays;

/**
 * `sd_pulldown_indicator_at` for `count` distances. A non-finite distance
 * gives the values of distance 0 and is counted in `*rejected` (may be
 * NULL); the call still succeeds. `SD_ERR_NULL` (err: field "config", "out"
 * or "distances", rule "must not be NULL") when config or out is NULL, or
 * distances is NULL with count > 0; nothing is written then. `err` may be
 * NULL.
 */
sd_status sd_pulldown_indicator_batch(const sd_pulldown_config *config, const double *distances, size_t count,
                                      const sd_pulldown_indicator_arrays *out, size_t *rejected, sd_error *err);

/**
 * The panel container before release, at pull distance d: hidden (container
 * alpha 0, everything at rest: panel alpha 0, scale (panel_scale_x,
 * panel_scale_y), mask 0) while d <= cp2; for d > cp2 the container is shown
 * (alpha 1) and, with k = (d - cp2) / (cp3 - cp2) held at 1 past cp3:
 * panel alpha = reveal_panel_alpha k (0 -> 0.3), scale = (panel_scale_x + g,
 * panel_scale_y + g) with g = panel_scale_gain k ((0.6, 0.4) -> (0.7, 0.5),
 * about the panel's top edge), mask = reveal_mask_alpha k (0 -> 0.3).
 * 40 bytes.
 */
typedef struct sd_pulldown_reveal {
    double container_alpha;
    double panel_alpha;
    double panel_scale_x;
    double panel_scale_y;
    double mask_alpha;
} sd_pulldown_reveal;

/** The reveal at pull distance `distance`; non-finite input: `SD_ERR_NOT_FINITE`, nothing written. */
sd_status sd_pulldown_reveal_at(const sd_pulldown_config *config, double distance, sd_pulldown_reveal *out);

/** Output arrays of `sd_pulldown_reveal_batch` (NULL ones skipped). */
typedef struct sd_pulldown_reveal_arrays {
    double *container_alpha;
    double *panel_alpha;
    double *panel_scale_x;
    double *panel_scale_y;
    double *mask_alpha;
} sd_pulldown_reveal_arrays;

/** `sd_pulldown_reveal_at` for `count` distances; rules as `sd_pulldown_indicator_batch`. */
sd_status sd_pulldown_reveal_batch(const sd_pulldown_config *config, const double *distances, size_t count,
                                   const sd_pulldown_reveal_arrays *out, size_t *rejected, sd_error *err);

/**
 * The nav bar colour during the pull-up, at pull-up distance u: with
 * a = min(|u|, screen_height), p = 1 - a / cp2 while a < cp2, else 0; each
 * channel is list_colour + p (open_colour - list_colour). White (#FFFFFF)
 * while the panel is fully open, #EDEDED once it is pulled up by cp2 or more;
 * #F6F6F6 (246 each) at cp2 / 2.
 */
sd_status sd_pulldown_nav_colour(const sd_pulldown_config *config, double distance, sd_pulldown_rgb *out);

/** `sd_pulldown_nav_colour` for `count` distances into red/green/blue arrays (NULL ones skipped); rules as `sd_pulldown_indicator_batch`. */
sd_status sd_pulldown_nav_colour_batch(const sd_pulldown_config *config, const double *distances, size_t count,
                                       double *red, double *green, double *blue, size_t *rejected,
                                       sd_error *err);

/** Output arrays of `sd_pulldown_offset_batch`: the indicator's, the reveal's and the colour's (NULL ones skipped). */
typedef struct sd_pulldown_offset_arrays {
    sd_pulldown_indicator_arrays indicator;
    sd_pulldown_reveal_arrays reveal;
    double *red, *green, *blue;
} sd_pulldown_offset_arrays;

/**
 * Balls + panel + colour at once: `sd_pulldown_indicator_batch`,
 * `sd_pulldown_reveal_batch` and `sd_pulldown_nav_colour_batch` over the same
 * `count` distances (the colour reads each as a pull-up distance), the same
 * values bit for bit, with the division the indicator and the reveal share
 * done once per distance. A non-finite distance gives the values of
 * distance 0 and is counted once in `*rejected` (may be NULL). Errors as
 * `sd_pulldown_indicator_batch`.
 *
 * Speed, here and in the three batches: they work in blocks of 256
 * distances with vector instructions (see `sd_pulldown_simd_level`), and
 * are fastest when every array is given (with one NULL they compute one
 * array at a time), the arrays start on 64-byte boundaries or all at the
 * same offset from one, and one call's arrays fit the L1 cache
 * (19 arrays of 128 doubles are 19 KiB).
 */
sd_status sd_pulldown_offset_batch(const sd_pulldown_config *config, const double *distances, size_t count,
                                   const sd_pulldown_offset_arrays *out, size_t *rejected, sd_error *err);

/**
 * The vector instructions the indicator, reveal, colour, offset and compact
 * batches run on: 0 the build's baseline (SSE2 on x86-64, and on every other CPU),
 * 1 AVX2, 2 AVX-512 (F, DQ, VL, and FMA). They take the widest this CPU and OS
 * support, capped by the environment variable SCROLLDRIVE_SIMD (`baseline`
 * or `avx2`; read once, at the first call) and by `sd_pulldown_simd_cap`.
 * Every level gives the same values bit for bit: this is for tests and
 * benchmarks.
 */
int sd_pulldown_simd_level(void);

/** Caps the level above at `level` (clamped to 0...2) for the whole process; returns the level now in use. */
int sd_pulldown_simd_cap(int level);

/* ------------------------------------------------------------------------ */
/* Compact values, for renderers                                             */
/* ------------------------------------------------------------------------ */

/**
 * The pull-down's independent per-offset values: what a renderer (a GPU
 * upload, a game engine's UI, a compositor) needs to draw the indicator, the
 * panel and the nav bar at pull distance d, seven numbers instead of the 19
 * of `sd_pulldown_indicator` + `sd_pulldown_reveal` + `sd_pulldown_rgb`.
 * 56 bytes.
 *
 * The values, with their units and ranges for a valid configuration and a
 * finite d (a non-finite d is rejected by the single-value functions and
 * read as 0 by the batches, as everywhere):
 *  - indicator_alpha: the indicator's alpha, 0 past cp3, else 1;
 *  - indicator_height: the indicator's height in points,
 *    max(min_indicator_height, d): at least min_indicator_height, unbounded
 *    above (d itself for a large d);
 *  - centre_scale: the centre ball's scale (a factor): 0 up to cp0, then
 *    0 -> ball_max_scale over cp0..cp1, ball_max_scale -> 1 over cp1..cp2,
 *    1 over cp2..cp3, 0 past cp3;
 *  - ball_alpha: the centre ball's alpha, in [0, 1]: 0 up to cp0, 1 over
 *    cp0..cp2, 1 - k over cp2..cp3, 0 past cp3;
 *  - side_x: the right ball's x shift in points, in [0, ball_spread]: 0 up to
 *    cp1, 0 -> ball_spread over cp1..cp2, ball_spread over cp2..cp3, 0 past cp3;
 *  - reveal: the panel's reveal ramp k, in [0, 1]: 0 up to cp2,
 *    (d - cp2) / (cp3 - cp2) over cp2..cp3, 1 past cp3;
 *  - colour_progress: the nav colour's progress p of `sd_pulldown_nav_colour`,
 *    in [0, 1], d read as the pull-up distance u: 1 - |d| / cp2 while
 *    |d| < cp2, else 0.
 * Each stage is open at its lower end and closed at its upper one, as in
 * `sd_pulldown_indicator`.
 *
 * The full values, from these, d and the configuration (in double, bit for
 * bit the values of `sd_pulldown_indicator_at`, `sd_pulldown_reveal_at` and
 * `sd_pulldown_nav_colour` at d; `sd_pulldown_compact_expand` evaluates them):
 *  - indicator: alpha = indicator_alpha, height = indicator_height;
 *    centre ball (alpha ball_alpha, scale centre_scale, x 0); side balls
 *    alpha a = ball_alpha where d > cp1, else 0, scale 1; right x = side_x,
 *    left x = 0 - side_x (the negative, with +0 for a zero);
 *  - reveal: where d > cp2, container alpha 1, panel alpha =
 *    reveal_panel_alpha k, mask alpha = reveal_mask_alpha k, scale =
 *    (panel_scale_x + g, panel_scale_y + g) with g = panel_scale_gain k;
 *    elsewhere at rest: container and panel alpha 0, scale (panel_scale_x,
 *    panel_scale_y), mask 0. Each product x k is the sum z + x k with
 *    z = -0.0 where d >= cp3 and +0.0 below, which differs from the plain
 *    product only in the sign of a zero (when x is -0.0);
 *  - colour: each channel list_colour + p (open_colour - list_colour), in
 *    0...255.
 * A float batch's values are these rounded once; expanding them in float (or
 * after widening to double) gives values within a rounding or two of the
 * full ones, not the same bits.
 */
typedef struct sd_pulldown_compact {
    double indicator_alpha;
    double indicator_height;
    double centre_scale;
    double ball_alpha;
    double side_x;
    double reveal;
    double colour_progress;
} sd_pulldown_compact;

/** The compact values at pull distance `distance`; non-finite input: `SD_ERR_NOT_FINITE`, nothing written. */
sd_status sd_pulldown_compact_at(const sd_pulldown_config *config, double distance, sd_pulldown_compact *out);

/**
 * The full values at pull distance `distance` from its compact `values`, by
 * the formulas of `sd_pulldown_compact`: with the values of
 * `sd_pulldown_compact_at` (or of a double batch) at that distance, the
 * indicator, reveal and colour of the single-value functions, bit for bit.
 * NULL outputs are skipped. `SD_ERR_NULL` for a NULL config or values,
 * `SD_ERR_NOT_FINITE` for a non-finite distance; nothing written then.
 */
sd_status sd_pulldown_compact_expand(const sd_pulldown_config *config, double distance,
                                     const sd_pulldown_compact *values, sd_pulldown_indicator *indicator,
                                     sd_pulldown_reveal *reveal, sd_pulldown_rgb *colour);

/** Output arrays of `sd_pulldown_compact_batch`: the values the caller wants (NULL ones skipped). */
typedef struct sd_pulldown_compact_arrays {
    double *indicator_alpha;
    double *indicator_height;
    double *centre_scale;
    double *ball_alpha;
    double *side_x;
    double *reveal;
    double *colour_progress;
} sd_pulldown_compact_arrays;

/** Output arrays of `sd_pulldown_compact_float_batch`, 32-bit floats (NULL ones skipped). */
typedef struct sd_pulldown_compact_float_arrays {
    float *indicator_alpha;
    float *indicator_height;
    float *centre_scale;
    float *ball_alpha;
    float *side_x;
    float *reveal;
    float *colour_progress;
} sd_pulldown_compact_float_arrays;

/**
 * `sd_pulldown_compact_at` for `count` distances, into the arrays the caller
 * gives (any subset; each gets `count` values; no array may overlap the
 * input or another). A non-finite distance gives the values of distance 0
 * and is counted in `*rejected` (may be NULL); the call still succeeds.
 * `SD_ERR_NULL` (err: field "config", "out" or "input") when config or out
 * is NULL, or distances is NULL with count > 0; nothing is written then.
 * `err` may be NULL.
 *
 * Speed: vector instructions as the other batches (`sd_pulldown_simd_level`),
 * one pass over the distances whatever is asked for; fastest with the
 * arrays on 64-byte boundaries (or all at the same offset from one) and a
 * call's arrays in the L1 cache (1024 offsets: 8 KiB per double array,
 * 4 KiB per float one). The values come in three groups: the indicator's
 * alpha and height (a compare and a max), the four that read the stage ramp
 * (centre_scale, ball_alpha, side_x, reveal: one division per distance) and
 * colour_progress (one division; on AVX-512 a product by the reciprocal
 * and two FMA corrections, the same bits); a group none of whose arrays is
 * given costs nothing, an array left NULL in a group asked for costs little.
 * Each block of 256 distances prefetches the next 2 KiB of distances, which
 * may lie past the array's end (a hint: it never faults).
 *
 * Example: `sd_pulldown_compact_arrays o = { .centre_scale = s, .reveal = k };
 * sd_pulldown_compact_batch(&config, d, n, &o, NULL, &err);`
 */
sd_status sd_pulldown_compact_batch(const sd_pulldown_config *config, const double *distances, size_t count,
                                    const sd_pulldown_compact_arrays *out, size_t *rejected, sd_error *err);

/**
 * `sd_pulldown_compact_batch` into 32-bit floats: each value is the double
 * batch's value rounded to float once (to nearest, ties to even; a value
 * beyond float's range, such as the height of a huge distance, becomes
 * infinite). Rules and speed as `sd_pulldown_compact_batch`.
 */
sd_status sd_pulldown_compact_float_batch(const sd_pulldown_config *config, const double *distances, size_t count,
                                          const sd_pulldown_compact_float_arrays *out, size_t *rejected,
                                          sd_error *err);

/** A colour channel rounded to 8 bits: clamped to [0, 255], rounded half up; NaN gives 0. */
uint8_t sd_pulldown_channel_u8(double channel);

/**
 * The pull-up mirror values at pull-up distance u (negative u counts as 0:
 * the panel cannot be pulled down past its top): progress = max(H - u, 0) / H;
 * mask alpha = open_mask_alpha progress; panel and weather layer alpha =
 * progress, y = -u; the chat list sees the pull-down offset H - u (its nav
 * bar and list top sit at max(0, H - u - top_bar_height)). 40 bytes.
 */
typedef struct sd_pulldown_mirror {
    double progress;
    double mask_alpha;
    double panel_alpha;
    double panel_y;
    double list_offset;
} sd_pulldown_mirror;

/** The mirror values at pull-up distance `distance`; non-finite input: `SD_ERR_NOT_FINITE`, nothing written. */
sd_status sd_pulldown_mirror_at(const sd_pulldown_config *config, double distance, sd_pulldown_mirror *out);

/** Output arrays of `sd_pulldown_mirror_batch` (NULL ones skipped). */
typedef struct sd_pulldown_mirror_arrays {
    double *progress;
    double *mask_alpha;
    double *panel_alpha;
    double *panel_y;
    double *list_offset;
} sd_pulldown_mirror_arrays;

/** `sd_pulldown_mirror_at` for `count` distances; rules as `sd_pulldown_indicator_batch`. */
sd_status sd_pulldown_mirror_batch(const sd_pulldown_config *config, const double *distances, size_t count,
                                   const sd_pulldown_mirror_arrays *out, size_t *rejected, sd_error *err);

/**
 * The slow return: the panel offset `elapsed` seconds after a release while
 * idle at offset `from`, fast then slow. With D = return_duration, T1 = D
 * return_split_time and f = return_split_distance, the remaining fraction r
 * falls linearly from 1 to 1 - f over [0, T1] and from 1 - f to 0 over
 * [T1, D]; the offset is from * r (so exactly from * (1 - f), half the
 * distance by default, at T1). elapsed <= 0 gives `from`, elapsed >= D gives
 * 0. Continuous and monotone in elapsed. This is the timer the article means
 * (10 ms ticks: 45 fast steps of from * 0.5 / 45, then 105 slow ones of
 * from * 0.5 / 105) as a function of time, landing on it at every tick. It
 * departs on purpose from what the article's code does: its fast test
 * `timerCount <= 1.5*0.3/0.01` is 44.999999999999993 in doubles, so it takes
 * 44 fast steps (of from * 0.5 / 45.000001, its interval being the float
 * .01f), is still 2.54 pt from the top at 1.5 s from 400 and reaches 0 at
 * 1.52 s. `from` and `elapsed` must be finite (`SD_ERR_NOT_FINITE`, nothing
 * written).
 */
sd_status sd_pulldown_return_offset(const sd_pulldown_config *config, double from, double elapsed, double *out);

/**
 * `sd_pulldown_return_offset` at `count` elapsed times; a non-finite time
 * gives `from` and is counted in `*rejected` (may be NULL). `from` must be
 * finite (`SD_ERR_NOT_FINITE`, field "from"); NULL config, elapsed (with
 * count > 0) or out (with count > 0) is `SD_ERR_NULL` naming it. Nothing is
 * written on error; `err` may be NULL.
 */
sd_status sd_pulldown_return_offset_batch(const sd_pulldown_config *config, double from, const double *elapsed,
                                          size_t count, double *out, size_t *rejected, sd_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_PULLDOWN_VALUES_H */
