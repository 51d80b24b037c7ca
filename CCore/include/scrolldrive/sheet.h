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
 * container, dismissed } (indices 0, 1, 2).
 *
 * The sheet has the four verbs every surface of the core has:
 *
 *     sd_sheet sheet;                       // configuration + state, 328 bytes
 *     sd_sheet_init(&sheet, &config, 1, &err);          // at rest at detent 1
 *     sd_sheet_event e = sd_sheet_event_drag_began(t, content_offset);
 *     sd_sheet_step(&sheet, &e, &actions, &err);        // actions to perform
 *     sd_sheet_frame_at(&sheet, t, &frame);             // what a view shows at t
 *     sd_sheet_reconfigure(&sheet, &rotated, &err);     // new numbers, same detent
 *
 * Spring motion is a closed-form function of absolute time
 * (`sd_spring_sample`), so 60 Hz and 120 Hz clocks sample the same curve.
 */
#ifndef SCROLLDRIVE_SHEET_H
#define SCROLLDRIVE_SHEET_H

#include "common.h"
#include "motion.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Detents                                                                   */
/* ------------------------------------------------------------------------ */

/** How many detents a configuration can hold (named fields detent0...detent4). */
#define SD_SHEET_MAX_DETENTS 5u

/** "No detent", where an index is optional (e.g. no dismissed detent). */
#define SD_SHEET_NO_DETENT 0xFFFFFFFFu

/** How a detent's top edge is found. */
typedef enum sd_sheet_detent_kind {
    /** An unused slot (index >= detent_count). Not valid inside the count. */
    SD_SHEET_DETENT_NONE = 0,
    /** top = value * container_height; value in [0, 1] (AppCoda's half: 0.5). */
    SD_SHEET_DETENT_FRACTION = 1,
    /** top = value points from the container top; value in [0, container_height] (AppCoda's full: 50). */
    SD_SHEET_DETENT_POINTS = 2,
    /**
     * As tall as the content: top = max(value, container_height -
     * content_height), so `value` (points, in [0, container_height]) is the
     * highest the top may go when the content is taller than the room.
     */
    SD_SHEET_DETENT_FIT_CONTENT = 3,
    /**
     * Off screen: top = container_height. Reaching it reports `dismissed`;
     * a tap on the backdrop moves here. Only as the last detent, and never
     * the only one. `value` is ignored (keep it 0).
     */
    SD_SHEET_DETENT_DISMISSED = 4
} sd_sheet_detent_kind;

/** One detent: a kind (`sd_sheet_detent_kind`) and its value. 16 bytes. */
typedef struct sd_sheet_detent {
    uint32_t kind;
    uint32_t reserved; /* always 0 */
    double value;
} sd_sheet_detent;

/** A fraction detent: top at `fraction` of the container height. */
sd_sheet_detent sd_sheet_detent_fraction(double fraction);
/** A points detent: top `points` below the container top. */
sd_sheet_detent sd_sheet_detent_points(double points);
/** A fit-content detent whose top never goes above `min_top` points. */
sd_sheet_detent sd_sheet_detent_fit_content(double min_top);
/** The dismissed detent (top at the container height). */
sd_sheet_detent sd_sheet_detent_dismissed(void);

/* ------------------------------------------------------------------------ */
/* Limits                                                                    */
/* ------------------------------------------------------------------------ */

/*
 * Every number the sheet takes is bounded, so that its springs, drags and
 * frames stay finite and every spring it starts settles in finite time
 * (well under 1e6 s even at the limits; AppCoda's settle in under 0.75 s):
 */

/**
 * Longest length, points (a million screens): the largest container_height,
 * and the largest |translation| and |content_offset| a drag event may carry
 * (larger ones are rejected with `SD_ERR_RANGE`). In a drag the sheet's
 * finger-driven top is held within [-SD_SHEET_MAX_LENGTH, container_height +
 * SD_SHEET_MAX_LENGTH].
 */
