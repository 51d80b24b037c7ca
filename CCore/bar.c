/*
 * bar.c — the expandable bar as a surface: sd_bar_init, sd_bar_step,
 * sd_bar_frame_at, sd_bar_reconfigure. Each event's rule is one small
 * function that reads the event and writes a candidate bar and actions;
 * sd_bar_step commits them only when the rule accepts the event, so a
 * rejected event changes nothing. The rules are the AirBar library's
 * controller (pan began/changed/ended, preconfigure, expand(on:), and the
 * observation of the content offset and size); the arithmetic they call is
 * in bar_reduce.c and scrolldrive/bar_report.h.
 */
#include "bar_internal.h"

_Static_assert(sizeof(sd_bar_config) == 40, "sd_bar_config is 40 bytes");
_Static_assert(sizeof(sd_bar_state) == 16, "sd_bar_state is 16 bytes");
_Static_assert(sizeof(sd_scroll_geometry) == 32, "sd_scroll_geometry is 32 bytes");
_Static_assert(sizeof(sd_bar_tracking) == 56, "sd_bar_tracking is 56 bytes");
_Static_assert(sizeof(sd_bar) == 120, "sd_bar is 120 bytes");
_Static_assert(sizeof(sd_bar_event) == 104, "sd_bar_event is 104 bytes");
_Static_assert(sizeof(sd_bar_actions) == 56, "sd_bar_actions is 56 bytes");
_Static_assert(sizeof(sd_bar_frame) == 72, "sd_bar_frame is 72 bytes");
_Static_assert(sizeof(sd_bar_transform_params) == 120, "sd_bar_transform_params is 120 bytes");

/* AirBar's `isNear(to:delta:)` tolerance when a pan begins (points). It is
 * loose on purpose: UIKit's first KVO offset is not always a whole number. */
#define SD_BAR_NEAR_TOP_DELTA 5.0

static const sd_bar_tracking no_tracking = { 0, 0, 0, 0, 0, 0, 0u, 0u };

sd_status sd_bar_init(sd_bar *bar, const sd_bar_config *config, sd_error *err) {
    SD_CHECK_NULL(bar, err, "bar");
    sd_status st = sd_bar_config_validate(config, err);
    if (st != SD_OK) return st;
    bar->config = *config;
    bar->state = sd_bar_state_initial(config);
    bar->tracking = no_tracking;
    bar->time = 0;
    return SD_OK;
}

sd_status sd_bar_reconfigure(sd_bar *bar, const sd_bar_config *config, sd_error *err) {
    SD_CHECK_NULL(bar, err, "bar");
    sd_status st = sd_bar_config_validate(config, err);
    if (st != SD_OK) return st;
    bar->config = *config;
    /* The old heights may have allowed a height the new ones do not (a
     * rotation to a shorter bar): the view must never show one. */
    bar->state.offset = sd_clamp(bar->state.offset, -config->expanded, -config->compact);
    return SD_OK;
}

sd_status sd_bar_frame_at(const sd_bar *bar, double time, sd_bar_frame *frame) {
    if (!bar || !frame) return SD_ERR_NULL;
    if (!sd_isfinite(time)) return SD_ERR_NOT_FINITE;
    const sd_bar_config *c = &bar->config;
    double offset = bar->state.offset;
    frame->time = sd_event_time(bar->time, time);
    frame->offset = offset;
    frame->height = -offset;
    frame->progress = sd__bar_progress(c, offset);
    frame->range = (uint32_t)sd_bar_range_of(c, offset);
    frame->expanded_available = bar->state.expanded_available;
    const sd_bar_title title = sd_bar_large_title(c, offset);
    frame->title_scale = title.scale;
    frame->large_title_alpha = title.large_alpha;
    frame->inline_title_alpha = title.inline_alpha;
    frame->reduced_motion = (c->policy & SD_BAR_POLICY_REDUCED_MOTION) ? 1u : 0u;
    frame->reserved = 0;
    return SD_OK;
}

/* ---- the rules, one per event type ---- */

static sd_status finite(double v, const char *field, sd_error *err) {
    return sd_isfinite(v) ? SD_OK : sd_fail(err, SD_ERR_NOT_FINITE, field, "must be finite");
}

