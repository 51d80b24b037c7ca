/* test_simsurface.c — cmocka tests of the simulated surfaces (CCore/simsurface*.c): set-up and its errors, a
 * bar dragged between states and snapped, a pull that opens the panel, a sheet dragged full and dismissed by a
 * tap, a pull that refreshes and approaches to the end that load, input that changes nothing.
 * Tests/ScrollDriveSimTests/SimulatedSurfaceTests.swift checks them frame by frame against the simulator. */
#include <math.h>

#include "simsurface_support.h"

/* Frames at 60 Hz: frame n is at n / 60 s. */
static double at(int n) { return n / 60.0; }

static void test_bar_set_up(void **state) {
    (void)state;
    sd_sim_bar s = bar_60_120_200();
    /* preconfigure: top inset = normal, the content moved to the state's offset; the first offset recorded */
    assert_true(s.bar.state.offset == -120 && s.view.sv.inset_top == 120 && s.view.sv.offset_y == -120);
    assert_int_equal(s.requests, 0);
    assert_int_equal(s.view.observed, 1);
    assert_true(sd_sim_bar_at_rest(&s));
}

/* Up 40 pt in four frames: the bar follows to 80 pt; a still lift snaps it to compact (nearer than normal). */
static void test_bar_drag_and_snap(void **state) {
    (void)state;
    sd_sim_bar s = bar_60_120_200();
    sd_sim_bar_touch(&s, SD_SIM_TOUCH_DOWN, 195, 500, 0, 0);
    for (int n = 1; n <= 4; n++) {
        sd_sim_bar_advance(&s, at(n));
        sd_sim_bar_touch(&s, SD_SIM_TOUCH_MOVED, 195, 500 - 10 * n, -600, 0);
    }
    assert_true(s.view.sv.offset_y == -80 && s.bar.state.offset == -80);
    assert_int_equal(s.view.pan_count, 5); /* began, then a change per move */
    assert_int_equal(s.view.pan_log[0], SD_SIM_PAN_BEGAN);
    assert_int_equal(s.view.pan_log[4], SD_SIM_PAN_CHANGED);
    sd_sim_view_take_pans(&s.view);
    sd_sim_bar_touch(&s, SD_SIM_TOUCH_UP, 195, 460, 0, 0);
    /* the snap: one animated request from -80 to -60 */
    assert_int_equal(s.requests, 1);
    assert_int_equal(s.view.pan_log[0], SD_SIM_PAN_ENDED);
    assert_true(s.view.sv.motion == SD_SCROLL_VIEW_ANIMATION && s.view.sv.anim_from == -80 &&
                s.view.sv.anim_to == -60);
    assert_false(sd_sim_bar_at_rest(&s));
    for (int n = 5; n <= 30; n++) sd_sim_bar_advance(&s, at(n));
    assert_true(sd_sim_bar_at_rest(&s));
    assert_true(s.view.sv.offset_y == -60);
    assert_true(fabs(s.bar.state.offset + 60) < 1e-9);
}

/* expand(on: true): available, the content animated to -expanded, the top inset expanded. */
static void test_bar_expand(void **state) {
    (void)state;
    sd_sim_bar s = bar_60_120_200();
    sd_sim_bar_expand(&s);
    assert_int_equal(s.requests, 1);
    assert_true(s.bar.state.expanded_available == 1 && s.view.sv.inset_top == 200);
    sd_sim_bar_advance(&s, SD_SCROLL_ANIMATION_DURATION);
    assert_true(s.view.sv.offset_y == -200 && s.bar.state.offset == -200);
}

