/*
 * sheet_keyboard.c — the bottom sheet and the keyboard: SD_SHEET_EVENT_KEYBOARD
 * stepped (sd_sheet_step calls it once the event is checked), the keyboard's
 * height animated, the sheet taken to detent 0 and back, and to its rest top
 * along the keyboard's curve. Where the keyboard holds the sheet is
 * sd__sheet_rest_top (sheet_internal.h); its height at a time, sheet_frame.c.
 */
#include "sheet_internal.h"

/* The keyboard's move of the sheet to its (committed) detent's rest top
 * along the keyboard's `curve` over `duration` seconds, from where the sheet
 * is (at once for 0 s or nothing to move). */
static void move_along_keyboard(sd__sheet_step *st, uint32_t curve, double duration) {
    sd_sheet_state *s = &st->sh->state;
    const sd__sheet_motion m = sd__sheet_motion_at(st->sh, st->now);
    const double to = sd__sheet_rest_top(&st->sh->config, s, s->detent);
    if (!(duration > 0) || (!m.running && m.position == to)) {
        sd__sheet_stop_spring(st);
        sd__sheet_land(st);
        return;
    }
    sd__sheet_start_motion(st, m.position, 0.0, to, duration, 0.0, curve + 1u);
}

/* The keyboard moves: its height animates from where it is to its new one.
 * With no finger down, EXTEND, INTERACTIVE and FILL_PARENT take a shown
 * sheet to detent 0 when it appears and back when it goes, and the sheet
 * moves to its detent's rest top when that changed (see
 * SD_SHEET_EVENT_KEYBOARD). */
void sd__sheet_on_keyboard(sd__sheet_step *st, const sd_sheet_event *e) {
    const sd_sheet_config *c = &st->sh->config;
    sd_sheet_state *s = &st->sh->state;
    const double was = s->keyboard_to;
    const uint32_t detent_before = s->detent;
    const double rest_before = sd__sheet_rest_top(c, s, s->detent);
    const double now = sd__sheet_keyboard_at(s, st->now).position;
    const double height = sd_min(sd_max(c->container_height - e->translation, 0.0), c->container_height);
    s->keyboard_from = e->velocity > 0 ? now : height;
    s->keyboard_to = height;
    s->keyboard_start = st->now;
    s->keyboard_duration = e->velocity;
    s->keyboard_curve = e->detent;
    /* The sheet stays under a finger that has it; one whose drag an
     * overscroll return or a move took over (CONSUMED) no longer holds it. */
    if (s->drag != SD_SHEET_DRAG_INACTIVE && !(s->flags & SD_SHEET_STATE_CONSUMED)) return;
    if (!(was > 0) && height > 0) {
        /* Appearing: a shown sheet goes to detent 0 and remembers where it was. */
        if (sd__sheet_keyboard_holds(c) && s->detent != sd__sheet_dismissed(c)) {
            s->keyboard_detent = s->detent;
            sd__sheet_commit(st, 0);
        }
    } else if (was > 0 && !(height > 0)) {
        /* Going: back to where it came from, unless it was moved meanwhile. */
        const uint32_t back = s->keyboard_detent;
        s->keyboard_detent = SD_SHEET_NO_DETENT;
        if (back != SD_SHEET_NO_DETENT && s->detent == 0 && back < c->detent_count) sd__sheet_commit(st, back);
    }
    if (s->detent != detent_before || sd__sheet_rest_top(c, s, s->detent) != rest_before)
        move_along_keyboard(st, e->detent, e->velocity);
}
