/*
 * fuzz_simsurface.c — libFuzzer harness of the simulated surfaces
 * (CCore/simsurface*.c, simsurface.h): a bar, a sheet, a pull-down panel
 * or pull to refresh with their scroll views, driven by touches of any phase
 * at any place with any velocity and time, clocks standing still, running
 * back or jumping, and (the bar, the refresh list) offsets set from outside
 * and the bar's expand.
 *
 * The input picks the surface and its configuration (the default, or
 * fields set to any double), then the steps. After every step it checks:
 *  - a rejected configuration leaves the struct bit for bit as it was, with
 *    a report naming field and rule;
 *  - every view's offset and velocity are finite, and the clock never runs
 *    back;
 *  - the bar's height stays within compact...expanded; the sheet's frame
 *    is finite; the panel's pull distance and frame are finite; the
 *    refresh surface passes sd_refresh_validate, its list's inset top stays
 *    within I...I + h and the app's pending work has a finite time;
 *  - the logs never claim more than they keep (counts grow, entries are
 *    valid pan states and notices).
 * Now and then a sweep's gesture (simsweep.h) runs from the bar's, the
 * sheet's, the panel's or the refresh surface's current state, with any
 * numbers: a rejected one writes nothing and names field and rule; an
 * accepted one leaves the start as it was and returns a sane outcome
 * (frames counted, a known end state, the settle time within its limit,
 * jumps never negative or NaN; the sheet's frames finite, its alpha within 0...1).
 */
#define FZ_HARNESS "fuzz_simsurface"
#include "fuzz_common.h"

static int step;

static void check_view(const sd_sim_view *v, double clock_before) {
    FZ_CHECK(isfinite(v->sv.offset_y) && isfinite(v->sv.offset_x) && isfinite(sd_scroll_view_velocity(&v->sv)),
             "a view's offset or velocity is not finite");
    FZ_CHECK(!(v->sv.time < clock_before), "a view's clock ran back");
    const uint32_t kept = v->pan_count < SD_SIM_PAN_LOG ? v->pan_count : SD_SIM_PAN_LOG;
    for (uint32_t i = 0; i < kept; i++)
        FZ_CHECK(v->pan_log[i] >= SD_SIM_PAN_BEGAN && v->pan_log[i] <= SD_SIM_PAN_CANCELLED, "a bad pan state");
}

static sd_sim_touch_phase phase_of(fz_reader *r) { return (sd_sim_touch_phase)fz_pick(r, 4); }

/* An init's answer: on a rejection (returns 1) the struct is still the
 * poison it was filled with and the report names field and rule. */
static int rejected(sd_status st, const void *sim, const void *poisoned, size_t size, const sd_error *err) {
    if (st == SD_OK) return 0;
    FZ_CHECK(memcmp(sim, poisoned, size) == 0, "a rejected configuration changed the surface");
    FZ_CHECK(fz_report_ok(err, st), "a rejected configuration without field and rule");
    return 1;
}

/* A gesture and a clock of any numbers (within a few thousand frames when valid, so runs stay short). */
static int sweep_input(fz_reader *r, sd_sweep_gesture *g, sd_sweep_clock *clock) {
    memset(g, 0, sizeof *g);
    g->first.distance = fz_double(r);
    g->first.duration = fz_pick(r, 2) ? fz_u8(r) / 64.0 : fz_double(r);
    g->first.velocity = fz_double(r);
    g->interrupted = fz_pick(r, 3) == 0 ? 1u : fz_pick(r, 50) == 0 ? 2u : 0u;
    g->delay = fz_pick(r, 2) ? fz_u8(r) / 256.0 : fz_double(r);
    g->second.distance = fz_double(r);
    g->second.duration = fz_u8(r) / 64.0;
    g->second.velocity = fz_double(r);
    clock->fps = fz_pick(r, 4) ? 60.0 * (1 + fz_pick(r, 2)) : fz_double(r);
    clock->first_frame = fz_u8(r);
    clock->settle_limit = fz_pick(r, 2) ? fz_u8(r) : 1200u;
    clock->reserved = 0;
    const double span = (g->first.duration + g->delay + g->second.duration) * clock->fps + clock->first_frame +
                        clock->settle_limit;
    return !(span > 6000.0); /* NaN: invalid, run it to see it rejected */
}

