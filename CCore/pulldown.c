/*
 * pulldown.c — the pull-down panel as a surface: init, one event routed to
 * the three machines and coupled (step), the frame at a time (frame_at),
 * and new numbers (reconfigure). The machines are in pulldown_machines.c,
 * the formulas in pulldown_internal.h. A step decides every refusal first
 * and then changes the surface in place: a refused event changes nothing,
 * bit for bit, with no copy of the surface made.
 *
 * Timing. Every transition is a closed-form function of the time elapsed
 * since it started (the time its event counted at), sampled by the caller's
 * frame clock, so 60 Hz and 120 Hz clocks see the same curve; when it has
 * ended is `sd_transition_ended` (clock.c). The curves follow the WeChat
 * pull-down mini-program article's code:
 *  - UIKit's default UIView animation curve, ease-in-out = cubic bezier
 *    (0.42, 0, 0.58, 1), wherever the article uses a plain
 *    `animateWithDuration:` block: the list side of opening and restoring
 *    (nav bar, list, tab bar, nav colour, indicator height) and the panel's
 *    0.4 s close. The list's `setContentOffset:animated:YES` during opening
 *    is approximated by the same curve over the same duration (the article
 *    matches the two durations on purpose, its Q5).
 *  - Linear where the article says so or steps a timer by equal amounts: the
 *    panel side of opening (`UIViewAnimationOptionCurveLinear`), the balls
 *    collapsing back, and the slow return (a 10 ms timer with a fast and a
 *    slow step: piecewise linear, see `sd_pulldown_return_offset`, whose
 *    header says where it departs from the timer). The balls' timer ticks
 *    every `.05f` s (0.0500000007 in double) and subtracts offset / count
 *    with count = 0.35 / that = 6.9999999, so the seventh tick, at 0.35 s,
 *    goes a hair below 0 and is clamped there: a 20 Hz staircase. The core
 *    draws the straight line through the staircase's corners instead, the
 *    same start, end and duration, continuous at any frame rate.
 */
#include "pulldown_internal.h"

#include <string.h>

_Static_assert(sizeof(sd_pulldown_config) == 248, "sd_pulldown_config is 248 bytes");
_Static_assert(sizeof(sd_pulldown_event) == 32, "sd_pulldown_event is 32 bytes");
_Static_assert(sizeof(sd_pulldown_actions) == 40, "sd_pulldown_actions is 40 bytes");
_Static_assert(sizeof(sd_pulldown_list_state) == 72, "sd_pulldown_list_state is 72 bytes");
_Static_assert(sizeof(sd_pulldown_panel_state) == 48, "sd_pulldown_panel_state is 48 bytes");
_Static_assert(sizeof(sd_pulldown_applets_state) == 24, "sd_pulldown_applets_state is 24 bytes");
_Static_assert(sizeof(sd_pulldown) == 400, "sd_pulldown is 400 bytes");
_Static_assert(sizeof(sd_pulldown_frame) == 280, "sd_pulldown_frame is 280 bytes");
_Static_assert(sizeof(sd_pulldown_indicator) == 88, "sd_pulldown_indicator is 88 bytes");

/* ------------------------------------------------------------------------ */
/* Init and reconfigure                                                      */
/* ------------------------------------------------------------------------ */

sd_status sd_pulldown_init(sd_pulldown *p, const sd_pulldown_config *c, sd_error *err) {
    SD_CHECK_NULL(p, err, "pulldown");
    sd_status st = sd_pulldown_config_validate(c, err);
    if (st != SD_OK) return st;
    sd_pulldown q;
    memset(&q, 0, sizeof q);
    q.config = *c;
    q.list = sd__pulldown_list_initial(c);
    q.panel = sd__pulldown_panel_initial();
    q.applets = sd__pulldown_applets_initial();
    q.time = 0.0;
    *p = q;
    return sd_succeed(err);
}

sd_status sd_pulldown_reconfigure(sd_pulldown *p, const sd_pulldown_config *c, sd_error *err) {
    SD_CHECK_NULL(p, err, "pulldown");
    sd_status st = sd_pulldown_config_validate(c, err);
    if (st != SD_OK) return st;
    p->config = *c;
    return sd_succeed(err);
}

/* ------------------------------------------------------------------------ */
/* Step: routing and coupling                                                */
/* ------------------------------------------------------------------------ */

