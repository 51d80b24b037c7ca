/* test_sheet_machine.c — cmocka tests of the bottom sheet (CCore/sheet_*.c): the machine through sd_sheet_step: presenting, thresholds, the overscroll return and the hand-off, springs, interruptions, moves and taps, reconfigure. Numbers from the AppCoda SwiftUI bottom-sheet chapter's sheet. */
#include "sheet_support.h"

static void test_present_and_settle(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(DISMISSED);
    notice_log log = { 0 };
    sd_sheet_frame f;
    sd_sheet_frame_at(&s, 0, &f);
    assert_true(f.top == 800 && f.backdrop_alpha == 0 && f.background_offset == 0);
    assert_false(f.flags & SD_SHEET_FRAME_PRESENTED);

    assert_false(sd_sheet_is_presented(&s));
    stepped a = step(&s, sd_sheet_event_move(0, HALF, 1), &log);
    assert_true(sd_sheet_is_presented(&s));
    assert_false(sd_sheet_is_presented(NULL));
    assert_int_equal(a.flags, SD_SHEET_ACTION_START_SPRING);
    assert_true(a.spring_from == 800 && a.spring_to == 400);
    assert_true(a.spring_velocity == -4000); /* initialVelocity 10 x the 400 pt to go */
    assert_true(a.spring_duration > 0 && a.spring_duration <= SETTLE_BOUND);
    assert_true(a.frame.backdrop_alpha == 0.5); /* the backdrop shows at once, as `if showDetail` does */
    assert_true(a.frame.flags & SD_SHEET_FRAME_PRESENTED);
    assert_true(a.frame.flags & SD_SHEET_FRAME_ANIMATING);

    /* Tick at 60 Hz: didMove(half) exactly once, on the first tick at or past the settle time. */
    double landed_at = -1;
    for (int k = 1; k <= 120; k++) {
        double t = k / 60.0;
        a = step(&s, sd_sheet_event_frame(t), &log);
        if ((a.notices & DID) && landed_at < 0) landed_at = t;
    }
    const uint32_t want[][2] = { { WILL, HALF }, { DID, HALF } };
    expect_log(&log, 2, want);
    assert_true(landed_at >= s.state.spring_duration && landed_at < s.state.spring_duration + 1.0 / 60 + 1e-12);
    assert_true(a.frame.top == 400 && a.frame.velocity == 0);
    assert_false(a.frame.flags & SD_SHEET_FRAME_ANIMATING);
    assert_false(a.frame.flags & SD_SHEET_FRAME_SCROLL_ENABLED); /* half: the inner scroll view is disabled */
    assert_true(a.frame.background_offset == -100 && a.frame.backdrop_alpha == 0.5);
}

static void test_background_ease_out(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(DISMISSED);
    step(&s, sd_sheet_event_move(1.0, HALF, 1), NULL);
    sd_sheet_frame f;
    sd_sheet_frame_at(&s, 1.0, &f);
    assert_true(f.background_offset == 0);
    /* Half way through the 0.2 s: SwiftUI's ease-out (0, 0, 0.58, 1) at 0.5. */
    sd_sheet_frame_at(&s, 1.1, &f);
    assert_near(f.background_offset, -100 * sd_timing_curve_value(&sd_timing_ease_out, 0.5), 1e-12, "mid shift");
    assert_true(f.background_offset < -50); /* ease-out: past half way at half the time */
    sd_sheet_frame_at(&s, 1.25, &f);
    assert_true(f.background_offset == -100);
    run_frames(&s, 1.2, 3, 60, NULL);
    /* A tap on the backdrop: the backdrop goes at once, the background eases back. */
    stepped a = step(&s, sd_sheet_event_backdrop_tap(3.0), NULL);
    assert_true(a.frame.backdrop_alpha == 0 && a.frame.background_offset == -100);
    sd_sheet_frame_at(&s, 3.1, &f);
    assert_near(f.background_offset, -100 + 100 * sd_timing_curve_value(&sd_timing_ease_out, 0.5), 1e-12, "mid return");
    sd_sheet_frame_at(&s, 3.25, &f);
    assert_true(f.background_offset == 0);
}

