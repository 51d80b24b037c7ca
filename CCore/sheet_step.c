/*
 * sheet_step.c — the bottom sheet's machine, sd_sheet_step: drags and the
 * hand-off with the inner scroll view, releases, backdrop taps,
 * programmatic moves and frame ticks, and the moves they share (commit,
 * land, the spring's start). A step checks everything that can refuse the
 * input first (the event's fields, then whether it fits the state:
 * check_fits), and only then changes the sheet, in place: a refused input
 * changes nothing, bit for bit, with no copy of the sheet made. The
 * keyboard's event is in sheet_keyboard.c, sd_sheet_init and
 * sd_sheet_reconfigure in sheet_reconfigure.c, sd_sheet_validate in
 * sheet_validate.c.
 */
#include "sheet_internal.h"

#include <math.h>
#include <string.h>

/* A finite length or velocity within +-limit, else the report naming `field`. */
static sd_status check_bounded(double x, double limit, const char *field, sd_error *err) {
    if (!sd_isfinite(x)) return sd_fail(err, SD_ERR_NOT_FINITE, field, "must be finite");
    if (!(__builtin_fabs(x) <= limit))
        return sd_fail(err, SD_ERR_RANGE, field,
                       limit == SD_SHEET_MAX_VELOCITY ? "must be within +-1e12 points per second"
                                                      : "must be within +-1e9 points");
    return SD_OK;
}

/* Fields each type reads, checked before anything changes. */
static sd_status check_event(const sd_sheet_event *e, sd_error *err) {
    if (!sd_isfinite(e->time)) return sd_fail(err, SD_ERR_NOT_FINITE, "time", "must be finite");
    if (e->time < 0) return sd_fail(err, SD_ERR_RANGE, "time", "must be >= 0");
    sd_status st;
    switch (e->type) {
    case SD_SHEET_EVENT_DRAG_BEGAN:
        return check_bounded(e->content_offset, SD_SHEET_MAX_LENGTH, "content_offset", err);
    case SD_SHEET_EVENT_DRAG_CHANGED:
        /* Both NaN checks before either range check: a NaN is SD_ERR_NOT_FINITE whatever the other field. */
        if (!sd_isfinite(e->translation)) return sd_fail(err, SD_ERR_NOT_FINITE, "translation", "must be finite");
        if (!sd_isfinite(e->content_offset))
            return sd_fail(err, SD_ERR_NOT_FINITE, "content_offset", "must be finite");
        if ((st = check_bounded(e->translation, SD_SHEET_MAX_LENGTH, "translation", err)) != SD_OK) return st;
        return check_bounded(e->content_offset, SD_SHEET_MAX_LENGTH, "content_offset", err);
    case SD_SHEET_EVENT_DRAG_ENDED:
        return check_bounded(e->velocity, SD_SHEET_MAX_VELOCITY, "velocity", err);
    case SD_SHEET_EVENT_BACKDROP_TAP:
    case SD_SHEET_EVENT_MOVE:
    case SD_SHEET_EVENT_FRAME:
    case SD_SHEET_EVENT_HANDLE_DRAG_BEGAN:
        return SD_OK;
    case SD_SHEET_EVENT_KEYBOARD:
        if ((st = check_bounded(e->translation, SD_SHEET_MAX_LENGTH, "translation", err)) != SD_OK) return st;
        if (!sd_isfinite(e->velocity)) return sd_fail(err, SD_ERR_NOT_FINITE, "velocity", "the duration must be finite");
        if (!(e->velocity >= 0 && e->velocity <= SD_SHEET_MAX_KEYBOARD_DURATION))
            return sd_fail(err, SD_ERR_RANGE, "velocity", "the duration must be within 0...10 s");
        if (!sd_sheet_curve_valid(e->detent))
            return sd_fail(err, SD_ERR_RANGE, "detent", "the curve must be an SD_SHEET_CURVE_* (0...3 or 7)");
        return SD_OK;
    default:
        return sd_fail(err, SD_ERR_RANGE, "type", "must be an sd_sheet_event_type");
    }
}

typedef sd__sheet_step step;

static void notify(step *st, uint32_t notices, uint32_t detent) {
    st->a.notices |= notices;
    st->a.detent = detent;
}

static void set_content_offset(step *st, double offset) {
    st->a.flags |= SD_SHEET_ACTION_SET_CONTENT_OFFSET;
    st->a.content_offset = offset;
    st->sh->state.content_offset = offset;
}

