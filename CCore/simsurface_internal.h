/*
 * simsurface_internal.h — private to simsurface*.c (and simsweep.c, for the
 * bar's rest test): a simulated surface's views report to their surface.
 * The views' steps are shared; which surface hears them is a tag
 * (`sim_owner.kind`) switched on, not a function pointer.
 */
#ifndef SCROLLDRIVE_SIMSURFACE_INTERNAL_H
#define SCROLLDRIVE_SIMSURFACE_INTERNAL_H

#include "internal.h"

enum { SIM_BAR = 0, SIM_PULLDOWN = 1, SIM_SHEET = 2, SIM_REFRESH = 3 };

/* The surface a view reports to. */
typedef struct sim_owner {
    int kind;
    void *surface;
} sim_owner;

/* What a view reports: its content offset changed (0) or a pan state (SD_SIM_PAN_*). */
enum { SIM_OFFSET = 0 };

/* The surfaces' observers (simsurface.c, simsurface_pulldown.c, simsurface_sheet.c, simsurface_refresh.c). */
void sd__sim_bar_observe(sd_sim_bar *sim, sd_sim_view *view, int what);
void sd__sim_pulldown_observe(sd_sim_pulldown *sim, sd_sim_view *view, int what);
void sd__sim_sheet_observe(sd_sim_sheet *sim, sd_sim_view *view, int what);
void sd__sim_refresh_observe(sd_sim_refresh *sim, sd_sim_view *view, int what);

/* A view's steps (SimScrollView's), reporting to `owner` as they go (simsurface.c). */
void sd__sim_view_init(sd_sim_view *view, uint32_t role);
void sd__sim_view_advance(sim_owner owner, sd_sim_view *view, double time);
void sd__sim_view_touch(sim_owner owner, sd_sim_view *view, sd_sim_touch_phase phase, double x, double y,
                        double finger_vy);
void sd__sim_view_update_offset(sim_owner owner, sd_sim_view *view, double x, double y, int animated);

/* The simulated bar rests when its view does (it has no motion of its own):
 * sd_sim_bar_at_rest, inline for the sweep's frames (simsweep.c). */
SD_INLINE int sd__sim_bar_at_rest(const sd_sim_bar *sim) { return sd__scroll_view_at_rest(&sim->view.sv); }

#endif /* SCROLLDRIVE_SIMSURFACE_INTERNAL_H */