/* sd_sheet_needs_frames: true exactly while a frame can differ without an event, or a finger is on the sheet. */
static void test_needs_frames(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(DISMISSED);
    assert_false(sd_sheet_needs_frames(&s, 0)); /* the background's first "move" is from its rest to its rest */
    assert_false(sd_sheet_needs_frames(NULL, 0));
    step(&s, sd_sheet_event_move(1.0, HALF, 1), NULL);
    assert_true(sd_sheet_needs_frames(&s, 1.0));
    assert_false(sd_sheet_needs_frames(&s, NAN));
    run_frames(&s, 1.0, 3.0, 60, NULL);
    assert_false(s.state.flags & SD_SHEET_STATE_ANIMATING);
    assert_false(sd_sheet_needs_frames(&s, 3.0));

    /* A finger holds it: the frame follows the finger's events, the view keeps its frames. */
    step(&s, sd_sheet_event_drag_began(3.0, 0), NULL);
    assert_true(sd_sheet_needs_frames(&s, 3.0));
    step(&s, sd_sheet_event_drag_ended(3.1, 0), NULL);
    run_frames(&s, 3.1, 5.0, 60, NULL);
    assert_false(sd_sheet_needs_frames(&s, 5.0));

    /* A background's ease (5 s here) that outlasts the sheet's spring. */
    sd_sheet_config c = sd_sheet_config_default(H);
    c.background_duration = 5;
    assert_int_equal(sd_sheet_init(&s, &c, DISMISSED, NULL), SD_OK);
    step(&s, sd_sheet_event_move(1.0, HALF, 1), NULL);
    run_frames(&s, 1.0, 3.0, 60, NULL);
    assert_false(s.state.flags & SD_SHEET_STATE_ANIMATING);
    assert_true(sd_sheet_needs_frames(&s, 3.0));
    assert_true(frame_at(&s, 3.0).background_offset != frame_at(&s, 5.9).background_offset);
    assert_false(sd_sheet_needs_frames(&s, 6.0));
    assert_true(frame_at(&s, 6.0).background_offset == -100 && frame_at(&s, 60).background_offset == -100);

    /* The keyboard's animation, over a sheet that stays where it is. */
    s = seed_sheet(DISMISSED);
    step(&s, sd_sheet_event_keyboard(1.0, H - 300, 0.25, SD_SHEET_CURVE_EASE_IN_OUT), NULL);
    assert_false(s.state.flags & SD_SHEET_STATE_ANIMATING);
    assert_true(sd_sheet_needs_frames(&s, 1.1));
    assert_false(sd_sheet_needs_frames(&s, 1.25));
    /* The same height again, animated: nothing changes, no frames. */
    step(&s, sd_sheet_event_keyboard(2.0, H - 300, 0.25, SD_SHEET_CURVE_EASE_IN_OUT), NULL);
    assert_false(sd_sheet_needs_frames(&s, 2.1));
}

/* A drag from rest at `from` by `translation`, released at velocity 0; the log gets its notices. */
static stepped drag_release(sd_sheet *s, double t0, double translation, notice_log *log) {
    step(s, sd_sheet_event_drag_began(t0, 0), log);
    stepped a = step(s, sd_sheet_event_drag_changed(t0 + 0.05, translation, 0), log);
    assert_int_equal(a.frame.drag, SD_SHEET_DRAG_DRAGGING);
    assert_true(a.frame.translation == translation);
    return step(s, sd_sheet_event_drag_ended(t0 + 0.1, 0), log);
}

