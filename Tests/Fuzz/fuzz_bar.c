/*
 * fuzz_bar.c — libFuzzer harness of the expandable bar (CCore/bar.c,
 * bar_reduce.c), driven through sd_bar_step.
 *
 * The input picks a configuration (valid or not), then a sequence of events
 * a scroll view and its pan gesture could send in any order: content offsets
 * (NaN, infinities, huge, denormal, negative zero included), geometry
 * changes, pan began/changed/ended repeated, missing or out of order,
 * preconfigure, expand on/off, attaching, content sizes, custom-reducer
 * track/assign pairs, batches, custom chains, new configurations (init or
 * reconfigure), and the content moves the bar asks for, applied at once or
 * animated by ticks of any size (zero, negative, huge) and interrupted by the
 * next request; event times run forwards, stand still or go back. After
 * every step it checks:
 *  - finite input gives finite output; the height stays within
 *    [compact, expanded] and the progress within [0, 2]; the clock never
 *    runs backwards; frame_at agrees with the state;
 *  - a rejected event or configuration leaves the bar and the actions bit
 *    for bit as they were and names its field and rule;
 *  - each step reports the state exactly when it assigns it (pan began
 *    always, pan changed only on the available -> unavailable transition,
 *    expand only when on, pan ended and preconfigure never);
 *  - the batch, the chain and the fused reducer agree bit for bit with the
 *    per-frame path; the scroll policy is in the configuration,
 *    and pan changed / pan ended follow its rules exactly.
 */
#define FZ_HARNESS "fuzz_bar"
#include "fuzz_common.h"

/* The scroll view the harness pretends to be: where the content is, and the
 * move the bar asked for, if one is under way. */
typedef struct model {
    double x, y;
    sd_scroll_geometry geometry;
    int animating;
    double from, to, elapsed;
    double time; /* the time of the next event */
} model;

#define MOVE_DURATION 0.25

static int step;

static const char *first_bad_height_field(const sd_bar_config *c, sd_status *st) {
    const double v[3] = { c->compact, c->normal, c->expanded };
    static const char *const names[3] = { "compact", "normal", "expanded" };
    for (int i = 0; i < 3; i++) {
        if (!isfinite(v[i])) { *st = SD_ERR_NOT_FINITE; return names[i]; }
        if (v[i] < 0) { *st = SD_ERR_NEGATIVE; return names[i]; }
    }
    if (c->normal < c->compact) { *st = SD_ERR_ORDER; return "normal"; }
    if (c->expanded < c->normal) { *st = SD_ERR_ORDER; return "expanded"; }
    const uint32_t both = SD_BAR_POLICY_SNAP_DIRECTION | SD_BAR_POLICY_NO_SNAP;
    if ((c->policy & ~SD_BAR_POLICY_ALL) || (c->policy & both) == both) { *st = SD_ERR_RANGE; return "policy"; }
    if (!isfinite(c->safe_area_top)) { *st = SD_ERR_NOT_FINITE; return "safe_area_top"; }
    if (c->safe_area_top < 0) { *st = SD_ERR_NEGATIVE; return "safe_area_top"; }
    if (c->safe_area_top > 1e6) { *st = SD_ERR_RANGE; return "safe_area_top"; }
    *st = SD_OK;
    return NULL;
}

/* A content offset in the bar's terms (the safe area above the bar added), and an inset of a bar `h` tall
 * with the safe area; as bar.h says, exactly y and h when there is none. */
static double bar_y(const sd_bar_config *c, double y) { return c->safe_area_top != 0 ? y + c->safe_area_top : y; }
static double inset(const sd_bar_config *c, double h) { return c->safe_area_top != 0 ? c->safe_area_top + h : h; }

static int geometry_finite(const sd_scroll_geometry *g) {
    return isfinite(g->inset_top) && isfinite(g->inset_bottom) && isfinite(g->content_height) &&
           isfinite(g->frame_height);
}

