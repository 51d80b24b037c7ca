/*
 * pulldown_machines.c — the pull-down panel's three state machines (private:
 * the surface in pulldown.c routes events to them and couples them):
 *  - the list machine: the pull-down on the chat list, idle / pulling /
 *    refreshing (= panel opening or open);
 *  - the panel machine: the pull-up on the open panel, idle / pulling /
 *    refreshing (= closing);
 *  - the applets machine: the mini-program list's rules inside the panel
 *    (search bar snap, close by drag, close once an opened mini-program's
 *    page appeared).
 * The rules follow the WeChat pull-down mini-program article's code (its
 * MHRefreshState and scroll-view delegate methods); the article's numbered
 * questions (Q1...) are cited where a rule answers one.
 */
#include "pulldown_internal.h"

SD_INLINE void act_start(sd_pulldown_actions *a, sd_pulldown_transition k) {
    a->flags |= SD_PULLDOWN_ACTION_START_TRANSITION;
    a->started |= SD_PULLDOWN_TRANSITION_BIT(k);
}

SD_INLINE void act_finish(sd_pulldown_actions *a, sd_pulldown_transition k) {
    a->flags |= SD_PULLDOWN_ACTION_FINISH_TRANSITION;
    a->finished |= SD_PULLDOWN_TRANSITION_BIT(k);
}

SD_INLINE void act_cancel(sd_pulldown_actions *a, sd_pulldown_transition k) {
    a->flags |= SD_PULLDOWN_ACTION_CANCEL_TRANSITION;
    a->cancelled |= SD_PULLDOWN_TRANSITION_BIT(k);
}

void sd__pulldown_merge_actions(sd_pulldown_actions *into, const sd_pulldown_actions *a) {
    into->flags |= a->flags;
    into->started |= a->started;
    into->finished |= a->finished;
    into->cancelled |= a->cancelled;
    if (a->flags & SD_PULLDOWN_ACTION_PIN_LIST_OFFSET) into->list_offset = a->list_offset;
    if (a->flags & SD_PULLDOWN_ACTION_SET_PANEL_OFFSET) into->panel_offset = a->panel_offset;
    if (a->flags & (SD_PULLDOWN_ACTION_SCROLL_APPLETS | SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET))
        into->applets_offset = a->applets_offset;
}

/* ------------------------------------------------------------------------ */
/* The list machine                                                          */
/* ------------------------------------------------------------------------ */

sd_pulldown_list_state sd__pulldown_list_initial(const sd_pulldown_config *c) {
    sd_pulldown_list_state s;
    s.offset = c ? -c->top_bar_height : 0.0;
    s.last_offset = 0.0;
    s.release_offset = 0.0;
    s.release_distance = 0.0;
    s.close_panel_offset = 0.0;
    s.transition_start = 0.0;
    s.phase = SD_PULLDOWN_IDLE;
    s.transition = SD_PULLDOWN_TRANSITION_NONE;
    s.haptic_armed = 1u;
    s.haptic_pending = 0u;
    s.haptic_frame = 0u;
    s.locked = 0u;
    return s;
}

/* Release while pulling: pin the list where the finger left it (the article's
 * Q1: otherwise it rebounds a little before falling), commit, lock. */
static void list_release(const sd_pulldown_config *c, sd_pulldown_list_state *s, double time,
                         sd_pulldown_actions *a) {
    act(a, SD_PULLDOWN_ACTION_PIN_LIST_OFFSET);
    a->list_offset = s->last_offset;
    s->offset = s->last_offset;
    s->release_offset = s->last_offset;
    s->release_distance = pull_distance(c, s->last_offset);
    s->last_offset = 0.0;
    s->phase = SD_PULLDOWN_REFRESHING;
    act(a, SD_PULLDOWN_ACTION_STATE);
    s->transition = SD_PULLDOWN_TRANSITION_OPEN;
    s->transition_start = time;
    s->locked = 1u;
    act(a, SD_PULLDOWN_ACTION_LOCK_INTERACTION);
    act_start(a, SD_PULLDOWN_TRANSITION_OPEN);
}