static void test_seed_thresholds_through_step(void **state) {
    (void)state;
    /* -201: full, the inner scroll view enabled at once (AppCoda's chapter sets viewState in onEnded). */
    sd_sheet s = seed_sheet(HALF);
    notice_log log = { 0 };
    stepped a = drag_release(&s, 0, -201, &log);
    assert_int_equal(a.flags, SD_SHEET_ACTION_SET_SCROLL_ENABLED | SD_SHEET_ACTION_START_SPRING);
    assert_int_equal(a.scroll_enabled, 1);
    assert_true(a.spring_from == 199 && a.spring_to == 50);
    run_frames(&s, 0.1, 2, 60, &log);
    const uint32_t full[][2] = { { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 2, full);
    assert_true(s.state.top == 50);

    /* -199: back to half, no notice at all. */
    s = seed_sheet(HALF);
    log.n = 0;
    a = drag_release(&s, 0, -199, &log);
    assert_int_equal(a.flags, SD_SHEET_ACTION_START_SPRING);
    assert_true(a.spring_from == 201 && a.spring_to == 400);
    a = run_frames(&s, 0.1, 2, 60, &log);
    assert_int_equal(log.n, 0);
    assert_true(a.frame.top == 400);

    /* +241: dismissed; the backdrop goes at once; didMove then dismissed, once, on landing. */
    s = seed_sheet(HALF);
    log.n = 0;
    a = drag_release(&s, 0, 241, &log);
    assert_true(a.frame.backdrop_alpha == 0);
    assert_false(a.frame.flags & SD_SHEET_FRAME_PRESENTED);
    run_frames(&s, 0.1, 2, 60, &log);
    const uint32_t gone[][2] = { { WILL, DISMISSED }, { DID, DISMISSED }, { GONE, DISMISSED } };
    expect_log(&log, 3, gone);
    assert_true(log.e[1].time == log.e[2].time);
    assert_true(s.state.top == 800);

    /* +239: stays. */
    s = seed_sheet(HALF);
    log.n = 0;
    drag_release(&s, 0, 239, &log);
    a = run_frames(&s, 0.1, 2, 60, &log);
    assert_int_equal(log.n, 0);
    assert_true(a.frame.top == 400 && a.frame.backdrop_alpha == 0.5);
}

/* The golden rows in both hand-offs: the seed's (the sheet sits where the
 * scroll view reports the overscroll; the content keeps its offset) and
 * UIKit's (SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER: the content pinned). */
static void test_overscroll_golden(void **state) {
    (void)state;
    static golden_table t;
    load("sheet_overscroll.tsv", &t);
    for (int follows = 0; follows <= 1; follows++) {
        for (int i = 0; i < t.nrows; i++) {
            const golden_row *r = &t.rows[i];
            sd_sheet_config c = sd_sheet_config_default(r->v[0]);
            if (follows) c.options |= SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER;
            sd_sheet s;
            assert_int_equal(sd_sheet_init(&s, &c, FULL, NULL), SD_OK);
            notice_log log = { 0 };
            stepped a = step(&s, sd_sheet_event_drag_began(0, 0), &log);
            assert_true(a.frame.flags & SD_SHEET_FRAME_SCROLL_ENABLED);
            a = step(&s, sd_sheet_event_drag_changed(0.1, r->v[1], -r->v[1]), &log);
            int returned = (a.notices & WILL) != 0;
            if (returned != (int)r->v[2] || !same_bits(a.frame.top, r->v[3]) || s.state.detent != (uint32_t)r->v[4])
                fail_msg("sheet_overscroll.tsv line %d (%s, follows %d): returned %d top %.17g detent %u", r->line,
                         r->label, follows, returned, a.frame.top, s.state.detent);
            if (follows) {
                /* UIKit's: the content is pinned at its top while the sheet takes the overscroll. */
                assert_true(a.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET);
                assert_true(a.content_offset == 0);
            } else {
                /* The seed's: the content keeps what the scroll view shows. */
                assert_false(a.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET);
                assert_true(a.frame.content_offset == -r->v[1]);
            }
            if (returned) {
                assert_int_equal(a.detent, HALF);
                assert_true((a.flags & SD_SHEET_ACTION_START_SPRING) && a.spring_to == 400);
                /* The scroll view stays enabled for 0.5 s (the seed's asyncAfter). */
                assert_false(a.flags & SD_SHEET_ACTION_SET_SCROLL_ENABLED);
                assert_true(a.frame.flags & SD_SHEET_FRAME_SCROLL_ENABLED);
                assert_true(s.state.flags & SD_SHEET_STATE_DISABLE_PENDING);
                assert_true(s.state.scroll_disable_time == 0.1 + 0.5);
                /* The rest of the drag changes nothing; its end decides nothing. */
                stepped b = step(&s, sd_sheet_event_drag_changed(0.2, r->v[1] + 200, -50), &log);
                assert_int_equal(b.flags, 0);
                b = step(&s, sd_sheet_event_drag_ended(0.3, 2000), &log);
                assert_int_equal(b.flags, 0);
                b = step(&s, sd_sheet_event_frame(nextafter(0.6, 0)), &log);
                assert_false(b.flags & SD_SHEET_ACTION_SET_SCROLL_ENABLED);
                assert_true(b.frame.flags & SD_SHEET_FRAME_SCROLL_ENABLED);
                /* The frame at 0.6 already shows it, before the step that performs it. */
                sd_sheet_frame f = frame_at(&s, 0.6);
                assert_false(f.flags & SD_SHEET_FRAME_SCROLL_ENABLED);
                assert_true(f.content_offset == 0);
                b = step(&s, sd_sheet_event_frame(0.6), &log);
                assert_true((b.flags & SD_SHEET_ACTION_SET_SCROLL_ENABLED) && b.scroll_enabled == 0);
                /* The seed's content kept its reported offset until now: back to the top with the disable. */
                assert_int_equal((b.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET) != 0, !follows);
                assert_true(b.frame.content_offset == 0);
                assert_false(s.state.flags & SD_SHEET_STATE_DISABLE_PENDING);
                run_frames(&s, 0.6, 2, 60, &log);
                const uint32_t want[][2] = { { WILL, HALF }, { DID, HALF } };
                expect_log(&log, 2, want);
            } else {
                /* Released there: back up to full, nothing reported. */
                step(&s, sd_sheet_event_drag_ended(0.2, 0), &log);
                stepped b = run_frames(&s, 0.2, 2, 60, &log);
                assert_int_equal(log.n, 0);
                assert_true(b.frame.top == 50);
            }
        }
    }
    /* UIKit's in small steps: the finger's travel counts once the content is
     * at its top. 119 pt keeps it, the step to 121 returns it. */
    sd_sheet_config follows = sd_sheet_config_default(H);
    follows.options |= SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER;
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &follows, FULL, NULL), SD_OK);
    step(&s, sd_sheet_event_drag_began(0, 30), NULL);
    double y = 30;
    for (int k = 1; k <= 149; k++) { /* content 30 -> 0, then the sheet 0 -> 119 below full */
        y = 30 - k;
        stepped a = step(&s, sd_sheet_event_drag_changed(k * 0.01, k, y < 0 ? -1 : y), NULL);
        assert_int_equal(a.notices, 0);
        assert_int_equal(s.state.detent, FULL);
    }
    assert_true(s.state.top == 169);
    stepped a = step(&s, sd_sheet_event_drag_changed(1.5, 150, -1), NULL);
    assert_int_equal(a.notices, 0); /* exactly 120: not past it */
    a = step(&s, sd_sheet_event_drag_changed(1.51, 151, -1), NULL);
    assert_int_equal(a.notices, WILL);
    assert_int_equal(a.detent, HALF);

    /* The seed's, in the same small steps: the sheet never leaves the offset
     * the scroll view reports, and the finger's travel does not count. */
    s = seed_sheet(FULL);
    step(&s, sd_sheet_event_drag_began(0, 30), NULL);
    for (int k = 1; k <= 149; k++) {
        y = 30 - k;
        a = step(&s, sd_sheet_event_drag_changed(k * 0.01, k, y < 0 ? -1 : y), NULL);
        assert_int_equal(a.notices, 0);
        assert_true(a.frame.top == (y < 0 ? 51 : 50));
        assert_true(a.frame.flags & SD_SHEET_FRAME_CONTENT_SCROLLS);
    }
}

