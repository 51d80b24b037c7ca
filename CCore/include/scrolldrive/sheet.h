/*
 * scrolldrive/sheet.h — the bottom sheet: detents (full / half / dismissed
 * by default, as in the AppCoda SwiftUI bottom-sheet chapter), drag
 * thresholds, the hand-off between the sheet and the scroll view inside it,
 * the dimmed backdrop, and spring motion.
 *
 * Geometry. Positions are the sheet's *top edge*, in points from the top of
 * the container (the view the sheet lives in), growing downwards: 0 is the
 * container's top, `container_height` its bottom. A drag translation and a
 * velocity are positive downwards (UIKit and SwiftUI's y axis). The inner
 * scroll view's content offset is 0 with its content at the top, positive
 * once scrolled into the content, negative while pulled down past the top.
 *
 * Detents are indexed from the top: detent 0 is the highest, the last is
 * the lowest. The default sheet is { full: 50 pt, half: 1/2 of the
 * container, dismissed } (indices SD_SHEET_FULL, SD_SHEET_HALF,
 * SD_SHEET_DISMISSED: 0, 1, 2).
 *
 * The sheet has the four verbs every surface of the core has:
 *
 *     sd_sheet sheet;                       // configuration + state, 440 bytes
 *     sd_sheet_init(&sheet, &config, SD_SHEET_HALF, &err); // at rest at half
 *     sd_sheet_event e = sd_sheet_event_drag_began(t, content_offset);
 *     sd_sheet_step(&sheet, &e, &actions, &err);        // actions to perform
 *     sd_sheet_frame_at(&sheet, t, &frame);             // what a view shows at t
 *     sd_sheet_reconfigure(&sheet, &rotated, &err);     // new numbers, same detent
 *
 * Spring motion is a closed-form function of absolute time
 * (`sd_spring_sample`), so 60 Hz and 120 Hz clocks sample the same curve.
 *
 * The detents, limits and configuration, and the pure decisions and
 * position functions, are in scrolldrive/sheet_values.h (included here);
 * this header has the machine: state, events, actions and the frame.
 */
#ifndef SCROLLDRIVE_SHEET_H
#define SCROLLDRIVE_SHEET_H

#include "common.h"
#include "motion.h"
#include "sheet_values.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* The sheet: configuration and state                                        */
/* ------------------------------------------------------------------------ */

/** Drag state, as AppCoda's DragState. */
typedef enum sd_sheet_drag {
    SD_SHEET_DRAG_INACTIVE = 0,
    /** A finger is down on the sheet but has not moved yet (translation 0). */
    SD_SHEET_DRAG_PRESSING = 1,
    /** The finger moved: `translation` holds the drag's translation. */
    SD_SHEET_DRAG_DRAGGING = 2
} sd_sheet_drag;

/** Bits of `sd_sheet_state.flags` (internal bookkeeping, readable). */
enum {
    /** willMove(to: detent) was reported and didMove(to: detent) not yet. */
    SD_SHEET_STATE_MOVING = 1u << 0,
    /** A spring is running (spring_* fields). */
    SD_SHEET_STATE_ANIMATING = 1u << 1,
    /** The inner scroll view is enabled (the sheet is committed to detent 0). */
    SD_SHEET_STATE_SCROLL_ENABLED = 1u << 2,
    /** This drag began at detent 0: the content and the sheet share it. */
    SD_SHEET_STATE_SCROLL_GESTURE = 1u << 3,
    /** The content is scrolling with the finger; the sheet rests at detent 0. */
    SD_SHEET_STATE_CONTENT_OWNS = 1u << 4,
    /** The sheet took over from the content in this drag (the overscroll return is armed). */
    SD_SHEET_STATE_HANDED_OFF = 1u << 5,
    /** The rest of this drag is ignored (overscroll return or programmatic move took over). */
    SD_SHEET_STATE_CONSUMED = 1u << 6,
    /**
     * After the overscroll return the inner scroll view stays enabled until
     * `scroll_disable_time` (the seed's `asyncAfter(.now() + 0.5)`); the
     * first step at or after that time disables it.
     */
    SD_SHEET_STATE_DISABLE_PENDING = 1u << 7
};

