/*
 * scrolldrive/sheet_values.h — the bottom sheet's detents, limits and
 * configuration, and its pure decisions and position functions (release
 * target, rubber band, presentation, backdrop and background), one at a time
 * and in batches. Included by scrolldrive/sheet.h, which has the surface (the
 * machine's state, events, actions and frame); geometry and units are
 * described there.
 */
#ifndef SCROLLDRIVE_SHEET_VALUES_H
#define SCROLLDRIVE_SHEET_VALUES_H

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
    /*
     * With the safe area's insets T = safe_area_top and B = safe_area_bottom
     * (0 by default, where every formula is the plain one), detents resolve
     * within the safe area: a fraction of the space between the insets, C =
     * container_height - T - B (gorhom's react-native-bottom-sheet lays its
     * container out between them; UIKit's custom detent is "a height within
     * the safe area"), points and fit-content counted from T within the
     * space S = container_height - T below the status bar.
     */
    /**
     * top = T + value * C; value in [0, 1] (AppCoda's half: 0.5). On an 844 pt
     * screen with insets 47 / 34 the half detent is at 47 + 763 / 2 = 428.5.
     */
    SD_SHEET_DETENT_FRACTION = 1,
    /** top = T + value points; value in [0, S] (AppCoda's full: 50, so full never goes under the status bar). */
    SD_SHEET_DETENT_POINTS = 2,
    /**
     * As tall as the content and the bottom inset: top = max(T + value,
     * container_height - content_height - B), so `value` (points, in [0, S])
     * is the highest the top may go when the content is taller than the room.
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
     * and d = container_height - safe_area_top, the space the sheet lives in
     * (`sd_rubber_band`). Off: the sheet follows the
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
    SD_SHEET_OPTION_CARRY_VELOCITY = 1u << 3,
    /**
     * A largest undimmed detent (UIKit's UISheetPresentationController
     * `largestUndimmedDetentIdentifier`; SwiftUI's
     * `presentationBackgroundInteraction(.enabled(upThrough:))`): with the
     * sheet at detent `undimmed_detent` or any lower one (a larger index) the
     * backdrop alpha is 0, the frame carries SD_SHEET_FRAME_BACKGROUND_INTERACTIVE
     * and a BACKDROP_TAP does nothing (the tap belongs to the content behind).
     * Above it the backdrop is as without the option. With
     * SD_SHEET_OPTION_INTERPOLATE_BACKDROP the alpha grows linearly from 0 at
     * the undimmed detent's top to the interpolated alpha at the next detent
     * up's top. Which detent counts is the committed one (`state.detent`).
     */
    SD_SHEET_OPTION_UNDIMMED_DETENT = 1u << 4,
    /**
     * Interactive dismissal off (SwiftUI's `interactiveDismissDisabled`,
     * UIKit's `isModalInPresentation`): no release, however fast, and no
     * overscroll return goes to the dismissed detent; dragged below the
     * lowest detent that is not the dismissed one, the sheet rubber-bands
     * (`sd_rubber_band` over the space below the safe area's top) and springs back; a
     * BACKDROP_TAP does nothing, whatever `backdrop_tap` says (UIKit's
     * modal sheet "ignores events outside the view controller's bounds").
     * MOVE still dismisses: only programmatic dismissal is left.
     */
    SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS = 1u << 5,
    /**
     * Sequential snapping, as gorhom's react-native-bottom-sheet #783 asks
     * (one snap point per swipe): a release moves at most one detent from
     * where the drag began, with thresholds or with
     * SD_SHEET_OPTION_PROJECTION, however far or fast the drag went. vaul's
     * `snapToSequentialPoint` differs: it only turns off the velocity skip,
     * so a slow long drag there still lands on the closest snap point.
     */
    SD_SHEET_OPTION_SEQUENTIAL = 1u << 6,
    /**
     * Dismiss by velocity (FloatingPanel's removal interaction): a release
     * with velocity > dismiss_velocity (downwards, strict) goes to the
     * dismissed detent from any detent, before SD_SHEET_OPTION_SEQUENTIAL
     * applies. Needs a dismissed detent to do anything; does nothing with
     * SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS.
     */
    SD_SHEET_OPTION_DISMISS_BY_VELOCITY = 1u << 7,
    /**
     * Scrolling expands first (UIKit's
     * `prefersScrollingExpandsWhenScrolledToEdge`, SwiftUI's
     * `presentationContentInteraction(.resizes)`): a drag that begins at a
     * detent below detent 0 moves the sheet up until detent 0, where the
     * inner content takes the rest of the finger's travel (content offset =
     * top(0) - finger-driven top), as at detent 0; the sheet commits to
     * detent 0 at that seam (willMove there, didMove on release).
     */
    SD_SHEET_OPTION_SCROLL_EXPANDS = 1u << 8,
    /**
     * The overscroll hand-off of UIKit's sheet: at detent 0, with the inner
     * content pulled past its top, the finger passes to the sheet, which
     * follows it 1:1 while the content is pinned at 0 (see
     * SD_SHEET_EVENT_DRAG_CHANGED). Off (AppCoda's sheet): the sheet sits as
     * far below detent 0 as the scroll view reports the content pulled
     * down, rubber band included, and the content keeps its offset; a
     * UIScrollView's band makes the return need about twice the finger
     * travel (257 pt of finger for 121 pt at H = 800). Pair it with
     * SD_SHEET_OPTION_SCROLL_EXPANDS and SD_SHEET_OPTION_RELEASE_FROM_FIRST
     * for UIKit's sheet.
     */
    SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER = 1u << 9,
    /**
     * Releases from detent 0 pick a detent (UIKit's sheet, FloatingPanel):
     * by the thresholds, or by every policy above, as from any other
     * detent. Off (AppCoda's sheet, whose onEnded acts only at half): a drag
     * released while the sheet's detent is 0 springs back to detent 0,
     * whatever its translation and velocity, and only the overscroll return
     * leaves detent 0 by the finger. SD_SHEET_OPTION_PROJECTION,
     * SD_SHEET_OPTION_SEQUENTIAL and SD_SHEET_OPTION_DISMISS_BY_VELOCITY act
     * on a release from detent 0 only with this option on.
     */
    SD_SHEET_OPTION_RELEASE_FROM_FIRST = 1u << 10,
    /**
     * Reduced motion (the app sets it from the platform's accessibility
     * setting, iOS's Reduce Motion; Apple's Human Interface Guidelines ask
     * for short, direct motion then): every move the sheet animates by
     * itself (a release, the overscroll return, a backdrop tap, a
     * programmatic move) is a critically damped motion from rest, with no
     * velocity kick, no carried velocity and no overshoot, that lands
     * exactly SD_SHEET_REDUCED_MOTION_DURATION after it starts, whatever the
     * distance (its rate is set so that it is within the 0.5 pt settle
     * tolerance then). Where the finger drives the sheet nothing changes.
     * The frame carries SD_SHEET_FRAME_REDUCED_MOTION.
     */
    SD_SHEET_OPTION_REDUCED_MOTION = 1u << 11
};