/* An OFFSET event's numbers are finite. */
static sd_status offset_valid(double x, double y, const sd_scroll_geometry *g, sd_error *err) {
    if (sd__bar_offset_sum_finite(x, y, g)) return SD_OK;
    sd_status st;
    if ((st = finite(x, "x", err)) != SD_OK || (st = finite(y, "y", err)) != SD_OK) return st;
    return sd_scroll_geometry_validate(g, err);
}

/* OFFSET, the per-frame event, in place: everything that can reject it is
 * checked before anything is written, so it needs no candidate copy. */
static sd_status step_offset(sd_bar *b, const sd_bar_event *e, sd_bar_actions *a, sd_error *err) {
    sd_status st = offset_valid(e->x, e->y, &e->geometry, err);
    if (st != SD_OK) return st;
    const uint32_t flags = sd__bar_offset_in_place(b, e->x, e->y, &e->geometry) ? SD_BAR_ACTION_STATE : 0u;
    b->time = sd_event_time(b->time, e->time);
    sd_bar_actions out = { flags, 0u, 0, 0, 0, 0, 0, 0 };
    *a = out;
    return sd_succeed(err);
}

/* sd_bar_report_offset for numbers whose sum is not finite: the checks field
 * by field, then the same rule. Out of line, so that the common case calls
 * nothing and saves no registers. */
static __attribute__((noinline)) sd_status report_offset_checked(sd_bar *b, double x, double y,
                                                                 const sd_scroll_geometry *g, uint32_t *flags,
                                                                 sd_error *err) {
    sd_status st = offset_valid(x, y, g, err);
    if (st != SD_OK) return st;
    *flags = sd__bar_offset_in_place(b, x, y, g) ? SD_BAR_ACTION_STATE : 0u;
    return sd_succeed(err);
}

sd_status sd_bar_report_offset(sd_bar *b, double x, double y, const sd_scroll_geometry *g, uint32_t *flags,
                               sd_error *err) {
    SD_CHECK_NULL(b, err, "bar");
    SD_CHECK_NULL(g, err, "geometry");
    SD_CHECK_NULL(flags, err, "flags");
    if (!sd__bar_offset_sum_finite(x, y, g)) return report_offset_checked(b, x, y, g, flags, err);
    /* Time 0: sd_event_time(b->time, 0) is b->time, the clock stays. */
    *flags = sd__bar_offset_in_place(b, x, y, g) ? SD_BAR_ACTION_STATE : 0u;
    return sd_succeed(err);
}

static sd_status on_track(sd_bar *b, const sd_bar_event *e, sd_bar_actions *a, sd_error *err) {
    sd_status st;
    if ((st = finite(e->x, "x", err)) != SD_OK || (st = finite(e->y, "y", err)) != SD_OK) return st;
    if (sd__bar_track(&b->tracking, e->x, e->y, &a->previous_x, &a->previous_y)) a->flags = SD_BAR_ACTION_REDUCE;
    return SD_OK;
}

static sd_status on_assign(sd_bar *b, const sd_bar_event *e, sd_bar_actions *a, sd_error *err) {
    sd_status st = finite(e->state.offset, "offset", err);
    if (st != SD_OK) return st;
    if (e->state.expanded_available > 1)
        return sd_fail(err, SD_ERR_RANGE, "expanded_available", "must be 0 or 1");
    b->state.offset = e->state.offset;
    b->state.expanded_available = e->state.expanded_available;
    a->flags = SD_BAR_ACTION_STATE;
    return SD_OK;
}

/* SD_BAR_ACTION_REDUCED_MOTION for an animated move under reduced motion, else 0. */
SD_INLINE uint32_t reduced_motion(const sd_bar_config *c) {
    return (c->policy & SD_BAR_POLICY_REDUCED_MOTION) ? (uint32_t)SD_BAR_ACTION_REDUCED_MOTION : 0u;
}

/* The content inset top for a bar `expanded` tall (else normal): the bar and the safe area above it. */
SD_INLINE double inset_top_for(const sd_bar_config *c, int expanded) {
    const double h = expanded ? c->expanded : c->normal;
    return c->safe_area_top != 0 ? c->safe_area_top + h : h;
}

