/*
 * scrolldrive/refresh.h — a general pull-to-refresh surface: a header that
 * refreshes when the list is pulled down past a threshold and released, and
 * a footer that loads more when the list's end comes near.
 *
 * Behaviour source: MJRefresh's model (MJRefreshHeader,
 * MJRefreshAutoFooter, MJRefreshConst.h), the library UIKit apps use for
 * this, with what its users keep asking for added as options: a minimum
 * refreshing time, and a footer that never fires twice for one approach.
 * The WeChat pull-down panel (pulldown.h) is a different surface with its
 * own machines; the two share the pull distance.
 *
 * Units: points for lengths and offsets, seconds for time. y grows
 * downwards; the scroll view's content offset y is 0 when the content's top
 * is at the scroll view's top.
 *
 * Geometry. The scroll view's content inset at rest is `content_inset_top`
 * I and `content_inset_bottom` B (e.g. a nav bar and a tab bar). The pull
 * distance of a content offset y is d = max(0, -(y + I)).
 *  - Header (`header_height` h, placed above the content at y = -h): while
 *    the finger drags, d > `pull_threshold` makes it PULLING and d back at
 *    or below the threshold makes it IDLE again; a release (an OFFSET event
 *    not dragging) while PULLING starts REFRESHING. Refreshing holds the
 *    inset top at I + h (the header stays visible) and drives the offset to
 *    -(I + h) over `begin_duration`; scrolling the content up while
 *    refreshing lowers the held inset to max(I, min(I + h, -y)) so the
 *    header scrolls away with the content. The app's END_REFRESHING (never
 *    honoured before `min_refreshing_time`, nor before the begin motion is
 *    over) starts DONE: the offset returns to -I over `end_duration` when
 *    the header was visible; then the inset goes back to I and the header
 *    to IDLE.
 *  - Footer (`footer_height` f, placed below the content; the inset bottom
 *    is B + f while the footer is enabled). The end's remaining distance r
 *    = content_height + B + f - (y + viewport_height) is how far the
 *    footer's bottom edge is below the viewport's bottom. The footer is in
 *    its zone when r <= max(`footer_trigger_distance`,
 *    `footer_trigger_fraction` * content_height); entering the zone while
 *    IDLE and armed starts LOADING (once: the footer is disarmed until r
 *    leaves the zone). The app ends the load (END_LOADING, optionally with
 *    no more data), or marks NO_MORE_DATA (the footer then never fires until
 *    RESET_NO_MORE_DATA). The footer does not fire before the first
 *    CONTENT_SIZE event, nor while the header refreshes.
 *
 * Time: the shared rule of common.h (`sd_event_time`,
 * `sd_transition_ended`). Motions are closed-form functions of the time
 * since they started, sampled by the caller's clock: the begin and end
 * motions use UIKit's default ease-in-out (`sd_timing_ease_in_out`), the
 * curve of the UIView animation blocks MJRefresh runs them in.
 */
#ifndef SCROLLDRIVE_REFRESH_H
#define SCROLLDRIVE_REFRESH_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Configuration                                                             */
/* ------------------------------------------------------------------------ */

/** Largest length (points) or duration (seconds) a configuration accepts. */
#define SD_REFRESH_MAX_VALUE 1e6

/** Bits of `sd_refresh_config.options`. */
enum {
    /**
     * Reduced motion (the platform's accessibility setting, which the app
     * passes on): the header's begin and end motions keep their curve and
     * end and last at most SD_REFRESH_REDUCED_MOTION_DURATION (0.25 s ->
     * 0.2 s, 0.4 s -> 0.2 s); the hold before an end counts the short begin.
     * Nothing changes where the finger drives. The frame says so
     * (`reduced_motion`). Apple's Human Interface Guidelines (Motion).
     */
    SD_REFRESH_OPTION_REDUCED_MOTION = 1u << 0
};

/** Every option bit; other bits are rejected. */
#define SD_REFRESH_OPTIONS_ALL 0x1u

/** The longest the header's motions last with SD_REFRESH_OPTION_REDUCED_MOTION (seconds). */
#define SD_REFRESH_REDUCED_MOTION_DURATION 0.2

