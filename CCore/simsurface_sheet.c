/*
 * simsurface_sheet.c — the simulated bottom sheet: what SheetController and
 * SheetSurface do (Sources/ScrollDrive/Sheet/SheetController.swift,
 * Sources/ScrollDriveSim/Surfaces/SheetSurface.swift): a touch goes to the
 * backdrop above the sheet's top or to the sheet, and on the sheet to the
 * scroll view inside it while that scrolls; one sd_sheet_step per input; the
 * actions performed on the inner view, whose offset the sheet holds while
 * it does not scroll.
 */
#include "simsurface_internal.h"

#include <string.h>

/* Where the finger is (sd_sim_sheet.finger). */
enum { FINGER_NONE = 0, FINGER_BACKDROP = 1, FINGER_SHEET = 2 };

static sim_owner owner_of(sd_sim_sheet *s) {
    sim_owner o = { SIM_SHEET, s };
    return o;
}

static int flag(const sd_sim_sheet *s, uint32_t bit) { return (s->sheet.state.flags & bit) != 0; }

static sd_sheet_frame frame_now(const sd_sim_sheet *s) {
    sd_sheet_frame f;
    memset(&f, 0, sizeof f);
    sd_sheet_frame_at(&s->sheet, s->sheet.state.time, &f);
    return f;
}

static void hold_content_offset(sd_sim_sheet *s) {
    const double y = s->sheet.state.content_offset;
    if (s->view.sv.offset_y != y) sd__sim_view_update_offset(owner_of(s), &s->view, s->view.sv.offset_x, y, 0);
}

static void log_notice(sd_sim_sheet *s, uint32_t notice, uint32_t detent) {
    if (s->notice_count < SD_SIM_NOTICE_LOG) {
        s->notices[s->notice_count] = (uint8_t)notice;
        s->notice_detents[s->notice_count] = (uint8_t)detent;
    }
    s->notice_count++;
}

/* One step; the content offset it sets, or the one the sheet holds; its notices logged. */
static int step(sd_sim_sheet *s, sd_sheet_event e) {
    sd_sheet_actions a;
    if (sd_sheet_step(&s->sheet, &e, &a, NULL) != SD_OK) return 0;
    s->performing = 1;
    if (a.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET)
        sd__sim_view_update_offset(owner_of(s), &s->view, s->view.sv.offset_x, a.content_offset, 0);
    if (!flag(s, SD_SHEET_STATE_SCROLL_ENABLED)) hold_content_offset(s);
    s->performing = 0;
    const uint32_t order[3] = { SD_SHEET_NOTICE_WILL_MOVE, SD_SHEET_NOTICE_DID_MOVE, SD_SHEET_NOTICE_DISMISSED };
    for (int i = 0; i < 3; i++)
        if (a.notices & order[i]) log_notice(s, order[i], a.detent);
    return 1;
}

/* The inner view's offset reports: while the sheet does not scroll, it holds the content still. */
void sd__sim_sheet_observe(sd_sim_sheet *s, sd_sim_view *v, int what) {
    (void)v;
    if (what != SIM_OFFSET || s->performing || flag(s, SD_SHEET_STATE_SCROLL_ENABLED)) return;
    s->performing = 1;
    hold_content_offset(s);
    s->performing = 0;
}

sd_status sd_sim_sheet_init(sd_sim_sheet *sim, const sd_sheet_config *config, uint32_t initial,
                            const sd_scroll_view_config *view, sd_error *err) {
    SD_CHECK_NULL(sim, err, "sim");
    SD_CHECK_NULL(config, err, "config");
    SD_CHECK_NULL(view, err, "view");
    sd_sim_sheet s;
    memset(&s, 0, sizeof s);
    sd_status st = sd_sheet_init(&s.sheet, config, initial, err);
    if (st != SD_OK) return st;
    st = sd_scroll_view_init(&s.view.sv, view, err);
    if (st != SD_OK) return st;
    double first = 0;
    sd_sheet_detent_top(&s.sheet.config, 0, &first);
    const double h = s.view.sv.frame_height - first;
    s.view.sv.frame_height = h > 1 ? h : 1;
    s.view.observed = 1;
    if (!flag(&s, SD_SHEET_STATE_SCROLL_ENABLED)) {
        s.performing = 1;
        hold_content_offset(&s);
        s.performing = 0;
    }
    sd_sim_view_take_pans(&s.view);
    *sim = s;
    return sd_succeed(err);
}

/* The content offset the sheet reads: the view's, rubber band included (the
 * seed's minY); with OVERSCROLL_FOLLOWS_FINGER past the content's top the
 * band undone, as the finger made it, since that sheet takes the overscroll
 * before the view would band it. */
static double reported_content_offset(const sd_sim_sheet *s) {
    const double y = s->view.sv.offset_y;
    if (!(s->sheet.config.options & SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER)) return y;
    const sd_scroll_bounds b = sd_scroll_view_bounds(&s->view.sv);
    if (!(y < b.min)) return y;
    return sd_scroll_drag_raw(y, &b, s->view.sv.frame_height, (int)s->view.sv.bounces);
}

/* Once the core has disabled the inner view, the view lets go of the finger. */
static void let_go_if_disabled(sd_sim_sheet *s) {
    if (!s->view_has_it || flag(s, SD_SHEET_STATE_SCROLL_ENABLED)) return;
    sd__sim_view_touch(owner_of(s), &s->view, SD_SIM_TOUCH_CANCELLED, 0, 0, 0);
    s->view_has_it = 0;
}

