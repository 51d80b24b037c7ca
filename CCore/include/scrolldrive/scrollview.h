/*
 * scrolldrive/scrollview.h — the simulated scroll view's state machine: a
 * vertical scroll view with UIScrollView's observable behaviour (touches,
 * pan states, release, programmatic offsets), driven by a clock. The
 * positions come from simstep.h; this struct keeps the touch state, the
 * clock and the motion in progress. The simulator's SimScrollView (Swift)
 * and the browser playground (CCore/wasm) both wrap it.
 *
 * No callbacks: each step returns flags (SD_SCROLL_VIEW_*) saying what the
 * caller reports to its observers, in this order: a pan `began`, the content
 * offset change, a pan `changed`, `ended` or `cancelled`. Where UIKit lets
 * observers act between two parts of a step, the step stops and returns a
 * flag naming the second part, which the caller runs after reporting:
 *  - SD_SCROLL_VIEW_BEGAN from touch_moved: report `.began` (observers may
 *    change the insets), then call sd_scroll_view_drag_follow;
 *  - SD_SCROLL_VIEW_MOVE_FIRST from touch_up: run the caller's own
 *    touch_moved step with the same arguments, then call touch_up again;
 *  - SD_SCROLL_VIEW_REBASE from update_offset: report the offset change,
 *    then call sd_scroll_view_drag_rebase.
 *
 * The domain: lengths within +/-SD_SCROLL_VIEW_MAX_LENGTH, velocities within
 * +/-SD_SCROLL_VIEW_MAX_VELOCITY; finite values outside are clamped where
 * they are used. A touch-down at a non-finite location is ignored, a move or
 * lift to one leaves the finger where it was, a NaN finger velocity counts
 * as 0, a non-finite requested offset only stops the motion, non-finite
 * geometry pins the scroll range to the current offset. The offset and the
 * velocity stay finite for any input. No step allocates.
 */
#ifndef SCROLLDRIVE_SCROLLVIEW_H
#define SCROLLDRIVE_SCROLLVIEW_H

#include "common.h"
#include "simstep.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Largest length (points) the scroll view works with: the sheet's SD_SHEET_MAX_LENGTH. */
#define SD_SCROLL_VIEW_MAX_LENGTH 1e9
/** Largest velocity (points per second) the scroll view works with: the sheet's SD_SHEET_MAX_VELOCITY. */
#define SD_SCROLL_VIEW_MAX_VELOCITY 1e12

/** What a step asks its caller to report or run next (bit flags). */
enum {
    /** The content offset changed: report it. */
    SD_SCROLL_VIEW_OFFSET = 1u << 0,
    /** The pan began: report `.began`, then call sd_scroll_view_drag_follow. */
    SD_SCROLL_VIEW_BEGAN = 1u << 1,
    /** Report a pan `.changed` (after the offset). */
    SD_SCROLL_VIEW_CHANGED = 1u << 2,
    /** Report a pan `.ended`. */
    SD_SCROLL_VIEW_ENDED = 1u << 3,
    /** Report a pan `.cancelled`. */
    SD_SCROLL_VIEW_CANCELLED = 1u << 4,
    /** touch_up: move the finger there first (touch_moved), then call touch_up again. */
    SD_SCROLL_VIEW_MOVE_FIRST = 1u << 5,
    /** update_offset during a drag: after reporting, call sd_scroll_view_drag_rebase. */
    SD_SCROLL_VIEW_REBASE = 1u << 6
};

/** What the scroll view is doing (SimScrollView.Phase, in its order). */
typedef enum sd_scroll_view_phase {
    SD_SCROLL_VIEW_IDLE = 0,
    SD_SCROLL_VIEW_TOUCHING = 1,
    SD_SCROLL_VIEW_DRAGGING = 2,
    SD_SCROLL_VIEW_DECELERATING = 3,
    SD_SCROLL_VIEW_BOUNCING = 4,
    SD_SCROLL_VIEW_ANIMATING = 5
} sd_scroll_view_phase;

/**
 * The motion in progress: none, a release's plan, an animated offset change
 * (UIKit's SD_SCROLL_ANIMATION_DURATION ease-in-out) or reduced motion's
 * short one (SD_SCROLL_SHORT_ANIMATION_DURATION ease-out).
 */
enum {
    SD_SCROLL_VIEW_NO_MOTION = 0,
    SD_SCROLL_VIEW_RELEASE = 1,
    SD_SCROLL_VIEW_ANIMATION = 2,
    SD_SCROLL_VIEW_SHORT_ANIMATION = 3
};

/** `animated` of sd_scroll_view_update_offset: reduced motion's short ease-out (any other non-zero value: UIKit's). */
#define SD_SCROLL_ANIMATED_SHORT 2

/**
 * A simulated scroll view. The geometry and behaviour fields (insets,
 * content height, frame height, bounces, always_bounce, rate) may be
 * written by the caller between steps; the rest is the machine's state,
 * read-only for callers.
 */
