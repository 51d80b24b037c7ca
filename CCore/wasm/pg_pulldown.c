/*
 * pg_pulldown.c — the playground's pull-down panel: the core's simulated
 * panel (sd_sim_pulldown: PulldownPanelController and PulldownSurface with
 * the chat list, the panel's pull-up view and the mini-program list) and
 * its columns of a row.
 */
#include "playground.h"

static sd_sim_pulldown panel;

sd_sim_pulldown *pg_pulldown(void) { return &panel; }

/* The mini-program list's height, points (the page draws the panel that tall). */
PG_EXPORT(pg_pulldown_applets_height) double pg_pulldown_applets_height(void) { return panel.applets_height; }

/* The chat list as tall as the screen's scroll view's content. */
int pg_pulldown_start(const sd_pulldown_config *config, const sd_scroll_view_config *screen, sd_error *err) {
    sd_sim_pulldown fresh;
    if (sd_sim_pulldown_init(&fresh, config, screen->content_height, err) != SD_OK) return 0;
    panel = fresh;
    return 1;
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
        const sd_scroll_view *v = &panel.views[i].sv;
        out[n++] = sd_scroll_view_phase_of(v);
        out[n++] = v->offset_y;
        out[n++] = sd_scroll_view_velocity(v);
        out[n++] = v->content_height;
        out[n++] = v->tracking;
        out[n++] = v->dragging;
        out[n++] = v->motion == SD_SCROLL_VIEW_RELEASE;
    }
    const sd_pulldown *core = &panel.core;
    sd_pulldown_frame f;
    sd_pulldown_frame_at(core, panel.latest_clock, &f);
    double distance = 0;
    sd_pulldown_pull_distance(&core->config, core->list.offset, &distance);
    const double values[] = {
        distance, f.panel_offset, f.nav_top, sd_pulldown_channel_u8(f.nav_colour.red),
        sd_pulldown_channel_u8(f.nav_colour.green), sd_pulldown_channel_u8(f.nav_colour.blue), f.indicator.height,
        f.indicator.alpha, f.indicator.left.alpha, f.indicator.left.x, f.indicator.centre.alpha,
        f.indicator.centre.scale, f.indicator.right.alpha, f.indicator.right.x, f.container_alpha, f.panel_alpha,
        f.panel_scale_x, f.panel_scale_y, f.panel_y, f.mask_alpha, f.weather_alpha, f.weather_y, f.tab_bar_alpha,
        f.tab_bar_y, f.list_y, f.list_inset_top, f.interaction_enabled != 0, panel.haptic_since_take,
        core->list.phase, core->panel.phase, f.list_transition, f.panel_transition,
        sd_pulldown_is_open(core), f.reduced_motion != 0,
    };
    panel.haptic_since_take = 0;
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) out[n++] = values[i];
    return n;
}
