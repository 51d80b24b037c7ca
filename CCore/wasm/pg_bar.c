/*
 * pg_bar.c — the playground's bar: the core's simulated bar (sd_sim_bar:
 * BarController and BarSurface with one full-screen scroll view) and its
 * columns of a row.
 */
#include "playground.h"

static sd_sim_bar bar;

sd_sim_bar *pg_bar(void) { return &bar; }

int pg_bar_start(const sd_bar_config *config, const sd_scroll_view_config *screen, sd_error *err) {
    sd_sim_bar fresh;
    if (sd_sim_bar_init(&fresh, config, screen, err) != SD_OK) return 0;
    bar = fresh;
    return 1;
}

/* bar_offset, bar_height, bar_progress, bar_available, bar_inset, and the
 * frame's reduced motion (the bar_reduced_motion column, which the page
 * shows only with reduced motion on). */
int pg_bar_values(double *out) {
    sd_bar_frame f = {0};
    sd_bar_frame_at(&bar.bar, bar.bar.time, &f);
    out[0] = bar.bar.state.offset;
    out[1] = -bar.bar.state.offset;
    out[2] = sd_bar_progress(&bar.bar.config, bar.bar.state.offset);
    out[3] = bar.bar.state.expanded_available;
    out[4] = bar.view.sv.inset_top;
    out[5] = f.reduced_motion != 0;
    return 6;
}
