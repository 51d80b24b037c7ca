/*
 * pg_pulldown.c — the playground's pull-down panel: what
 * PulldownPanelController and PulldownSurface do with the chat list, the
 * panel's pull-up scroll view and the mini-program list
 * (Sources/ScrollDrive/Pulldown/PulldownPanelController.swift,
 * Sources/ScrollDriveSim/Surfaces/PulldownSurface.swift): every report one
 * sd_pulldown_step at the controller's clock, the actions performed on the
 * scroll views, a FRAME step and the frame's offsets applied on each tick.
 */
#include "playground.h"

static sd_pulldown core;
static pg_view views[3]; /* SD_PULLDOWN_SOURCE_LIST, _PANEL, _APPLETS */
static int dragging[3], awaiting[3];
static int target = -1, haptic_since_row, have_frame;
static sd_pulldown_frame latest;
static double applets_height, latest_clock;

pg_view *pg_pulldown_views(void) { return views; }

/* The mini-program list's height, points (the page draws the panel that tall). */
PG_EXPORT(pg_pulldown_applets_height) double pg_pulldown_applets_height(void) { return applets_height; }

static void perform(const sd_pulldown_actions *a);

static void send(sd_pulldown_event e) {
    sd_pulldown_actions a;
    if (sd_pulldown_step(&core, &e, &a, NULL) == SD_OK) perform(&a);
}

static void move(int source, double y, int animated) {
    pg_view_update_offset(&views[source], views[source].sv.offset_x, y, animated);
}

static void perform(const sd_pulldown_actions *a) {
    uint32_t f = a->flags;
    if (f & SD_PULLDOWN_ACTION_PIN_LIST_OFFSET) move(SD_PULLDOWN_SOURCE_LIST, a->list_offset, 0);
    if (f & SD_PULLDOWN_ACTION_SET_PANEL_OFFSET) move(SD_PULLDOWN_SOURCE_PANEL, a->panel_offset, 0);
    if (f & SD_PULLDOWN_ACTION_SCROLL_APPLETS) move(SD_PULLDOWN_SOURCE_APPLETS, a->applets_offset, 1);
    if (f & SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET) move(SD_PULLDOWN_SOURCE_APPLETS, a->applets_offset, 0);
    if (f & SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION) {
        awaiting[SD_PULLDOWN_SOURCE_PANEL] = 0;
        move(SD_PULLDOWN_SOURCE_PANEL, views[SD_PULLDOWN_SOURCE_PANEL].sv.offset_y, 0);
    }
}

void pg_pulldown_offset_changed(pg_view *v) {
    int s = v->role;
    send(sd_pulldown_event_offset(core.time, (sd_pulldown_source)s, v->sv.offset_y, dragging[s]));
}

void pg_pulldown_pan(pg_view *v, int state) {
    int s = v->role;
    if (state == PG_PAN_BEGAN) {
        dragging[s] = 1;
        awaiting[s] = 0;
        send(sd_pulldown_event_drag_began(core.time, (sd_pulldown_source)s, v->sv.offset_y));
    } else if (state == PG_PAN_ENDED || state == PG_PAN_CANCELLED) {
        if (!dragging[s]) return;
        dragging[s] = 0;
        int decelerates = v->sv.motion == 1;
        awaiting[s] = decelerates;
        send(sd_pulldown_event_drag_ended(core.time, (sd_pulldown_source)s, v->sv.offset_y, decelerates));
    }
}

/* io layout of the screen: pg_run.c's `screen`; the views as PulldownSurface lays them out. */
int pg_pulldown_start(const sd_pulldown_config *config, const pg_view *screen, sd_error *err) {
    sd_pulldown fresh;
    if (sd_pulldown_init(&fresh, config, err) != SD_OK) return 0;
    core = fresh;
    const sd_pulldown_config *c = &core.config;
    for (int i = 0; i < 3; i++) {
        pg_view_init(&views[i], i);
        views[i].content_width = screen->content_width;
    }
    pg_view *list = &views[SD_PULLDOWN_SOURCE_LIST], *panel = &views[SD_PULLDOWN_SOURCE_PANEL];
    pg_view *applets = &views[SD_PULLDOWN_SOURCE_APPLETS];
    list->sv.frame_height = c->screen_height;
    list->sv.content_height = screen->sv.content_height;
    list->sv.offset_y = -c->top_bar_height;
    list->sv.inset_top = c->top_bar_height;
    panel->sv.frame_height = c->screen_height - c->top_bar_height;
    panel->sv.content_height = c->panel_content_screens * c->screen_height;
    /* PulldownSurfaceDescription.appletsHeight: the top bar, two rows of 102 + 48, 74 and 50 points. */
    applets_height = c->top_bar_height + (102 + 48) * 2 + 74 + 50;
    applets->sv.frame_height = applets_height;
    applets->sv.content_height = applets_height + 600;
    applets->sv.offset_y = c->search_bar_height;
    target = -1;
    haptic_since_row = have_frame = 0;
    for (int i = 0; i < 3; i++) {
        dragging[i] = awaiting[i] = 0;
        views[i].observed = 1;
        send(sd_pulldown_event_offset(core.time, (sd_pulldown_source)i, views[i].sv.offset_y, 0));
    }
    return 1;
}

