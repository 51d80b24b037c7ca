/* test_pulldown_surface.c — cmocka tests of the pull-down panel: the routing, the coupling and the frame through the four verbs (CCore/pulldown.c). */
#include "pulldown_test.h"



static void test_frame_at_rest_and_pulling(void **s) {
    (void)s;
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    frame_at(0);
    expect_rest_frame("initially");
    send(sd_pulldown_event_drag_began(0, SD_PULLDOWN_SOURCE_LIST, yof(0)));
    for (int i = 1; i <= 37; i++) send(sd_pulldown_event_offset(i / 60.0, SD_PULLDOWN_SOURCE_LIST, yof(5.0 * i), 1));
    /* At 185 (pulling since 95, haptic fired): the stage table, the reveal, list colours. */
    tick(0.7);
    assert_true(F.nav_top == 185);
    sd_pulldown_indicator ind;
    sd_pulldown_indicator_at(&CFG, 185, &ind);
    assert_memory_equal(&F.indicator, &ind, sizeof ind);
    assert_true(F.indicator.centre.alpha == 0.5 && F.indicator.left.x == -16 && F.indicator.right.x == 16);
    assert_true(F.container_alpha == 1 && F.panel_alpha == 0.15 && F.panel_scale_x == 0.65 &&
                F.panel_scale_y == 0.45 && F.mask_alpha == 0.15 && F.weather_alpha == 0);
    assert_true(F.nav_colour.red == 237 && F.tab_bar_alpha == 1 && F.tab_bar_y == H - TAB);
    assert_true(F.list_y == 0 && F.list_inset_top == TOP && F.list_offset == yof(185) && !F.list_offset_driven);
    assert_true(F.interaction_enabled && F.list_phase == SD_PULLDOWN_PULLING);
    /* The haptic shows in the frame after it fired, once. */
    assert_int_equal(F.haptic, 1);
    tick(0.72);
    assert_int_equal(F.haptic, 0);
    /* The panel's own events are ignored while it is not open. */
    sd_pulldown before = P;
    assert_int_equal(send(sd_pulldown_event_offset(0.73, SD_PULLDOWN_SOURCE_PANEL, 30, 1)), 0);
    assert_int_equal(send(sd_pulldown_event_drag_ended(0.73, SD_PULLDOWN_SOURCE_APPLETS, 300, 0)), 0);
    assert_memory_equal(&P, &before, offsetof(sd_pulldown, time)); /* only the clock moved */
    assert_true(P.time == 0.73);
}

