/* test_pulldown_step.c — cmocka tests of the pull-down panel: rejected input, the time rule, reconfigure, frame-rate independence and the fuzzers' findings (CCore/pulldown.c). */
#include "pulldown_test.h"


/* ------------------------------------------------------------------------ */
/* Rejected input                                                            */
/* ------------------------------------------------------------------------ */

static void fill(sd_pulldown_actions *a) { memset(a, 0xAB, sizeof *a); }

static sd_pulldown_event raw_event(uint32_t type, uint32_t source, double offset, int flag, double time) {
    sd_pulldown_event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.source = source;
    e.offset = offset;
    e.flag = flag ? 1u : 0u;
    e.time = time;
    return e;
}

/* Steps `e` on a copy of `state`, expects `status` and the field named, and
 * (on rejection) the copy and the actions bit for bit unchanged. */
static void expect_rejected(const sd_pulldown *state, sd_pulldown_event e, sd_status status, const char *field) {
    sd_pulldown p = *state;
    sd_pulldown_actions a, a0;
    fill(&a);
    a0 = a;
    sd_error err;
    assert_int_equal(sd_pulldown_step(&p, &e, &a, &err), status);
    assert_int_equal(err.status, status);
    assert_string_equal(err.field, field);
    assert_memory_equal(&p, state, sizeof p);
    assert_memory_equal(&a, &a0, sizeof a);
}

static void test_non_finite_input_leaves_state_unchanged(void **s) {
    (void)s;
    const double bad[] = { NAN, INFINITY, -INFINITY };
    const sd_pulldown_event_type with_offset[] = { SD_PULLDOWN_EVENT_OFFSET_CHANGED, SD_PULLDOWN_EVENT_DRAG_BEGAN,
                                                   SD_PULLDOWN_EVENT_DRAG_ENDED,
                                                   SD_PULLDOWN_EVENT_DECELERATION_ENDED };
    /* States worth protecting: pulling on the list; the panel open and pulled up. */
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(sd_pulldown_event_drag_began(0, SD_PULLDOWN_SOURCE_LIST, yof(0)));
    for (int i = 1; i <= 20; i++) send(sd_pulldown_event_offset(i / 60.0, SD_PULLDOWN_SOURCE_LIST, yof(6.0 * i), 1));
    assert_int_equal(P.list.phase, SD_PULLDOWN_PULLING);
    sd_pulldown pulling = P;
    open_panel(150, 0);
    send(sd_pulldown_event_drag_began(3, SD_PULLDOWN_SOURCE_PANEL, 0));
    send(sd_pulldown_event_offset(3.1, SD_PULLDOWN_SOURCE_PANEL, 80, 1));
    sd_pulldown open = P;
    const sd_pulldown *states[] = { &pulling, &open };

    for (int which = 0; which < 2; which++) {
        for (int b = 0; b < 3; b++) {
            for (uint32_t src = 0; src < 3; src++) {
                /* A non-finite offset. */
                for (int k = 0; k < 4; k++)
                    expect_rejected(states[which], raw_event(with_offset[k], src, bad[b], 1, 4), SD_ERR_NOT_FINITE,
                                    "offset");
                /* A non-finite time, for every event type. */
                for (uint32_t type = 0; type <= SD_PULLDOWN_EVENT_PAGE_APPEARED; type++)
                    expect_rejected(states[which], raw_event(type, src, 10, 1, bad[b]), SD_ERR_NOT_FINITE, "time");
            }
            /* The frame. */
            sd_pulldown_frame fr, fr0;
            memset(&fr, 0x3C, sizeof fr);
            fr0 = fr;
            assert_int_equal(sd_pulldown_frame_at(states[which], bad[b], &fr), SD_ERR_NOT_FINITE);
            assert_memory_equal(&fr, &fr0, sizeof fr);
        }
        /* A negative time. */
        expect_rejected(states[which], sd_pulldown_event_frame(-1e-300), SD_ERR_RANGE, "time");
        expect_rejected(states[which], sd_pulldown_event_offset(-1, SD_PULLDOWN_SOURCE_LIST, yof(10), 1),
                        SD_ERR_RANGE, "time");
    }
    /* Frames, CLOSE and page events ignore the offset field. */
    P = pulling;
    send(raw_event(SD_PULLDOWN_EVENT_FRAME, SD_PULLDOWN_SOURCE_LIST, NAN, 0, 5));
    P = open;
    send(raw_event(SD_PULLDOWN_EVENT_CLOSE, SD_PULLDOWN_SOURCE_PANEL, NAN, 0, 5));
    assert_true(P.panel.transition == SD_PULLDOWN_TRANSITION_CLOSE && P.panel.from_offset == 80);
}