/**
 * Every number of the surface and its options. 104 bytes. Lengths in points (finite, >= 0,
 * at most SD_REFRESH_MAX_VALUE), durations in seconds (same rule).
 *  - content_inset_top, content_inset_bottom: I and B, the insets at rest;
 *  - viewport_height: the scroll view's height (> 0);
 *  - header_height: h (> 0), what refreshing adds to the inset top;
 *  - pull_threshold: a release with d > this refreshes (> 0);
 *  - begin_duration, end_duration: the header's begin and end motions;
 *  - min_refreshing_time: END_REFRESHING takes effect this long after
 *    refreshing began at the earliest;
 *  - footer_height: f;
 *  - footer_trigger_distance: the zone's depth in points;
 *  - footer_trigger_fraction: the zone's depth as a fraction of the content
 *    height, in [0, 1];
 *  - header_enabled, footer_enabled: 0 or 1;
 *  - options: SD_REFRESH_OPTION_* bits; reserved: 0.
 */
typedef struct sd_refresh_config {
    double content_inset_top;
    double content_inset_bottom;
    double viewport_height;
    double header_height;
    double pull_threshold;
    double begin_duration;
    double end_duration;
    double min_refreshing_time;
    double footer_height;
    double footer_trigger_distance;
    double footer_trigger_fraction;
    uint32_t header_enabled;
    uint32_t footer_enabled;
    /** SD_REFRESH_OPTION_* bits [0]. */
    uint32_t options;
    uint32_t reserved; /* 0 */
} sd_refresh_config;

/**
 * MJRefresh's numbers: header 54 points (MJRefreshHeaderHeight) with the
 * threshold at the same 54, footer 44 (MJRefreshFooterHeight) firing when
 * it is wholly visible (trigger distance 0, fraction 0:
 * triggerAutomaticallyRefreshPercent 1), begin 0.25 s
 * (MJRefreshFastAnimationDuration), end 0.4 s (MJRefreshSlowAnimationDuration),
 * no minimum refreshing time; insets 0, viewport 667 (a 4.7-inch iPhone);
 * header and footer enabled.
 */
sd_refresh_config sd_refresh_config_mjrefresh(void);

/**
 * Checks every rule above; the first field that breaks one is reported
 * (SD_ERR_NULL, SD_ERR_NOT_FINITE, SD_ERR_NEGATIVE, SD_ERR_RANGE).
 */
sd_status sd_refresh_config_validate(const sd_refresh_config *config, sd_error *err);

/** The pull distance d = max(0, -(y + content_inset_top)) of offset y (never -0). SD_ERR_NULL / SD_ERR_NOT_FINITE. */
sd_status sd_refresh_pull_distance(const sd_refresh_config *config, double content_offset, double *out);

/* ------------------------------------------------------------------------ */
/* States, events, actions                                                   */
/* ------------------------------------------------------------------------ */

/** The header's states. */
typedef enum sd_refresh_header_state {
    /** At rest, or dragged without the release condition. */
    SD_REFRESH_HEADER_IDLE = 0,
    /** Releasing now would refresh. */
    SD_REFRESH_HEADER_PULLING = 1,
    /** Refreshing: the inset is held, the app works. */
    SD_REFRESH_HEADER_REFRESHING = 2,
    /** The app ended the refresh; the header is returning (end_duration). */
    SD_REFRESH_HEADER_DONE = 3
} sd_refresh_header_state;

/** The footer's states. */
typedef enum sd_refresh_footer_state {
    SD_REFRESH_FOOTER_IDLE = 0,
    /** Loading more; the app ends it with END_LOADING. */
    SD_REFRESH_FOOTER_LOADING = 1,
    /** Everything is loaded: the footer does not fire until RESET_NO_MORE_DATA. */
    SD_REFRESH_FOOTER_NO_MORE_DATA = 2
} sd_refresh_footer_state;

