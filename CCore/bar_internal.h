/*
 * bar_internal.h — private to the core: what the bar's .c files share
 * beyond the per-offset formulas (which are in scrolldrive/bar_report.h,
 * so that a caller can compile the offset report into its own code): the
 * transition progress, and the OFFSET step without its event for the
 * simulated bar (simsurface.c).
 */
#ifndef SCROLLDRIVE_BAR_INTERNAL_H
#define SCROLLDRIVE_BAR_INTERNAL_H

#include "internal.h"

/* Transition progress 0...2 of `offset`. */
SD_INLINE double sd__bar_progress(const sd_bar_config *c, double offset) {
    if (offset > -c->normal) return sd__map(offset, -c->normal, -c->compact, 1.0, 0.0);
    return sd__map(offset, -c->expanded, -c->normal, 2.0, 1.0);
}

/* What sd_bar_step does with sd_bar_event_offset(0, x, y, *g), without
 * building the event or its actions (bar.c): the same checks and state;
 * whether the state changed (0 as well when the event is rejected). */
int sd__bar_offset_at_zero(sd_bar *bar, double x, double y, const sd_scroll_geometry *g);

#endif /* SCROLLDRIVE_BAR_INTERNAL_H */