/* A sweep's gesture from `start` (a struct of `size` bytes) with `run`; checks as the header says. */
static void check_sweep(sd_status st, const void *start, const void *copy, size_t size, const sd_sweep_outcome *o,
                        const sd_sweep_outcome *poison, const sd_sweep_clock *clock, uint32_t states,
                        const sd_error *err) {
    FZ_CHECK(memcmp(start, copy, size) == 0, "a sweep's gesture changed its start");
    if (st != SD_OK) {
        FZ_CHECK(memcmp(o, poison, sizeof *o) == 0, "a rejected gesture wrote an outcome");
        FZ_CHECK(fz_report_ok(err, st), "a rejected gesture without field and rule");
        return;
    }
    FZ_CHECK(o->frames >= 1 && o->end_state < states, "a gesture's outcome has no frame or an unknown state");
    FZ_CHECK(o->settle_frames <= clock->settle_limit + 1 && o->violations[SD_SWEEP_NEVER_RESTED] <= 1,
             "a gesture's settle time is past its limit");
    for (int k = 0; k < SD_SWEEP_VALUES; k++) FZ_CHECK(o->jumps[k] >= 0, "a gesture's jump is negative or NaN");
}

static void sweep_bar(fz_reader *r, const sd_sim_bar *s) {
    sd_sweep_gesture g;
    sd_sweep_clock clock;
    if (!sweep_input(r, &g, &clock)) return;
    const sd_sim_bar copy = *s;
    sd_sweep_outcome o, poison;
    FZ_POISON(o);
    FZ_POISON(poison);
    sd_error err;
    const sd_status st = sd_sweep_bar(s, &clock, &g, &o, &err);
    check_sweep(st, s, &copy, sizeof copy, &o, &poison, &clock, 4, &err);
}

static void sweep_pulldown(fz_reader *r, const sd_sim_pulldown *s) {
    sd_sweep_gesture g;
    sd_sweep_clock clock;
    if (!sweep_input(r, &g, &clock)) return;
    const sd_sim_pulldown copy = *s;
    sd_sweep_outcome o, poison;
    FZ_POISON(o);
    FZ_POISON(poison);
    sd_error err;
    const sd_status st = sd_sweep_pulldown(s, &clock, &g, &o, &err);
    check_sweep(st, s, &copy, sizeof copy, &o, &poison, &clock, 3, &err);
}

static void sweep_refresh(fz_reader *r, const sd_sim_refresh *s) {
    sd_sweep_gesture g;
    sd_sweep_clock clock;
    if (!sweep_input(r, &g, &clock)) return;
    const sd_sim_refresh copy = *s;
    sd_sweep_outcome o, poison;
    FZ_POISON(o);
    FZ_POISON(poison);
    sd_error err;
    const sd_status st = sd_sweep_refresh(s, &clock, &g, &o, &err);
    check_sweep(st, s, &copy, sizeof copy, &o, &poison, &clock, 6, &err);
}

/* The sheet's sweep (sd_sweep_sheet) from the simulated sheet's current
 * state, with any band height and kind: the checks above, on the sheet's
 * outcome, and no frame value non-finite or backdrop alpha outside 0...1. */
