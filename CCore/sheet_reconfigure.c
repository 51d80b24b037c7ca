/*
 * sheet_reconfigure.c — the bottom sheet's first and last verbs of a
 * layout: sd_sheet_init (validate, put at rest) and sd_sheet_reconfigure (new
 * numbers, the same detent, in place once the configuration is accepted).
 */
#include "sheet_internal.h"

#include <string.h>

sd_status sd_sheet_init(sd_sheet *sheet, const sd_sheet_config *config, uint32_t initial_detent,
                        sd_error *err) {
    SD_CHECK_NULL(sheet, err, "sheet");
    sd_status st = sd_sheet_config_validate(config, err);
    if (st != SD_OK) return st;
    if (initial_detent >= config->detent_count)
        return sd_fail(err, SD_ERR_RANGE, "initial_detent", "must be < detent_count");
    sd_sheet s;
    memset(&s, 0, sizeof s);
    s.config = *config;
    s.state.detent = initial_detent;
    s.state.drag = SD_SHEET_DRAG_INACTIVE;
    s.state.flags = initial_detent == 0 ? SD_SHEET_STATE_SCROLL_ENABLED : 0u;
    s.state.top = sd__sheet_top(config, initial_detent);
    s.state.keyboard_detent = SD_SHEET_NO_DETENT;
    s.state.background_from =
        sd__sheet_background_rest(config, s.state.top, sd__sheet_presented_at(config, initial_detent));
    *sheet = s;
    return sd_succeed(err);
}

sd_status sd_sheet_reconfigure(sd_sheet *sheet, const sd_sheet_config *config, sd_error *err) {
    SD_CHECK_NULL(sheet, err, "sheet");
    sd_status status = sd_sheet_config_validate(config, err);
    if (status != SD_OK) return status;
    if (sheet->state.detent >= config->detent_count)
        return sd_fail(err, SD_ERR_RANGE, "detent_count", "must keep the sheet's current detent");

    /* Nothing below refuses: the sheet changes in place. */
    sd__sheet_step st;
    st.sh = sheet;
    memset(&st.a, 0, sizeof st.a);
    st.now = sheet->state.time;
    const sd__sheet_motion m = sd__sheet_motion_at(sheet, st.now);
    sheet->config = *config;
    const sd_sheet_config *next = &sheet->config;
    sd_sheet_state *s = &sheet->state;
    /* A finger-driven top held near the old container stays within reach of the new one (a shorter container
     * must not leave a top grabbed 1e9 points out beyond its range). */
    s->top = sd__sheet_drag_range(next, s->top);
    s->drag_base = sd__sheet_drag_range(next, s->drag_base);
    /* A keyboard is never taller than its container: a shorter one caps it
     * (the keyboard's next notification then gives its new frame). */
    s->keyboard_from = sd_min(s->keyboard_from, next->container_height);
    s->keyboard_to = sd_min(s->keyboard_to, next->container_height);
    /* A detent the new configuration does not have is no longer one the keyboard can return to. */
    if (s->keyboard_detent != SD_SHEET_NO_DETENT && s->keyboard_detent >= next->detent_count)
        s->keyboard_detent = SD_SHEET_NO_DETENT;
    /* A drag's seam moves with detent 0 (a finger-driven top stays where it is). */
    if (s->drag != SD_SHEET_DRAG_INACTIVE) s->drag_anchor = sd__sheet_rest_top(next, s, 0);
    if (m.running) {
        sd__sheet_move_to_detent(&st, m, 1, 0.0); /* same detent, new top, from where it is */
    } else if (s->drag == SD_SHEET_DRAG_INACTIVE || (s->flags & SD_SHEET_STATE_CONTENT_OWNS) ||
               (s->flags & SD_SHEET_STATE_CONSUMED)) {
        if (s->flags & SD_SHEET_STATE_ANIMATING) {
            /* Ended but not landed by a FRAME step yet: retarget at rest. */
            s->spring_to = sd__sheet_rest_top(next, s, s->detent);
            s->spring_from = s->spring_to;
            s->spring_velocity = 0;
            s->spring_rate = 0;
            s->spring_duration = 0;
            s->spring_start = st.now;
        }
        s->top = sd__sheet_rest_top(next, s, s->detent);
    }
    return sd_succeed(err);
}