/* Issue 22's second reproducer: a UIScrollView rubber-bands the pull (over
 * the inner view's 750 pt at H = 800), so 121 pt of finger shows about 61 pt
 * and the return comes at 260 pt of finger, the first whole point where the
 * band passes 120 (259 pt: 119.71; 260 pt: 120.10). */
static void test_overscroll_reads_the_rubber_band(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(FULL);
    notice_log log = { 0 };
    step(&s, sd_sheet_event_drag_began(0, 0), &log);
    const double inner = H - 50;
    int returned_at = -1;
    for (int finger = 1; finger <= 300 && returned_at < 0; finger++) {
        const double shown = sd_rubber_band(finger, inner);
        stepped a = step(&s, sd_sheet_event_drag_changed(finger * 0.005, finger, -shown), &log);
        if (a.notices & WILL) {
            returned_at = finger;
            assert_true(shown > 120);
            break;
        }
        assert_true(a.frame.top == 50 + shown); /* the sheet shows the band, not the finger */
        if (finger == 121) assert_near(a.frame.top - 50, 61.126, 0.001, "121 pt of finger");
        /* Its velocity is the band's, sample to sample. */
        if (finger > 1)
            assert_near(a.frame.velocity, (shown - sd_rubber_band(finger - 1, inner)) / 0.005, 1e-6, "velocity");
    }
    assert_int_equal(returned_at, 260);
    assert_near(sd_rubber_band(259, inner), 119.71, 0.01, "259 pt");

    /* One ulp either side of overscroll_return, in the reported offset (the finger says nothing). */
    const double reported[3] = { nextafter(120, 0), 120, nextafter(120, INFINITY) };
    for (int i = 0; i < 3; i++) {
        s = seed_sheet(FULL);
        step(&s, sd_sheet_event_drag_began(0, 0), NULL);
        stepped a = step(&s, sd_sheet_event_drag_changed(0.1, 1000, -reported[i]), NULL);
        assert_int_equal(a.notices, i == 2 ? WILL : 0u);
        if (i < 2) assert_true(a.frame.top == 50 + reported[i]);
    }
}

/* At full, a drag on the handle moves the sheet itself: a 200 pt drag shows
 * top 50 + 200 and, released, springs back to 50 (the seed's onEnded acts
 * only at half); with SD_SHEET_OPTION_RELEASE_FROM_FIRST the thresholds
 * apply as from half. */
static void test_handle_drag_at_full(void **state) {
    (void)state;
    for (int from_first = 0; from_first <= 1; from_first++) {
        sd_sheet_config c = sd_sheet_config_default(H);
        if (from_first) c.options |= SD_SHEET_OPTION_RELEASE_FROM_FIRST;
        sd_sheet s;
        assert_int_equal(sd_sheet_init(&s, &c, FULL, NULL), SD_OK);
        notice_log log = { 0 };
        stepped a = step(&s, sd_sheet_event_handle_drag_began(1.0), &log);
        assert_int_equal(a.flags, 0);
        assert_false(a.frame.flags & SD_SHEET_FRAME_CONTENT_SCROLLS);
        assert_true(a.frame.drag == SD_SHEET_DRAG_PRESSING);
        /* The content says nothing in a handle drag: its offset is ignored. */
        a = step(&s, sd_sheet_event_drag_changed(1.1, 200, -40), &log);
        assert_true(a.frame.top == 50 + 200);
        assert_int_equal(a.flags, 0);
        assert_false(a.frame.flags & SD_SHEET_FRAME_CONTENT_SCROLLS);
        assert_true(a.frame.content_offset == 0);
        a = step(&s, sd_sheet_event_drag_changed(1.2, 241, -40), &log); /* past 30 %: dismisses from half */
        assert_int_equal(a.notices, 0); /* no overscroll return: the content was never pulled */
        a = step(&s, sd_sheet_event_drag_ended(1.2, 0), &log);
        run_frames(&s, 1.2, 4, 60, &log);
        if (!from_first) {
            assert_true((a.flags & SD_SHEET_ACTION_START_SPRING) && a.spring_from == 291 && a.spring_to == 50);
            assert_int_equal(log.n, 0);
            assert_true(s.state.top == 50 && s.state.detent == FULL);
            assert_true(s.state.flags & SD_SHEET_STATE_SCROLL_ENABLED);
        } else {
            const uint32_t want[][2] = { { WILL, HALF }, { DID, HALF } };
            expect_log(&log, 2, want);
            assert_true(s.state.top == 400);
        }
    }
    /* At half a handle drag is the drag it always was; a resting dismissed sheet refuses it. */
    sd_sheet s = seed_sheet(HALF);
    step(&s, sd_sheet_event_handle_drag_began(0), NULL);
    step(&s, sd_sheet_event_drag_changed(0.1, -201, 0), NULL);
    stepped a = step(&s, sd_sheet_event_drag_ended(0.2, 0), NULL);
    assert_int_equal(a.detent, FULL);
    s = seed_sheet(DISMISSED);
    sd_sheet before = s;
    sd_sheet_event e = sd_sheet_event_handle_drag_began(0);
    sd_sheet_actions acts;
    sd_error err;
    assert_int_equal(sd_sheet_step(&s, &e, &acts, &err), SD_ERR_STATE);
    assert_string_equal(err.field, "type");
    assert_memory_equal(&s, &before, sizeof s);
}

