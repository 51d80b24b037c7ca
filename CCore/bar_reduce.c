/*
 * bar_reduce.c — the expandable bar's per-offset arithmetic: configuration
 * checks, the AirBar library's delta-Y transformers and reducers, the batch
 * reducer, and reading a state (range, progress, value, snapping). All of it
 * in AirBar's order of operations, so the numbers agree to the last bit.
 * The surface built on it (init/step/frame_at/reconfigure) is in bar.c.
 */
#include "bar_internal.h"

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
    if (config->policy & ~SD_BAR_POLICY_ALL) return sd_fail(err, SD_ERR_RANGE, "policy", "only the policy bits 0x3F");
    const uint32_t both = SD_BAR_POLICY_SNAP_DIRECTION | SD_BAR_POLICY_NO_SNAP;
    if ((config->policy & both) == both)
        return sd_fail(err, SD_ERR_RANGE, "policy", "snap by direction and no snap exclude each other");
    if (!sd_isfinite(config->safe_area_top))
        return sd_fail(err, SD_ERR_NOT_FINITE, "safe_area_top", "must be finite");
    if (config->safe_area_top < 0) return sd_fail(err, SD_ERR_NEGATIVE, "safe_area_top", "must be >= 0");
    if (config->safe_area_top > SD_BAR_MAX_SAFE_AREA)
        return sd_fail(err, SD_ERR_RANGE, "safe_area_top", "must be <= 1e6");
    return sd_succeed(err);
}

static double sanitize_height(double v) { return (sd_isfinite(v) && v >= 0) ? v : 0.0; }

sd_bar_config sd_bar_config_sanitized(sd_bar_config c) {
    sd_bar_config out;
    out.compact = sanitize_height(c.compact);
    out.normal = sd_max(out.compact, sanitize_height(c.normal));
    out.expanded = sd_max(out.normal, sanitize_height(c.expanded));
    out.policy = c.policy & SD_BAR_POLICY_ALL;
    if (out.policy & SD_BAR_POLICY_NO_SNAP) out.policy &= ~(uint32_t)SD_BAR_POLICY_SNAP_DIRECTION;
    out.reserved = 0;
    out.safe_area_top = sd_min(sanitize_height(c.safe_area_top), SD_BAR_MAX_SAFE_AREA);
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

/* ---- transformers: the formulas are in scrolldrive/bar_report.h ---- */

double sd_bar_ignore_top(const sd_bar_transform_params *p, void *context) {
    (void)context;
    return sd__bar_ignore_top(p->delta_y, p->previous_y, p->y, p->geometry.inset_top);
}

double sd_bar_ignore_bottom(const sd_bar_transform_params *p, void *context) {
    (void)context;
    return sd__bar_ignore_bottom(p->delta_y, p->previous_y, p->y, sd__bar_bottom_end(&p->geometry));
}

double sd_bar_cut_out_state_range(const sd_bar_transform_params *p, void *context) {
    (void)context;
    return sd__bar_cut_out(p->delta_y, p->state.offset, -p->config.compact,
                   -sd__bar_limit_height(&p->config, p->state.expanded_available));
}

const sd_bar_transformer sd_bar_default_transformers[3] = {
    { sd_bar_ignore_top, NULL },
    { sd_bar_ignore_bottom, NULL },
    { sd_bar_cut_out_state_range, NULL },
};

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
    state->offset = sd__bar_reduce_offset(config, geometry, *state, previous_y, y);
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
        offset = sd__bar_cut_out_apply(p.delta_y, state->offset, -config->compact,
                                       -sd__bar_limit_height(config, state->expanded_available));
    else
        offset = state->offset + p.delta_y;
    offset = sd__bar_apply_policy(config, offset, state->offset, y);
    if (!sd_isfinite(offset)) return SD_ERR_NOT_FINITE;
    state->offset = offset;
    return SD_OK;
}

