/*
 * scrollview.c — the simulated scroll view's touch state machine, clock and
 * report order (scrollview.h). The order of a step's parts follows what
 * UIKit delivers to an observer registered after UIScrollView's own pan
 * handler (UIScrollView and UIPanGestureRecognizer, Apple's UIKit
 * documentation): the pan begins with the offset where the touch went down,
 * a move changes the offset before `.changed`, a lift moves the content to
 * the finger, plans the release and only then reports `.ended`.
 */
#include "internal.h"

#include <math.h>

static double clamp_length(double x) {
    return x < -SD_SCROLL_VIEW_MAX_LENGTH ? -SD_SCROLL_VIEW_MAX_LENGTH
                                          : (x > SD_SCROLL_VIEW_MAX_LENGTH ? SD_SCROLL_VIEW_MAX_LENGTH : x);
}

static double clamp_velocity(double v) {
    if (v != v) return 0;
    return v < -SD_SCROLL_VIEW_MAX_VELOCITY ? -SD_SCROLL_VIEW_MAX_VELOCITY
                                            : (v > SD_SCROLL_VIEW_MAX_VELOCITY ? SD_SCROLL_VIEW_MAX_VELOCITY : v);
}

sd_scroll_view_config sd_scroll_view_config_default(void) {
    sd_scroll_view_config c = {0};
    c.content_height = 2400;
    c.frame_height = 844;
    c.rate = SD_DECELERATION_RATE_NORMAL;
    c.bounces = 1;
    c.always_bounce = 1;
    return c;
}

sd_status sd_scroll_view_init(sd_scroll_view *view, const sd_scroll_view_config *config, sd_error *err) {
    if (!view) return sd_fail(err, SD_ERR_NULL, "view", "must not be NULL");
    if (!config) return sd_fail(err, SD_ERR_NULL, "config", "must not be NULL");
    if (config->bounces > 1) return sd_fail(err, SD_ERR_RANGE, "bounces", "must be 0 or 1");
    if (config->always_bounce > 1) return sd_fail(err, SD_ERR_RANGE, "always_bounce", "must be 0 or 1");
    sd_scroll_view v = {0};
    v.inset_top = config->inset_top;
    v.inset_bottom = config->inset_bottom;
    v.content_height = config->content_height;
    v.frame_height = config->frame_height;
    v.rate = config->rate;
    v.bounces = config->bounces;
    v.always_bounce = config->always_bounce;
    if (sd_isfinite(config->offset_x) && sd_isfinite(config->offset_y)) {
        v.offset_x = clamp_length(config->offset_x);
        v.offset_y = clamp_length(config->offset_y);
    }
    *view = v;
    return sd_succeed(err);
}

sd_scroll_bounds sd_scroll_view_bounds(const sd_scroll_view *v) {
    sd_scroll_bounds b = {0, 0};
    /* Every length within the domain (the common case): clamping changes
     * nothing and the range is sd_scroll_bounds_make's, which cannot fail
     * for such lengths. */
    if (fabs(v->inset_top) <= SD_SCROLL_VIEW_MAX_LENGTH && fabs(v->inset_bottom) <= SD_SCROLL_VIEW_MAX_LENGTH &&
        fabs(v->content_height) <= SD_SCROLL_VIEW_MAX_LENGTH && fabs(v->frame_height) <= SD_SCROLL_VIEW_MAX_LENGTH) {
        b.min = -v->inset_top;
        b.max = sd_max(b.min, v->content_height + v->inset_bottom - v->frame_height);
        return b;
    }
    if (!(sd_isfinite(v->inset_top) && sd_isfinite(v->inset_bottom) && sd_isfinite(v->content_height) &&
          sd_isfinite(v->frame_height)) ||
        sd_scroll_bounds_make(clamp_length(v->inset_top), clamp_length(v->inset_bottom),
                              clamp_length(v->content_height), clamp_length(v->frame_height), &b, NULL) != SD_OK) {
        /* Non-finite geometry: the range pinned to the offset, so nothing moves. */
        b.min = v->offset_y;
        b.max = v->offset_y;
    }
    return b;
}

double sd_scroll_view_dimension(const sd_scroll_view *v) {
    double h = v->frame_height;
    return h > 0 && sd_isfinite(h) ? (h < SD_SCROLL_VIEW_MAX_LENGTH ? h : SD_SCROLL_VIEW_MAX_LENGTH) : 1;
}

sd_scroll_view_phase sd_scroll_view_phase_of(const sd_scroll_view *v) {
    if (v->dragging) return SD_SCROLL_VIEW_DRAGGING;
    if (v->tracking) return SD_SCROLL_VIEW_TOUCHING;
    if (v->motion == SD_SCROLL_VIEW_RELEASE) {
        if (v->plan.kind == SD_SCROLL_MOTION_RETURN) return SD_SCROLL_VIEW_BOUNCING;
        if (v->plan.kind == SD_SCROLL_MOTION_BOUNCE && v->time - v->motion_start >= v->plan.edge_time)
            return SD_SCROLL_VIEW_BOUNCING;
        return SD_SCROLL_VIEW_DECELERATING;
    }
    return v->motion == SD_SCROLL_VIEW_NO_MOTION ? SD_SCROLL_VIEW_IDLE : SD_SCROLL_VIEW_ANIMATING;
}

