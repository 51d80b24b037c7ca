/*
 * scrolldrive/pulldown.h — WeChat's pull-down mini-program panel: the chat
 * list is pulled down past a critical point and released, a panel of
 * mini-programs opens over the whole screen; pulling the panel up and
 * releasing closes it again.
 *
 * Behaviour source: the WeChat pull-down mini-program article (a
 * reproduction of WeChat's panel, with its code). The API has two layers:
 *
 *  1. Pure per-offset functions (three-ball indicator, panel reveal before
 *     release, nav bar colour, pull-up mirror values, the slow return curve),
 *     each with a struct-of-arrays batch version.
 *  2. The surface `sd_pulldown`: one struct holding the configuration, the
 *     three machines' states (the chat list's pull-down, the open panel's
 *     pull-up, the mini-program list's rules) and the clock, and four verbs:
 *     `sd_pulldown_init`, `sd_pulldown_step` (one event, from one of the
 *     three scroll views, in; actions out), `sd_pulldown_frame_at`
 *     (everything a view applies at a time) and `sd_pulldown_reconfigure`.
 *
 * Units: points for lengths and offsets, seconds for time; alphas and
 * scales are plain numbers; colour channels are doubles in 0...255.
 *
 * Geometry (y grows downwards, origin at the screen's top):
 *  - The chat list is a full-screen scroll view whose content inset top at
 *    rest is the top bar height T (the nav bar floats over it). Its content
 *    offset y gives the pull distance d = max(0, -(y + T)).
 *  - The panel container holds, bottom to top: a dark mask, the weather
 *    layer, the panel's own (pull-up) scroll view and the mini-program
 *    panel, scaled about its top edge. Its pull-up distance u is the panel
 *    scroll view's content offset (>= 0; pulling down at its top is pinned
 *    back to 0).
 *  - H is the screen height. When the panel is open the nav bar sits at the
 *    bottom of the screen (top at H - T) and the chat list below it.
 *
 * Time: the shared rule of common.h. The surface's clock is the latest
 * event time it accepted; an earlier event (or frame time) counts at the
 * clock. Every transition is a closed-form function of the time elapsed
 * since it started, sampled by the caller's frame clock (nothing here runs a
 * timer), and has ended at t exactly when `sd_transition_ended` says so.
 * Curves: UIKit's default ease-in-out (`sd_timing_ease_in_out` of motion.h)
 * where the article animates with a plain UIView block; linear where it says
 * so or steps a timer by equal amounts (pulldown.c gives each one).
 */
#ifndef SCROLLDRIVE_PULLDOWN_H
#define SCROLLDRIVE_PULLDOWN_H

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

/**
 * Every number of the panel. 240 bytes. The defaults are the article's
 * (`sd_pulldown_config_article`); `sd_pulldown_config_wechat` differs only in
 * the critical points.
 */
typedef struct sd_pulldown_config {
    /** Critical points of the pull distance d (points), cp0 < cp1 < cp2 < cp3.
     *  Article 60 / 90 / 130 / 240; WeChat's source 80 / 130 / 160 / 240.
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
} sd_pulldown_config;

/** The article's numbers (critical points 60 / 90 / 130 / 240); the default. */
sd_pulldown_config sd_pulldown_config_article(void);

/** WeChat's source numbers: the article's with critical points 80 / 130 / 160 / 240. */
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
 *    the gain) is finite.
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
 * The vector instructions the indicator, reveal, colour and offset batches
 * run on: 0 the build's baseline (SSE2 on x86-64, and on every other CPU),
 * 1 AVX2, 2 AVX-512 (F, DQ, VL). They take the widest this CPU and OS
 * support, capped by the environment variable SCROLLDRIVE_SIMD (`baseline`
 * or `avx2`; read once, at the first call) and by `sd_pulldown_simd_cap`.
 * Every level gives the same values bit for bit: this is for tests and
 * benchmarks.
 */
int sd_pulldown_simd_level(void);