/* The invariants of a bar at rest between two events. */
static void check_bar(const sd_bar *b, const sd_bar_config *config) {
    const sd_bar_config *c = &b->config;
    /* Every state the verbs reach is one sd_bar_validate accepts (a saved one restores). */
    FZ_CHECK(sd_bar_validate(b, NULL) == SD_OK, "a reachable state fails sd_bar_validate");
    FZ_CHECK(FZ_SAME(*c, *config), "configuration changed outside init");
    double off = b->state.offset;
    FZ_CHECK(isfinite(off), "offset not finite");
    FZ_CHECK(-off >= c->compact && -off <= c->expanded, "height outside [compact, expanded]");
    FZ_CHECK(b->state.expanded_available <= 1, "expanded_available not 0 or 1");
    FZ_CHECK(b->state.reserved == 0, "reserved field written");
    const sd_bar_tracking *t = &b->tracking;
    FZ_CHECK(t->has_previous <= 1 && t->has_content_size <= 1, "tracking flags not 0 or 1");
    FZ_CHECK(isfinite(t->previous_x) && isfinite(t->previous_y), "previous offset not finite");
    FZ_CHECK(isfinite(t->content_width) && isfinite(t->content_height), "previous content size not finite");
    FZ_CHECK(isfinite(t->pan_y), "pan's first offset not finite");
    FZ_CHECK(isfinite(b->time) && b->time >= 0, "clock not finite or negative");

    double p = sd_bar_progress(c, off);
    FZ_CHECK(isfinite(p) && p >= 0 && p <= 2, "progress outside [0, 2]");
    sd_bar_range range = sd_bar_range_of(c, off);
    FZ_CHECK(range == (off > -c->normal ? SD_BAR_RANGE_COMPACT_NORMAL : SD_BAR_RANGE_NORMAL_EXPANDED),
             "range disagrees with the offset");
    FZ_CHECK(range == SD_BAR_RANGE_COMPACT_NORMAL ? p <= 1 : p >= 1, "progress outside its range");
    double batch;
    FZ_CHECK(sd_bar_progress_batch(c, &off, 1, &batch, NULL) == SD_OK, "progress batch rejected");
    FZ_CHECK(fz_same_double(batch, p), "progress batch differs from progress");
    sd_bar copy = *b;
    sd_bar_frame f;
    FZ_CHECK(sd_bar_frame_at(b, b->time, &f) == SD_OK, "frame at the clock rejected");
    FZ_CHECK(FZ_SAME(copy, *b), "frame_at changed the bar");
    FZ_CHECK(fz_same_double(f.offset, off) && fz_same_double(f.height, -off) && fz_same_double(f.progress, p) &&
                 f.range == (uint32_t)range && f.expanded_available == b->state.expanded_available &&
                 fz_same_double(f.time, b->time),
             "frame disagrees with the state");
    FZ_CHECK(f.reduced_motion == ((c->policy & SD_BAR_POLICY_REDUCED_MOTION) != 0) && f.reserved == 0,
             "the frame's reduced motion disagrees with the policy");
    FZ_CHECK(f.title_scale >= 1 && f.large_title_alpha >= 0 && f.large_title_alpha <= 1 &&
                 f.inline_title_alpha == 1 - f.large_title_alpha, "large title out of range");

    double d = sd_bar_snap_delta(c, off);
    FZ_CHECK(isfinite(d), "snap delta not finite");
    double dc = fabs(-c->compact - off), dn = fabs(-c->normal - off),
           de = fabs(-((c->policy & SD_BAR_POLICY_LARGE_TITLE) ? c->normal : c->expanded) - off);
    FZ_CHECK(fabs(d) <= dc && fabs(d) <= dn && fabs(d) <= de, "snap delta is not to the nearest state");
}

/* What an animated move adds under reduced motion. */
static uint32_t reduced(const sd_bar_config *c) {
    return (c->policy & SD_BAR_POLICY_REDUCED_MOTION) ? (uint32_t)SD_BAR_ACTION_REDUCED_MOTION : 0u;
}

static void set_move(model *m, const sd_bar_actions *a) {
    FZ_CHECK(!(a->flags & SD_BAR_ACTION_REDUCED_MOTION) || (a->flags & SD_BAR_ACTION_ANIMATED),
             "reduced motion on a move that is not animated");
    if (!(a->flags & SD_BAR_ACTION_SCROLL)) return;
    FZ_CHECK(isfinite(a->target_y), "requested content offset not finite");
    if (a->flags & SD_BAR_ACTION_ANIMATED) {
        /* A new request replaces the move under way, from where the content is. */
        m->animating = 1;
        m->from = m->y;
        m->to = a->target_y;
        m->elapsed = 0;
    } else {
        m->animating = 0;
        m->y = a->target_y;
    }
}

/* One event through sd_bar_step, with the rules every event shares: a
 * rejection changes nothing and names a field; an acceptance moves the clock
 * to the later of it and the event's time and writes clean actions. */