/* An animated offset change runs (UIKit's or reduced motion's), its duration and curve. */
SD_INLINE int animating(const sd_scroll_view *v) {
    /* ANIMATION or SHORT_ANIMATION, the last two motions: one comparison per frame. */
    return (uint32_t)v->motion - (uint32_t)SD_SCROLL_VIEW_ANIMATION <= 1u;
}
SD_INLINE double animation_duration(const sd_scroll_view *v) {
    return v->motion == SD_SCROLL_VIEW_SHORT_ANIMATION ? SD_SCROLL_SHORT_ANIMATION_DURATION
                                                       : SD_SCROLL_ANIMATION_DURATION;
}
SD_INLINE const sd_timing_curve *animation_curve(const sd_scroll_view *v) {
    return v->motion == SD_SCROLL_VIEW_SHORT_ANIMATION ? &sd_timing_ease_out : &sd_timing_ease_in_out;
}

double sd_scroll_view_velocity(const sd_scroll_view *v) {
    /* An animation's clock only moves in sd_scroll_view_advance, and the
     * animation starts with velocity 0 at t = 0: the sample at the clock is
     * the velocity the latest advance would have computed. */
    if (!animating(v)) return v->tracked_velocity;
    return sd_scroll_animation_sample(v->anim_from, v->anim_to, animation_duration(v), animation_curve(v),
                                      v->time - v->motion_start)
        .velocity;
}

int sd_scroll_view_at_rest(const sd_scroll_view *v) { return sd__scroll_view_at_rest(v); }

/* Sets the offset; SD_SCROLL_VIEW_OFFSET when it changed. */
static uint32_t set_offset(sd_scroll_view *v, double x, double y) {
    if (x == v->offset_x && y == v->offset_y) return 0;
    v->offset_x = x;
    v->offset_y = y;
    return SD_SCROLL_VIEW_OFFSET;
}

uint32_t sd_scroll_view_advance(sd_scroll_view *v, double time) {
    if (sd__scroll_view_advance_still(v, time)) return 0;
    if (!(time >= v->time)) return 0;
    v->time = time;
    double t = time - v->motion_start;
    sd_motion_sample s;
    int done;
    if (v->motion == SD_SCROLL_VIEW_RELEASE) {
        s = sd_scroll_motion_sample(&v->plan, t);
        done = sd_scroll_motion_done(&v->plan, t) != 0;
    } else if (animating(v)) {
        /* The position only: the velocity is computed when asked (sd_scroll_view_velocity). */
        const double duration = animation_duration(v);
        s.position = sd_scroll_animation_position(v->anim_from, v->anim_to, duration, animation_curve(v), t);
        s.velocity = 0;
        done = t >= duration;
    } else {
        return 0;
    }
    if (done) v->motion = SD_SCROLL_VIEW_NO_MOTION;
    v->tracked_velocity = done ? 0 : s.velocity;
    return set_offset(v, v->offset_x, s.position);
}

void sd_scroll_view_drag_rebase(sd_scroll_view *v) {
    double finger_y = v->has_finger ? v->finger_y : v->base_finger_y;
    sd_scroll_bounds b = sd_scroll_view_bounds(v);
    v->base_raw = sd_scroll_drag_raw(v->offset_y, &b, sd_scroll_view_dimension(v), (int)v->bounces);
    v->base_finger_y = finger_y;
}

/* Plans the release from the current offset; no motion when there is nothing to do or the input is rejected. */
static void release(sd_scroll_view *v, double content_velocity) {
    sd_scroll_bounds b = sd_scroll_view_bounds(v);
    sd_scroll_motion plan;
    sd_status status =
        sd_scroll_motion_release(v->offset_y, content_velocity, &b, v->rate, (int)v->bounces, &plan, NULL);
    v->tracked_velocity = 0;
    if (status != SD_OK || plan.kind == SD_SCROLL_MOTION_REST) {
        v->motion = SD_SCROLL_VIEW_NO_MOTION;
        return;
    }
    v->plan = plan;
    v->motion = SD_SCROLL_VIEW_RELEASE;
    v->motion_start = v->time;
    v->tracked_velocity = plan.velocity;
}

uint32_t sd_scroll_view_touch_down(sd_scroll_view *v, double x, double y) {
    if (!(sd_isfinite(x) && sd_isfinite(y))) return 0;
    if (v->tracking) (void)sd_scroll_view_touch_cancelled(v);
    v->tracking = 1;
    v->down_x = v->finger_x = clamp_length(x);
    v->down_y = v->finger_y = clamp_length(y);
    v->has_finger = 1;
    if (v->motion == SD_SCROLL_VIEW_RELEASE) {
        v->motion = SD_SCROLL_VIEW_NO_MOTION;
        v->tracked_velocity = 0;
    }
    return 0;
}