/** Every option bit; other bits are rejected. */
#define SD_SHEET_OPTIONS_ALL 0xFFFu

/** What a backdrop tap does (`sd_sheet_config.backdrop_tap`). */
typedef enum sd_sheet_backdrop_tap {
    /** Move to the dismissed detent (AppCoda's; `SD_ERR_STATE` without one). */
    SD_SHEET_BACKDROP_DISMISS = 0,
    /** Move one detent down from the committed one (nothing at the last). */
    SD_SHEET_BACKDROP_STEP_DOWN = 1,
    /** Nothing (the tap is accepted and ignored). */
    SD_SHEET_BACKDROP_NOTHING = 2
} sd_sheet_backdrop_tap;

/**
 * Everything that shapes a sheet. Plain data, 240 bytes, no pointer.
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
    /** Release up by more than this fraction of the container height: one detent up [0.25]. 0...1. */
    double up_threshold;
    /** Release down by more than this fraction of the container height: one detent down [0.3]. 0...1. */
    double down_threshold;
    /**
     * At detent 0, with the inner content pulled down past its top and the
     * sheet following it (AppCoda's `scrollOffset > 120`): once the sheet is
     * more than this many points below detent 0, it returns to detent 1
     * [120]. >= 0.
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
    /** With SD_SHEET_OPTION_UNDIMMED_DETENT: the largest undimmed detent, < detent_count [0, unused]. */
    uint32_t undimmed_detent;
    /** sd_sheet_backdrop_tap [SD_SHEET_BACKDROP_DISMISS]. */
    uint32_t backdrop_tap;
    /** With SD_SHEET_OPTION_DISMISS_BY_VELOCITY: points per second, finite and >= 0 [0, unused]. */
    double dismiss_velocity;
    /**
     * The safe area's top inset (the status bar, a notch), points, finite,
     * >= 0 and < container_height [0]. Detents resolve below it (see
     * sd_sheet_detent_kind), and the sheet rubber-bands over the space below
     * it. UIKit's sheet and FloatingPanel's safe-area layout anchors stay
     * below the status bar; react-native-bottom-sheet's `topInset`.
     */
    double safe_area_top;
    /**
     * The safe area's bottom inset (the home indicator), points, finite,
     * >= 0 and <= container_height [0]: a fit-content detent adds it to the
     * content (react-native-bottom-sheet's `bottomInset`).
     */
    double safe_area_bottom;
    /**
     * How the sheet answers the keyboard (sd_sheet_keyboard) [IGNORE]: see
     * SD_SHEET_EVENT_KEYBOARD and sd_sheet_rest_top. Anchors:
     * react-native-bottom-sheet's `keyboardBehavior` ("interactive":
     * INTERACTIVE, "extend": EXTEND, "fillParent": FILL_PARENT).
     */
    uint32_t keyboard;
    uint32_t keyboard_reserved; /* always 0 */
} sd_sheet_config;