static sd_status step_event(sd_bar *bar, sd_bar_event e, sd_bar_actions *a) {
    sd_bar before = *bar;
    sd_error err;
    FZ_POISON(*a);
    sd_status st = sd_bar_step(bar, &e, a, &err);
    if (st != SD_OK) {
        FZ_CHECK(fz_report_ok(&err, st), "rejected event: no report");
        FZ_CHECK(FZ_SAME(*bar, before), "rejected event changed the bar");
        sd_bar_actions poison;
        FZ_POISON(poison);
        FZ_CHECK(FZ_SAME(*a, poison), "rejected step wrote its actions");
        return st;
    }
    FZ_CHECK(fz_report_clean(&err), "accepted event left a report");
    FZ_CHECK(fz_same_double(bar->time, sd_event_time(before.time, e.time)), "clock not the later time");
    FZ_CHECK(a->reserved == 0, "actions reserved field written");
    FZ_CHECK(isfinite(a->inset_top) && isfinite(a->inset_bottom) && isfinite(a->indicator_top) &&
                 isfinite(a->target_y) && isfinite(a->previous_x) && isfinite(a->previous_y),
             "actions not finite");
    return st;
}

/* One content-offset change, checked against what the header promises. */
static void offset_event(sd_bar *bar, model *m, double x, double y) {
    sd_bar before = *bar;
    const sd_bar_tracking *t = &before.tracking;
    enum { REJECTED, RECORDED, SKIPPED, REDUCED } expected =
        (!isfinite(x) || !isfinite(y) || !geometry_finite(&m->geometry)) ? REJECTED
        : !t->has_previous                                                ? RECORDED
        : (x == t->previous_x && y == t->previous_y)                      ? SKIPPED
                                                                          : REDUCED;

    sd_bar_actions a;
    sd_status st = step_event(bar, sd_bar_event_offset(m->time, x, y, m->geometry), &a);
    FZ_CHECK((st != SD_OK) == (expected == REJECTED), "unexpected content-offset outcome");
    if (st == SD_OK) FZ_CHECK(a.flags == (expected == REDUCED ? SD_BAR_ACTION_STATE : 0u), "wrong offset actions");
    switch (expected) {
    case REJECTED:
        break;
    case SKIPPED:
        FZ_CHECK(FZ_SAME(bar->state, before.state) && FZ_SAME(bar->tracking, before.tracking),
                 "skipped offset changed the bar");
        break;
    case RECORDED:
        FZ_CHECK(FZ_SAME(bar->state, before.state), "first offset changed the state");
        FZ_CHECK(bar->tracking.has_previous == 1 && fz_same_double(bar->tracking.previous_y, y) &&
                     fz_same_double(bar->tracking.previous_x, x),
                 "first offset not recorded");
        break;
    case REDUCED: {
        /* The fused reducer and the default chain give the same bits. */
        sd_bar_state fused = before.state, chained = before.state;
        FZ_CHECK(sd_bar_reduce(&before.config, &m->geometry, &fused, t->previous_y, y) == SD_OK,
                 "sd_bar_reduce rejected finite input");
        FZ_CHECK(sd_bar_reduce_chain(sd_bar_default_transformers, 3, &before.config, &m->geometry,
                                     &chained, t->previous_y, y) == SD_OK,
                 "default chain rejected finite input");
        FZ_CHECK(FZ_SAME(fused, bar->state), "fused reducer differs from the step");
        FZ_CHECK(FZ_SAME(chained, bar->state), "default chain differs from the fused reducer");
        FZ_CHECK(bar->state.expanded_available == before.state.expanded_available,
                 "an offset change touched availability");
        break;
    }
    }
    if (isfinite(y)) m->y = y;
    if (isfinite(x)) m->x = x;
}

/* What PAN_ENDED's snap moves the offset by, under the configuration's policy. */
static double expected_snap(const sd_bar_config *c, double offset, double pan_y, double y) {
    return (c->policy & SD_BAR_POLICY_NO_SNAP)          ? 0
           : (c->policy & SD_BAR_POLICY_SNAP_DIRECTION) ? sd_bar_snap_delta_directed(c, offset, y - pan_y)
                                                        : sd_bar_snap_delta(c, offset);
}

/* sd_bar_report_pan (BarController's pan report) is the pan event at the
 * bar's clock through sd_bar_step, to the last bit: status, bar, actions. */
static void report_pan_check(const sd_bar *bar, int which, double y) {
    sd_bar stepped = *bar, reported = *bar;
    sd_bar_actions want, got;
    FZ_POISON(want);
    FZ_POISON(got);
    const double t = bar->time;
    const sd_bar_event e = which == 0   ? sd_bar_event_pan_began(t, y)
                           : which == 1 ? sd_bar_event_pan_changed(t, y)
                                        : sd_bar_event_pan_ended(t, y);
    const uint32_t type = which == 0   ? SD_BAR_EVENT_PAN_BEGAN
                          : which == 1 ? SD_BAR_EVENT_PAN_CHANGED
                                       : SD_BAR_EVENT_PAN_ENDED;
    const sd_status sw = sd_bar_step(&stepped, &e, &want, NULL);
    const sd_status sg = sd_bar_report_pan(&reported, type, y, &got, NULL);
    FZ_CHECK(sw == sg && FZ_SAME(stepped, reported) && FZ_SAME(want, got),
             "sd_bar_report_pan differs from the pan step at the clock");
}