/* The location a move or lift goes to: clamped, or where the finger was. */
static void located(const sd_scroll_view *v, double *x, double *y) {
    if (sd_isfinite(*x) && sd_isfinite(*y)) {
        *x = clamp_length(*x);
        *y = clamp_length(*y);
    } else if (v->has_finger) {
        *x = v->finger_x;
        *y = v->finger_y;
    } else {
        *x = v->down_x;
        *y = v->down_y;
    }
}

/* The finger's velocity times the drag's slope at the finger's y: the content velocity. */
static double drag_velocity(const sd_scroll_view *v, double raw, const sd_scroll_bounds *b, double dimension,
                            double finger_vy) {
    return -clamp_velocity(finger_vy) * sd_scroll_drag_slope(raw, b, dimension, (int)v->bounces);
}

uint32_t sd_scroll_view_touch_moved(sd_scroll_view *v, double x, double y, double finger_vy) {
    if (!v->tracking) return 0;
    located(v, &x, &y);
    v->finger_moved = !(v->has_finger && x == v->finger_x && y == v->finger_y);
    v->has_finger = 1;
    v->finger_x = x;
    v->finger_y = y;
    /* The finger's velocity waits for the follow step. */
    v->pending_finger_vy = finger_vy;
    if (!v->dragging) {
        sd_scroll_bounds b = sd_scroll_view_bounds(v);
        if (y == v->down_y || !(v->always_bounce || b.max > b.min)) return 0;
        v->dragging = 1;
        /* The finger takes over from an animation as well. */
        v->motion = SD_SCROLL_VIEW_NO_MOTION;
        v->tracked_velocity = 0;
        v->rebase_pending = 1;
        return SD_SCROLL_VIEW_BEGAN;
    }
    return sd_scroll_view_drag_follow(v);
}

uint32_t sd_scroll_view_drag_follow(sd_scroll_view *v) {
    if (!v->dragging) return 0;
    const sd_scroll_bounds b = sd_scroll_view_bounds(v);
    const double dimension = sd_scroll_view_dimension(v);
    if (v->rebase_pending) {
        /* Observers of `.began` may have changed the insets: the reference is taken in the range from now on. */
        v->rebase_pending = 0;
        v->base_raw = sd_scroll_drag_raw(v->offset_y, &b, dimension, (int)v->bounces);
        v->base_finger_y = v->down_y;
    }
    double raw = v->base_raw - (v->finger_y - v->base_finger_y);
    v->tracked_velocity = drag_velocity(v, raw, &b, dimension, v->pending_finger_vy);
    uint32_t flags = set_offset(v, v->offset_x, sd_scroll_drag_offset(raw, &b, dimension, (int)v->bounces));
    /* UIKit reports every touch move, even one the edge swallows; a finger that holds still reports nothing. */
    return v->finger_moved ? flags | SD_SCROLL_VIEW_CHANGED : flags;
}

uint32_t sd_scroll_view_touch_up(sd_scroll_view *v, double x, double y, double finger_vy) {
    if (!v->tracking) return 0;
    located(v, &x, &y);
    /* Lifting somewhere else means the finger moved there first. */
    if (!(v->has_finger && x == v->finger_x && y == v->finger_y)) return SD_SCROLL_VIEW_MOVE_FIRST;
    uint32_t was_dragging = v->dragging;
    v->tracking = 0;
    v->dragging = 0;
    v->has_finger = 0;
    double content_velocity = 0;
    if (was_dragging) {
        sd_scroll_bounds b = sd_scroll_view_bounds(v);
        double raw = v->base_raw - (y - v->base_finger_y);
        content_velocity = drag_velocity(v, raw, &b, sd_scroll_view_dimension(v), finger_vy);
    }
    if (was_dragging || !animating(v)) release(v, content_velocity);
    return was_dragging ? SD_SCROLL_VIEW_ENDED : 0;
}

uint32_t sd_scroll_view_touch_cancelled(sd_scroll_view *v) {
    if (!v->tracking) return 0;
    uint32_t was_dragging = v->dragging;
    v->tracking = 0;
    v->dragging = 0;
    v->has_finger = 0;
    if (was_dragging || !animating(v)) release(v, 0);
    return was_dragging ? SD_SCROLL_VIEW_CANCELLED : 0;
}

uint32_t sd_scroll_view_update_offset(sd_scroll_view *v, double x, double y, int animated) {
    v->motion = SD_SCROLL_VIEW_NO_MOTION;
    v->tracked_velocity = 0;
    if (!(sd_isfinite(x) && sd_isfinite(y))) return 0;
    x = clamp_length(x);
    y = clamp_length(y);
    if (v->dragging) return set_offset(v, x, y) | SD_SCROLL_VIEW_REBASE;
    if (animated && y != v->offset_y) {
        double from = v->offset_y;
        v->motion = animated == SD_SCROLL_ANIMATED_SHORT ? SD_SCROLL_VIEW_SHORT_ANIMATION : SD_SCROLL_VIEW_ANIMATION;
        v->anim_from = from;
        v->anim_to = y;
        v->motion_start = v->time;
        return set_offset(v, x, from);
    }
    return set_offset(v, x, y);
}