/** Caps the level above at `level` (clamped to 0...2) for the whole process; returns the level now in use. */
int sd_pulldown_simd_cap(int level);

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
 * 0. Continuous and monotone in elapsed. This is the article's 10 ms timer (a
 * fast step of from * 0.5 / 45, then a slow one of from * 0.5 / 105) as a
 * function of time. `from` and `elapsed` must be finite
 * (`SD_ERR_NOT_FINITE`, nothing written).
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


/* ------------------------------------------------------------------------ */
/* Events, phases, transitions and actions                                   */
/* ------------------------------------------------------------------------ */

/** The article's MHRefreshState, shared by the list and panel machines. */
typedef enum sd_pulldown_phase {
    /** At rest, or being dragged without the release condition. */
    SD_PULLDOWN_IDLE = 0,
    /** Releasing now would commit (open the panel / close it). */
    SD_PULLDOWN_PULLING = 1,
    /** Committed: for the list machine the panel is opening or open; for the
     *  panel machine the panel is closing. */
    SD_PULLDOWN_REFRESHING = 2
} sd_pulldown_phase;

/** The timed transitions. */
typedef enum sd_pulldown_transition {
    SD_PULLDOWN_TRANSITION_NONE = 0,
    /** List machine, transition_duration: release while pulling -> open. Locks interaction. */
    SD_PULLDOWN_TRANSITION_OPEN = 1,
    /** List machine, transition_duration: open -> rest (nav bar, list and tab
     *  bar come back, the balls collapse). Locks interaction. */
    SD_PULLDOWN_TRANSITION_RESTORE = 2,
    /** Panel machine, close_duration: the panel flies up and fades. Locks interaction. */
    SD_PULLDOWN_TRANSITION_CLOSE = 3,
    /** Panel machine, return_duration: the slow return to u = 0. Does not lock; a drag cancels it. */
    SD_PULLDOWN_TRANSITION_RETURN = 4
} sd_pulldown_transition;

/** Bit of a transition in `sd_pulldown_actions.started/finished/cancelled`. */
#define SD_PULLDOWN_TRANSITION_BIT(kind) (1u << (unsigned)(kind))

/** Duration (seconds) of a transition under `config`; 0 for NONE or an unknown kind. */
double sd_pulldown_transition_duration(const sd_pulldown_config *config, sd_pulldown_transition kind);


/** Which view an event comes from. */
typedef enum sd_pulldown_source {
    /** The chat list's scroll view. */
    SD_PULLDOWN_SOURCE_LIST = 0,
    /** The panel's (pull-up) scroll view. */
    SD_PULLDOWN_SOURCE_PANEL = 1,
    /** The mini-program list inside the panel, and its page events. */
    SD_PULLDOWN_SOURCE_APPLETS = 2
} sd_pulldown_source;

/** What happened. */
typedef enum sd_pulldown_event_type {
    /** The source's content offset changed to `offset`; `flag`: the scroll
     *  view is being dragged. The panel machine ignores the flag and uses its
     *  own, from DRAG_BEGAN/DRAG_ENDED (UIKit's isDragging can still say YES
     *  after the finger lifted). */
    SD_PULLDOWN_EVENT_OFFSET_CHANGED = 0,
    /** A drag of the source began at content offset `offset`. */
    SD_PULLDOWN_EVENT_DRAG_BEGAN = 1,
    /** A drag of the source ended at `offset`; `flag`: it will decelerate. */
    SD_PULLDOWN_EVENT_DRAG_ENDED = 2,
    /** The source's deceleration ended at `offset`. */
    SD_PULLDOWN_EVENT_DECELERATION_ENDED = 3,
    /** A frame of the caller's clock: finishes due transitions (any source). */
    SD_PULLDOWN_EVENT_FRAME = 4,
    /** Close the open panel (a programmatic close; any source). */
    SD_PULLDOWN_EVENT_CLOSE = 5,
    /** A mini-program was opened from the panel (its page is being pushed). Source APPLETS. */
    SD_PULLDOWN_EVENT_APPLET_OPENED = 6,
    /** The pushed page has appeared (the panel disappeared under it). Source APPLETS. */
    SD_PULLDOWN_EVENT_PAGE_APPEARED = 7
} sd_pulldown_event_type;