static void pan_event(sd_bar *bar, model *m, int which, double y) {
    report_pan_check(bar, which, y);
    const sd_bar_config *c = &bar->config;
    sd_bar_state before = bar->state;
    const double pan_y = bar->tracking.pan_y;
    sd_bar_actions a;
    sd_bar_event e = which == 0   ? sd_bar_event_pan_began(m->time, y)
                     : which == 1 ? sd_bar_event_pan_changed(m->time, y)
                                  : sd_bar_event_pan_ended(m->time, y);
    sd_status st = step_event(bar, e, &a);

    if (!isfinite(y)) {
        FZ_CHECK(st == SD_ERR_NOT_FINITE, "non-finite pan offset not rejected");
        return;
    }
    if (which == 2 && st != SD_OK) {
        /* Refused only when the requested target would overflow. */
        double d = expected_snap(c, before.offset, pan_y, y);
        FZ_CHECK(st == SD_ERR_RANGE && d != 0 && !isfinite(y + d), "finite pan ended refused");
        return;
    }
    FZ_CHECK(st == SD_OK, "finite pan offset rejected");
    FZ_CHECK(bar->state.offset == before.offset && fz_same_double(bar->state.offset, before.offset),
             "a pan moved the offset");
    const double top = -c->normal, by = bar_y(c, y);
    if (which == 0) {
        int near = top - 5.0 <= by && by <= top + 5.0;
        uint32_t want = (near || (by < top && before.expanded_available)) ? 1u : 0u;
        FZ_CHECK(bar->state.expanded_available == want && a.flags == (SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP) &&
                     fz_same_double(a.inset_top, inset(c, want ? c->expanded : c->normal)) &&
                     fz_same_double(bar->tracking.pan_y, y),
                 "pan began: wrong availability, actions, inset or recorded offset");
    } else if (which == 1) {
        if (before.expanded_available && by > top) {
            FZ_CHECK(bar->state.expanded_available == 0 && a.flags == (SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP) &&
                         fz_same_double(a.inset_top, inset(c, c->normal)), "pan changed: availability not turned off");
        } else if ((c->policy & SD_BAR_POLICY_EXPAND_AT_TOP) && !before.expanded_available && by <= top) {
            /* Expanded whenever the content is at its top. */
            FZ_CHECK(bar->state.expanded_available == 1 && a.flags == (SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP) &&
                         fz_same_double(a.inset_top, inset(c, c->expanded)), "pan changed at the top: not made available");
        } else {
            /* No transition: no report, no action. */
            FZ_CHECK(FZ_SAME(bar->state, before), "pan changed without a transition changed the state");
            FZ_CHECK(a.flags == 0, "pan changed reported without a transition");
        }
    } else {
        FZ_CHECK(FZ_SAME(bar->state, before), "pan ended changed the state");
        FZ_CHECK(!(a.flags & SD_BAR_ACTION_STATE), "pan ended reported a state");
        double d = expected_snap(c, before.offset, pan_y, y);
        if (d != 0) {
            FZ_CHECK(a.flags == (SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED | reduced(c)), "pan ended: wrong actions");
            FZ_CHECK(isfinite(a.target_y) && fz_same_double(a.target_y, y + d), "pan ended: wrong target");
        } else {
            FZ_CHECK(a.flags == 0, "pan ended at rest asked for a move");
        }
    }
    set_move(m, &a);
}

