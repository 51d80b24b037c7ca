/*
 * bar.c — the expandable bar: AirBar's transformers, reducer, snapping and
 * pan/preconfigure/expand rules, in AirBar's order of operations.
 */
#include "internal.h"

/* AirBar's `isNear(to:delta:)` tolerance when a pan begins (points). It is
 * loose on purpose: UIKit's first KVO offset is not always a whole number. */
#define SD_BAR_NEAR_TOP_DELTA 5.0

static sd_status check_height(double v, const char *field, sd_error *err) {
    if (!sd_isfinite(v)) return sd_fail(err, SD_ERR_NOT_FINITE, field, "must be finite");
    if (v < 0) return sd_fail(err, SD_ERR_NEGATIVE, field, "must be >= 0");
    return SD_OK;
}

sd_status sd_bar_config_validate(const sd_bar_config *config, sd_error *err) {
    SD_CHECK_NULL(config, err, "config");
    sd_status st;
    if ((st = check_height(config->compact, "compact", err)) != SD_OK) return st;
    if ((st = check_height(config->normal, "normal", err)) != SD_OK) return st;
    if ((st = check_height(config->expanded, "expanded", err)) != SD_OK) return st;
    if (config->normal < config->compact)
        return sd_fail(err, SD_ERR_ORDER, "normal", "must be >= compact");
    if (config->expanded < config->normal)
        return sd_fail(err, SD_ERR_ORDER, "expanded", "must be >= normal");
    return sd_succeed(err);
}

static double sanitize_height(double v) { return (sd_isfinite(v) && v >= 0) ? v : 0.0; }

sd_bar_config sd_bar_config_sanitized(sd_bar_config c) {
    sd_bar_config out;
    out.compact = sanitize_height(c.compact);
    out.normal = sd_max(out.compact, sanitize_height(c.normal));
    out.expanded = sd_max(out.normal, sanitize_height(c.expanded));
    return out;
}

sd_bar_state sd_bar_state_initial(const sd_bar_config *config) {
    sd_bar_state s = { -config->normal, 0u, 0u };
    return s;
}

sd_status sd_scroll_geometry_validate(const sd_scroll_geometry *g, sd_error *err) {
    SD_CHECK_NULL(g, err, "geometry");
    if (!sd_isfinite(g->inset_top)) return sd_fail(err, SD_ERR_NOT_FINITE, "inset_top", "must be finite");
    if (!sd_isfinite(g->inset_bottom)) return sd_fail(err, SD_ERR_NOT_FINITE, "inset_bottom", "must be finite");
    if (!sd_isfinite(g->content_height)) return sd_fail(err, SD_ERR_NOT_FINITE, "content_height", "must be finite");
    if (!sd_isfinite(g->frame_height)) return sd_fail(err, SD_ERR_NOT_FINITE, "frame_height", "must be finite");
    return sd_succeed(err);
}

/* ---- transformers: one formula each, shared by the chain and the fused path ---- */

SD_INLINE double ignore_top(double dy, double prev, double y, double start) {
    /* Only when the offset is above the scrollable area's start (bouncing). */
    if (prev < -start || y < -start) dy += sd_min(0.0, prev + start);
    return dy;
}

SD_INLINE double bottom_end(const sd_scroll_geometry *g) {
    return g->content_height - g->frame_height + g->inset_bottom;
}

SD_INLINE double ignore_bottom(double dy, double prev, double y, double end) {
    /* Only when the offset is beyond the scrollable area's end (bouncing). */
    if (prev > end || y > end) dy += sd_max(0.0, prev - end);
    return dy;
}

SD_INLINE double cut_out_target(double dy, double offset, double neg_compact, double neg_limit) {
    if (dy > 0) return sd_min(neg_compact, offset + dy);
    return sd_max(neg_limit, offset + dy);
}

