/* test_pulldown_machines.c — cmocka tests of the pull-down panel: the list, panel and applets machines one by one (CCore/pulldown_machines.c). */
#include "pulldown_test.h"
#include "../../CCore/pulldown_internal.h"

/* The machines are private: these step one the way the surface does (on
 * copies, committed on success), for events the surface has checked. */
#define SRC SD_PULLDOWN_SOURCE_LIST
#define MACHINE_STEP(name, state_type)                                                                       \
    static sd_status name##_step(const sd_pulldown_config *c, state_type *s, const sd_pulldown_event *e,    \
                                 sd_pulldown_actions *a) {                                                  \
        state_type t = *s;                                                                                   \
        sd_pulldown_actions x = PD_NO_ACTIONS;                                                               \
        sd_status st = sd__pulldown_##name##_apply(c, &t, e, &x);                                            \
        if (st != SD_OK) return st;                                                                          \
        *s = t;                                                                                              \
        *a = x;                                                                                              \
        return SD_OK;                                                                                        \
    }
MACHINE_STEP(list, sd_pulldown_list_state)
MACHINE_STEP(panel, sd_pulldown_panel_state)
MACHINE_STEP(applets, sd_pulldown_applets_state)

/* CLOSE as the surface hands it to the list machine: with the panel's pull-up distance. */
static sd_pulldown_event close_event(double time, double panel_offset) {
    sd_pulldown_event e = sd_pulldown_event_close(time);
    e.offset = panel_offset;
    return e;
}


/* ------------------------------------------------------------------------ */
/* The list machine                                                          */
/* ------------------------------------------------------------------------ */

static sd_pulldown_list_state L;
static sd_pulldown_actions LA;
static int haptics;

static uint32_t lstep(sd_pulldown_event e) {
    assert_int_equal(list_step(&CFG, &L, &e, &LA), SD_OK);
    haptics += (LA.flags & SD_PULLDOWN_ACTION_HAPTIC) != 0;
    return LA.flags;
}

/* A drag sample at pull distance d. */
static uint32_t ldrag(double d, double t) { return lstep(sd_pulldown_event_offset(t, SRC, yof(d), 1)); }

static void test_list_needs_threshold_and_downward_motion(void **s) {
    (void)s;
    L = sd__pulldown_list_initial(&CFG);
    assert_true(L.offset == -64 && L.last_offset == 0 && L.phase == SD_PULLDOWN_IDLE && L.haptic_armed == 1);
    lstep(sd_pulldown_event_drag_began(0, SRC, yof(0)));
    /* Moving down, up to and including cp1: idle. */
    const double below[] = { 10, 30, 60, 89, 90 };
    for (int i = 0; i < 5; i++) {
        assert_int_equal(ldrag(below[i], 0.1 * i), 0);
        assert_int_equal(L.phase, SD_PULLDOWN_IDLE);
    }
    /* Past cp1 and still moving down: pulling, with the haptic. */
    assert_int_equal(ldrag(90.5, 1), SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_HAPTIC);
    assert_int_equal(L.phase, SD_PULLDOWN_PULLING);
    /* An unchanged offset is no movement: still pulling. */
    assert_int_equal(ldrag(90.5, 1.1), 0);
    assert_int_equal(L.phase, SD_PULLDOWN_PULLING);
    /* Moving up while still past cp1: idle. */
    assert_int_equal(ldrag(120 - 30, 1.2), SD_PULLDOWN_ACTION_STATE);
    assert_int_equal(L.phase, SD_PULLDOWN_IDLE);

    /* Past cp1 but moving up: stays idle; threshold alone is not enough. */
    L = sd__pulldown_list_initial(&CFG);
    lstep(sd_pulldown_event_drag_began(0, SRC, yof(0)));
    ldrag(50, 0.1);
    assert_int_equal(ldrag(150, 0.2), SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_HAPTIC);
    assert_int_equal(ldrag(140, 0.3), SD_PULLDOWN_ACTION_STATE);
    assert_int_equal(ldrag(120, 0.4), 0);
    assert_int_equal(ldrag(100, 0.5), 0);
    assert_int_equal(L.phase, SD_PULLDOWN_IDLE);
    /* Downward motion again past cp1: pulling again (no second haptic). */
    assert_int_equal(ldrag(101, 0.6), SD_PULLDOWN_ACTION_STATE);
    assert_int_equal(L.phase, SD_PULLDOWN_PULLING);
    /* Back above cp1 while moving down is impossible; moving up to cp1: idle. */
    assert_int_equal(ldrag(90, 0.7), SD_PULLDOWN_ACTION_STATE);

    /* Offsets above the resting position are recorded but drive nothing. */
    double last = L.last_offset;
    assert_int_equal(lstep(sd_pulldown_event_offset(0.8, SRC, 10, 1)), 0);
    assert_true(L.offset == 10 && L.last_offset == last);

    /* The WeChat preset needs d > 130. */
    sd_pulldown_config w = sd_pulldown_config_wechat();
    sd_pulldown_list_state lw = sd__pulldown_list_initial(&w);
    sd_pulldown_actions a;
    for (double d = 10; d <= 130; d += 10) {
        sd_pulldown_event e = sd_pulldown_event_offset(d, SRC, yof(d), 1);
        assert_int_equal(list_step(&w, &lw, &e, &a), SD_OK);
        assert_int_equal(lw.phase, SD_PULLDOWN_IDLE);
    }
    sd_pulldown_event e = sd_pulldown_event_offset(200, SRC, yof(131), 1);
    assert_int_equal(list_step(&w, &lw, &e, &a), SD_OK);
    assert_int_equal(lw.phase, SD_PULLDOWN_PULLING);
}

