/*
 * sheet_frame.c — the bottom sheet at a time: where the sheet is (a spring
 * sampled in closed form, a finger-driven top, or a detent), the backdrop,
 * the background's eased move, and the frame a view applies
 * (sd_sheet_frame_at), all pure functions of the sheet and the time.
 */
#include "sheet_internal.h"

#include <math.h>

sd__sheet_motion sd__sheet_motion_running(const sd_sheet *sh, double t) {
    const sd_sheet_state *s = &sh->state;
    sd__sheet_motion m;
    /* A spring that has ended shows its target at rest, also before the
     * FRAME step that lands it, so a frame does not depend on whether that
     * step has come yet. */
    if (sd__transition_ended(s->spring_start, s->spring_duration, t)) {
        m.position = s->spring_to;
        m.velocity = 0;
        m.running = 0;
    } else if (s->move_curve != 0) {
        /* A move along the keyboard's curve and duration (sheet_keyboard.c). */
        sd_motion_sample x = sd_scroll_animation_sample(s->spring_from, s->spring_to, s->spring_duration,
                                                        sd__sheet_curve(s->move_curve - 1u), t - s->spring_start);
        m.position = x.position;
        m.velocity = x.velocity;
        m.running = 1;
    } else if (s->spring_rate > 0) {
        /* SD_SHEET_OPTION_REDUCED_MOTION: critically damped from rest. */
        const double w = s->spring_rate, a = s->spring_from - s->spring_to;
        const double dt = t > s->spring_start ? t - s->spring_start : 0.0;
        const double decay = exp(-w * dt);
        m.position = s->spring_to + a * (1.0 + w * dt) * decay;
        m.velocity = -a * w * w * dt * decay;
        m.running = 1;
    } else {
        sd_motion_sample x =
            sd_spring_sample(&sh->config.spring, s->spring_from, s->spring_velocity, s->spring_to, t - s->spring_start);
        m.position = x.position;
        m.velocity = x.velocity;
        m.running = 1;
    }
    return m;
}

sd_motion_sample sd__sheet_keyboard_at(const sd_sheet_state *s, double t) {
    if (!sd__sheet_keyboard_running(s, t)) {
        sd_motion_sample rest = { s->keyboard_to, 0.0 };
        return rest;
    }
    return sd_scroll_animation_sample(s->keyboard_from, s->keyboard_to, s->keyboard_duration,
                                      sd__sheet_curve(s->keyboard_curve), t - s->keyboard_start);
}

double sd_sheet_keyboard_height_at(const sd_sheet *sheet, double time) {
    if (!sheet || !sd_isfinite(time)) return 0.0;
    return sd__sheet_keyboard_at(&sheet->state, time).position;
}

sd_status sd_sheet_rest_top(const sd_sheet *sheet, uint32_t index, double *top) {
    if (!sheet || !top) return SD_ERR_NULL;
    if (index >= sheet->config.detent_count) return SD_ERR_RANGE;
    *top = sd__sheet_rest_top(&sheet->config, &sheet->state, index);
    return SD_OK;
}

/* The background's move under way (see sd__sheet_background_at). */
double sd__sheet_background_easing(const sd_sheet *sh, double t, double rest) {
    const sd_sheet_config *c = &sh->config;
    const sd_sheet_state *s = &sh->state;
    double elapsed = t - s->background_start;
    double progress = sd_timing_curve_value(&sd_timing_ease_out, elapsed / c->background_duration);
    return sd__lerp(s->background_from, rest, progress);
}