static void test_bar_errors_change_nothing(void **state) {
    (void)state;
    sd_sim_bar s;
    memset(&s, 0x5a, sizeof s);
    const sd_sim_bar before = s;
    sd_bar_config bad = sd_bar_config_make(100, 50, 200);
    sd_scroll_view_config v = sd_scroll_view_config_default();
    sd_error err;
    assert_int_equal(sd_sim_bar_init(&s, &bad, &v, &err), SD_ERR_ORDER);
    assert_string_equal(err.field, "normal");
    sd_bar_config good = sd_bar_config_make(60, 120, 200);
    v.bounces = 2;
    assert_int_equal(sd_sim_bar_init(&s, &good, &v, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "bounces");
    assert_int_equal(sd_sim_bar_init(NULL, &good, &v, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "sim");
    assert_int_equal(sd_sim_bar_init(&s, NULL, &v, &err), SD_ERR_NULL);
    assert_int_equal(sd_sim_bar_init(&s, &good, NULL, &err), SD_ERR_NULL);
    assert_memory_equal(&s, &before, sizeof s);

    /* Non-finite touches and offsets: nothing reaches the bar or its view's state. */
    sd_sim_bar b = bar_60_120_200();
    const sd_sim_bar rest = b;
    sd_sim_bar_touch(&b, SD_SIM_TOUCH_DOWN, NAN, 500, 0, 0);
    sd_sim_bar_touch(&b, SD_SIM_TOUCH_DOWN, 195, INFINITY, 0, 0);
    sd_sim_bar_advance(&b, NAN);
    assert_memory_equal(&b, &rest, sizeof b);
    sd_sim_bar_touch(&b, SD_SIM_TOUCH_DOWN, 195, 500, 0, 0);
    sd_sim_bar_touch(&b, SD_SIM_TOUCH_MOVED, 195, NAN, NAN, 0);
    sd_sim_bar_touch(&b, SD_SIM_TOUCH_MOVED, 195, 400, INFINITY, 0);
    sd_sim_bar_set_offset(&b, 0, NAN, 1);
    sd_sim_bar_touch(&b, SD_SIM_TOUCH_UP, 195, -INFINITY, NAN, 0);
    for (int n = 1; n < 600; n++) sd_sim_bar_advance(&b, at(n));
    assert_true(isfinite(b.bar.state.offset) && isfinite(b.view.sv.offset_y) && isfinite(sd_scroll_view_velocity(&b.view.sv)));
    assert_true(-b.bar.state.offset >= 60 && -b.bar.state.offset <= 200);
    /* the no-op calls on NULL */
    sd_sim_bar_touch(NULL, SD_SIM_TOUCH_DOWN, 1, 1, 0, 0);
    sd_sim_bar_advance(NULL, 1);
    sd_sim_bar_expand(NULL);
    sd_sim_bar_set_offset(NULL, 0, 0, 0);
    assert_false(sd_sim_bar_at_rest(NULL));
}

/* A pull of 200 pt, still moving down past cp1 (90): pulling, one haptic; the lift opens the panel over 0.35 s. */
static void test_pulldown_pull_opens(void **state) {
    (void)state;
    sd_pulldown_config c = sd_pulldown_config_article();
    sd_sim_pulldown s;
    assert_int_equal(sd_sim_pulldown_init(&s, &c, 2400, NULL), SD_OK);
    const sd_scroll_view *list = &s.views[SD_PULLDOWN_SOURCE_LIST].sv;
    assert_true(list->offset_y == -c.top_bar_height && list->inset_top == c.top_bar_height);
    assert_true(s.views[SD_PULLDOWN_SOURCE_APPLETS].sv.offset_y == c.search_bar_height);
    assert_true(s.applets_height == c.top_bar_height + 424);
    assert_int_equal(s.events, 0);
    sd_sim_pulldown_advance(&s, 0);
    sd_sim_pulldown_touch(&s, SD_SIM_TOUCH_DOWN, 207, 150, 0, 0);
    assert_int_equal(s.target, SD_PULLDOWN_SOURCE_LIST);
    int n = 1;
    for (; n <= 20; n++) {
        sd_sim_pulldown_advance(&s, at(n));
        sd_sim_pulldown_touch(&s, SD_SIM_TOUCH_MOVED, 207, 150 + 10 * n, 600, 0);
    }
    /* 200 pt of finger below the rest, rubber-banded: past cp1 */
    double pulled = 0;
    assert_int_equal(sd_pulldown_pull_distance(&s.core.config, s.core.list.offset, &pulled), SD_OK);
    assert_true(pulled > c.cp1);
    assert_int_equal(s.core.list.phase, SD_PULLDOWN_PULLING);
    sd_sim_pulldown_advance(&s, at(n));
    assert_int_equal(s.events, 1); /* the haptic, seen at the tick */
    assert_int_equal(s.haptic_since_take, 1);
    sd_sim_pulldown_touch(&s, SD_SIM_TOUCH_UP, 207, 350, 600, 0);
    assert_int_equal(s.target, -1);
    assert_int_equal(s.core.list.phase, SD_PULLDOWN_REFRESHING);
    assert_int_equal(s.core.list.transition, SD_PULLDOWN_TRANSITION_OPEN);
    assert_int_equal(s.events, 2); /* the opening started */
    assert_false(sd_sim_pulldown_at_rest(&s));
    /* a touch while interaction is locked goes nowhere */
    sd_sim_pulldown_advance(&s, at(n + 1));
    assert_int_equal(s.latest.interaction_enabled, 0);
    sd_sim_pulldown_touch(&s, SD_SIM_TOUCH_DOWN, 207, 650, 0, 0);
    assert_int_equal(s.target, -1);
    sd_sim_pulldown_touch(&s, SD_SIM_TOUCH_UP, 207, 650, 0, 0);
    for (int k = n + 2; k <= n + 60; k++) sd_sim_pulldown_advance(&s, at(k));
    assert_true(sd_sim_pulldown_at_rest(&s));
    assert_int_equal(s.core.list.transition, SD_PULLDOWN_TRANSITION_NONE);
    assert_int_equal(s.events, 3); /* and finished */
    assert_true(s.latest.panel_alpha == 1 && s.latest.interaction_enabled);
    /* open: a touch at the panel's lower part goes to its pull-up view */
    sd_sim_pulldown_touch(&s, SD_SIM_TOUCH_DOWN, 207, 650, 0, 0);
    assert_int_equal(s.target, SD_PULLDOWN_SOURCE_PANEL);
}

static void test_pulldown_errors_change_nothing(void **state) {
    (void)state;
    sd_sim_pulldown s;
    memset(&s, 0x5a, sizeof s);
    const sd_sim_pulldown before = s;
    sd_pulldown_config c = sd_pulldown_config_article();
    sd_error err;
    assert_int_equal(sd_sim_pulldown_init(&s, &c, NAN, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "list_content_height");
    assert_int_equal(sd_sim_pulldown_init(&s, &c, -1, &err), SD_ERR_NEGATIVE);
    assert_string_equal(err.field, "list_content_height");
    assert_int_equal(sd_sim_pulldown_init(NULL, &c, 2400, &err), SD_ERR_NULL);
    assert_int_equal(sd_sim_pulldown_init(&s, NULL, 2400, &err), SD_ERR_NULL);
    c.cp2 = c.cp1;
    assert_int_equal(sd_sim_pulldown_init(&s, &c, 2400, &err), SD_ERR_ORDER);
    assert_string_equal(err.field, "cp2");
    assert_memory_equal(&s, &before, sizeof s);
    sd_sim_pulldown_touch(NULL, SD_SIM_TOUCH_DOWN, 1, 1, 0, 0);
    sd_sim_pulldown_advance(NULL, 1);
    assert_false(sd_sim_pulldown_at_rest(NULL));
}

/* The chapter's sheet in an 800 pt container: up 250 pt from half goes full; a still tap above it dismisses. */
static void test_sheet_drag_and_tap(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(800);
    sd_scroll_view_config v = sd_scroll_view_config_default();
    v.frame_height = 800;
    sd_sim_sheet s;
    assert_int_equal(sd_sim_sheet_init(&s, &c, SD_SHEET_HALF, &v, NULL), SD_OK);
    assert_true(s.view.sv.frame_height == 750); /* the container below the first detent's top (50) */
    assert_true(sd_sim_sheet_at_rest(&s));
    sd_sim_sheet_advance(&s, 0);
    sd_sim_sheet_touch(&s, SD_SIM_TOUCH_DOWN, 195, 500, 0, 0); /* below the top (400): on the sheet */
    assert_int_equal(s.finger, 2);
    int n = 1;
    for (; n <= 10; n++) {
        sd_sim_sheet_advance(&s, at(n));
        sd_sim_sheet_touch(&s, SD_SIM_TOUCH_MOVED, 195, 500 - 25 * n, -1500, at(n));
    }
    assert_int_equal(s.sheet.state.drag, SD_SHEET_DRAG_DRAGGING);
    sd_sim_sheet_touch(&s, SD_SIM_TOUCH_UP, 195, 250, 0, at(n - 1));
    assert_int_equal(s.notice_count, 1);
    assert_int_equal(s.notices[0], SD_SHEET_NOTICE_WILL_MOVE);
    assert_int_equal(s.notice_detents[0], SD_SHEET_FULL);
    sd_sim_sheet_take_notices(&s);
    for (int k = n; k < n + 120; k++) sd_sim_sheet_advance(&s, at(k));
    assert_int_equal(s.notice_count, 1);
    assert_int_equal(s.notices[0], SD_SHEET_NOTICE_DID_MOVE);
    sd_sheet_frame f;
    assert_int_equal(sd_sheet_frame_at(&s.sheet, s.sheet.state.time, &f), SD_OK);
    assert_true(f.top == 50 && f.backdrop_alpha == 0.5);
    assert_true(sd_sim_sheet_at_rest(&s));
    sd_sim_sheet_take_notices(&s);
    /* the backdrop: a still touch at y = 20, above the top */
    double t = at(n + 120);
    sd_sim_sheet_touch(&s, SD_SIM_TOUCH_DOWN, 100, 20, 0, t);
    assert_int_equal(s.finger, 1);
    sd_sim_sheet_touch(&s, SD_SIM_TOUCH_UP, 100, 20, 0, t);
    assert_true(s.notice_count >= 1 && s.notices[0] == SD_SHEET_NOTICE_WILL_MOVE &&
                s.notice_detents[0] == SD_SHEET_DISMISSED);
}

/* The chapter's sheet at full on an 800 pt screen over 2400 pt of content. */
static sd_sim_sheet sheet_at_full(void) {
    sd_sheet_config c = sd_sheet_config_default(800);
    sd_scroll_view_config v = sd_scroll_view_config_default();
    v.frame_height = 800;
    v.content_height = 2400;
    sd_sim_sheet s;
    assert_int_equal(sd_sim_sheet_init(&s, &c, SD_SHEET_FULL, &v, NULL), SD_OK);
    return s;
}

/* At full the inner view rubber-bands a pull past its top as a UIScrollView
 * does, and the sheet sits where the view reports it (issue 22): the sheet's
 * top is always 50 - the view's offset, the return comes once that passes
 * 120 pt, and the view lets go of the finger 0.5 s after it. */
static void test_sheet_overscroll_reads_the_view(void **state) {
    (void)state;
    sd_sim_sheet s = sheet_at_full();
    sd_sim_sheet_advance(&s, 0);
    sd_sim_sheet_touch(&s, SD_SIM_TOUCH_DOWN, 195, 200, 0, 0);
    assert_true(s.view_has_it);
    int n = 1, returned = 0;
    double finger_at_return = 0;
    for (; n <= 120 && !returned; n++) {
        sd_sim_sheet_advance(&s, at(n));
        sd_sim_sheet_touch(&s, SD_SIM_TOUCH_MOVED, 195, 200 + 4.0 * n, 240, at(n));
        if (s.notice_count > 0) {
            returned = 1;
            finger_at_return = 4.0 * n;
            break;
        }
        sd_sheet_frame f;
        sd_sheet_frame_at(&s.sheet, s.sheet.state.time, &f);
        const double y = s.view.sv.offset_y;
        assert_true(f.top == 50 + (y < 0 ? -y : 0));
        assert_true(y > -120 || y == -120);
    }
    assert_true(returned);
    assert_true(s.view.sv.offset_y < -120);
    /* The band doubles the finger's travel, roughly: far past the 121 pt a 1:1 sheet needs. */
    assert_true(finger_at_return > 240);
    assert_int_equal(s.notices[0], SD_SHEET_NOTICE_WILL_MOVE);
    assert_int_equal(s.notice_detents[0], SD_SHEET_HALF);
    const double returned_at = at(n);
    assert_true(s.view_has_it && (s.sheet.state.flags & SD_SHEET_STATE_SCROLL_ENABLED));
    /* The finger stays down: the view keeps it until the disable, 0.5 s after the return. */
    int k = n + 1;
    for (; at(k) < returned_at + 0.5; k++) {
        sd_sim_sheet_advance(&s, at(k));
        assert_true(s.view_has_it);
    }
    sd_sim_sheet_advance(&s, at(k));
    assert_false(s.view_has_it);
    assert_false(s.sheet.state.flags & SD_SHEET_STATE_SCROLL_ENABLED);
    assert_true(s.view.sv.offset_y == 0);
    sd_sim_sheet_touch(&s, SD_SIM_TOUCH_UP, 195, 200 + finger_at_return, 0, at(k));
    for (int j = k + 1; j < k + 120; j++) sd_sim_sheet_advance(&s, at(j));
    assert_true(sd_sim_sheet_at_rest(&s));
    assert_true(s.sheet.state.top == 400);
}

/* A sheet with a 30 pt handle: at full a touch on it drags the sheet itself
 * (top 50 + 200 for a 200 pt drag) and the release springs back to full. */
static void test_sheet_handle(void **state) {
    (void)state;
    sd_sim_sheet s = sheet_at_full();
    assert_true(s.handle_height == 0);
    s.handle_height = 30;
    sd_sim_sheet_advance(&s, 0);
    sd_sim_sheet_touch(&s, SD_SIM_TOUCH_DOWN, 195, 60, 0, 0); /* 10 pt into the sheet: the handle */
    assert_int_equal(s.finger, 2);
    assert_false(s.view_has_it);
    int n = 1;
    for (; n <= 10; n++) {
        sd_sim_sheet_advance(&s, at(n));
        sd_sim_sheet_touch(&s, SD_SIM_TOUCH_MOVED, 195, 60 + 20 * n, 1200, at(n));
    }
    sd_sheet_frame f;
    sd_sheet_frame_at(&s.sheet, s.sheet.state.time, &f);
    assert_true(f.top == 250 && s.view.sv.offset_y == 0);
    sd_sim_sheet_touch(&s, SD_SIM_TOUCH_UP, 195, 260, 0, at(n - 1));
    for (int k = n; k < n + 120; k++) sd_sim_sheet_advance(&s, at(k));
    assert_int_equal(s.notice_count, 0);
    assert_true(sd_sim_sheet_at_rest(&s));
    assert_true(s.sheet.state.top == 50 && s.sheet.state.detent == SD_SHEET_FULL);
    /* Just below the handle, the content has the finger. */
    sd_sim_sheet_touch(&s, SD_SIM_TOUCH_DOWN, 195, 80, 0, at(n + 120));
    assert_true(s.view_has_it);
}

static void test_sheet_errors_change_nothing(void **state) {
    (void)state;
    sd_sim_sheet s;
    memset(&s, 0x5a, sizeof s);
    const sd_sim_sheet before = s;
    sd_sheet_config c = sd_sheet_config_default(800);
    sd_scroll_view_config v = sd_scroll_view_config_default();
    sd_error err;
    assert_int_equal(sd_sim_sheet_init(&s, &c, 7, &v, &err), SD_ERR_RANGE);
    c.up_threshold = NAN;
    assert_int_equal(sd_sim_sheet_init(&s, &c, SD_SHEET_HALF, &v, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "up_threshold");
    assert_int_equal(sd_sim_sheet_init(&s, NULL, SD_SHEET_HALF, &v, &err), SD_ERR_NULL);
    assert_int_equal(sd_sim_sheet_init(&s, &c, SD_SHEET_HALF, NULL, &err), SD_ERR_NULL);
    assert_memory_equal(&s, &before, sizeof s);
    sd_sim_sheet_touch(NULL, SD_SIM_TOUCH_DOWN, 1, 1, 0, 0);
    sd_sim_sheet_advance(NULL, 1);
    sd_sim_sheet_take_notices(NULL);
    assert_false(sd_sim_sheet_at_rest(NULL));
}

static uint8_t header_event(sd_refresh_header_state state) { return (uint8_t)(SD_SIM_REFRESH_EVENT_HEADER | state); }
static uint8_t footer_event(sd_refresh_footer_state state) { return (uint8_t)(SD_SIM_REFRESH_EVENT_FOOTER | state); }

/* Down 250 pt in 25 frames: pulling; the lift refreshes with the header held (inset 54), the app is told once
 * the begin motion is over and ends it 1 s later, the header scrolls away in 0.4 s and everything rests. */
static void test_refresh_pull_refreshes(void **state) {
    (void)state;
    sd_sim_refresh s = refresh_list();
    /* attached: the surface's insets (the footer's 44 below), the viewport the screen's, nothing reported */
    assert_true(s.view.sv.offset_y == 0 && s.view.sv.inset_top == 0 && s.view.sv.inset_bottom == 44);
    assert_true(s.core.content_height == 2400 && s.core.config.viewport_height == 844);
    assert_int_equal(s.event_count, 0);
    assert_true(sd_sim_refresh_at_rest(&s));
    sd_sim_refresh_touch(&s, SD_SIM_TOUCH_DOWN, 195, 200, 0, 0);
    int n = 1;
    for (; n <= 25; n++) {
        sd_sim_refresh_advance(&s, at(n));
        sd_sim_refresh_touch(&s, SD_SIM_TOUCH_MOVED, 195, 200 + 10 * n, 600, 0);
    }
    assert_true(s.dragging == 1 && s.view.sv.offset_y < -54);
    assert_int_equal(s.core.header.state, SD_REFRESH_HEADER_PULLING);
    assert_int_equal(s.event_count, 1);
    assert_int_equal(s.events[0], header_event(SD_REFRESH_HEADER_PULLING));
    sd_sim_refresh_touch(&s, SD_SIM_TOUCH_UP, 195, 450, 0, 0);
    assert_int_equal(s.dragging, 0);
    assert_int_equal(s.core.header.state, SD_REFRESH_HEADER_REFRESHING);
    assert_true(s.view.sv.inset_top == 54);
    assert_int_equal(s.events[1], header_event(SD_REFRESH_HEADER_REFRESHING));
    assert_int_equal(s.refreshes, 0); /* the app is told when the header is in place */
    while (s.refreshes == 0 && n < 200) sd_sim_refresh_advance(&s, at(n++));
    assert_int_equal(s.events[2], SD_SIM_REFRESH_EVENT_REFRESH);
    assert_true(s.view.sv.offset_y == -54 && s.refresh_pending == 1);
    assert_true(s.refresh_due == s.core.time + 1);
    const double due = s.refresh_due;
    while (s.refresh_pending && n < 400) sd_sim_refresh_advance(&s, at(n++));
    /* ended at exactly its time, between two frames */
    assert_int_equal(s.core.header.state, SD_REFRESH_HEADER_DONE);
    assert_true(s.core.header.transition_start == due);
    assert_int_equal(s.events[3], header_event(SD_REFRESH_HEADER_DONE));
    assert_false(sd_sim_refresh_at_rest(&s));
    while (!sd_sim_refresh_at_rest(&s) && n < 600) sd_sim_refresh_advance(&s, at(n++));
    assert_true(sd_sim_refresh_at_rest(&s));
    assert_true(s.core.header.state == SD_REFRESH_HEADER_IDLE && s.view.sv.offset_y == 0 && s.view.sv.inset_top == 0);
    assert_int_equal(s.event_count, 5);
    assert_int_equal(s.events[4], header_event(SD_REFRESH_HEADER_IDLE));
    sd_sim_refresh_take_events(&s);
    assert_int_equal(s.event_count, 0);
}

/* Scrolled to 100 pt above the end, a flick up reaches it: one load, a page (1000 pt) appended 0.5 s later;
 * the second approach loads the last page: no more data (the default app has two). */
static void test_refresh_loads_once_per_approach(void **state) {
    (void)state;
    sd_sim_refresh s = refresh_list();
    int n = 0;
    for (int page = 1; page <= 2; page++) {
        const double end = s.view.sv.content_height + 44 - 844;
        sd_sim_refresh_set_offset(&s, end - 100, 0);
        assert_int_equal(s.load_starts, page - 1);
        sd_sim_refresh_advance(&s, at(n));
        sd_sim_refresh_touch(&s, SD_SIM_TOUCH_DOWN, 195, 600, 0, 0);
        for (int k = 1; k <= 6; k++) {
            sd_sim_refresh_advance(&s, at(++n));
            sd_sim_refresh_touch(&s, SD_SIM_TOUCH_MOVED, 195, 600 - 25 * k, -1500, 0);
        }
        sd_sim_refresh_touch(&s, SD_SIM_TOUCH_UP, 195, 450, -1500, 0);
        assert_int_equal(s.load_starts, page);
        assert_int_equal(s.core.footer.state, SD_REFRESH_FOOTER_LOADING);
        assert_true(s.load_pending && s.load_due > s.core.time && s.load_due <= s.core.time + 0.5);
        while (!sd_sim_refresh_at_rest(&s) && n < 2000) sd_sim_refresh_advance(&s, at(++n));
        assert_true(sd_sim_refresh_at_rest(&s));
        assert_int_equal(s.load_starts, page); /* one load for the approach, however long the bounce */
        assert_int_equal(s.loads, page);
        assert_true(s.view.sv.content_height == 2400 + 1000 * page && s.core.content_height == s.view.sv.content_height);
        assert_int_equal(s.core.footer.state, page == 2 ? SD_REFRESH_FOOTER_NO_MORE_DATA : SD_REFRESH_FOOTER_IDLE);
    }
    assert_int_equal(s.events[0], footer_event(SD_REFRESH_FOOTER_LOADING));
    assert_int_equal(s.events[1], SD_SIM_REFRESH_EVENT_LOAD_MORE);
    assert_int_equal(s.events[2], footer_event(SD_REFRESH_FOOTER_IDLE));
    assert_int_equal(s.events[5], footer_event(SD_REFRESH_FOOTER_NO_MORE_DATA));
}

static void test_refresh_errors_change_nothing(void **state) {
    (void)state;
    sd_sim_refresh s;
    memset(&s, 0x5a, sizeof s);
    const sd_sim_refresh before = s;
    sd_refresh_config c = sd_refresh_config_mjrefresh();
    sd_scroll_view_config v = sd_scroll_view_config_default();
    sd_sim_refresh_app app = sd_sim_refresh_app_default();
    sd_error err;
    assert_true(app.refresh_time == 1 && app.load_time == 0.5 && app.page_height == 1000 && app.pages == 2);
    struct { double *field; double value; sd_status status; const char *name; } bad[] = {
        { &app.refresh_time, NAN, SD_ERR_NOT_FINITE, "refresh_time" },
        { &app.load_time, -0.1, SD_ERR_NEGATIVE, "load_time" },
        { &app.refresh_time, 1e6 + 1, SD_ERR_RANGE, "refresh_time" },
        { &app.page_height, 1e6 + 1, SD_ERR_RANGE, "page_height" },
        { &app.pages, 1.5, SD_ERR_RANGE, "pages" },
        { &app.pages, 1e300, SD_ERR_RANGE, "pages" },
        { &app.pages, INFINITY, SD_ERR_NOT_FINITE, "pages" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const double kept = *bad[i].field;
        *bad[i].field = bad[i].value;
        assert_int_equal(sd_sim_refresh_init(&s, &c, &app, &v, &err), bad[i].status);
        assert_string_equal(err.field, bad[i].name);
        *bad[i].field = kept;
    }
    c.header_height = 0;
    assert_int_equal(sd_sim_refresh_init(&s, &c, &app, &v, &err), SD_ERR_NEGATIVE);
    assert_string_equal(err.field, "header_height");
    c = sd_refresh_config_mjrefresh();
    v.frame_height = 0; /* the viewport is the screen's */
    assert_int_equal(sd_sim_refresh_init(&s, &c, &app, &v, &err), SD_ERR_NEGATIVE);
    assert_string_equal(err.field, "viewport_height");
    v = sd_scroll_view_config_default();
    assert_int_equal(sd_sim_refresh_init(NULL, &c, &app, &v, &err), SD_ERR_NULL);
    assert_int_equal(sd_sim_refresh_init(&s, NULL, &app, &v, &err), SD_ERR_NULL);
    assert_int_equal(sd_sim_refresh_init(&s, &c, &app, NULL, &err), SD_ERR_NULL);
    assert_memory_equal(&s, &before, sizeof s);
    /* a valid surface ignores what cannot happen: times that are not finite or run backwards */
    sd_sim_refresh r = refresh_list();
    sd_sim_refresh_advance(&r, 1);
    const sd_sim_refresh kept = r;
    sd_sim_refresh_advance(&r, NAN);
    sd_sim_refresh_advance(&r, 0.5);
    sd_sim_refresh_touch(&r, SD_SIM_TOUCH_DOWN, NAN, 1, 0, 0);
    assert_memory_equal(&r, &kept, sizeof r);
    sd_sim_refresh_touch(NULL, SD_SIM_TOUCH_DOWN, 1, 1, 0, 0);
    sd_sim_refresh_advance(NULL, 1);
    sd_sim_refresh_set_offset(NULL, 1, 0);
    sd_sim_refresh_take_events(NULL);
    assert_false(sd_sim_refresh_at_rest(NULL));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bar_set_up),
        cmocka_unit_test(test_bar_drag_and_snap),
        cmocka_unit_test(test_bar_expand),
        cmocka_unit_test(test_bar_errors_change_nothing),
        cmocka_unit_test(test_pulldown_pull_opens),
        cmocka_unit_test(test_pulldown_errors_change_nothing),
        cmocka_unit_test(test_sheet_drag_and_tap),
        cmocka_unit_test(test_sheet_overscroll_reads_the_view),
        cmocka_unit_test(test_sheet_handle),
        cmocka_unit_test(test_sheet_errors_change_nothing),
        cmocka_unit_test(test_refresh_pull_refreshes),
        cmocka_unit_test(test_refresh_loads_once_per_approach),
        cmocka_unit_test(test_refresh_errors_change_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