/* The content offset that shows a bar of state offset `offset` at rest: T further up. */
SD_INLINE double content_offset_for(const sd_bar_config *c, double offset) {
    return c->safe_area_top != 0 ? offset - c->safe_area_top : offset;
}

static sd_status preconfigure(const sd_bar *b, double frame_height, double content_height, double y,
                              sd_bar_actions *a, sd_error *err) {
    const sd_bar_config *c = &b->config;
    sd_status st;
    if ((st = finite(frame_height, "frame_height", err)) != SD_OK ||
        (st = finite(content_height, "content_height", err)) != SD_OK || (st = finite(y, "y", err)) != SD_OK)
        return st;
    const double top = c->safe_area_top;
    double inset_bottom = sd_max(0.0, (top != 0 ? frame_height - top : frame_height) - c->compact - content_height);
    /* Heights near DBL_MAX of opposite signs overflow: nothing is asked. */
    if (!sd_isfinite(inset_bottom)) return sd_fail(err, SD_ERR_RANGE, "content_height", "inset bottom overflows");
    int expanded = b->state.expanded_available != 0;
    a->flags = SD_BAR_ACTION_INSET_BOTTOM | SD_BAR_ACTION_INSET_TOP | SD_BAR_ACTION_INDICATOR_TOP;
    a->inset_bottom = inset_bottom;
    a->inset_top = inset_top_for(c, b->state.offset <= -c->normal && expanded);
    a->indicator_top = inset_top_for(c, 0);
    /* y <= 0: the content has not been scrolled into (its own top, whatever the insets). */
    if (y <= 0 || (b->state.offset < -c->normal && expanded)) {
        a->flags |= SD_BAR_ACTION_SCROLL;
        a->target_y = content_offset_for(c, b->state.offset);
    }
    return SD_OK;
}

static sd_status on_content_size(sd_bar *b, const sd_bar_event *e, sd_bar_actions *a, sd_error *err) {
    sd_status st;
    if ((st = finite(e->content_width, "content_width", err)) != SD_OK) return st;
    sd_bar_tracking *t = &b->tracking;
    if (t->has_content_size && e->content_width == t->content_width && e->content_height == t->content_height &&
        e->frame_height == t->frame_height) {
        /* Still validated, so that the same event is accepted or rejected
         * whatever came before it. */
        sd_bar_actions ignored = *a;
        return preconfigure(b, e->frame_height, e->content_height, e->y, &ignored, err);
    }
    st = preconfigure(b, e->frame_height, e->content_height, e->y, a, err);
    if (st != SD_OK) return st;
    t->has_content_size = 1;
    t->content_width = e->content_width;
    t->content_height = e->content_height;
    t->frame_height = e->frame_height;
    return SD_OK;
}

static sd_status pan_began_at(sd_bar *b, double content_y, sd_bar_actions *a, sd_error *err) {
    sd_status st = finite(content_y, "y", err);
    if (st != SD_OK) return st;
    const sd_bar_config *c = &b->config;
    const double top = -c->normal, y = sd__bar_y(c, content_y);
    int near_top = (top - SD_BAR_NEAR_TOP_DELTA <= y) && (y <= top + SD_BAR_NEAR_TOP_DELTA);
    int was_available = y < top && b->state.expanded_available;
    b->state.expanded_available = (near_top || was_available) ? 1u : 0u;
    b->tracking.pan_y = content_y;
    a->flags = SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP;
    a->inset_top = inset_top_for(c, b->state.expanded_available != 0);
    return SD_OK;
}

/* PAN_CHANGED's rule at content offset y, in place: y is checked before
 * anything is written. */
static sd_status pan_changed_at(sd_bar *b, double y, sd_bar_actions *a, sd_error *err) {
    sd_status st = finite(y, "y", err);
    if (st != SD_OK) return st;
    const sd_bar_config *c = &b->config;
    y = sd__bar_y(c, y);
    if (b->state.expanded_available && y > -c->normal) {
        b->state.expanded_available = 0;
        a->flags = SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP;
        a->inset_top = inset_top_for(c, 0);
    } else if ((c->policy & SD_BAR_POLICY_EXPAND_AT_TOP) && !b->state.expanded_available && y <= -c->normal) {
        /* The content is back at its top within the pan: stretch allowed. */
        b->state.expanded_available = 1;
        a->flags = SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP;
        a->inset_top = inset_top_for(c, 1);
    }
    return SD_OK;
}

