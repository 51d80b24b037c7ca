/*
 * simsurface_pulldown.c — the simulated pull-down panel: what
 * PulldownPanelController and PulldownSurface do with the chat list, the
 * panel's pull-up view and the mini-program list
 * (Sources/ScrollDrive/Pulldown/PulldownPanelController.swift,
 * Sources/ScrollDriveSim/Surfaces/PulldownSurface.swift): every report one
 * sd_pulldown_step at the controller's clock, the actions performed on the
 * views (offsets first), a FRAME step and the frame's offsets applied on
 * each tick.
 */
#include "simsurface_internal.h"

#include <string.h>

static sim_owner owner_of(sd_sim_pulldown *s) {
    sim_owner o = { SIM_PULLDOWN, s };
    return o;
}

static void perform(sd_sim_pulldown *s, const sd_pulldown_actions *a);

/* One step; the actions performed; transitions that started or finished
 * counted as PulldownSurface records them (from the states the controller
 * reports after each step). */
static void send(sd_sim_pulldown *s, sd_pulldown_event e) {
    sd_pulldown_actions a;
    if (sd_pulldown_step(&s->core, &e, &a, NULL) != SD_OK) return;
    perform(s, &a);
    const uint32_t now[2] = { s->core.list.transition, s->core.panel.transition };
    uint32_t *was[2] = { &s->list_transition, &s->panel_transition };
    for (int i = 0; i < 2; i++) {
        if (*was[i] == now[i]) continue;
        s->events += (*was[i] != SD_PULLDOWN_TRANSITION_NONE) + (now[i] != SD_PULLDOWN_TRANSITION_NONE);
        *was[i] = now[i];
    }
}

static void move(sd_sim_pulldown *s, int source, double y, int animated) {
    sd_sim_view *v = &s->views[source];
    sd__sim_view_update_offset(owner_of(s), v, v->sv.offset_x, y, animated);
}

static void perform(sd_sim_pulldown *s, const sd_pulldown_actions *a) {
    const uint32_t f = a->flags;
    if (f & SD_PULLDOWN_ACTION_PIN_LIST_OFFSET) move(s, SD_PULLDOWN_SOURCE_LIST, a->list_offset, 0);
    if (f & SD_PULLDOWN_ACTION_SET_PANEL_OFFSET) move(s, SD_PULLDOWN_SOURCE_PANEL, a->panel_offset, 0);
    if (f & SD_PULLDOWN_ACTION_SCROLL_APPLETS) move(s, SD_PULLDOWN_SOURCE_APPLETS, a->applets_offset, 1);
    if (f & SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET) move(s, SD_PULLDOWN_SOURCE_APPLETS, a->applets_offset, 0);
    if (f & SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION) {
        s->awaiting[SD_PULLDOWN_SOURCE_PANEL] = 0;
        move(s, SD_PULLDOWN_SOURCE_PANEL, s->views[SD_PULLDOWN_SOURCE_PANEL].sv.offset_y, 0);
    }
}

/* The controller's observer of each view: offsets with whether that view's
 * drag is on, drags begun and ended (whether the view decelerates after). */
void sd__sim_pulldown_observe(sd_sim_pulldown *s, sd_sim_view *v, int what) {
    const int i = (int)v->role;
    const sd_pulldown_source source = (sd_pulldown_source)i;
    const double t = s->core.time;
    switch (what) {
    case SIM_OFFSET: send(s, sd_pulldown_event_offset(t, source, v->sv.offset_y, (int)s->dragging[i])); break;
    case SD_SIM_PAN_BEGAN:
        s->dragging[i] = 1;
        s->awaiting[i] = 0;
        send(s, sd_pulldown_event_drag_began(t, source, v->sv.offset_y));
        break;
    case SD_SIM_PAN_ENDED:
    case SD_SIM_PAN_CANCELLED: {
        if (!s->dragging[i]) return;
        s->dragging[i] = 0;
        const int decelerates = v->sv.motion == SD_SCROLL_VIEW_RELEASE;
        s->awaiting[i] = (uint32_t)decelerates;
        send(s, sd_pulldown_event_drag_ended(t, source, v->sv.offset_y, decelerates));
        break;
    }
    default: break;
    }
}

double sd_sim_pulldown_applets_height(double top_bar_height) { return top_bar_height + (102 + 48) * 2 + 74 + 50; }

