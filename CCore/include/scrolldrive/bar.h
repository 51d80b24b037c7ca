/*
 * scrolldrive/bar.h — the 3-state expandable bar (compact / normal /
 * expanded) driven by a scroll view's content offset, with AirBar's
 * arithmetic reproduced to the last bit.
 *
 * The bar's state is an `offset`, the negated bar height: scrolling the
 * content down (y grows) makes the offset grow towards -compact, scrolling up
 * makes it shrink towards -normal, or -expanded when the expanded state is
 * available.
 *
 * Step functions (pan began/changed/ended, preconfigure, expand) are pure:
 * they take the configuration, the state and what the scroll view shows, and
 * return the new state plus an `sd_bar_actions` value saying what the caller
 * must do to the scroll view. They never touch a view themselves.
 */
#ifndef SCROLLDRIVE_BAR_H
#define SCROLLDRIVE_BAR_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Bar heights in points. Valid when every field is finite and >= 0 and
 * compact <= normal <= expanded (equal heights are allowed). 24 bytes.
 */
typedef struct sd_bar_config {
    double compact;
    double normal;
    double expanded;
} sd_bar_config;

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
 * (`SD_ERR_ORDER`, field "normal" or "expanded"). `err` may be NULL.
 */
sd_status sd_bar_config_validate(const sd_bar_config *config, sd_error *err);

/**
 * A configuration that always validates, made from any input: a value that
 * is NaN, infinite or negative becomes 0, then normal is raised to compact
 * and expanded to normal where they are smaller. Valid input comes back
 * unchanged. Used by the non-throwing Swift initialiser AirBar users rely on.
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
 * view's geometry. 96 bytes.
 */
