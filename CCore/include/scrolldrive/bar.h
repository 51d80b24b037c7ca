/*
 * scrolldrive/bar.h — the 3-state expandable bar (compact / normal /
 * expanded) driven by a scroll view's content offset, with the arithmetic of
 * the AirBar library (described in the article "Expandable bar ... Airbnb")
 * reproduced to the last bit.
 *
 * The bar's state is an `offset`, the negated bar height: scrolling the
 * content down (y grows) makes the offset grow towards -compact, scrolling up
 * makes it shrink towards -normal, or -expanded when the expanded state is
 * available.
 *
 * The surface is one plain struct, `sd_bar`, changed only by four verbs:
 * `sd_bar_init`, `sd_bar_step` (one event in, `sd_bar_actions` out: what the
 * caller must do to the scroll view), `sd_bar_frame_at` (what a view shows)
 * and `sd_bar_reconfigure`. The per-offset functions (transformers,
 * reducers, progress, snapping) are pure and usable on their own; they,
 * the configuration and the state are in scrolldrive/bar_values.h
 * (included here).
 */
#ifndef SCROLLDRIVE_BAR_H
#define SCROLLDRIVE_BAR_H

#include "common.h"
#include "bar_values.h"

#ifdef __cplusplus
extern "C" {
#endif
/* ------------------------------------------------------------------------ */
/* The surface: one struct, four verbs                                       */
/* ------------------------------------------------------------------------ */

/**
 * What the bar remembers of its scroll view to apply AirBar's observation
 * rules: the previous content offset (when `has_previous`) and the previous
 * content size and frame height (when `has_content_size`), in points; and
 * the content offset y at the last PAN_BEGAN (0 before any), for
 * SD_BAR_POLICY_SNAP_DIRECTION. 56 bytes.
 */
typedef struct sd_bar_tracking {
    double previous_x;
    double previous_y;
    double content_width;
    double content_height;
    double frame_height;
    double pan_y;
    uint32_t has_previous;
    uint32_t has_content_size;
} sd_bar_tracking;

/**
 * The bar: its validated configuration, its state, the tracking above and
 * its clock `time` (seconds, the latest accepted event time). No pointers;
 * copy it freely. Change it only through `sd_bar_init`, `sd_bar_step`,
 * `sd_bar_reconfigure` (and `sd_bar_reduce_batch`). 120 bytes.
 */
typedef struct sd_bar {
    sd_bar_config config;
    sd_bar_state state;
    sd_bar_tracking tracking;
    double time;
} sd_bar;

/**
 * Validates `config` (as `sd_bar_config_validate`, `err` naming the field
 * and rule) and puts the bar at rest: offset -normal, expanded not
 * available, nothing tracked, clock 0. `*bar` is written only on success.
 * `SD_ERR_NULL` for a NULL bar or config.
 */
sd_status sd_bar_init(sd_bar *bar, const sd_bar_config *config, sd_error *err);

/** The events `sd_bar_step` takes, in `sd_bar_event.type`. */
typedef enum sd_bar_event_type {
    /** The clock moves to `time`; nothing else changes (flags 0). */
    SD_BAR_EVENT_FRAME = 0,
    /**
     * The content offset is (x, y) with the scroll view's `geometry`: the
     * fused default reducer with AirBar's observation rules. The first offset
     * after init or ATTACH is only recorded; one equal to the previous (x and
     * y) is skipped; otherwise the offset is reduced from the previous y and
     * recorded, and STATE is set. A non-finite x, y or geometry is rejected
     * (`SD_ERR_NOT_FINITE`, field "x", "y" or the geometry's field): nothing
     * is recorded.
     */
    SD_BAR_EVENT_OFFSET = 1,
    /**
     * The content size is (content_width, content_height); `frame_height`
     * and `y` are the scroll view's frame height and content offset y. When
     * the content size or the frame height differs from the previous one
     * (the first always does), both are recorded and the actions are those
     * of PRECONFIGURE; otherwise flags are 0. A layout pass reports the
     * content size whether or not it changed (UIKit's key-value observation
     * does), so a resize of the scroll view alone (a rotation, split view)
     * runs AirBar's rules again with the new frame height. Every field must
     * be finite (`SD_ERR_NOT_FINITE`); an overflowing inset bottom is
     * rejected as PRECONFIGURE rejects it.
     */
    SD_BAR_EVENT_CONTENT_SIZE = 2,
    /**
     * The pan gesture began with the content offset at `y` (recorded as
     * tracking.pan_y). Expanded becomes
     * available if y is within 5 pt of -normal (-normal - 5 <= y <= -normal +
     * 5), or if it was available and y < -normal. Flags STATE and INSET_TOP
     * (expanded or normal).
     */
    SD_BAR_EVENT_PAN_BEGAN = 3,
    /**
     * The pan gesture changed with the content offset at `y`: if expanded is
     * available and y > -normal it turns off (STATE, INSET_TOP = normal);
     * otherwise flags 0. With SD_BAR_POLICY_EXPAND_AT_TOP, if expanded is
     * not available and y <= -normal it becomes available (STATE, INSET_TOP
     * = expanded).
     */
    SD_BAR_EVENT_PAN_CHANGED = 4,
    /**
     * The pan gesture ended with the content offset at `y`: SCROLL|ANIMATED
     * (|REDUCED_MOTION with SD_BAR_POLICY_REDUCED_MOTION)
     * to y + sd_bar_snap_delta(offset) when that delta is not 0, else flags
     * 0 (the delta by the direction with SD_BAR_POLICY_SNAP_DIRECTION; always
     * flags 0 with SD_BAR_POLICY_NO_SNAP). A finite y whose target overflows
     * is rejected (`SD_ERR_RANGE`).
     */
    SD_BAR_EVENT_PAN_ENDED = 5,
    /**
     * AirBar's `expand(on:)`, `on` non-zero to expand: on makes expanded
     * available (STATE); then SCROLL_FIRST|SCROLL|ANIMATED (|REDUCED_MOTION with
     * SD_BAR_POLICY_REDUCED_MOTION) to -expanded (on)
     * or -normal (off), then INSET_TOP = expanded (on) or normal (off).
     * Off leaves availability as it is.
     */
    SD_BAR_EVENT_EXPAND = 6,
    /**
     * Makes a scroll view (frame_height, content_height, content offset y)
     * consistent with the state, changing nothing but the clock: INSET_BOTTOM
     * = max(0, frame_height - compact - content_height), INSET_TOP = expanded
     * if offset <= -normal and expanded is available, else normal,
     * INDICATOR_TOP = normal, and SCROLL (not animated) to y = offset when
     * y <= 0 or (offset < -normal and expanded is available). Non-finite
     * fields give `SD_ERR_NOT_FINITE`; finite heights whose inset bottom
     * overflows give `SD_ERR_RANGE`.
     */
    SD_BAR_EVENT_PRECONFIGURE = 7,
    /** A new scroll view is attached: the tracking is forgotten (flags 0). */
    SD_BAR_EVENT_ATTACH = 8,
    /**
     * For custom reducers: OFFSET's observation rules on (x, y) without
     * reducing. When the caller must reduce, the offset is recorded and the
     * actions carry REDUCE with the previous offset (previous_x, previous_y);
     * the caller computes a state and sends it with ASSIGN.
     */
    SD_BAR_EVENT_TRACK = 9,
    /**
     * For custom reducers: the state becomes `state` as given (STATE). The
     * offset must be finite (`SD_ERR_NOT_FINITE`, field "offset") and
     * expanded_available 0 or 1 (`SD_ERR_RANGE`). The height is not limited
     * to [compact, expanded]: like AirBar, the bar takes a custom reducer's
     * result as it is (the built-in chain keeps it in range, see
     * `sd_bar_reduce_chain`).
     */
    SD_BAR_EVENT_ASSIGN = 10
} sd_bar_event_type;

/**
 * One event for `sd_bar_step`: its `type` (`sd_bar_event_type`), its `time`
 * (seconds, finite and >= 0; an event earlier than the bar's clock counts
 * as happening at the clock, `sd_event_time`), and the payload fields its
 * type reads (the others are ignored; the constructors set them to 0).
 * Lengths in points. 104 bytes.
 */
typedef struct sd_bar_event {
    uint32_t type;
    uint32_t on;                 /* EXPAND */
    double time;
    double x;                    /* OFFSET, TRACK */
    double y;                    /* OFFSET, TRACK, CONTENT_SIZE, PAN_*, PRECONFIGURE */
    double content_width;        /* CONTENT_SIZE */
    double content_height;       /* CONTENT_SIZE, PRECONFIGURE */
    double frame_height;         /* CONTENT_SIZE, PRECONFIGURE */
    sd_scroll_geometry geometry; /* OFFSET */
    sd_bar_state state;          /* ASSIGN */
} sd_bar_event;

SD_INLINE sd_bar_event sd_bar_event__make(uint32_t type, double time) {
    sd_bar_event e;
    e.type = type;
    e.on = 0;
    e.time = time;
    e.x = 0;
    e.y = 0;
    e.content_width = 0;
    e.content_height = 0;
    e.frame_height = 0;
    e.geometry.inset_top = 0;
    e.geometry.inset_bottom = 0;
    e.geometry.content_height = 0;
    e.geometry.frame_height = 0;
    e.state.offset = 0;
    e.state.expanded_available = 0;
    e.state.reserved = 0;
    return e;
}

SD_INLINE sd_bar_event sd_bar_event__at_y(uint32_t type, double time, double y) {
    sd_bar_event e = sd_bar_event__make(type, time);
    e.y = y;
    return e;
}

/** FRAME at `time`. */
SD_INLINE sd_bar_event sd_bar_event_frame(double time) { return sd_bar_event__make(SD_BAR_EVENT_FRAME, time); }

/** OFFSET (x, y) at `time`, with the scroll view's geometry. */
SD_INLINE sd_bar_event sd_bar_event_offset(double time, double x, double y, sd_scroll_geometry geometry) {
    sd_bar_event e = sd_bar_event__make(SD_BAR_EVENT_OFFSET, time);
    e.x = x;
    e.y = y;
    e.geometry = geometry;
    return e;
}

/** CONTENT_SIZE (width, height) at `time`, with the frame height and content offset y. */
SD_INLINE sd_bar_event sd_bar_event_content_size(double time, double width, double height, double frame_height,
                                                 double y) {
    sd_bar_event e = sd_bar_event__make(SD_BAR_EVENT_CONTENT_SIZE, time);
    e.content_width = width;
    e.content_height = height;
    e.frame_height = frame_height;
    e.y = y;
    return e;
}

/** PAN_BEGAN with the content offset at y. */
SD_INLINE sd_bar_event sd_bar_event_pan_began(double time, double y) {
    return sd_bar_event__at_y(SD_BAR_EVENT_PAN_BEGAN, time, y);
}

/** PAN_CHANGED with the content offset at y. */
SD_INLINE sd_bar_event sd_bar_event_pan_changed(double time, double y) {
    return sd_bar_event__at_y(SD_BAR_EVENT_PAN_CHANGED, time, y);
}

/** PAN_ENDED with the content offset at y. */
SD_INLINE sd_bar_event sd_bar_event_pan_ended(double time, double y) {
    return sd_bar_event__at_y(SD_BAR_EVENT_PAN_ENDED, time, y);
}

/** EXPAND on (non-zero) or off. */
SD_INLINE sd_bar_event sd_bar_event_expand(double time, int on) {
    sd_bar_event e = sd_bar_event__make(SD_BAR_EVENT_EXPAND, time);
    e.on = on ? 1u : 0u;
    return e;
}

/** PRECONFIGURE a scroll view of `frame_height` and `content_height` at content offset y. */
SD_INLINE sd_bar_event sd_bar_event_preconfigure(double time, double frame_height, double content_height,
                                                 double y) {
    sd_bar_event e = sd_bar_event__make(SD_BAR_EVENT_PRECONFIGURE, time);
    e.frame_height = frame_height;
    e.content_height = content_height;
    e.y = y;
    return e;
}

/** ATTACH a new scroll view. */
SD_INLINE sd_bar_event sd_bar_event_attach(double time) { return sd_bar_event__make(SD_BAR_EVENT_ATTACH, time); }

/** TRACK the content offset (x, y) for a custom reducer. */
SD_INLINE sd_bar_event sd_bar_event_track(double time, double x, double y) {
    sd_bar_event e = sd_bar_event__make(SD_BAR_EVENT_TRACK, time);
    e.x = x;
    e.y = y;
    return e;
}

/** ASSIGN a custom reducer's `state`. */
SD_INLINE sd_bar_event sd_bar_event_assign(double time, sd_bar_state state) {
    sd_bar_event e = sd_bar_event__make(SD_BAR_EVENT_ASSIGN, time);
    e.state = state;
    return e;
}

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
    /** Move before setting the insets (EXPAND); otherwise insets come first. */
    SD_BAR_ACTION_SCROLL_FIRST = 1u << 6,
    /** TRACK: run the custom reducer from (previous_x, previous_y) to the event's offset. */
    SD_BAR_ACTION_REDUCE = 1u << 7,
    /** With ANIMATED (SD_BAR_POLICY_REDUCED_MOTION): animate the move as reduced motion's short ease-out
     *  (SD_SCROLL_SHORT_ANIMATION_DURATION, UIKit's ease-out) instead of UIKit's default animation. */
    SD_BAR_ACTION_REDUCED_MOTION = 1u << 8
};