#define SD_SHEET_MAX_LENGTH 1e9

/** Fastest release velocity (DRAG_ENDED), points per second; faster is `SD_ERR_RANGE`. */
#define SD_SHEET_MAX_VELOCITY 1e12

/**
 * Largest spring rate, per second: sqrt(stiffness / mass) (the natural
 * angular frequency; 14.1 for AppCoda's spring) and |spring_initial_velocity|
 * may not exceed it.
 */
#define SD_SHEET_MAX_SPRING_RATE 1e6

/**
 * Slowest decay a sheet spring may have, per second: its motion shrinks at
 * least by a factor e every 1 / SD_SHEET_MIN_SPRING_DECAY = 100 s. The decay
 * rate is a = damping / (2 mass) for an under- or critically damped spring
 * (12.5 for AppCoda's), and for an over-damped one (a^2 > stiffness / mass)
 * its slow mode's rate a - sqrt(a^2 - stiffness / mass).
 */
#define SD_SHEET_MIN_SPRING_DECAY 0.01

/**
 * Shortest time a drag velocity is measured over, seconds (a 1000 Hz touch
 * panel's sample interval): two finger samples closer than this count as
 * this far apart, so a denormal time step cannot blow up the velocity.
 */
#define SD_SHEET_MIN_SAMPLE_INTERVAL 1e-3

/* ------------------------------------------------------------------------ */
/* Configuration                                                             */
/* ------------------------------------------------------------------------ */

/** Bits of `sd_sheet_config.options`; all off by default (AppCoda's sheet). */
enum {
    /**
     * Release by velocity projection instead of AppCoda's thresholds: the
     * release point is projected with the deceleration rate
     * (`sd_deceleration_projection`: x0 - v / (1000 ln rate)) and the nearest
     * detent wins; a release faster than `flick_velocity` moves at least one
     * detent in its direction.
     */
    SD_SHEET_OPTION_PROJECTION = 1u << 0,
    /**
     * Rubber-band the sheet past the first and last detents while dragged:
     * f(x, d) = (1 - 1 / (x c / d + 1)) d with c = SD_RUBBER_BAND_COEFFICIENT
     * and d = container_height (`sd_rubber_band`). Off: the sheet follows the
     * finger 1:1 anywhere, as AppCoda's offset does.
     */
    SD_SHEET_OPTION_RUBBER_BAND = 1u << 1,
    /**
     * Backdrop alpha and background offset follow the sheet's position
     * (`sd_sheet_presentation`) instead of switching with the presented
     * state (AppCoda's sheet: 0.5 while shown, 0 once dismissal is decided).
     */
    SD_SHEET_OPTION_INTERPOLATE_BACKDROP = 1u << 2,
    /**
     * The release velocity (and, for the overscroll return, the drag's
     * velocity) is added to the spring's initial velocity. Off: the spring
     * starts with only its relative `spring_initial_velocity`, as SwiftUI's
     * implicit animation in AppCoda's sheet does.
     */
    SD_SHEET_OPTION_CARRY_VELOCITY = 1u << 3
};

/** Every option bit; other bits are rejected. */
#define SD_SHEET_OPTIONS_ALL 0xFu

/**
 * Everything that shapes a sheet. Plain data, 200 bytes, no pointer.
 *
 * Default values (`sd_sheet_config_default`, the AppCoda chapter's sheet) in brackets.
 */