/* What ends the pending disable early: a move to full keeps the scroll view
 * enabled; a move to dismissed disables it at once. */
static void test_pending_disable_settled_by_moves(void **state) {
    (void)state;
    for (int to = FULL; to <= DISMISSED; to += 2) {
        sd_sheet s = seed_sheet(FULL);
        step(&s, sd_sheet_event_drag_began(0, 0), NULL);
        step(&s, sd_sheet_event_drag_changed(0.1, 300, -130), NULL);
        assert_true(s.state.flags & SD_SHEET_STATE_DISABLE_PENDING);
        step(&s, sd_sheet_event_drag_ended(0.2, 0), NULL);
        stepped a = step(&s, sd_sheet_event_move(0.3, (uint32_t)to, 1), NULL);
        assert_false(s.state.flags & SD_SHEET_STATE_DISABLE_PENDING);
        if (to == FULL) {
            assert_false(a.flags & SD_SHEET_ACTION_SET_SCROLL_ENABLED);
            assert_true(a.frame.flags & SD_SHEET_FRAME_SCROLL_ENABLED);
        } else {
            assert_true((a.flags & SD_SHEET_ACTION_SET_SCROLL_ENABLED) && a.scroll_enabled == 0);
            assert_true((a.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET) && a.content_offset == 0);
        }
        a = step(&s, sd_sheet_event_frame(0.6), NULL); /* nothing left to disable */
        assert_false(a.flags & SD_SHEET_ACTION_SET_SCROLL_ENABLED);
    }
}

static void test_half_ignores_content(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    step(&s, sd_sheet_event_drag_began(0, 0), NULL);
    for (int k = 1; k <= 50; k++) {
        stepped a = step(&s, sd_sheet_event_drag_changed(k * 0.01, -3.0 * k, 40.0 * k), NULL);
        assert_int_equal(a.flags, 0); /* the scroll view is disabled: nothing to pin or hand off */
        assert_true(a.frame.top == 400 - 3.0 * k);
        assert_false(a.frame.flags & (SD_SHEET_FRAME_SCROLL_ENABLED | SD_SHEET_FRAME_CONTENT_SCROLLS));
    }
}

/* UIKit's hand-off (SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER): a host scroll view that scrolls 1:1 with the finger and adopts every offset the core sets. */
static void test_handoff_continuity(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    c.options |= SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER; /* UIKit's hand-off */
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, FULL, NULL), SD_OK);
    double content = 200; /* scrolled 200 pt into the content */
    step(&s, sd_sheet_event_drag_began(0, content), NULL);
    /* Finger path: down 300 (content to its top, then the sheet 100 pt), up to -100
     * (sheet back, content scrolls 300), down to +250 (content to its top, sheet 50 pt). */
    double path[1200];
    int n = 0;
    for (int v = 1; v <= 300; v++) path[n++] = v;
    for (int v = 299; v >= -100; v--) path[n++] = v;
    for (int v = -99; v <= 250; v++) path[n++] = v;
    double finger = 0, screen_before = 50 - content, top_before = 50;
    int handoffs = 0, handbacks = 0;
    for (int i = 0; i < n; i++) {
        double delta = path[i] - finger;
        finger = path[i];
        double reported = content - delta; /* the host scrolls the content with the finger */
        stepped a = step(&s, sd_sheet_event_drag_changed(0.001 * (i + 1), finger, reported), NULL);
        content = (a.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET) ? a.content_offset : reported;
        assert_true(content == a.frame.content_offset);
        /* Where the content's first line shows: it moves with the finger, never jumps. */
        double screen = a.frame.top - content;
        assert_near(screen - screen_before, delta, 1e-9, "content on screen");
        assert_near(fabs(a.frame.top - top_before), 0.5, 0.5 + 1e-9, "sheet step"); /* at most the 1 pt step */
        assert_true(a.frame.top >= 50 && content >= 0);
        int content_scrolls = (a.frame.flags & SD_SHEET_FRAME_CONTENT_SCROLLS) != 0;
        if (content_scrolls) assert_true(a.frame.top == 50);
        else assert_true(content == 0);
        if (top_before == 50 && a.frame.top > 50) handoffs++;
        if (top_before > 50 && a.frame.top == 50) handbacks++;
        assert_int_equal(a.notices, 0);
        screen_before = screen;
        top_before = a.frame.top;
    }
    assert_int_equal(handoffs, 2);
    assert_int_equal(handbacks, 1);
    assert_true(top_before == 100); /* 50 pt below full */
    /* Released 50 pt down: under every threshold, back to full with nothing reported. */
    notice_log log = { 0 };
    step(&s, sd_sheet_event_drag_ended(2.0, 0), &log);
    stepped a = run_frames(&s, 2.0, 4.0, 60, &log);
    assert_int_equal(log.n, 0);
    assert_true(a.frame.top == 50 && (a.frame.flags & SD_SHEET_FRAME_SCROLL_ENABLED));
}

/* ---- the spring ---- */