/**
 * How long after the overscroll return the inner scroll view is disabled
 * (seconds): AppCoda's sheet moves at once and sets `viewState = .half`,
 * which disables its ScrollView, in `asyncAfter(deadline: .now() + 0.5)`.
 */
#define SD_SHEET_RETURN_DISABLE_DELAY 0.5

/** How long a move lasts with SD_SHEET_OPTION_REDUCED_MOTION (seconds): UIKit's short animation. */
#define SD_SHEET_REDUCED_MOTION_DURATION 0.25

/**
 * The machine's state. Plain data, 200 bytes, no pointer. Read it, but
 * change it only through `sd_sheet_step` and `sd_sheet_reconfigure`.
 */
typedef struct sd_sheet_state {
    /** The detent the sheet rests at, or moves to (the last willMove target). */
    uint32_t detent;
    /** sd_sheet_drag. */
    uint32_t drag;
    /** SD_SHEET_STATE_* bits. */
    uint32_t flags;
    uint32_t reserved; /* always 0 */
    /** The clock: the latest event time accepted, seconds (>= 0). */
    double time;
    /** Top when no spring runs: at rest, the detent's rest top (sd_sheet_rest_top); in a drag, the finger-driven (raw) top. */
    double top;
    /** Sheet velocity in a drag (points per second): carried from a grabbed spring, then the finger's. */
    double velocity;
    /** The drag's translation (points, positive down), 0 when inactive or pressing. */
    double translation;
    /** Time of the drag's last finger sample (DRAG_BEGAN or DRAG_CHANGED), seconds. */
    double drag_time;
    /** While the sheet follows the finger: raw top = drag_base + translation. */
    double drag_base;
    /** The inner content offset as last set or seen (points). */
    double content_offset;
    /** The running spring: start position, start velocity, target (points, points/s). */
    double spring_from;
    double spring_velocity;
    double spring_to;
    /** Its start time and settle duration (seconds). */
    double spring_start;
    double spring_duration;
    /** The background's move: offset at its start (points) and start time (seconds). */
    double background_from;
    double background_start;
    /** With SD_SHEET_STATE_DISABLE_PENDING: when the inner scroll view is disabled (seconds), else 0. */
    double scroll_disable_time;
    /**
     * The running move's rate w (per second) when it is SD_SHEET_OPTION_REDUCED_MOTION's
     * critically damped one, to + (from - to)(1 + w t) e^(-w t); 0 for a spring.
     */
    double spring_rate;
    /**
     * The keyboard: its height over the container's bottom goes from
     * keyboard_from to keyboard_to (points) along keyboard_curve (an
     * SD_SHEET_CURVE_*) over keyboard_duration seconds from keyboard_start
     * (sd_sheet_keyboard_height_at).
     */
    double keyboard_from;
    double keyboard_to;
    double keyboard_start;
    double keyboard_duration;
    uint32_t keyboard_curve;
    /** SD_SHEET_KEYBOARD_EXTEND: the detent the keyboard took the sheet from, else SD_SHEET_NO_DETENT. */
    uint32_t keyboard_detent;
    /** The running move's shape: 0 the spring (or reduced motion's), else 1 + the SD_SHEET_CURVE_* it follows. */
    uint32_t move_curve;
    uint32_t keyboard_reserved; /* always 0 */
    /**
     * In a drag: detent 0's rest top when the finger went down (points), the
     * seam where the sheet and its inner content hand the finger to each
     * other, so that a keyboard moving during the drag does not move it
     * (the sheet stays under the finger); 0 with no drag.
     */
    double drag_anchor;
} sd_sheet_state;

/** Configuration and state together, what a controller keeps. 440 bytes, no pointer. */
typedef struct sd_sheet {
    sd_sheet_config config;
    sd_sheet_state state;
} sd_sheet;