typedef struct sd_sheet_config {
    /** Container height, points, finite, > 0 and <= SD_SHEET_MAX_LENGTH. */
    double container_height;
    /** Content height for fit-content detents, points, finite and >= 0 [0]. */
    double content_height;
    /** Detents in use, 1...SD_SHEET_MAX_DETENTS [3]. */
    uint32_t detent_count;
    /** SD_SHEET_OPTION_* bits [0]. */
    uint32_t options;
    /** Detents from the top: resolved tops strictly increasing, each within [0, container_height]. */
    sd_sheet_detent detent0; /* [points 50: full] */
    sd_sheet_detent detent1; /* [fraction 0.5: half] */
    sd_sheet_detent detent2; /* [dismissed] */
    sd_sheet_detent detent3; /* [unused] */
    sd_sheet_detent detent4; /* [unused] */
    /** Release up by more than this fraction of the container height: one detent up [0.25]. >= 0. */
    double up_threshold;
    /** Release down by more than this fraction of the container height: one detent down [0.3]. >= 0. */
    double down_threshold;
    /**
     * At detent 0, with the inner content pulled down past its top and the
     * sheet following it: once the sheet is more than this many points below
     * detent 0, it returns to detent 1 [120]. >= 0.
     */
    double overscroll_return;
    /** Backdrop (black) opacity while the sheet is presented, [0, 1] [0.5]. */
    double backdrop_alpha;
    /** How far the content behind moves up while the sheet is presented, points, >= 0 [100]. */
    double background_shift;
    /**
     * Duration (seconds, >= 0) of the background's move when the presented
     * state changes, on SwiftUI's ease-out curve (0, 0, 0.58, 1) [0.2]; 0
     * moves it at once. Unused with SD_SHEET_OPTION_INTERPOLATE_BACKDROP.
     */
    double background_duration;
    /** The sheet's spring [stiffness 200, damping 25, mass 1]; see sd_spring_validate and rule 5 of sd_sheet_config_validate. */
    sd_spring spring;
    /**
     * Initial velocity relative to the distance animated, per second [10]:
     * SwiftUI's `interpolatingSpring(... initialVelocity:)` animates a unit
     * progress from 0 to 1, so its initial velocity is in units of the
     * distance per second (Apple's documentation: "a value in the range
     * [0, 1] representing the magnitude of the value being animated"; UIKit's
     * UISpringTimingParameters.initialVelocity likewise is "normalized to the
     * total distance of the animation"). A move over d points starts at
     * spring_initial_velocity * d points per second towards its target.
     * Finite, any sign, |value| <= SD_SHEET_MAX_SPRING_RATE.
     */
    double spring_initial_velocity;
    /** Deceleration rate per millisecond for projection, 0 < rate < 1 [0.998, UIKit's normal]. */
    double deceleration_rate;
    /** A release faster than this (points per second, >= 0) is a flick (projection only) [500]. */
    double flick_velocity;
} sd_sheet_config;

/** The AppCoda chapter's sheet for a container `container_height` points tall (values above). */
sd_sheet_config sd_sheet_config_default(double container_height);

/**
 * Checks a configuration. Rules, in this order (field named in `err`):
 *  1. container_height finite (`SD_ERR_NOT_FINITE`), > 0 (`SD_ERR_NEGATIVE`)
 *     and <= SD_SHEET_MAX_LENGTH (`SD_ERR_RANGE`); content_height finite and >= 0;
 *  2. detent_count within 1...SD_SHEET_MAX_DETENTS (`SD_ERR_RANGE`);
 *  3. for each detent i < detent_count, field "detent<i>": kind one of
 *     fraction, points, fit-content, dismissed (`SD_ERR_RANGE`, "detent<i>.kind");
 *     value finite (`SD_ERR_NOT_FINITE`, "detent<i>.value"); a fraction within
 *     [0, 1], a points or fit-content value within [0, container_height]
 *     (`SD_ERR_RANGE`, "must be inside the container"); a dismissed detent
 *     only as the last of two or more (`SD_ERR_ORDER`); the resolved top
 *     strictly below the previous detent's (`SD_ERR_ORDER`, "must be below
 *     the previous detent");
 *  4. up_threshold, down_threshold, overscroll_return, background_shift,
 *     background_duration, flick_velocity finite and >= 0; backdrop_alpha
 *     finite and within [0, 1];
 *  5. the spring as `sd_spring_validate` (fields "spring.stiffness", ...);
 *     then a spring that settles, as every sheet spring must: damping > 0
 *     (`SD_ERR_NEGATIVE`, "spring.damping": an undamped spring never
 *     settles), stiffness / mass <= SD_SHEET_MAX_SPRING_RATE^2
 *     (`SD_ERR_RANGE`, "spring.stiffness"), and its slowest decay rate >=
 *     SD_SHEET_MIN_SPRING_DECAY (`SD_ERR_RANGE`, "spring": a spring with
 *     mass 9e15 and AppCoda's stiffness and damping would take millions of
 *     years); spring_initial_velocity finite (`SD_ERR_NOT_FINITE`) and
 *     within +-SD_SHEET_MAX_SPRING_RATE (`SD_ERR_RANGE`);
 *  6. deceleration_rate finite and 0 < rate < 1 (`SD_ERR_RANGE`);
 *  7. options only SD_SHEET_OPTION_* bits (`SD_ERR_RANGE`).
 * Slots at or past detent_count are not read. `err` may be NULL.
 */