void sd__sheet_stop_spring(step *st) {
    if (!(st->sh->state.flags & SD_SHEET_STATE_ANIMATING)) return;
    st->sh->state.flags &= ~(uint32_t)SD_SHEET_STATE_ANIMATING;
    st->sh->state.move_curve = 0;
    st->a.flags |= SD_SHEET_ACTION_STOP_SPRING;
}

/* The sheet is on `detent` now: report the landing if a willMove is open. */
void sd__sheet_land(step *st) {
    sd_sheet_state *s = &st->sh->state;
    s->top = sd__sheet_rest_top(&st->sh->config, s, s->detent);
    s->velocity = 0;
    if (!(s->flags & SD_SHEET_STATE_MOVING)) return;
    s->flags &= ~(uint32_t)SD_SHEET_STATE_MOVING;
    uint32_t n = SD_SHEET_NOTICE_DID_MOVE;
    if (s->detent == sd__sheet_dismissed(&st->sh->config)) n |= SD_SHEET_NOTICE_DISMISSED;
    notify(st, n, s->detent);
}

/* Enables or disables the inner scroll view (its content back at the top
 * when disabled); a pending disable is settled either way. */
static void set_scroll_enabled(step *st, uint32_t enabled) {
    sd_sheet_state *s = &st->sh->state;
    s->flags &= ~(uint32_t)SD_SHEET_STATE_DISABLE_PENDING;
    s->scroll_disable_time = 0;
    if (enabled != ((s->flags & SD_SHEET_STATE_SCROLL_ENABLED) ? 1u : 0u)) {
        st->a.flags |= SD_SHEET_ACTION_SET_SCROLL_ENABLED;
        st->a.scroll_enabled = enabled;
        if (enabled) s->flags |= SD_SHEET_STATE_SCROLL_ENABLED;
        else s->flags &= ~(uint32_t)SD_SHEET_STATE_SCROLL_ENABLED;
    }
    if (!enabled && s->content_offset != 0) set_content_offset(st, 0.0);
}

/* The disable the overscroll return put off, once its time has come. */
static void settle_pending_disable(step *st) {
    const sd_sheet_state *s = &st->sh->state;
    if ((s->flags & SD_SHEET_STATE_DISABLE_PENDING) && st->now >= s->scroll_disable_time) set_scroll_enabled(st, 0u);
}

/* Make `target` the sheet's detent: willMove when it changes, the inner scroll
 * view enabled only at detent 0 (its content back at the top when it is left;
 * with `delay_disable`, SD_SHEET_RETURN_DISABLE_DELAY later), and the
 * background's move when the presented state flips. */
static void commit_to(step *st, uint32_t target, int delay_disable) {
    const sd_sheet_config *c = &st->sh->config;
    sd_sheet_state *s = &st->sh->state;
    if (target == s->detent) return;
    int was_presented = sd__sheet_presented_at(c, s->detent);
    double background_now = sd__sheet_background_at(st->sh, st->now, sd__sheet_motion_at(st->sh, st->now).position);
    s->detent = target;
    s->flags |= SD_SHEET_STATE_MOVING;
    notify(st, SD_SHEET_NOTICE_WILL_MOVE, target);

    const uint32_t enabled = target == 0 ? 1u : 0u;
    if (!enabled && delay_disable && (s->flags & SD_SHEET_STATE_SCROLL_ENABLED)) {
        s->flags |= SD_SHEET_STATE_DISABLE_PENDING;
        s->scroll_disable_time = st->now + SD_SHEET_RETURN_DISABLE_DELAY;
    } else {
        set_scroll_enabled(st, enabled);
    }
    if (was_presented != sd__sheet_presented_at(c, target)) {
        s->background_from = background_now;
        s->background_start = st->now;
    }
}

void sd__sheet_commit(step *st, uint32_t target) { commit_to(st, target, 0); }

/*
 * SD_SHEET_OPTION_REDUCED_MOTION: the rate w of the critically damped motion
 * to + a (1 + w t) e^(-w t) over a distance |a| that is within
 * SD_SHEET_SETTLE_POSITION of its target exactly SD_SHEET_REDUCED_MOTION_DURATION
 * after it starts. u = w D solves (1 + u) e^(-u) = tolerance / |a|, i.e.
 * g(u) = ln(1 + u) - u + L = 0 with L = ln(|a| / tolerance) > 0; g is
 * decreasing and concave, so Newton's steps from u0 = L + ln(1 + L) (where
 * g > 0) pass the root once and then close in on it from above. A move
 * already within the tolerance gets u = 1.
 */