/** The header's timed motions. */
typedef enum sd_refresh_transition {
    SD_REFRESH_TRANSITION_NONE = 0,
    /** Refreshing began: the offset goes to -(I + h) over begin_duration. */
    SD_REFRESH_TRANSITION_BEGIN = 1,
    /** Refreshing ended (DONE): the offset returns over end_duration. */
    SD_REFRESH_TRANSITION_END = 2
} sd_refresh_transition;

/** Bit of a transition in `sd_refresh_actions.started/finished`. */
#define SD_REFRESH_TRANSITION_BIT(kind) (1u << (unsigned)(kind))

/** What happened. */
typedef enum sd_refresh_event_type {
    /** The content offset changed to `value` (finite); `flag`: the finger drags it. */
    SD_REFRESH_EVENT_OFFSET = 0,
    /** The content height changed to `value` (finite, >= 0, at most SD_REFRESH_MAX_VALUE). */
    SD_REFRESH_EVENT_CONTENT_SIZE = 1,
    /** The app begins a refresh (header IDLE or PULLING, header enabled). */
    SD_REFRESH_EVENT_BEGIN_REFRESHING = 2,
    /** The app's refresh is over (header REFRESHING, not already ended). */
    SD_REFRESH_EVENT_END_REFRESHING = 3,
    /** The app's load is over (footer LOADING); `flag`: no more data. */
    SD_REFRESH_EVENT_END_LOADING = 4,
    /** Everything is loaded (footer IDLE or LOADING). */
    SD_REFRESH_EVENT_NO_MORE_DATA = 5,
    /** More data may come again (footer NO_MORE_DATA). */
    SD_REFRESH_EVENT_RESET_NO_MORE_DATA = 6,
    /** A frame of the caller's clock: finishes due transitions. */
    SD_REFRESH_EVENT_FRAME = 7
} sd_refresh_event_type;

/**
 * One event. 24 bytes. `time`: absolute, seconds, finite and >= 0 (earlier
 * than the clock counts at the clock). `value` and `flag` as the type says;
 * unused fields are ignored (the constructors set them 0).
 */
typedef struct sd_refresh_event {
    uint32_t type;
    uint32_t flag;
    double time;
    double value;
} sd_refresh_event;

SD_INLINE sd_refresh_event sd_refresh_event_make_(double time, sd_refresh_event_type type, double value, int flag) {
    sd_refresh_event e = { (uint32_t)type, flag ? 1u : 0u, time, value };
    return e;
}
SD_INLINE sd_refresh_event sd_refresh_event_offset(double time, double offset, int dragging) {
    return sd_refresh_event_make_(time, SD_REFRESH_EVENT_OFFSET, offset, dragging);
}
SD_INLINE sd_refresh_event sd_refresh_event_content_size(double time, double content_height) {
    return sd_refresh_event_make_(time, SD_REFRESH_EVENT_CONTENT_SIZE, content_height, 0);
}
SD_INLINE sd_refresh_event sd_refresh_event_begin_refreshing(double time) {
    return sd_refresh_event_make_(time, SD_REFRESH_EVENT_BEGIN_REFRESHING, 0.0, 0);
}
SD_INLINE sd_refresh_event sd_refresh_event_end_refreshing(double time) {
    return sd_refresh_event_make_(time, SD_REFRESH_EVENT_END_REFRESHING, 0.0, 0);
}
SD_INLINE sd_refresh_event sd_refresh_event_end_loading(double time, int no_more_data) {
    return sd_refresh_event_make_(time, SD_REFRESH_EVENT_END_LOADING, 0.0, no_more_data);
}
SD_INLINE sd_refresh_event sd_refresh_event_no_more_data(double time) {
    return sd_refresh_event_make_(time, SD_REFRESH_EVENT_NO_MORE_DATA, 0.0, 0);
}
SD_INLINE sd_refresh_event sd_refresh_event_reset_no_more_data(double time) {
    return sd_refresh_event_make_(time, SD_REFRESH_EVENT_RESET_NO_MORE_DATA, 0.0, 0);
}
SD_INLINE sd_refresh_event sd_refresh_event_frame(double time) {
    return sd_refresh_event_make_(time, SD_REFRESH_EVENT_FRAME, 0.0, 0);
}