static void sweep_sheet(fz_reader *r, const sd_sheet *s) {
    sd_sweep_gesture g;
    sd_sweep_clock clock;
    if (!sweep_input(r, &g, &clock)) return;
    const sd_sweep_sheet_setup setup = { fz_pick(r, 2) ? (double)fz_u8(r) * 4.0 : fz_double(r) };
    const uint32_t kind = fz_pick(r, 9);
    const sd_sheet copy = *s;
    sd_sweep_sheet_outcome o, poison;
    FZ_POISON(o);
    FZ_POISON(poison);
    sd_error err;
    const sd_status st = sd_sweep_sheet(s, &setup, &clock, &g, kind, &o, &err);
    FZ_CHECK(memcmp(s, &copy, sizeof copy) == 0, "a sheet sweep's gesture changed its start");
    if (st != SD_OK) {
        FZ_CHECK(memcmp(&o, &poison, sizeof o) == 0, "a rejected sheet gesture wrote an outcome");
        FZ_CHECK(fz_report_ok(&err, st), "a rejected sheet gesture without field and rule");
        return;
    }
    FZ_CHECK(o.frames >= 1 && o.end_state < s->config.detent_count, "a sheet gesture has no frame or an unknown detent");
    FZ_CHECK(o.settle_frames <= clock.settle_limit + 1 && o.violations[SD_SWEEP_SHEET_NEVER_RESTED] <= 1,
             "a sheet gesture's settle time is past its limit");
    FZ_CHECK(o.violations[SD_SWEEP_SHEET_NOT_FINITE] == 0 && o.violations[SD_SWEEP_SHEET_ALPHA_OUTSIDE] == 0,
             "a sheet gesture showed a value not finite or an alpha outside 0...1");
    for (int k = 0; k < SD_SWEEP_SHEET_VALUES; k++) FZ_CHECK(o.jumps[k] >= 0, "a sheet gesture's jump is negative or NaN");
}

static void run_bar(fz_reader *r) {
    sd_bar_config c = sd_bar_config_make(60, 120, 200);
    if (fz_pick(r, 3) == 0) {
        c.compact = fz_double(r);
        c.normal = fz_double(r);
        c.expanded = fz_double(r);
    }
    sd_scroll_view_config vc = sd_scroll_view_config_default();
    if (fz_pick(r, 3) == 0) vc.content_height = fz_double(r);
    sd_sim_bar s, poisoned;
    FZ_POISON(s);
    FZ_POISON(poisoned);
    sd_error err;
    sd_status st = sd_sim_bar_init(&s, &c, &vc, &err);
    if (rejected(st, &s, &poisoned, sizeof s, &err)) return;
    double clock = 0;
    for (step = 1; !fz_done(r) && step < 400; step++) {
        const double before = s.view.sv.time;
        switch (fz_pick(r, 6)) {
        case 0: case 1: sd_sim_bar_touch(&s, phase_of(r), fz_double(r), fz_double(r), fz_double(r), clock); break;
        case 2:
            if (fz_pick(r, 4) == 0) sweep_bar(r, &s);
            else sd_sim_bar_expand(&s);
            break;
        case 3: sd_sim_bar_set_offset(&s, fz_double(r), fz_double(r), fz_pick(r, 2)); break;
        default: clock = fz_next_time(r, clock, 5); sd_sim_bar_advance(&s, clock); break;
        }
        check_view(&s.view, before);
        const double h = -s.bar.state.offset;
        FZ_CHECK(isfinite(h) && h >= s.bar.config.compact && h <= s.bar.config.expanded,
                 "the bar's height left compact...expanded");
    }
}