/**
 * Validates `config` (as sd_sheet_config_validate) and sets the sheet at rest
 * at `initial_detent` (< detent_count, else `SD_ERR_RANGE`, field
 * "initial_detent"), clock 0, no drag, the inner scroll enabled when that
 * detent is 0, the background at its resting offset. `SD_ERR_NULL` (field
 * "sheet" or "config"). `*sheet` is written only on success; `err` may be NULL.
 */
sd_status sd_sheet_init(sd_sheet *sheet, const sd_sheet_config *config, uint32_t initial_detent,
                        sd_error *err);

/**
 * Replaces the sheet's configuration with `config` (any new numbers: a
 * rotation or layout change, i.e. new container and content heights, new
 * thresholds, springs, options or detents), keeping its state. Rejected,
 * changing nothing: `SD_ERR_NULL` (field "sheet" or "config"); a
 * configuration sd_sheet_config_validate rejects (its report); one without
 * the sheet's current detent (`SD_ERR_RANGE`, field "detent_count": state.detent
 * must stay < detent_count).
 *
 * The sheet stays on its detent (by index), at the sheet's clock: at rest it
 * moves to the detent's new top at once; a running spring is retargeted to
 * the new top from where it is, with its velocity; a sheet following the
 * finger keeps following it. No notice fires and the clock does not move.
 * A keyboard's return detent (SD_SHEET_KEYBOARD_EXTEND) the new detents do
 * not have is forgotten.
 */
sd_status sd_sheet_reconfigure(sd_sheet *sheet, const sd_sheet_config *config, sd_error *err);

/**
 * Checks a whole sheet, configuration and state together, as a restored or
 * received one must be before it is stepped (a saved state may be corrupt or
 * tampered with): the configuration as sd_sheet_config_validate (its
 * report), then the state, `SD_ERR_STATE` naming the field ("state.<name>")
 * for anything the machine cannot reach:
 *  - detent >= detent_count; drag not an sd_sheet_drag; flags outside the
 *    SD_SHEET_STATE_* bits; reserved not 0;
 *  - a time, position, velocity or duration not finite; time < 0; a
 *    finger sample (drag_time), spring start or background start after the
 *    clock; a spring duration or rate < 0; a top or drag base beyond
 *    SD_SHEET_MAX_LENGTH past the container; a content offset beyond
 *    +-SD_SHEET_MAX_LENGTH;
 *  - the inner scroll view enabled other than at detent 0 or during a
 *    pending disable (which needs detent != 0 and a disable time after the
 *    clock's start of the return); a disable time without one pending;
 *  - a drag's flags or translation with no drag (translation only while
 *    dragging);
 *  - a sheet at rest (no drag, no spring) off its detent's rest top
 *    (sd_sheet_rest_top); a drag anchor with no drag, or beyond
 *    SD_SHEET_MAX_LENGTH past the container.
 * `SD_ERR_NULL` (field "sheet"). Every state sd_sheet_init,
 * sd_sheet_step and sd_sheet_reconfigure produce passes (fuzz_sheet checks
 * it after every input). Writes nothing but `err`.
 */
sd_status sd_sheet_validate(const sd_sheet *sheet, sd_error *err);

/** Whether the sheet is meant to be shown: its detent is not the dismissed one. */
int sd_sheet_is_presented(const sd_sheet *sheet);

/**
 * Whether a view showing the sheet needs frames at `time` (the sheet's
 * clock or later): a move runs (SD_SHEET_STATE_ANIMATING), the overscroll
 * return's disable is pending, a finger is on the sheet (its drag is not
 * SD_SHEET_DRAG_INACTIVE), the keyboard's animation is still changing its
 * height, or the background's eased move is still changing its offset.
 * Otherwise every frame from `time` on is the same until the next event.
 * 0 for a NULL sheet or a non-finite time.
 */
int sd_sheet_needs_frames(const sd_sheet *sheet, double time);

/* ------------------------------------------------------------------------ */
/* Events in, actions out                                                    */
/* ------------------------------------------------------------------------ */