/** Bits of `sd_refresh_actions.flags`. */
enum {
    /** The header's state changed. */
    SD_REFRESH_ACTION_HEADER_STATE = 1u << 0,
    /** The footer's state changed. */
    SD_REFRESH_ACTION_FOOTER_STATE = 1u << 1,
    /** Set the scroll view's content inset top to `inset_top` (not animated). */
    SD_REFRESH_ACTION_SET_INSET_TOP = 1u << 2,
    /** Start the app's refresh work (then END_REFRESHING): when the begin
     *  motion ends (begin_duration after the release or BEGIN_REFRESHING, in
     *  the step that finishes it; in the same step when begin_duration is
     *  0), as MJRefresh calls its refreshing block in the header's begin
     *  animation's completion. */
    SD_REFRESH_ACTION_REFRESH = 1u << 3,
    /** The footer fired: start loading more (then END_LOADING). */
    SD_REFRESH_ACTION_LOAD = 1u << 4,
    /** Transitions started (bits in `started`); while one runs the frame drives the offset. */
    SD_REFRESH_ACTION_START_TRANSITION = 1u << 5,
    /** Transitions that ended (bits in `finished`). */
    SD_REFRESH_ACTION_FINISH_TRANSITION = 1u << 6,
    /** Set the content offset to `offset` (not animated): where a finished
     *  transition ends, exactly, whatever frame the caller last applied. */
    SD_REFRESH_ACTION_SET_OFFSET = 1u << 7
};

/**
 * What a step asks the caller to do. 32 bytes; fields whose flag is not set
 * are 0. Perform SET_INSET_TOP, then SET_OFFSET, then apply the frame (its
 * offset when driven); REFRESH and LOAD start the app's work; the rest is
 * information.
 */
typedef struct sd_refresh_actions {
    uint32_t flags;
    uint32_t started;
    uint32_t finished;
    uint32_t reserved; /* 0 */
    double inset_top;
    double offset;
} sd_refresh_actions;

/* ------------------------------------------------------------------------ */
/* The surface                                                               */
/* ------------------------------------------------------------------------ */

/**
 * The header's machine. 48 bytes.
 *  - from_offset: the content offset the running transition started from;
 *  - held_inset: the inset top while REFRESHING or DONE (I otherwise);
 *  - refresh_start: when refreshing began (seconds);
 *  - transition_start: when the running transition began;
 *  - state (sd_refresh_header_state), transition (sd_refresh_transition);
 *  - end_requested: END_REFRESHING came before the minimum time: the end
 *    starts at refresh_start + max(min_refreshing_time, begin_duration).
 */
typedef struct sd_refresh_header {
    double from_offset;
    double held_inset;
    double refresh_start;
    double transition_start;
    uint32_t state;
    uint32_t transition;
    uint32_t end_requested;
    uint32_t reserved; /* 0 */
} sd_refresh_header;

/**
 * The footer's machine. 16 bytes. state (sd_refresh_footer_state); armed:
 * it may fire on entering the zone (cleared when it fires, set again when r
 * leaves the zone); content_known: a CONTENT_SIZE event came.
 */
typedef struct sd_refresh_footer {
    uint32_t state;
    uint32_t armed;
    uint32_t content_known;
    uint32_t reserved; /* 0 */
} sd_refresh_footer;

/**
 * One refresh surface: its validated configuration, the latest content
 * offset, content height and dragging flag, the two machines and the clock
 * `time`. A plain value of 200 bytes, no pointers. Change it only through
 * the four verbs.
 */
typedef struct sd_refresh {
    sd_refresh_config config;
    double offset;
    double content_height;
    uint32_t dragging;
    uint32_t reserved; /* 0 */
    sd_refresh_header header;
    sd_refresh_footer footer;
    double time;
} sd_refresh;