static void test_bad_arguments(void **s) {
    (void)s;
    sd_pulldown p;
    sd_pulldown_init(&p, &CFG, NULL);
    sd_pulldown before = p;
    sd_pulldown_actions a;
    fill(&a);
    sd_pulldown_actions a0 = a;
    sd_error err;
    sd_pulldown_event e = sd_pulldown_event_offset(0, SD_PULLDOWN_SOURCE_LIST, -100, 1);
    assert_int_equal(sd_pulldown_step(NULL, &e, &a, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "pulldown");
    assert_int_equal(sd_pulldown_step(&p, NULL, &a, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "event");
    assert_int_equal(sd_pulldown_step(&p, &e, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "actions");
    expect_rejected(&p, raw_event(SD_PULLDOWN_EVENT_OFFSET_CHANGED, 3, -100, 1, 0), SD_ERR_RANGE, "source");
    expect_rejected(&p, raw_event(8, SD_PULLDOWN_SOURCE_LIST, -100, 1, 0), SD_ERR_RANGE, "type");
    expect_rejected(&p, sd_pulldown_event_close(1), SD_ERR_STATE, "type");
    assert_int_equal(sd_pulldown_frame_at(NULL, 0, &F), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_frame_at(&p, 0, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_init(NULL, &CFG, &err), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_init(&p, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
    assert_int_equal(sd_pulldown_reconfigure(NULL, &CFG, &err), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_reconfigure(&p, NULL, &err), SD_ERR_NULL);
    assert_memory_equal(&p, &before, sizeof p);
    assert_memory_equal(&a, &a0, sizeof a);
    assert_false(sd_pulldown_is_open(NULL));
    /* Durations by kind. */
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_OPEN) == 0.35);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_RESTORE) == 0.35);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_CLOSE) == 0.4);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_RETURN) == 1.5);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_NONE) == 0);
    assert_true(sd_pulldown_transition_duration(NULL, SD_PULLDOWN_TRANSITION_OPEN) == 0);
    /* Event constructors: time first, the source where the event needs one. */
    e = sd_pulldown_event_drag_ended(3, SD_PULLDOWN_SOURCE_PANEL, 12.5, 7);
    assert_true(e.type == SD_PULLDOWN_EVENT_DRAG_ENDED && e.source == SD_PULLDOWN_SOURCE_PANEL && e.flag == 1 &&
                e.offset == 12.5 && e.time == 3 && e.reserved == 0);
    e = sd_pulldown_event_frame(9);
    assert_true(e.type == SD_PULLDOWN_EVENT_FRAME && e.flag == 0 && e.offset == 0 && e.time == 9);
    e = sd_pulldown_event_page_appeared(2);
    assert_true(e.type == SD_PULLDOWN_EVENT_PAGE_APPEARED && e.source == SD_PULLDOWN_SOURCE_APPLETS && e.time == 2);
}

/* ------------------------------------------------------------------------ */
/* The four verbs alone                                                      */
/* ------------------------------------------------------------------------ */

/* Drives a panel only through init / step / frame_at / reconfigure: open it,
 * pull it up, let it return, close it; at every step a rejected event and a
 * rejected configuration leave the struct bit for bit unchanged, and
 * frame_at neither changes the struct nor depends on anything but it and
 * the time. */