sd_status sd_sheet_config_validate(const sd_sheet_config *config, sd_error *err);

/** Detent `index` of a configuration; kind NONE when index >= SD_SHEET_MAX_DETENTS. */
sd_sheet_detent sd_sheet_config_detent(const sd_sheet_config *config, uint32_t index);

/** Sets detent `index` (< SD_SHEET_MAX_DETENTS, else `SD_ERR_RANGE`). Does not validate the detent. */
sd_status sd_sheet_config_set_detent(sd_sheet_config *config, uint32_t index, sd_sheet_detent detent);

/**
 * The top (points) of detent `index` in `*top`. `SD_ERR_RANGE` when index >=
 * detent_count. The configuration must be valid.
 */
sd_status sd_sheet_detent_top(const sd_sheet_config *config, uint32_t index, double *top);

/** Index of the dismissed detent, or SD_SHEET_NO_DETENT. Configuration valid. */
uint32_t sd_sheet_dismissed_detent(const sd_sheet_config *config);

/* ------------------------------------------------------------------------ */
/* Pure decisions and position functions (configuration must be valid)      */
/* ------------------------------------------------------------------------ */

/**
 * Where a release goes, from detent `detent` after the sheet moved
 * `translation` points (positive down) and the finger left at `velocity`
 * points per second (positive down). Result in `*target`.
 *
 * Default (AppCoda's rule, generalised to every detent): translation <
 * -up_threshold * container_height goes one detent up (if there is one);
 * otherwise translation > down_threshold * container_height goes one detent
 * down (if there is one); otherwise it stays. Strict comparisons: for an 800
 * pt container at half, -201 goes full and -200 stays; +241 dismisses and
 * +240 stays. The velocity is not used.
 *
 * SD_SHEET_OPTION_PROJECTION: the point top(detent) + translation is
 * projected with the deceleration rate; the nearest detent to the projection
 * wins (a tie goes to the higher detent, the smaller index); then, when
 * |velocity| > flick_velocity and the winner is not past `detent` in the
 * velocity's direction, it becomes the neighbour of `detent` in that
 * direction (when there is one).
 *
 * `SD_ERR_RANGE` (field "detent") for detent >= detent_count,
 * `SD_ERR_NOT_FINITE` ("translation", "velocity"); `*target` is written only
 * on success.
 */
sd_status sd_sheet_release_target(const sd_sheet_config *config, uint32_t detent, double translation,
                                  double velocity, uint32_t *target);

/**
 * Where the sheet shows for a finger-driven top `raw` (points): `raw` itself,
 * or with SD_SHEET_OPTION_RUBBER_BAND, past detent 0 and the last detent,
 * top(edge) + sd_rubber_band(raw - top(edge), container_height). `raw` finite.
 */
