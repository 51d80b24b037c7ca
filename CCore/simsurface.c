/*
 * simsurface.c — the simulated surfaces' scroll views (what SimScrollView
 * does around the core's sd_scroll_view: report to its observers in the
 * order scrollview.h gives) and the simulated bar (what BarController and
 * BarSurface do with one scroll view, Sources/ScrollDrive/Bar and
 * Sources/ScrollDriveSim/Surfaces/BarSurface.swift).
 */
#include "simsurface_internal.h"
#include "bar_internal.h"

#include <string.h>

_Static_assert(sizeof(sd_sim_view) == 312, "sd_sim_view is 312 bytes");
_Static_assert(sizeof(sd_sim_bar) == 440, "sd_sim_bar is 440 bytes");
_Static_assert(sizeof(sd_sim_pulldown) == 1680, "sd_sim_pulldown is 1680 bytes");
_Static_assert(sizeof(sd_sim_sheet) == 816, "sd_sim_sheet is 816 bytes");

/* ---- the views ---------------------------------------------------------- */

void sd__sim_view_init(sd_sim_view *v, uint32_t role) {
    memset(v, 0, sizeof *v);
    sd_scroll_view_config c = sd_scroll_view_config_default();
    (void)sd_scroll_view_init(&v->sv, &c, NULL); /* the default configuration is valid */
    v->role = role;
}

void sd_sim_view_take_pans(sd_sim_view *v) {
    if (v) v->pan_count = 0;
}

/*
 * The views' steps are inline: the bar below calls them with its owner a
 * constant, so its reports go straight to its observer; the exported
 * sd__sim_view_* serve the panel and the sheet (their own files).
 */
SD_INLINE sd_scroll_geometry bar_geometry(const sd_scroll_view *sv) {
    sd_scroll_geometry g = { sv->inset_top, sv->inset_bottom, sv->content_height, sv->frame_height };
    return g;
}

/* BarController's offset report, at time 0 (the controller's clock rule;
 * an offset's actions are state changes only): inline, every frame of the
 * bar's moving view goes through it. */
SD_INLINE void bar_offset_report(sd_sim_bar *s, const sd_sim_view *v) {
    const sd_scroll_geometry g = bar_geometry(&v->sv);
    uint32_t changed;
    (void)sd_bar_report_offset_inline(&s->bar, v->sv.offset_x, v->sv.offset_y, &g, &changed);
}

SD_INLINE void observe(sim_owner o, sd_sim_view *v, int what) {
    switch (o.kind) {
    case SIM_BAR:
        if (what == SIM_OFFSET) bar_offset_report((sd_sim_bar *)o.surface, v);
        else sd__sim_bar_observe((sd_sim_bar *)o.surface, v, what);
        break;
    case SIM_SHEET: sd__sim_sheet_observe((sd_sim_sheet *)o.surface, v, what); break;
    case SIM_REFRESH: sd__sim_refresh_observe((sd_sim_refresh *)o.surface, v, what); break;
    default: sd__sim_pulldown_observe((sd_sim_pulldown *)o.surface, v, what); break;
    }
}

/* A pan state: the surface hears it when it observes the view, then the log keeps it. */
SD_INLINE void report_pan(sim_owner o, sd_sim_view *v, int state) {
    if (v->observed) observe(o, v, state);
    if (v->pan_count < SD_SIM_PAN_LOG) v->pan_log[v->pan_count] = (uint8_t)state;
    v->pan_count++;
}

/* What a step of the scroll view says, in scrollview.h's order. */
SD_INLINE void deliver(sim_owner o, sd_sim_view *v, uint32_t flags) {
    if ((flags & SD_SCROLL_VIEW_OFFSET) && v->observed) observe(o, v, SIM_OFFSET);
    if (flags & SD_SCROLL_VIEW_CHANGED) report_pan(o, v, SD_SIM_PAN_CHANGED);
    if (flags & SD_SCROLL_VIEW_ENDED) report_pan(o, v, SD_SIM_PAN_ENDED);
    if (flags & SD_SCROLL_VIEW_CANCELLED) report_pan(o, v, SD_SIM_PAN_CANCELLED);
}