static double reduced_motion_rate(double distance) {
    const double a = __builtin_fabs(distance);
    double u = 1.0;
    if (a > SD_SHEET_SETTLE_POSITION) {
        const double L = log(a / SD_SHEET_SETTLE_POSITION);
        u = L + log1p(L);
        for (int i = 0; i < 64; i++) {
            const double g = log1p(u) - u + L;
            const double next = u - g / (1.0 / (1.0 + u) - 1.0);
            if (!(next != u) || !sd_isfinite(next)) break;
            u = next;
        }
    }
    return u / SD_SHEET_REDUCED_MOTION_DURATION;
}

/*
 * Starts the sheet's motion from `from` to `to` now, reported as
 * START_SPRING: the spring (or, with `rate` > 0, reduced motion's critically
 * damped move; with `curve` > 0, the keyboard's curve curve - 1) with
 * velocity `v0`, over `duration` seconds.
 */
void sd__sheet_start_motion(step *st, double from, double v0, double to, double duration, double rate, uint32_t curve) {
    sd_sheet_state *s = &st->sh->state;
    s->flags |= SD_SHEET_STATE_ANIMATING;
    s->spring_from = from;
    s->spring_velocity = v0;
    s->spring_to = to;
    s->spring_start = st->now;
    s->spring_duration = duration;
    s->spring_rate = rate;
    s->move_curve = curve;
    s->velocity = 0;
    st->a.flags |= SD_SHEET_ACTION_START_SPRING;
    st->a.flags &= ~(uint32_t)SD_SHEET_ACTION_STOP_SPRING;
    st->a.spring_from = from;
    st->a.spring_velocity = v0;
    st->a.spring_to = to;
    st->a.spring_start = st->now;
    st->a.spring_duration = duration;
}

/*
 * Moves the sheet to its (committed) detent from `m`, where it is now.
 * A spring that is still running is retargeted from its position with its
 * velocity, so neither jumps. Otherwise the new spring gets SwiftUI's
 * relative kick, spring_initial_velocity * (to - from), plus `extra`
 * (the release velocity with SD_SHEET_OPTION_CARRY_VELOCITY).
 */
void sd__sheet_move_to_detent(step *st, sd__sheet_motion m, int animated, double extra) {
    const sd_sheet_config *c = &st->sh->config;
    sd_sheet_state *s = &st->sh->state;
    double to = sd__sheet_rest_top(c, s, s->detent);
    const int reduced = (c->options & SD_SHEET_OPTION_REDUCED_MOTION) != 0;
    /* Reduced motion starts from rest: direct, never overshooting. */
    double v0 = reduced ? 0.0 : m.running ? m.velocity : c->spring_initial_velocity * (to - m.position) + extra;
    /* Nothing to animate lands at once; a running motion is always replaced
     * by one (it may already sit on the target at rest, reduced motion's
     * start from rest included), so that a retarget (reconfigure) never
     * lands it, and the FRAME step that ends it reports didMove. */
    if (!animated || (!m.running && m.position == to && v0 == 0)) {
        sd__sheet_stop_spring(st);
        sd__sheet_land(st);
        return;
    }
    const double duration = reduced ? SD_SHEET_REDUCED_MOTION_DURATION
                                    : sd_spring_settle_time(&c->spring, m.position, v0, to, SD_SHEET_SETTLE_POSITION,
                                                            SD_SHEET_SETTLE_VELOCITY);
    sd__sheet_start_motion(st, m.position, v0, to, duration, reduced ? reduced_motion_rate(m.position - to) : 0.0, 0u);
}


/* A finger went down: on the inner content (`e->content_offset`) or, with
 * `handle`, on the sheet outside it. */