static void test_four_verbs_only(void **s) {
    (void)s;
    sd_pulldown p;
    sd_error err;
    assert_int_equal(sd_pulldown_init(&p, &CFG, &err), SD_OK);
    assert_true(p.time == 0 && sd_pulldown_frame_at(&p, 0, &F) == SD_OK && F.interaction_enabled);
    sd_pulldown_config bad = CFG;
    bad.cp1 = bad.cp0;
    sd_pulldown_event script[40];
    int n = 0;
    script[n++] = sd_pulldown_event_drag_began(0.1, SD_PULLDOWN_SOURCE_LIST, yof(0));
    for (int i = 1; i <= 10; i++) script[n++] = sd_pulldown_event_offset(0.1 + 0.02 * i, SD_PULLDOWN_SOURCE_LIST, yof(16.0 * i), 1);
    script[n++] = sd_pulldown_event_drag_ended(0.4, SD_PULLDOWN_SOURCE_LIST, yof(160), 0);
    script[n++] = sd_pulldown_event_frame(0.6);
    script[n++] = sd_pulldown_event_frame(0.8);
    script[n++] = sd_pulldown_event_drag_began(1.0, SD_PULLDOWN_SOURCE_PANEL, 0);
    script[n++] = sd_pulldown_event_offset(1.05, SD_PULLDOWN_SOURCE_PANEL, 40, 1);
    script[n++] = sd_pulldown_event_offset(1.1, SD_PULLDOWN_SOURCE_PANEL, 30, 1);
    script[n++] = sd_pulldown_event_drag_ended(1.15, SD_PULLDOWN_SOURCE_PANEL, 30, 0);
    script[n++] = sd_pulldown_event_frame(1.5);
    script[n++] = sd_pulldown_event_frame(3.0);
    script[n++] = sd_pulldown_event_close(3.1);
    script[n++] = sd_pulldown_event_frame(3.6);
    int opened = 0, returned = 0;
    for (int i = 0; i < n; i++) {
        const sd_pulldown before = p;
        /* Rejected: an unknown type, a NaN time, an invalid configuration. */
        sd_pulldown_event e = script[i];
        e.type = 99;
        sd_pulldown_actions a;
        memset(&a, 0x77, sizeof a);
        const sd_pulldown_actions a0 = a;
        assert_int_equal(sd_pulldown_step(&p, &e, &a, &err), SD_ERR_RANGE);
        e = script[i];
        e.time = NAN;
        assert_int_equal(sd_pulldown_step(&p, &e, &a, &err), SD_ERR_NOT_FINITE);
        assert_int_equal(sd_pulldown_reconfigure(&p, &bad, &err), SD_ERR_ORDER);
        assert_string_equal(err.field, "cp1");
        assert_memory_equal(&p, &before, sizeof p);
        assert_memory_equal(&a, &a0, sizeof a);
        /* frame_at is pure: twice the same bits, the struct untouched. */
        sd_pulldown_frame f1, f2;
        memset(&f1, 0x11, sizeof f1);
        memset(&f2, 0x22, sizeof f2);
        assert_int_equal(sd_pulldown_frame_at(&p, script[i].time, &f1), SD_OK);
        assert_int_equal(sd_pulldown_frame_at(&p, script[i].time, &f2), SD_OK);
        assert_memory_equal(&f1, &f2, sizeof f1);
        assert_memory_equal(&p, &before, sizeof p);
        /* Accepted. */
        assert_int_equal(sd_pulldown_step(&p, &script[i], &a, &err), SD_OK);
        assert_int_equal(err.status, SD_OK);
        assert_true(p.time == script[i].time);
        assert_int_equal(sd_pulldown_frame_at(&p, p.time, &F), SD_OK);
        opened |= p.list.phase == SD_PULLDOWN_REFRESHING && p.list.transition == SD_PULLDOWN_TRANSITION_NONE;
        returned |= F.panel_offset_driven;
    }
    assert_true(opened && returned);
    assert_true(p.list.phase == SD_PULLDOWN_IDLE && F.interaction_enabled && F.container_alpha == 0);
    /* A valid reconfigure keeps the state and the clock. */
    sd_pulldown before = p;
    sd_pulldown_config tall = CFG;
    tall.screen_height = 812;
    assert_int_equal(sd_pulldown_reconfigure(&p, &tall, &err), SD_OK);
    assert_memory_equal(&p.list, &before.list, sizeof p.list);
    assert_memory_equal(&p.panel, &before.panel, sizeof p.panel);
    assert_true(p.time == before.time && p.config.screen_height == 812);
}

