/*
 * pg_view.c — the playground's scroll view: SimScrollView
 * (Sources/ScrollDriveSim/ScrollViews/SimScrollView.swift) step for step, so
 * the page and `scrolldrive simulate` report the same offsets. Positions and
 * velocities come from simstep.h; this file keeps the touch state, the
 * clock and the order of reports.
 */
#include "playground.h"

#include <string.h>

#define PG_MAX_LENGTH 1e9
#define PG_MAX_VELOCITY 1e12

static double clamp_length(double x) {
    return x < -PG_MAX_LENGTH ? -PG_MAX_LENGTH : (x > PG_MAX_LENGTH ? PG_MAX_LENGTH : x);
}

static double clamp_velocity(double v) {
    if (v != v) return 0;
    return v < -PG_MAX_VELOCITY ? -PG_MAX_VELOCITY : (v > PG_MAX_VELOCITY ? PG_MAX_VELOCITY : v);
}

void pg_view_init(pg_view *v, int role) {
    memset(v, 0, sizeof *v);
    v->frame_height = 844;
    v->content_width = 390;
    v->content_height = 2400;
    v->bounces = 1;
    v->always_bounce = 1;
    v->rate = SD_DECELERATION_RATE_NORMAL;
    v->role = role;
}

sd_scroll_bounds pg_view_bounds(const pg_view *v) {
    sd_scroll_bounds b = {0, 0};
    if (!(sd_isfinite(v->inset_top) && sd_isfinite(v->inset_bottom) && sd_isfinite(v->content_height) &&
          sd_isfinite(v->frame_height)) ||
        sd_scroll_bounds_make(clamp_length(v->inset_top), clamp_length(v->inset_bottom),
                              clamp_length(v->content_height), clamp_length(v->frame_height), &b, NULL) != SD_OK) {
        b.min = v->offset_y;
        b.max = v->offset_y;
    }
    return b;
}

double pg_view_dimension(const pg_view *v) {
    double h = v->frame_height;
    return h > 0 && sd_isfinite(h) ? (h < PG_MAX_LENGTH ? h : PG_MAX_LENGTH) : 1;
}

int pg_view_phase(const pg_view *v) {
    if (v->dragging) return PG_DRAGGING;
    if (v->tracking) return PG_TOUCHING;
    if (v->motion == 1) {
        if (v->plan.kind == SD_SCROLL_MOTION_RETURN) return PG_BOUNCING;
        if (v->plan.kind == SD_SCROLL_MOTION_BOUNCE && v->time - v->motion_start >= v->plan.edge_time)
            return PG_BOUNCING;
        return PG_DECELERATING;
    }
    return v->motion == 2 ? PG_ANIMATING : PG_IDLE;
}

int pg_view_at_rest(const pg_view *v) { return !v->tracking && v->motion == 0; }

static void set_offset(pg_view *v, double x, double y) {
    if (x == v->offset_x && y == v->offset_y) return;
    v->offset_x = x;
    v->offset_y = y;
    if (v->observed) pg_surface_offset_changed(v);
}

static void report(pg_view *v, int state) {
    static const char *const names[] = {"", "began", "changed", "ended", "cancelled"};
    if (v->observed) pg_surface_pan(v, state);
    /* The PanRecorder observes last: repeats merged, joined with "+". */
    size_t len = strlen(v->pan);
    const char *name = names[state];
    const char *last = strrchr(v->pan, '+');
    last = last ? last + 1 : v->pan;
    if (len > 0 && strcmp(last, name) == 0) return;
    if (len + strlen(name) + 2 > sizeof v->pan) return;
    if (len > 0) v->pan[len++] = '+';
    strcpy(v->pan + len, name);
}

void pg_view_take_pan(pg_view *v, char *out, int size) {
    strncpy(out, v->pan, (size_t)size - 1);
    out[size - 1] = 0;
    v->pan[0] = 0;
}

void pg_view_advance(pg_view *v, double time) {
    if (!(time >= v->time)) return;
    v->time = time;
    if (v->motion == 1) {
        sd_motion_sample s = sd_scroll_motion_sample(&v->plan, time - v->motion_start);
        int done = sd_scroll_motion_done(&v->plan, time - v->motion_start) != 0;
        if (done) v->motion = 0;
        v->velocity = done ? 0 : s.velocity;
        set_offset(v, v->offset_x, s.position);
    } else if (v->motion == 2) {
        sd_motion_sample s = sd_scroll_animation_sample(v->anim_from, v->anim_to, SD_SCROLL_ANIMATION_DURATION,
                                                        &sd_timing_ease_in_out, time - v->motion_start);
        int done = time - v->motion_start >= SD_SCROLL_ANIMATION_DURATION;
        if (done) v->motion = 0;
        v->velocity = done ? 0 : s.velocity;
        set_offset(v, v->offset_x, s.position);
    }
}