static void test_spring_settles_in_bounded_time(void **state) {
    (void)state;
    const uint32_t moves[][2] = { { DISMISSED, HALF }, { HALF, FULL }, { FULL, HALF },
                                  { HALF, DISMISSED }, { FULL, DISMISSED }, { DISMISSED, FULL } };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        sd_sheet s = seed_sheet(moves[i][0]);
        stepped a = step(&s, sd_sheet_event_move(0, moves[i][1], 1), NULL);
        double to = a.spring_to, d = a.spring_duration;
        if (!(d > 0.5 && d <= SETTLE_BOUND)) fail_msg("move %u -> %u settles in %g s", moves[i][0], moves[i][1], d);
        /* From the settle time on, within 0.5 pt and 1 pt/s for good. */
        for (double t = d; t < d + 3; t += 0.001) {
            sd_motion_sample m = sd_spring_sample(&s.config.spring, a.spring_from, a.spring_velocity, to, t);
            if (!(fabs(m.position - to) <= 0.5 && fabs(m.velocity) <= 1))
                fail_msg("move %u -> %u at %g s: %.6f pt, %.6f pt/s", moves[i][0], moves[i][1], t, m.position - to, m.velocity);
        }
        /* And not long before: the settle time is the real one, not a loose bound. */
        int outside = 0;
        for (double t = d - 0.02; t < d; t += 0.0005) {
            sd_motion_sample m = sd_spring_sample(&s.config.spring, a.spring_from, a.spring_velocity, to, t);
            outside |= !(fabs(m.position - to) <= 0.5 && fabs(m.velocity) <= 1);
        }
        assert_true(outside);
        /* Frames past the settle time show the target at rest. */
        sd_sheet_frame f;
        sd_sheet_frame_at(&s, d, &f);
        assert_true(f.top == to && f.velocity == 0);
    }
}

/* One scripted session at `hz`: touches at fixed times, frames at k / hz. */
static void scripted_session(double hz, double *tops_at_60, int count_at_60, notice_log *log) {
    sd_sheet s = seed_sheet(DISMISSED);
    const double end = (count_at_60 - 1) / 60.0;
    typedef struct { double t; sd_sheet_event e; } scripted;
    const scripted script[] = {
        { 0.0, sd_sheet_event_move(0.0, HALF, 1) },
        { 0.4, sd_sheet_event_drag_began(0.4, 0) },          /* grabs the spring on its way to half */
        { 0.45, sd_sheet_event_drag_changed(0.45, -60, 0) },
        { 0.5, sd_sheet_event_drag_changed(0.5, -180, 0) },
        { 0.55, sd_sheet_event_drag_changed(0.55, -230, 0) },
        { 0.6, sd_sheet_event_drag_ended(0.6, -900) },        /* 230 pt up from half: full */
        { 0.9, sd_sheet_event_move(0.9, DISMISSED, 1) },      /* interrupted on its way... */
        { 1.0, sd_sheet_event_move(1.0, HALF, 1) },           /* ...by a move to half */
    };
    size_t next = 0;
    int k60 = 0;
    for (int k = 0;; k++) {
        double t = k / hz;
        if (t > end + 1e-12) break;
        while (next < sizeof script / sizeof script[0] && script[next].t <= t) {
            step(&s, script[next].e, log);
            next++;
        }
        stepped a = step(&s, sd_sheet_event_frame(t), log);
        if (fabs(t * 60 - k60) < 1e-6 && k60 < count_at_60) tops_at_60[k60++] = a.frame.top;
    }
    assert_int_equal(k60, count_at_60);
}

static void test_60_and_120_hz_agree(void **state) {
    (void)state;
    enum { N = 150 };
    double a60[N], a120[N];
    notice_log l60 = { 0 }, l120 = { 0 };
    scripted_session(60, a60, N, &l60);
    scripted_session(120, a120, N, &l120);
    for (int i = 0; i < N; i++) {
        if (!(fabs(a60[i] - a120[i]) <= 0.5)) fail_msg("frame %d: 60 Hz %.9f, 120 Hz %.9f", i, a60[i], a120[i]);
        assert_true(same_bits(a60[i], a120[i])); /* closed form: the very same bits */
    }
    const uint32_t want[][2] = { { WILL, HALF }, { WILL, FULL }, { WILL, DISMISSED }, { WILL, HALF }, { DID, HALF } };
    expect_log(&l60, 5, want);
    expect_log(&l120, 5, want);
    /* The landing is reported on the first tick past the settle time at either rate. */
    assert_true(fabs(l60.e[4].time - l120.e[4].time) <= 1.0 / 60 + 1e-12);
}