static void test_list_move_up_then_release_does_not_open(void **s) {
    (void)s;
    L = sd__pulldown_list_initial(&CFG);
    lstep(sd_pulldown_event_drag_began(0, SRC, yof(0)));
    ldrag(50, 0.1);
    ldrag(100, 0.2);
    assert_int_equal(L.phase, SD_PULLDOWN_PULLING);
    ldrag(95, 0.3); /* a little back up, still past cp1 */
    assert_int_equal(L.phase, SD_PULLDOWN_IDLE);
    /* Release: nothing opens, the list bounces back by itself. */
    assert_int_equal(lstep(sd_pulldown_event_drag_ended(0.4, SRC, yof(95), 0)), 0);
    const double bounce[] = { 90, 60, 20, 0 };
    for (int i = 0; i < 4; i++) {
        assert_int_equal(lstep(sd_pulldown_event_offset(0.5 + 0.1 * i, SRC, yof(bounce[i]), 0)), 0);
        assert_int_equal(L.phase, SD_PULLDOWN_IDLE);
    }
    assert_int_equal(lstep(sd_pulldown_event_frame(2)) & ~0u, 0);
    assert_int_equal(L.transition, SD_PULLDOWN_TRANSITION_NONE);
    assert_int_equal(L.locked, 0);
}

static void test_list_haptic_once_per_gesture(void **s) {
    (void)s;
    L = sd__pulldown_list_initial(&CFG);
    haptics = 0;
    lstep(sd_pulldown_event_drag_began(0, SRC, yof(0)));
    const double path[] = { 40, 80, 100, 95, 120, 110, 130, 100 };
    for (int i = 0; i < 8; i++) ldrag(path[i], 0.1 * i);
    assert_int_equal(haptics, 1);
    assert_int_equal(L.phase, SD_PULLDOWN_IDLE);
    lstep(sd_pulldown_event_drag_ended(1, SRC, yof(100), 0));
    lstep(sd_pulldown_event_offset(1.2, SRC, yof(0), 0));
    /* A new gesture fires again, once. */
    lstep(sd_pulldown_event_drag_began(2, SRC, yof(0)));
    for (int i = 0; i < 8; i++) ldrag(path[i], 2 + 0.1 * i);
    assert_int_equal(haptics, 2);
    /* Without a new drag began, a second pull in the same gesture does not. */
    for (int i = 0; i < 8; i++) ldrag(path[i] + 1, 3 + 0.1 * i);
    assert_int_equal(haptics, 2);
}