static void list_offset_changed(const sd_pulldown_config *c, sd_pulldown_list_state *s, const sd_pulldown_event *e,
                                sd_pulldown_actions *a) {
    if (s->phase == SD_PULLDOWN_REFRESHING || s->transition != SD_PULLDOWN_TRANSITION_NONE) return;
    if (s->phase == SD_PULLDOWN_PULLING && !e->flag) {
        list_release(c, s, e->time, a);
        return;
    }
    const double y = e->offset;
    if (y > -c->top_bar_height) {
        /* The indicator's area is scrolled away: nothing to drive. */
        s->offset = y;
        return;
    }
    if (e->flag) {
        if (y == s->last_offset) {
            /* UIKit never reports an unchanged offset: not a movement. */
            s->offset = y;
            return;
        }
        const double d = -(y + c->top_bar_height);
        if (s->phase == SD_PULLDOWN_IDLE && d > c->cp1 && y < s->last_offset) {
            s->phase = SD_PULLDOWN_PULLING;
            act(a, SD_PULLDOWN_ACTION_STATE);
            if (s->haptic_armed) {
                s->haptic_armed = 0u;
                s->haptic_pending = 1u;
                act(a, SD_PULLDOWN_ACTION_HAPTIC);
            }
        } else if (s->phase == SD_PULLDOWN_PULLING && (d <= c->cp1 || y >= s->last_offset)) {
            s->phase = SD_PULLDOWN_IDLE;
            act(a, SD_PULLDOWN_ACTION_STATE);
        }
    }
    s->offset = y;
    s->last_offset = y;
}