static void on_drag_began(step *st, const sd_sheet_event *e, int handle) {
    const sd_sheet_config *c = &st->sh->config;
    sd_sheet_state *s = &st->sh->state;
    sd__sheet_motion m = sd__sheet_motion_at(st->sh, st->now);
    sd__sheet_stop_spring(st);
    s->drag = SD_SHEET_DRAG_PRESSING;
    s->translation = 0;
    s->drag_time = st->now;
    s->flags &= ~(uint32_t)SD__SHEET_GESTURE_FLAGS;
    s->velocity = m.velocity; /* carried over from a grabbed spring */
    if (!handle) s->content_offset = e->content_offset;
    /* The seam between the sheet and its content for this drag: detent 0's
     * rest top now (a keyboard that moves during the drag leaves it). */
    const double anchor = sd__sheet_rest_top(c, s, 0);
    s->drag_anchor = anchor;
    /* The content shares the drag only at detent 0 with the sheet not above
     * it: a sheet grabbed above detent 0 (rubber-banded, or overshooting)
     * stays with the finger rather than jumping down to hand over. */
    /* SD_SHEET_OPTION_SCROLL_EXPANDS: from a shown detent below 0 the drag
     * grows the sheet up to detent 0 and then hands over to the content. */
    const int expands = (c->options & SD_SHEET_OPTION_SCROLL_EXPANDS) && s->detent != 0 &&
                        s->detent != sd__sheet_dismissed(c);
    /* A drag on the handle moves the sheet itself, at any detent. */
    if (!handle && ((s->detent == 0 && (s->flags & SD_SHEET_STATE_SCROLL_ENABLED)) || expands) &&
        m.position >= anchor)
        s->flags |= SD_SHEET_STATE_SCROLL_GESTURE;
    if ((s->flags & SD_SHEET_STATE_SCROLL_GESTURE) && !m.running && s->detent == 0) {
        /* Resting at detent 0: the content scrolls first. */
        s->flags |= SD_SHEET_STATE_CONTENT_OWNS;
        s->top = anchor;
        s->velocity = 0;
    } else {
        s->top = sd__sheet_drag_range(c, sd__sheet_unband_top(c, m.position, sd__sheet_drag_band_edge(c, s)));
        s->drag_base = s->top;
        s->keyboard_detent = SD_SHEET_NO_DETENT; /* the finger has the sheet: it chooses now, not the keyboard */
    }
}

/* After a finger sample: once the finger moves the sheet (it is off its
 * seam, or no longer behind its content), the keyboard's remembered detent
 * is forgotten; a drag that only scrolled the content keeps it. */
static void forget_keyboard_detent_if_moved(sd_sheet_state *s) {
    if (!((s->flags & SD_SHEET_STATE_CONTENT_OWNS) && s->top == s->drag_anchor))
        s->keyboard_detent = SD_SHEET_NO_DETENT;
}

/* AppCoda's `scrollOffset > 120`: back to detent 1 at once (the scroll view
 * disabled SD_SHEET_RETURN_DISABLE_DELAY later), and the rest of this drag
 * no longer moves anything. With interactive dismissal off, a two-detent
 * sheet's return stays shown. */
static void overscroll_return(step *st) {
    const sd_sheet_config *c = &st->sh->config;
    sd_sheet_state *s = &st->sh->state;
    sd__sheet_motion m = sd__sheet_motion_at(st->sh, st->now);
    const double extra = (c->options & SD_SHEET_OPTION_CARRY_VELOCITY) ? s->velocity : 0.0;
    s->flags |= SD_SHEET_STATE_CONSUMED;
    s->flags &= ~(uint32_t)(SD_SHEET_STATE_HANDED_OFF | SD_SHEET_STATE_CONTENT_OWNS);
    commit_to(st, (c->options & SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS) && sd__sheet_dismissed(c) == 1u ? 0u : 1u, 1);
    m.velocity = 0;
    sd__sheet_move_to_detent(st, m, 1, extra);
}

/* Whether the sheet, `below` points under detent 0, returns from there. */
SD_INLINE int returns_from(const sd_sheet_config *c, const sd_sheet_state *s, double below) {
    return s->detent == 0 && c->detent_count > 1u && below > c->overscroll_return;
}

/* AppCoda's sheet at detent 0 while the content has the finger: the sheet
 * sits max(0, -offset) below detent 0 (its rest top, the drag's anchor), the
 * offset as the scroll view reports it (its `minY`, rubber band included);
 * the content keeps it. */