typedef struct sd_bar_transform_params {
    double previous_y;
    double y;
    double delta_y;
    double reserved; /* keeps the structs below 16-byte aligned; always 0 */
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
 * expanded state is available, else normal.
 *
 * Adding that delta back to the offset can miss the bound by one rounding
 * (compact 1e-320, offset -0.5, delta 600: the sum is 0, a height below
 * compact). The reducers below therefore keep the sum on the range's side of
 * the bound it aimed at (at most -compact when the target was, at least
 * -limit when the target was); a sum AirBar's arithmetic already keeps in
 * range is unchanged, to the last bit.
 */
double sd_bar_cut_out_state_range(const sd_bar_transform_params *params, void *context);

/** The default chain: ignore top, ignore bottom, cut out state range. */
extern const sd_bar_transformer sd_bar_default_transformers[3];

/* ------------------------------------------------------------------------ */
/* Reducers                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * The default reducer, fused: delta = y - previous_y through the default
 * chain, then offset += delta (kept within the bound, see
 * `sd_bar_cut_out_state_range`). Gives exactly the numbers of running the three
 * transformers one by one through `sd_bar_reduce_chain`. For a state whose
 * height is within [compact, expanded] the new height is too. Rejects a non-finite previous_y or y, geometry or
 * a NULL pointer, leaving `*state` untouched. `config` must be valid.
 */
sd_status sd_bar_reduce(const sd_bar_config *config, const sd_scroll_geometry *geometry,
                        sd_bar_state *state, double previous_y, double y);

/**
 * A reducer over any chain of `count` transformers (count may be 0: the
 * offset then moves by the raw delta). When the last link is
 * `sd_bar_cut_out_state_range`, its delta is added within the bound as the
 * fused reducer adds it. A chain that produces a non-finite offset is
 * rejected (`SD_ERR_NOT_FINITE`) and the state stays as it was.
 */
sd_status sd_bar_reduce_chain(const sd_bar_transformer *chain, size_t count,
                              const sd_bar_config *config, const sd_scroll_geometry *geometry,
                              sd_bar_state *state, double previous_y, double y);

/** A whole custom reducer for C callers: returns the new state. */
typedef sd_bar_state (*sd_bar_reducer_fn)(const sd_bar_transform_params *params, void *context);

/* ------------------------------------------------------------------------ */
/* A bar that tracks the content offset (what a controller keeps)            */
/* ------------------------------------------------------------------------ */

/**
 * A bar with the observation bookkeeping AirBar's controller keeps: the
 * previous content offset, or none yet. 64 bytes, no pointers.
 */
typedef struct sd_bar {
    sd_bar_config config;
    sd_bar_state state;
    double previous_x;
    double previous_y;
    uint32_t has_previous;
    uint32_t reserved;
} sd_bar;

/** Validates `config` and sets up `bar` in the initial state, with no previous offset. */
sd_status sd_bar_init(sd_bar *bar, const sd_bar_config *config, sd_error *err);

/** Forgets the previous content offset (a new scroll view was attached). */
void sd_bar_reset_tracking(sd_bar *bar);

/** What a content-offset change did. */
typedef enum sd_bar_offset_outcome {
    /** The default reducer ran and the state was assigned (report it). */
    SD_BAR_OFFSET_REDUCED = 0,
    /** First offset seen: only recorded as the previous one. */
    SD_BAR_OFFSET_RECORDED = 1,
    /** Equal to the previous offset (x and y): skipped. */
    SD_BAR_OFFSET_SKIPPED = 2,
    /** NaN or infinite offset or geometry: ignored, nothing recorded. */
    SD_BAR_OFFSET_REJECTED = 3
} sd_bar_offset_outcome;

/**
 * One content-offset change through the default reducer, with AirBar's
 * observation rules: equal consecutive offsets are skipped, the first one is
 * only recorded, a non-finite one is rejected and changes nothing.
 */
sd_bar_offset_outcome sd_bar_content_offset_changed(sd_bar *bar, const sd_scroll_geometry *geometry,
                                                    double x, double y);

/**
 * The observation bookkeeping alone, for controllers that run a custom
 * reducer: applies the skip/record/reject rules of
 * `sd_bar_content_offset_changed` to (x, y) and, when the caller must reduce,
 * returns `SD_BAR_OFFSET_REDUCED` with the previous y in `*previous_y` and
 * (x, y) recorded as the new previous offset. The state is not touched.
 */
sd_bar_offset_outcome sd_bar_track_offset(sd_bar *bar, double x, double y, double *previous_y);

/**
 * `count` content offsets y (x unchanged) through
 * `sd_bar_content_offset_changed`, in one call. `heights[i]` receives the
 * bar height after offset i. Offsets that are rejected leave the state as it
 * was and are counted in `*rejected` (may be NULL). Returns `SD_ERR_NULL` or
 * `SD_ERR_NOT_FINITE` (bad geometry) without touching anything; otherwise
 * `SD_OK`, even when some offsets were rejected.
 */
sd_status sd_bar_reduce_batch(sd_bar *bar, const sd_scroll_geometry *geometry,
                              const double *ys, size_t count, double *heights, size_t *rejected);

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

/** `sd_bar_progress` for `count` offsets; `progress` may not alias `offsets`. */
void sd_bar_progress_batch(const sd_bar_config *config, const double *offsets, size_t count,
                           double *progress);

/**
 * The signed distance from `offset` to the nearest of -compact, -normal,
 * -expanded. Ties go to the earlier of those three.
 */
double sd_bar_snap_delta(const sd_bar_config *config, double offset);

/* ------------------------------------------------------------------------ */
/* Step functions and their actions                                          */
/* ------------------------------------------------------------------------ */

/** Bits of `sd_bar_actions.flags`. */
enum {
    /** The state was assigned: report it to the observer (even if unchanged). */
    SD_BAR_ACTION_STATE = 1u << 0,
    /** Set content inset top to `inset_top`. */
    SD_BAR_ACTION_INSET_TOP = 1u << 1,
    /** Set content inset bottom to `inset_bottom`. */
    SD_BAR_ACTION_INSET_BOTTOM = 1u << 2,
    /** Set the scroll indicator inset top to `indicator_top`. */
    SD_BAR_ACTION_INDICATOR_TOP = 1u << 3,
    /** Ask the scroll view to move its content offset to (x, `target_y`), x unchanged. */
    SD_BAR_ACTION_SCROLL = 1u << 4,
    /** The move is animated. */
    SD_BAR_ACTION_ANIMATED = 1u << 5,
    /** Move before setting the insets (expand); otherwise insets come first. */
    SD_BAR_ACTION_SCROLL_FIRST = 1u << 6
};

/**
 * What a step asks the caller to do, in this order: report the state; then
 * (unless SCROLL_FIRST) inset bottom, inset top, indicator top, and the move;
 * with SCROLL_FIRST the move comes before the insets. Fields whose flag is
 * not set are 0. 40 bytes.
 */
typedef struct sd_bar_actions {
    uint32_t flags;
    uint32_t reserved;
    double inset_top;
    double inset_bottom;
    double indicator_top;
    double target_y;
} sd_bar_actions;

/**
 * Pan gesture began with the content offset at `y`. Expanded becomes
 * available if y is within 5 pt of -normal (-normal - 5 <= y <= -normal + 5),
 * or if it was available and y < -normal. Always assigns the state; sets inset top to expanded or normal.
 */
sd_status sd_bar_pan_began(const sd_bar_config *config, sd_bar_state *state, double y,
                           sd_bar_actions *actions);

/**
 * Pan gesture changed with the content offset at `y`: if expanded is
 * available and y > -normal, it turns off (state assigned) and inset top
 * becomes normal. Otherwise nothing happens (flags 0).
 */
sd_status sd_bar_pan_changed(const sd_bar_config *config, sd_bar_state *state, double y,
                             sd_bar_actions *actions);

/**
 * Pan gesture ended with the content offset at `y`: asks for an animated
 * move to y + sd_bar_snap_delta(offset) when that delta is not 0. The state
 * is not assigned. A finite y whose target overflows (|y| near DBL_MAX) is
 * refused with `SD_ERR_RANGE`, actions untouched.
 */
sd_status sd_bar_pan_ended(const sd_bar_config *config, const sd_bar_state *state, double y,
                           sd_bar_actions *actions);

/**
 * Makes a scroll view consistent with the state: inset bottom =
 * max(0, frame_height - compact - content_height); inset top = expanded if
 * offset <= -normal and expanded is available, else normal; indicator top =
 * normal; and, when y <= 0 or (offset < -normal and expanded is available),
 * a move to y = offset, not animated. The state is not assigned. Non-finite
 * input gives `SD_ERR_NOT_FINITE`; finite heights whose inset bottom
 * overflows (near DBL_MAX, opposite signs) give `SD_ERR_RANGE`; either way
 * the actions are left untouched.
 */
sd_status sd_bar_preconfigure(const sd_bar_config *config, const sd_bar_state *state,
                              double frame_height, double content_height, double y,
                              sd_bar_actions *actions);

/**
 * Expand on or off, as AirBar's `expand(on:)`: when on, expanded becomes
 * available (state assigned); then an animated move to -expanded (on) or
 * -normal (off); then inset top = expanded (on) or normal (off). Turning it
 * off leaves availability as it is.
 */
sd_status sd_bar_expand(const sd_bar_config *config, sd_bar_state *state, int on,
                        sd_bar_actions *actions);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_BAR_H */