static void run_sheet(fz_reader *r) {
    sd_sheet_config c = sd_sheet_config_default(844);
    if (fz_pick(r, 3) == 0) {
        c.up_threshold = fz_double(r);
        c.down_threshold = fz_double(r);
        c.overscroll_return = fz_double(r);
        c.options = fz_u8(r);
    }
    c.keyboard = fz_pick(r, SD_SHEET_KEYBOARD_FILL_PARENT + 1); /* ignore, rise, extend, interactive, fill parent */
    sd_scroll_view_config vc = sd_scroll_view_config_default();
    sd_sim_sheet s, poisoned;
    FZ_POISON(s);
    FZ_POISON(poisoned);
    sd_error err;
    sd_status st = sd_sim_sheet_init(&s, &c, fz_pick(r, 4), &vc, &err);
    if (rejected(st, &s, &poisoned, sizeof s, &err)) return;
    s.handle_height = fz_pick(r, 2) ? 0.0 : (double)fz_u8(r); /* sometimes a handle at the sheet's top */
    double clock = 0;
    for (step = 1; !fz_done(r) && step < 400; step++) {
        const double before = s.view.sv.time;
        const uint32_t notices = s.notice_count;
        if (fz_pick(r, 3) == 0) {
            clock = fz_next_time(r, clock, 5);
            sd_sim_sheet_advance(&s, clock);
        } else if (fz_pick(r, 12) == 0) {
            sd_sim_sheet_keyboard(&s, fz_pick(r, 2) ? (double)fz_u8(r) * 2.0 : fz_double(r),
                                  fz_pick(r, 2) ? (double)fz_u8(r) / 256.0 : fz_double(r), fz_pick(r, 8));
        } else {
            sd_sim_sheet_touch(&s, phase_of(r), fz_double(r), fz_double(r), fz_double(r), fz_next_time(r, clock, 1));
        }
        check_view(&s.view, before);
        FZ_CHECK(s.notice_count >= notices, "the notice count went down");
        sd_sheet_frame f;
        FZ_CHECK(sd_sheet_frame_at(&s.sheet, s.sheet.state.time, &f) == SD_OK, "no frame");
        FZ_CHECK(isfinite(f.top) && isfinite(f.velocity) && isfinite(f.backdrop_alpha), "the sheet's frame is not finite");
        if (fz_pick(r, 8) == 0) sd_sim_sheet_take_notices(&s);
        if (fz_pick(r, 16) == 0) sweep_sheet(r, &s.sheet);
    }
}

static void run_pulldown(fz_reader *r) {
    sd_pulldown_config c = fz_pick(r, 2) ? sd_pulldown_config_article() : sd_pulldown_config_wechat();
    if (fz_pick(r, 3) == 0) {
        c.cp1 = fz_double(r);
        c.screen_height = fz_double(r);
    }
    const double content = fz_pick(r, 4) == 0 ? fz_double(r) : 2400;
    sd_sim_pulldown s, poisoned;
    FZ_POISON(s);
    FZ_POISON(poisoned);
    sd_error err;
    sd_status st = sd_sim_pulldown_init(&s, &c, content, &err);
    if (rejected(st, &s, &poisoned, sizeof s, &err)) return;
    double clock = 0;
    for (step = 1; !fz_done(r) && step < 400; step++) {
        double before[3];
        for (int i = 0; i < 3; i++) before[i] = s.views[i].sv.time;
        const uint32_t events = s.events;
        if (fz_pick(r, 3) == 0) {
            clock = fz_next_time(r, clock, 5);
            sd_sim_pulldown_advance(&s, clock);
        } else if (fz_pick(r, 16) == 0) {
            sweep_pulldown(r, &s);
        } else {
            sd_sim_pulldown_touch(&s, phase_of(r), fz_double(r), fz_double(r), fz_double(r), clock);
        }
        for (int i = 0; i < 3; i++) check_view(&s.views[i], before[i]);
        FZ_CHECK(s.events >= events, "the event count went down");
        FZ_CHECK(s.target >= -1 && s.target <= 2, "a touch went to no view of the panel");
        double d = 0;
        FZ_CHECK(sd_pulldown_pull_distance(&s.core.config, s.core.list.offset, &d) == SD_OK && isfinite(d),
                 "the pull distance is not finite");
        sd_pulldown_frame f;
        FZ_CHECK(sd_pulldown_frame_at(&s.core, s.core.time, &f) == SD_OK, "no frame");
        FZ_CHECK(isfinite(f.nav_top) && isfinite(f.panel_alpha) && isfinite(f.list_y), "the panel's frame is not finite");
    }
}