SD_INLINE void view_advance(sim_owner o, sd_sim_view *v, double time) {
    deliver(o, v, sd_scroll_view_advance(&v->sv, time));
}

void sd__sim_view_advance(sim_owner o, sd_sim_view *v, double time) { view_advance(o, v, time); }

SD_INLINE void touch_moved(sim_owner o, sd_sim_view *v, double x, double y, double vy) {
    uint32_t flags = sd_scroll_view_touch_moved(&v->sv, x, y, vy);
    if (flags & SD_SCROLL_VIEW_BEGAN) {
        report_pan(o, v, SD_SIM_PAN_BEGAN);
        flags = sd_scroll_view_drag_follow(&v->sv);
    }
    deliver(o, v, flags);
}

SD_INLINE void view_touch(sim_owner o, sd_sim_view *v, sd_sim_touch_phase phase, double x, double y, double vy) {
    switch (phase) {
    case SD_SIM_TOUCH_DOWN:
        if (!(sd_isfinite(x) && sd_isfinite(y))) return;
        if (v->sv.tracking) deliver(o, v, sd_scroll_view_touch_cancelled(&v->sv));
        deliver(o, v, sd_scroll_view_touch_down(&v->sv, x, y));
        break;
    case SD_SIM_TOUCH_MOVED: touch_moved(o, v, x, y, vy); break;
    case SD_SIM_TOUCH_UP: {
        uint32_t flags = sd_scroll_view_touch_up(&v->sv, x, y, vy);
        if (flags & SD_SCROLL_VIEW_MOVE_FIRST) {
            touch_moved(o, v, x, y, vy);
            flags = sd_scroll_view_touch_up(&v->sv, x, y, vy);
        }
        deliver(o, v, flags);
        break;
    }
    default: deliver(o, v, sd_scroll_view_touch_cancelled(&v->sv)); break;
    }
}

void sd__sim_view_touch(sim_owner o, sd_sim_view *v, sd_sim_touch_phase phase, double x, double y, double vy) {
    view_touch(o, v, phase, x, y, vy);
}

SD_INLINE void view_update_offset(sim_owner o, sd_sim_view *v, double x, double y, int animated) {
    const uint32_t flags = sd_scroll_view_update_offset(&v->sv, x, y, animated);
    deliver(o, v, flags);
    if (flags & SD_SCROLL_VIEW_REBASE) sd_scroll_view_drag_rebase(&v->sv);
}

void sd__sim_view_update_offset(sim_owner o, sd_sim_view *v, double x, double y, int animated) {
    view_update_offset(o, v, x, y, animated);
}

/* ---- the bar ------------------------------------------------------------ */

SD_INLINE sim_owner bar_owner(sd_sim_bar *s) {
    sim_owner o = { SIM_BAR, s };
    return o;
}

/* BarController.perform: in the order sd_bar_actions documents (the
 * indicator inset has no part in the simulation). */
static void bar_perform(sd_sim_bar *s, const sd_bar_actions *a) {
    sd_sim_view *v = &s->view;
    const int first = (a->flags & SD_BAR_ACTION_SCROLL_FIRST) != 0;
    const int scroll = (a->flags & SD_BAR_ACTION_SCROLL) != 0;
    /* Animated: reduced motion's short ease-out when the action says so, else UIKit's. */
    const int animated = !(a->flags & SD_BAR_ACTION_ANIMATED)           ? 0
                         : (a->flags & SD_BAR_ACTION_REDUCED_MOTION) ? SD_SCROLL_ANIMATED_SHORT
                                                                     : 1;
    if (first && scroll) {
        s->requests++;
        view_update_offset(bar_owner(s), v, v->sv.offset_x, a->target_y, animated);
    }
    if (a->flags & SD_BAR_ACTION_INSET_BOTTOM) v->sv.inset_bottom = a->inset_bottom;
    if (a->flags & SD_BAR_ACTION_INSET_TOP) v->sv.inset_top = a->inset_top;
    if (!first && scroll) {
        s->requests++;
        view_update_offset(bar_owner(s), v, v->sv.offset_x, a->target_y, animated);
    }
}

