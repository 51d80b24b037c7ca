/*
 * scrolldrive/bar_report.h — the bar's offset report compiled into the
 * caller: `sd_bar_report_offset_inline`, and the per-offset formulas it is
 * made of. These formulas are the core's only copy: the transformers, the
 * fused reducer, the surface's steps and the batch (bar.c, bar_reduce.c)
 * use them too, so that every path computes the same bits. Every formula
 * follows the AirBar library's order of operations.
 *
 * The `sd__` names are the core's own: they trust their input and may
 * change in any version; call `sd_bar_report_offset_inline` or the
 * functions of scrolldrive/bar.h. The formulas only add, subtract and
 * compare (nothing a compiler could contract into a fused multiply-add),
 * so code that includes them computes the core's bits whatever its
 * floating-point flags; keep them so.
 */
#ifndef SCROLLDRIVE_BAR_REPORT_H
#define SCROLLDRIVE_BAR_REPORT_H

#include "bar.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A branch the per-frame path almost never takes. */
#if defined(__GNUC__) || defined(__clang__)
#define SD__UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SD__UNLIKELY(x) (x)
#endif

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
    if (SD__UNLIKELY(c->policy & SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED))
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

/* AirBar's observation rules for a new content offset (x, y): returns 1 when
 * the caller must reduce from *previous_y, after recording (x, y). */
SD_INLINE int sd__bar_track(sd_bar_tracking *t, double x, double y, double *previous_x, double *previous_y) {
    if (!t->has_previous) {
        t->has_previous = 1;
        t->previous_x = x;
        t->previous_y = y;
        return 0;
    }
    if (x == t->previous_x && y == t->previous_y) return 0;
    *previous_x = t->previous_x;
    *previous_y = t->previous_y;
    t->previous_x = x;
    t->previous_y = y;
    return 1;
}

/* The common case's test that an OFFSET event's numbers are finite: a sum
 * is finite only when every term is (a finite sum that overflows fails it,
 * and the field-by-field checks then accept it). */
SD_INLINE int sd__bar_offset_sum_finite(double x, double y, const sd_scroll_geometry *g) {
    return sd_isfinite(x + y + g->inset_top + g->inset_bottom + g->content_height + g->frame_height);
}

/* A valid offset's rule, in place: tracks (x, y) and reduces the state from
 * the previous offset; whether the state changed. */
SD_INLINE int sd__bar_offset_in_place(sd_bar *b, double x, double y, const sd_scroll_geometry *g) {
    double px = 0, py = 0;
    if (!sd__bar_track(&b->tracking, x, y, &px, &py)) return 0;
    b->state.offset = sd__bar_reduce_offset(&b->config, g, b->state, py, y);
    return 1;
}

/**
 * `sd_bar_report_offset(bar, x, y, geometry, flags, NULL)` compiled into the
 * caller (BarController's scroll views and the simulated bar report every
 * frame, and a call would cost more than the checks): the same state, status and flags to the last
 * bit. It does not check its pointers: `bar`, `geometry` and `flags` must
 * not be NULL. Numbers whose sum is not finite go to `sd_bar_report_offset`
 * itself, which checks them one by one.
 */
SD_INLINE sd_status sd_bar_report_offset_inline(sd_bar *bar, double x, double y, const sd_scroll_geometry *geometry,
                                               uint32_t *flags) {
    if (!sd__bar_offset_sum_finite(x, y, geometry)) return sd_bar_report_offset(bar, x, y, geometry, flags, 0);
    /* Time 0: sd_event_time(bar->time, 0) is bar->time, the clock stays. */
    *flags = sd__bar_offset_in_place(bar, x, y, geometry) ? SD_BAR_ACTION_STATE : 0u;
    return SD_OK;
}

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_BAR_REPORT_H */