/**
 * What a step asks the caller to do, in this order: reduce (REDUCE, custom
 * reducers only); report the state (STATE); then, unless SCROLL_FIRST, inset
 * bottom, inset top, indicator top, and the move; with SCROLL_FIRST the move
 * comes before the insets. Fields whose flag is not set are 0. 56 bytes.
 */
typedef struct sd_bar_actions {
    uint32_t flags;
    uint32_t reserved;
    double inset_top;
    double inset_bottom;
    double indicator_top;
    double target_y;
    double previous_x; /* REDUCE */
    double previous_y; /* REDUCE */
} sd_bar_actions;

/**
 * One event. On success the bar's clock becomes sd_event_time(clock,
 * event->time), the event takes effect as its type documents, `*actions`
 * is written and `err` (may be NULL) is set to SD_OK. On rejection nothing
 * changes: `*bar` and `*actions` stay bit for bit as they were and `err`
 * names the field and rule. Rejections: `SD_ERR_NULL` (bar, event or
 * actions), a non-finite time (`SD_ERR_NOT_FINITE`) or a negative one
 * (`SD_ERR_RANGE`), field "time"; an unknown type (`SD_ERR_RANGE`, "type");
 * and the type's own rules above. No allocation; calls nothing through a
 * pointer.
 */