static void test_interruption_is_continuous(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    notice_log log = { 0 };
    step(&s, sd_sheet_event_move(0, FULL, 1), &log);
    run_frames(&s, 0, 0.1, 120, &log);
    sd_sheet_frame before, after, later;
    sd_sheet_frame_at(&s, 0.1, &before);
    assert_true(before.velocity < -100); /* well under way */
    stepped a = step(&s, sd_sheet_event_move(0.1, DISMISSED, 1), &log);
    after = a.frame;
    assert_true(same_bits(after.top, before.top));
    assert_true(same_bits(after.velocity, before.velocity)); /* no kick on a retarget */
    assert_true(a.spring_from == before.top && a.spring_velocity == before.velocity && a.spring_to == 800);
    /* Just around the switch, both sides agree to within what 0.1 ms of motion allows. */
    sd_sheet old = seed_sheet(HALF);
    step(&old, sd_sheet_event_move(0, FULL, 1), NULL);
    sd_sheet_frame_at(&old, 0.1 - 1e-4, &before);
    sd_sheet_frame_at(&s, 0.1 + 1e-4, &later);
    assert_near(later.top, before.top, 1e-4 * 2 * (fabs(before.velocity) + 1), "position across the switch");
    assert_near(later.velocity, before.velocity, 1e-4 * 2 * 2e5, "velocity across the switch");

    /* A drag grabs it where it is, with its velocity carried over. */
    sd_sheet_frame_at(&s, 0.2, &before);
    a = step(&s, sd_sheet_event_drag_began(0.2, 0), &log);
    assert_true(a.flags & SD_SHEET_ACTION_STOP_SPRING);
    assert_true(same_bits(a.frame.top, before.top));
    assert_true(same_bits(a.frame.velocity, before.velocity));
    assert_int_equal(a.frame.drag, SD_SHEET_DRAG_PRESSING);
    assert_false(a.frame.flags & SD_SHEET_FRAME_ANIMATING);
    sd_sheet_frame_at(&s, 0.5, &later); /* held: it stays put */
    assert_true(same_bits(later.top, before.top));
    a = step(&s, sd_sheet_event_drag_changed(0.25, 10, 0), &log);
    assert_true(a.frame.top == before.top + 10);
    assert_near(a.frame.velocity, 10 / 0.05, 1e-9, "finger velocity");
    /* The release is judged from the detent it was going to (dismissed, 800): held at
     * 700 it is 100 pt up from there, under the 200 pt threshold, so it goes on. */
    step(&s, sd_sheet_event_drag_changed(0.3, 700 - before.top, 0), &log);
    a = step(&s, sd_sheet_event_drag_ended(0.35, 0), &log);
    assert_near(a.spring_from, 700, 1e-9, "released at 700");
    assert_true(a.spring_to == 800);
    assert_int_equal(a.notices, 0); /* willMove(dismissed) was already reported */
    run_frames(&s, 0.35, 2, 60, &log);
    const uint32_t want[][2] = { { WILL, FULL }, { WILL, DISMISSED }, { DID, DISMISSED }, { GONE, DISMISSED } };
    expect_log(&log, 4, want);
}