static void follow_content(step *st, const sd_sheet_event *e, double dt, double shown_before) {
    const sd_sheet_config *c = &st->sh->config;
    sd_sheet_state *s = &st->sh->state;
    s->content_offset = e->content_offset;
    const double below = e->content_offset < 0 ? -e->content_offset : 0.0;
    s->top = sd__sheet_drag_range(c, s->drag_anchor + below);
    if (dt > 0) s->velocity = (s->top - shown_before) / sd_max(dt, SD_SHEET_MIN_SAMPLE_INTERVAL);
    if (below == 0) s->velocity = 0;
    if (returns_from(c, s, below)) overscroll_return(st);
}

static void drag_changed(step *st, const sd_sheet_event *e) {
    const sd_sheet_config *c = &st->sh->config;
    sd_sheet_state *s = &st->sh->state;
    /* Between finger samples, not since the last event: frame ticks in
     * between must not change the measured velocity. */
    const double dt = st->now - s->drag_time;
    s->drag_time = st->now;
    const double shown_before = sd__sheet_motion_at(st->sh, st->now).position;
    s->drag = SD_SHEET_DRAG_DRAGGING;
    s->translation = e->translation;
    if (s->flags & SD_SHEET_STATE_CONSUMED) return;

    const double full = s->drag_anchor;
    if ((s->flags & SD_SHEET_STATE_CONTENT_OWNS) && !(c->options & SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER)) {
        follow_content(st, e, dt, shown_before);
        return;
    }
    if (s->flags & SD_SHEET_STATE_CONTENT_OWNS) {
        if (!(e->content_offset < 0)) {
            s->content_offset = e->content_offset;
            return;
        }
        /* Pulled past its top: the sheet takes the overscroll and the finger
         * from here on; the content stays at its top. On screen the content
         * was -offset below the sheet's detent and stays there. */
        s->flags &= ~(uint32_t)SD_SHEET_STATE_CONTENT_OWNS;
        s->flags |= SD_SHEET_STATE_HANDED_OFF;
        /* Held within reach of the container: an offset and a translation
         * near the limits (-1e9 and -400) would put the base past it. */
        s->drag_base = sd__sheet_drag_range(c, (full - e->content_offset) - e->translation);
        set_content_offset(st, 0.0);
    } else if ((s->flags & SD_SHEET_STATE_SCROLL_GESTURE) && e->content_offset != 0) {
        set_content_offset(st, 0.0); /* keep the content pinned while the sheet moves */
    }

    double raw = sd__sheet_drag_range(c, s->drag_base + e->translation);
    if ((s->flags & SD_SHEET_STATE_SCROLL_GESTURE) && raw < full) {
        /* Back above detent 0: the sheet stops there and the content scrolls
         * the rest, so the content's place on screen stays continuous. */
        s->flags |= SD_SHEET_STATE_CONTENT_OWNS;
        s->top = full;
        s->velocity = 0;
        sd__sheet_commit(st, 0u); /* SD_SHEET_OPTION_SCROLL_EXPANDS: the sheet has grown to detent 0 */
        /* Within +-SD_SHEET_MAX_LENGTH, as every offset the core hands out: a
         * finger-driven top near -1e9 under a seam lowered by a reconfigure
         * would otherwise ask for 1e9 + the seam. */
        set_content_offset(st, sd_min(full - raw, SD_SHEET_MAX_LENGTH));
        return;
    }
    s->top = raw;
    if (dt > 0)
        s->velocity = (sd__sheet_rubber_band_top(c, raw, sd__sheet_drag_band_edge(c, s)) - shown_before) /
                      sd_max(dt, SD_SHEET_MIN_SAMPLE_INTERVAL);

    if ((s->flags & SD_SHEET_STATE_HANDED_OFF) && returns_from(c, s, raw - full)) overscroll_return(st);
}

static void on_drag_changed(step *st, const sd_sheet_event *e) {
    drag_changed(st, e);
    forget_keyboard_detent_if_moved(&st->sh->state);
}