static void preconfigure_event(sd_bar *bar, model *m, double frame, double content, double y) {
    const sd_bar_config *c = &bar->config;
    sd_bar before = *bar;
    sd_bar_actions a;
    sd_status st = step_event(bar, sd_bar_event_preconfigure(m->time, frame, content, y), &a);
    before.time = bar->time;
    FZ_CHECK(FZ_SAME(*bar, before), "preconfigure changed more than the clock");
    if (!isfinite(frame) || !isfinite(content) || !isfinite(y)) {
        FZ_CHECK(st == SD_ERR_NOT_FINITE, "non-finite preconfigure input not rejected");
        return;
    }
    const double visible = c->safe_area_top != 0 ? frame - c->safe_area_top : frame;
    if (!isfinite(sd_max(0.0, visible - c->compact - content))) {
        /* Finite input whose inset would overflow is refused, untouched. */
        FZ_CHECK(st == SD_ERR_RANGE, "overflowing preconfigure not refused with SD_ERR_RANGE");
        return;
    }
    FZ_CHECK(st == SD_OK, "finite preconfigure refused");
    FZ_CHECK(!(a.flags & SD_BAR_ACTION_STATE), "preconfigure reported a state");
    FZ_CHECK(isfinite(a.inset_bottom) && a.inset_bottom >= 0, "inset bottom not finite or negative");
    FZ_CHECK(fz_same_double(a.inset_bottom, sd_max(0.0, visible - c->compact - content)),
             "inset bottom is not what keeps compact reachable below the safe area");
    FZ_CHECK(a.inset_top == inset(c, c->normal) || a.inset_top == inset(c, c->expanded),
             "inset top not the safe area and normal or expanded");
    FZ_CHECK(fz_same_double(a.indicator_top, inset(c, c->normal)), "indicator inset not the safe area and normal");
    if (a.flags & SD_BAR_ACTION_SCROLL) {
        FZ_CHECK(!(a.flags & SD_BAR_ACTION_ANIMATED), "preconfigure move animated");
        const double want = c->safe_area_top != 0 ? before.state.offset - c->safe_area_top : before.state.offset;
        FZ_CHECK(fz_same_double(a.target_y, want), "preconfigure move not to the state offset (above the safe area)");
    }
    m->geometry.inset_top = a.inset_top;
    m->geometry.inset_bottom = a.inset_bottom;
    set_move(m, &a);
}

static void expand_event(sd_bar *bar, model *m, int on) {
    const sd_bar_config *c = &bar->config;
    sd_bar_state before = bar->state;
    sd_bar_actions a;
    FZ_CHECK(step_event(bar, sd_bar_event_expand(m->time, on), &a) == SD_OK, "expand rejected");
    FZ_CHECK(fz_same_double(bar->state.offset, before.offset), "expand moved the offset");
    if (on) {
        FZ_CHECK(bar->state.expanded_available == 1, "expand on: not available");
        FZ_CHECK(a.flags & SD_BAR_ACTION_STATE, "expand on: state not reported");
    } else {
        FZ_CHECK(FZ_SAME(bar->state, before), "expand off changed the state");
        FZ_CHECK(!(a.flags & SD_BAR_ACTION_STATE), "expand off reported a state");
    }
    const double h = on ? c->expanded : c->normal;
    FZ_CHECK(fz_same_double(a.target_y, c->safe_area_top != 0 ? -h - c->safe_area_top : -h), "expand: wrong target");
    FZ_CHECK(fz_same_double(a.inset_top, inset(c, h)), "expand: wrong inset");
    m->geometry.inset_top = a.inset_top;
    set_move(m, &a);
}

/* The clock: the next events happen dt later (dt may be anything: a
 * non-finite or negative time is rejected, an earlier one counts at the clock). */
static void time_event(sd_bar *bar, model *m, double dt) {
    double t = m->time + dt;
    sd_bar_actions a;
    sd_status st = step_event(bar, sd_bar_event_frame(t), &a);
    FZ_CHECK((st == SD_OK) == (isfinite(t) && t >= 0), "frame event: wrong verdict on its time");
    FZ_CHECK(st != SD_OK || a.flags == 0, "frame event asked for something");
    if (st == SD_OK) m->time = t;
}

/* Attach, a content size, or a custom reducer's track + assign. */
static void other_event(sd_bar *bar, model *m, fz_reader *r) {
    sd_bar before = *bar;
    sd_bar_actions a;
    switch (fz_pick(r, 3)) {
    case 0:
        FZ_CHECK(step_event(bar, sd_bar_event_attach(m->time), &a) == SD_OK, "attach rejected");
        FZ_CHECK(!bar->tracking.has_previous && !bar->tracking.has_content_size &&
                     FZ_SAME(bar->state, before.state),
                 "attach kept the tracking or changed the state");
        break;
    case 1: {
        double w = fz_pick(r, 2) ? 390 : fz_double(r);
        double h = fz_pick(r, 2) ? m->geometry.content_height : fz_double(r);
        int same = before.tracking.has_content_size && w == before.tracking.content_width &&
                   h == before.tracking.content_height && m->geometry.frame_height == before.tracking.frame_height;
        sd_status st = step_event(bar, sd_bar_event_content_size(m->time, w, h, m->geometry.frame_height, m->y), &a);
        if (st != SD_OK) break;
        FZ_CHECK(FZ_SAME(bar->state, before.state), "content size changed the state");
        if (same) {
            FZ_CHECK(a.flags == 0, "an unchanged content size preconfigured");
        } else {
            FZ_CHECK(a.flags & SD_BAR_ACTION_INSET_BOTTOM, "a new content size did not preconfigure");
            FZ_CHECK(bar->tracking.has_content_size && fz_same_double(bar->tracking.content_width, w) &&
                         fz_same_double(bar->tracking.content_height, h),
                     "content size not recorded");
            m->geometry.inset_top = a.inset_top;
            m->geometry.inset_bottom = a.inset_bottom;
            set_move(m, &a);
        }
        break;
    }
    default: {
        /* A custom reducer: track, then assign what it computed (any finite state). */
        double y = fz_pick(r, 4) ? m->y + (double)((int)fz_u8(r) - 128) : fz_double(r);
        if (step_event(bar, sd_bar_event_track(m->time, m->x, y), &a) != SD_OK) break;
        FZ_CHECK(FZ_SAME(bar->state, before.state), "track changed the state");
        if (isfinite(y)) m->y = y;
        if (!(a.flags & SD_BAR_ACTION_REDUCE)) break;
        FZ_CHECK(fz_same_double(a.previous_y, before.tracking.previous_y), "track: wrong previous offset");
        sd_bar_state next = bar->state;
        FZ_CHECK(sd_bar_reduce(&bar->config, &m->geometry, &next, a.previous_y, y) == SD_OK ||
                     !geometry_finite(&m->geometry),
                 "reduce rejected a tracked offset");
        if (fz_pick(r, 4) == 0) next.expanded_available = fz_u8(r); /* 0, 1 or out of range */
        sd_status st = step_event(bar, sd_bar_event_assign(m->time, next), &a);
        FZ_CHECK((st == SD_OK) == (next.expanded_available <= 1), "assign: wrong verdict");
        if (st == SD_OK) FZ_CHECK(FZ_SAME(bar->state, next) && a.flags == SD_BAR_ACTION_STATE, "assign not taken");
        break;
    }
    }
}