/**
 * One event. 32 bytes.
 *  - type: sd_pulldown_event_type; source: sd_pulldown_source;
 *  - time: absolute time, seconds, finite and >= 0 (earlier than the
 *    surface's clock counts at the clock);
 *  - offset: the source's content offset y (points, finite) for
 *    OFFSET_CHANGED, DRAG_BEGAN, DRAG_ENDED, DECELERATION_ENDED;
 *  - flag: 0 or 1, see the types.
 * Fields a type does not use are ignored (the constructors set them 0).
 */
typedef struct sd_pulldown_event {
    uint32_t type;
    uint32_t source;
    double time;
    double offset;
    uint32_t flag;
    uint32_t reserved; /* 0 */
} sd_pulldown_event;

SD_INLINE sd_pulldown_event sd_pulldown_event_make_(double time, uint32_t type, sd_pulldown_source source,
                                                    double offset, int flag) {
    sd_pulldown_event e = { type, (uint32_t)source, time, offset, flag ? 1u : 0u, 0u };
    return e;
}
SD_INLINE sd_pulldown_event sd_pulldown_event_offset(double time, sd_pulldown_source source, double offset,
                                                     int dragging) {
    return sd_pulldown_event_make_(time, SD_PULLDOWN_EVENT_OFFSET_CHANGED, source, offset, dragging);
}
SD_INLINE sd_pulldown_event sd_pulldown_event_drag_began(double time, sd_pulldown_source source, double offset) {
    return sd_pulldown_event_make_(time, SD_PULLDOWN_EVENT_DRAG_BEGAN, source, offset, 0);
}
SD_INLINE sd_pulldown_event sd_pulldown_event_drag_ended(double time, sd_pulldown_source source, double offset,
                                                         int will_decelerate) {
    return sd_pulldown_event_make_(time, SD_PULLDOWN_EVENT_DRAG_ENDED, source, offset, will_decelerate);
}
SD_INLINE sd_pulldown_event sd_pulldown_event_deceleration_ended(double time, sd_pulldown_source source,
                                                                 double offset) {
    return sd_pulldown_event_make_(time, SD_PULLDOWN_EVENT_DECELERATION_ENDED, source, offset, 0);
}
SD_INLINE sd_pulldown_event sd_pulldown_event_frame(double time) {
    return sd_pulldown_event_make_(time, SD_PULLDOWN_EVENT_FRAME, SD_PULLDOWN_SOURCE_LIST, 0.0, 0);
}
SD_INLINE sd_pulldown_event sd_pulldown_event_close(double time) {
    return sd_pulldown_event_make_(time, SD_PULLDOWN_EVENT_CLOSE, SD_PULLDOWN_SOURCE_LIST, 0.0, 0);
}
SD_INLINE sd_pulldown_event sd_pulldown_event_applet_opened(double time) {
    return sd_pulldown_event_make_(time, SD_PULLDOWN_EVENT_APPLET_OPENED, SD_PULLDOWN_SOURCE_APPLETS, 0.0, 0);
}
SD_INLINE sd_pulldown_event sd_pulldown_event_page_appeared(double time) {
    return sd_pulldown_event_make_(time, SD_PULLDOWN_EVENT_PAGE_APPEARED, SD_PULLDOWN_SOURCE_APPLETS, 0.0, 0);
}