SD_INLINE int is_open(const sd_pulldown *p) {
    return p->list.phase == SD_PULLDOWN_REFRESHING && p->list.transition == SD_PULLDOWN_TRANSITION_NONE;
}

int sd_pulldown_is_open(const sd_pulldown *p) { return p ? is_open(p) : 0; }

static sd_status check_event(const sd_pulldown_event *e, sd_error *err) {
    if (e->type > SD_PULLDOWN_EVENT_PAGE_APPEARED)
        return sd_fail(err, SD_ERR_RANGE, "type", "must be an sd_pulldown_event_type");
    if (e->source > SD_PULLDOWN_SOURCE_APPLETS)
        return sd_fail(err, SD_ERR_RANGE, "source", "must be an sd_pulldown_source");
    if (!sd_isfinite(e->time)) return sd_fail(err, SD_ERR_NOT_FINITE, "time", "must be finite");
    if (e->time < 0) return sd_fail(err, SD_ERR_RANGE, "time", "must be >= 0");
    switch ((sd_pulldown_event_type)e->type) {
    case SD_PULLDOWN_EVENT_OFFSET_CHANGED:
    case SD_PULLDOWN_EVENT_DRAG_BEGAN:
    case SD_PULLDOWN_EVENT_DRAG_ENDED:
    case SD_PULLDOWN_EVENT_DECELERATION_ENDED:
        if (!sd_isfinite(e->offset)) return sd_fail(err, SD_ERR_NOT_FINITE, "offset", "must be finite");
        break;
    case SD_PULLDOWN_EVENT_FRAME:
    case SD_PULLDOWN_EVENT_CLOSE:
    case SD_PULLDOWN_EVENT_APPLET_OPENED:
    case SD_PULLDOWN_EVENT_PAGE_APPEARED: break;
    }
    return SD_OK;
}

/* Whether the panel can be closed now: open and settled (the list machine
 * takes CLOSE only then), and not closing already (the panel machine's rule). */
SD_INLINE int can_close(const sd_pulldown *p) { return is_open(p) && p->panel.phase != SD_PULLDOWN_REFRESHING; }

/* Closes the open panel (can_close holds): the panel machine closes, the
 * list machine restores from the panel's pull-up distance. */
static void close_all(sd_pulldown *p, double time, sd_pulldown_actions *a) {
    const sd_pulldown_config *c = &p->config;
    sd_pulldown_actions sub = PD_NO_ACTIONS;
    sd_pulldown_event e = sd_pulldown_event_close(time);
    (void)sd__pulldown_panel_apply(c, &p->panel, &e, &sub);
    sd__pulldown_merge_actions(a, &sub);
    sub = PD_NO_ACTIONS;
    e.offset = p->panel.from_offset;
    (void)sd__pulldown_list_apply(c, &p->list, &e, &sub);
    sd__pulldown_merge_actions(a, &sub);
    act(a, SD_PULLDOWN_ACTION_CLOSE_PANEL);
}

/* A step by the rules below: every refusal decided first, then the surface
 * changed in place. */
static SD_NOINLINE sd_status step_checked(sd_pulldown *pulldown, const sd_pulldown_event *event,
                                          sd_pulldown_actions *actions, sd_error *err);

sd_status sd_pulldown_step(sd_pulldown *pulldown, const sd_pulldown_event *event, sd_pulldown_actions *actions,
                           sd_error *err) {
    /* The most common step, a FRAME with no transition running: the list's
     * tick only moves a pending haptic into the frame, nothing locks or
     * unlocks, and the clock moves (what step_checked does then, without
     * its bookkeeping). */
    if (pulldown && event && actions && event->type == SD_PULLDOWN_EVENT_FRAME &&
        event->source <= SD_PULLDOWN_SOURCE_APPLETS && sd__time_accepted(event->time) &&
        pulldown->list.transition == SD_PULLDOWN_TRANSITION_NONE &&
        pulldown->panel.transition == SD_PULLDOWN_TRANSITION_NONE) {
        pulldown->time = sd_event_time(pulldown->time, event->time);
        *actions = PD_NO_ACTIONS;
        sd__pulldown_list_tick(&pulldown->config, &pulldown->list, pulldown->time, actions);
        return sd_succeed(err);
    }
    return step_checked(pulldown, event, actions, err);
}

