/*
 * scrolldrive/bar_values.h — the expandable bar's numbers and pure
 * functions: the configuration (heights and scroll policy), the state, the
 * scroll view's geometry, the AirBar library's delta-Y transformers and
 * reducers, and reading a state (range, progress, value, snapping, the large
 * title). Included by scrolldrive/bar.h, which has the surface (sd_bar, its
 * events, actions and frame); the geometry is described there.
 */
#ifndef SCROLLDRIVE_BAR_VALUES_H
#define SCROLLDRIVE_BAR_VALUES_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Scroll policies, bits of `sd_bar_config.policy`. 0 is AirBar's bar (the
 * bar enters on any upward scroll, snaps to the nearest height on release,
 * and the expanded state is reachable only by a pan that begins at the top),
 * bit for bit. The names follow Android's AppBarLayout scroll flags and
 * Flutter's SliverAppBar (floating / pinned / snap / stretch).
 */
enum {
    /**
     * Exit until collapsed (AppBarLayout `scroll|exitUntilCollapsed` without
     * `enterAlways`; a SliverAppBar that is not `floating`): scrolling the
     * content down collapses the bar as before, but scrolling it up grows the
     * bar only as the content's top comes back: a reduce never takes the
     * offset below min(offset before, y), so the bar is never taller than
     * -y (the content's top edge) while it grows.
     */
    SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED = 1u << 0,
    /**
     * Snap by the release's direction (Flutter SliverAppBar's `snap`, which
     * animates in or out by the scroll direction; Android AppBarLayout's
     * `snap` is not this: its calculateSnapOffset picks the nearer edge at
     * the midpoint, which is the default nearest snap): on PAN_ENDED, with the content scrolled down since PAN_BEGAN
     * (y grew from the pan's first y) the bar snaps to the lower height of
     * the range it is in (compact, or normal from the expanded range);
     * scrolled up (y shrank), to the higher one (normal, or expanded);
     * unmoved, to the nearest (`sd_bar_snap_delta`).
     */
    SD_BAR_POLICY_SNAP_DIRECTION = 1u << 1,
    /** No snap on release: PAN_ENDED asks for nothing (a SliverAppBar without `snap`). */
    SD_BAR_POLICY_NO_SNAP = 1u << 2,
    /**
     * The expanded (stretch) state whenever the content is at its top
     * (SliverAppBar `stretch`): besides AirBar's rule at PAN_BEGAN, a
     * PAN_CHANGED with y <= -normal makes expanded available (STATE,
     * INSET_TOP = expanded), so a pan that began inside the content and
     * brings it back to its top can go on to expand the bar.
     */
    SD_BAR_POLICY_EXPAND_AT_TOP = 1u << 3,
    /**
     * The large-title style (iOS navigation bars with `prefersLargeTitles`):
     * two states, inline (compact) and large (normal); the expanded height
     * is only how far the bar stretches when pulled at the top, so a release
     * never rests there: `sd_bar_snap_delta` and
     * `sd_bar_snap_delta_directed` pick between compact and normal only.
     * The frame's title fields (`sd_bar_large_title`) are there with or
     * without this bit.
     */
    SD_BAR_POLICY_LARGE_TITLE = 1u << 4,
    /**
     * Reduced motion (the platform's accessibility setting, which the app
     * passes on): the bar's animated moves (a release's snap, EXPAND) are
     * short ease-outs: their actions carry SD_BAR_ACTION_REDUCED_MOTION with
     * SD_BAR_ACTION_ANIMATED, and the caller animates the content offset
     * over SD_SCROLL_SHORT_ANIMATION_DURATION (0.15 s) along UIKit's
     * ease-out (sd_scroll_view_update_offset with SD_SCROLL_ANIMATED_SHORT)
     * instead of UIKit's 0.25 s ease-in-out. The same targets; nothing
     * changes where the finger drives. The frame says so (`reduced_motion`).
     */
    SD_BAR_POLICY_REDUCED_MOTION = 1u << 5
};

/** Every policy bit; other bits are rejected. */
#define SD_BAR_POLICY_ALL 0x3Fu