/** What happened. */
typedef enum sd_sheet_event_type {
    /**
     * A finger went down on the sheet's inner content, with the content at
     * `content_offset`. Grabs a moving sheet where it is (the spring stops;
     * its velocity is carried into the drag's velocity). At detent 0 at
     * rest, the content owns the finger first (see DRAG_CHANGED).
     */
    SD_SHEET_EVENT_DRAG_BEGAN = 0,
    /**
     * The finger moved: `translation` since the drag began (points,
     * positive down) and the inner content offset the scroll view reports.
     * Away from detent 0, and in a drag on the handle, the sheet follows
     * the translation and the content is ignored. In a drag that began on
     * the content at detent 0 the content scrolls first, and once the
     * scroll view reports an offset < 0 (pulled past its top):
     *  - by default (AppCoda's sheet, whose `.offset(y: scrollOffset)` reads
     *    the content's `minY`), the sheet sits max(0, -offset) points below
     *    detent 0: it follows what the scroll view reports, rubber band
     *    included, not the finger, and the content keeps its offset;
     *  - with SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER (UIKit's sheet), the
     *    finger passes to the sheet, which sits -offset points below detent
     *    0 and follows the finger 1:1 while the core pins the content at 0;
     *    moving the sheet back above detent 0 hands the rest back to the
     *    content (SET_CONTENT_OFFSET with the remainder). Neither hand-off
     *    moves anything on screen.
     * The sheet's velocity is the distance it moved since the previous
     * finger sample over the time between the two, taken as at least
     * SD_SHEET_MIN_SAMPLE_INTERVAL (a sample at the same time leaves it as
     * it was). Once the sheet is more than overscroll_return below detent 0
     * it returns to detent 1 at once and ignores the rest of the drag; the
     * inner scroll view stays enabled for SD_SHEET_RETURN_DISABLE_DELAY
     * more seconds (SD_SHEET_STATE_DISABLE_PENDING).
     */
    SD_SHEET_EVENT_DRAG_CHANGED = 1,
    /**
     * The finger lifted at `velocity` (points per second, positive down).
     * If the sheet was following it (or, by default, the content's
     * overscroll), `sd_sheet_release_target` (with the sheet's distance
     * from its detent as the translation) picks the detent and a spring
     * starts from where the sheet shows. From detent 0 that is detent 0
     * unless SD_SHEET_OPTION_RELEASE_FROM_FIRST is on.
     */
    SD_SHEET_EVENT_DRAG_ENDED = 2,
    /**
     * The backdrop was tapped: what `backdrop_tap` says (by default an
     * animated move to the dismissed detent, `SD_ERR_STATE` without one);
     * nothing at or below the largest undimmed detent.
     */
    SD_SHEET_EVENT_BACKDROP_TAP = 3,
    /**
     * A programmatic move to `detent`, animated (spring) or not (at once),
     * with the same spring and notices as a release. Refused during a drag
     * (`SD_ERR_STATE`).
     */
    SD_SHEET_EVENT_MOVE = 4,
    /**
     * A display frame at `time`: a spring that has ended at `time`
     * (`sd_transition_ended(spring_start, spring_duration, time)`) lands on
     * its target (didMove, dismissed). The background's move ends by the
     * same rule.
     */
    SD_SHEET_EVENT_FRAME = 5,
    /**
     * A finger went down on the sheet outside its inner content (the
     * handle, the title bar): a drag of the sheet itself at any detent,
     * as the seed's DragGesture on the sheet's VStack is. It never scrolls
     * the content and never hands off; otherwise as DRAG_BEGAN (grabs a
     * moving sheet, refused on a sheet resting at the dismissed detent).
     * At detent 0 a handle drag shows top(0) + translation and, released,
     * springs back to detent 0 (the seed's onEnded acts only at half)
     * unless SD_SHEET_OPTION_RELEASE_FROM_FIRST is on.
     */
    SD_SHEET_EVENT_HANDLE_DRAG_BEGAN = 6,
    /**
     * The keyboard is moving to a new frame, as UIKit's keyboard
     * notifications say: its top edge `translation` points from the
     * container's top (at or below the container's bottom: hidden), over
     * `velocity` seconds (the duration, 0...SD_SHEET_MAX_KEYBOARD_DURATION)
     * along curve `detent` (an SD_SHEET_CURVE_*); use
     * sd_sheet_event_keyboard. The keyboard's height goes from where it is
     * to K = min(container_height, max(0, container_height - top)) along
     * that curve (at once for 0 s): a keyboard is never taller than its
     * container, so a top above the container's (any top within
     * ±SD_SHEET_MAX_LENGTH is accepted) gives K = container_height, and
     * sd_sheet_reconfigure caps a keyboard that a shorter container would
     * leave taller. What the sheet does is `config.keyboard`'s (sd_sheet_keyboard),
     * when no finger is down:
     *  - appearing (K > 0 after none): with EXTEND, INTERACTIVE and
     *    FILL_PARENT a shown sheet commits to detent 0 (willMove / didMove)
     *    and remembers the detent it came from;
     *  - hiding (none after K > 0): a sheet still at detent 0 with a detent
     *    remembered commits back to it;
     *  - then, if the detent changed or its rest top did (sd_sheet_rest_top:
     *    RISE and INTERACTIVE follow K), the sheet moves from where it shows
     *    to its detent's rest top along the keyboard's curve and duration
     *    (at once for 0 s), a running spring included.
     * With a finger down on the sheet only the keyboard's height changes:
     * the sheet stays under the finger, and its release lands on the rest
     * tops the keyboard then gives (a drag that the overscroll return or a
     * MOVE took over no longer holds the sheet: there the keyboard acts as
     * with no finger). A drag that moves the sheet (not one that only
     * scrolls its inner content) or a MOVE forgets the remembered detent
     * (the user or the app chose one).
     */
    SD_SHEET_EVENT_KEYBOARD = 7
} sd_sheet_event_type;