double sd_sheet_rubber_band_top(const sd_sheet_config *config, double raw);

/**
 * How presented the sheet is at `top`, 0...1: 1 at or above the lowest
 * detent that is not the dismissed one, 0 at or below the container bottom,
 * linear in between (`sd_map`).
 */
double sd_sheet_presentation(const sd_sheet_config *config, double top);

/**
 * Backdrop alpha at `top`: with SD_SHEET_OPTION_INTERPOLATE_BACKDROP,
 * backdrop_alpha * sd_sheet_presentation(top); otherwise backdrop_alpha when
 * `presented` is non-zero, else 0 (AppCoda's sheet shows the backdrop as long as
 * the sheet is meant to be shown, wherever it is).
 */
double sd_sheet_backdrop_alpha(const sd_sheet_config *config, double top, int presented);

/**
 * Resting offset of the content behind the sheet (points, negative = up):
 * with SD_SHEET_OPTION_INTERPOLATE_BACKDROP, -background_shift *
 * sd_sheet_presentation(top); otherwise -background_shift when `presented`,
 * else 0. (The frame moves towards this value over background_duration.)
 */
double sd_sheet_background_offset(const sd_sheet_config *config, double top, int presented);

/**
 * `sd_sheet_backdrop_alpha` and `sd_sheet_background_offset` for `count`
 * tops (struct of arrays). Either output may be NULL. Validates the
 * configuration (`SD_ERR_*` as sd_sheet_config_validate) and the arrays
 * (`SD_ERR_NULL` unless count is 0). Outputs may not alias `tops`.
 */
sd_status sd_sheet_presentation_batch(const sd_sheet_config *config, const double *tops, size_t count,
                                      int presented, double *alphas, double *offsets, sd_error *err);

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
    SD_SHEET_STATE_CONSUMED = 1u << 6
};

/**
 * The machine's state. Plain data, 128 bytes, no pointer. Read it, but
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
    /** Top when no spring runs: at rest, the detent top; in a drag, the finger-driven (raw) top. */
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
} sd_sheet_state;

/** Configuration and state together, what a controller keeps. 328 bytes, no pointer. */
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
 */
sd_status sd_sheet_reconfigure(sd_sheet *sheet, const sd_sheet_config *config, sd_error *err);

/** Whether the sheet is meant to be shown: its detent is not the dismissed one. */
int sd_sheet_is_presented(const sd_sheet *sheet);

/* ------------------------------------------------------------------------ */
/* Events in, actions out                                                    */
/* ------------------------------------------------------------------------ */

/** What happened. */
typedef enum sd_sheet_event_type {
    /**
     * A finger went down on the sheet (or its inner content) with the inner
     * content at `content_offset`. Grabs a moving sheet where it is (the
     * spring stops; its velocity is carried into the drag's velocity). At
     * detent 0 at rest, the content owns the finger first (see DRAG_CHANGED).
     */
    SD_SHEET_EVENT_DRAG_BEGAN = 0,
    /**
     * The finger moved: `translation` since DRAG_BEGAN (points, positive
     * down) and the inner content offset the scroll view reports.
     * Away from detent 0 the sheet follows the translation and the content
     * is ignored. In a drag that began at detent 0 the content scrolls first;
     * a reported offset < 0 (pulled past its top) hands the finger to the
     * sheet, which then sits -offset points below detent 0 and keeps
     * following the finger while the core pins the content at 0; moving the
     * sheet back above detent 0 hands the rest back to the content
     * (SET_CONTENT_OFFSET with the remainder). Neither hand-off moves
     * anything on screen. The sheet's velocity is the distance it moved
     * since the previous finger sample over the time between the two, taken
     * as at least SD_SHEET_MIN_SAMPLE_INTERVAL (a sample at the same time
     * leaves it as it was). Once the sheet is more than overscroll_return
     * below detent 0 it returns to detent 1 and ignores the rest of the drag.
     */
    SD_SHEET_EVENT_DRAG_CHANGED = 1,
    /**
     * The finger lifted at `velocity` (points per second, positive down).
     * If the sheet was following it, `sd_sheet_release_target` (with the
     * sheet's distance from its detent as the translation) picks the detent
     * and a spring starts from where the sheet shows.
     */
    SD_SHEET_EVENT_DRAG_ENDED = 2,
    /** The backdrop was tapped: an animated move to the dismissed detent (`SD_ERR_STATE` without one). */
    SD_SHEET_EVENT_BACKDROP_TAP = 3,
    /**
     * A programmatic move to `detent`, animated (spring) or not (at once).
     * During a drag it takes the sheet from the finger (rest of the drag
     * ignored).
     */
    SD_SHEET_EVENT_MOVE = 4,
    /**
     * A display frame at `time`: a spring that has ended at `time`
     * (`sd_transition_ended(spring_start, spring_duration, time)`) lands on
     * its target (didMove, dismissed). The background's move ends by the
     * same rule.
     */
    SD_SHEET_EVENT_FRAME = 5
} sd_sheet_event_type;