/**
 * Bar heights in points, the scroll policy and the safe area above the bar.
 * Valid when every height is finite and >= 0 and compact <= normal <=
 * expanded (equal heights are allowed), `policy` holds only SD_BAR_POLICY_*
 * bits, not both snap bits, and `safe_area_top` is finite, >= 0 and at most
 * SD_BAR_MAX_SAFE_AREA. `{ compact, normal, expanded }` (the rest 0) is
 * AirBar's bar. 40 bytes.
 *
 * `safe_area_top` (points, 0 by default): the status bar's height, T. The
 * bar sits below it (its view at y = T, `height` tall) and the heights are
 * the bar's own, under it; the scroll view's content runs under both, so
 * every inset the core sets includes T (INSET_TOP = T + normal or
 * expanded, INDICATOR_TOP = T + normal) and the content offsets it asks
 * for or compares with are T further up (at rest at normal: y = -(T +
 * normal); PAN_BEGAN's "near the top" is y within 5 pt of -(T + normal);
 * EXPAND scrolls to -(T + expanded)); the content's inset bottom keeps the
 * compact bar reachable below the status bar, max(0, frame_height - T -
 * compact - content_height). With T = 0 every number is AirBar's, bit for
 * bit. Anchors: UIKit's safe area (a navigation bar lays out below
 * `safeAreaInsets.top` and its scroll view's adjusted content inset adds it)
 * and Android's CoordinatorLayout with window insets (the app bar's
 * status-bar padding).
 */
typedef struct sd_bar_config {
    double compact;
    double normal;
    double expanded;
    /** SD_BAR_POLICY_* bits [0]. */
    uint32_t policy;
    uint32_t reserved; /* always 0 */
    /** The safe area's top inset above the bar (points) [0]. */
    double safe_area_top;
} sd_bar_config;

/** Largest safe area above the bar a configuration accepts (points). */
#define SD_BAR_MAX_SAFE_AREA 1e6

#if defined(__clang__)
#define SD_BAR_SWIFT_NAME(name) __attribute__((swift_name(#name)))
#else
#define SD_BAR_SWIFT_NAME(name)
#endif

/** AirBar's bar with these heights (policy 0). In Swift: sd_bar_config(compact:normal:expanded:). */
SD_INLINE sd_bar_config sd_bar_config_make(double compact, double normal, double expanded)
    SD_BAR_SWIFT_NAME(sd_bar_config.init(compact:normal:expanded:));
SD_INLINE sd_bar_config sd_bar_config_make(double compact, double normal, double expanded) {
    sd_bar_config c = { compact, normal, expanded, 0u, 0u, 0.0 };
    return c;
}

/**
 * The bar's state. `offset` is -height (points); `expanded_available` is 0
 * or 1 and says whether the offset may go below -normal. 16 bytes.
 */
typedef struct sd_bar_state {
    double offset;
    uint32_t expanded_available;
    uint32_t reserved; /* always 0 */
} sd_bar_state;

/**
 * What the reducer reads from the scroll view, in points: content inset top
 * and bottom, content size height and frame height. 32 bytes.
 */
typedef struct sd_scroll_geometry {
    double inset_top;
    double inset_bottom;
    double content_height;
    double frame_height;
} sd_scroll_geometry;

/**
 * Checks a configuration. Rules, in the order they are checked:
 * each of compact, normal, expanded is finite (`SD_ERR_NOT_FINITE`) and >= 0
 * (`SD_ERR_NEGATIVE`); compact <= normal and normal <= expanded
 * (`SD_ERR_ORDER`, field "normal" or "expanded"); policy only
 * SD_BAR_POLICY_* bits, and not both SD_BAR_POLICY_SNAP_DIRECTION and
 * SD_BAR_POLICY_NO_SNAP (`SD_ERR_RANGE`, field "policy"). `err` may be NULL.
 */
sd_status sd_bar_config_validate(const sd_bar_config *config, sd_error *err);

/**
 * A configuration that always validates, made from any input: a value that
 * is NaN, infinite or negative becomes 0, then normal is raised to compact
 * and expanded to normal where they are smaller; unknown policy bits are
 * dropped, and SD_BAR_POLICY_NO_SNAP wins over SD_BAR_POLICY_SNAP_DIRECTION.
 * Valid input comes back unchanged. Used by the non-throwing Swift
 * initialiser AirBar users rely on.
 */