/* PAN_CHANGED, the per-frame event of a drag, in place as OFFSET is. */
static sd_status pan_changed_step(sd_bar *b, double y, double time, sd_bar_actions *a, sd_error *err) {
    sd_bar_actions out = { 0u, 0u, 0, 0, 0, 0, 0, 0 };
    sd_status st = pan_changed_at(b, y, &out, err);
    if (st != SD_OK) return st;
    b->time = sd_event_time(b->time, time);
    *a = out;
    return sd_succeed(err);
}

static sd_status step_pan_changed(sd_bar *b, const sd_bar_event *e, sd_bar_actions *a, sd_error *err) {
    return pan_changed_step(b, e->y, e->time, a, err);
}

static sd_status pan_ended_at(sd_bar *b, double y, sd_bar_actions *a, sd_error *err) {
    sd_status st = finite(y, "y", err);
    if (st != SD_OK) return st;
    const uint32_t policy = b->config.policy;
    if (policy & SD_BAR_POLICY_NO_SNAP) return SD_OK;
    double delta = (policy & SD_BAR_POLICY_SNAP_DIRECTION)
                       ? sd_bar_snap_delta_directed(&b->config, b->state.offset, y - b->tracking.pan_y)
                       : sd_bar_snap_delta(&b->config, b->state.offset);
    double target = y + delta;
    /* y near +-DBL_MAX: the move's target overflows; ask for nothing. */
    if (delta != 0 && !sd_isfinite(target)) return sd_fail(err, SD_ERR_RANGE, "y", "snap target overflows");
    if (delta != 0) {
        a->flags = SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED | reduced_motion(&b->config);
        a->target_y = target;
    }
    return SD_OK;
}

static sd_status on_expand(sd_bar *b, const sd_bar_event *e, sd_bar_actions *a) {
    const sd_bar_config *c = &b->config;
    int on = e->on != 0;
    a->flags = SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED | SD_BAR_ACTION_SCROLL_FIRST | SD_BAR_ACTION_INSET_TOP |
               reduced_motion(c);
    if (on) {
        b->state.expanded_available = 1;
        a->flags |= SD_BAR_ACTION_STATE;
    }
    a->target_y = content_offset_for(c, on ? -c->expanded : -c->normal);
    a->inset_top = inset_top_for(c, on);
    return SD_OK;
}

sd_status sd_bar_step(sd_bar *bar, const sd_bar_event *event, sd_bar_actions *actions, sd_error *err) {
    SD_CHECK_NULL(bar, err, "bar");
    SD_CHECK_NULL(event, err, "event");
    SD_CHECK_NULL(actions, err, "actions");
    if (!sd_isfinite(event->time)) return sd_fail(err, SD_ERR_NOT_FINITE, "time", "must be finite");
    if (event->time < 0) return sd_fail(err, SD_ERR_RANGE, "time", "must be >= 0");
    if (event->type == SD_BAR_EVENT_OFFSET) return step_offset(bar, event, actions, err);
    if (event->type == SD_BAR_EVENT_PAN_CHANGED) return step_pan_changed(bar, event, actions, err);
    sd_bar next = *bar;
    sd_bar_actions out = { 0u, 0u, 0, 0, 0, 0, 0, 0 };
    sd_status st;
    switch ((sd_bar_event_type)event->type) {
    case SD_BAR_EVENT_FRAME: st = SD_OK; break;
    case SD_BAR_EVENT_OFFSET: return step_offset(bar, event, actions, err);
    case SD_BAR_EVENT_CONTENT_SIZE: st = on_content_size(&next, event, &out, err); break;
    case SD_BAR_EVENT_PAN_BEGAN: st = pan_began_at(&next, event->y, &out, err); break;
    case SD_BAR_EVENT_PAN_CHANGED: return step_pan_changed(bar, event, actions, err);
    case SD_BAR_EVENT_PAN_ENDED: st = pan_ended_at(&next, event->y, &out, err); break;
    case SD_BAR_EVENT_EXPAND: st = on_expand(&next, event, &out); break;
    case SD_BAR_EVENT_PRECONFIGURE:
        st = preconfigure(&next, event->frame_height, event->content_height, event->y, &out, err);
        break;
    case SD_BAR_EVENT_ATTACH:
        next.tracking = no_tracking;
        st = SD_OK;
        break;
    case SD_BAR_EVENT_TRACK: st = on_track(&next, event, &out, err); break;
    case SD_BAR_EVENT_ASSIGN: st = on_assign(&next, event, &out, err); break;
    default: return sd_fail(err, SD_ERR_RANGE, "type", "must be an sd_bar_event_type");
    }
    if (st != SD_OK) return st;
    next.time = sd_event_time(bar->time, event->time);
    *bar = next;
    *actions = out;
    return sd_succeed(err);
}