/* The shared time rule: an event earlier than the clock counts at the clock,
 * and so does a frame time. Before it, a DRAG_ENDED at t = 0 after an
 * opening that started at t = 400 started a close in the past, and the
 * frame at t = 300 showed the opening still running, interaction locked. */
static void test_events_before_the_clock_count_at_the_clock(void **s) {
    (void)s;
    open_panel(150, 399); /* released at t = 400, opened by the tick at 400.35 */
    assert_true(P.list.transition_start == 400 && P.time == 400 + CFG.transition_duration);
    sd_pulldown_frame now;
    frame_at(P.time);
    now = F;
    frame_at(300);
    assert_memory_equal(&F, &now, sizeof F);
    assert_true(F.interaction_enabled && F.list_transition == SD_PULLDOWN_TRANSITION_NONE);
    /* The panel pulled up past the close point, then released "at t = 0". */
    send(sd_pulldown_event_drag_began(400.4, SD_PULLDOWN_SOURCE_PANEL, 0));
    send(sd_pulldown_event_offset(400.45, SD_PULLDOWN_SOURCE_PANEL, 60, 1));
    assert_int_equal(P.panel.phase, SD_PULLDOWN_PULLING);
    send(sd_pulldown_event_drag_ended(0, SD_PULLDOWN_SOURCE_PANEL, 60, 0));
    assert_true(P.panel.transition == SD_PULLDOWN_TRANSITION_CLOSE && P.panel.transition_start == 400.45);
    assert_true(P.list.transition == SD_PULLDOWN_TRANSITION_RESTORE && P.list.transition_start == 400.45);
    assert_true(P.time == 400.45);
    /* A frame "at t = 300" is the frame at the clock: the close just started. */
    frame_at(300);
    now = F;
    frame_at(400.45);
    assert_memory_equal(&F, &now, sizeof F);
    assert_true(!F.interaction_enabled && F.panel_transition == SD_PULLDOWN_TRANSITION_CLOSE);
    /* A FRAME event in the past finishes nothing; the real end does. */
    tick(1);
    assert_true(P.panel.transition == SD_PULLDOWN_TRANSITION_CLOSE && P.time == 400.45);
    tick(400.45 + 0.4);
    assert_true(!sd_pulldown_is_open(&P) && F.interaction_enabled);
}

/* docs/surfaces.md's C example ("The pull-down panel"), as written there. */
static void test_readme_c_example(void **s) {
    (void)s;
    /* --- docs/surfaces.md: C pull-down example --- */
    sd_pulldown p;
    sd_pulldown_config config = sd_pulldown_config_article();
    sd_error err;
    if (sd_pulldown_init(&p, &config, &err) != SD_OK) { /* err.field, err.rule */ }

    sd_pulldown_actions actions;
    sd_pulldown_event e = sd_pulldown_event_drag_began(0.0, SD_PULLDOWN_SOURCE_LIST, -64.0);
    sd_pulldown_step(&p, &e, &actions, &err);            /* perform actions.flags (offsets first) */
    e = sd_pulldown_event_offset(0.1, SD_PULLDOWN_SOURCE_LIST, -64.0 - 150.0, 1);
    sd_pulldown_step(&p, &e, &actions, &err);            /* past cp1 moving down: pulling, haptic */
    e = sd_pulldown_event_drag_ended(0.2, SD_PULLDOWN_SOURCE_LIST, -214.0, 0);
    sd_pulldown_step(&p, &e, &actions, &err);            /* released: the panel opens */

    e = sd_pulldown_event_frame(0.3);                    /* once per display frame: */
    sd_pulldown_step(&p, &e, &actions, &err);            /*   finishes due transitions */
    sd_pulldown_frame frame;
    sd_pulldown_frame_at(&p, 0.3, &frame);               /*   everything the views apply */

    config.screen_height = 812;                          /* rotated: new numbers, state kept */
    sd_pulldown_reconfigure(&p, &config, &err);
    /* --- end of README example --- */
    assert_int_equal(err.status, SD_OK);
    assert_true(p.list.phase == SD_PULLDOWN_REFRESHING && p.list.transition == SD_PULLDOWN_TRANSITION_OPEN);
    assert_true(frame.list_transition == SD_PULLDOWN_TRANSITION_OPEN && !frame.interaction_enabled);
    assert_true(p.config.screen_height == 812 && p.time == 0.3);
}

