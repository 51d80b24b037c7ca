/*
 * simsurface_refresh.c — the simulated pull to refresh: what
 * RefreshController and RefreshSurface do with one list and the simulated
 * app (Sources/ScrollDrive/Refresh/RefreshController.swift,
 * Sources/ScrollDriveSim/Surfaces/RefreshSurface.swift): every report one
 * sd_refresh_step at the controller's clock, the actions performed on the
 * list (the inset top, then the offset), the events logged and answered by
 * the app, and on each tick the app's due work, a FRAME step and the
 * frame's offset applied while a motion drives it.
 */
#include "simsurface_internal.h"

#include <string.h>

_Static_assert(sizeof(sd_sim_refresh) == 600, "sd_sim_refresh is 600 bytes");

static sim_owner owner_of(sd_sim_refresh *s) {
    sim_owner o = { SIM_REFRESH, s };
    return o;
}

sd_sim_refresh_app sd_sim_refresh_app_default(void) {
    sd_sim_refresh_app a = { 1.0, 0.5, 1000.0, 2.0 };
    return a;
}

static void log_event(sd_sim_refresh *s, uint32_t code) {
    if (s->event_count < SD_SIM_REFRESH_EVENT_LOG) s->events[s->event_count] = (uint8_t)code;
    s->event_count++;
}

/* The app hears an event at the run's time: the later of the controller's
 * clock and the list's (a report steps the controller before its tick). */
static double app_now(const sd_sim_refresh *s) {
    return s->core.time > s->view.sv.time ? s->core.time : s->view.sv.time;
}

/* One step at the controller's clock or the app's time; the inset, then
 * the offset (reported again, a nested step), then the events, read from
 * the state after both, in the controller's order. */
static void send(sd_sim_refresh *s, sd_refresh_event e) {
    sd_refresh_actions a;
    if (sd_refresh_step(&s->core, &e, &a, NULL) != SD_OK) return;
    const uint32_t f = a.flags;
    if (f & SD_REFRESH_ACTION_SET_INSET_TOP) s->view.sv.inset_top = a.inset_top;
    if (f & SD_REFRESH_ACTION_SET_OFFSET)
        sd__sim_view_update_offset(owner_of(s), &s->view, s->view.sv.offset_x, a.offset, 0);
    if (f & SD_REFRESH_ACTION_HEADER_STATE) log_event(s, SD_SIM_REFRESH_EVENT_HEADER | s->core.header.state);
    if (f & SD_REFRESH_ACTION_REFRESH) {
        log_event(s, SD_SIM_REFRESH_EVENT_REFRESH);
        s->refreshes++;
        s->refresh_due = app_now(s) + s->app.refresh_time;
        s->refresh_pending = 1;
    }
    if (f & SD_REFRESH_ACTION_FOOTER_STATE) log_event(s, SD_SIM_REFRESH_EVENT_FOOTER | s->core.footer.state);
    if (f & SD_REFRESH_ACTION_LOAD) {
        log_event(s, SD_SIM_REFRESH_EVENT_LOAD_MORE);
        s->load_starts++;
        s->load_due = app_now(s) + s->app.load_time;
        s->load_pending = 1;
    }
}

/* The controller's observer of the list. */
void sd__sim_refresh_observe(sd_sim_refresh *s, sd_sim_view *v, int what) {
    switch (what) {
    case SIM_OFFSET: send(s, sd_refresh_event_offset(s->core.time, v->sv.offset_y, (int)s->dragging)); break;
    case SD_SIM_PAN_BEGAN:
    case SD_SIM_PAN_CHANGED: s->dragging = 1; break;
    default: /* ended, cancelled */
        if (!s->dragging) return;
        s->dragging = 0;
        send(s, sd_refresh_event_offset(s->core.time, v->sv.offset_y, 0));
        break;
    }
}

/* RefreshController.tick: a FRAME step, then the frame's offset while a motion drives it. */
static void tick(sd_sim_refresh *s, double time) {
    send(s, sd_refresh_event_frame(time));
    sd_refresh_frame f;
    (void)sd_refresh_frame_at(&s->core, s->core.time, &f);
    if (f.offset_driven && s->view.sv.offset_y != f.content_offset)
        sd__sim_view_update_offset(owner_of(s), &s->view, s->view.sv.offset_x, f.content_offset, 0);
}

/* The app's load is over: a tick, a page more content (reported), then END_LOADING. */
static void finish_load(sd_sim_refresh *s, double time) {
    s->loads++;
    tick(s, time);
    s->view.sv.content_height += s->app.page_height;
    send(s, sd_refresh_event_content_size(s->core.time, s->view.sv.content_height));
    send(s, sd_refresh_event_end_loading(time, (double)s->loads >= s->app.pages));
}

