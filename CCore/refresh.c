/*
 * refresh.c — the refresh surface (refresh.h): the header's and the
 * footer's machines, and the four verbs.
 *
 * Each step checks everything that can refuse its event first (its fields,
 * then whether it fits the state: check_fits) and then changes the surface
 * in place, so a refused event changes nothing, bit for bit, with no copy
 * of the surface made; the frame brings copies of the header and the offset
 * alone to its time.
 *
 * The header follows MJRefreshHeader: pulling while dragged more than the
 * threshold below the resting inset, refreshing on release, the inset top
 * held at I + h while refreshing and lowered as the content scrolls up
 * (`insetT = max(-offsetY, originalTop)`, at most h + originalTop, in its
 * `scrollViewContentOffsetDidChange:`), and given back when the refresh
 * ends. MJRefresh runs the two inset changes in UIView animation blocks of
 * 0.25 s and 0.4 s with UIKit's default ease-in-out; here the offset
 * follows that curve as a closed form of time, and the inset is set at the
 * two ends of the motion (held from the start of refreshing, given back
 * when the end motion is over), so the offset never leaves the range the
 * inset allows.
 *
 * What MJRefresh leaves to the app and its users ask for is here too: the
 * minimum refreshing time (a refresh that ends at once flashes the header;
 * the end is deferred until the minimum has passed, at an exact time, so
 * every frame rate sees the same motion), an end that waits for the begin
 * motion, and a footer that fires once per approach (MJRefreshAutoFooter
 * can fire again while the end stays in view): it is disarmed when it
 * fires and armed again only when the end leaves the zone. This is
 * ScrollDrive's rule, not MJRefresh's: its `autoTriggerTimes` (formerly
 * `onlyRefreshPerDrag`) counts per drag and resets at every pan began, so
 * there a new drag with the end still in view fires again.
 */
#include "internal.h"

#include <string.h>

_Static_assert(sizeof(sd_refresh_config) == 104, "sd_refresh_config is 104 bytes");
_Static_assert(sizeof(sd_refresh_event) == 24, "sd_refresh_event is 24 bytes");
_Static_assert(sizeof(sd_refresh_actions) == 32, "sd_refresh_actions is 32 bytes");
_Static_assert(sizeof(sd_refresh_header) == 48, "sd_refresh_header is 48 bytes");
_Static_assert(sizeof(sd_refresh_footer) == 16, "sd_refresh_footer is 16 bytes");
_Static_assert(sizeof(sd_refresh) == 200, "sd_refresh is 200 bytes");
_Static_assert(sizeof(sd_refresh_frame) == 96, "sd_refresh_frame is 96 bytes");

static const sd_refresh_actions RF_NO_ACTIONS = { 0u, 0u, 0u, 0u, 0.0, 0.0 };

/* ------------------------------------------------------------------------ */
/* Small pieces                                                              */
/* ------------------------------------------------------------------------ */

/* A motion's duration: the configuration's, at most the short one with reduced motion. */
SD_INLINE double motion_time(const sd_refresh_config *c, double duration) {
    return (c->options & SD_REFRESH_OPTION_REDUCED_MOTION) && duration > SD_REFRESH_REDUCED_MOTION_DURATION
               ? SD_REFRESH_REDUCED_MOTION_DURATION
               : duration;
}
SD_INLINE double begin_time(const sd_refresh_config *c) { return motion_time(c, c->begin_duration); }
SD_INLINE double end_time(const sd_refresh_config *c) { return motion_time(c, c->end_duration); }

/* How long refreshing lasts at least: the minimum time, and never less than
 * the begin motion (an end before it is over would reverse it mid-way). */
SD_INLINE double hold_time(const sd_refresh_config *c) { return sd_max(c->min_refreshing_time, begin_time(c)); }

/* The inset top while refreshing with nothing scrolled: I + h. */
SD_INLINE double refreshing_inset(const sd_refresh_config *c) { return c->content_inset_top + c->header_height; }

/* The end's remaining distance r at offset y (refresh.h). */
SD_INLINE double remaining_at(const sd_refresh_config *c, double y, double content_height) {
    const double footer = c->footer_enabled ? c->footer_height : 0.0;
    return (content_height + c->content_inset_bottom + footer) - (y + c->viewport_height);
}