static sd_scroll_geometry read_geometry(fz_reader *r, const sd_bar_config *c) {
    sd_scroll_geometry g;
    if (fz_pick(r, 2) == 0) {
        /* A plausible scroll view: insets the bar sets, content and frame read. */
        g.inset_top = inset(c, fz_pick(r, 2) ? c->expanded : c->normal);
        g.inset_bottom = fz_pick(r, 2) ? 0.0 : fz_finite(r);
        g.content_height = fz_finite(r);
        g.frame_height = fz_finite(r);
    } else {
        g.inset_top = fz_double(r);
        g.inset_bottom = fz_double(r);
        g.content_height = fz_double(r);
        g.frame_height = fz_double(r);
    }
    return g;
}

static void geometry_event(model *m, sd_scroll_geometry g) {
    sd_error err;
    sd_status st = sd_scroll_geometry_validate(&g, &err);
    const char *want = !isfinite(g.inset_top) ? "inset_top"
                       : !isfinite(g.inset_bottom) ? "inset_bottom"
                       : !isfinite(g.content_height) ? "content_height"
                       : !isfinite(g.frame_height) ? "frame_height" : NULL;
    if (want)
        FZ_CHECK(st == SD_ERR_NOT_FINITE && fz_report_ok(&err, st) && strcmp(err.field, want) == 0,
                 "bad geometry: no report, or the wrong field named");
    else
        FZ_CHECK(st == SD_OK && fz_report_clean(&err), "good geometry rejected");
    m->geometry = g;
}

static void batch_event(sd_bar *bar, model *m, fz_reader *r) {
    double ys[16], heights[16];
    size_t n = fz_pick(r, 17);
    size_t nonfinite = 0;
    for (size_t i = 0; i < n; i++) {
        ys[i] = fz_pick(r, 3) ? m->y + (double)((int)fz_pick(r, 64) - 32) : fz_double(r);
        nonfinite += !isfinite(ys[i]);
    }
    sd_bar before = *bar;
    size_t rejected = 12345;
    FZ_POISON(heights);
    sd_status st = sd_bar_reduce_batch(bar, &m->geometry, ys, n, heights, &rejected, NULL);
    if (!geometry_finite(&m->geometry)) {
        FZ_CHECK(st == SD_ERR_NOT_FINITE, "batch with bad geometry not rejected");
        FZ_CHECK(FZ_SAME(*bar, before) && rejected == 12345, "rejected batch changed something");
        return;
    }
    FZ_CHECK(st == SD_OK, "batch rejected a finite geometry");
    FZ_CHECK(rejected == nonfinite, "batch miscounted rejected offsets");
    /* The same offsets one by one, x unchanged, give the same heights and
     * bar (at the clock's time: the batch does not move the clock). */
    sd_bar one = before;
    for (size_t i = 0; i < n; i++) {
        sd_bar_event e = sd_bar_event_offset(one.time, one.tracking.previous_x, ys[i], m->geometry);
        sd_bar_actions a;
        (void)sd_bar_step(&one, &e, &a, NULL);
        FZ_CHECK(fz_same_double(heights[i], -one.state.offset), "batch height differs from per-frame");
    }
    FZ_CHECK(FZ_SAME(one, *bar), "batch bar differs from per-frame bar");
    for (size_t i = 0; i < n; i++)
        if (isfinite(ys[i])) m->y = ys[i];
}

