/*
 * scrolldrive/pulldown.h — WeChat's pull-down mini-program panel: the chat
 * list is pulled down past a critical point and released, a panel of
 * mini-programs opens over the whole screen; pulling the panel up and
 * releasing closes it again.
 *
 * Behaviour source: the WeChat pull-down mini-program article (a
 * reproduction of WeChat's panel, with its code). The API has two layers:
 *
 *  1. The configuration and the pure per-offset functions
 *     (scrolldrive/pulldown_values.h, included here): three-ball indicator,
 *     panel reveal before release, nav bar colour, pull-up mirror values, the
 *     slow return curve, each with a struct-of-arrays batch version.
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
#include "pulldown_values.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * of 400 bytes, no pointers: copy it, compare it with memcmp. Change it only
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
 * Everything a view applies in one frame. 280 bytes, no pointers.
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
 *  - reduced_motion: 1 with SD_PULLDOWN_OPTION_REDUCED_MOTION (the
 *    transitions are the short ones).
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
    uint32_t reduced_motion;
    uint32_t reserved; /* 0 */
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
 * Whether a view showing the surface needs frames: a transition of the list
 * or the panel has not been ended by a FRAME event yet (its end, and what
 * it does then, come with the FRAME at or after its end time), or a haptic
 * is still to show in a frame or to be cleared from one. Otherwise every
 * FRAME changes nothing until the next event. 0 for NULL.
 */
int sd_pulldown_needs_frames(const sd_pulldown *pulldown);

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

/**
 * Checks a whole pull-down surface, configuration and state together, as a
 * restored one must be before it is stepped: the configuration as
 * sd_pulldown_config_validate (its report), then `SD_ERR_STATE` naming the
 * field ("list.<name>", "panel.<name>", "applets.<name>", "time") for
 * anything the machines cannot reach: a phase or transition outside its
 * enum (the list never runs the panel's RETURN or CLOSE, the panel never the
 * list's OPEN or RESTORE); a flag other than 0 or 1; a reserved field not 0;
 * an offset, start time or clock not finite; a negative clock; a transition
 * start after the clock; a lock without a locking transition running, or a
 * locking transition without its lock. `SD_ERR_NULL` (field "pulldown").
 * Every state the verbs reach passes (fuzz_pulldown checks it). Writes
 * nothing but `err`.
 */
sd_status sd_pulldown_validate(const sd_pulldown *pulldown, sd_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_PULLDOWN_H */