/* The footer's zone depth: the larger of the distance and the fraction. */
SD_INLINE double zone_depth(const sd_refresh_config *c, double content_height) {
    return sd_max(c->footer_trigger_distance, c->footer_trigger_fraction * content_height);
}

/* Eased progress 0...1 of a motion of `duration` started at `start`:
 * exactly 0 before it starts and 1 once it has run its duration. */
static double eased(double time, double start, double duration) {
    const double elapsed = time - start;
    if (!(elapsed > 0)) return 0.0;
    if (elapsed >= duration) return 1.0;
    return sd_timing_curve_value(&sd_timing_ease_in_out, elapsed / duration);
}

SD_INLINE void flag(sd_refresh_actions *a, uint32_t bits) { a->flags |= bits; }

SD_INLINE void set_inset(sd_refresh_actions *a, double inset) {
    a->flags |= SD_REFRESH_ACTION_SET_INSET_TOP;
    a->inset_top = inset;
}

/* A finished motion leaves the offset exactly at its target. */
SD_INLINE void set_offset(double *at, sd_refresh_actions *a, double offset) {
    *at = offset;
    a->flags |= SD_REFRESH_ACTION_SET_OFFSET;
    a->offset = offset;
}

SD_INLINE void started(sd_refresh_actions *a, sd_refresh_transition kind) {
    a->flags |= SD_REFRESH_ACTION_START_TRANSITION;
    a->started |= SD_REFRESH_TRANSITION_BIT(kind);
}

SD_INLINE void finished(sd_refresh_actions *a, sd_refresh_transition kind) {
    a->flags |= SD_REFRESH_ACTION_FINISH_TRANSITION;
    a->finished |= SD_REFRESH_TRANSITION_BIT(kind);
}

/* ------------------------------------------------------------------------ */
/* The header's machine                                                      */
/* ------------------------------------------------------------------------ */

/* The header's machine works on the header and the content offset it may
 * drive (`*offset`), so that the frame can run it on copies of those two
 * alone and the step on the surface itself. */

/* The begin motion is over: the header is in place and, as MJRefresh's
 * headerRefreshingAction does in the animation's completion
 * (executeRefreshingCallback), the app is asked to refresh now. */
static void finish_begin(const sd_refresh_config *c, sd_refresh_header *h, double *offset, sd_refresh_actions *a) {
    h->transition = SD_REFRESH_TRANSITION_NONE;
    set_offset(offset, a, -refreshing_inset(c));
    finished(a, SD_REFRESH_TRANSITION_BEGIN);
    flag(a, SD_REFRESH_ACTION_REFRESH);
}

static void begin_refreshing(const sd_refresh_config *c, sd_refresh_header *h, double *offset, double time,
                             sd_refresh_actions *a) {
    h->state = SD_REFRESH_HEADER_REFRESHING;
    h->transition = SD_REFRESH_TRANSITION_BEGIN;
    h->transition_start = time;
    h->refresh_start = time;
    h->from_offset = *offset;
    h->held_inset = refreshing_inset(c);
    h->end_requested = 0u;
    flag(a, SD_REFRESH_ACTION_HEADER_STATE);
    set_inset(a, h->held_inset);
    started(a, SD_REFRESH_TRANSITION_BEGIN);
    /* No motion to wait for: the refresh starts in this step. */
    if (!(begin_time(c) > 0)) finish_begin(c, h, offset, a);
}

static void end_refreshing(sd_refresh_header *h, double offset, double start, sd_refresh_actions *a) {
    h->state = SD_REFRESH_HEADER_DONE;
    h->transition = SD_REFRESH_TRANSITION_END;
    h->transition_start = start;
    h->from_offset = offset;
    h->end_requested = 0u;
    flag(a, SD_REFRESH_ACTION_HEADER_STATE);
    started(a, SD_REFRESH_TRANSITION_END);
}