static void chain_event(const sd_bar *bar, const model *m, fz_reader *r) {
    sd_bar_transformer chain[4];
    size_t n = fz_pick(r, 5);
    for (size_t i = 0; i < n; i++) chain[i] = sd_bar_default_transformers[fz_pick(r, 3)];
    double prev = fz_pick(r, 2) ? bar->tracking.previous_y : fz_double(r);
    double y = fz_double(r);
    sd_bar_state s = bar->state;
    sd_status st = sd_bar_reduce_chain(chain, n, &bar->config, &m->geometry, &s, prev, y);
    const int bad_input = !isfinite(prev) || !isfinite(y) || !geometry_finite(&m->geometry);
    FZ_CHECK(!bad_input || st == SD_ERR_NOT_FINITE, "chain with non-finite input not rejected");
    if (st != SD_OK) {
        FZ_CHECK(st == SD_ERR_NOT_FINITE && FZ_SAME(s, bar->state), "rejected chain: wrong status, or changed the state");
        return;
    }
    FZ_CHECK(isfinite(s.offset), "chain produced a non-finite offset");
    if (n > 0 && chain[n - 1].function == sd_bar_cut_out_state_range) {
        /* Whatever comes before, cutting out the state range last keeps the height in range. */
        FZ_CHECK(-s.offset >= bar->config.compact && -s.offset <= bar->config.expanded,
                 "chain ending in cut-out left the state range");
    }
}

static void read_event(const sd_bar *bar, fz_reader *r) {
    double lo1 = fz_double(r), hi1 = fz_double(r), lo2 = fz_double(r), hi2 = fz_double(r);
    double off = bar->state.offset;
    double v = sd_bar_value(&bar->config, off, lo1, hi1, lo2, hi2);
    int cn = sd_bar_range_of(&bar->config, off) == SD_BAR_RANGE_COMPACT_NORMAL;
    double lo = cn ? lo1 : lo2, hi = cn ? hi1 : hi2;
    if (isfinite(lo) && isfinite(hi)) {
        FZ_CHECK(isfinite(v), "value not finite for a finite range");
        FZ_CHECK(v >= fmin(lo, hi) && v <= fmax(lo, hi), "value outside the caller's range");
    }
}

static void config_event(sd_bar *bar, sd_bar_config *current, sd_bar_config c, int reconfigure) {
    sd_bar before = *bar;
    sd_error err;
    sd_status want;
    const char *field = first_bad_height_field(&c, &want);
    sd_status st = reconfigure ? sd_bar_reconfigure(bar, &c, &err) : sd_bar_init(bar, &c, &err);
    FZ_CHECK(st == want, "init status disagrees with the header's rules");
    sd_error verr;
    FZ_CHECK(sd_bar_config_validate(&c, &verr) == want, "validate disagrees with init");
    sd_bar_config clean = sd_bar_config_sanitized(c);
    FZ_CHECK(sd_bar_config_validate(&clean, NULL) == SD_OK, "sanitized configuration invalid");
    if (field) {
        FZ_CHECK(fz_report_ok(&err, st) && strcmp(err.field, field) == 0, "rejection names the wrong field");
        FZ_CHECK(fz_report_ok(&verr, st) && strcmp(verr.field, field) == 0, "validate names the wrong field");
        FZ_CHECK(FZ_SAME(*bar, before), "rejected configuration changed the bar");
        return;
    }
    FZ_CHECK(fz_report_clean(&err) && fz_report_clean(&verr), "valid configuration left a report");
    FZ_CHECK(FZ_SAME(clean, c), "sanitizing changed a valid configuration");
    *current = c;
    if (reconfigure) {
        /* The state kept, the offset clamped into the new range. */
        FZ_CHECK(FZ_SAME(bar->tracking, before.tracking) && fz_same_double(bar->time, before.time) &&
                     bar->state.expanded_available == before.state.expanded_available,
                 "reconfigure changed more than the configuration and the offset");
        double want_offset = sd_clamp(before.state.offset, -c.expanded, -c.compact);
        FZ_CHECK(fz_same_double(bar->state.offset, want_offset), "reconfigure did not clamp the offset");
        return;
    }
    sd_bar_state init = sd_bar_state_initial(&c);
    FZ_CHECK(FZ_SAME(bar->state, init) && !bar->tracking.has_previous && bar->time == 0,
             "init did not start at -normal, clock 0");
}

