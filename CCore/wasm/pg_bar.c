/*
 * pg_bar.c — the playground's bar: what BarController (default reducer) and
 * BarSurface do with one full-screen scroll view
 * (Sources/ScrollDrive/Bar/BarController.swift,
 * Sources/ScrollDriveSim/Surfaces/BarSurface.swift). Every report becomes
 * one sd_bar_step at the controller's clock, which the simulator never
 * moves (time 0), and the actions are performed in the order
 * sd_bar_actions documents.
 */
#include "playground.h"

pg_view pg_bar_view;
static sd_bar bar;

static sd_scroll_geometry geometry(const pg_view *v) {
    sd_scroll_geometry g = {v->sv.inset_top, v->sv.inset_bottom, v->sv.content_height, v->sv.frame_height};
    return g;
}

static void perform(const sd_bar_actions *a, pg_view *v) {
    int first = (a->flags & SD_BAR_ACTION_SCROLL_FIRST) != 0;
    int scroll = (a->flags & SD_BAR_ACTION_SCROLL) != 0;
    int animated = (a->flags & SD_BAR_ACTION_ANIMATED) != 0;
    if (first && scroll) pg_view_update_offset(v, v->sv.offset_x, a->target_y, animated);
    if (a->flags & SD_BAR_ACTION_INSET_BOTTOM) v->sv.inset_bottom = a->inset_bottom;
    if (a->flags & SD_BAR_ACTION_INSET_TOP) v->sv.inset_top = a->inset_top;
    if (!first && scroll) pg_view_update_offset(v, v->sv.offset_x, a->target_y, animated);
}

static void step(const sd_bar_event *e, pg_view *v, int act) {
    sd_bar_actions actions;
    if (sd_bar_step(&bar, e, &actions, NULL) == SD_OK && act) perform(&actions, v);
}

int pg_bar_start(const sd_bar_config *config, const pg_view *screen, sd_error *err) {
    sd_bar fresh;
    if (sd_bar_init(&fresh, config, err) != SD_OK) return 0;
    bar = fresh;
    pg_bar_view = *screen;
    pg_view *v = &pg_bar_view;
    v->observed = 0;
    /* set(scrollable:): attach, preconfigure (not yet observing), observe. */
    sd_bar_event e = sd_bar_event_attach(bar.time);
    step(&e, v, 0);
    e = sd_bar_event_preconfigure(bar.time, v->sv.frame_height, v->sv.content_height, v->sv.offset_y);
    step(&e, v, 1);
    v->observed = 1;
    /* BarSurface reports the offset once, as a layout pass would. */
    pg_bar_offset_changed(v);
    return 1;
}

void pg_bar_offset_changed(pg_view *v) {
    sd_bar_event e = sd_bar_event_offset(0, v->sv.offset_x, v->sv.offset_y, geometry(v));
    step(&e, v, 0);
}

void pg_bar_pan(pg_view *v, int state) {
    sd_bar_event e;
    switch (state) {
    case PG_PAN_BEGAN: e = sd_bar_event_pan_began(bar.time, v->sv.offset_y); break;
    case PG_PAN_CHANGED: e = sd_bar_event_pan_changed(bar.time, v->sv.offset_y); break;
    case PG_PAN_ENDED: e = sd_bar_event_pan_ended(bar.time, v->sv.offset_y); break;
    default: return;
    }
    step(&e, v, 1);
}

/* bar_offset, bar_height, bar_progress, bar_available, bar_inset. */
int pg_bar_values(double *out) {
    out[0] = bar.state.offset;
    out[1] = -bar.state.offset;
    out[2] = sd_bar_progress(&bar.config, bar.state.offset);
    out[3] = bar.state.expanded_available;
    out[4] = pg_bar_view.sv.inset_top;
    return 5;
}