sd_bar_config sd_bar_config_sanitized(sd_bar_config config);

/** The initial state: offset -normal, expanded not available. */
sd_bar_state sd_bar_state_initial(const sd_bar_config *config);

/** Checks a geometry: every field finite (`SD_ERR_NOT_FINITE`). */
sd_status sd_scroll_geometry_validate(const sd_scroll_geometry *geometry, sd_error *err);

/* ------------------------------------------------------------------------ */
/* Delta-Y transformers                                                      */
/* ------------------------------------------------------------------------ */

/**
 * Everything a delta-Y transformer may read: the previous and current content
 * offset y, the delta so far (y - previous_y after the transformers before
 * this one), the state before the change, the configuration and the scroll
 * view's geometry. 120 bytes.
 */
typedef struct sd_bar_transform_params {
    double previous_y;
    double y;
    double delta_y;
    double reserved; /* keeps the state and the configuration below 16-byte aligned; always 0 */
    sd_bar_state state;
    sd_bar_config config;
    sd_scroll_geometry geometry;
} sd_bar_transform_params;

/**
 * A delta-Y transformer: returns the new delta. `context` is the pointer the
 * caller registered with it (NULL for the built-in ones, which ignore it).
 */
typedef double (*sd_bar_transformer_fn)(const sd_bar_transform_params *params, void *context);

/** A transformer with its context, one link of a chain. */
typedef struct sd_bar_transformer {
    sd_bar_transformer_fn function;
    void *context;
} sd_bar_transformer;

/**
 * Ignores bounce above the top: with start = inset_top, when previous_y or y
 * is below -start, adds min(0, previous_y + start) to the delta.
 */
double sd_bar_ignore_top(const sd_bar_transform_params *params, void *context);

/**
 * Ignores bounce below the bottom: with end = content_height - frame_height +
 * inset_bottom, when previous_y or y is beyond end, adds
 * max(0, previous_y - end) to the delta.
 */
double sd_bar_ignore_bottom(const sd_bar_transform_params *params, void *context);

/**
 * Cuts out the part of the delta that would leave the state range: a positive
 * delta becomes min(-compact, offset + delta) - offset; any other becomes
 * max(-limit, offset + delta) - offset with limit = expanded when the
 * expanded state is available, else normal. (The reducers add this delta
 * back so that the sum never leaves the bound it aimed at; see
 * `sd_bar_reduce`.)
 */
double sd_bar_cut_out_state_range(const sd_bar_transform_params *params, void *context);

/** The default chain: ignore top, ignore bottom, cut out state range. */
extern const sd_bar_transformer sd_bar_default_transformers[3];

/* ------------------------------------------------------------------------ */
/* Reducers                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * The default reducer, fused: delta = y - previous_y through the default
 * chain, then offset += delta, AirBar's numbers to the last bit except that
 * a sum one rounding past the bound the cut-out aimed at becomes that bound
 * (at most -compact, at least -limit); then the configuration's
 * SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED, when set. Gives exactly the numbers
 * of running the three transformers one by one through
 * `sd_bar_reduce_chain`. For a
 * state whose height is within [compact, expanded] the new height is too.
 * Rejects a non-finite previous_y or y (`SD_ERR_NOT_FINITE`), geometry
 * (`SD_ERR_NOT_FINITE`) or a NULL pointer (`SD_ERR_NULL`), leaving `*state`
 * untouched. `config` must be valid.
 */
sd_status sd_bar_reduce(const sd_bar_config *config, const sd_scroll_geometry *geometry,
                        sd_bar_state *state, double previous_y, double y);

/**
 * A reducer over any chain of `count` transformers (count may be 0: the
 * offset then moves by the raw delta). When the last link is
 * `sd_bar_cut_out_state_range`, its delta is added within the bound as the
 * fused reducer adds it, and SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED applies
 * after the chain as in `sd_bar_reduce`. A chain that produces a non-finite offset is
 * rejected (`SD_ERR_NOT_FINITE`) and the state stays as it was.
 */