SD_INLINE double cut_out(double dy, double offset, double neg_compact, double neg_limit) {
    return cut_out_target(dy, offset, neg_compact, neg_limit) - offset;
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
SD_INLINE double cut_out_apply(double dy, double offset, double neg_compact, double neg_limit) {
    double target = cut_out_target(dy, offset, neg_compact, neg_limit);
    double next = offset + (target - offset);
    if (target <= neg_compact) next = sd_min(next, neg_compact);
    if (target >= neg_limit) next = sd_max(next, neg_limit);
    return next;
}

SD_INLINE double limit_height(const sd_bar_config *c, uint32_t available) {
    return available ? c->expanded : c->normal;
}

double sd_bar_ignore_top(const sd_bar_transform_params *p, void *context) {
    (void)context;
    return ignore_top(p->delta_y, p->previous_y, p->y, p->geometry.inset_top);
}

double sd_bar_ignore_bottom(const sd_bar_transform_params *p, void *context) {
    (void)context;
    return ignore_bottom(p->delta_y, p->previous_y, p->y, bottom_end(&p->geometry));
}

double sd_bar_cut_out_state_range(const sd_bar_transform_params *p, void *context) {
    (void)context;
    return cut_out(p->delta_y, p->state.offset, -p->config.compact,
                   -limit_height(&p->config, p->state.expanded_available));
}

const sd_bar_transformer sd_bar_default_transformers[3] = {
    { sd_bar_ignore_top, NULL },
    { sd_bar_ignore_bottom, NULL },
    { sd_bar_cut_out_state_range, NULL },
};

/* ---- reducers ---- */

SD_INLINE double reduce_offset(const sd_bar_config *c, const sd_scroll_geometry *g,
                               sd_bar_state s, double prev, double y) {
    double dy = y - prev;
    dy = ignore_top(dy, prev, y, g->inset_top);
    dy = ignore_bottom(dy, prev, y, bottom_end(g));
    return cut_out_apply(dy, s.offset, -c->compact, -limit_height(c, s.expanded_available));
}

static sd_status check_reduce_args(const sd_bar_config *config, const sd_scroll_geometry *geometry,
                                   const sd_bar_state *state, double previous_y, double y) {
    if (!config || !geometry || !state) return SD_ERR_NULL;
    if (!sd_isfinite(previous_y) || !sd_isfinite(y)) return SD_ERR_NOT_FINITE;
    return sd_scroll_geometry_validate(geometry, NULL);
}

sd_status sd_bar_reduce(const sd_bar_config *config, const sd_scroll_geometry *geometry,
                        sd_bar_state *state, double previous_y, double y) {
    sd_status st = check_reduce_args(config, geometry, state, previous_y, y);
    if (st != SD_OK) return st;
    state->offset = reduce_offset(config, geometry, *state, previous_y, y);
    return SD_OK;
}

sd_status sd_bar_reduce_chain(const sd_bar_transformer *chain, size_t count,
                              const sd_bar_config *config, const sd_scroll_geometry *geometry,
                              sd_bar_state *state, double previous_y, double y) {
    sd_status st = check_reduce_args(config, geometry, state, previous_y, y);
    if (st != SD_OK) return st;
    if (count > 0 && !chain) return SD_ERR_NULL;
    sd_bar_transform_params p;
    p.previous_y = previous_y;
    p.y = y;
    p.delta_y = y - previous_y;
    p.reserved = 0;
    p.state = *state;
    p.config = *config;
    p.geometry = *geometry;
    double offset;
    size_t n = count;
    /* A chain that ends with the built-in cut-out adds its delta the way the
     * fused reducer does (cut_out_apply), so the two agree to the last bit. */
    int cut_last = count > 0 && chain[count - 1].function == sd_bar_cut_out_state_range;
    if (cut_last) n--;
    for (size_t i = 0; i < count; i++)
        if (!chain[i].function) return SD_ERR_NULL;
    for (size_t i = 0; i < n; i++) p.delta_y = chain[i].function(&p, chain[i].context);
    if (cut_last)
        offset = cut_out_apply(p.delta_y, state->offset, -config->compact,
                               -limit_height(config, state->expanded_available));
    else
        offset = state->offset + p.delta_y;
    if (!sd_isfinite(offset)) return SD_ERR_NOT_FINITE;
    state->offset = offset;
    return SD_OK;
}

/* ---- the tracking bar ---- */

sd_status sd_bar_init(sd_bar *bar, const sd_bar_config *config, sd_error *err) {
    SD_CHECK_NULL(bar, err, "bar");
    sd_status st = sd_bar_config_validate(config, err);
    if (st != SD_OK) return st;
    bar->config = *config;
    bar->state = sd_bar_state_initial(config);
    bar->previous_x = 0;
    bar->previous_y = 0;
    bar->has_previous = 0;
    bar->reserved = 0;
    return SD_OK;
}

void sd_bar_reset_tracking(sd_bar *bar) {
    if (!bar) return;
    bar->has_previous = 0;
    bar->previous_x = 0;
    bar->previous_y = 0;
}

sd_bar_offset_outcome sd_bar_track_offset(sd_bar *bar, double x, double y, double *previous_y) {
    if (!bar || !previous_y || !sd_isfinite(x) || !sd_isfinite(y)) return SD_BAR_OFFSET_REJECTED;
    if (!bar->has_previous) {
        bar->has_previous = 1;
        bar->previous_x = x;
        bar->previous_y = y;
        return SD_BAR_OFFSET_RECORDED;
    }
    if (x == bar->previous_x && y == bar->previous_y) return SD_BAR_OFFSET_SKIPPED;
    *previous_y = bar->previous_y;
    bar->previous_x = x;
    bar->previous_y = y;
    return SD_BAR_OFFSET_REDUCED;
}

sd_bar_offset_outcome sd_bar_content_offset_changed(sd_bar *bar, const sd_scroll_geometry *g,
                                                    double x, double y) {
    if (!bar || !g || (bar->has_previous && sd_scroll_geometry_validate(g, NULL) != SD_OK))
        return SD_BAR_OFFSET_REJECTED;
    double previous_y = 0;
    sd_bar_offset_outcome outcome = sd_bar_track_offset(bar, x, y, &previous_y);
    if (outcome == SD_BAR_OFFSET_REDUCED)
        bar->state.offset = reduce_offset(&bar->config, g, bar->state, previous_y, y);
    return outcome;
}

/*
 * The batch reducer. It gives exactly the numbers of calling
 * sd_bar_content_offset_changed once per offset, in far fewer instructions,
 * by running most frames through a fast loop whose shortcuts are exact:
 *
 * It works on the height H = -offset (negation is exact, and round-to-
 * nearest is symmetric, so -(a + b) == (-a) - b bit for bit), which makes
 * the stored result H itself. A frame is fast when the previous and the new
 * content offset are both within [-inset_top, end] (no bounce: the ignore-top
 * and ignore-bottom transformers change nothing) and H is within
 * [compact, limit], with compact > 0. Then, with th = H - (y - prev), the
 * default chain's new height is
 *   compact   when th <= compact,
 *   limit     when th >  limit,
 *   th        otherwise,
 * provided AirBar's re-addition offset + (target - offset) gives the target
 * back. For th it does whenever th <= 2H: then H - th is exact (Sterbenz's
 * lemma; th > 0 and H >= th/2), so H - (H - th) == th. For the bounds it
 * does when H already is the bound; other cases take the exact formula.
 * Equal consecutive offsets (skipped by the per-frame path) leave H as it is
 * here as well: th == H.
 *
 * The branches follow the bar's state (compact, in transition, expanded),
 * which changes rarely, so they predict well; in transition the only
 * dependency from one frame to the next is one subtraction, and at a bound
 * there is none. Frames outside the fast conditions (bounce, non-finite
 * offsets, a height outside the range after availability changed) take the
 * per-frame formula, one at a time, until the conditions hold again.
 */
SD_INLINE int batch_fast_ok(double prev, double h, double top, double end, double lo, double hi) {
    return prev >= top && prev <= end && h >= lo && h <= hi;
}

sd_status sd_bar_reduce_batch(sd_bar *bar, const sd_scroll_geometry *g, const double *ys,
                              size_t count, double *heights, size_t *rejected) {
    if (!bar || !g || (count > 0 && (!ys || !heights))) return SD_ERR_NULL;
    if (sd_scroll_geometry_validate(g, NULL) != SD_OK) return SD_ERR_NOT_FINITE;

    /* Everything the reducer reads that cannot change inside a batch (the
     * availability only changes on pan events) is hoisted out of the loop. */
    const double start = g->inset_top;
    const double end = bottom_end(g);
    const double neg_compact = -bar->config.compact;
    const double neg_limit = -limit_height(&bar->config, bar->state.expanded_available);
    double offset = bar->state.offset;
    double prev = bar->previous_y;
    const double start_prev = prev;
    const int had_previous = bar->has_previous != 0;
    size_t bad = 0;
    size_t i = 0;

    if (!bar->has_previous) {
        /* The first finite offset is only recorded. */
        for (; i < count; i++) {
            double y = ys[i];
            heights[i] = -offset;
            if (!sd_isfinite(y)) { bad++; continue; }
            bar->has_previous = 1;
            prev = y;
            i++;
            break;
        }
    }

    /* The fast loop's bounds, in heights. It is off (top = +inf: no offset
     * qualifies) unless the heights are positive and ordered, the offsets'
     * band is not empty, and all of it is far from overflow. */
    const double lo = -neg_compact, hi = -neg_limit;
    const double big = 0x1p1000;
    double top = -start;
    if (!(lo > 0 && lo <= hi && hi <= big && top >= -big && end <= big && top <= end)) top = __builtin_inf();

    double h = -offset;
    if (i < count && !batch_fast_ok(prev, h, top, end, lo, hi)) goto slow;
    for (;;) {
        for (; i < count; i++) {
            const double y = ys[i];
            if (__builtin_expect(!(y >= top && y <= end), 0)) goto slow;
            double th = h - (y - prev);
            double next;
            if (__builtin_expect(th > lo, 1)) {
                if (__builtin_expect(th <= hi, 1)) {
                    next = th;
                    if (__builtin_expect(!(th <= h + h), 0)) {
                        double back = h - (h - th);
                        if (back != th) next = sd_min(sd_max(back, lo), hi);
                    }
                } else {
                    next = hi;
                    if (__builtin_expect(h != hi, 0)) next = sd_min(sd_max(h - (h - hi), lo), hi);
                }
            } else {
                next = lo;
                if (__builtin_expect(h != lo, 0)) next = sd_min(sd_max(h - (h - lo), lo), hi);
            }
            h = next;
            prev = y;
            heights[i] = h;
        }
        break;
    slow:
        /* Exact frames, one by one, until the fast conditions hold again. */
        do {
            double y = ys[i];
            if (sd_isfinite(y) && y != prev) {
                double dy = y - prev;
                dy = ignore_top(dy, prev, y, start);
                dy = ignore_bottom(dy, prev, y, end);
                h = -cut_out_apply(dy, -h, neg_compact, neg_limit);
                prev = y;
            } else {
                bad += !sd_isfinite(y);
            }
            heights[i++] = h;
        } while (i < count && !batch_fast_ok(prev, h, top, end, lo, hi));
        if (i >= count) break;
    }
    /* The fast loop records every offset, the per-frame path only changed
     * ones; they differ only for a run of equal zeros of mixed sign, where
     * the per-frame path keeps the run's first zero. */
    if (prev == 0 && count > 0) {
        size_t j = count;
        while (j > 0 && (!sd_isfinite(ys[j - 1]) || ys[j - 1] == 0)) {
            if (ys[j - 1] == 0) prev = ys[j - 1];
            j--;
        }
        if (j == 0 && had_previous && start_prev == 0) prev = start_prev;
    }
    bar->state.offset = -h;
    bar->previous_y = prev;
    if (rejected) *rejected = bad;
    return SD_OK;
}

/* ---- reading the state ---- */

sd_bar_range sd_bar_range_of(const sd_bar_config *c, double offset) {
    return offset > -c->normal ? SD_BAR_RANGE_COMPACT_NORMAL : SD_BAR_RANGE_NORMAL_EXPANDED;
}

SD_INLINE double progress_of(const sd_bar_config *c, double offset) {
    if (offset > -c->normal) return sd__map(offset, -c->normal, -c->compact, 1.0, 0.0);
    return sd__map(offset, -c->expanded, -c->normal, 2.0, 1.0);
}

double sd_bar_progress(const sd_bar_config *c, double offset) { return progress_of(c, offset); }

double sd_bar_value(const sd_bar_config *c, double offset, double cn_lo, double cn_hi,
                    double ne_lo, double ne_hi) {
    double progress = progress_of(c, offset);
    if (sd_bar_range_of(c, offset) == SD_BAR_RANGE_COMPACT_NORMAL)
        return sd__map(progress, 0.0, 1.0, cn_lo, cn_hi);
    return sd__map(progress, 1.0, 2.0, ne_lo, ne_hi);
}

void sd_bar_progress_batch(const sd_bar_config *c, const double *offsets, size_t count,
                           double *progress) {
    if (!c || !offsets || !progress) return;
    for (size_t i = 0; i < count; i++) progress[i] = progress_of(c, offsets[i]);
}

double sd_bar_snap_delta(const sd_bar_config *c, double offset) {
    /* AirBar folds over [-compact, -normal, -expanded] keeping the first
     * delta whose magnitude is strictly smaller: ties go to the earlier one. */
    double best = -c->compact - offset;
    double d = -c->normal - offset;
    if (__builtin_fabs(d) < __builtin_fabs(best)) best = d;
    d = -c->expanded - offset;
    if (__builtin_fabs(d) < __builtin_fabs(best)) best = d;
    return best;
}

/* ---- step functions ---- */

static void clear_actions(sd_bar_actions *a) {
    a->flags = 0;
    a->reserved = 0;
    a->inset_top = 0;
    a->inset_bottom = 0;
    a->indicator_top = 0;
    a->target_y = 0;
}

#define SD_CHECK_STEP(config, state, actions, y)                             \
    do {                                                                     \
        if (!(config) || !(state) || !(actions)) return SD_ERR_NULL;         \
        if (!sd_isfinite(y)) return SD_ERR_NOT_FINITE;                       \
    } while (0)

sd_status sd_bar_pan_began(const sd_bar_config *c, sd_bar_state *state, double y,
                           sd_bar_actions *a) {
    SD_CHECK_STEP(c, state, a, y);
    const double top = -c->normal;
    int near_top = (top - SD_BAR_NEAR_TOP_DELTA <= y) && (y <= top + SD_BAR_NEAR_TOP_DELTA);
    int was_available = y < top && state->expanded_available;
    clear_actions(a);
    state->expanded_available = (near_top || was_available) ? 1u : 0u;
    a->flags = SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP;
    a->inset_top = state->expanded_available ? c->expanded : c->normal;
    return SD_OK;
}

sd_status sd_bar_pan_changed(const sd_bar_config *c, sd_bar_state *state, double y,
                             sd_bar_actions *a) {
    SD_CHECK_STEP(c, state, a, y);
    clear_actions(a);
    if (state->expanded_available && y > -c->normal) {
        state->expanded_available = 0;
        a->flags = SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP;
        a->inset_top = c->normal;
    }
    return SD_OK;
}

sd_status sd_bar_pan_ended(const sd_bar_config *c, const sd_bar_state *state, double y,
                           sd_bar_actions *a) {
    SD_CHECK_STEP(c, state, a, y);
    double delta = sd_bar_snap_delta(c, state->offset);
    double target = y + delta;
    /* y near +-DBL_MAX: the move's target overflows; ask for nothing. */
    if (delta != 0 && !sd_isfinite(target)) return SD_ERR_RANGE;
    clear_actions(a);
    if (delta != 0) {
        a->flags = SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED;
        a->target_y = target;
    }
    return SD_OK;
}

sd_status sd_bar_preconfigure(const sd_bar_config *c, const sd_bar_state *state,
                              double frame_height, double content_height, double y,
                              sd_bar_actions *a) {
    SD_CHECK_STEP(c, state, a, y);
    if (!sd_isfinite(frame_height) || !sd_isfinite(content_height)) return SD_ERR_NOT_FINITE;
    double inset_bottom = sd_max(0.0, frame_height - c->compact - content_height);
    /* Heights near DBL_MAX of opposite signs overflow: nothing is asked. */
    if (!sd_isfinite(inset_bottom)) return SD_ERR_RANGE;
    clear_actions(a);
    int expanded = state->expanded_available != 0;
    a->flags = SD_BAR_ACTION_INSET_BOTTOM | SD_BAR_ACTION_INSET_TOP | SD_BAR_ACTION_INDICATOR_TOP;
    a->inset_bottom = inset_bottom;
    a->inset_top = (state->offset <= -c->normal && expanded) ? c->expanded : c->normal;
    a->indicator_top = c->normal;
    if (y <= 0 || (state->offset < -c->normal && expanded)) {
        a->flags |= SD_BAR_ACTION_SCROLL;
        a->target_y = state->offset;
    }
    return SD_OK;
}

sd_status sd_bar_expand(const sd_bar_config *c, sd_bar_state *state, int on, sd_bar_actions *a) {
    if (!c || !state || !a) return SD_ERR_NULL;
    clear_actions(a);
    a->flags = SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED | SD_BAR_ACTION_SCROLL_FIRST |
               SD_BAR_ACTION_INSET_TOP;
    if (on) {
        state->expanded_available = 1;
        a->flags |= SD_BAR_ACTION_STATE;
    }
    a->target_y = on ? -c->expanded : -c->normal;
    a->inset_top = on ? c->expanded : c->normal;
    return SD_OK;
}