/* sd_pulldown_needs_frames: through a pull, its haptic, the open transition
 * until a FRAME ends it, and rest. */
static void test_needs_frames(void **s) {
    (void)s;
    sd_pulldown p;
    sd_pulldown_init(&p, &CFG, NULL);
    sd_pulldown_actions a;
    assert_false(sd_pulldown_needs_frames(&p));
    assert_false(sd_pulldown_needs_frames(NULL));
    sd_pulldown_event e = sd_pulldown_event_drag_began(0.0, SD_PULLDOWN_SOURCE_LIST, yof(0));
    sd_pulldown_step(&p, &e, &a, NULL);
    assert_false(sd_pulldown_needs_frames(&p)); /* a finger alone: its scroll view reports, nothing runs here */
    e = sd_pulldown_event_offset(0.1, SD_PULLDOWN_SOURCE_LIST, yof(150), 1);
    sd_pulldown_step(&p, &e, &a, NULL);
    assert_true(p.list.haptic_pending);
    assert_true(sd_pulldown_needs_frames(&p)); /* the haptic shows in the next frame */
    e = sd_pulldown_event_frame(0.11);
    sd_pulldown_step(&p, &e, &a, NULL);
    assert_true(p.list.haptic_frame && sd_pulldown_needs_frames(&p)); /* and the one after clears it */
    e = sd_pulldown_event_frame(0.12);
    sd_pulldown_step(&p, &e, &a, NULL);
    assert_false(sd_pulldown_needs_frames(&p));
    e = sd_pulldown_event_drag_ended(0.2, SD_PULLDOWN_SOURCE_LIST, yof(150), 0);
    sd_pulldown_step(&p, &e, &a, NULL);
    assert_int_equal(p.list.transition, SD_PULLDOWN_TRANSITION_OPEN);
    assert_true(sd_pulldown_needs_frames(&p));
    /* Past its end time the frame shows the end, but the transition ends (and
     * does what it does then) only with a FRAME: frames are still needed. */
    sd_pulldown_frame f;
    sd_pulldown_frame_at(&p, 5.0, &f);
    assert_int_equal(f.list_transition, SD_PULLDOWN_TRANSITION_NONE);
    assert_true(sd_pulldown_needs_frames(&p));
    e = sd_pulldown_event_frame(5.0);
    sd_pulldown_step(&p, &e, &a, NULL);
    assert_int_equal(p.list.transition, SD_PULLDOWN_TRANSITION_NONE);
    assert_int_equal(p.list.phase, SD_PULLDOWN_REFRESHING);
    assert_false(sd_pulldown_needs_frames(&p)); /* open and settled */
}

/* ------------------------------------------------------------------------ */
/* Frame-rate independence                                                   */
/* ------------------------------------------------------------------------ */

typedef struct scripted {
    double time;
    sd_pulldown_event event;
} scripted;

/* Open, pull the panel up 410 and back to 400, release, let it return,
 * drag again mid-return, then pull up and close. Events at fixed times; the
 * clock ticks in between at `hz`. Frames at every 1/60 s are recorded. */