sd_status sd_bar_step(sd_bar *bar, const sd_bar_event *event, sd_bar_actions *actions, sd_error *err);

/**
 * A content-offset report without building an event: exactly what
 * sd_bar_step does with sd_bar_event_offset(0, x, y, *geometry) (the
 * clock stays), for callers that report every frame (BarController's
 * scroll views). `*flags` becomes SD_BAR_ACTION_STATE when the state was
 * assigned, else 0 (an OFFSET step asks for nothing else). Rejections, with
 * nothing changed and `*flags` not written: `SD_ERR_NULL` (bar, geometry or
 * flags) and the OFFSET event's rules (a non-finite x or y, invalid
 * geometry). No allocation.
 */
sd_status sd_bar_report_offset(sd_bar *bar, double x, double y, const sd_scroll_geometry *geometry, uint32_t *flags,
                               sd_error *err);

/**
 * A pan report without building an event: exactly what sd_bar_step does
 * with sd_bar_event_pan_began / _changed / _ended(bar->time, y) (at the
 * clock, which stays), for callers that report every frame of a drag
 * (BarController's scroll views, the simulated bar). `type` is
 * SD_BAR_EVENT_PAN_BEGAN, SD_BAR_EVENT_PAN_CHANGED or SD_BAR_EVENT_PAN_ENDED.
 * On success `*actions` is the step's. Rejections, with nothing changed
 * and `*actions` not written: `SD_ERR_NULL` (bar or actions), another
 * `type` (`SD_ERR_RANGE`, field "type") and the pan events' rule (a
 * non-finite y, `SD_ERR_NOT_FINITE`, field "y"). No allocation.
 */