/**
 * One event. `time` (seconds, finite, >= 0) is read for every type; the
 * other fields only where the type says. An event earlier than the sheet's
 * clock counts as happening at the clock (`sd_event_time`). 48 bytes.
 */
typedef struct sd_sheet_event {
    uint32_t type;     /* sd_sheet_event_type */
    uint32_t detent;   /* MOVE */
    uint32_t animated; /* MOVE: 1 for a spring, 0 for at once */
    uint32_t reserved; /* always 0 */
    double time;
    double translation;    /* DRAG_CHANGED */
    double content_offset; /* DRAG_BEGAN, DRAG_CHANGED */
    double velocity;       /* DRAG_ENDED */
} sd_sheet_event;

SD_INLINE sd_sheet_event sd_sheet_event_make(uint32_t type, double time) {
    sd_sheet_event e = { type, 0u, 0u, 0u, time, 0.0, 0.0, 0.0 };
    return e;
}
/** A finger went down with the inner content at `content_offset` points. */
SD_INLINE sd_sheet_event sd_sheet_event_drag_began(double time, double content_offset) {
    sd_sheet_event e = sd_sheet_event_make(SD_SHEET_EVENT_DRAG_BEGAN, time);
    e.content_offset = content_offset;
    return e;
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
    /** START_SPRING: from, initial velocity, target (points, points/s), start time and settle duration (s). */
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
 *    +-SD_SHEET_MAX_VELOCITY (`SD_ERR_RANGE`, the field);
 *  - an event that does not fit the state (`SD_ERR_STATE`, "type"):
 *    DRAG_BEGAN during a drag or on a sheet resting at the dismissed
 *    detent; DRAG_CHANGED or DRAG_ENDED with no drag; BACKDROP_TAP with no
 *    dismissed detent.
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
    SD_SHEET_FRAME_CONTENT_SCROLLS = 1u << 3
};

/** Everything a view applies in one frame. 64 bytes. */
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
_Static_assert(sizeof(sd_sheet_detent) == 16, "sd_sheet_detent is 16 bytes");
_Static_assert(sizeof(sd_sheet_config) == 200, "sd_sheet_config is 200 bytes");
_Static_assert(sizeof(sd_sheet_state) == 128, "sd_sheet_state is 128 bytes");
_Static_assert(sizeof(sd_sheet) == 328, "sd_sheet is 328 bytes");
_Static_assert(sizeof(sd_sheet_event) == 48, "sd_sheet_event is 48 bytes");
_Static_assert(sizeof(sd_sheet_actions) == 64, "sd_sheet_actions is 64 bytes");
_Static_assert(sizeof(sd_sheet_frame) == 64, "sd_sheet_frame is 64 bytes");
#endif

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_SHEET_H */