/** Bits of `sd_pulldown_actions.flags`. */
enum {
    /** A machine's phase changed: report the state to observers. */
    SD_PULLDOWN_ACTION_STATE = 1u << 0,
    /** Set the chat list's content offset to `list_offset`, not animated (the
     *  pin at release, the article's Q1; and the reset once opening ends). */
    SD_PULLDOWN_ACTION_PIN_LIST_OFFSET = 1u << 1,
    /** Set the panel scroll view's content offset to `panel_offset`, not animated. */
    SD_PULLDOWN_ACTION_SET_PANEL_OFFSET = 1u << 2,
    /** Scroll the mini-program list to `applets_offset`, animated (search bar snap). */
    SD_PULLDOWN_ACTION_SCROLL_APPLETS = 1u << 3,
    /** Set the mini-program list's offset to `applets_offset`, not animated
     *  (search bar hidden once the panel has closed). */
    SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET = 1u << 4,
    /** Transitions started now (bits in `started`), starting at the event's time. */
    SD_PULLDOWN_ACTION_START_TRANSITION = 1u << 5,
    /** Transitions that ended (bits in `finished`). */
    SD_PULLDOWN_ACTION_FINISH_TRANSITION = 1u << 6,
    /** Transitions cut short (bits in `cancelled`): a drag during the return. */
    SD_PULLDOWN_ACTION_CANCEL_TRANSITION = 1u << 7,
    /** Emit a light impact haptic (once per gesture, entering pulling). */
    SD_PULLDOWN_ACTION_HAPTIC = 1u << 8,
    /** Disable user interaction (a locking transition started). */
    SD_PULLDOWN_ACTION_LOCK_INTERACTION = 1u << 9,
    /** Enable user interaction again (the last locking transition ended). */
    SD_PULLDOWN_ACTION_UNLOCK_INTERACTION = 1u << 10,
    /** Stop the panel scroll view's deceleration (a return or close took over). */
    SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION = 1u << 11,
    /** The panel closes (already done: the panel's CLOSE and the list's
     *  RESTORE started), for information. */
    SD_PULLDOWN_ACTION_CLOSE_PANEL = 1u << 12
};

/**
 * What a step asks the caller to do. Fields whose flag is not set are 0.
 * Order of performance: the offsets first, in this order: PIN_LIST_OFFSET,
 * SET_PANEL_OFFSET, SCROLL_APPLETS, SET_APPLETS_OFFSET,
 * STOP_PANEL_DECELERATION; then LOCK/UNLOCK_INTERACTION and HAPTIC; STATE,
 * the transition bits and CLOSE_PANEL are for information (the state and
 * the next frame show them). 40 bytes.
 */
typedef struct sd_pulldown_actions {
    uint32_t flags;
    uint32_t started;   /* SD_PULLDOWN_TRANSITION_BIT of each transition started */
    uint32_t finished;  /* ... finished */
    uint32_t cancelled; /* ... cancelled */
    double list_offset;
    double panel_offset;
    double applets_offset;
} sd_pulldown_actions;


/* ------------------------------------------------------------------------ */
/* The surface                                                               */
/* ------------------------------------------------------------------------ */

/**
 * The list machine's state (the pull-down on the chat list). 72 bytes.
 *  - offset: the latest chat-list content offset y seen (points);
 *  - last_offset: the reference for "still moving down" (the article's
 *    lastOffsetY);
 *  - release_offset, release_distance: content offset and pull distance at
 *    the release that opened the panel;
 *  - close_panel_offset: the panel's pull-up distance when the close began;
 *  - transition_start: time (seconds) the current transition started;
 *  - phase (sd_pulldown_phase), transition (sd_pulldown_transition: NONE,
 *    OPEN or RESTORE);
 *  - haptic_armed: 1 until the gesture's haptic fired;
 *  - haptic_pending: a haptic fired since the last FRAME event;
 *  - haptic_frame: the last FRAME event found a haptic pending (the frame
 *    reports it once);
 *  - locked: OPEN or RESTORE is running.
 */
typedef struct sd_pulldown_list_state {
    double offset;
    double last_offset;
    double release_offset;
    double release_distance;
    double close_panel_offset;
    double transition_start;
    uint32_t phase;
    uint32_t transition;
    uint32_t haptic_armed;
    uint32_t haptic_pending;
    uint32_t haptic_frame;
    uint32_t locked;
} sd_pulldown_list_state;

/**
 * The panel machine's state (the pull-up on the open panel). 48 bytes.
 *  - offset: the pull-up distance u (>= 0);
 *  - last_offset: the reference for "moving up";
 *  - from_offset: u when the running CLOSE or RETURN started;
 *  - transition_start: its start time (seconds);
 *  - phase, transition (NONE, CLOSE or RETURN), dragging, locked (CLOSE running).
 */
typedef struct sd_pulldown_panel_state {
    double offset;
    double last_offset;
    double from_offset;
    double transition_start;
    uint32_t phase;
    uint32_t transition;
    uint32_t dragging;
    uint32_t locked;
} sd_pulldown_panel_state;