static void test_move_interrupted_by_move_reports_second(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(DISMISSED);
    notice_log log = { 0 };
    step(&s, sd_sheet_event_move(0, HALF, 1), &log);
    run_frames(&s, 0, 0.3, 60, &log);
    step(&s, sd_sheet_event_move(0.3, FULL, 1), &log);
    run_frames(&s, 0.3, 0.5, 60, &log);
    step(&s, sd_sheet_event_move(0.5, FULL, 1), &log); /* the same target again: nothing new */
    run_frames(&s, 0.5, 3, 60, &log);
    const uint32_t want[][2] = { { WILL, HALF }, { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 3, want);
    /* No didMove before the sheet really is there. */
    sd_sheet_frame f;
    assert_true(log.e[2].time >= 0.3 + s.state.spring_duration - 1e-12);
    sd_sheet_frame_at(&s, log.e[2].time, &f);
    assert_true(f.top == 50);

    /* Not animated: willMove, didMove and dismissed in one step, the frame already at the detent. */
    log.n = 0;
    stepped a = step(&s, sd_sheet_event_move(4, DISMISSED, 0), &log);
    const uint32_t jump[][2] = { { WILL, DISMISSED }, { DID, DISMISSED }, { GONE, DISMISSED } };
    expect_log(&log, 3, jump);
    assert_true(a.frame.top == 800);
    assert_int_equal(a.notices, WILL | DID | GONE);
    assert_int_equal(a.detent, DISMISSED);
    /* Each notice is reported once: the next tick has none. */
    a = step(&s, sd_sheet_event_frame(4.01), NULL);
    assert_int_equal(a.notices, 0);
    /* Moving to where it rests: nothing at all. */
    sd_sheet before = s;
    a = step(&s, sd_sheet_event_move(5, DISMISSED, 1), NULL);
    assert_int_equal(a.flags, 0);
    assert_int_equal(a.notices, 0);
    a = step(&s, sd_sheet_event_backdrop_tap(5.1), NULL);
    assert_int_equal(a.flags | a.notices, 0);
    assert_int_equal(s.state.detent, before.state.detent);
}

static void test_backdrop_tap_and_move_during_drag(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(FULL);
    notice_log log = { 0 };
    stepped a = step(&s, sd_sheet_event_backdrop_tap(0), &log);
    assert_true(a.flags & SD_SHEET_ACTION_START_SPRING);
    assert_true((a.flags & SD_SHEET_ACTION_SET_SCROLL_ENABLED) && a.scroll_enabled == 0);
    assert_true(a.frame.backdrop_alpha == 0);
    run_frames(&s, 0, 2, 60, &log);
    const uint32_t want[][2] = { { WILL, DISMISSED }, { DID, DISMISSED }, { GONE, DISMISSED } };
    expect_log(&log, 3, want);

    /* A programmatic move while a finger is down is refused, the sheet
     * untouched bit for bit; a backdrop tap then takes the sheet from the finger. */
    s = seed_sheet(HALF);
    log.n = 0;
    step(&s, sd_sheet_event_drag_began(0, 0), &log);
    const sd_sheet pressed = s;
    sd_sheet_event mv = sd_sheet_event_move(0.01, FULL, 1);
    sd_sheet_actions untouched;
    memset(&untouched, 0xA5, sizeof untouched);
    sd_error err;
    assert_int_equal(sd_sheet_step(&s, &mv, &untouched, &err), SD_ERR_STATE);
    assert_string_equal(err.field, "type");
    assert_memory_equal(&s, &pressed, sizeof s);
    step(&s, sd_sheet_event_drag_changed(0.05, 100, 0), &log);
    mv.time = 0.1;
    assert_int_equal(sd_sheet_step(&s, &mv, &untouched, &err), SD_ERR_STATE);
    a = step(&s, sd_sheet_event_backdrop_tap(0.1), &log);
    assert_true(a.spring_from == 500 && a.spring_to == 800);
    a = step(&s, sd_sheet_event_drag_changed(0.15, 300, 0), &log);
    assert_int_equal(a.flags, 0);
    assert_true(a.frame.top != 700);
    assert_int_equal(sd_sheet_step(&s, &mv, &untouched, &err), SD_ERR_STATE); /* still a finger down */
    a = step(&s, sd_sheet_event_drag_ended(0.2, 0), &log);
    assert_int_equal(a.flags, 0);
    assert_int_equal(a.frame.drag, SD_SHEET_DRAG_INACTIVE);
    run_frames(&s, 0.2, 2, 60, &log);
    const uint32_t moved[][2] = { { WILL, DISMISSED }, { DID, DISMISSED }, { GONE, DISMISSED } };
    expect_log(&log, 3, moved);
}

static void test_reconfigure_keeps_detent(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    notice_log log = { 0 };
    /* A rotation: the container becomes 400 pt tall; the sheet stays at half, at its new top, at once. */
    sd_sheet_config rotated = sd_sheet_config_default(400);
    assert_int_equal(sd_sheet_reconfigure(&s, &rotated, NULL), SD_OK);
    assert_true(s.config.container_height == 400);
    assert_true(frame_at(&s, 0).top == 200 && s.state.detent == HALF);
    assert_true(s.state.time == 0);
    /* Rotated mid-move: the spring goes on to the detent's new top from where it is, with its velocity. */
    step(&s, sd_sheet_event_move(1, FULL, 1), &log);
    step(&s, sd_sheet_event_frame(1.1), &log);
    sd_sheet_frame before = frame_at(&s, 1.1);
    sd_sheet_config upright = sd_sheet_config_default(H);
    assert_int_equal(sd_sheet_reconfigure(&s, &upright, NULL), SD_OK);
    sd_sheet_frame after = frame_at(&s, 1.1);
    assert_true(same_bits(after.top, before.top) && same_bits(after.velocity, before.velocity));
    assert_true(s.state.spring_to == 50 && s.state.spring_start == 1.1);
    assert_true(s.state.flags & SD_SHEET_STATE_ANIMATING);
    run_frames(&s, 1.1, 3, 60, &log);
    const uint32_t want[][2] = { { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 2, want);
    /* A geometry the detents do not fit is refused: full (50) would sit below half (40). */
    sd_sheet keep = s;
    sd_error err;
    sd_sheet_config small = sd_sheet_config_default(80);
    assert_int_equal(sd_sheet_reconfigure(&s, &small, &err), SD_ERR_ORDER);
    assert_string_equal(err.field, "detent1");
    assert_memory_equal(&s, &keep, sizeof s);
    sd_sheet_config empty = sd_sheet_config_default(0);
    assert_int_equal(sd_sheet_reconfigure(&s, &empty, &err), SD_ERR_NEGATIVE);
    assert_string_equal(err.field, "container_height");
    assert_memory_equal(&s, &keep, sizeof s);
}

/* ---- bad input ---- */
static void test_deterministic_replay(void **state) {
    (void)state;
    enum { N = 150 };
    double a[N], b[N];
    notice_log la = { 0 }, lb = { 0 };
    scripted_session(120, a, N, &la);
    scripted_session(120, b, N, &lb);
    assert_memory_equal(a, b, sizeof a);
    assert_memory_equal(&la, &lb, sizeof la);
}

/* ---- the fuzzers' findings (Tests/Fuzz/fuzz_sheet.c), each with its reduced input ---- */

/* S1: a tick at exactly spring_start + spring_duration lands the spring, also
 * where that sum minus the start rounds below the duration. */
int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_present_and_settle),
        cmocka_unit_test(test_background_ease_out),
        cmocka_unit_test(test_needs_frames),
        cmocka_unit_test(test_seed_thresholds_through_step),
        cmocka_unit_test(test_overscroll_golden),
        cmocka_unit_test(test_overscroll_reads_the_rubber_band),
        cmocka_unit_test(test_handle_drag_at_full),
        cmocka_unit_test(test_pending_disable_settled_by_moves),
        cmocka_unit_test(test_half_ignores_content),
        cmocka_unit_test(test_handoff_continuity),
        cmocka_unit_test(test_spring_settles_in_bounded_time),
        cmocka_unit_test(test_60_and_120_hz_agree),
        cmocka_unit_test(test_interruption_is_continuous),
        cmocka_unit_test(test_move_interrupted_by_move_reports_second),
        cmocka_unit_test(test_backdrop_tap_and_move_during_drag),
        cmocka_unit_test(test_reconfigure_keeps_detent),
        cmocka_unit_test(test_deterministic_replay),
    };
    return cmocka_run_group_tests_name("sheet", tests, NULL, NULL);
}