/* A FRAME with the list's OPEN or RESTORE running: it ends once its time is up. */
void sd__pulldown_list_transition_tick(const sd_pulldown_config *c, sd_pulldown_list_state *s, double time,
                                       sd_pulldown_actions *a) {
    if (!pd_transition_ended(c, s->transition, s->transition_start, time)) return;
    if (s->transition == SD_PULLDOWN_TRANSITION_OPEN) {
        /* The article's Q6: once open, the list's inset and offset go back to
         * rest and only its frame stays moved. */
        s->offset = -c->top_bar_height;
        act(a, SD_PULLDOWN_ACTION_PIN_LIST_OFFSET);
        a->list_offset = s->offset;
    }
    act_finish(a, (sd_pulldown_transition)s->transition);
    s->transition = SD_PULLDOWN_TRANSITION_NONE;
    s->locked = 0u;
    act(a, SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
}

/*
 * One event for the list machine. With y the event's offset and
 * d = max(0, -(y + top_bar_height)):
 *  - OFFSET_CHANGED: ignored while refreshing or restoring. Pulling and not
 *    dragging: release (below). y > -top_bar_height (scrolled into the
 *    content, no pull; the article returns early): only `offset` is recorded,
 *    not last_offset. Dragging: an offset equal to
 *    last_offset is no movement and changes nothing; idle -> pulling when
 *    d > cp1 and y < last_offset (the finger still moving down; HAPTIC the
 *    first time in the gesture); pulling -> idle when d <= cp1 or
 *    y >= last_offset (moving up, as WeChat does: a release then does not
 *    open). Then offset = last_offset = y.
 *  - DRAG_BEGAN: re-arms the haptic (not while refreshing or restoring).
 *  - DRAG_ENDED while pulling: release. Release = PIN_LIST_OFFSET at
 *    last_offset (so the list does not rebound), phase refreshing, OPEN
 *    starts at the event's time, LOCK_INTERACTION; last_offset becomes 0.
 *  - FRAME: haptic bookkeeping; when the running transition's duration has
 *    elapsed: OPEN -> offset -top_bar_height, PIN_LIST_OFFSET there (the
 *    article resets inset and offset when opening ends), FINISH, UNLOCK;
 *    RESTORE -> FINISH, UNLOCK.
 *  - CLOSE (panel open, no transition running; else `SD_ERR_STATE`):
 *    refreshing -> idle, RESTORE starts, LOCK_INTERACTION; `offset` is the
 *    panel's pull-up distance (clamped to >= 0).
 *  - DECELERATION_ENDED, APPLET_OPENED, PAGE_APPEARED: nothing.
 * (Events are checked by the surface before they reach a machine.)
 */
sd_status sd__pulldown_list_apply(const sd_pulldown_config *c, sd_pulldown_list_state *s, const sd_pulldown_event *e,
                            sd_pulldown_actions *a) {
    switch ((sd_pulldown_event_type)e->type) {
    case SD_PULLDOWN_EVENT_OFFSET_CHANGED:
        list_offset_changed(c, s, e, a);
        break;
    case SD_PULLDOWN_EVENT_DRAG_BEGAN:
        if (s->phase != SD_PULLDOWN_REFRESHING && s->transition == SD_PULLDOWN_TRANSITION_NONE) s->haptic_armed = 1u;
        break;
    case SD_PULLDOWN_EVENT_DRAG_ENDED:
        if (s->phase == SD_PULLDOWN_PULLING && s->transition == SD_PULLDOWN_TRANSITION_NONE)
            list_release(c, s, e->time, a);
        break;
    case SD_PULLDOWN_EVENT_FRAME:
        sd__pulldown_list_tick(c, s, e->time, a);
        break;
    case SD_PULLDOWN_EVENT_CLOSE:
        if (s->phase != SD_PULLDOWN_REFRESHING || s->transition != SD_PULLDOWN_TRANSITION_NONE) return SD_ERR_STATE;
        s->phase = SD_PULLDOWN_IDLE;
        act(a, SD_PULLDOWN_ACTION_STATE);
        s->close_panel_offset = positive(e->offset);
        s->transition = SD_PULLDOWN_TRANSITION_RESTORE;
        s->transition_start = e->time;
        s->locked = 1u;
        act(a, SD_PULLDOWN_ACTION_LOCK_INTERACTION);
        act_start(a, SD_PULLDOWN_TRANSITION_RESTORE);
        break;
    case SD_PULLDOWN_EVENT_DECELERATION_ENDED:
    case SD_PULLDOWN_EVENT_APPLET_OPENED:
    case SD_PULLDOWN_EVENT_PAGE_APPEARED: break;
    }
    return SD_OK;
}


/* ------------------------------------------------------------------------ */
/* The panel machine                                                         */
/* ------------------------------------------------------------------------ */

sd_pulldown_panel_state sd__pulldown_panel_initial(void) {
    sd_pulldown_panel_state s = { 0.0, 0.0, 0.0, 0.0, SD_PULLDOWN_IDLE, SD_PULLDOWN_TRANSITION_NONE, 0u, 0u };
    return s;
}

static void panel_close(sd_pulldown_panel_state *s, double time, sd_pulldown_actions *a) {
    if (s->transition == SD_PULLDOWN_TRANSITION_RETURN) act_cancel(a, SD_PULLDOWN_TRANSITION_RETURN);
    s->phase = SD_PULLDOWN_REFRESHING;
    act(a, SD_PULLDOWN_ACTION_STATE);
    s->transition = SD_PULLDOWN_TRANSITION_CLOSE;
    s->transition_start = time;
    s->from_offset = s->offset;
    s->dragging = 0u;
    s->locked = 1u;
    act(a, SD_PULLDOWN_ACTION_LOCK_INTERACTION);
    act_start(a, SD_PULLDOWN_TRANSITION_CLOSE);
    act(a, SD_PULLDOWN_ACTION_CLOSE_PANEL);
}

static void panel_start_return(sd_pulldown_panel_state *s, double time, sd_pulldown_actions *a) {
    s->transition = SD_PULLDOWN_TRANSITION_RETURN;
    s->transition_start = time;
    s->from_offset = s->offset;
    act_start(a, SD_PULLDOWN_TRANSITION_RETURN);
}

static void panel_offset_changed(sd_pulldown_panel_state *s, const sd_pulldown_event *e, sd_pulldown_actions *a) {
    if (s->phase == SD_PULLDOWN_REFRESHING) return;
    double u = e->offset;
    int pulled_at_top = 0;
    if (u < 0) {
        /* Pulling down at the top: pinned back, but it counts as a pull (the article's Q2). */
        u = 0.0;
        pulled_at_top = 1;
        act(a, SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
        a->panel_offset = 0.0;
    }
    if (s->dragging) {
        if (u == s->last_offset && !pulled_at_top) {
            s->offset = u;
            return;
        }
        if (s->phase == SD_PULLDOWN_IDLE && (u > s->last_offset || pulled_at_top)) {
            s->phase = SD_PULLDOWN_PULLING;
            act(a, SD_PULLDOWN_ACTION_STATE);
        } else if (s->phase == SD_PULLDOWN_PULLING && !pulled_at_top && u <= s->last_offset) {
            s->phase = SD_PULLDOWN_IDLE;
            act(a, SD_PULLDOWN_ACTION_STATE);
        }
    } else if (s->phase == SD_PULLDOWN_PULLING) {
        panel_close(s, e->time, a);
        return;
    }
    s->offset = u;
    s->last_offset = u;
}

/* A FRAME with the panel's CLOSE or RETURN running: the return follows its
 * curve; either ends once its time is up. */
void sd__pulldown_panel_transition_tick(const sd_pulldown_config *c, sd_pulldown_panel_state *s, double time,
                                        sd_pulldown_actions *a) {
    const double elapsed = time - s->transition_start;
    const int done = pd_transition_ended(c, s->transition, s->transition_start, time);
    if (s->transition == SD_PULLDOWN_TRANSITION_RETURN && !done) {
        s->offset = return_offset(c, s->from_offset, elapsed);
        s->last_offset = s->offset;
        return;
    }
    if (!done) return;
    if (s->transition == SD_PULLDOWN_TRANSITION_CLOSE) {
        /* The article's close completion: everything back to rest, search bar hidden. */
        s->phase = SD_PULLDOWN_IDLE;
        act(a, SD_PULLDOWN_ACTION_STATE);
        s->locked = 0u;
        act(a, SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
        act(a, SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET);
        a->applets_offset = c->search_bar_height;
        s->dragging = 0u;
    }
    act_finish(a, (sd_pulldown_transition)s->transition);
    s->transition = SD_PULLDOWN_TRANSITION_NONE;
    s->offset = 0.0;
    s->last_offset = 0.0;
    s->from_offset = 0.0;
    s->transition_start = 0.0;
    act(a, SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
    a->panel_offset = 0.0;
}

/*
 * One event for the panel machine (only meaningful while the panel is open;
 * the surface routes it only then):
 *  - OFFSET_CHANGED (ignored while closing): an offset < 0 (pulling down at
 *    the top) is pinned back to 0 (SET_PANEL_OFFSET 0) and counts as a pull.
 *    Dragging (own flag): an unchanged offset that is not a pull is no
 *    movement; idle -> pulling when u > last_offset or it is a pull at the
 *    top; pulling -> idle when u <= last_offset and it is not a pull at the
 *    top. Not dragging while pulling: close (below). Then offset =
 *    last_offset = u.
 *  - DRAG_BEGAN: dragging; a running RETURN is cancelled (CANCEL_TRANSITION)
 *    and the offset stays where the return curve is at the event's time
 *    (SET_PANEL_OFFSET there: at most a frame's motion from what the view
 *    shows, and the same at any frame rate).
 *  - DRAG_ENDED: not dragging; pulling -> close; idle with u > 0 -> RETURN
 *    starts from u (START_TRANSITION); either way STOP_PANEL_DECELERATION
 *    when the drag will decelerate.
 *  - DECELERATION_ENDED: idle, not dragging, no transition, u > 0 -> RETURN.
 *  - FRAME: RETURN running: offset follows `sd_pulldown_return_offset`; at
 *    its end offset 0, SET_PANEL_OFFSET 0, FINISH. CLOSE at its end: idle
 *    (STATE), everything back to `sd_pulldown_panel_initial()`,
 *    SET_PANEL_OFFSET 0, SET_APPLETS_OFFSET search_bar_height (search bar
 *    hidden again), FINISH, UNLOCK.
 *  - CLOSE (not already closing; else `SD_ERR_STATE`): close.
 *  - APPLET_OPENED, PAGE_APPEARED: nothing.
 * Close = phase refreshing, CLOSE starts from u (a RETURN is cancelled),
 * LOCK_INTERACTION, CLOSE_PANEL.
 */
sd_status sd__pulldown_panel_apply(const sd_pulldown_config *c, sd_pulldown_panel_state *s, const sd_pulldown_event *e,
                             sd_pulldown_actions *a) {
    const int closing = s->phase == SD_PULLDOWN_REFRESHING;
    switch ((sd_pulldown_event_type)e->type) {
    case SD_PULLDOWN_EVENT_OFFSET_CHANGED:
        panel_offset_changed(s, e, a);
        break;
    case SD_PULLDOWN_EVENT_DRAG_BEGAN:
        if (closing) break;
        s->dragging = 1u;
        if (s->transition == SD_PULLDOWN_TRANSITION_RETURN) {
            /* Stop where the curve is at the touch, whatever the frame rate. */
            s->offset = return_offset(c, s->from_offset, e->time - s->transition_start);
            s->last_offset = s->offset;
            s->transition = SD_PULLDOWN_TRANSITION_NONE;
            act_cancel(a, SD_PULLDOWN_TRANSITION_RETURN);
            act(a, SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
            a->panel_offset = s->offset;
        }
        break;
    case SD_PULLDOWN_EVENT_DRAG_ENDED:
        if (closing) break;
        s->dragging = 0u;
        if (s->phase == SD_PULLDOWN_PULLING) {
            panel_close(s, e->time, a);
        } else if (s->transition == SD_PULLDOWN_TRANSITION_NONE && s->offset > 0) {
            panel_start_return(s, e->time, a);
        } else {
            break;
        }
        if (e->flag) act(a, SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION);
        break;
    case SD_PULLDOWN_EVENT_DECELERATION_ENDED:
        if (!closing && !s->dragging && s->phase == SD_PULLDOWN_IDLE && s->transition == SD_PULLDOWN_TRANSITION_NONE &&
            s->offset > 0)
            panel_start_return(s, e->time, a);
        break;
    case SD_PULLDOWN_EVENT_FRAME:
        sd__pulldown_panel_tick(c, s, e->time, a);
        break;
    case SD_PULLDOWN_EVENT_CLOSE:
        if (closing) return SD_ERR_STATE;
        panel_close(s, e->time, a);
        break;
    case SD_PULLDOWN_EVENT_APPLET_OPENED:
    case SD_PULLDOWN_EVENT_PAGE_APPEARED: break;
    }
    return SD_OK;
}


/* ------------------------------------------------------------------------ */
/* The mini-program list                                                     */
/* ------------------------------------------------------------------------ */

sd_pulldown_applets_state sd__pulldown_applets_initial(void) {
    sd_pulldown_applets_state s = { 0.0, 0.0, 0u, 0u };
    return s;
}

/* The article's _handleSearchBarOffset: inside the search bar, snap by the
 * direction of the last drag, so search always opens from a whole bar. */
static void applets_snap(const sd_pulldown_config *c, const sd_pulldown_applets_state *s, double y,
                         sd_pulldown_actions *a) {
    if (!(y > 0 && y < c->search_bar_height)) return;
    act(a, SD_PULLDOWN_ACTION_SCROLL_APPLETS);
    a->applets_offset = s->drag_end_offset > s->drag_start_offset ? c->search_bar_height : 0.0;
}

/*
 * One event for the mini-program list:
 *  - DRAG_BEGAN: records the start offset.
 *  - DRAG_ENDED: records the end offset; if it will not decelerate, the
 *    search bar snap; then, if the end offset >= close_drag_distance,
 *    CLOSE_PANEL.
 *  - DECELERATION_ENDED: the search bar snap at the event's offset.
 *  - APPLET_OPENED: a close waits for the page (tapping the search bar
 *    opens search and does not close: send nothing then).
 *  - PAGE_APPEARED: the waiting close happens now (CLOSE_PANEL).
 *  - OFFSET_CHANGED, FRAME, CLOSE: nothing.
 * The search bar snap: when 0 < y < search_bar_height, SCROLL_APPLETS to
 * search_bar_height (hide) if the drag ended at a larger offset than it
 * began at (the finger moved up), else to 0 (show).
 */
sd_status sd__pulldown_applets_apply(const sd_pulldown_config *c, sd_pulldown_applets_state *s, const sd_pulldown_event *e,
                               sd_pulldown_actions *a) {
    switch ((sd_pulldown_event_type)e->type) {
    case SD_PULLDOWN_EVENT_DRAG_BEGAN:
        s->drag_start_offset = e->offset;
        break;
    case SD_PULLDOWN_EVENT_DRAG_ENDED:
        s->drag_end_offset = e->offset;
        if (!e->flag) applets_snap(c, s, e->offset, a);
        if (s->drag_end_offset >= c->close_drag_distance) act(a, SD_PULLDOWN_ACTION_CLOSE_PANEL);
        break;
    case SD_PULLDOWN_EVENT_DECELERATION_ENDED:
        applets_snap(c, s, e->offset, a);
        break;
    case SD_PULLDOWN_EVENT_APPLET_OPENED:
        s->close_pending = 1u;
        break;
    case SD_PULLDOWN_EVENT_PAGE_APPEARED:
        if (s->close_pending) {
            s->close_pending = 0u;
            act(a, SD_PULLDOWN_ACTION_CLOSE_PANEL);
        }
        break;
    case SD_PULLDOWN_EVENT_OFFSET_CHANGED:
    case SD_PULLDOWN_EVENT_FRAME:
    case SD_PULLDOWN_EVENT_CLOSE: break;
    }
    return SD_OK;
}