/**
 * One event. `time` (seconds, finite, >= 0) is read for every type; the
 * other fields only where the type says. An event earlier than the sheet's
 * clock counts as happening at the clock (`sd_event_time`). 48 bytes.
 */
typedef struct sd_sheet_event {
    uint32_t type;     /* sd_sheet_event_type */
    uint32_t detent;   /* MOVE; KEYBOARD: the curve */
    uint32_t animated; /* MOVE: 1 for a spring, 0 for at once */
    uint32_t reserved; /* always 0 */
    double time;
    double translation;    /* DRAG_CHANGED; KEYBOARD: the keyboard's top */
    double content_offset; /* DRAG_BEGAN, DRAG_CHANGED */
    double velocity;       /* DRAG_ENDED; KEYBOARD: the duration */
} sd_sheet_event;

SD_INLINE sd_sheet_event sd_sheet_event_make(uint32_t type, double time) {
    sd_sheet_event e = { type, 0u, 0u, 0u, time, 0.0, 0.0, 0.0 };
    return e;
}
/** A finger went down on the inner content, which is at `content_offset` points. */
SD_INLINE sd_sheet_event sd_sheet_event_drag_began(double time, double content_offset) {
    sd_sheet_event e = sd_sheet_event_make(SD_SHEET_EVENT_DRAG_BEGAN, time);
    e.content_offset = content_offset;
    return e;
}
/** A finger went down on the sheet outside its inner content (its handle): the sheet's own drag. */
SD_INLINE sd_sheet_event sd_sheet_event_handle_drag_began(double time) {
    return sd_sheet_event_make(SD_SHEET_EVENT_HANDLE_DRAG_BEGAN, time);
}
/** The finger moved `translation` points since it went down; the inner content is at `content_offset`. */
SD_INLINE sd_sheet_event sd_sheet_event_drag_changed(double time, double translation, double content_offset) {
    sd_sheet_event e = sd_sheet_event_make(SD_SHEET_EVENT_DRAG_CHANGED, time);
    e.translation = translation;
    e.content_offset = content_offset;
    return e;
}
/** The finger lifted at `velocity` points per second (positive down). */
SD_INLINE sd_sheet_event sd_sheet_event_drag_ended(double time, double velocity) {
    sd_sheet_event e = sd_sheet_event_make(SD_SHEET_EVENT_DRAG_ENDED, time);
    e.velocity = velocity;
    return e;
}
/** The backdrop was tapped. */
SD_INLINE sd_sheet_event sd_sheet_event_backdrop_tap(double time) {
    return sd_sheet_event_make(SD_SHEET_EVENT_BACKDROP_TAP, time);
}
/** Move to `detent`, with the spring (`animated` non-zero) or at once. */
SD_INLINE sd_sheet_event sd_sheet_event_move(double time, uint32_t detent, int animated) {
    sd_sheet_event e = sd_sheet_event_make(SD_SHEET_EVENT_MOVE, time);
    e.detent = detent;
    e.animated = animated ? 1u : 0u;
    return e;
}
/** A display frame at `time`. */
SD_INLINE sd_sheet_event sd_sheet_event_frame(double time) { return sd_sheet_event_make(SD_SHEET_EVENT_FRAME, time); }
/** The keyboard moves to `top` (points from the container's top) over `duration` seconds along `curve` (SD_SHEET_CURVE_*). */
SD_INLINE sd_sheet_event sd_sheet_event_keyboard(double time, double top, double duration, uint32_t curve) {
    sd_sheet_event e = sd_sheet_event_make(SD_SHEET_EVENT_KEYBOARD, time);
    e.translation = top;
    e.velocity = duration;
    e.detent = curve;
    return e;
}