/**
 * What a view applies at a time. 96 bytes.
 *  - header_state, footer_state, transition: at that time (a transition
 *    due by then has ended, a deferred end has started);
 *  - offset_driven: 1 while a transition drives the content offset: set it
 *    to `content_offset`;
 *  - pull_distance: d of the offset shown; progress: the header's 0...1
 *    (min(1, d / pull_threshold) while IDLE or PULLING, 1 while
 *    REFRESHING, easing to 0 while DONE), for an arrow or a spinner;
 *  - header_top: the header view's y in content coordinates (-h);
 *    header_visible: how much of it shows, min(h, d);
 *  - inset_top, inset_bottom: the content insets the scroll view has;
 *  - content_offset: the offset shown (the latest, or the driven one);
 *  - footer_top: the footer view's y in content coordinates (the content
 *    height); remaining: the end's remaining distance r at that offset;
 *  - reduced_motion: 1 with SD_REFRESH_OPTION_REDUCED_MOTION (the motions
 *    are the short ones).
 */
typedef struct sd_refresh_frame {
    uint32_t header_state;
    uint32_t footer_state;
    uint32_t transition;
    uint32_t offset_driven;
    double pull_distance;
    double progress;
    double header_top;
    double header_visible;
    double inset_top;
    double inset_bottom;
    double content_offset;
    double footer_top;
    double remaining;
    uint32_t reduced_motion;
    uint32_t reserved; /* 0 */
} sd_refresh_frame;

/**
 * Validates `config` and puts the surface at rest: offset -I, content
 * height 0 (unknown), header IDLE, footer IDLE and armed, clock 0. Writes
 * `*refresh` only on success.
 */
sd_status sd_refresh_init(sd_refresh *refresh, const sd_refresh_config *config, sd_error *err);

/**
 * One event. Its time counts as `sd_event_time(refresh->time, event->time)`;
 * due transitions end first, and a transition the event starts ends in the
 * same step when its duration is 0. On success commits the new state, writes
 * `*actions` and returns SD_OK. Rejects (nothing written, `err` names the
 * field and rule): NULL pointers; an unknown type; a non-finite or negative
 * time; a non-finite offset; a content height that is not finite, negative
 * or above SD_REFRESH_MAX_VALUE; and with SD_ERR_STATE an app event the
 * machine's state does not allow (see the event types).
 */
sd_status sd_refresh_step(sd_refresh *refresh, const sd_refresh_event *event, sd_refresh_actions *actions,
                          sd_error *err);

/**
 * The frame at `time` (a time before the clock counts as the clock): a pure
 * function of the struct and the time. SD_ERR_NULL, SD_ERR_NOT_FINITE.
 */
sd_status sd_refresh_frame_at(const sd_refresh *refresh, double time, sd_refresh_frame *frame);

/**
 * Whether a view showing the surface needs frames at `time` (a time before
 * the clock counts as the clock): the header's begin or end motion runs, or
 * an end the app asked for waits for the minimum refreshing time (it starts
 * at a later frame). Otherwise every frame from `time` on is the same until
 * the next event. 0 for a NULL surface or a non-finite time.
 */
int sd_refresh_needs_frames(const sd_refresh *refresh, double time);

/**
 * New numbers, the state kept; a held inset (REFRESHING, DONE) is clamped
 * into the new [I, I + h] at once. Rejected like `sd_refresh_config_validate`;
 * nothing changes then.
 */
sd_status sd_refresh_reconfigure(sd_refresh *refresh, const sd_refresh_config *config, sd_error *err);

/**
 * Checks a whole refresh surface, configuration and state together, as a
 * restored one must be before it is stepped: the configuration as
 * sd_refresh_config_validate (its report), then the state, `SD_ERR_STATE`
 * naming the field for anything the machines cannot reach: a header state,
 * footer state or transition outside its enum; a flag (dragging,
 * end_requested, armed, content_known) other than 0 or 1; a reserved field
 * not 0; an offset, content height, inset, start time or clock not finite;
 * a negative clock or content height; a refresh or transition start after
 * the clock (beyond SD_TIME_TOLERANCE); a BEGIN transition other than while
 * REFRESHING, an END one other than while DONE, a requested end other than
 * while REFRESHING. `SD_ERR_NULL` (field "refresh"). Every state the verbs
 * reach passes (fuzz_refresh checks it). Writes nothing but `err`.
 */
sd_status sd_refresh_validate(const sd_refresh *refresh, sd_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_REFRESH_H */