static void rebase_drag(pg_view *v, double finger_y) {
    sd_scroll_bounds b = pg_view_bounds(v);
    v->base_raw = sd_scroll_drag_raw(v->offset_y, &b, pg_view_dimension(v), v->bounces);
    v->base_finger_y = finger_y;
}

static void release(pg_view *v, double content_velocity) {
    sd_scroll_bounds b = pg_view_bounds(v);
    sd_scroll_motion plan;
    sd_status status = sd_scroll_motion_release(v->offset_y, content_velocity, &b, v->rate, v->bounces, &plan, NULL);
    v->velocity = 0;
    if (status != SD_OK || plan.kind == SD_SCROLL_MOTION_REST) {
        v->motion = 0;
        return;
    }
    v->plan = plan;
    v->motion = 1;
    v->motion_start = v->time;
    v->velocity = plan.velocity;
}

void pg_view_touch_down(pg_view *v, double x, double y) {
    if (!(sd_isfinite(x) && sd_isfinite(y))) return;
    x = clamp_length(x);
    y = clamp_length(y);
    if (v->tracking) pg_view_touch_cancelled(v);
    v->tracking = 1;
    v->down_x = x;
    v->down_y = y;
    v->has_finger = 1;
    v->finger_x = x;
    v->finger_y = y;
    if (v->motion == 1) {
        v->motion = 0;
        v->velocity = 0;
    }
}

/* The location a move or lift goes to: clamped, or where the finger was. */
static void located(const pg_view *v, double *x, double *y) {
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

void pg_view_touch_moved(pg_view *v, double x, double y, double finger_vy) {
    if (!v->tracking) return;
    located(v, &x, &y);
    int moved = !(v->has_finger && x == v->finger_x && y == v->finger_y);
    v->has_finger = 1;
    v->finger_x = x;
    v->finger_y = y;
    if (!v->dragging) {
        sd_scroll_bounds b = pg_view_bounds(v);
        if (y == v->down_y || !(v->always_bounce || b.max > b.min)) return;
        v->dragging = 1;
        v->motion = 0;
        v->velocity = 0;
        report(v, PG_PAN_BEGAN);
        rebase_drag(v, v->down_y);
    }
    sd_scroll_bounds b = pg_view_bounds(v);
    double raw = v->base_raw - (y - v->base_finger_y);
    double dim = pg_view_dimension(v);
    v->velocity = -clamp_velocity(finger_vy) * sd_scroll_drag_slope(raw, &b, dim, v->bounces);
    set_offset(v, v->offset_x, sd_scroll_drag_offset(raw, &b, dim, v->bounces));
    if (moved) report(v, PG_PAN_CHANGED);
}

void pg_view_touch_up(pg_view *v, double x, double y, double finger_vy) {
    if (!v->tracking) return;
    located(v, &x, &y);
    if (!(v->has_finger && x == v->finger_x && y == v->finger_y)) pg_view_touch_moved(v, x, y, finger_vy);
    int was_dragging = v->dragging;
    v->tracking = 0;
    v->dragging = 0;
    v->has_finger = 0;
    double content_velocity = 0;
    if (was_dragging) {
        sd_scroll_bounds b = pg_view_bounds(v);
        double raw = v->base_raw - (y - v->base_finger_y);
        content_velocity = -clamp_velocity(finger_vy) * sd_scroll_drag_slope(raw, &b, pg_view_dimension(v), v->bounces);
    }
    if (was_dragging || v->motion != 2) release(v, content_velocity);
    if (was_dragging) report(v, PG_PAN_ENDED);
}

void pg_view_touch_cancelled(pg_view *v) {
    if (!v->tracking) return;
    int was_dragging = v->dragging;
    v->tracking = 0;
    v->dragging = 0;
    v->has_finger = 0;
    if (was_dragging || v->motion != 2) release(v, 0);
    if (was_dragging) report(v, PG_PAN_CANCELLED);
}

void pg_view_update_offset(pg_view *v, double x, double y, int animated) {
    v->motion = 0;
    v->velocity = 0;
    if (!(sd_isfinite(x) && sd_isfinite(y))) return;
    x = clamp_length(x);
    y = clamp_length(y);
    if (v->dragging) {
        set_offset(v, x, y);
        rebase_drag(v, v->has_finger ? v->finger_y : v->base_finger_y);
        return;
    }
    if (animated && y != v->offset_y) {
        double from = v->offset_y;
        set_offset(v, x, from);
        v->motion = 2;
        v->anim_from = from;
        v->anim_to = y;
        v->motion_start = v->time;
    } else {
        set_offset(v, x, y);
    }
}