/**
 * The keyboard's height over the container's bottom at `time` (points):
 * the state's keyboard_* animation sampled (0 for a NULL sheet or a
 * non-finite time).
 */
double sd_sheet_keyboard_height_at(const sd_sheet *sheet, double time);

/**
 * Where the sheet rests at detent `index` with the keyboard as its state
 * has it (K = state.keyboard_to, the keyboard's final height, 0...container
 * height), in `*top`:
 * the detent's top (sd_sheet_detent_top) without a keyboard, with IGNORE or
 * EXTEND, and at the dismissed detent; with RISE max(top(0), top(index) - K);
 * with INTERACTIVE at detent 0 max(safe_area_top, top(0) - K); with
 * FILL_PARENT at detent 0 safe_area_top. `SD_ERR_NULL`, `SD_ERR_RANGE` when
 * index >= detent_count; `*top` written only on success. The sheet must be
 * valid.
 */
sd_status sd_sheet_rest_top(const sd_sheet *sheet, uint32_t index, double *top);

/**
 * Notices for the observer, bits of `sd_sheet_actions.notices`. In one step
 * they come in this order: WILL_MOVE, DID_MOVE, DISMISSED, all naming the
 * same detent.
 *  - willMove(to: d) fires when a move to d != the current detent is
 *    committed (release, overscroll return, tap, programmatic move). A drag
 *    released back to the detent it started from fires nothing.
 *  - didMove(to: d) fires once the sheet has landed on d after a willMove(to:
 *    d): the FRAME step at which the spring has ended, or at once for a
 *    move that is not animated or has nothing to animate. A move interrupted
 *    by a move to another detent never reports didMove for the first one.
 *  - dismissed fires right after didMove when d is the dismissed detent.
 */
enum {
    SD_SHEET_NOTICE_WILL_MOVE = 1u << 0,
    SD_SHEET_NOTICE_DID_MOVE = 1u << 1,
    SD_SHEET_NOTICE_DISMISSED = 1u << 2
};

