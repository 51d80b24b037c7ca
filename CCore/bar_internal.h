/*
 * bar_internal.h — private to the core: what the bar's .c files share
 * beyond the per-offset formulas and the offset report (which are in
 * scrolldrive/bar_report.h, so that a caller can compile the report into
 * its own code): the transition progress.
 */
#ifndef SCROLLDRIVE_BAR_INTERNAL_H
#define SCROLLDRIVE_BAR_INTERNAL_H

#include "internal.h"

/* Transition progress 0...2 of `offset`. */
SD_INLINE double sd__bar_progress(const sd_bar_config *c, double offset) {
    if (offset > -c->normal) return sd__map(offset, -c->normal, -c->compact, 1.0, 0.0);
    return sd__map(offset, -c->expanded, -c->normal, 2.0, 1.0);
}

#endif /* SCROLLDRIVE_BAR_INTERNAL_H */