static void bar_step(sd_sim_bar *s, const sd_bar_event *e, int perform) {
    sd_bar_actions actions;
    if (sd_bar_step(&s->bar, e, &actions, NULL) == SD_OK && perform) bar_perform(s, &actions);
}

/* BarController's observer: an offset at time 0 (the controller's clock
 * rule), a pan state at the bar's clock; only a pan's actions are performed
 * (an offset's actions are state changes only). */
void sd__sim_bar_observe(sd_sim_bar *s, sd_sim_view *v, int what) {
    uint32_t type;
    switch (what) {
    case SIM_OFFSET: bar_offset_report(s, v); return;
    case SD_SIM_PAN_CHANGED: {
        /* the drag's per-frame report, straight to its in-place rule */
        sd_bar_actions actions;
        if (sd__bar_pan_changed(&s->bar, v->sv.offset_y, &actions) == SD_OK) bar_perform(s, &actions);
        return;
    }
    case SD_SIM_PAN_BEGAN: type = SD_BAR_EVENT_PAN_BEGAN; break;
    case SD_SIM_PAN_ENDED: type = SD_BAR_EVENT_PAN_ENDED; break;
    default: return;
    }
    /* a pan at the bar's clock, without an event */
    sd_bar_actions actions;
    if (sd_bar_report_pan(&s->bar, type, v->sv.offset_y, &actions, NULL) == SD_OK) bar_perform(s, &actions);
}

sd_status sd_sim_bar_init(sd_sim_bar *sim, const sd_bar_config *config, const sd_scroll_view_config *view,
                          sd_error *err) {
    SD_CHECK_NULL(sim, err, "sim");
    SD_CHECK_NULL(config, err, "config");
    SD_CHECK_NULL(view, err, "view");
    sd_sim_bar s;
    memset(&s, 0, sizeof s);
    sd_status st = sd_bar_init(&s.bar, config, err);
    if (st != SD_OK) return st;
    st = sd_scroll_view_init(&s.view.sv, view, err);
    if (st != SD_OK) return st;
    /* set(scrollable:): attach, preconfigure (not observing yet), observe. */
    sd_bar_event e = sd_bar_event_attach(s.bar.time);
    bar_step(&s, &e, 0);
    e = sd_bar_event_preconfigure(s.bar.time, s.view.sv.frame_height, s.view.sv.content_height, s.view.sv.offset_y);
    bar_step(&s, &e, 1);
    s.view.observed = 1;
    /* BarSurface reports the offset once, as a layout pass would. */
    sd__sim_bar_observe(&s, &s.view, SIM_OFFSET);
    s.requests = 0;
    sd_sim_view_take_pans(&s.view);
    *sim = s;
    return sd_succeed(err);
}

void sd_sim_bar_touch(sd_sim_bar *sim, sd_sim_touch_phase phase, double x, double y, double finger_vy,
                      double time) {
    (void)time;
    if (sim) view_touch(bar_owner(sim), &sim->view, phase, x, y, finger_vy);
}

void sd_sim_bar_advance(sd_sim_bar *sim, double time) {
    if (sim) view_advance(bar_owner(sim), &sim->view, time);
}

void sd_sim_bar_expand(sd_sim_bar *sim) {
    if (!sim) return;
    const sd_bar_event e = sd_bar_event_expand(sim->bar.time, 1);
    bar_step(sim, &e, 1);
}

void sd_sim_bar_set_offset(sd_sim_bar *sim, double x, double y, int animated) {
    if (sim) view_update_offset(bar_owner(sim), &sim->view, x, y, animated);
}

int sd_sim_bar_at_rest(const sd_sim_bar *sim) { return sim && sd__sim_bar_at_rest(sim); }