static void test_list_release_pins_and_opens(void **s) {
    (void)s;
    const double t0 = 1.0;
    L = sd__pulldown_list_initial(&CFG);
    lstep(sd_pulldown_event_drag_began(0, SRC, yof(0)));
    ldrag(50, 0.5);
    ldrag(100, 0.6);
    ldrag(150, 0.7);
    /* Released by the next scroll report (dragging 0), already rebounding to 148:
     * pinned at the last dragged offset, not at 148. */
    uint32_t f = lstep(sd_pulldown_event_offset(t0, SRC, yof(148), 0));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_PIN_LIST_OFFSET |
                            SD_PULLDOWN_ACTION_START_TRANSITION | SD_PULLDOWN_ACTION_LOCK_INTERACTION);
    assert_true(LA.list_offset == yof(150));
    assert_int_equal(LA.started, BIT(OPEN));
    assert_int_equal(L.phase, SD_PULLDOWN_REFRESHING);
    assert_int_equal(L.transition, SD_PULLDOWN_TRANSITION_OPEN);
    assert_true(L.release_distance == 150 && L.release_offset == yof(150) && L.last_offset == 0 && L.locked);
    assert_true(L.transition_start == t0);

    /* While refreshing, scroll reports and drags change nothing. */
    sd_pulldown_list_state before = L;
    assert_int_equal(lstep(sd_pulldown_event_offset(t0 + 0.1, SRC, yof(300), 0)), 0);
    assert_int_equal(lstep(sd_pulldown_event_offset(t0 + 0.1, SRC, yof(10), 1)), 0);
    assert_int_equal(lstep(sd_pulldown_event_drag_began(t0 + 0.1, SRC, yof(10))), 0);
    assert_int_equal(lstep(sd_pulldown_event_drag_ended(t0 + 0.1, SRC, yof(10), 1)), 0);
    assert_memory_equal(&L, &before, sizeof L);

    /* Locked until the 0.35 s have elapsed. */
    assert_int_equal(lstep(sd_pulldown_event_frame(t0 + 0.34)), 0);
    assert_true(L.locked);
    f = lstep(sd_pulldown_event_frame(t0 + 0.35));
    assert_int_equal(f, SD_PULLDOWN_ACTION_PIN_LIST_OFFSET | SD_PULLDOWN_ACTION_FINISH_TRANSITION |
                            SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
    assert_int_equal(LA.finished, BIT(OPEN));
    assert_true(LA.list_offset == -64 && L.offset == -64);
    assert_int_equal(L.phase, SD_PULLDOWN_REFRESHING);
    assert_int_equal(L.transition, SD_PULLDOWN_TRANSITION_NONE);
    assert_false(L.locked);

    /* Released by drag end instead: the same, pinned at the last offset. */
    L = sd__pulldown_list_initial(&CFG);
    ldrag(50, 0.5);
    ldrag(120, 0.6);
    f = lstep(sd_pulldown_event_drag_ended(t0, SRC, yof(120), 1));
    assert_true((f & SD_PULLDOWN_ACTION_PIN_LIST_OFFSET) && LA.list_offset == yof(120));
    assert_int_equal(L.phase, SD_PULLDOWN_REFRESHING);
}

/* ------------------------------------------------------------------------ */
/* The panel machine                                                         */
/* ------------------------------------------------------------------------ */

static sd_pulldown_panel_state PS;
static sd_pulldown_actions PA;

static uint32_t pstep(sd_pulldown_event e) {
    assert_int_equal(panel_step(&CFG, &PS, &e, &PA), SD_OK);
    return PA.flags;
}