static void test_open_transition_and_lock(void **s) {
    (void)s;
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(sd_pulldown_event_drag_began(0, SD_PULLDOWN_SOURCE_LIST, yof(0)));
    for (int i = 1; i <= 37; i++) send(sd_pulldown_event_offset(i / 60.0, SD_PULLDOWN_SOURCE_LIST, yof(5.0 * i), 1));
    const double t0 = 1.0;
    uint32_t f = send(sd_pulldown_event_drag_ended(t0, SD_PULLDOWN_SOURCE_LIST, yof(185), 0));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_PIN_LIST_OFFSET |
                            SD_PULLDOWN_ACTION_START_TRANSITION | SD_PULLDOWN_ACTION_LOCK_INTERACTION);
    assert_true(A.list_offset == yof(185));
    /* At the release: where the pull left everything, indicator hidden, locked. */
    frame_at(t0);
    assert_true(F.nav_top == 185 && F.tab_bar_alpha == 1 && F.nav_colour.red == 237);
    assert_true(F.panel_alpha == 0.15 && F.mask_alpha == 0.15 && F.panel_scale_x == 0.65 && F.container_alpha == 1);
    assert_true(F.indicator.alpha == 0 && F.indicator.height == 185);
    assert_true(F.list_inset_top == H && F.list_offset == yof(185) && F.list_offset_driven);
    assert_true(!F.interaction_enabled && F.list_transition == SD_PULLDOWN_TRANSITION_OPEN);
    /* A quarter in: the list side eases (UIKit ease-in-out), the panel side is linear. */
    const double e25 = 0.12916193104731981; /* ease-in-out at 0.25 */
    frame_at(t0 + 0.25 * 0.35);
    assert_true(fabs(F.nav_top - (185 + (OPEN_NAV - 185) * e25)) < 1e-9);
    assert_true(fabs(F.list_offset - (yof(185) + (-H - yof(185)) * e25)) < 1e-9);
    assert_true(fabs(F.tab_bar_alpha - (1 - e25)) < 1e-9);
    assert_true(fabs(F.nav_colour.red - (237 + 18 * e25)) < 1e-9);
    assert_true(fabs(F.panel_alpha - 0.3625) < 1e-12 && fabs(F.weather_alpha - 0.25) < 1e-12);
    assert_true(fabs(F.mask_alpha - (0.15 + 0.45 * 0.25)) < 1e-12);
    assert_true(fabs(F.panel_scale_x - (0.65 + 0.35 * 0.25)) < 1e-12);
    /* The curve is the core's shared ease-in-out, bit for bit. */
    {
        const double t = t0 + 0.3 * 0.35;
        const double e = sd_timing_curve_value(&sd_timing_ease_in_out, (t - t0) / 0.35);
        frame_at(t);
        assert_true(fabs(F.nav_top - (185 + (OPEN_NAV - 185) * e)) < 1e-9);
        assert_true(same_bits(F.tab_bar_y, (H - TAB) + (H - (H - TAB)) * e));
    }
    /* Half way the ease is exactly symmetric. */
    frame_at(t0 + 0.5 * 0.35);
    assert_true(fabs(F.nav_top - (185 + (OPEN_NAV - 185) * 0.5)) < 1e-9);
    /* Locked, frame after frame, until 0.35 s have elapsed; then unlocked. */
    int unlocked_at = -1;
    for (int k = 1; k <= 30; k++) {
        double t = t0 + k / 60.0;
        f = tick(t);
        if (f & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION) {
            unlocked_at = k;
            assert_true(A.finished == BIT(OPEN) && (f & SD_PULLDOWN_ACTION_PIN_LIST_OFFSET) && A.list_offset == -TOP);
        }
        assert_int_equal(F.interaction_enabled, t - t0 >= 0.35);
        assert_int_equal(P.list.locked, t - t0 < 0.35);
    }
    assert_int_equal(unlocked_at, 21); /* the first 60 Hz frame at or after 0.35 s */
    /* Open: the panel at full size, the nav bar white at the bottom, the tab bar gone. */
    frame_at(t0 + 1);
    assert_true(F.nav_top == OPEN_NAV && F.list_y == OPEN_NAV && F.list_inset_top == TOP && F.list_offset == -TOP);
    assert_true(F.nav_colour.red == 255 && F.nav_colour.green == 255 && F.nav_colour.blue == 255);
    assert_true(F.tab_bar_alpha == 0 && F.tab_bar_y == H);
    assert_true(F.container_alpha == 1 && F.panel_alpha == 1 && F.panel_scale_x == 1 && F.panel_scale_y == 1);
    assert_true(F.mask_alpha == 0.6 && F.weather_alpha == 1 && same_bits(F.panel_y, 0.0) && same_bits(F.weather_y, 0.0));
    assert_true(F.panel_content_height == 20 * H && F.indicator.alpha == 0);
    assert_true(F.list_phase == SD_PULLDOWN_REFRESHING && F.interaction_enabled);
    /* The frame clamps at the end: the same values at 0.35 s with or without the finishing tick. */
    sd_pulldown_frame after = F;
    sd_pulldown unfinished = P;
    unfinished.list.transition = SD_PULLDOWN_TRANSITION_OPEN;
    unfinished.list.transition_start = t0;
    assert_int_equal(sd_pulldown_frame_at(&unfinished, t0 + 1, &F), SD_OK);
    assert_memory_equal(&F, &after, sizeof F);
}