static sd_bar_config read_config(fz_reader *r) {
    sd_bar_config c;
    switch (fz_pick(r, 4)) {
    case 0: c = (sd_bar_config){ 100, 200, 300, 0, 0, 0 }; break;
    case 1: c = (sd_bar_config){ 64, 64, 64, 0, 0, 0 }; break;
    default:
        c.compact = fz_double(r);
        c.normal = fz_double(r);
        c.expanded = fz_double(r);
    }
    /* The scroll policy: mostly valid bits, sometimes any. */
    c.policy = fz_pick(r, 4) ? fz_pick(r, SD_BAR_POLICY_ALL + 1) : fz_u32(r);
    c.reserved = 0;
    /* The safe area above the bar: mostly none, sometimes a status bar, sometimes any number. */
    const uint32_t safe = fz_pick(r, 4);
    c.safe_area_top = safe < 2 ? 0 : safe == 2 ? 47 : fz_double(r);
    return c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader r = fz_make(data, size);
    step = 0;

    /* The first configuration: a rejected one must leave the (zeroed) bar
     * untouched; the run then goes on with its sanitized version. */
    sd_bar bar;
    memset(&bar, 0, sizeof bar);
    sd_bar_config config = read_config(&r);
    sd_bar_config used = { 0, 0, 0, 0, 0, 0 };
    config_event(&bar, &used, config, 0);
    if (sd_bar_config_validate(&config, NULL) != SD_OK) {
        sd_bar_config clean = sd_bar_config_sanitized(config);
        config_event(&bar, &used, clean, 0);
    }

    model m;
    memset(&m, 0, sizeof m);
    m.geometry.inset_top = inset(&used, used.normal);
    m.geometry.content_height = 2000;
    m.geometry.frame_height = 600;
    check_bar(&bar, &used);

    while (!fz_done(&r) && step < 4096) {
        step++;
        unsigned op = fz_pick(&r, 16);
        if (fz_trace) fprintf(stderr, "step %d op %u (bar offset %.17g available %u, content y %.17g)\n", step, op,
                              bar.state.offset, bar.state.expanded_available, m.y);
        switch (op) {
        case 0: case 1: case 2: {
            /* A content offset: near where it is, or anything. */
            double y = op == 0 ? fz_double(&r) : m.y + (double)((int)fz_u8(&r) - 128) / (op == 1 ? 1.0 : 4.0);
            double x = fz_pick(&r, 8) ? m.x : fz_double(&r);
            offset_event(&bar, &m, x, y);
            break;
        }
        case 3: pan_event(&bar, &m, 0, fz_pick(&r, 4) ? m.y : fz_double(&r)); break;
        case 4: pan_event(&bar, &m, 1, fz_pick(&r, 4) ? m.y : fz_double(&r)); break;
        case 5: pan_event(&bar, &m, 2, fz_pick(&r, 4) ? m.y : fz_double(&r)); break;
        case 6: {
            double frame = fz_pick(&r, 2) ? m.geometry.frame_height : fz_double(&r);
            double content = fz_pick(&r, 2) ? m.geometry.content_height : fz_double(&r);
            preconfigure_event(&bar, &m, frame, content, fz_pick(&r, 2) ? m.y : fz_double(&r));
            break;
        }
        case 7: expand_event(&bar, &m, (int)fz_pick(&r, 2)); break;
        case 8: other_event(&bar, &m, &r); break;
        case 9: geometry_event(&m, read_geometry(&r, &bar.config)); break;
        case 10: batch_event(&bar, &m, &r); break;
        case 11: chain_event(&bar, &m, &r); break;
        case 12: read_event(&bar, &r); break;
        case 13: {
            int reconfigure = (int)fz_pick(&r, 2);
            config_event(&bar, &used, read_config(&r), reconfigure);
            if (!reconfigure) m.time = 0;
            break;
        }
        case 14: {
            /* A frame of the move under way: dt may be 0, negative or huge. */
            double dt = fz_pick(&r, 4) ? (double)fz_u8(&r) / 240.0 : fz_double(&r);
            time_event(&bar, &m, dt);
            if (!m.animating || !isfinite(dt) || dt < 0) break;
            m.elapsed += dt;
            double t = m.elapsed >= MOVE_DURATION ? 1.0 : m.elapsed / MOVE_DURATION;
            double y = t >= 1.0 ? m.to : sd_lerp(m.from, m.to, t);
            if (t >= 1.0) m.animating = 0;
            offset_event(&bar, &m, m.x, y);
            break;
        }
        default:
            /* The move ends at once (a programmatic jump to its target). */
            if (m.animating) {
                m.animating = 0;
                offset_event(&bar, &m, m.x, m.to);
            }
            break;
        }
        check_bar(&bar, &used);
    }
    return 0;
}