/* advance's work once there is something to bring forward. */
static void advance_header(const sd_refresh_config *c, sd_refresh_header *h, double *offset, double time,
                           sd_refresh_actions *a) {
    if (h->transition == SD_REFRESH_TRANSITION_BEGIN &&
        sd__transition_ended(h->transition_start, begin_time(c), time))
        finish_begin(c, h, offset, a);
    if (h->state == SD_REFRESH_HEADER_REFRESHING && h->end_requested &&
        sd__transition_ended(h->refresh_start, hold_time(c), time))
        end_refreshing(h, *offset, h->refresh_start + hold_time(c), a);
    if (h->transition == SD_REFRESH_TRANSITION_END &&
        sd__transition_ended(h->transition_start, end_time(c), time)) {
        h->transition = SD_REFRESH_TRANSITION_NONE;
        h->state = SD_REFRESH_HEADER_IDLE;
        h->held_inset = c->content_inset_top;
        flag(a, SD_REFRESH_ACTION_HEADER_STATE);
        set_inset(a, h->held_inset);
        if (h->from_offset < -c->content_inset_top) set_offset(offset, a, -c->content_inset_top);
        finished(a, SD_REFRESH_TRANSITION_END);
    }
}

/* Whether the header may have something due at a later time: a motion
 * running or an end waiting. Without either, advancing changes nothing. */
SD_INLINE int header_pending(const sd_refresh_header *h) {
    return h->transition != SD_REFRESH_TRANSITION_NONE || h->end_requested;
}

/*
 * Brings the header to `time`: ends a begin motion that is over, starts a
 * deferred end whose time has come (at that time, not at `time`), ends an
 * end motion that is over. The step calls it first with every event; the
 * frame calls it on copies of the header and the offset when one is
 * pending, so both see the same state at any time.
 */
SD_INLINE void advance(const sd_refresh_config *c, sd_refresh_header *h, double *offset, double time,
                       sd_refresh_actions *a) {
    if (header_pending(h)) advance_header(c, h, offset, time, a);
}

/* The header's answer to a new offset (p->offset, p->dragging already set). */
static void header_offset(sd_refresh *p, double time, sd_refresh_actions *a) {
    const sd_refresh_config *c = &p->config;
    sd_refresh_header *h = &p->header;
    /* Idle and not dragged (a fling, a scroll): nothing can change. */
    if (h->state == SD_REFRESH_HEADER_IDLE && !p->dragging && c->header_enabled) return;
    if (!c->header_enabled) {
        /* Disabled by a reconfigure mid-pull: a release must not refresh. */
        if (h->state == SD_REFRESH_HEADER_PULLING) {
            h->state = SD_REFRESH_HEADER_IDLE;
            flag(a, SD_REFRESH_ACTION_HEADER_STATE);
        }
        return;
    }
    const double d = sd__pull_distance(p->offset, c->content_inset_top);
    switch ((sd_refresh_header_state)h->state) {
    case SD_REFRESH_HEADER_IDLE:
        if (p->dragging && d > c->pull_threshold) {
            h->state = SD_REFRESH_HEADER_PULLING;
            flag(a, SD_REFRESH_ACTION_HEADER_STATE);
        }
        break;
    case SD_REFRESH_HEADER_PULLING:
        if (!p->dragging) {
            begin_refreshing(c, h, &p->offset, time, a);
        } else if (d <= c->pull_threshold) {
            h->state = SD_REFRESH_HEADER_IDLE;
            flag(a, SD_REFRESH_ACTION_HEADER_STATE);
        }
        break;
    case SD_REFRESH_HEADER_REFRESHING:
        /* While the begin motion drives the offset, the reports are its own. */
        if (h->transition == SD_REFRESH_TRANSITION_NONE) {
            const double held = sd_min(sd_max(-p->offset, c->content_inset_top), refreshing_inset(c));
            if (held != h->held_inset) {
                h->held_inset = held;
                set_inset(a, held);
            }
        }
        break;
    case SD_REFRESH_HEADER_DONE: break;
    }
}

/* ------------------------------------------------------------------------ */
/* The footer's machine                                                      */
/* ------------------------------------------------------------------------ */

/* The footer's answer to a new offset or content height: arm when the end
 * is out of the zone, fire once when it comes in. */