/**
 * The mini-program list's state: its content offset (points, from its top)
 * when the last drag began and ended, and whether a close waits for an
 * opened mini-program's page to appear. 24 bytes.
 */
typedef struct sd_pulldown_applets_state {
    double drag_start_offset;
    double drag_end_offset;
    uint32_t close_pending;
    uint32_t reserved; /* always 0 */
} sd_pulldown_applets_state;

/**
 * One pull-down panel: its validated configuration, the three machines and
 * the clock `time` (the latest accepted event time, seconds). A plain value
 * of 392 bytes, no pointers: copy it, compare it with memcmp. Change it only
 * through `sd_pulldown_init`, `sd_pulldown_step` and `sd_pulldown_reconfigure`.
 */
typedef struct sd_pulldown {
    sd_pulldown_config config;
    sd_pulldown_list_state list;
    sd_pulldown_panel_state panel;
    sd_pulldown_applets_state applets;
    double time;
} sd_pulldown;

/**
 * Validates `config` and puts the panel at rest (closed, chat list at
 * content offset -top_bar_height, clock 0). Writes `*pulldown` only on
 * success. `SD_ERR_NULL` (field "pulldown") or the validator's report.
 */
sd_status sd_pulldown_init(sd_pulldown *pulldown, const sd_pulldown_config *config, sd_error *err);

/** Whether the panel is open and settled: list refreshing with no transition running. 0 for NULL. */
int sd_pulldown_is_open(const sd_pulldown *pulldown);

/**
 * One event. Its time counts as `sd_event_time(pulldown->time, event->time)`
 * and becomes the clock. Routing and coupling:
 *  - FRAME (any source) steps the list and panel machines: haptic
 *    bookkeeping, the return curve, and the end of every transition that
 *    has ended; when the panel's CLOSE ends the mini-program list's rules are
 *    reset.
 *  - CLOSE (any source): when the panel is open, the panel closes and the
 *    chat list restores; otherwise `SD_ERR_STATE`.
 *  - Source LIST: the chat list's pull-down. Pulled past cp1 while still
 *    moving down is PULLING (HAPTIC once per gesture); a release (DRAG_ENDED,
 *    or an offset change without the drag flag) while PULLING pins the list
 *    and opens the panel (OPEN over transition_duration).
 *  - Source PANEL, APPLETS: ignored (SD_OK, no actions) unless the panel is
 *    open. PANEL: pulled up while moving up is PULLING; a release then
 *    closes the panel (CLOSE over close_duration, with RESTORE on the list
 *    side); a release without it starts the slow return (RETURN over
 *    return_duration), which a new drag cancels. APPLETS: the search bar
 *    snaps shown or hidden by the drag's direction; a drag that leaves the
 *    list at close_drag_distance or more, and PAGE_APPEARED after
 *    APPLET_OPENED, close the panel.
 * LOCK_INTERACTION / UNLOCK_INTERACTION report the three machines together:
 * locked while OPEN, RESTORE or CLOSE runs.
 * Rejected, with `*pulldown` and `*actions` bit for bit unchanged and `err`
 * filled (may be NULL): NULL pointers (`SD_ERR_NULL`), an unknown type or
 * source (`SD_ERR_RANGE`, field "type" / "source"), a non-finite time
 * (`SD_ERR_NOT_FINITE`, "time") or a negative one (`SD_ERR_RANGE`, "time"),
 * a non-finite offset where the type uses it (`SD_ERR_NOT_FINITE`,
 * "offset"), CLOSE while the panel is not open and settled (`SD_ERR_STATE`,
 * "type").
 */
sd_status sd_pulldown_step(sd_pulldown *pulldown, const sd_pulldown_event *event, sd_pulldown_actions *actions,
                           sd_error *err);