sd_status sd_sheet_frame_at(const sd_sheet *sheet, double time, sd_sheet_frame *frame) {
    if (!sheet || !frame) return SD_ERR_NULL;
    if (!sd_isfinite(time)) return SD_ERR_NOT_FINITE;
    const sd_sheet_config *c = &sheet->config;
    const sd_sheet_state *s = &sheet->state;
    const sd__sheet_motion m = sd__sheet_motion_at(sheet, time);
    const int presented = sd__sheet_presented_at(c, s->detent);
    sd_sheet_frame f;
    f.top = m.position;
    f.velocity = m.velocity;
    f.backdrop_alpha = sd__sheet_frame_alpha(c, s, m.position, presented);
    f.background_offset = sd__sheet_background_at(sheet, time, m.position);
    f.translation = s->drag == SD_SHEET_DRAG_DRAGGING ? s->translation : 0.0;
    /* The disable the overscroll return put off shows from its time on, as
     * after the step that performs it. */
    const int disabled_by_now = (s->flags & SD_SHEET_STATE_DISABLE_PENDING) && time >= s->scroll_disable_time;
    /* (A content offset of -0 stays -0 there, as the step that disables it keeps it.) */
    f.content_offset = disabled_by_now && s->content_offset != 0 ? 0.0 : s->content_offset;
    f.detent = s->detent;
    f.drag = s->drag;
    f.flags = 0;
    f.reserved = 0;
    if ((s->flags & SD_SHEET_STATE_SCROLL_ENABLED) && !disabled_by_now) f.flags |= SD_SHEET_FRAME_SCROLL_ENABLED;
    if (m.running) f.flags |= SD_SHEET_FRAME_ANIMATING;
    if (presented) f.flags |= SD_SHEET_FRAME_PRESENTED;
    if (s->drag != SD_SHEET_DRAG_INACTIVE && (s->flags & SD_SHEET_STATE_CONTENT_OWNS))
        f.flags |= SD_SHEET_FRAME_CONTENT_SCROLLS;
    if (sd__sheet_undimmed(c, s->detent)) f.flags |= SD_SHEET_FRAME_BACKGROUND_INTERACTIVE;
    if (c->options & SD_SHEET_OPTION_REDUCED_MOTION) f.flags |= SD_SHEET_FRAME_REDUCED_MOTION;
    /* The keyboard over the sheet's visible part, [top, container_height]. */
    f.keyboard_overlap = 0;
    if (s->keyboard_to > 0 || s->keyboard_from > 0) {
        const double k = sd__sheet_keyboard_at(s, time).position;
        const double visible = c->container_height - m.position;
        if (k > 0 && visible > 0) f.keyboard_overlap = sd_min(k, visible);
    }
    *frame = f;
    return SD_OK;
}

sd_status sd_sheet_motion_batch(const sd_sheet *sheet, const double *times, size_t count, double *tops,
                                double *velocities, sd_error *err) {
    SD_CHECK_NULL(sheet, err, "sheet");
    if (count > 0 && !times) return sd_fail(err, SD_ERR_NULL, "times", "must not be NULL");
    if (count > 0 && !tops) return sd_fail(err, SD_ERR_NULL, "tops", "must not be NULL");
    for (size_t i = 0; i < count; i++)
        if (!sd_isfinite(times[i])) return sd_fail(err, SD_ERR_NOT_FINITE, "times", "must be finite");
    for (size_t i = 0; i < count; i++) {
        const sd__sheet_motion m = sd__sheet_motion_at(sheet, times[i]);
        tops[i] = m.position;
        if (velocities) velocities[i] = m.velocity;
    }
    return sd_succeed(err);
}

int sd_sheet_needs_frames(const sd_sheet *sheet, double time) {
    if (!sheet || !sd_isfinite(time)) return 0;
    const sd_sheet_state *s = &sheet->state;
    if ((s->flags & (SD_SHEET_STATE_ANIMATING | SD_SHEET_STATE_DISABLE_PENDING)) || s->drag != SD_SHEET_DRAG_INACTIVE)
        return 1;
    if (s->keyboard_from != s->keyboard_to && sd__sheet_keyboard_running(s, time)) return 1;
    /* An eased move of the background that starts at its rest shows no change. */
    return sd__sheet_background_eases(sheet, time) &&
           s->background_from != sd__sheet_background_rest_at(sheet, sd__sheet_motion_at(sheet, time).position);
}

int sd_sheet_is_presented(const sd_sheet *sheet) {
    return sheet ? sd__sheet_presented_at(&sheet->config, sheet->state.detent) : 0;
}