static void footer_update(sd_refresh *p, sd_refresh_actions *a) {
    const sd_refresh_config *c = &p->config;
    sd_refresh_footer *f = &p->footer;
    if (!c->footer_enabled || !f->content_known) return;
    const int in_zone = remaining_at(c, p->offset, p->content_height) <= zone_depth(c, p->content_height);
    if (!in_zone) {
        f->armed = 1u;
        return;
    }
    const int header_busy =
        p->header.state == SD_REFRESH_HEADER_REFRESHING || p->header.state == SD_REFRESH_HEADER_DONE;
    if (f->state == SD_REFRESH_FOOTER_IDLE && f->armed && !header_busy) {
        f->state = SD_REFRESH_FOOTER_LOADING;
        f->armed = 0u;
        flag(a, SD_REFRESH_ACTION_FOOTER_STATE | SD_REFRESH_ACTION_LOAD);
    }
}

/* ------------------------------------------------------------------------ */
/* The four verbs                                                            */
/* ------------------------------------------------------------------------ */

sd_status sd_refresh_init(sd_refresh *r, const sd_refresh_config *c, sd_error *err) {
    SD_CHECK_NULL(r, err, "refresh");
    sd_status st = sd_refresh_config_validate(c, err);
    if (st != SD_OK) return st;
    sd_refresh q;
    memset(&q, 0, sizeof q);
    q.config = *c;
    q.offset = -c->content_inset_top;
    q.header.held_inset = c->content_inset_top;
    q.footer.armed = 1u;
    *r = q;
    return sd_succeed(err);
}

sd_status sd_refresh_reconfigure(sd_refresh *r, const sd_refresh_config *c, sd_error *err) {
    SD_CHECK_NULL(r, err, "refresh");
    sd_status st = sd_refresh_config_validate(c, err);
    if (st != SD_OK) return st;
    r->config = *c;
    /* A held inset stays within the new [I, I + h] (a new nav bar height, a
     * new header): the view gets it with the next frame. */
    sd_refresh_header *h = &r->header;
    if (h->state == SD_REFRESH_HEADER_REFRESHING || h->state == SD_REFRESH_HEADER_DONE)
        h->held_inset = sd_min(sd_max(h->held_inset, c->content_inset_top), refreshing_inset(c));
    return sd_succeed(err);
}

static sd_status check_event(const sd_refresh_event *e, sd_error *err) {
    if (e->type > SD_REFRESH_EVENT_FRAME) return sd_fail(err, SD_ERR_RANGE, "type", "must be an sd_refresh_event_type");
    if (e->flag > 1) return sd_fail(err, SD_ERR_RANGE, "flag", "must be 0 or 1");
    if (!sd_isfinite(e->time)) return sd_fail(err, SD_ERR_NOT_FINITE, "time", "must be finite");
    if (e->time < 0) return sd_fail(err, SD_ERR_RANGE, "time", "must be >= 0");
    if (e->type == SD_REFRESH_EVENT_OFFSET && !sd_isfinite(e->value))
        return sd_fail(err, SD_ERR_NOT_FINITE, "value", "offset must be finite");
    if (e->type == SD_REFRESH_EVENT_CONTENT_SIZE) {
        if (!sd_isfinite(e->value)) return sd_fail(err, SD_ERR_NOT_FINITE, "value", "content height must be finite");
        if (e->value < 0) return sd_fail(err, SD_ERR_NEGATIVE, "value", "content height must be >= 0");
        if (e->value > SD_REFRESH_MAX_VALUE)
            return sd_fail(err, SD_ERR_RANGE, "value", "content height must be <= 1e6");
    }
    return SD_OK;
}

/*
 * Whether an app's event (an event that is not an offset, a content size or
 * a frame) fits the state at `time`: every refusal sd_refresh_step makes
 * after the event's own fields is decided here, before anything changes.
 * The header is read as the step's first advance leaves it (run on a copy
 * of the header and the offset).
 */