static void on_drag_ended(step *st, const sd_sheet_event *e) {
    const sd_sheet_config *c = &st->sh->config;
    sd_sheet_state *s = &st->sh->state;
    const uint32_t gesture = s->flags;
    const double translation = s->translation;
    const sd__sheet_motion m = sd__sheet_motion_at(st->sh, st->now);
    s->drag = SD_SHEET_DRAG_INACTIVE;
    s->translation = 0;
    s->drag_anchor = 0;
    s->flags &= ~(uint32_t)SD__SHEET_GESTURE_FLAGS;
    if (gesture & SD_SHEET_STATE_CONSUMED) return;
    const double detent_top = sd__sheet_rest_top(c, s, s->detent);
    if ((gesture & SD_SHEET_STATE_CONTENT_OWNS) && s->top == detent_top) {
        /* The content had the finger: it decelerates on its own; the sheet is
         * on detent 0. (Off it, after a keyboard moved detent 0's rest top
         * during the drag, the sheet springs there from where it is.) */
        sd__sheet_land(st);
        return;
    }
    /* The chapter's onEnded compares the drag's translation itself. A drag
     * that began on its detent (the base is the detent's top) has moved by
     * exactly its translation; (base + translation) - base would round and
     * move the thresholds by an ulp. A drag that grabbed a moving sheet,
     * took over from the content or followed its overscroll is measured
     * from the detent. */
    const double moved =
        s->drag_base == detent_top && !(gesture & (SD_SHEET_STATE_HANDED_OFF | SD_SHEET_STATE_CONTENT_OWNS))
            ? translation
            : s->top - detent_top;
    uint32_t target = sd__sheet_release_target(c, s->detent, moved, e->velocity);
    double extra = (c->options & SD_SHEET_OPTION_CARRY_VELOCITY) ? e->velocity : 0.0;
    s->keyboard_detent = SD_SHEET_NO_DETENT; /* the release chooses */
    sd__sheet_commit(st, target);
    sd__sheet_motion from = m;
    from.velocity = 0;
    sd__sheet_move_to_detent(st, from, 1, extra);
}

/* A programmatic move to `target` (< detent_count: check_fits). */
static void on_move(step *st, uint32_t target, int animated) {
    sd_sheet_state *s = &st->sh->state;
    const sd__sheet_motion m = sd__sheet_motion_at(st->sh, st->now);
    const int dragging = s->drag != SD_SHEET_DRAG_INACTIVE && !(s->flags & SD_SHEET_STATE_CONSUMED);
    /* Already there and nothing in flight: nothing to do. */
    if (target == s->detent && !dragging && !(s->flags & SD_SHEET_STATE_ANIMATING)) return;
    if (target == s->detent && !dragging && animated && m.running) return; /* already on its way */
    if (dragging) {
        s->flags |= SD_SHEET_STATE_CONSUMED;
        s->flags &= ~(uint32_t)(SD_SHEET_STATE_CONTENT_OWNS | SD_SHEET_STATE_HANDED_OFF);
    }
    sd__sheet_commit(st, target);
    st->sh->state.keyboard_detent = SD_SHEET_NO_DETENT; /* the app chose a detent */
    sd__sheet_motion from = m;
    if (!m.running) from.velocity = 0;
    sd__sheet_move_to_detent(st, from, animated, 0.0);
}

/* A tap on the backdrop, as `backdrop_tap` says; at or below the largest
 * undimmed detent the tap belongs to the content behind and does nothing.
 * A modal sheet (interactive dismissal off) ignores it, as UIKit's
 * isModalInPresentation ignores events outside the presented view. */
/* Whether a backdrop tap belongs to the sheet (not to the content behind). */
SD_INLINE int tap_acts(const sd_sheet_config *c, uint32_t detent) {
    return !(c->options & SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS) && !sd__sheet_undimmed(c, detent);
}

static void on_backdrop_tap(step *st) {
    const sd_sheet_config *c = &st->sh->config;
    const uint32_t detent = st->sh->state.detent;
    if (!tap_acts(c, detent)) return;
    switch (c->backdrop_tap) {
    case SD_SHEET_BACKDROP_STEP_DOWN:
        if (detent + 1u < c->detent_count) on_move(st, detent + 1u, 1);
        return;
    case SD_SHEET_BACKDROP_NOTHING:
        return;
    default:
        on_move(st, sd__sheet_dismissed(c), 1); /* check_fits made sure there is one */
        return;
    }
}

static void on_frame(step *st) {
    sd_sheet_state *s = &st->sh->state;
    if (!(s->flags & SD_SHEET_STATE_ANIMATING)) return;
    if (!sd__transition_ended(s->spring_start, s->spring_duration, st->now)) return;
    sd__sheet_stop_spring(st);
    sd__sheet_land(st);
}

/*
 * Whether an event with valid fields fits the sheet's state at `now`: every
 * refusal sd_sheet_step makes is decided here, before anything changes.
 */