/**
 * How the sheet answers the keyboard (`sd_sheet_config.keyboard`). With K the
 * keyboard's height over the container's bottom once it has moved (its
 * event's final height), the sheet rests at these tops while it is up
 * (sd_sheet_rest_top), and goes there along the keyboard's own curve and
 * duration. When the keyboard hides, every behaviour goes back to the detent
 * the sheet came from, unless a drag or a move chose another detent
 * meanwhile. (react-native-bottom-sheet's own `keyboardBlurBehavior:
 * "restore"` lands on the highest detent instead, which its users report as
 * a bug again and again: #811, #1545, #1894, #2545, #2761; this is what they
 * ask for.)
 */
typedef enum sd_sheet_keyboard {
    /** The keyboard covers the sheet's bottom; nothing moves (the default; the frame's keyboard_overlap says how much). */
    SD_SHEET_KEYBOARD_IGNORE = 0,
    /**
     * The sheet rises with the keyboard at the same detent, its bottom on the
     * keyboard's top: each shown detent rests at max(top(0), top - K), never
     * above detent 0 (so at detent 0 nothing moves). ScrollDrive's own, not
     * one of gorhom's.
     */
    SD_SHEET_KEYBOARD_RISE = 1,
    /** gorhom's "extend": the keyboard's appearance moves a shown sheet to detent 0, which rests at its own top. */
    SD_SHEET_KEYBOARD_EXTEND = 2,
    /**
     * gorhom's "interactive" (its default): from any shown detent the sheet
     * goes to detent 0, which rests at max(T, top(0) - K) while the keyboard
     * is up (T = safe_area_top), so the whole of detent 0's height stays
     * above the keyboard as far as the safe area allows.
     */
    SD_SHEET_KEYBOARD_INTERACTIVE = 3,
    /** gorhom's "fillParent": from any shown detent the sheet goes to detent 0, which rests at T while the keyboard is up. */
    SD_SHEET_KEYBOARD_FILL_PARENT = 4
} sd_sheet_keyboard;

/**
 * A keyboard animation's curve, as UIKit's keyboard notifications give it
 * (UIView.AnimationCurve's raw values): ease-in-out, ease-in, ease-out,
 * linear, and 7, the keyboard's own (undocumented by Apple; taken here as
 * UIKit's ease-in-out, the nearest public curve).
 */
enum {
    SD_SHEET_CURVE_EASE_IN_OUT = 0,
    SD_SHEET_CURVE_EASE_IN = 1,
    SD_SHEET_CURVE_EASE_OUT = 2,
    SD_SHEET_CURVE_LINEAR = 3,
    SD_SHEET_CURVE_KEYBOARD = 7
};

/** Whether `curve` is an SD_SHEET_CURVE_* (what a KEYBOARD event's curve must be). */
SD_INLINE int sd_sheet_curve_valid(uint32_t curve) {
    return curve <= SD_SHEET_CURVE_LINEAR || curve == SD_SHEET_CURVE_KEYBOARD;
}

/** Longest keyboard animation an event may give (seconds). */
#define SD_SHEET_MAX_KEYBOARD_DURATION 10.0

/** The AppCoda chapter's sheet for a container `container_height` points tall (values above). */
sd_sheet_config sd_sheet_config_default(double container_height);

/*
 * The default sheet's detents by name (indices into `sd_sheet_config_default`'s
 * detents, for sd_sheet_init, MOVE events, undimmed_detent and the frame's
 * `detent`). A configuration with other detents numbers its own from 0, the top.
 */
/** AppCoda's full sheet: top 50 pt below the container top (detent0). */
#define SD_SHEET_FULL 0u
/** AppCoda's half sheet: top at half the container height (detent1). */
#define SD_SHEET_HALF 1u
/** Off screen (detent2). */
#define SD_SHEET_DISMISSED 2u