static sd_status check_fits(const sd_refresh *q, const sd_refresh_event *e, double time, sd_error *err) {
    const sd_refresh_footer *f = &q->footer;
    switch ((sd_refresh_event_type)e->type) {
    case SD_REFRESH_EVENT_OFFSET:
    case SD_REFRESH_EVENT_CONTENT_SIZE:
    case SD_REFRESH_EVENT_FRAME: return SD_OK;
    case SD_REFRESH_EVENT_BEGIN_REFRESHING:
    case SD_REFRESH_EVENT_END_REFRESHING: {
        sd_refresh_header h = q->header;
        double offset = q->offset;
        sd_refresh_actions ignored = RF_NO_ACTIONS;
        advance(&q->config, &h, &offset, time, &ignored);
        if (e->type == SD_REFRESH_EVENT_END_REFRESHING)
            return h.state != SD_REFRESH_HEADER_REFRESHING || h.end_requested
                       ? sd_fail(err, SD_ERR_STATE, "type", "END_REFRESHING needs the header refreshing, not yet ended")
                       : SD_OK;
        if (!q->config.header_enabled) return sd_fail(err, SD_ERR_STATE, "header_enabled", "must be 1 to refresh");
        if (h.state != SD_REFRESH_HEADER_IDLE && h.state != SD_REFRESH_HEADER_PULLING)
            return sd_fail(err, SD_ERR_STATE, "type", "BEGIN_REFRESHING needs the header idle or pulling");
        return SD_OK;
    }
    case SD_REFRESH_EVENT_END_LOADING:
        return f->state != SD_REFRESH_FOOTER_LOADING
                   ? sd_fail(err, SD_ERR_STATE, "type", "END_LOADING needs the footer loading")
                   : SD_OK;
    case SD_REFRESH_EVENT_NO_MORE_DATA:
        return f->state == SD_REFRESH_FOOTER_NO_MORE_DATA
                   ? sd_fail(err, SD_ERR_STATE, "type", "NO_MORE_DATA needs the footer idle or loading")
                   : SD_OK;
    case SD_REFRESH_EVENT_RESET_NO_MORE_DATA:
        return f->state != SD_REFRESH_FOOTER_NO_MORE_DATA
                   ? sd_fail(err, SD_ERR_STATE, "type", "RESET_NO_MORE_DATA needs the footer at no more data")
                   : SD_OK;
    }
    return SD_OK;
}

/* The app's events, once check_fits has let them through. */
static void app_event(sd_refresh *q, const sd_refresh_event *e, sd_refresh_actions *a) {
    sd_refresh_header *h = &q->header;
    sd_refresh_footer *f = &q->footer;
    switch ((sd_refresh_event_type)e->type) {
    case SD_REFRESH_EVENT_BEGIN_REFRESHING:
        begin_refreshing(&q->config, h, &q->offset, e->time, a);
        return;
    case SD_REFRESH_EVENT_END_REFRESHING:
        if (sd__transition_ended(h->refresh_start, hold_time(&q->config), e->time))
            end_refreshing(h, q->offset, e->time, a);
        else
            h->end_requested = 1u;
        return;
    case SD_REFRESH_EVENT_END_LOADING:
        f->state = e->flag ? SD_REFRESH_FOOTER_NO_MORE_DATA : SD_REFRESH_FOOTER_IDLE;
        break;
    case SD_REFRESH_EVENT_NO_MORE_DATA:
        f->state = SD_REFRESH_FOOTER_NO_MORE_DATA;
        break;
    case SD_REFRESH_EVENT_RESET_NO_MORE_DATA:
        f->state = SD_REFRESH_FOOTER_IDLE;
        break;
    case SD_REFRESH_EVENT_OFFSET:
    case SD_REFRESH_EVENT_CONTENT_SIZE:
    case SD_REFRESH_EVENT_FRAME: return;
    }
    flag(a, SD_REFRESH_ACTION_FOOTER_STATE);
}

/* A step by the rules below: every refusal decided first, then the surface
 * changed in place. */
static SD_NOINLINE sd_status step_checked(sd_refresh *refresh, const sd_refresh_event *event,
                                          sd_refresh_actions *actions, sd_error *err);

sd_status sd_refresh_step(sd_refresh *refresh, const sd_refresh_event *event, sd_refresh_actions *actions,
                          sd_error *err) {
    /* The most common step, a FRAME with nothing due (no motion, no end
     * waiting): only the clock moves (what step_checked does then, without
     * its bookkeeping). */
    if (refresh && event && actions && event->type == SD_REFRESH_EVENT_FRAME && event->flag <= 1 &&
        sd__time_accepted(event->time) && !header_pending(&refresh->header)) {
        refresh->time = sd_event_time(refresh->time, event->time);
        *actions = RF_NO_ACTIONS;
        return sd_succeed(err);
    }
    return step_checked(refresh, event, actions, err);
}