sd_status sd_bar_report_pan(sd_bar *bar, uint32_t type, double y, sd_bar_actions *actions, sd_error *err);

/**
 * Everything a view applies, at one time. `time` is the later of the bar's
 * clock and the time asked for; `offset` (-height), `height`, `progress`
 * (0...2, `sd_bar_progress`), `range` (`sd_bar_range`) and
 * `expanded_available` (0 or 1) are the state's; `title_scale`,
 * `large_title_alpha` and `inline_title_alpha` are `sd_bar_large_title`'s
 * for the offset; `reduced_motion` is 1 with SD_BAR_POLICY_REDUCED_MOTION
 * (the bar's animated moves are the short ones). 72 bytes.
 */
typedef struct sd_bar_frame {
    double time;
    double offset;
    double height;
    double progress;
    uint32_t range;
    uint32_t expanded_available;
    double title_scale;
    double large_title_alpha;
    double inline_title_alpha;
    uint32_t reduced_motion;
    uint32_t reserved; /* 0 */
} sd_bar_frame;

/**
 * The frame at `time` (seconds): a pure function of `*bar` and `time` (the
 * bar has no timed motion of its own, so every time at or after the clock
 * shows the same state). `SD_ERR_NULL` or `SD_ERR_NOT_FINITE` (time) leave
 * `*frame` unwritten.
 */