/*
 * The batch reducer. It gives exactly the numbers of stepping one OFFSET
 * event per offset, in far fewer instructions, by running most frames
 * through a fast loop whose shortcuts are exact:
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
                              size_t count, double *heights, size_t *rejected, sd_error *err) {
    SD_CHECK_NULL(bar, err, "bar");
    SD_CHECK_NULL(g, err, "geometry");
    if (count > 0) {
        SD_CHECK_NULL(ys, err, "ys");
        SD_CHECK_NULL(heights, err, "heights");
    }
    sd_status st = sd_scroll_geometry_validate(g, err);
    if (st != SD_OK) return st;
    sd_bar_tracking *track = &bar->tracking;

    /* Everything the reducer reads that cannot change inside a batch (the
     * availability only changes on pan events) is hoisted out of the loop. */
    const double start = g->inset_top;
    const double end = sd__bar_bottom_end(g);
    const double neg_compact = -bar->config.compact;
    const double neg_limit = -sd__bar_limit_height(&bar->config, bar->state.expanded_available);
    double offset = bar->state.offset;
    double prev = track->previous_y;
    const double start_prev = prev;
    const int had_previous = track->has_previous != 0;
    size_t bad = 0;
    size_t i = 0;

    if (!track->has_previous) {
        /* The first finite offset is only recorded. */
        for (; i < count; i++) {
            double y = ys[i];
            heights[i] = -offset;
            if (!sd_isfinite(y)) { bad++; continue; }
            track->has_previous = 1;
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
    /* A scroll policy that changes the reduce (exit until collapsed) takes
     * the exact per-frame formula for every offset. */
    const int policy = (bar->config.policy & SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED) != 0;
    if (policy) top = __builtin_inf();

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
                dy = sd__bar_ignore_top(dy, prev, y, start);
                dy = sd__bar_ignore_bottom(dy, prev, y, end);
                double next = sd__bar_cut_out_apply(dy, -h, neg_compact, neg_limit);
                if (policy) next = sd__bar_exit_until_collapsed(next, -h, sd__bar_y(&bar->config, y));
                h = -next;
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
    track->previous_y = prev;
    if (rejected) *rejected = bad;
    return sd_succeed(err);
}

/* ---- reading the state ---- */

sd_bar_range sd_bar_range_of(const sd_bar_config *c, double offset) {
    return offset > -c->normal ? SD_BAR_RANGE_COMPACT_NORMAL : SD_BAR_RANGE_NORMAL_EXPANDED;
}

double sd_bar_progress(const sd_bar_config *c, double offset) { return sd__bar_progress(c, offset); }

double sd_bar_value(const sd_bar_config *c, double offset, double cn_lo, double cn_hi,
                    double ne_lo, double ne_hi) {
    double progress = sd__bar_progress(c, offset);
    if (sd_bar_range_of(c, offset) == SD_BAR_RANGE_COMPACT_NORMAL)
        return sd__map(progress, 0.0, 1.0, cn_lo, cn_hi);
    return sd__map(progress, 1.0, 2.0, ne_lo, ne_hi);
}

sd_status sd_bar_progress_batch(const sd_bar_config *c, const double *offsets, size_t count,
                                double *progress, sd_error *err) {
    SD_CHECK_NULL(c, err, "config");
    if (count > 0) {
        SD_CHECK_NULL(offsets, err, "offsets");
        SD_CHECK_NULL(progress, err, "progress");
    }
    for (size_t i = 0; i < count; i++) progress[i] = sd__bar_progress(c, offsets[i]);
    return sd_succeed(err);
}

/* The highest height a release may rest at: expanded, or normal for the
 * large-title style (whose expanded height is only a stretch). */
SD_INLINE double snap_top(const sd_bar_config *c) {
    return (c->policy & SD_BAR_POLICY_LARGE_TITLE) ? c->normal : c->expanded;
}

double sd_bar_snap_delta_directed(const sd_bar_config *c, double offset, double direction) {
    if (direction > 0) return (offset > -c->normal ? -c->compact : -c->normal) - offset;
    if (direction < 0) return (offset < -c->normal ? -snap_top(c) : -c->normal) - offset;
    return sd_bar_snap_delta(c, offset);
}

/* The large title's alphas cross-fade over the upper half of the
 * compact-normal transition; its scale follows the stretch past normal. */
sd_bar_title sd_bar_large_title(const sd_bar_config *c, double offset) {
    sd_bar_title t;
    const double large = sd_clamp(2.0 * sd__bar_progress(c, offset) - 1.0, 0.0, 1.0);
    t.large_alpha = large;
    t.inline_alpha = 1.0 - large;
    t.scale = (-offset > c->normal && c->normal > 0) ? -offset / c->normal : 1.0;
    return t;
}

double sd_bar_snap_delta(const sd_bar_config *c, double offset) {
    /* AirBar folds over [-compact, -normal, -expanded] keeping the first
     * delta whose magnitude is strictly smaller: ties go to the earlier one. */
    double best = -c->compact - offset;
    double d = -c->normal - offset;
    if (__builtin_fabs(d) < __builtin_fabs(best)) best = d;
    d = -snap_top(c) - offset;
    if (__builtin_fabs(d) < __builtin_fabs(best)) best = d;
    return best;
}