static int run_script(int hz, sd_pulldown_frame *frames, int max_frames) {
    scripted script[64];
    int n = 0;
#define AT(t, ev) (script[n].time = (t), script[n].event = (ev), n++)
    AT(0.001, sd_pulldown_event_drag_began(0.001, SD_PULLDOWN_SOURCE_LIST, yof(0)));
    for (int i = 1; i <= 12; i++) AT(0.01 + 0.03 * i, sd_pulldown_event_offset(0.01 + 0.03 * i, SD_PULLDOWN_SOURCE_LIST, yof(15.0 * i), 1));
    AT(0.45, sd_pulldown_event_drag_ended(0.45, SD_PULLDOWN_SOURCE_LIST, yof(180), 0));
    AT(1.0, sd_pulldown_event_drag_began(1.0, SD_PULLDOWN_SOURCE_PANEL, 0));
    for (int i = 1; i <= 5; i++) AT(1.0 + 0.04 * i, sd_pulldown_event_offset(1.0 + 0.04 * i, SD_PULLDOWN_SOURCE_PANEL, 82.0 * i, 1));
    AT(1.25, sd_pulldown_event_offset(1.25, SD_PULLDOWN_SOURCE_PANEL, 400, 1));
    AT(1.3, sd_pulldown_event_drag_ended(1.3, SD_PULLDOWN_SOURCE_PANEL, 400, 0));
    AT(2.0, sd_pulldown_event_drag_began(2.0, SD_PULLDOWN_SOURCE_PANEL, 0)); /* value unused by the panel machine */
    AT(2.05, sd_pulldown_event_offset(2.05, SD_PULLDOWN_SOURCE_PANEL, 300, 1));
    AT(2.1, sd_pulldown_event_offset(2.1, SD_PULLDOWN_SOURCE_PANEL, 320, 1));
    AT(2.15, sd_pulldown_event_drag_ended(2.15, SD_PULLDOWN_SOURCE_PANEL, 320, 1));
#undef AT
    sd_pulldown p;
    sd_pulldown_init(&p, &CFG, NULL);
    sd_pulldown_actions a;
    int next = 0, recorded = 0, haptic_frames = 0;
    const int ticks = 3 * hz;
    for (int k = 0; k <= ticks; k++) {
        double t = (double)k / hz;
        while (next < n && script[next].time <= t) {
            assert_int_equal(sd_pulldown_step(&p, &script[next].event, &a, NULL), SD_OK);
            next++;
        }
        sd_pulldown_frame fr;
        sd_pulldown_event frame = sd_pulldown_event_frame(t);
        assert_int_equal(sd_pulldown_step(&p, &frame, &a, NULL), SD_OK);
        assert_int_equal(sd_pulldown_frame_at(&p, t, &fr), SD_OK);
        haptic_frames += fr.haptic;
        if (k % (hz / 60) == 0 && recorded < max_frames) {
            fr.haptic = 0; /* per-frame by nature: counted, not compared */
            frames[recorded++] = fr;
        }
    }
    assert_int_equal(haptic_frames, 1);
    assert_int_equal(p.list.phase, SD_PULLDOWN_IDLE);
    return recorded;
}

static void test_60_and_120_hz_agree(void **s) {
    (void)s;
    static sd_pulldown_frame f60[200], f120[200];
    int n60 = run_script(60, f60, 200), n120 = run_script(120, f120, 200);
    assert_int_equal(n60, 181);
    assert_int_equal(n120, 181);
    for (int i = 0; i < n60; i++)
        if (memcmp(&f60[i], &f120[i], sizeof f60[i]) != 0) fail_msg("frame %d (t = %d/60) differs", i, i);
    /* Determinism: the same run twice gives the same bits. */
    static sd_pulldown_frame again[200];
    run_script(60, again, 200);
    assert_memory_equal(f60, again, sizeof(sd_pulldown_frame) * 181);
    /* The script did what it says: opened, returned partly, closed. */
    int opened = 0, returned = 0;
    for (int i = 0; i < n60; i++) {
        opened |= f60[i].list_phase == SD_PULLDOWN_REFRESHING && f60[i].panel_alpha == 1;
        returned |= f60[i].panel_offset_driven;
    }
    assert_true(opened && returned);
    assert_int_equal(f60[180].container_alpha, 0);
}