/** Bits of `sd_sheet_actions.flags`: what the caller must do, in this order. */
enum {
    /** Enable (scroll_enabled = 1) or disable the inner scroll view. */
    SD_SHEET_ACTION_SET_SCROLL_ENABLED = 1u << 0,
    /** Set the inner content offset to `content_offset`, not animated. */
    SD_SHEET_ACTION_SET_CONTENT_OFFSET = 1u << 1,
    /** The running spring ended (landed, grabbed, or replaced by a jump): a display link may stop. */
    SD_SHEET_ACTION_STOP_SPRING = 1u << 2,
    /** A spring started (spring_* fields): keep stepping FRAME events until it lands. */
    SD_SHEET_ACTION_START_SPRING = 1u << 3
};

/**
 * What one step asks of the caller: perform `flags` in their order, then
 * deliver `notices` (in the order given above) about `detent`. Fields whose
 * bit is not set are 0. 64 bytes. (What to show after the step is
 * `sd_sheet_frame_at` at the event's time.)
 */
typedef struct sd_sheet_actions {
    uint32_t flags;          /* SD_SHEET_ACTION_* */
    uint32_t notices;        /* SD_SHEET_NOTICE_* */
    uint32_t detent;         /* the detent the notices name */
    uint32_t scroll_enabled; /* SET_SCROLL_ENABLED: 1 or 0 */
    double content_offset;   /* SET_CONTENT_OFFSET */
    /**
     * START_SPRING: from, initial velocity, target (points, points/s), start
     * time and settle duration (s); with SD_SHEET_OPTION_REDUCED_MOTION the
     * velocity is 0 and the duration SD_SHEET_REDUCED_MOTION_DURATION.
     */
    double spring_from;
    double spring_velocity;
    double spring_to;
    double spring_start;
    double spring_duration;
} sd_sheet_actions;

/**
 * Settle tolerances: a spring has landed once it stays within this many
 * points of its target and this many points per second of rest
 * (`sd_spring_settle_time`).
 */
#define SD_SHEET_SETTLE_POSITION 0.5
#define SD_SHEET_SETTLE_VELOCITY 1.0

/**
 * One step of the machine, at sd_event_time(state.time, event->time); the
 * clock becomes that time. Rejects, leaving `*sheet` and `*actions`
 * untouched (bit for bit) and naming the field in `err` (may be NULL):
 *  - a NULL argument (`SD_ERR_NULL`, "sheet", "event", "actions");
 *  - an unknown type (`SD_ERR_RANGE`, "type"); a MOVE to detent >=
 *    detent_count (`SD_ERR_RANGE`, "detent");
 *  - a NaN or infinite field the type reads (`SD_ERR_NOT_FINITE`), a
 *    negative time (`SD_ERR_RANGE`, "time");
 *  - a DRAG_BEGAN or DRAG_CHANGED whose content_offset or translation is
 *    beyond +-SD_SHEET_MAX_LENGTH, a DRAG_ENDED whose velocity is beyond
 *    +-SD_SHEET_MAX_VELOCITY (`SD_ERR_RANGE`, the field); a KEYBOARD whose
 *    top (translation) is beyond +-SD_SHEET_MAX_LENGTH, whose duration
 *    (velocity) is negative or above SD_SHEET_MAX_KEYBOARD_DURATION, or
 *    whose curve (detent) is not an SD_SHEET_CURVE_* (`SD_ERR_RANGE`);
 *  - an event that does not fit the state (`SD_ERR_STATE`, "type"):
 *    DRAG_BEGAN or HANDLE_DRAG_BEGAN during a drag or on a sheet resting
 *    at the dismissed detent; DRAG_CHANGED or DRAG_ENDED with no drag; BACKDROP_TAP with no
 *    dismissed detent (backdrop_tap SD_SHEET_BACKDROP_DISMISS only); a MOVE
 *    while a finger is down (from DRAG_BEGAN to DRAG_ENDED): a programmatic
 *    detent change never takes the sheet from the finger.
 * `sheet->config` must be valid (sd_sheet_init and sd_sheet_reconfigure check it).
 */
sd_status sd_sheet_step(sd_sheet *sheet, const sd_sheet_event *event, sd_sheet_actions *actions, sd_error *err);

/* ------------------------------------------------------------------------ */
/* The frame                                                                 */
/* ------------------------------------------------------------------------ */