static sd_status check_fits(const sd_sheet *sh, const sd_sheet_event *e, double now, sd_error *err) {
    const sd_sheet_config *c = &sh->config;
    const sd_sheet_state *s = &sh->state;
    switch (e->type) {
    case SD_SHEET_EVENT_DRAG_BEGAN:
    case SD_SHEET_EVENT_HANDLE_DRAG_BEGAN:
        if (s->drag != SD_SHEET_DRAG_INACTIVE) return sd_fail(err, SD_ERR_STATE, "type", "DRAG_BEGAN during a drag");
        /* Off screen, nothing to grab (a spring still moving it there can be). */
        if (s->detent == sd__sheet_dismissed(c) &&
            !((s->flags & SD_SHEET_STATE_ANIMATING) && !sd__transition_ended(s->spring_start, s->spring_duration, now)))
            return sd_fail(err, SD_ERR_STATE, "type", "DRAG_BEGAN on a sheet resting at the dismissed detent");
        return SD_OK;
    case SD_SHEET_EVENT_DRAG_CHANGED:
    case SD_SHEET_EVENT_DRAG_ENDED:
        return s->drag == SD_SHEET_DRAG_INACTIVE ? sd_fail(err, SD_ERR_STATE, "type", "no drag in progress") : SD_OK;
    case SD_SHEET_EVENT_BACKDROP_TAP:
        if (tap_acts(c, s->detent) && c->backdrop_tap == SD_SHEET_BACKDROP_DISMISS &&
            sd__sheet_dismissed(c) == SD_SHEET_NO_DETENT)
            return sd_fail(err, SD_ERR_STATE, "type", "BACKDROP_TAP without a dismissed detent");
        return SD_OK;
    case SD_SHEET_EVENT_MOVE:
        if (e->detent >= c->detent_count) return sd_fail(err, SD_ERR_RANGE, "detent", "must be < detent_count");
        if (s->drag != SD_SHEET_DRAG_INACTIVE)
            return sd_fail(err, SD_ERR_STATE, "type", "MOVE during a drag (a finger is down)");
        return SD_OK;
    default: /* KEYBOARD and FRAME fit every state */
        return SD_OK;
    }
}

sd_status sd_sheet_step(sd_sheet *sheet, const sd_sheet_event *event, sd_sheet_actions *actions, sd_error *err) {
    SD_CHECK_NULL(sheet, err, "sheet");
    SD_CHECK_NULL(event, err, "event");
    SD_CHECK_NULL(actions, err, "actions");
    /* The most common step, a FRAME with no move under way and no disable
     * pending: only the clock moves (what the general path below does then,
     * without its bookkeeping). */
    if (event->type == SD_SHEET_EVENT_FRAME && sd_isfinite(event->time) && event->time >= 0 &&
        !(sheet->state.flags & (SD_SHEET_STATE_ANIMATING | SD_SHEET_STATE_DISABLE_PENDING))) {
        sheet->state.time = sd_event_time(sheet->state.time, event->time);
        memset(actions, 0, sizeof *actions);
        return sd_succeed(err);
    }
    sd_status status = check_event(event, err);
    if (status != SD_OK) return status;
    const double now = sd_event_time(sheet->state.time, event->time);
    if ((status = check_fits(sheet, event, now, err)) != SD_OK) return status;

    /* Nothing below refuses: the sheet changes in place. */
    step st;
    st.sh = sheet;
    memset(&st.a, 0, sizeof st.a);
    st.now = now;
    settle_pending_disable(&st);
    switch (event->type) {
    case SD_SHEET_EVENT_DRAG_BEGAN: on_drag_began(&st, event, 0); break;
    case SD_SHEET_EVENT_HANDLE_DRAG_BEGAN: on_drag_began(&st, event, 1); break;
    case SD_SHEET_EVENT_DRAG_CHANGED: on_drag_changed(&st, event); break;
    case SD_SHEET_EVENT_DRAG_ENDED: on_drag_ended(&st, event); break;
    case SD_SHEET_EVENT_BACKDROP_TAP: on_backdrop_tap(&st); break;
    case SD_SHEET_EVENT_MOVE: on_move(&st, event->detent, event->animated != 0); break;
    case SD_SHEET_EVENT_KEYBOARD: sd__sheet_on_keyboard(&st, event); break;
    default: on_frame(&st); break; /* SD_SHEET_EVENT_FRAME; check_event rejected the rest */
    }
    sheet->state.time = now;
    *actions = st.a;
    return sd_succeed(err);
}