/* ------------------------------------------------------------------------ */
/* The fuzzers' findings (Tests/Fuzz/fuzz_pulldown.c), each with its input    */
/* ------------------------------------------------------------------------ */

/* P1: a tick at transition_start + duration ends the transition at any clock
 * value, also where the clock's resolution is coarser than the 1e-9 s
 * allowance. */
static void test_fuzz_p1_end_tick_at_a_late_clock(void **s) {
    (void)s;
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    const double t0 = 2.19e8;
    send(sd_pulldown_event_offset(t0, SD_PULLDOWN_SOURCE_LIST, -400, 1));
    uint32_t f = send(sd_pulldown_event_offset(t0, SD_PULLDOWN_SOURCE_LIST, -400, 0)); /* release: OPEN starts */
    assert_true(f & SD_PULLDOWN_ACTION_START_TRANSITION);
    assert_true(A.started == BIT(OPEN) && P.list.transition_start == t0 && P.list.locked);
    const double end = P.list.transition_start + sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_OPEN);
    /* What made the finding: the elapsed time at the end misses 0.35 s by more than 1e-9 s. */
    assert_true(end - t0 < 0.35 - 1e-9);
    /* A frame one clock step before the end still runs it ... */
    f = tick(nextafter(end, 0));
    assert_int_equal(f, 0);
    assert_true(P.list.transition == SD_PULLDOWN_TRANSITION_OPEN && !F.interaction_enabled);
    /* ... and the frame at the end finishes it: list offset reset, unlocked. */
    f = tick(end);
    assert_int_equal(f, SD_PULLDOWN_ACTION_PIN_LIST_OFFSET | SD_PULLDOWN_ACTION_FINISH_TRANSITION |
                            SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
    assert_true(A.finished == BIT(OPEN) && A.list_offset == -TOP);
    assert_true(P.list.transition == SD_PULLDOWN_TRANSITION_NONE && !P.list.locked);
    assert_true(F.interaction_enabled && F.list_transition == SD_PULLDOWN_TRANSITION_NONE && F.nav_top == OPEN_NAV);

    /* At DBL_MAX no later time exists: start + duration rounds to the start,
     * so the transition is over at once and that very time's tick ends it. */
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(sd_pulldown_event_offset(DBL_MAX, SD_PULLDOWN_SOURCE_LIST, -400, 1));
    send(sd_pulldown_event_offset(DBL_MAX, SD_PULLDOWN_SOURCE_LIST, -400, 0));
    assert_true(P.list.transition == SD_PULLDOWN_TRANSITION_OPEN && P.list.locked);
    f = tick(DBL_MAX);
    assert_true((f & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION) && A.finished == BIT(OPEN));
    assert_true(P.list.transition == SD_PULLDOWN_TRANSITION_NONE && sd_pulldown_is_open(&P));
}

/* P2: screen heights past SD_PULLDOWN_MAX_SCREEN_HEIGHT are refused; at the
 * limit the open panel's frame is finite. */