static sd_status step_checked(sd_refresh *refresh, const sd_refresh_event *event, sd_refresh_actions *actions,
                              sd_error *err) {
    SD_CHECK_NULL(refresh, err, "refresh");
    SD_CHECK_NULL(event, err, "event");
    SD_CHECK_NULL(actions, err, "actions");
    sd_status st = check_event(event, err);
    if (st != SD_OK) return st;
    const double time = sd_event_time(refresh->time, event->time);
    if ((st = check_fits(refresh, event, time, err)) != SD_OK) return st;

    /* Nothing below refuses: the surface and the actions change in place. */
    sd_refresh *q = refresh;
    sd_refresh_actions *a = actions;
    *a = RF_NO_ACTIONS;
    q->time = time;
    advance(&q->config, &q->header, &q->offset, time, a);

    if (event->type == SD_REFRESH_EVENT_OFFSET) {
        q->offset = event->value;
        q->dragging = event->flag;
        header_offset(q, time, a);
        footer_update(q, a);
    } else if (event->type == SD_REFRESH_EVENT_CONTENT_SIZE) {
        q->content_height = event->value;
        q->footer.content_known = 1u;
        footer_update(q, a);
    } else {
        /* The app's event as it counts: at the clock when it is earlier. */
        sd_refresh_event e = *event;
        e.time = time;
        app_event(q, &e, a);
    }
    /* A motion this event started may be over already (a zero duration):
     * it ends in this step, so the struct never holds a transition that is
     * due at its own clock. */
    advance(&q->config, &q->header, &q->offset, time, a);
    return sd_succeed(err);
}

int sd_refresh_needs_frames(const sd_refresh *refresh, double time) {
    if (!refresh || !sd_isfinite(time) || !header_pending(&refresh->header)) return 0;
    /* Still pending once brought to `time` (as the frame at `time` sees it). */
    sd_refresh_header h = refresh->header;
    double offset = refresh->offset;
    sd_refresh_actions ignored = RF_NO_ACTIONS;
    advance(&refresh->config, &h, &offset, sd_event_time(refresh->time, time), &ignored);
    return header_pending(&h);
}

sd_status sd_refresh_frame_at(const sd_refresh *p, double at, sd_refresh_frame *out) {
    if (!p || !out) return SD_ERR_NULL;
    if (!sd_isfinite(at)) return SD_ERR_NOT_FINITE;
    const double time = sd_event_time(p->time, at);
    const sd_refresh_config *c = &p->config;
    /* The header and the offset as the step at `time` would leave them: the
     * surface's own when nothing is pending (advance would not change
     * them), else copies advanced (the frame is pure). */
    const sd_refresh_header *h = &p->header;
    double offset = p->offset;
    sd_refresh_header header;
    if (header_pending(h)) {
        header = p->header;
        sd_refresh_actions ignored = RF_NO_ACTIONS;
        advance(c, &header, &offset, time, &ignored);
        h = &header;
    }

    /* Written in place, every field once (no zeroing and no copy). */
    sd_refresh_frame *f = out;
    double y = offset;
    double progress = 1.0;
    f->offset_driven = 0u;
    if (h->transition == SD_REFRESH_TRANSITION_BEGIN) {
        const double e = eased(time, h->transition_start, begin_time(c));
        y = sd__lerp(h->from_offset, -refreshing_inset(c), e);
        f->offset_driven = 1u;
    } else if (h->transition == SD_REFRESH_TRANSITION_END) {
        const double e = eased(time, h->transition_start, end_time(c));
        /* Only a visible header is scrolled away; content scrolled up stays. */
        if (h->from_offset < -c->content_inset_top) {
            y = sd__lerp(h->from_offset, -c->content_inset_top, e);
            f->offset_driven = 1u;
        }
        progress = 1.0 - e;
    }
    const double d = sd__pull_distance(y, c->content_inset_top);
    if (h->state == SD_REFRESH_HEADER_IDLE || h->state == SD_REFRESH_HEADER_PULLING)
        progress = sd_min(1.0, d / c->pull_threshold);
    const int holding = h->state == SD_REFRESH_HEADER_REFRESHING || h->state == SD_REFRESH_HEADER_DONE;

    f->header_state = h->state;
    f->footer_state = p->footer.state;
    f->transition = h->transition;
    f->pull_distance = d;
    f->progress = progress;
    f->header_top = -c->header_height;
    f->header_visible = sd_min(c->header_height, d);
    f->inset_top = holding ? h->held_inset : c->content_inset_top;
    f->inset_bottom = c->content_inset_bottom + (c->footer_enabled ? c->footer_height : 0.0);
    f->content_offset = y;
    f->footer_top = p->content_height;
    f->remaining = remaining_at(c, y, p->content_height);
    f->reduced_motion = (c->options & SD_REFRESH_OPTION_REDUCED_MOTION) ? 1u : 0u;
    f->reserved = 0u;
    return SD_OK;
}