static void test_open_panel_mirror_frame(void **s) {
    (void)s;
    open_panel(150, 0);
    send(sd_pulldown_event_drag_began(3, SD_PULLDOWN_SOURCE_PANEL, 0));
    send(sd_pulldown_event_offset(3.1, SD_PULLDOWN_SOURCE_PANEL, 65, 1));
    frame_at(3.1);
    /* Pulled up by cp2 / 2: #F6F6F6. */
    assert_true(F.nav_colour.red == 246 && F.nav_colour.green == 246 && F.nav_colour.blue == 246);
    assert_true(F.nav_top == OPEN_NAV - 65 && F.list_y == OPEN_NAV - 65);
    sd_pulldown_mirror m;
    sd_pulldown_mirror_at(&CFG, 65, &m);
    assert_true(same_bits(F.panel_alpha, m.panel_alpha) && same_bits(F.mask_alpha, m.mask_alpha));
    assert_true(F.panel_y == -65 && F.weather_y == -65 && F.weather_alpha == F.panel_alpha);
    assert_true(F.panel_offset == 65 && !F.panel_offset_driven && F.panel_phase == SD_PULLDOWN_PULLING);
    /* Past the top bar's reach the list stays at its rest position. */
    send(sd_pulldown_event_offset(3.2, SD_PULLDOWN_SOURCE_PANEL, 700, 1));
    frame_at(3.2);
    assert_true(same_bits(F.nav_top, 0.0) && F.nav_colour.red == 237);
    /* The list's own events are ignored while the panel is open. */
    sd_pulldown before = P;
    assert_int_equal(send(sd_pulldown_event_offset(3.3, SD_PULLDOWN_SOURCE_LIST, yof(300), 1)), 0);
    assert_int_equal(send(sd_pulldown_event_drag_began(3.3, SD_PULLDOWN_SOURCE_LIST, yof(0))), 0);
    assert_memory_equal(&P, &before, offsetof(sd_pulldown, time)); /* only the clock moved */
    assert_true(P.time == 3.3);
}