typedef struct sd_scroll_view {
    /* Geometry and behaviour (caller-writable). */
    double inset_top, inset_bottom;
    double content_height, frame_height;
    /** Deceleration rate per millisecond for the next release (0 < rate < 1 to move). */
    double rate;
    /** Rubber-band past the ends (UIScrollView.bounces); 0 or 1. */
    uint32_t bounces;
    /** A drag may begin when the content fits (alwaysBounceVertical); 0 or 1. */
    uint32_t always_bounce;
    /* State. */
    double offset_x, offset_y;
    /**
     * Content velocity along y (points per second) of a drag or a release,
     * 0 otherwise. During an animated offset change the velocity is the
     * animation's, computed only when asked: read sd_scroll_view_velocity.
     */
    double tracked_velocity;
    /** The clock: the time of the last advance (seconds). */
    double time;
    uint32_t tracking, dragging;
    /** SD_SCROLL_VIEW_NO_MOTION, _RELEASE (plan), _ANIMATION or _SHORT_ANIMATION (anim_from -> anim_to). */
    uint32_t motion;
    /** Whether the finger position (finger_x, finger_y) is known: while tracking. */
    uint32_t has_finger;
    sd_scroll_motion plan;
    double motion_start, anim_from, anim_to;
    double down_x, down_y, finger_x, finger_y;
    /** The drag's raw offset (simstep.h) and the finger y when it was taken. */
    double base_raw, base_finger_y;
    /** Internal: the latest move's finger velocity, whether it moved the finger, a began drag's rebase due. */
    double pending_finger_vy;
    uint32_t finger_moved, rebase_pending;
} sd_scroll_view;

/** Starting geometry and behaviour. */
typedef struct sd_scroll_view_config {
    double offset_x, offset_y;
    double inset_top, inset_bottom;
    double content_height, frame_height;
    double rate;
    uint32_t bounces, always_bounce;
} sd_scroll_view_config;

/**
 * The default configuration: a 390 x 844 frame, content 2400 high, offset
 * and insets 0, bouncing, always_bounce, SD_DECELERATION_RATE_NORMAL.
 */
sd_scroll_view_config sd_scroll_view_config_default(void);

/**
 * Starts a scroll view at rest at time 0. Rejects NULL `view` or `config`
 * (`SD_ERR_NULL`) and bounces / always_bounce other than 0 or 1
 * (`SD_ERR_RANGE`); `*view` is written only on success. A non-finite
 * starting offset starts at (0, 0); a finite one is clamped to the domain.
 */
sd_status sd_scroll_view_init(sd_scroll_view *view, const sd_scroll_view_config *config, sd_error *err);

/** The range the offset rests in; non-finite geometry pins it to the current offset. */
sd_scroll_bounds sd_scroll_view_bounds(const sd_scroll_view *view);
/** The rubber band's dimension: the frame height within the domain, 1 when not positive or finite. */
double sd_scroll_view_dimension(const sd_scroll_view *view);
/** What the scroll view is doing now. */
sd_scroll_view_phase sd_scroll_view_phase_of(const sd_scroll_view *view);
/**
 * Content velocity along y now (points per second): the drag's or the
 * release's (tracked_velocity), or during an animated offset change the
 * animation's at the clock (sd_scroll_animation_sample's velocity; advancing
 * an animation computes only its position). 0 at rest.
 */
double sd_scroll_view_velocity(const sd_scroll_view *view);
/** Nothing touches or moves the content. */
int sd_scroll_view_at_rest(const sd_scroll_view *view);

/** Moves the clock to `time` (earlier or NaN times ignored) and the content along its motion. */
uint32_t sd_scroll_view_advance(sd_scroll_view *view, double time);
/**
 * A finger touches down: stops a release motion where the content is. The
 * caller ends a touch still down with sd_scroll_view_touch_cancelled first
 * (and reports it); otherwise it is cancelled here without a report.
 */
uint32_t sd_scroll_view_touch_down(sd_scroll_view *view, double x, double y);
/** The finger moved (see SD_SCROLL_VIEW_BEGAN). */
uint32_t sd_scroll_view_touch_moved(sd_scroll_view *view, double x, double y, double finger_vy);
/** The second part of a move that began the pan: rebase, then follow the finger. */
uint32_t sd_scroll_view_drag_follow(sd_scroll_view *view);
/** The finger lifts (see SD_SCROLL_VIEW_MOVE_FIRST): the release motion starts. */
uint32_t sd_scroll_view_touch_up(sd_scroll_view *view, double x, double y, double finger_vy);
/** The system cancels the touch. */
uint32_t sd_scroll_view_touch_cancelled(sd_scroll_view *view);
/**
 * Stops any motion, then sets the offset at once (`animated` 0), or starts
 * an animation to it: SD_SCROLL_ANIMATED_SHORT, reduced motion's short
 * ease-out (SD_SCROLL_SHORT_ANIMATION_DURATION); any other non-zero value,
 * UIKit's 0.25 s ease-in-out.
 */
uint32_t sd_scroll_view_update_offset(sd_scroll_view *view, double x, double y, int animated);
/** Retakes the drag's reference at the current offset and finger (after SD_SCROLL_VIEW_REBASE). */
void sd_scroll_view_drag_rebase(sd_scroll_view *view);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_SCROLLVIEW_H */
