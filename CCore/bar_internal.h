/*
 * bar_internal.h — private to the core: the bar's per-offset formulas,
 * inline, shared by the transformers, the fused reducer, the surface's
 * steps and the batch so that they compute the same bits; and the OFFSET
 * step without its event, for the simulated bar (simsurface.c).
 * Every formula follows the AirBar library's order of operations.
 */
#ifndef SCROLLDRIVE_BAR_INTERNAL_H
#define SCROLLDRIVE_BAR_INTERNAL_H

#include "internal.h"

/* Ignore-top transformer: only when the offset is above the scrollable
 * area's start (bouncing), the part above it does not count. */
SD_INLINE double sd__bar_ignore_top(double dy, double prev, double y, double start) {
    if (prev < -start || y < -start) dy += sd_min(0.0, prev + start);
    return dy;
}

/* Where the scrollable area ends (the largest resting content offset). */
SD_INLINE double sd__bar_bottom_end(const sd_scroll_geometry *g) {
    return g->content_height - g->frame_height + g->inset_bottom;
}

/* Ignore-bottom transformer: only when the offset is beyond the scrollable
 * area's end (bouncing). */
SD_INLINE double sd__bar_ignore_bottom(double dy, double prev, double y, double end) {
    if (prev > end || y > end) dy += sd_max(0.0, prev - end);
    return dy;
}

/* The offset the cut-out transformer aims at. */
SD_INLINE double sd__bar_cut_out_target(double dy, double offset, double neg_compact, double neg_limit) {
    if (dy > 0) return sd_min(neg_compact, offset + dy);
    return sd_max(neg_limit, offset + dy);
}

/* The cut-out transformer's delta. */
SD_INLINE double sd__bar_cut_out(double dy, double offset, double neg_compact, double neg_limit) {
    return sd__bar_cut_out_target(dy, offset, neg_compact, neg_limit) - offset;
}

/*
 * offset + cut_out(...), as AirBar adds it, kept on the state range's side of
 * the bound the cut-out aimed at. offset + (target - offset) can miss target
 * by a rounding: with compact 1e-320 and offset -0.5, a delta of 600 gives
 * target -1e-320, target - offset rounds to 0.5 and the new offset is 0, a
 * height below compact. Only such results change (they become the bound);
 * every result that AirBar's arithmetic already keeps in range is AirBar's to
 * the last bit.
 */
SD_INLINE double sd__bar_cut_out_apply(double dy, double offset, double neg_compact, double neg_limit) {
    double target = sd__bar_cut_out_target(dy, offset, neg_compact, neg_limit);
    double next = offset + (target - offset);
    if (target <= neg_compact) next = sd_min(next, neg_compact);
    if (target >= neg_limit) next = sd_max(next, neg_limit);
    return next;
}

/* The largest height the state may reach now. */
SD_INLINE double sd__bar_limit_height(const sd_bar_config *c, uint32_t available) {
    return available ? c->expanded : c->normal;
}

/* SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED: a growing bar (next < offset) is held
 * at min(offset, y): never taller than -y, the content's top edge, so it
 * comes back only as the content's top does. A shrinking one is left alone. */
SD_INLINE double sd__bar_exit_until_collapsed(double next, double offset, double y) {
    double floor = sd_min(offset, y);
    return next < floor ? floor : next;
}

/* A content offset y in the bar's own terms: T (safe_area_top) further
 * down, so that the content at rest under a normal bar is at -normal. y
 * itself when T is 0 (not y + 0, which would turn -0 into +0). */
SD_INLINE double sd__bar_y(const sd_bar_config *c, double y) {
    return c->safe_area_top != 0 ? y + c->safe_area_top : y;
}

/* The reduced offset `next` under the configuration's policy. */
SD_INLINE double sd__bar_apply_policy(const sd_bar_config *c, double next, double offset, double y) {
    if (__builtin_expect(c->policy & SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED, 0))
        next = sd__bar_exit_until_collapsed(next, offset, sd__bar_y(c, y));
    return next;
}

/* The fused default reducer's new offset (finite, valid input). */
SD_INLINE double sd__bar_reduce_offset(const sd_bar_config *c, const sd_scroll_geometry *g, sd_bar_state s,
                                       double prev, double y) {
    double dy = y - prev;
    dy = sd__bar_ignore_top(dy, prev, y, g->inset_top);
    dy = sd__bar_ignore_bottom(dy, prev, y, sd__bar_bottom_end(g));
    double next = sd__bar_cut_out_apply(dy, s.offset, -c->compact, -sd__bar_limit_height(c, s.expanded_available));
    return sd__bar_apply_policy(c, next, s.offset, y);
}

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