static void run_refresh(fz_reader *r) {
    sd_refresh_config c = sd_refresh_config_mjrefresh();
    if (fz_pick(r, 3) == 0) {
        c.content_inset_top = fz_double(r);
        c.header_height = fz_double(r);
        c.pull_threshold = fz_double(r);
        c.begin_duration = fz_double(r);
        c.min_refreshing_time = fz_double(r);
        c.footer_trigger_distance = fz_double(r);
    }
    sd_sim_refresh_app app = sd_sim_refresh_app_default();
    if (fz_pick(r, 3) == 0) {
        app.refresh_time = fz_double(r);
        app.load_time = fz_double(r);
        app.page_height = fz_double(r);
        app.pages = fz_pick(r, 2) ? fz_u8(r) : fz_double(r);
    }
    sd_scroll_view_config vc = sd_scroll_view_config_default();
    if (fz_pick(r, 3) == 0) vc.content_height = fz_double(r);
    sd_sim_refresh s, poisoned;
    FZ_POISON(s);
    FZ_POISON(poisoned);
    sd_error err;
    sd_status st = sd_sim_refresh_init(&s, &c, fz_pick(r, 4) ? &app : NULL, &vc, &err);
    if (rejected(st, &s, &poisoned, sizeof s, &err)) return;
    double clock = 0;
    for (step = 1; !fz_done(r) && step < 400; step++) {
        const double before = s.view.sv.time;
        const uint32_t events = s.event_count;
        switch (fz_pick(r, 8)) {
        case 0: case 1: case 2: clock = fz_next_time(r, clock, 5); sd_sim_refresh_advance(&s, clock); break;
        case 3: sd_sim_refresh_set_offset(&s, fz_double(r), fz_pick(r, 2)); break;
        case 4:
            if (fz_pick(r, 4) == 0) sweep_refresh(r, &s);
            else sd_sim_refresh_take_events(&s);
            break;
        default: sd_sim_refresh_touch(&s, phase_of(r), fz_double(r), fz_double(r), fz_double(r), clock); break;
        }
        check_view(&s.view, before);
        FZ_CHECK(s.event_count >= events || s.event_count == 0, "the event count went down");
        const uint32_t kept = s.event_count < SD_SIM_REFRESH_EVENT_LOG ? s.event_count : SD_SIM_REFRESH_EVENT_LOG;
        for (uint32_t i = 0; i < kept; i++) {
            const unsigned kind = s.events[i] & 0xF0u, state = s.events[i] & 0x0Fu;
            FZ_CHECK((kind == SD_SIM_REFRESH_EVENT_HEADER && state <= SD_REFRESH_HEADER_DONE) ||
                         (kind == SD_SIM_REFRESH_EVENT_FOOTER && state <= SD_REFRESH_FOOTER_NO_MORE_DATA) ||
                         (state == 0 && (kind == SD_SIM_REFRESH_EVENT_REFRESH || kind == SD_SIM_REFRESH_EVENT_LOAD_MORE)),
                     "a bad logged event");
        }
        sd_error verr;
        FZ_CHECK(sd_refresh_validate(&s.core, &verr) == SD_OK, "the refresh surface fails sd_refresh_validate");
        const double inset = s.view.sv.inset_top, top = s.core.config.content_inset_top;
        FZ_CHECK(inset >= top && inset <= top + s.core.config.header_height, "the list's inset top left I...I + h");
        FZ_CHECK((!s.refresh_pending || isfinite(s.refresh_due)) && (!s.load_pending || isfinite(s.load_due)),
                 "the app's work has no finite time");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader r = fz_make(data, size);
    step = 0;
    switch (fz_pick(&r, 4)) {
    case 0: run_bar(&r); break;
    case 1: run_sheet(&r); break;
    case 2: run_pulldown(&r); break;
    default: run_refresh(&r); break;
    }
    return 0;
}
