/*
 * sheet_validate.c — sd_sheet_validate: a whole sheet, configuration and
 * state together, checked as a restored or received one must be before it
 * is stepped (every state sd_sheet_init, sd_sheet_step and
 * sd_sheet_reconfigure reach passes).
 */
#include "sheet_internal.h"

sd_status sd_sheet_validate(const sd_sheet *sheet, sd_error *err) {
    SD_CHECK_NULL(sheet, err, "sheet");
    sd_status st = sd_sheet_config_validate(&sheet->config, err);
    if (st != SD_OK) return st;
    const sd_sheet_config *c = &sheet->config;
    const sd_sheet_state *s = &sheet->state;
    const uint32_t all_flags = SD_SHEET_STATE_MOVING | SD_SHEET_STATE_ANIMATING | SD_SHEET_STATE_SCROLL_ENABLED |
                               SD__SHEET_GESTURE_FLAGS | SD_SHEET_STATE_DISABLE_PENDING;
    if (s->detent >= c->detent_count) return sd_fail(err, SD_ERR_STATE, "state.detent", "must be < detent_count");
    if (s->drag > SD_SHEET_DRAG_DRAGGING) return sd_fail(err, SD_ERR_STATE, "state.drag", "must be an sd_sheet_drag");
    if (s->flags & ~all_flags) return sd_fail(err, SD_ERR_STATE, "state.flags", "only SD_SHEET_STATE_* bits");
    if (s->reserved != 0) return sd_fail(err, SD_ERR_STATE, "state.reserved", "must be 0");
    SD_STATE_FINITE(s->time, err, "state.time");
    if (s->time < 0) return sd_fail(err, SD_ERR_STATE, "state.time", "must be >= 0");
    SD_STATE_FINITE(s->top, err, "state.top");
    SD_STATE_FINITE(s->velocity, err, "state.velocity");
    SD_STATE_FINITE(s->translation, err, "state.translation");
    SD_STATE_FINITE(s->drag_time, err, "state.drag_time");
    SD_STATE_FINITE(s->drag_base, err, "state.drag_base");
    SD_STATE_FINITE(s->content_offset, err, "state.content_offset");
    SD_STATE_FINITE(s->spring_from, err, "state.spring_from");
    SD_STATE_FINITE(s->spring_velocity, err, "state.spring_velocity");
    SD_STATE_FINITE(s->spring_to, err, "state.spring_to");
    SD_STATE_FINITE(s->spring_start, err, "state.spring_start");
    SD_STATE_FINITE(s->spring_duration, err, "state.spring_duration");
    SD_STATE_FINITE(s->background_from, err, "state.background_from");
    SD_STATE_FINITE(s->background_start, err, "state.background_start");
    SD_STATE_FINITE(s->scroll_disable_time, err, "state.scroll_disable_time");
    SD_STATE_FINITE(s->spring_rate, err, "state.spring_rate");
    const double low = -SD_SHEET_MAX_LENGTH, high = c->container_height + SD_SHEET_MAX_LENGTH;
    if (!(s->top >= low && s->top <= high))
        return sd_fail(err, SD_ERR_STATE, "state.top", "must be within 1e9 points of the container");
    if (!(s->drag_base >= low && s->drag_base <= high))
        return sd_fail(err, SD_ERR_STATE, "state.drag_base", "must be within 1e9 points of the container");
    if (!(__builtin_fabs(s->content_offset) <= SD_SHEET_MAX_LENGTH))
        return sd_fail(err, SD_ERR_STATE, "state.content_offset", "must be within +-1e9 points");
    if (s->drag_time > s->time) return sd_fail(err, SD_ERR_STATE, "state.drag_time", "must not be after the clock");
    if (s->background_start > s->time)
        return sd_fail(err, SD_ERR_STATE, "state.background_start", "must not be after the clock");
    if (s->spring_start > s->time)
        return sd_fail(err, SD_ERR_STATE, "state.spring_start", "must not be after the clock");
    if (s->spring_duration < 0) return sd_fail(err, SD_ERR_STATE, "state.spring_duration", "must be >= 0");
    if (s->spring_rate < 0) return sd_fail(err, SD_ERR_STATE, "state.spring_rate", "must be >= 0");
    const int pending = (s->flags & SD_SHEET_STATE_DISABLE_PENDING) != 0;
    const int enabled = (s->flags & SD_SHEET_STATE_SCROLL_ENABLED) != 0;
    if (pending && (s->detent == 0 || !enabled || !(s->scroll_disable_time > 0)))
        return sd_fail(err, SD_ERR_STATE, "state.scroll_disable_time",
                       "a pending disable needs detent != 0, the scroll view enabled and a time > 0");
    if (!pending && s->scroll_disable_time != 0)
        return sd_fail(err, SD_ERR_STATE, "state.scroll_disable_time", "must be 0 with no disable pending");
    if (enabled != (s->detent == 0 || pending))
        return sd_fail(err, SD_ERR_STATE, "state.flags", "the inner scroll view is enabled exactly at detent 0");
    if (s->drag == SD_SHEET_DRAG_INACTIVE && (s->flags & SD__SHEET_GESTURE_FLAGS))
        return sd_fail(err, SD_ERR_STATE, "state.flags", "a drag's flags with no drag");
    if (s->drag != SD_SHEET_DRAG_DRAGGING && s->translation != 0)
        return sd_fail(err, SD_ERR_STATE, "state.translation", "must be 0 unless dragging");
    if (s->drag == SD_SHEET_DRAG_INACTIVE && !(s->flags & SD_SHEET_STATE_ANIMATING) &&
        !(s->top == sd__sheet_rest_top(c, s, s->detent)))
        return sd_fail(err, SD_ERR_STATE, "state.top", "a sheet at rest must be on its detent's rest top");
    SD_STATE_FINITE(s->drag_anchor, err, "state.drag_anchor");
    if (s->drag == SD_SHEET_DRAG_INACTIVE && s->drag_anchor != 0)
        return sd_fail(err, SD_ERR_STATE, "state.drag_anchor", "must be 0 with no drag");
    if (!(s->drag_anchor >= low && s->drag_anchor <= high))
        return sd_fail(err, SD_ERR_STATE, "state.drag_anchor", "must be within 1e9 points of the container");
    /* The keyboard. */
    SD_STATE_FINITE(s->keyboard_from, err, "state.keyboard_from");
    SD_STATE_FINITE(s->keyboard_to, err, "state.keyboard_to");
    SD_STATE_FINITE(s->keyboard_start, err, "state.keyboard_start");
    SD_STATE_FINITE(s->keyboard_duration, err, "state.keyboard_duration");
    if (!(s->keyboard_from >= 0 && s->keyboard_from <= SD_SHEET_MAX_LENGTH))
        return sd_fail(err, SD_ERR_STATE, "state.keyboard_from", "must be within 0...1e9 points");
    if (!(s->keyboard_to >= 0 && s->keyboard_to <= SD_SHEET_MAX_LENGTH))
        return sd_fail(err, SD_ERR_STATE, "state.keyboard_to", "must be within 0...1e9 points");
    if (!(s->keyboard_from <= sheet->config.container_height))
        return sd_fail(err, SD_ERR_STATE, "state.keyboard_from", "must be <= container_height");
    if (!(s->keyboard_to <= sheet->config.container_height))
        return sd_fail(err, SD_ERR_STATE, "state.keyboard_to", "must be <= container_height");
    if (!(s->keyboard_duration >= 0 && s->keyboard_duration <= SD_SHEET_MAX_KEYBOARD_DURATION))
        return sd_fail(err, SD_ERR_STATE, "state.keyboard_duration", "must be within 0...10 s");
    if (s->keyboard_start > s->time)
        return sd_fail(err, SD_ERR_STATE, "state.keyboard_start", "must not be after the clock");
    if (!sd_sheet_curve_valid(s->keyboard_curve))
        return sd_fail(err, SD_ERR_STATE, "state.keyboard_curve", "must be an SD_SHEET_CURVE_*");
    if (s->keyboard_detent != SD_SHEET_NO_DETENT && s->keyboard_detent >= c->detent_count)
        return sd_fail(err, SD_ERR_STATE, "state.keyboard_detent", "must be < detent_count or SD_SHEET_NO_DETENT");
    if (s->move_curve != 0 && (!(s->flags & SD_SHEET_STATE_ANIMATING) || !sd_sheet_curve_valid(s->move_curve - 1u)))
        return sd_fail(err, SD_ERR_STATE, "state.move_curve",
                       "a keyboard move (1 + an SD_SHEET_CURVE_*) only while a move runs");
    if (s->keyboard_reserved != 0) return sd_fail(err, SD_ERR_STATE, "state.keyboard_reserved", "must be 0");
    return sd_succeed(err);
}