/**
 * Everything a view applies in one frame. 272 bytes, no pointers.
 *  - nav_top: the nav bar's top edge (points); nav_colour: its background.
 *  - indicator: the three-ball view (height, alpha, balls).
 *  - container_alpha: the panel container (mask, weather, panel) as a whole.
 *  - panel_alpha, panel_scale_x/y (about its top edge), panel_y: the
 *    mini-program panel; mask_alpha; weather_alpha, weather_y.
 *  - tab_bar_alpha, tab_bar_y (its top edge).
 *  - list_y (the chat list's frame origin), list_inset_top, list_offset (its
 *    content offset; apply it when list_offset_driven, during opening).
 *  - panel_offset (the panel scroll view's content offset; apply it when
 *    panel_offset_driven, during the return), panel_content_height.
 *  - interaction_enabled: 0 while OPEN, RESTORE or CLOSE runs.
 *  - haptic: 1 in the frame after a haptic fired (see `haptic_frame`).
 *  - list_phase, panel_phase; list_transition, panel_transition: the
 *    transitions running at this time (NONE once they have ended).
 */
typedef struct sd_pulldown_frame {
    double nav_top;
    sd_pulldown_rgb nav_colour;
    sd_pulldown_indicator indicator;
    double container_alpha;
    double panel_alpha;
    double panel_scale_x;
    double panel_scale_y;
    double panel_y;
    double mask_alpha;
    double weather_alpha;
    double weather_y;
    double tab_bar_alpha;
    double tab_bar_y;
    double list_y;
    double list_inset_top;
    double list_offset;
    double panel_offset;
    double panel_content_height;
    uint32_t interaction_enabled;
    uint32_t haptic;
    uint32_t list_phase;
    uint32_t panel_phase;
    uint32_t list_transition;
    uint32_t panel_transition;
    uint32_t list_offset_driven;
    uint32_t panel_offset_driven;
} sd_pulldown_frame;

/**
 * The frame at `time` (seconds; earlier than the clock counts at the clock),
 * a pure function of `*pulldown` and the time: a transition that has ended
 * at that time shows its end state even before the FRAME event that
 * finishes it. What each layer shows:
 *  - chat list side: at rest / pulling: nav_top = d, indicator at d, colour
 *    list_colour, tab bar shown at H - tab_bar_height, list at y 0 with inset
 *    top T. OPEN (ease-in-out): nav_top d_release -> H - T, colour ->
 *    open_colour, tab bar alpha 1 -> 0 and y -> H, list inset H and content
 *    offset release offset -> -H, indicator hidden. Open: with u the panel's
 *    distance (the return curve while it runs), nav_top = list_y =
 *    max(0, H - T - u), colour `sd_pulldown_nav_colour(u)`, tab bar hidden,
 *    list inset T, offset -T. RESTORE (ease-in-out, from the close's u):
 *    nav_top and list_y -> 0, colour -> list_colour, tab bar alpha 0 -> 1 and
 *    y H -> H - tab_bar_height, indicator height -> its minimum, while the
 *    balls collapse linearly through their stages from H - T to 0.
 *  - panel side: before release, `sd_pulldown_reveal_at(d)` (weather hidden).
 *    OPEN (linear): container, panel alpha and scale -> 1, mask ->
 *    open_mask_alpha, weather alpha 0 -> 1. Open: `sd_pulldown_mirror_at(u)`
 *    (panel and weather share alpha and y). CLOSE (ease-in-out): panel and
 *    weather y -u -> -H and alpha -> 0, mask -> 0; after it, everything at
 *    rest (scale back to (panel_scale_x, panel_scale_y), offsets 0).
 * `SD_ERR_NULL` for NULL pointers, `SD_ERR_NOT_FINITE` for a non-finite
 * time; nothing is written then.
 */
sd_status sd_pulldown_frame_at(const sd_pulldown *pulldown, double time, sd_pulldown_frame *frame);

/**
 * New numbers (e.g. another screen height after a rotation), the state and
 * the clock kept. Offsets are kept as they are (the scroll views report
 * their new offsets as they change); a running transition keeps its start
 * time and its start values and continues under the new numbers (new
 * durations and geometry): it may end at the next FRAME or frame time. The
 * configuration must pass `sd_pulldown_config_validate`; nothing else about
 * the state can break it. Rejected: nothing changes, `err` filled (may be
 * NULL); `SD_ERR_NULL` for NULL pointers.
 */
sd_status sd_pulldown_reconfigure(sd_pulldown *pulldown, const sd_pulldown_config *config, sd_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_PULLDOWN_H */
