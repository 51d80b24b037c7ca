/*
 * pg_view.c — the playground's scroll view: the core's sd_scroll_view
 * (scrollview.h) with the surface's observers, called in the order the
 * machine's flags give, as SimScrollView calls its own; the pan record is
 * the simulator's PanRecorder.
 */
#include "playground.h"

#include <string.h>

void pg_view_init(pg_view *v, int role) {
    memset(v, 0, sizeof *v);
    sd_scroll_view_config c = sd_scroll_view_config_default();
    (void)sd_scroll_view_init(&v->sv, &c, NULL); /* the default configuration is valid */
    v->content_width = 390;
    v->role = role;
}

sd_scroll_bounds pg_view_bounds(const pg_view *v) { return sd_scroll_view_bounds(&v->sv); }

double pg_view_dimension(const pg_view *v) { return sd_scroll_view_dimension(&v->sv); }

int pg_view_phase(const pg_view *v) { return (int)sd_scroll_view_phase_of(&v->sv); }

int pg_view_at_rest(const pg_view *v) { return sd_scroll_view_at_rest(&v->sv); }

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

/* What a step of the machine says, reported in scrollview.h's order. */
static void deliver(pg_view *v, uint32_t flags) {
    if ((flags & SD_SCROLL_VIEW_OFFSET) && v->observed) pg_surface_offset_changed(v);
    if (flags & SD_SCROLL_VIEW_CHANGED) report(v, PG_PAN_CHANGED);
    if (flags & SD_SCROLL_VIEW_ENDED) report(v, PG_PAN_ENDED);
    if (flags & SD_SCROLL_VIEW_CANCELLED) report(v, PG_PAN_CANCELLED);
}

void pg_view_take_pan(pg_view *v, char *out, int size) {
    strncpy(out, v->pan, (size_t)size - 1);
    out[size - 1] = 0;
    v->pan[0] = 0;
}

void pg_view_advance(pg_view *v, double time) { deliver(v, sd_scroll_view_advance(&v->sv, time)); }

void pg_view_touch_down(pg_view *v, double x, double y) {
    if (!(sd_isfinite(x) && sd_isfinite(y))) return;
    if (v->sv.tracking) pg_view_touch_cancelled(v);
    deliver(v, sd_scroll_view_touch_down(&v->sv, x, y));
}

void pg_view_touch_moved(pg_view *v, double x, double y, double finger_vy) {
    uint32_t flags = sd_scroll_view_touch_moved(&v->sv, x, y, finger_vy);
    if (flags & SD_SCROLL_VIEW_BEGAN) {
        report(v, PG_PAN_BEGAN);
        flags = sd_scroll_view_drag_follow(&v->sv);
    }
    deliver(v, flags);
}

void pg_view_touch_up(pg_view *v, double x, double y, double finger_vy) {
    uint32_t flags = sd_scroll_view_touch_up(&v->sv, x, y, finger_vy);
    if (flags & SD_SCROLL_VIEW_MOVE_FIRST) {
        pg_view_touch_moved(v, x, y, finger_vy);
        flags = sd_scroll_view_touch_up(&v->sv, x, y, finger_vy);
    }
    deliver(v, flags);
}

void pg_view_touch_cancelled(pg_view *v) { deliver(v, sd_scroll_view_touch_cancelled(&v->sv)); }

void pg_view_update_offset(pg_view *v, double x, double y, int animated) {
    uint32_t flags = sd_scroll_view_update_offset(&v->sv, x, y, animated);
    deliver(v, flags);
    if (flags & SD_SCROLL_VIEW_REBASE) sd_scroll_view_drag_rebase(&v->sv);
}