/* ---- validating a whole surface (a restored one) ------------------------ */

sd_status sd_refresh_validate(const sd_refresh *r, sd_error *err) {
    SD_CHECK_NULL(r, err, "refresh");
    sd_status st = sd_refresh_config_validate(&r->config, err);
    if (st != SD_OK) return st;
    const sd_refresh_header *h = &r->header;
    const sd_refresh_footer *f = &r->footer;
    SD_STATE_FINITE(r->time, err, "time");
    if (r->time < 0) return sd_fail(err, SD_ERR_STATE, "time", "must be >= 0");
    SD_STATE_FINITE(r->offset, err, "offset");
    SD_STATE_FINITE(r->content_height, err, "content_height");
    if (r->content_height < 0) return sd_fail(err, SD_ERR_STATE, "content_height", "must be >= 0");
    SD_STATE_FLAG(r->dragging, err, "dragging");
    if (r->reserved != 0) return sd_fail(err, SD_ERR_STATE, "reserved", "must be 0");
    if (h->state > SD_REFRESH_HEADER_DONE) return sd_fail(err, SD_ERR_STATE, "header.state", "must be an sd_refresh_header_state");
    if (h->transition > SD_REFRESH_TRANSITION_END)
        return sd_fail(err, SD_ERR_STATE, "header.transition", "must be an sd_refresh_transition");
    SD_STATE_FLAG(h->end_requested, err, "header.end_requested");
    if (h->reserved != 0) return sd_fail(err, SD_ERR_STATE, "header.reserved", "must be 0");
    SD_STATE_FINITE(h->from_offset, err, "header.from_offset");
    SD_STATE_FINITE(h->held_inset, err, "header.held_inset");
    SD_STATE_FINITE(h->refresh_start, err, "header.refresh_start");
    SD_STATE_FINITE(h->transition_start, err, "header.transition_start");
    if (h->refresh_start > r->time + SD_TIME_TOLERANCE)
        return sd_fail(err, SD_ERR_STATE, "header.refresh_start", "must not be after the clock");
    if (h->transition_start > r->time + SD_TIME_TOLERANCE)
        return sd_fail(err, SD_ERR_STATE, "header.transition_start", "must not be after the clock");
    if (h->transition == SD_REFRESH_TRANSITION_BEGIN && h->state != SD_REFRESH_HEADER_REFRESHING)
        return sd_fail(err, SD_ERR_STATE, "header.transition", "a begin motion runs only while refreshing");
    if (h->transition == SD_REFRESH_TRANSITION_END && h->state != SD_REFRESH_HEADER_DONE)
        return sd_fail(err, SD_ERR_STATE, "header.transition", "an end motion runs only while done");
    if (h->end_requested && h->state != SD_REFRESH_HEADER_REFRESHING)
        return sd_fail(err, SD_ERR_STATE, "header.end_requested", "an end is requested only while refreshing");
    if (f->state > SD_REFRESH_FOOTER_NO_MORE_DATA)
        return sd_fail(err, SD_ERR_STATE, "footer.state", "must be an sd_refresh_footer_state");
    SD_STATE_FLAG(f->armed, err, "footer.armed");
    SD_STATE_FLAG(f->content_known, err, "footer.content_known");
    if (f->reserved != 0) return sd_fail(err, SD_ERR_STATE, "footer.reserved", "must be 0");
    return sd_succeed(err);
}