sd_status sd_sim_pulldown_init(sd_sim_pulldown *sim, const sd_pulldown_config *config, double list_content_height,
                               sd_error *err) {
    SD_CHECK_NULL(sim, err, "sim");
    SD_CHECK_NULL(config, err, "config");
    if (!sd_isfinite(list_content_height))
        return sd_fail(err, SD_ERR_NOT_FINITE, "list_content_height", "must be finite");
    if (list_content_height < 0) return sd_fail(err, SD_ERR_NEGATIVE, "list_content_height", "must be >= 0");
    sd_sim_pulldown s;
    memset(&s, 0, sizeof s);
    sd_status st = sd_pulldown_init(&s.core, config, err);
    if (st != SD_OK) return st;
    const sd_pulldown_config *c = &s.core.config;
    for (int i = 0; i < 3; i++) sd__sim_view_init(&s.views[i], (uint32_t)i);
    sd_scroll_view *list = &s.views[SD_PULLDOWN_SOURCE_LIST].sv, *panel = &s.views[SD_PULLDOWN_SOURCE_PANEL].sv;
    sd_scroll_view *applets = &s.views[SD_PULLDOWN_SOURCE_APPLETS].sv;
    list->frame_height = c->screen_height;
    list->content_height = list_content_height;
    list->offset_y = -c->top_bar_height;
    list->inset_top = c->top_bar_height;
    panel->frame_height = c->screen_height - c->top_bar_height;
    panel->content_height = c->panel_content_screens * c->screen_height;
    s.applets_height = sd_sim_pulldown_applets_height(c->top_bar_height);
    applets->frame_height = s.applets_height;
    applets->content_height = s.applets_height + SD_SIM_APPLETS_EXTRA_CONTENT;
    applets->offset_y = c->search_bar_height;
    s.target = -1;
    s.list_transition = s.core.list.transition;
    s.panel_transition = s.core.panel.transition;
    /* set(listScrollable:), set(panelScrollable:), set(miniProgramListScrollable:): each reports its offset. */
    for (int i = 0; i < 3; i++) {
        s.views[i].observed = 1;
        send(&s, sd_pulldown_event_offset(s.core.time, (sd_pulldown_source)i, s.views[i].sv.offset_y, 0));
    }
    s.events = 0;
    *sim = s;
    return sd_succeed(err);
}

void sd_sim_pulldown_advance(sd_sim_pulldown *s, double time) {
    if (!s) return;
    for (int i = 0; i < 3; i++) {
        sd_sim_view *v = &s->views[i];
        if (!sd__scroll_view_advance_still(&v->sv, time)) sd__sim_view_advance(owner_of(s), v, time);
    }
    if (!(sd_isfinite(time) && time >= 0)) return;
    /* PulldownPanelController.tick: decelerations that ended, the FRAME step, the frame applied. */
    for (int i = 0; i < 3; i++) {
        if (s->awaiting[i] && s->views[i].sv.motion != SD_SCROLL_VIEW_RELEASE) {
            s->awaiting[i] = 0;
            send(s, sd_pulldown_event_deceleration_ended(time, (sd_pulldown_source)i, s->views[i].sv.offset_y));
        }
    }
    send(s, sd_pulldown_event_frame(time));
    /* The frame goes straight into `latest` (nothing the moves below call
     * reads it), and the moves read what was written there. */
    const sd_pulldown_frame *f = &s->latest;
    sd_pulldown_frame_at(&s->core, s->core.time, &s->latest);
    s->latest_clock = s->core.time;
    s->have_frame = 1;
    const double list_offset = f->list_offset, panel_offset = f->panel_offset;
    const int list_driven = f->list_offset_driven != 0, panel_driven = f->panel_offset_driven != 0;
    sd_scroll_view *list = &s->views[SD_PULLDOWN_SOURCE_LIST].sv, *panel = &s->views[SD_PULLDOWN_SOURCE_PANEL].sv;
    if (list->inset_top != f->list_inset_top) list->inset_top = f->list_inset_top;
    if (list_driven && list->offset_y != list_offset) move(s, SD_PULLDOWN_SOURCE_LIST, list_offset, 0);
    if (panel_driven && panel->offset_y != panel_offset) move(s, SD_PULLDOWN_SOURCE_PANEL, panel_offset, 0);
    if (f->haptic) {
        s->haptic_since_take = 1;
        s->events++;
    }
}

int sd_sim_pulldown_at_rest(const sd_sim_pulldown *s) {
    if (!s || sd_pulldown_needs_frames(&s->core)) return 0;
    for (int i = 0; i < 3; i++)
        if (!sd_scroll_view_at_rest(&s->views[i].sv)) return 0;
    return 1;
}

void sd_sim_pulldown_touch(sd_sim_pulldown *s, sd_sim_touch_phase phase, double x, double y, double vy,
                           double time) {
    (void)time;
    if (!s) return;
    if (phase == SD_SIM_TOUCH_DOWN) {
        if (s->have_frame && !s->latest.interaction_enabled)
            s->target = -1;
        else if (s->core.list.phase != SD_PULLDOWN_REFRESHING)
            s->target = SD_PULLDOWN_SOURCE_LIST;
        else
            s->target = y < s->applets_height + (s->have_frame ? s->latest.panel_y : 0) ? SD_PULLDOWN_SOURCE_APPLETS
                                                                                          : SD_PULLDOWN_SOURCE_PANEL;
    }
    if (s->target >= 0) sd__sim_view_touch(owner_of(s), &s->views[s->target], phase, x, y, vy);
    if (phase == SD_SIM_TOUCH_UP || phase == SD_SIM_TOUCH_CANCELLED) s->target = -1;
}