static void move(sd_sim_sheet *s, double x, double y, double vy, double t) {
    if (s->finger != FINGER_SHEET) return;
    double offset = s->view.sv.offset_y;
    if (s->view_has_it) {
        sd__sim_view_touch(owner_of(s), &s->view, SD_SIM_TOUCH_MOVED, x, y, vy);
        offset = reported_content_offset(s);
    }
    step(s, sd_sheet_event_drag_changed(t, y - s->down_y, offset));
    if (s->view_has_it && !flag(s, SD_SHEET_STATE_SCROLL_ENABLED)) {
        /* The core disabled the inner view (the overscroll return's delay is over): the content lets go. */
        let_go_if_disabled(s);
    } else if (!s->view_has_it && (frame_now(s).flags & SD_SHEET_FRAME_CONTENT_SCROLLS)) {
        /* Scrolling expands first: at the first detent the content takes the finger. */
        sd__sim_view_touch(owner_of(s), &s->view, SD_SIM_TOUCH_DOWN, x, y, 0);
        s->view_has_it = 1;
    }
}

static void release(sd_sim_sheet *s, double x, double y, double vy, double t, int cancelled) {
    if (s->finger != FINGER_SHEET) return;
    if (!cancelled) move(s, x, y, vy, t);
    if (s->finger != FINGER_SHEET) return;
    s->finger = FINGER_NONE;
    if (s->view_has_it) {
        const int up = !cancelled && (frame_now(s).flags & SD_SHEET_FRAME_CONTENT_SCROLLS);
        sd__sim_view_touch(owner_of(s), &s->view, up ? SD_SIM_TOUCH_UP : SD_SIM_TOUCH_CANCELLED, x, y, vy);
    }
    step(s, sd_sheet_event_drag_ended(t, cancelled ? 0 : vy));
}

void sd_sim_sheet_touch(sd_sim_sheet *s, sd_sim_touch_phase phase, double x, double y, double vy, double t) {
    if (!s) return;
    if (phase == SD_SIM_TOUCH_DOWN) {
        if (s->finger == FINGER_SHEET) release(s, x, y, vy, t, 1);
        const sd_sheet_frame f = frame_now(s);
        if (y < f.top) {
            s->finger = (f.flags & SD_SHEET_FRAME_PRESENTED) ? FINGER_BACKDROP : FINGER_NONE;
            s->down_x = x;
            s->down_y = y;
            s->backdrop_moved = 0;
            return;
        }
        /* On the handle the finger drags the sheet itself; below it, the
         * inner view takes it first while it scrolls. */
        const int on_handle = y < f.top + s->handle_height;
        const int has_it = !on_handle && flag(s, SD_SHEET_STATE_SCROLL_ENABLED);
        if (has_it) sd__sim_view_touch(owner_of(s), &s->view, SD_SIM_TOUCH_DOWN, x, y, 0);
        const sd_sheet_event began =
            on_handle ? sd_sheet_event_handle_drag_began(t) : sd_sheet_event_drag_began(t, s->view.sv.offset_y);
        if (step(s, began)) {
            s->finger = FINGER_SHEET;
            s->down_y = y;
            s->view_has_it = (uint32_t)has_it;
        } else {
            if (has_it) sd__sim_view_touch(owner_of(s), &s->view, SD_SIM_TOUCH_CANCELLED, x, y, 0);
            s->finger = FINGER_NONE;
        }
        return;
    }
    if (s->finger == FINGER_BACKDROP) {
        if (phase == SD_SIM_TOUCH_MOVED) {
            s->backdrop_moved = s->backdrop_moved || x != s->down_x || y != s->down_y;
        } else {
            s->finger = FINGER_NONE;
            if (phase == SD_SIM_TOUCH_UP && !s->backdrop_moved && x == s->down_x && y == s->down_y)
                step(s, sd_sheet_event_backdrop_tap(t));
        }
        return;
    }
    if (s->finger == FINGER_SHEET) {
        if (phase == SD_SIM_TOUCH_MOVED) move(s, x, y, vy, t);
        else release(s, x, y, vy, t, phase == SD_SIM_TOUCH_CANCELLED);
        return;
    }
    if (phase == SD_SIM_TOUCH_UP || phase == SD_SIM_TOUCH_CANCELLED) s->finger = FINGER_NONE;
}

void sd_sim_sheet_advance(sd_sim_sheet *s, double time) {
    if (!s) return;
    if (!sd__scroll_view_advance_still(&s->view.sv, time)) sd__sim_view_advance(owner_of(s), &s->view, time);
    step(s, sd_sheet_event_frame(time));
    if (s->finger == FINGER_SHEET) let_go_if_disabled(s);
}

int sd_sim_sheet_at_rest(const sd_sim_sheet *s) {
    if (!s || !sd_scroll_view_at_rest(&s->view.sv)) return 0;
    return s->finger == FINGER_NONE && !sd_sheet_needs_frames(&s->sheet, s->sheet.state.time);
}

void sd_sim_sheet_keyboard(sd_sim_sheet *s, double height, double duration, uint32_t curve) {
    if (!s) return;
    (void)step(s, sd_sheet_event_keyboard(s->sheet.state.time, s->sheet.config.container_height - height, duration,
                                          curve));
}

void sd_sim_sheet_take_notices(sd_sim_sheet *s) {
    if (s) s->notice_count = 0;
}