static sd_status step_checked(sd_pulldown *pulldown, const sd_pulldown_event *event, sd_pulldown_actions *actions,
                              sd_error *err) {
    SD_CHECK_NULL(pulldown, err, "pulldown");
    SD_CHECK_NULL(event, err, "event");
    SD_CHECK_NULL(actions, err, "actions");
    sd_status st = check_event(event, err);
    if (st != SD_OK) return st;

    sd_pulldown *p = pulldown;
    const sd_pulldown_config *c = &p->config;
    /* The event as it counts: at the clock when it is earlier (a copy only then). */
    sd_pulldown_event ev;
    const sd_pulldown_event *e = event;
    if (event->time < p->time) {
        ev = *event;
        ev.time = p->time;
        e = &ev;
    }

    /* Every refusal first, while nothing has changed: a CLOSE the panel
     * cannot take, or a drag on the mini-program list that would close it
     * then (the list's machine runs on a copy of its 24 bytes until then,
     * with actions of its own). */
    if (e->type == SD_PULLDOWN_EVENT_CLOSE && !can_close(p))
        return sd_fail(err, SD_ERR_STATE, "type", "CLOSE needs the panel open and settled");
    const int applets = e->type != SD_PULLDOWN_EVENT_FRAME && e->type != SD_PULLDOWN_EVENT_CLOSE &&
                        e->source == SD_PULLDOWN_SOURCE_APPLETS && is_open(p);
    sd_pulldown_applets_state applets_next;
    sd_pulldown_actions applets_actions;
    if (applets) {
        applets_next = p->applets;
        applets_actions = PD_NO_ACTIONS;
        (void)sd__pulldown_applets_apply(c, &applets_next, e, &applets_actions);
        if ((applets_actions.flags & SD_PULLDOWN_ACTION_CLOSE_PANEL) && !can_close(p))
            return sd_fail(err, SD_ERR_STATE, "type", "CLOSE needs the panel open and settled");
    }

    /* Nothing below refuses: the surface and the actions change in place. */
    sd_pulldown_actions *a = actions;
    *a = applets ? applets_actions : PD_NO_ACTIONS;
    p->time = e->time;
    const int locked_before = (p->list.locked | p->panel.locked) != 0;
    if (e->type == SD_PULLDOWN_EVENT_FRAME) {
        /* Both machines' ticks write into the step's actions (no field of
         * one is the other's; only the panel ends a CLOSE). */
        sd__pulldown_list_tick(c, &p->list, e->time, a);
        sd__pulldown_panel_tick(c, &p->panel, e->time, a);
        if (a->finished & SD_PULLDOWN_TRANSITION_BIT(SD_PULLDOWN_TRANSITION_CLOSE))
            p->applets = sd__pulldown_applets_initial();
    } else if (e->type == SD_PULLDOWN_EVENT_CLOSE) {
        close_all(p, e->time, a);
    } else if (e->source == SD_PULLDOWN_SOURCE_LIST) {
        sd__pulldown_list_apply(c, &p->list, e, a);
    } else if (!is_open(p)) {
        /* The panel and its list only take events while the panel is open. */
    } else if (e->source == SD_PULLDOWN_SOURCE_PANEL) {
        sd__pulldown_panel_apply(c, &p->panel, e, a);
        if (a->flags & SD_PULLDOWN_ACTION_CLOSE_PANEL) {
            sd_pulldown_actions sub = PD_NO_ACTIONS;
            sd_pulldown_event close = sd_pulldown_event_close(e->time);
            close.offset = p->panel.from_offset;
            sd__pulldown_list_apply(c, &p->list, &close, &sub);
            sd__pulldown_merge_actions(a, &sub);
        }
    } else {
        p->applets = applets_next;
        if (a->flags & SD_PULLDOWN_ACTION_CLOSE_PANEL) close_all(p, e->time, a);
    }

    /* LOCK / UNLOCK say only whether the surface as a whole locked or unlocked. */
    const int locked_after = (p->list.locked | p->panel.locked) != 0;
    a->flags &= ~(uint32_t)(SD_PULLDOWN_ACTION_LOCK_INTERACTION | SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
    if (locked_after != locked_before)
        a->flags |= locked_after ? SD_PULLDOWN_ACTION_LOCK_INTERACTION : SD_PULLDOWN_ACTION_UNLOCK_INTERACTION;
    return sd_succeed(err);
}

/* ------------------------------------------------------------------------ */
/* The frame                                                                 */
/* ------------------------------------------------------------------------ */

/* The indicator while the panel is opening or open: hidden, balls at rest,
 * its height left where the release left it (the article does not change it). */
SD_INLINE sd_pulldown_indicator indicator_hidden(const sd_pulldown_config *c, double release_distance) {
    sd_pulldown_indicator o;
    o.alpha = 0.0;
    o.height = sd_max(c->min_indicator_height, release_distance);
    o.left = ball(0.0, 1.0, 0.0);
    o.centre = ball(0.0, 0.0, 0.0);
    o.right = ball(0.0, 1.0, 0.0);
    return o;
}

SD_INLINE uint32_t running(uint32_t kind, double start, double time, const sd_pulldown_config *c) {
    if (kind == SD_PULLDOWN_TRANSITION_NONE) return SD_PULLDOWN_TRANSITION_NONE;
    return pd_transition_ended(c, kind, start, time) ? (uint32_t)SD_PULLDOWN_TRANSITION_NONE : kind;
}

int sd_pulldown_needs_frames(const sd_pulldown *pulldown) {
    if (!pulldown) return 0;
    const sd_pulldown_list_state *l = &pulldown->list;
    return l->transition != SD_PULLDOWN_TRANSITION_NONE || pulldown->panel.transition != SD_PULLDOWN_TRANSITION_NONE ||
           l->haptic_pending || l->haptic_frame;
}

sd_status sd_pulldown_frame_at(const sd_pulldown *p, double at, sd_pulldown_frame *out) {
    if (!p || !out) return SD_ERR_NULL;
    if (!sd_isfinite(at)) return SD_ERR_NOT_FINITE;
    const sd_pulldown_config *c = &p->config;
    const sd_pulldown_list_state *list = &p->list;
    const sd_pulldown_panel_state *panel = &p->panel;
    const double time = sd_event_time(p->time, at);

    const double H = c->screen_height;
    const double T = c->top_bar_height;
    const double TB = c->tab_bar_height;
    const uint32_t ltr = running(list->transition, list->transition_start, time, c);
    const uint32_t ptr = running(panel->transition, panel->transition_start, time, c);
    /* The list's OPEN or RESTORE: its linear and eased progress (read by those two only). */
    double ls = 0.0, le = 0.0;
    if (ltr != SD_PULLDOWN_TRANSITION_NONE) {
        ls = transition_fraction(time, list->transition_start, sd__pulldown_duration(c, SD_PULLDOWN_TRANSITION_OPEN));
        le = pd_ease_in_out(ls);
    }
    const double d = pull_distance(c, list->offset);
    const int open = list->phase == SD_PULLDOWN_REFRESHING;

    /* The panel's pull-up distance now: the return curve while it runs. */
    double u = panel->offset;
    if (ptr == SD_PULLDOWN_TRANSITION_RETURN)
        u = return_offset(c, panel->from_offset, time - panel->transition_start);
    else if (panel->transition == SD_PULLDOWN_TRANSITION_RETURN)
        u = 0.0;

    /* Written in place, every field once (no zeroing and no copy of the 280 bytes). */
    sd_pulldown_frame *f = out;
    f->list_offset_driven = 0u;
    f->panel_offset_driven = 0u;
    f->reserved = 0u;

    /* ---- the chat list side: nav bar, indicator, tab bar, list ---- */
    if (ltr == SD_PULLDOWN_TRANSITION_OPEN) {
        f->nav_top = mix(list->release_distance, H - T, le);
        f->nav_colour = colour_mix(c->list_colour, c->open_colour, le);
        f->indicator = indicator_hidden(c, list->release_distance);
        f->tab_bar_alpha = mix(1.0, 0.0, le);
        f->tab_bar_y = mix(H - TB, H, le);
        f->list_y = 0.0;
        f->list_inset_top = H;
        f->list_offset = mix(list->release_offset, -H, le);
        f->list_offset_driven = 1u;
    } else if (open) {
        f->nav_top = positive(H - T - u);
        f->nav_colour = nav_colour(c, u);
        f->indicator = indicator_hidden(c, list->release_distance);
        f->tab_bar_alpha = 0.0;
        f->tab_bar_y = H;
        f->list_y = f->nav_top;
        f->list_inset_top = T;
        f->list_offset = -T;
    } else if (ltr == SD_PULLDOWN_TRANSITION_RESTORE) {
        const double top0 = positive(H - T - list->close_panel_offset);
        f->nav_top = mix(top0, 0.0, le);
        f->nav_colour = colour_mix(nav_colour(c, list->close_panel_offset), c->list_colour, le);
        /* The balls collapse from the open offset (H - T) to 0, linearly: the
         * article's 0.05 s timer taking equal steps. */
        f->indicator = indicator_at(c, mix(H - T, 0.0, ls));
        f->indicator.height =
            mix(sd_max(c->min_indicator_height, list->release_distance), c->min_indicator_height, le);
        f->tab_bar_alpha = mix(0.0, 1.0, le);
        f->tab_bar_y = mix(H, H - TB, le);
        f->list_y = f->nav_top;
        f->list_inset_top = T;
        f->list_offset = list->offset;
    } else {
        f->nav_top = d;
        f->nav_colour = c->list_colour;
        f->indicator = indicator_at(c, d);
        f->tab_bar_alpha = 1.0;
        f->tab_bar_y = H - TB;
        f->list_y = 0.0;
        f->list_inset_top = T;
        f->list_offset = list->offset;
    }

    /* ---- the panel side: container, panel, mask, weather ---- */
    if (ptr == SD_PULLDOWN_TRANSITION_CLOSE) {
        const double pe = pd_ease_in_out(transition_fraction(
            time, panel->transition_start, sd__pulldown_duration(c, SD_PULLDOWN_TRANSITION_CLOSE)));
        const sd_pulldown_mirror m = mirror_at(c, panel->from_offset);
        f->container_alpha = 1.0;
        f->panel_alpha = mix(m.panel_alpha, 0.0, pe);
        f->panel_scale_x = 1.0;
        f->panel_scale_y = 1.0;
        f->panel_y = mix(m.panel_y, -H, pe);
        f->mask_alpha = mix(m.mask_alpha, 0.0, pe);
        f->weather_alpha = f->panel_alpha;
        f->weather_y = f->panel_y;
        f->panel_offset = panel->offset;
        f->panel_content_height = c->panel_content_screens * H;
    } else if (ltr == SD_PULLDOWN_TRANSITION_OPEN) {
        /* The article animates the container with UIViewAnimationOptionCurveLinear. */
        const sd_pulldown_reveal r = reveal_at(c, list->release_distance);
        f->container_alpha = mix(r.container_alpha, 1.0, ls);
        f->panel_alpha = mix(r.panel_alpha, 1.0, ls);
        f->panel_scale_x = mix(r.panel_scale_x, 1.0, ls);
        f->panel_scale_y = mix(r.panel_scale_y, 1.0, ls);
        f->panel_y = 0.0;
        f->mask_alpha = mix(r.mask_alpha, c->open_mask_alpha, ls);
        f->weather_alpha = mix(0.0, 1.0, ls);
        f->weather_y = 0.0;
        f->panel_offset = 0.0;
        f->panel_content_height = 0.0;
    } else if (open && panel->transition != SD_PULLDOWN_TRANSITION_CLOSE) {
        const sd_pulldown_mirror m = mirror_at(c, u);
        f->container_alpha = 1.0;
        f->panel_alpha = m.panel_alpha;
        f->panel_scale_x = 1.0;
        f->panel_scale_y = 1.0;
        f->panel_y = m.panel_y;
        f->mask_alpha = m.mask_alpha;
        f->weather_alpha = m.panel_alpha;
        f->weather_y = m.panel_y;
        f->panel_offset = u;
        f->panel_offset_driven = ptr == SD_PULLDOWN_TRANSITION_RETURN;
        f->panel_content_height = c->panel_content_screens * H;
    } else {
        const sd_pulldown_reveal r = reveal_at(c, d);
        f->container_alpha = r.container_alpha;
        f->panel_alpha = r.panel_alpha;
        f->panel_scale_x = r.panel_scale_x;
        f->panel_scale_y = r.panel_scale_y;
        f->panel_y = 0.0;
        f->mask_alpha = r.mask_alpha;
        f->weather_alpha = 0.0;
        f->weather_y = 0.0;
        f->panel_offset = 0.0;
        f->panel_content_height = 0.0;
    }

    f->interaction_enabled = !(ltr == SD_PULLDOWN_TRANSITION_OPEN || ltr == SD_PULLDOWN_TRANSITION_RESTORE ||
                              ptr == SD_PULLDOWN_TRANSITION_CLOSE);
    f->haptic = list->haptic_frame ? 1u : 0u;
    f->list_phase = list->phase;
    f->panel_phase = panel->phase;
    f->list_transition = ltr;
    f->panel_transition = ptr;
    f->reduced_motion = (c->options & SD_PULLDOWN_OPTION_REDUCED_MOTION) ? 1u : 0u;
    return SD_OK;
}

/* ---- validating a whole surface (a restored one) ------------------------ */

sd_status sd_pulldown_validate(const sd_pulldown *p, sd_error *err) {
    SD_CHECK_NULL(p, err, "pulldown");
    sd_status st = sd_pulldown_config_validate(&p->config, err);
    if (st != SD_OK) return st;
    const sd_pulldown_list_state *l = &p->list;
    const sd_pulldown_panel_state *n = &p->panel;
    const sd_pulldown_applets_state *a = &p->applets;
    SD_STATE_FINITE(p->time, err, "time");
    if (p->time < 0) return sd_fail(err, SD_ERR_STATE, "time", "must be >= 0");
    /* The list. */
    if (l->phase > SD_PULLDOWN_REFRESHING) return sd_fail(err, SD_ERR_STATE, "list.phase", "must be an sd_pulldown_phase");
    if (l->transition != SD_PULLDOWN_TRANSITION_NONE && l->transition != SD_PULLDOWN_TRANSITION_OPEN &&
        l->transition != SD_PULLDOWN_TRANSITION_RESTORE)
        return sd_fail(err, SD_ERR_STATE, "list.transition", "the list runs only OPEN or RESTORE");
    SD_STATE_FLAG(l->haptic_armed, err, "list.haptic_armed");
    SD_STATE_FLAG(l->haptic_pending, err, "list.haptic_pending");
    SD_STATE_FLAG(l->haptic_frame, err, "list.haptic_frame");
    SD_STATE_FLAG(l->locked, err, "list.locked");
    SD_STATE_FINITE(l->offset, err, "list.offset");
    SD_STATE_FINITE(l->last_offset, err, "list.last_offset");
    SD_STATE_FINITE(l->release_offset, err, "list.release_offset");
    SD_STATE_FINITE(l->release_distance, err, "list.release_distance");
    SD_STATE_FINITE(l->close_panel_offset, err, "list.close_panel_offset");
    SD_STATE_FINITE(l->transition_start, err, "list.transition_start");
    if (l->transition_start > p->time + SD_TIME_TOLERANCE)
        return sd_fail(err, SD_ERR_STATE, "list.transition_start", "must not be after the clock");
    if (l->locked != (l->transition != SD_PULLDOWN_TRANSITION_NONE ? 1u : 0u))
        return sd_fail(err, SD_ERR_STATE, "list.locked", "locked exactly while OPEN or RESTORE runs");
    /* The panel. */
    if (n->phase > SD_PULLDOWN_REFRESHING) return sd_fail(err, SD_ERR_STATE, "panel.phase", "must be an sd_pulldown_phase");
    if (n->transition != SD_PULLDOWN_TRANSITION_NONE && n->transition != SD_PULLDOWN_TRANSITION_CLOSE &&
        n->transition != SD_PULLDOWN_TRANSITION_RETURN)
        return sd_fail(err, SD_ERR_STATE, "panel.transition", "the panel runs only CLOSE or RETURN");
    SD_STATE_FLAG(n->dragging, err, "panel.dragging");
    SD_STATE_FLAG(n->locked, err, "panel.locked");
    SD_STATE_FINITE(n->offset, err, "panel.offset");
    SD_STATE_FINITE(n->last_offset, err, "panel.last_offset");
    SD_STATE_FINITE(n->from_offset, err, "panel.from_offset");
    SD_STATE_FINITE(n->transition_start, err, "panel.transition_start");
    if (n->transition_start > p->time + SD_TIME_TOLERANCE)
        return sd_fail(err, SD_ERR_STATE, "panel.transition_start", "must not be after the clock");
    if (n->locked != (n->transition == SD_PULLDOWN_TRANSITION_CLOSE ? 1u : 0u))
        return sd_fail(err, SD_ERR_STATE, "panel.locked", "locked exactly while CLOSE runs");
    /* The mini-programs list. */
    SD_STATE_FLAG(a->close_pending, err, "applets.close_pending");
    if (a->reserved != 0) return sd_fail(err, SD_ERR_STATE, "applets.reserved", "must be 0");
    SD_STATE_FINITE(a->drag_start_offset, err, "applets.drag_start_offset");
    SD_STATE_FINITE(a->drag_end_offset, err, "applets.drag_end_offset");
    return sd_succeed(err);
}