static void test_panel_pulling_rules(void **s) {
    (void)s;
    PS = sd__pulldown_panel_initial();
    pstep(sd_pulldown_event_drag_began(0, SRC, 0));
    assert_int_equal(PS.dragging, 1);
    /* u grows: pulling. */
    assert_int_equal(pstep(sd_pulldown_event_offset(0.1, SRC, 10, 1)), SD_PULLDOWN_ACTION_STATE);
    assert_int_equal(PS.phase, SD_PULLDOWN_PULLING);
    assert_int_equal(pstep(sd_pulldown_event_offset(0.2, SRC, 20, 1)), 0);
    /* u shrinks: idle; unchanged: nothing. */
    assert_int_equal(pstep(sd_pulldown_event_offset(0.3, SRC, 15, 1)), SD_PULLDOWN_ACTION_STATE);
    assert_int_equal(PS.phase, SD_PULLDOWN_IDLE);
    assert_int_equal(pstep(sd_pulldown_event_offset(0.35, SRC, 15, 1)), 0);
    assert_int_equal(PS.phase, SD_PULLDOWN_IDLE);
    /* Pulled down at the top: pinned back to 0, and it is a pull. */
    assert_int_equal(pstep(sd_pulldown_event_offset(0.4, SRC, -5, 1)),
                     SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
    assert_true(PA.panel_offset == 0 && PS.offset == 0);
    assert_int_equal(PS.phase, SD_PULLDOWN_PULLING);
    /* More pull at the top keeps pulling (no flip-flop on every report). */
    for (int i = 0; i < 4; i++) {
        assert_int_equal(pstep(sd_pulldown_event_offset(0.5 + 0.1 * i, SRC, -3 - i, 1)), SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
        assert_int_equal(PS.phase, SD_PULLDOWN_PULLING);
    }
    /* Releasing while pulling closes. */
    uint32_t f = pstep(sd_pulldown_event_drag_ended(1, SRC, 0, 0));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_START_TRANSITION |
                            SD_PULLDOWN_ACTION_LOCK_INTERACTION | SD_PULLDOWN_ACTION_CLOSE_PANEL);
    assert_int_equal(PA.started, BIT(CLOSE));
    assert_int_equal(PS.phase, SD_PULLDOWN_REFRESHING);
    assert_true(PS.locked && !PS.dragging);
    /* While closing everything but the frame is ignored; a second close is refused. */
    sd_pulldown_panel_state before = PS;
    assert_int_equal(pstep(sd_pulldown_event_offset(1.1, SRC, 50, 1)), 0);
    assert_int_equal(pstep(sd_pulldown_event_drag_began(1.1, SRC, 50)), 0);
    sd_pulldown_event close = close_event(1.1, 0);
    assert_int_equal(panel_step(&CFG, &PS, &close, &PA), SD_ERR_STATE);
    assert_memory_equal(&PS, &before, sizeof PS);
    f = pstep(sd_pulldown_event_frame(1.4));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_SET_PANEL_OFFSET |
                            SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET | SD_PULLDOWN_ACTION_FINISH_TRANSITION |
                            SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
    assert_true(PA.panel_offset == 0 && PA.applets_offset == 57);
    sd_pulldown_panel_state rest = sd__pulldown_panel_initial();
    assert_memory_equal(&PS, &rest, sizeof PS);

    /* The article uses its own dragging flag: a report saying "dragging" after
     * the drag ended does not keep a pull alive. */
    PS = sd__pulldown_panel_initial();
    pstep(sd_pulldown_event_drag_began(0, SRC, 0));
    pstep(sd_pulldown_event_offset(0.1, SRC, 30, 1));
    PS.dragging = 0; /* as after a drag end seen while idle */
    f = pstep(sd_pulldown_event_offset(0.2, SRC, 40, 1));
    assert_true(f & SD_PULLDOWN_ACTION_CLOSE_PANEL);

    /* A release while idle with u > 0 starts the return; deceleration is stopped. */
    PS = sd__pulldown_panel_initial();
    pstep(sd_pulldown_event_drag_began(0, SRC, 0));
    pstep(sd_pulldown_event_offset(0.1, SRC, 410, 1));
    pstep(sd_pulldown_event_offset(0.2, SRC, 400, 1));
    assert_int_equal(PS.phase, SD_PULLDOWN_IDLE);
    f = pstep(sd_pulldown_event_drag_ended(0.3, SRC, 400, 1));
    assert_int_equal(f, SD_PULLDOWN_ACTION_START_TRANSITION | SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION);
    assert_int_equal(PA.started, BIT(RETURN));
    assert_true(PS.from_offset == 400 && PS.transition == SD_PULLDOWN_TRANSITION_RETURN && !PS.locked);
    /* Released idle at the top: nothing to return. */
    PS = sd__pulldown_panel_initial();
    pstep(sd_pulldown_event_drag_began(0, SRC, 0));
    assert_int_equal(pstep(sd_pulldown_event_drag_ended(0.1, SRC, 0, 0)), 0);
    /* Deceleration ending away from the top starts the return too. */
    PS = sd__pulldown_panel_initial();
    pstep(sd_pulldown_event_offset(0.1, SRC, 80, 0));
    assert_int_equal(pstep(sd_pulldown_event_deceleration_ended(0.2, SRC, 80)), SD_PULLDOWN_ACTION_START_TRANSITION);
}

/* ------------------------------------------------------------------------ */
/* The mini-program list                                                     */
/* ------------------------------------------------------------------------ */

static uint32_t applets(sd_pulldown_applets_state *st, sd_pulldown_event e, sd_pulldown_actions *a) {
    assert_int_equal(applets_step(&CFG, st, &e, a), SD_OK);
    return a->flags;
}

static void test_applets_rules(void **s) {
    (void)s;
    sd_pulldown_applets_state st = sd__pulldown_applets_initial();
    sd_pulldown_actions a;
#define APPLETS(ev) applets(&st, (ev), &a)
    /* Drag ends inside the search bar moving up (offset grew): hide it. */
    APPLETS(sd_pulldown_event_drag_began(0, SRC, 10));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(0.1, SRC, 30, 0)), SD_PULLDOWN_ACTION_SCROLL_APPLETS);
    assert_true(a.applets_offset == 57);
    /* Moving down: show it. */
    APPLETS(sd_pulldown_event_drag_began(1, SRC, 50));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(1.1, SRC, 20, 0)), SD_PULLDOWN_ACTION_SCROLL_APPLETS);
    assert_true(same_bits(a.applets_offset, 0.0));
    /* Outside (0, 57): no snap. */
    APPLETS(sd_pulldown_event_drag_began(2, SRC, 20));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(2.1, SRC, 57, 0)), 0);
    APPLETS(sd_pulldown_event_drag_began(3, SRC, 20));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(3.1, SRC, 0, 0)), 0);
    /* Decelerating: the snap waits for the deceleration to end, with the drag's direction. */
    APPLETS(sd_pulldown_event_drag_began(4, SRC, 5));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(4.1, SRC, 25, 1)), 0);
    assert_int_equal(APPLETS(sd_pulldown_event_deceleration_ended(4.5, SRC, 40)), SD_PULLDOWN_ACTION_SCROLL_APPLETS);
    assert_true(a.applets_offset == 57);
    /* Dragged up by 135 or more: close; 134.9 does not. */
    APPLETS(sd_pulldown_event_drag_began(5, SRC, 0));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(5.1, SRC, 134.9, 0)), 0);
    APPLETS(sd_pulldown_event_drag_began(6, SRC, 0));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(6.1, SRC, 135, 0)), SD_PULLDOWN_ACTION_CLOSE_PANEL);
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(6.2, SRC, 140, 1)), SD_PULLDOWN_ACTION_CLOSE_PANEL);
    /* A mini-program closes the panel only once its page appeared. */
    assert_int_equal(APPLETS(sd_pulldown_event_page_appeared(7)), 0);
    assert_int_equal(APPLETS(sd_pulldown_event_applet_opened(7.1)), 0);
    assert_int_equal(st.close_pending, 1);
    assert_int_equal(APPLETS(sd_pulldown_event_frame(7.2)), 0);
    assert_int_equal(APPLETS(sd_pulldown_event_page_appeared(7.5)), SD_PULLDOWN_ACTION_CLOSE_PANEL);
    assert_int_equal(APPLETS(sd_pulldown_event_page_appeared(7.6)), 0);
#undef APPLETS
}


int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_list_needs_threshold_and_downward_motion, setup),
        cmocka_unit_test_setup(test_list_move_up_then_release_does_not_open, setup),
        cmocka_unit_test_setup(test_list_haptic_once_per_gesture, setup),
        cmocka_unit_test_setup(test_list_release_pins_and_opens, setup),
        cmocka_unit_test_setup(test_panel_pulling_rules, setup),
        cmocka_unit_test_setup(test_applets_rules, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
