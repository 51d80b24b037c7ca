/*
 * bar_internal.h — private to the core: what the bar's .c files share
 * beyond the per-offset formulas and the offset report (which are in
 * scrolldrive/bar_report.h, so that a caller can compile the report into
 * its own code): the transition progress and the drag's in-place report.
 */
#ifndef SCROLLDRIVE_BAR_INTERNAL_H
#define SCROLLDRIVE_BAR_INTERNAL_H

#include "internal.h"

/* Transition progress 0...2 of `offset`. */
SD_INLINE double sd__bar_progress(const sd_bar_config *c, double offset) {
    if (offset > -c->normal) return sd__map(offset, -c->normal, -c->compact, 1.0, 0.0);
    return sd__map(offset, -c->expanded, -c->normal, 2.0, 1.0);
}

/* sd_bar_report_pan(bar, SD_BAR_EVENT_PAN_CHANGED, y, actions, NULL) without
 * the checks of its pointers and type (bar.c): the simulated bar's drag
 * reports every frame. The same state, status and actions. */
sd_status sd__bar_pan_changed(sd_bar *bar, double y, sd_bar_actions *actions);

#endif /* SCROLLDRIVE_BAR_INTERNAL_H */