static sd_pulldown_frame frame_now(void) {
    sd_pulldown_frame f;
    sd_pulldown_frame_at(&core, core.time, &f);
    return f;
}

void pg_pulldown_advance(double time) {
    for (int i = 0; i < 3; i++) pg_view_advance(&views[i], time);
    if (!(sd_isfinite(time) && time >= 0)) return;
    for (int i = 0; i < 3; i++) {
        if (awaiting[i] && views[i].sv.motion != 1) {
            awaiting[i] = 0;
            send(sd_pulldown_event_deceleration_ended(time, (sd_pulldown_source)i, views[i].sv.offset_y));
        }
    }
    send(sd_pulldown_event_frame(time));
    sd_pulldown_frame f = frame_now();
    pg_view *list = &views[SD_PULLDOWN_SOURCE_LIST], *panel = &views[SD_PULLDOWN_SOURCE_PANEL];
    if (list->sv.inset_top != f.list_inset_top) list->sv.inset_top = f.list_inset_top;
    if (f.list_offset_driven && list->sv.offset_y != f.list_offset) move(SD_PULLDOWN_SOURCE_LIST, f.list_offset, 0);
    if (f.panel_offset_driven && panel->sv.offset_y != f.panel_offset) move(SD_PULLDOWN_SOURCE_PANEL, f.panel_offset, 0);
    latest = f;
    latest_clock = core.time;
    have_frame = 1;
    if (f.haptic) haptic_since_row = 1;
}

int pg_pulldown_at_rest(void) {
    return core.list.transition == SD_PULLDOWN_TRANSITION_NONE && core.panel.transition == SD_PULLDOWN_TRANSITION_NONE;
}

void pg_pulldown_handle(int phase, double x, double y, double vy, double t) {
    (void)t;
    if (phase == PG_TOUCH_DOWN) {
        if (have_frame && !latest.interaction_enabled) target = -1;
        else if (core.list.phase != SD_PULLDOWN_REFRESHING) target = SD_PULLDOWN_SOURCE_LIST;
        else target = y < applets_height + (have_frame ? latest.panel_y : 0) ? SD_PULLDOWN_SOURCE_APPLETS
                                                                              : SD_PULLDOWN_SOURCE_PANEL;
    }
    if (target >= 0) {
        pg_view *v = &views[target];
        switch (phase) {
        case PG_TOUCH_DOWN: pg_view_touch_down(v, x, y); break;
        case PG_TOUCH_MOVED: pg_view_touch_moved(v, x, y, vy); break;
        case PG_TOUCH_UP: pg_view_touch_up(v, x, y, vy); break;
        default: pg_view_touch_cancelled(v); break;
        }
    }
    if (phase == PG_TOUCH_UP || phase == PG_TOUCH_CANCELLED) target = -1;
}

/*
 * The panel's and the mini-program list's scroll views (phase, y, vy,
 * content height, tracking, dragging, decelerating, 7 each), then the
 * columns of docs/gesture-scripts.md in order, the nav colour as three
 * bytes and phases and transitions as their sd_ values.
 */
int pg_pulldown_values(double *out) {
    int n = 0;
    for (int i = 1; i < 3; i++) {
        const pg_view *v = &views[i];
        out[n++] = pg_view_phase(v);
        out[n++] = v->sv.offset_y;
        out[n++] = v->sv.velocity;
        out[n++] = v->sv.content_height;
        out[n++] = v->sv.tracking;
        out[n++] = v->sv.dragging;
        out[n++] = v->sv.motion == 1;
    }
    sd_pulldown_frame f;
    sd_pulldown_frame_at(&core, latest_clock, &f);
    double distance = 0;
    sd_pulldown_pull_distance(&core.config, core.list.offset, &distance);
    const double values[] = {
        distance, f.panel_offset, f.nav_top, sd_pulldown_channel_u8(f.nav_colour.red),
        sd_pulldown_channel_u8(f.nav_colour.green), sd_pulldown_channel_u8(f.nav_colour.blue), f.indicator.height,
        f.indicator.alpha, f.indicator.left.alpha, f.indicator.left.x, f.indicator.centre.alpha,
        f.indicator.centre.scale, f.indicator.right.alpha, f.indicator.right.x, f.container_alpha, f.panel_alpha,
        f.panel_scale_x, f.panel_scale_y, f.panel_y, f.mask_alpha, f.weather_alpha, f.weather_y, f.tab_bar_alpha,
        f.tab_bar_y, f.list_y, f.list_inset_top, f.interaction_enabled != 0, haptic_since_row, core.list.phase,
        core.panel.phase, f.list_transition, f.panel_transition,
        core.list.phase == SD_PULLDOWN_REFRESHING && core.list.transition == SD_PULLDOWN_TRANSITION_NONE,
    };
    haptic_since_row = 0;
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) out[n++] = values[i];
    return n;
}