sd_status sd__bar_pan_changed(sd_bar *b, double y, sd_bar_actions *actions) {
    return pan_changed_step(b, y, b->time, actions, NULL);
}

sd_status sd_bar_report_pan(sd_bar *b, uint32_t type, double y, sd_bar_actions *actions, sd_error *err) {
    SD_CHECK_NULL(b, err, "bar");
    SD_CHECK_NULL(actions, err, "actions");
    /* The drag's per-frame report: in place, as sd_bar_step does it. */
    if (type == SD_BAR_EVENT_PAN_CHANGED) return pan_changed_step(b, y, b->time, actions, err);
    if (type != SD_BAR_EVENT_PAN_BEGAN && type != SD_BAR_EVENT_PAN_ENDED)
        return sd_fail(err, SD_ERR_RANGE, "type", "must be PAN_BEGAN, PAN_CHANGED or PAN_ENDED");
    sd_bar next = *b;
    sd_bar_actions out = { 0u, 0u, 0, 0, 0, 0, 0, 0 };
    const sd_status st = type == SD_BAR_EVENT_PAN_BEGAN ? pan_began_at(&next, y, &out, err)
                                                        : pan_ended_at(&next, y, &out, err);
    if (st != SD_OK) return st;
    /* At the clock: sd_event_time(b->time, b->time) is b->time. */
    *b = next;
    *actions = out;
    return sd_succeed(err);
}

/* ---- validating a whole bar (a restored one) ----------------------------- */

sd_status sd_bar_validate(const sd_bar *bar, sd_error *err) {
    SD_CHECK_NULL(bar, err, "bar");
    sd_status st = sd_bar_config_validate(&bar->config, err);
    if (st != SD_OK) return st;
    const sd_bar_config *c = &bar->config;
    const sd_bar_state *s = &bar->state;
    const sd_bar_tracking *t = &bar->tracking;
    SD_STATE_FINITE(s->offset, err, "state.offset");
    if (!(-s->offset >= c->compact && -s->offset <= c->expanded))
        return sd_fail(err, SD_ERR_STATE, "state.offset", "the height (-offset) must be within compact...expanded");
    SD_STATE_FLAG(s->expanded_available, err, "state.expanded_available");
    if (s->reserved != 0) return sd_fail(err, SD_ERR_STATE, "state.reserved", "must be 0");
    SD_STATE_FINITE(t->previous_x, err, "tracking.previous_x");
    SD_STATE_FINITE(t->previous_y, err, "tracking.previous_y");
    SD_STATE_FINITE(t->content_width, err, "tracking.content_width");
    SD_STATE_FINITE(t->content_height, err, "tracking.content_height");
    SD_STATE_FINITE(t->frame_height, err, "tracking.frame_height");
    SD_STATE_FINITE(t->pan_y, err, "tracking.pan_y");
    SD_STATE_FLAG(t->has_previous, err, "tracking.has_previous");
    SD_STATE_FLAG(t->has_content_size, err, "tracking.has_content_size");
    SD_STATE_FINITE(bar->time, err, "time");
    if (bar->time < 0) return sd_fail(err, SD_ERR_STATE, "time", "must be >= 0");
    return sd_succeed(err);
}