/**
 * Checks a configuration. Rules, in this order (field named in `err`):
 *  1. container_height finite (`SD_ERR_NOT_FINITE`), > 0 (`SD_ERR_NEGATIVE`)
 *     and <= SD_SHEET_MAX_LENGTH (`SD_ERR_RANGE`); content_height finite and >= 0;
 *     safe_area_top and safe_area_bottom finite (`SD_ERR_NOT_FINITE`), >= 0
 *     (`SD_ERR_NEGATIVE`), the top < container_height and the two together
 *     inside it, the bottom <= container_height - safe_area_top as computed
 *     (`SD_ERR_RANGE`), so the space between them is never negative and
 *     every shown detent resolves at or below the top inset;
 *  2. detent_count within 1...SD_SHEET_MAX_DETENTS (`SD_ERR_RANGE`);
 *  3. for each detent i < detent_count, field "detent<i>": kind one of
 *     fraction, points, fit-content, dismissed (`SD_ERR_RANGE`, "detent<i>.kind");
 *     value finite (`SD_ERR_NOT_FINITE`, "detent<i>.value"); a fraction within
 *     [0, 1], a points or fit-content value within [0, container_height -
 *     safe_area_top] (`SD_ERR_RANGE`, "must be inside the container"); a dismissed detent
 *     only as the last of two or more (`SD_ERR_ORDER`); the resolved top
 *     strictly below the previous detent's (`SD_ERR_ORDER`, "must be below
 *     the previous detent");
 *  4. up_threshold and down_threshold finite and within [0, 1] (fractions
 *     of the container; `SD_ERR_RANGE`, "must be within 0...1", also for a
 *     negative one); overscroll_return, background_shift,
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
 *  7. options only SD_SHEET_OPTION_* bits (`SD_ERR_RANGE`); keyboard an
 *     sd_sheet_keyboard (0...4) and keyboard_reserved 0 (`SD_ERR_RANGE`);
 *  8. backdrop_tap one of sd_sheet_backdrop_tap (`SD_ERR_RANGE`); with
 *     SD_SHEET_OPTION_UNDIMMED_DETENT, undimmed_detent < detent_count
 *     (`SD_ERR_RANGE`); with SD_SHEET_OPTION_DISMISS_BY_VELOCITY,
 *     dismiss_velocity finite and >= 0. Off, those two fields are not read.
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
 * From detent 0 without SD_SHEET_OPTION_RELEASE_FROM_FIRST: detent 0 (the
 * seed's onEnded acts only at half), and nothing below applies.
 *
 * Default (AppCoda's rule, generalised to every detent below the first):
 * translation < -up_threshold * container_height goes one detent up (if
 * there is one); otherwise translation > down_threshold * container_height
 * goes one detent down (if there is one); otherwise it stays. Strict
 * comparisons on the translation itself: for an 800 pt container at half,
 * -201 goes full and -200 stays; +241 dismisses and +240 stays. The velocity
 * is not used.
 *
 * SD_SHEET_OPTION_PROJECTION: the point top(detent) + translation is
 * projected with the deceleration rate; the nearest detent to the projection
 * wins (a tie goes to the higher detent, the smaller index); then, when
 * |velocity| > flick_velocity and the winner is not past `detent` in the
 * velocity's direction, it becomes the neighbour of `detent` in that
 * direction (when there is one).
 *
 * Then the policies, in this order: SD_SHEET_OPTION_DISMISS_BY_VELOCITY
 * (velocity > dismiss_velocity: the dismissed detent, and nothing else
 * applies); SD_SHEET_OPTION_SEQUENTIAL (held within one detent of `detent`);
 * SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS (the dismissed detent, from any
 * other, becomes the lowest shown one).
 *
 * `SD_ERR_RANGE` (field "detent") for detent >= detent_count,
 * `SD_ERR_NOT_FINITE` ("translation", "velocity"); `*target` is written only
 * on success.
 */
sd_status sd_sheet_release_target(const sd_sheet_config *config, uint32_t detent, double translation,
                                  double velocity, uint32_t *target);

/**
 * Where the sheet shows for a finger-driven top `raw` (points): `raw` itself,
 * or with SD_SHEET_OPTION_RUBBER_BAND, past detent 0 and the last detent
 * (with SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS, with or without
 * SD_SHEET_OPTION_RUBBER_BAND: below the lowest shown detent instead of the last),
 * top(edge) + sd_rubber_band(raw - top(edge), container_height - safe_area_top).
 * `raw` finite.
 */
double sd_sheet_rubber_band_top(const sd_sheet_config *config, double raw);

/**
 * How presented the sheet is at `top`, 0...1: 1 at or above the lowest
 * detent that is not the dismissed one, 0 at or below the container bottom,
 * linear in between (`sd_map`).
 */
double sd_sheet_presentation(const sd_sheet_config *config, double top);

/**
 * Backdrop alpha at `top`, before SD_SHEET_OPTION_UNDIMMED_DETENT (which
 * reads the committed detent; the frame applies it): with SD_SHEET_OPTION_INTERPOLATE_BACKDROP,
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

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(sd_sheet_detent) == 16, "sd_sheet_detent is 16 bytes");
_Static_assert(sizeof(sd_sheet_config) == 240, "sd_sheet_config is 240 bytes");
#endif

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_SHEET_VALUES_H */