sd_status sd_bar_frame_at(const sd_bar *bar, double time, sd_bar_frame *frame);

/**
 * New heights (a resize, a rotation), validated as `sd_bar_config_validate`;
 * the state, tracking and clock are kept, except that an offset outside the
 * new [-expanded, -compact] is clamped to it (a height above the new
 * expanded becomes expanded, one below the new compact becomes compact), so
 * the frame shows a height the new configuration allows. Availability is
 * kept. Rejected (`SD_ERR_NULL` or the validator's report): nothing changes.
 */
sd_status sd_bar_reconfigure(sd_bar *bar, const sd_bar_config *config, sd_error *err);

/**
 * Checks a whole bar, configuration and state together, as a restored one
 * must be before it is stepped: the configuration as sd_bar_config_validate
 * (its report), then `SD_ERR_STATE` naming the field for anything the bar
 * cannot reach: an offset that is not finite or whose height (-offset) is
 * outside compact ... expanded ("state.offset"); expanded_available or a
 * tracking flag other than 0 or 1; a reserved field not 0; a tracked offset,
 * content size or pan offset not finite ("tracking.<name>"); a clock that
 * is not finite or negative ("time"). `SD_ERR_NULL` (field "bar"). Every
 * state the verbs reach passes (fuzz_bar checks it). Writes nothing but
 * `err`.
 */
sd_status sd_bar_validate(const sd_bar *bar, sd_error *err);

/* ------------------------------------------------------------------------ */
/* Batches                                                                   */
/* ------------------------------------------------------------------------ */

/**
 * `count` content offsets y (x unchanged) through the OFFSET rules in one
 * call, far faster than one `sd_bar_step` each and bit for bit the same
 * heights (the clock does not move). `heights[i]` receives the bar height
 * after offset i. A non-finite y is rejected alone: it leaves the state as
 * it was and is counted in `*rejected` (may be NULL). Returns `SD_ERR_NULL`
 * (field "bar", "geometry", "ys" or "heights") or `SD_ERR_NOT_FINITE` (the
 * geometry's field) without writing anything; otherwise `SD_OK`, also when
 * some offsets were rejected.
 */
sd_status sd_bar_reduce_batch(sd_bar *bar, const sd_scroll_geometry *geometry, const double *ys, size_t count,
                              double *heights, size_t *rejected, sd_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_BAR_H */