static sd_status app_valid(const sd_sim_refresh_app *a, sd_error *err) {
    const double values[4] = { a->refresh_time, a->load_time, a->page_height, a->pages };
    static const char *const names[4] = { "refresh_time", "load_time", "page_height", "pages" };
    for (int i = 0; i < 4; i++) {
        if (!sd_isfinite(values[i])) return sd_fail(err, SD_ERR_NOT_FINITE, names[i], "must be finite");
        if (!(values[i] >= 0)) return sd_fail(err, SD_ERR_NEGATIVE, names[i], "must be >= 0");
    }
    for (int i = 0; i < 3; i++)
        if (values[i] > SD_REFRESH_MAX_VALUE) return sd_fail(err, SD_ERR_RANGE, names[i], "must be <= 1e6");
    if (a->pages > 9007199254740992.0 || a->pages != (double)(uint64_t)a->pages)
        return sd_fail(err, SD_ERR_RANGE, "pages", "must be a whole number");
    return SD_OK;
}

sd_status sd_sim_refresh_init(sd_sim_refresh *sim, const sd_refresh_config *config, const sd_sim_refresh_app *app,
                              const sd_scroll_view_config *view, sd_error *err) {
    SD_CHECK_NULL(sim, err, "sim");
    SD_CHECK_NULL(config, err, "config");
    SD_CHECK_NULL(view, err, "view");
    const sd_sim_refresh_app fallback = sd_sim_refresh_app_default();
    if (!app) app = &fallback;
    sd_status st = app_valid(app, err);
    if (st != SD_OK) return st;
    sd_sim_refresh s;
    memset(&s, 0, sizeof s);
    sd_refresh_config c = *config;
    c.viewport_height = view->frame_height;
    if ((st = sd_refresh_init(&s.core, &c, err)) != SD_OK) return st;
    sd_scroll_view_config list = *view;
    list.offset_y = -c.content_inset_top;
    if ((st = sd_scroll_view_init(&s.view.sv, &list, err)) != SD_OK) return st;
    s.app = *app;
    /* set(scrollable:): observe, the surface's insets, the content height, the offset. */
    s.view.observed = 1;
    sd_refresh_frame f;
    (void)sd_refresh_frame_at(&s.core, s.core.time, &f);
    s.view.sv.inset_top = f.inset_top;
    s.view.sv.inset_bottom = f.inset_bottom;
    send(&s, sd_refresh_event_content_size(s.core.time, s.view.sv.content_height));
    send(&s, sd_refresh_event_offset(s.core.time, s.view.sv.offset_y, 0));
    *sim = s;
    /* The log's and the app's times are the struct's own: nothing points into `s`. */
    return sd_succeed(err);
}

void sd_sim_refresh_touch(sd_sim_refresh *sim, sd_sim_touch_phase phase, double x, double y, double finger_vy,
                          double time) {
    (void)time;
    if (sim) sd__sim_view_touch(owner_of(sim), &sim->view, phase, x, y, finger_vy);
}

void sd_sim_refresh_advance(sd_sim_refresh *sim, double time) {
    if (!sim || !sd_isfinite(time) || time < sim->view.sv.time) return;
    if (!sd__scroll_view_advance_still(&sim->view.sv, time)) sd__sim_view_advance(owner_of(sim), &sim->view, time);
    for (;;) {
        const int refresh = sim->refresh_pending && sim->refresh_due <= time;
        const int load = sim->load_pending && sim->load_due <= time;
        if (refresh && (!load || sim->refresh_due <= sim->load_due)) {
            sim->refresh_pending = 0;
            send(sim, sd_refresh_event_end_refreshing(sim->refresh_due));
        } else if (load) {
            sim->load_pending = 0;
            finish_load(sim, sim->load_due);
        } else {
            break;
        }
    }
    tick(sim, time);
}

void sd_sim_refresh_set_offset(sd_sim_refresh *sim, double y, int animated) {
    if (sim) sd__sim_view_update_offset(owner_of(sim), &sim->view, sim->view.sv.offset_x, y, animated);
}

int sd_sim_refresh_at_rest(const sd_sim_refresh *sim) {
    if (!sim || sim->refresh_pending || sim->load_pending || !sd_scroll_view_at_rest(&sim->view.sv)) return 0;
    return !sd_refresh_needs_frames(&sim->core, sim->core.time);
}

void sd_sim_refresh_take_events(sd_sim_refresh *sim) {
    if (sim) sim->event_count = 0;
}