sd_status sd_bar_reduce_chain(const sd_bar_transformer *chain, size_t count,
                              const sd_bar_config *config, const sd_scroll_geometry *geometry,
                              sd_bar_state *state, double previous_y, double y);

/** A whole custom reducer for C callers: returns the new state. */
typedef sd_bar_state (*sd_bar_reducer_fn)(const sd_bar_transform_params *params, void *context);

/* ------------------------------------------------------------------------ */
/* Reading the state                                                         */
/* ------------------------------------------------------------------------ */

/** Which transition an offset is in. */
typedef enum sd_bar_range {
    /** offset > -normal: progress 0...1 */
    SD_BAR_RANGE_COMPACT_NORMAL = 0,
    /** offset <= -normal: progress 1...2 */
    SD_BAR_RANGE_NORMAL_EXPANDED = 1
} sd_bar_range;

/** The range of `offset`: compact-normal when offset > -normal, else normal-expanded. */
sd_bar_range sd_bar_range_of(const sd_bar_config *config, double offset);

/**
 * Transition progress 0...2 (0 compact, 1 normal, 2 expanded): the offset
 * mapped from -normal...-compact to 1...0, or from -expanded...-normal to
 * 2...1, with `sd_map`.
 */
double sd_bar_progress(const sd_bar_config *config, double offset);

/**
 * The progress mapped into a caller's range: from 0...1 to
 * compact_normal_lo...compact_normal_hi in the compact-normal range, from
 * 1...2 to normal_expanded_lo...normal_expanded_hi otherwise. Finite ends
 * give a finite value within them, even when hi - lo overflows (then the
 * value is lo * (1 - t) + hi * t instead of sd_map's lo + t * (hi - lo)).
 */
double sd_bar_value(const sd_bar_config *config, double offset,
                    double compact_normal_lo, double compact_normal_hi,
                    double normal_expanded_lo, double normal_expanded_hi);

/**
 * `sd_bar_progress` for `count` offsets; `progress` may not alias `offsets`.
 * `config` must be valid. `SD_ERR_NULL` (field "config", "offsets" or
 * "progress") writes nothing; otherwise every element is written (a NaN
 * offset gives a NaN progress).
 */
sd_status sd_bar_progress_batch(const sd_bar_config *config, const double *offsets, size_t count,
                                double *progress, sd_error *err);

/**
 * The signed distance from `offset` to the nearest of -compact, -normal,
 * -expanded. Ties go to the earlier of those three. With
 * SD_BAR_POLICY_LARGE_TITLE, the nearest of -compact and -normal.
 */
double sd_bar_snap_delta(const sd_bar_config *config, double offset);

/**
 * The large title at `offset` (iOS's large-title navigation bar, as the
 * frame shows it), from the transition progress p = `sd_bar_progress`:
 *  - large_alpha = clamp(2 p - 1, 0, 1): the large title is fully shown at
 *    the large (normal) height and gone at or below halfway down to the
 *    inline (compact) height;
 *  - inline_alpha = 1 - large_alpha: the inline title fades in as the large
 *    one fades out;
 *  - scale = height / normal above the normal height (the title grows with
 *    a bar stretched by a pull at the top), else 1 (also when normal is 0).
 * Pure; `config` must be valid. For a finite offset whose height is within
 * [compact, expanded] every value is finite, the alphas within [0, 1] and
 * the scale within [1, expanded / normal].
 */
typedef struct sd_bar_title {
    double scale;
    double large_alpha;
    double inline_alpha;
} sd_bar_title;

sd_bar_title sd_bar_large_title(const sd_bar_config *config, double offset);

/**
 * SD_BAR_POLICY_SNAP_DIRECTION's delta: from `offset` to the lower height of
 * its range (-compact when offset > -normal, else -normal) when `direction`
 * > 0 (the content scrolled down: y grew), to the higher one (-normal, or
 * -expanded when offset < -normal, but -normal with SD_BAR_POLICY_LARGE_TITLE)
 * when direction < 0; `sd_bar_snap_delta` when it is 0 (or NaN).
 */
double sd_bar_snap_delta_directed(const sd_bar_config *config, double offset, double direction);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_BAR_VALUES_H */