/** Bits of `sd_sheet_frame.flags`. */
enum {
    /** The inner scroll view is enabled. */
    SD_SHEET_FRAME_SCROLL_ENABLED = 1u << 0,
    /** A spring is moving the sheet. */
    SD_SHEET_FRAME_ANIMATING = 1u << 1,
    /** The sheet is meant to be shown (its detent is not the dismissed one). */
    SD_SHEET_FRAME_PRESENTED = 1u << 2,
    /** In a drag, the inner content (not the sheet) follows the finger. */
    SD_SHEET_FRAME_CONTENT_SCROLLS = 1u << 3,
    /**
     * SD_SHEET_OPTION_UNDIMMED_DETENT: the sheet is at or below the largest
     * undimmed detent, so the content behind takes touches (never set
     * without the option).
     */
    SD_SHEET_FRAME_BACKGROUND_INTERACTIVE = 1u << 4,
    /** SD_SHEET_OPTION_REDUCED_MOTION is on: the sheet's own moves are short, direct ones. */
    SD_SHEET_FRAME_REDUCED_MOTION = 1u << 5
};

/** Everything a view applies in one frame. 72 bytes. */
typedef struct sd_sheet_frame {
    /** Sheet top edge, points from the container top. */
    double top;
    /** Sheet velocity, points per second (positive down). */
    double velocity;
    /** Backdrop (black) opacity, 0...1. */
    double backdrop_alpha;
    /** Offset of the content behind the sheet, points (negative = up). */
    double background_offset;
    /** The drag's translation (AppCoda's DragState.translation), points. */
    double translation;
    /** The inner content offset the core expects, points. */
    double content_offset;
    /** The detent the sheet rests at or moves to. */
    uint32_t detent;
    /** sd_sheet_drag. */
    uint32_t drag;
    /** SD_SHEET_FRAME_* bits. */
    uint32_t flags;
    uint32_t reserved; /* always 0 */
    /**
     * How many points of the sheet's visible height (from `top` to the
     * container's bottom) the keyboard covers at this time: min(keyboard
     * height, container_height - top), 0 without a keyboard or with the
     * sheet off screen. An app insets its content by it, as UIKit's
     * keyboard layout guide lets a view do.
     */
    double keyboard_overlap;
} sd_sheet_frame;

/**
 * The frame at `time` (seconds, finite; any time, also before the clock), a
 * pure function of the sheet and the time: nothing changes. A spring that
 * has ended at `time` (`sd_transition_ended`) shows its target at rest, so
 * the frame at `time` is the same before and after a FRAME step at `time`.
 * `SD_ERR_NULL` / `SD_ERR_NOT_FINITE`; `*frame` written only on success.
 */
sd_status sd_sheet_frame_at(const sd_sheet *sheet, double time, sd_sheet_frame *frame);

/**
 * Sheet tops (and, when `velocities` is not NULL, velocities) at `count`
 * times, as `sd_sheet_frame_at` gives them (struct of arrays, for replays
 * and benchmarks). Rejected, writing nothing: `SD_ERR_NULL` for a NULL
 * sheet ("sheet") or, with count > 0, NULL times or tops ("times", "tops");
 * `SD_ERR_NOT_FINITE` when a time is not finite ("times", "must be finite").
 */
sd_status sd_sheet_motion_batch(const sd_sheet *sheet, const double *times, size_t count, double *tops,
                                double *velocities, sd_error *err);

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(sd_sheet_state) == 200, "sd_sheet_state is 200 bytes");
_Static_assert(sizeof(sd_sheet) == 440, "sd_sheet is 440 bytes");
_Static_assert(sizeof(sd_sheet_event) == 48, "sd_sheet_event is 48 bytes");
_Static_assert(sizeof(sd_sheet_actions) == 64, "sd_sheet_actions is 64 bytes");
_Static_assert(sizeof(sd_sheet_frame) == 72, "sd_sheet_frame is 72 bytes");
#endif

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_SHEET_H */