static void test_pullup_release_closes_and_resets(void **s) {
    (void)s;
    open_panel(150, 0);
    send(sd_pulldown_event_drag_began(3, SD_PULLDOWN_SOURCE_PANEL, 0));
    for (int i = 1; i <= 10; i++) send(sd_pulldown_event_offset(3 + 0.02 * i, SD_PULLDOWN_SOURCE_PANEL, 20.0 * i, 1));
    assert_int_equal(P.panel.phase, SD_PULLDOWN_PULLING);
    frame_at(3.2);
    assert_true(F.panel_y == -200 && F.list_y == OPEN_NAV - 200 && F.nav_colour.red == 237);
    const double t1 = 3.25;
    uint32_t f = send(sd_pulldown_event_drag_ended(t1, SD_PULLDOWN_SOURCE_PANEL, 200, 1));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_START_TRANSITION |
                            SD_PULLDOWN_ACTION_LOCK_INTERACTION | SD_PULLDOWN_ACTION_CLOSE_PANEL |
                            SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION);
    assert_int_equal(A.started, BIT(CLOSE) | BIT(RESTORE));
    assert_int_equal(P.panel.phase, SD_PULLDOWN_REFRESHING);
    assert_int_equal(P.list.phase, SD_PULLDOWN_IDLE);
    assert_true(P.list.close_panel_offset == 200 && P.panel.from_offset == 200);
    /* The close runs 0.4 s (ease-in-out): the panel flies up and fades. */
    double prev_y = -200, prev_alpha = 2;
    for (int k = 0; k <= 24; k++) {
        double t = t1 + k / 60.0;
        f = tick(t);
        if (k < 24) assert_false(f & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
        if (k == 21) assert_true(A.finished == BIT(RESTORE)); /* the list side is back at 0.35 s ... */
        /* ... but the lock lasts the whole close (to the clock's rounding). */
        assert_int_equal(F.interaction_enabled, t - t1 >= 0.4 - 1e-9);
        if (t - t1 < 0.4 - 1e-9) {
            assert_true(F.panel_y <= prev_y && F.panel_alpha <= prev_alpha && F.panel_scale_x == 1);
            assert_true(F.weather_y == F.panel_y && F.weather_alpha == F.panel_alpha && F.container_alpha == 1);
            prev_y = F.panel_y;
            prev_alpha = F.panel_alpha;
        }
    }
    assert_int_equal(A.finished, BIT(CLOSE));
    assert_true(A.flags & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
    assert_true((A.flags & SD_PULLDOWN_ACTION_SET_PANEL_OFFSET) && same_bits(A.panel_offset, 0.0));
    assert_true((A.flags & SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET) && A.applets_offset == 57);
    /* Everything reset: scale (0.6, 0.4), offsets 0, the list at rest. */
    expect_rest_frame("after the close");
    sd_pulldown rest;
    sd_pulldown_init(&rest, &CFG, NULL);
    assert_memory_equal(&P.panel, &rest.panel, sizeof P.panel);
    assert_memory_equal(&P.applets, &rest.applets, sizeof P.applets);
    assert_true(P.list.phase == SD_PULLDOWN_IDLE && P.list.offset == -TOP && !P.list.locked);
    /* And it can be pulled open again. */
    send(sd_pulldown_event_drag_began(5, SD_PULLDOWN_SOURCE_LIST, yof(0)));
    for (int i = 1; i <= 10; i++) send(sd_pulldown_event_offset(5 + 0.02 * i, SD_PULLDOWN_SOURCE_LIST, yof(12.0 * i), 1));
    assert_int_equal(P.list.phase, SD_PULLDOWN_PULLING);
}

static void test_restore_collapses_the_balls(void **s) {
    (void)s;
    open_panel(150, 0);
    const double t1 = 3;
    assert_int_equal(send(sd_pulldown_event_close(t1)) & SD_PULLDOWN_ACTION_CLOSE_PANEL,
                     SD_PULLDOWN_ACTION_CLOSE_PANEL);
    int saw_three = 0, saw_centre_only = 0;
    for (int k = 0; k <= 42; k++) {
        double t = t1 + k / 120.0;
        frame_at(t);
        double sfrac = (t - t1) / 0.35;
        if (sfrac > 1) sfrac = 1;
        double b = sfrac >= 1 ? 0.0 : OPEN_NAV + (0.0 - OPEN_NAV) * sfrac;
        sd_pulldown_indicator want;
        sd_pulldown_indicator_at(&CFG, b, &want);
        assert_true(same_bits(F.indicator.alpha, want.alpha));
        assert_memory_equal(&F.indicator.left, &want.left, 3 * sizeof want.left);
        saw_three += want.alpha == 1 && F.indicator.left.alpha > 0 && F.indicator.left.x == -16;
        saw_centre_only += F.indicator.centre.alpha == 1 && F.indicator.left.alpha == 0 && F.indicator.centre.scale > 0;
        if (k == 0) assert_true(F.indicator.alpha == 0 && F.indicator.height == 150);
    }
    /* It passes through the stages backwards: three fading balls, then one shrinking. */
    assert_true(saw_three > 0 && saw_centre_only > 0);
    frame_at(t1 + 0.35);
    assert_true(F.indicator.alpha == 1 && F.indicator.height == 6 && F.indicator.centre.scale == 0);
    assert_true(same_bits(F.nav_top, 0.0) && F.tab_bar_alpha == 1 && F.nav_colour.red == 237);
}

/* Times are negative-free (the clock rule rejects t < 0): the pull-up is
 * released at T0 and every elapsed time is measured as the core measures
 * it, (T0 + t) - T0. */
#define T0 5.0

static void test_pullup_slow_return(void **s) {
    (void)s;
    open_panel(150, 0);
    /* The article's example: up 410, back down to 400, release. */
    send(sd_pulldown_event_drag_began(T0 - 1, SD_PULLDOWN_SOURCE_PANEL, 0));
    const double path[] = { 100, 200, 300, 410, 400 };
    for (int i = 0; i < 5; i++) send(sd_pulldown_event_offset(T0 - 1 + 0.1 * (i + 1), SD_PULLDOWN_SOURCE_PANEL, path[i], 1));
    assert_int_equal(P.panel.phase, SD_PULLDOWN_IDLE);
    uint32_t f = send(sd_pulldown_event_drag_ended(T0, SD_PULLDOWN_SOURCE_PANEL, 400, 0));
    assert_int_equal(f, SD_PULLDOWN_ACTION_START_TRANSITION);
    assert_int_equal(A.started, BIT(RETURN));
    frame_at(T0);
    assert_true(F.panel_offset == 400 && F.panel_offset_driven && F.interaction_enabled);
    sd_pulldown_mirror m;
    sd_pulldown_mirror_at(&CFG, 400, &m);
    assert_true(m.list_offset == 336 && F.list_y == OPEN_NAV - 400);
    /* At 30% of 1.5 s: exactly half way. */
    const double split = CFG.return_duration * CFG.return_split_time;
    double half;
    sd_pulldown_return_offset(&CFG, 400, split, &half);
    assert_true(half == 200);
    frame_at(T0 + split);
    sd_pulldown_return_offset(&CFG, 400, (T0 + split) - T0, &half);
    assert_true(same_bits(F.panel_offset, half) && fabs(F.panel_offset - 200) < 1e-9 && F.panel_y == -half);
    /* Every frame reports the offset and the nav colour follows it. */
    double prev = 400;
    int finished_at = -1;
    for (int k = 1; k <= 100; k++) {
        double t = k / 60.0;
        f = tick(T0 + t);
        double want;
        sd_pulldown_return_offset(&CFG, 400, (T0 + t) - T0, &want);
        if (t < 1.5) {
            assert_true(same_bits(F.panel_offset, want) && F.panel_offset_driven && same_bits(P.panel.offset, want));
        } else {
            assert_true(same_bits(F.panel_offset, 0.0) && !F.panel_offset_driven);
        }
        sd_pulldown_rgb rgb;
        sd_pulldown_nav_colour(&CFG, F.panel_offset, &rgb);
        assert_memory_equal(&F.nav_colour, &rgb, sizeof rgb);
        assert_true(F.panel_offset <= prev);
        prev = F.panel_offset;
        if (f & SD_PULLDOWN_ACTION_FINISH_TRANSITION) {
            finished_at = k;
            assert_true(A.finished == BIT(RETURN) && (f & SD_PULLDOWN_ACTION_SET_PANEL_OFFSET));
        }
        assert_true(F.interaction_enabled);
        assert_int_equal(F.panel_phase, SD_PULLDOWN_IDLE);
    }
    assert_int_equal(finished_at, 90);
    assert_true(F.nav_colour.red == 255 && F.nav_top == OPEN_NAV && sd_pulldown_is_open(&P));
}

static void test_drag_cancels_the_return(void **s) {
    (void)s;
    open_panel(150, 0);
    send(sd_pulldown_event_drag_began(T0 - 1, SD_PULLDOWN_SOURCE_PANEL, 0));
    send(sd_pulldown_event_offset(T0 - 0.5, SD_PULLDOWN_SOURCE_PANEL, 410, 1));
    send(sd_pulldown_event_offset(T0 - 0.4, SD_PULLDOWN_SOURCE_PANEL, 400, 1));
    send(sd_pulldown_event_drag_ended(T0, SD_PULLDOWN_SOURCE_PANEL, 400, 0));
    tick(T0 + 0.3);
    const double at = P.panel.offset;
    double want;
    sd_pulldown_return_offset(&CFG, 400, (T0 + 0.3) - T0, &want);
    assert_true(at == want && at < 400 && at > 200);
    uint32_t f = send(sd_pulldown_event_drag_began(T0 + 0.3, SD_PULLDOWN_SOURCE_PANEL, at));
    assert_int_equal(f, SD_PULLDOWN_ACTION_CANCEL_TRANSITION | SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
    assert_int_equal(A.cancelled, BIT(RETURN));
    assert_true(A.panel_offset == at);
    /* The offset stays where the return left it and is no longer driven. */
    for (double t = 0.4; t < 2.5; t += 0.25) {
        f = tick(T0 + t);
        assert_false(f & SD_PULLDOWN_ACTION_FINISH_TRANSITION);
        assert_true(F.panel_offset == at && !F.panel_offset_driven && F.panel_transition == 0);
    }
    /* The drag goes on as usual: up is pulling, and a release closes. */
    send(sd_pulldown_event_offset(T0 + 2.6, SD_PULLDOWN_SOURCE_PANEL, at + 10, 1));
    assert_int_equal(P.panel.phase, SD_PULLDOWN_PULLING);
    f = send(sd_pulldown_event_drag_ended(T0 + 2.7, SD_PULLDOWN_SOURCE_PANEL, at + 10, 0));
    assert_true(f & SD_PULLDOWN_ACTION_CLOSE_PANEL);
    /* A close while the return runs cancels it as well. */
    open_panel(150, 10);
    send(sd_pulldown_event_drag_began(12, SD_PULLDOWN_SOURCE_PANEL, 0));
    send(sd_pulldown_event_offset(12.1, SD_PULLDOWN_SOURCE_PANEL, 100, 1));
    send(sd_pulldown_event_offset(12.2, SD_PULLDOWN_SOURCE_PANEL, 90, 1));
    send(sd_pulldown_event_drag_ended(12.3, SD_PULLDOWN_SOURCE_PANEL, 90, 0));
    f = send(sd_pulldown_event_close(12.4));
    assert_true((f & SD_PULLDOWN_ACTION_CANCEL_TRANSITION) && A.cancelled == BIT(RETURN));
    assert_int_equal(A.started, BIT(CLOSE) | BIT(RESTORE));
}

static void test_applets_close_through_handle(void **s) {
    (void)s;
    /* Dragging the mini-program list up by 140 closes the panel. */
    open_panel(150, 0);
    send(sd_pulldown_event_drag_began(3, SD_PULLDOWN_SOURCE_APPLETS, 57));
    uint32_t f = send(sd_pulldown_event_drag_ended(3.2, SD_PULLDOWN_SOURCE_APPLETS, 140, 1));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_START_TRANSITION |
                            SD_PULLDOWN_ACTION_LOCK_INTERACTION | SD_PULLDOWN_ACTION_CLOSE_PANEL);
    assert_int_equal(A.started, BIT(CLOSE) | BIT(RESTORE));
    assert_true(P.panel.phase == SD_PULLDOWN_REFRESHING && P.list.phase == SD_PULLDOWN_IDLE);
    tick(3.2 + 0.4);
    expect_rest_frame("after a close by the mini-program list");

    /* Opening a mini-program: nothing until its page appeared. */
    open_panel(150, 10);
    assert_int_equal(send(sd_pulldown_event_applet_opened(12)), 0);
    assert_int_equal(tick(12.5) & SD_PULLDOWN_ACTION_CLOSE_PANEL, 0);
    assert_true(sd_pulldown_is_open(&P));
    f = send(sd_pulldown_event_page_appeared(13));
    assert_true((f & SD_PULLDOWN_ACTION_CLOSE_PANEL) && A.started == (BIT(CLOSE) | BIT(RESTORE)));
    /* The search bar snap goes through too, as an animated scroll. */
    open_panel(150, 20);
    send(sd_pulldown_event_drag_began(22, SD_PULLDOWN_SOURCE_APPLETS, 57));
    f = send(sd_pulldown_event_drag_ended(22.1, SD_PULLDOWN_SOURCE_APPLETS, 40, 0));
    assert_int_equal(f, SD_PULLDOWN_ACTION_SCROLL_APPLETS);
    assert_true(same_bits(A.applets_offset, 0.0));
    /* A close when the panel is not open is refused. */
    sd_pulldown_init(&P, &CFG, NULL);
    sd_pulldown before = P;
    sd_pulldown_event e = sd_pulldown_event_close(1);
    assert_int_equal(sd_pulldown_step(&P, &e, &A, NULL), SD_ERR_STATE);
    assert_memory_equal(&P, &before, sizeof P);
}


/* Reduced motion: the opening lasts 0.2 s instead of 0.35 (the same ease, the same open state), the slow return
 * 0.2 s instead of 1.5 (half way at 30% of it, as before), the close 0.2 s; the frame says so; without the option
 * the same pull is the article's. */
static void test_reduced_motion(void **s) {
    (void)s;
    const double R = SD_PULLDOWN_REDUCED_MOTION_DURATION;
    assert_true(R == 0.2);
    CFG.options = SD_PULLDOWN_OPTION_REDUCED_MOTION;
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_OPEN) == R);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_RESTORE) == R);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_CLOSE) == R);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_RETURN) == R);
    /* A duration already shorter is kept. */
    sd_pulldown_config quick = CFG;
    quick.close_duration = 0.1;
    assert_true(sd_pulldown_transition_duration(&quick, SD_PULLDOWN_TRANSITION_CLOSE) == 0.1);
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(sd_pulldown_event_drag_began(0, SD_PULLDOWN_SOURCE_LIST, yof(0)));
    for (int i = 1; i <= 37; i++) send(sd_pulldown_event_offset(i / 60.0, SD_PULLDOWN_SOURCE_LIST, yof(5.0 * i), 1));
    const double t0 = 1.0;
    send(sd_pulldown_event_drag_ended(t0, SD_PULLDOWN_SOURCE_LIST, yof(185), 0));
    frame_at(t0 + 0.5 * R);
    assert_true(F.reduced_motion == 1 && F.list_transition == SD_PULLDOWN_TRANSITION_OPEN);
    const double e = sd_timing_curve_value(&sd_timing_ease_in_out, 0.5);
    assert_true(fabs(F.nav_top - (185 + (OPEN_NAV - 185) * e)) < 1e-9);
    assert_true(fabs(F.panel_alpha - (0.15 + 0.85 * 0.5)) < 1e-12);
    /* 12 frames at 60 Hz: 0.2 s; the opening ends there (the article's at frame 21). */
    int unlocked_at = -1;
    for (int k = 1; k <= 30; k++) {
        if (tick(t0 + k / 60.0) & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION) unlocked_at = k;
    }
    assert_int_equal(unlocked_at, 12);
    assert_true(F.nav_top == OPEN_NAV && F.panel_alpha == 1 && F.mask_alpha == 0.6 && F.tab_bar_alpha == 0);
    assert_true(sd_pulldown_is_open(&P) && F.reduced_motion == 1);
    /* The slow return from 400: half way at 30% of 0.2 s, over at 0.2 s. */
    const double T1 = t0 + 2;
    send(sd_pulldown_event_drag_began(T1 - 1, SD_PULLDOWN_SOURCE_PANEL, 0));
    const double path[] = { 100, 200, 300, 410, 400 };
    for (int i = 0; i < 5; i++) send(sd_pulldown_event_offset(T1 - 1 + 0.1 * (i + 1), SD_PULLDOWN_SOURCE_PANEL, path[i], 1));
    send(sd_pulldown_event_drag_ended(T1, SD_PULLDOWN_SOURCE_PANEL, 400, 0));
    assert_int_equal(A.started, BIT(RETURN));
    double half;
    sd_pulldown_return_offset(&CFG, 400, R * CFG.return_split_time, &half);
    assert_true(half == 200);
    frame_at(T1 + R * CFG.return_split_time);
    assert_true(fabs(F.panel_offset - 200) < 1e-9);
    int finished_at = -1;
    for (int k = 1; k <= 30; k++) {
        if (tick(T1 + k / 60.0) & SD_PULLDOWN_ACTION_FINISH_TRANSITION) finished_at = k;
    }
    assert_int_equal(finished_at, 12);
    assert_true(same_bits(F.panel_offset, 0.0) && F.nav_top == OPEN_NAV);
    /* Without the option: the article's frame, which says so. */
    CFG.options = 0;
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    frame_at(0);
    assert_int_equal(F.reduced_motion, 0);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_RETURN) == 1.5);
    /* Only the option bits, and the reserved word 0. */
    sd_error err;
    CFG.options = 2;
    assert_int_equal(sd_pulldown_config_validate(&CFG, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "options");
    CFG.options = 0;
    CFG.reserved = 1;
    assert_int_equal(sd_pulldown_config_validate(&CFG, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "reserved");
    CFG.reserved = 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_frame_at_rest_and_pulling, setup),
        cmocka_unit_test_setup(test_open_transition_and_lock, setup),
        cmocka_unit_test_setup(test_open_panel_mirror_frame, setup),
        cmocka_unit_test_setup(test_pullup_release_closes_and_resets, setup),
        cmocka_unit_test_setup(test_restore_collapses_the_balls, setup),
        cmocka_unit_test_setup(test_pullup_slow_return, setup),
        cmocka_unit_test_setup(test_drag_cancels_the_return, setup),
        cmocka_unit_test_setup(test_applets_close_through_handle, setup),
        cmocka_unit_test_setup(test_reduced_motion, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