static void test_fuzz_p2_screen_height_bounded(void **s) {
    (void)s;
    sd_pulldown_config c = sd_pulldown_config_article();
    c.screen_height = DBL_MAX;
    sd_error err;
    sd_pulldown p;
    memset(&p, 0x5A, sizeof p);
    sd_pulldown before = p;
    assert_int_equal(sd_pulldown_init(&p, &c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "screen_height");
    assert_memory_equal(&p, &before, sizeof p);

    /* The finding's events with the tallest screen allowed. */
    CFG.screen_height = SD_PULLDOWN_MAX_SCREEN_HEIGHT;
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(sd_pulldown_event_offset(1.0, SD_PULLDOWN_SOURCE_LIST, -400, 1));
    send(sd_pulldown_event_drag_ended(1.1, SD_PULLDOWN_SOURCE_LIST, -400, 0));
    frame_at(5.0);
    assert_true(F.list_phase == SD_PULLDOWN_REFRESHING && F.list_transition == SD_PULLDOWN_TRANSITION_NONE);
    assert_true(F.panel_content_height == 2e7);
    assert_true(F.nav_top == 1e6 - TOP && F.tab_bar_y == 1e6);
    const double *v = &F.nav_top;
    size_t n = (size_t)((const char *)&F.interaction_enabled - (const char *)&F.nav_top) / sizeof(double);
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i])) fail_msg("frame value %zu is %g", i, v[i]);
}


/* sd_pulldown_validate: a restored surface is checked whole; each
 * corruption is refused with SD_ERR_STATE naming the field. */
static void test_validate_restored_panels(void **state) {
    (void)state;
    sd_pulldown_config c = sd_pulldown_config_article();
    sd_pulldown good;
    assert_int_equal(sd_pulldown_init(&good, &c, NULL), SD_OK);
    sd_error err;
    assert_int_equal(sd_pulldown_validate(&good, &err), SD_OK);
    assert_int_equal(sd_pulldown_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "pulldown");
#define CORRUPT(change, field_name)                                                                     \
    do {                                                                                                \
        sd_pulldown bad = good;                                                                         \
        change;                                                                                         \
        sd_status st_ = sd_pulldown_validate(&bad, &err);                                               \
        if (st_ != SD_ERR_STATE || strcmp(err.field, field_name) != 0)                                  \
            fail_msg("%s: %s %s, expected state %s", #change, sd_status_name(st_), err.field, field_name); \
    } while (0)
    CORRUPT(bad.time = -1, "time");
    CORRUPT(bad.list.phase = 3, "list.phase");
    CORRUPT(bad.list.transition = SD_PULLDOWN_TRANSITION_CLOSE, "list.transition");
    CORRUPT(bad.list.offset = NAN, "list.offset");
    CORRUPT(bad.list.haptic_armed = 2, "list.haptic_armed");
    CORRUPT(bad.list.locked = 1, "list.locked"); /* locked with nothing running */
    CORRUPT((bad.list.transition = SD_PULLDOWN_TRANSITION_OPEN, bad.list.locked = 1, bad.list.transition_start = 1),
            "list.transition_start"); /* after the clock (0) */
    CORRUPT(bad.panel.transition = SD_PULLDOWN_TRANSITION_OPEN, "panel.transition");
    CORRUPT(bad.panel.transition = SD_PULLDOWN_TRANSITION_CLOSE, "panel.locked"); /* CLOSE without its lock */
    CORRUPT(bad.panel.from_offset = INFINITY, "panel.from_offset");
    CORRUPT(bad.applets.reserved = 1, "applets.reserved");
    CORRUPT(bad.applets.close_pending = 9, "applets.close_pending");
#undef CORRUPT
    sd_pulldown bad = good;
    bad.config.cp2 = bad.config.cp1;
    assert_int_equal(sd_pulldown_validate(&bad, &err), SD_ERR_ORDER);
    assert_string_equal(err.field, "cp2");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_restored_panels),
        cmocka_unit_test_setup(test_non_finite_input_leaves_state_unchanged, setup),
        cmocka_unit_test_setup(test_bad_arguments, setup),
        cmocka_unit_test_setup(test_four_verbs_only, setup),
        cmocka_unit_test_setup(test_events_before_the_clock_count_at_the_clock, setup),
        cmocka_unit_test_setup(test_readme_c_example, setup),
        cmocka_unit_test_setup(test_needs_frames, setup),
        cmocka_unit_test_setup(test_60_and_120_hz_agree, setup),
        cmocka_unit_test_setup(test_fuzz_p1_end_tick_at_a_late_clock, setup),
        cmocka_unit_test_setup(test_fuzz_p2_screen_height_bounded, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
