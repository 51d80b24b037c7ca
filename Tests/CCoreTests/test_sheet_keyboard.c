/* test_sheet_keyboard.c — cmocka tests of the bottom sheet and the keyboard:
 * the five behaviours (ignore, rise, extend, interactive, fill parent) with
 * their rest tops, the return to the detent the sheet came from, the
 * keyboard's overlap in every frame, drags that stay under the finger while
 * the keyboard moves, and refused input. AppCoda's sheet in an 800 pt
 * container (full 50, half 400, dismissed 800) unless a test says; a
 * notched phone is 844 pt with insets 47 / 34. */
#include "sheet_support.h"

static sd_sheet keyboard_sheet(uint32_t behaviour, uint32_t detent) {
    sd_sheet_config c = sd_sheet_config_default(H);
    c.keyboard = behaviour;
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, detent, NULL), SD_OK);
    return s;
}

static sd_sheet notched_sheet(uint32_t behaviour, uint32_t detent) {
    sd_sheet_config c = sd_sheet_config_default(844);
    c.safe_area_top = 47;
    c.safe_area_bottom = 34;
    c.keyboard = behaviour;
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, detent, NULL), SD_OK);
    return s;
}

static double rest_top(const sd_sheet *s, uint32_t detent) {
    double top = -1;
    assert_int_equal(sd_sheet_rest_top(s, detent, &top), SD_OK);
    return top;
}

/* The keyboard's top in an 800 pt container for a keyboard `height` points tall. */
#define UP(t, height, duration, curve) sd_sheet_event_keyboard((t), H - (height), (duration), (curve))
#define DOWN(t, duration, curve) sd_sheet_event_keyboard((t), H, (duration), (curve))

/* RISE: a 300 pt keyboard over 0.25 s (ease-out) takes the half sheet up to
 * 100 along that curve, at the same detent, as a move the caller ticks; the
 * finger drives it from there (above detent 0 too); the keyboard's going
 * takes it back; at full and dismissed nothing moves. */
/* A keyboard is never taller than its container: a top 200 pt above the
 * 800 pt container's is accepted and gives 800, not 1000; a shorter
 * container caps a keyboard it would leave taller. */
static void test_keyboard_capped_at_the_container(void **state) {
    (void)state;
    sd_sheet s = keyboard_sheet(SD_SHEET_KEYBOARD_RISE, HALF);
    step(&s, sd_sheet_event_keyboard(1, -200, 0, SD_SHEET_CURVE_LINEAR), NULL);
    assert_true(s.state.keyboard_to == 800);
    assert_true(sd_sheet_keyboard_height_at(&s, 1) == 800 && sd_sheet_keyboard_height_at(&s, 5) == 800);
    assert_true(rest_top(&s, HALF) == 50 && "RISE holds the half sheet at detent 0's top");
    sd_sheet_config shorter = s.config;
    shorter.container_height = 600;
    assert_int_equal(sd_sheet_reconfigure(&s, &shorter, NULL), SD_OK);
    assert_true(s.state.keyboard_to == 600 && s.state.keyboard_from <= 600);
    assert_true(sd_sheet_keyboard_height_at(&s, 5) == 600);
    assert_int_equal(sd_sheet_validate(&s, NULL), SD_OK);
    /* A restored state with a keyboard taller than its container is refused. */
    sd_sheet bad = s;
    bad.state.keyboard_to = 601;
    sd_error err;
    assert_int_equal(sd_sheet_validate(&bad, &err), SD_ERR_STATE);
    assert_string_equal(err.field, "state.keyboard_to");
}

static void test_keyboard_rise(void **state) {
    (void)state;
    sd_sheet s = keyboard_sheet(SD_SHEET_KEYBOARD_RISE, HALF);
    stepped k = step(&s, UP(1, 300, 0.25, SD_SHEET_CURVE_EASE_OUT), NULL);
    assert_int_equal(k.notices, 0);
    assert_true(k.flags == SD_SHEET_ACTION_START_SPRING && k.spring_from == 400 && k.spring_to == 100 &&
                k.spring_velocity == 0 && k.spring_duration == 0.25 && k.spring_start == 1);
    assert_true(rest_top(&s, HALF) == 100 && rest_top(&s, FULL) == 50 && rest_top(&s, DISMISSED) == 800);
    const double e = sd_timing_curve_value(&sd_timing_ease_out, 0.5);
    sd_sheet_frame f = frame_at(&s, 1.125);
    assert_near(f.top, 400 - 300 * e, 1e-9, "half way along the keyboard's ease-out");
    assert_near(sd_sheet_keyboard_height_at(&s, 1.125), 300 * e, 1e-9, "the keyboard's height");
    assert_near(f.keyboard_overlap, 300 * e, 1e-9, "the keyboard covers its own height of the risen sheet");
    assert_true(f.velocity < 0 && f.detent == HALF && (f.flags & SD_SHEET_FRAME_ANIMATING));
    f = frame_at(&s, 1.25);
    assert_true(f.top == 100 && f.velocity == 0 && f.keyboard_overlap == 300);
    k = step(&s, sd_sheet_event_frame(1.25), NULL);
    assert_true(k.notices == 0 && s.state.top == 100 && !(s.state.flags & SD_SHEET_STATE_ANIMATING));
    assert_int_equal(sd_sheet_validate(&s, NULL), SD_OK);
    /* A drag from there follows the finger, also above detent 0 (as any drag of the sheet does). */
    step(&s, sd_sheet_event_drag_began(2, 0), NULL);
    step(&s, sd_sheet_event_drag_changed(2.1, 80, 0), NULL);
    assert_true(frame_at(&s, 2.1).top == 180);
    step(&s, sd_sheet_event_drag_changed(2.2, -100, 0), NULL);
    assert_true(frame_at(&s, 2.2).top == 0 && frame_at(&s, 2.2).keyboard_overlap == 300);
    step(&s, sd_sheet_event_drag_changed(2.3, 0, 0), NULL);
    k = step(&s, sd_sheet_event_drag_ended(2.3, 0), NULL);
    assert_true(k.notices == 0 && s.state.top == 100 && k.frame.top == 100);
    /* The keyboard goes in 0.25 s (ease-in-out): back to 400 along it. */
    k = step(&s, DOWN(3, 0.25, SD_SHEET_CURVE_EASE_IN_OUT), NULL);
    assert_true(k.spring_from == 100 && k.spring_to == 400);
    assert_near(frame_at(&s, 3.125).top, 100 + 300 * sd_timing_curve_value(&sd_timing_ease_in_out, 0.5), 1e-9, "going");
    assert_true(frame_at(&s, 3.25).top == 400 && frame_at(&s, 3.25).keyboard_overlap == 0);
    /* At full there is no room to rise: a 336 pt keyboard covers the sheet's bottom 336 pt. */
    sd_sheet full = keyboard_sheet(SD_SHEET_KEYBOARD_RISE, FULL);
    k = step(&full, UP(1, 336, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(k.flags == 0 && k.frame.top == 50 && k.frame.keyboard_overlap == 336);
    /* A dismissed sheet stays off screen (it never rises into view). */
    sd_sheet gone = keyboard_sheet(SD_SHEET_KEYBOARD_RISE, DISMISSED);
    k = step(&gone, UP(1, 300, 0.25, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(k.flags == 0 && frame_at(&gone, 2).top == 800 && frame_at(&gone, 2).keyboard_overlap == 0);
}

/* RISE never shows the sheet above detent 0, whatever top - height rounds
 * to: a detent 0 of 170.00000009999999 and keyboards around the room left. */
static void test_keyboard_rise_clamp_is_exact(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    c.keyboard = SD_SHEET_KEYBOARD_RISE;
    c.detent0 = sd_sheet_detent_points(170.00000009999999);
    c.detent1 = sd_sheet_detent_points(400.3);
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, NULL), SD_OK);
    const double top0 = rest_top(&s, FULL);
    /* 200 doubles on each side of the room left, 400.3 - top(0). */
    double k = 400.3 - top0;
    for (int i = 0; i < 200; i++) k = nextafter(k, 0);
    int clamped = 0;
    for (int i = 0; i < 400; i++, k = nextafter(k, 1e9)) {
        sd_sheet probe = s;
        step(&probe, UP(1, k, 0, SD_SHEET_CURVE_LINEAR), NULL);
        const sd_sheet_frame f = frame_at(&probe, 1);
        if (!(f.top >= top0)) fail_msg("keyboard %.17g: top %.17g above detent 0's %.17g", k, f.top, top0);
        clamped += f.top == top0;
        assert_int_equal(sd_sheet_validate(&probe, NULL), SD_OK);
    }
    assert_true(clamped > 0);
    sd_sheet probe = s;
    step(&probe, UP(1, 400, 0, SD_SHEET_CURVE_LINEAR), NULL);
    assert_true(frame_at(&probe, 1).top == top0);
}

/* EXTEND: the keyboard's appearance moves the half sheet to full along its
 * curve and duration (willMove, didMove), its going moves it back; a drag
 * meanwhile chooses for the user; a dismissed sheet stays. */
static void test_keyboard_extend(void **state) {
    (void)state;
    notice_log log = { 0 };
    sd_sheet s = keyboard_sheet(SD_SHEET_KEYBOARD_EXTEND, HALF);
    stepped k = step(&s, UP(1, 300, 0.25, SD_SHEET_CURVE_LINEAR), &log);
    assert_int_equal(k.notices, WILL);
    assert_int_equal(k.detent, FULL);
    assert_true((k.flags & SD_SHEET_ACTION_START_SPRING) && k.spring_from == 400 && k.spring_to == 50 &&
                k.spring_duration == 0.25 && k.spring_velocity == 0);
    assert_int_equal(s.state.keyboard_detent, HALF);
    assert_near(frame_at(&s, 1.1).top, 400 - 350 * 0.4, 1e-9, "linear, 40% of the way");
    run_frames(&s, 1.0 + 1.0 / 60, 1.3, 60, &log);
    assert_true(s.state.detent == FULL && s.state.top == 50 && log.n == 2 && log.e[1].notice == DID);
    assert_true(frame_at(&s, 1.3).keyboard_overlap == 300);
    /* Going: back to half along the keyboard's going. */
    k = step(&s, DOWN(2, 0.25, SD_SHEET_CURVE_EASE_IN_OUT), &log);
    assert_true(k.notices == WILL && k.detent == HALF && s.state.keyboard_detent == SD_SHEET_NO_DETENT);
    assert_near(frame_at(&s, 2.125).top, 50 + 350 * sd_timing_curve_value(&sd_timing_ease_in_out, 0.5), 1e-9, "back");
    run_frames(&s, 2.0 + 1.0 / 60, 2.3, 60, &log);
    assert_true(s.state.detent == HALF && s.state.top == 400);
    /* A drag during the move grabs it where it is; the user's choice stays when the keyboard goes. */
    step(&s, UP(3, 300, 0.25, SD_SHEET_CURVE_LINEAR), NULL);
    const double at = frame_at(&s, 3.1).top;
    step(&s, sd_sheet_event_drag_began(3.1, 0), NULL);
    assert_true(frame_at(&s, 3.1).top == at && s.state.keyboard_detent == SD_SHEET_NO_DETENT);
    step(&s, sd_sheet_event_drag_changed(3.2, -300, 0), NULL);
    step(&s, sd_sheet_event_drag_ended(3.2, 0), NULL);
    run_frames(&s, 3.3, 5, 60, NULL);
    assert_int_equal(s.state.detent, FULL);
    k = step(&s, DOWN(6, 0.25, SD_SHEET_CURVE_LINEAR), NULL);
    assert_true(k.notices == 0 && s.state.detent == FULL && k.flags == 0);
    /* A reconfigure without the detent to return to forgets it (fuzz_sheet): the keyboard's going leaves the sheet. */
    sd_sheet one = keyboard_sheet(SD_SHEET_KEYBOARD_EXTEND, HALF);
    step(&one, UP(1, 300, 0, SD_SHEET_CURVE_LINEAR), NULL);
    assert_int_equal(one.state.keyboard_detent, HALF);
    sd_sheet_config only_full = one.config;
    only_full.detent_count = 1u;
    assert_int_equal(sd_sheet_reconfigure(&one, &only_full, NULL), SD_OK);
    assert_int_equal(one.state.keyboard_detent, SD_SHEET_NO_DETENT);
    assert_int_equal(sd_sheet_validate(&one, NULL), SD_OK);
    assert_int_equal(step(&one, DOWN(2, 0, SD_SHEET_CURVE_LINEAR), NULL).notices, 0);
    /* Dismissed: nothing to show. At once (0 s): the move lands in the same step. */
    sd_sheet gone = keyboard_sheet(SD_SHEET_KEYBOARD_EXTEND, DISMISSED);
    assert_int_equal(step(&gone, UP(1, 300, 0.25, 7), NULL).notices, 0);
    sd_sheet quick = keyboard_sheet(SD_SHEET_KEYBOARD_EXTEND, HALF);
    k = step(&quick, UP(1, 300, 0, 7), NULL);
    assert_true(k.notices == (WILL | DID) && quick.state.top == 50);
}

/* INTERACTIVE (gorhom's default): from any shown detent the sheet goes to
 * detent 0, which rests at max(T, top(0) - K) while the keyboard is up;
 * every height change moves it; it goes back to the detent it came from. */
static void test_keyboard_interactive(void **state) {
    (void)state;
    notice_log log = { 0 };
    sd_sheet s = keyboard_sheet(SD_SHEET_KEYBOARD_INTERACTIVE, HALF);
    stepped k = step(&s, UP(1, 30, 0.25, SD_SHEET_CURVE_LINEAR), &log);
    assert_true(k.notices == WILL && k.detent == FULL && s.state.keyboard_detent == HALF);
    assert_true(k.spring_from == 400 && k.spring_to == 20 && k.spring_duration == 0.25); /* 50 - 30 */
    assert_near(frame_at(&s, 1.1).top, 400 - 380 * 0.4, 1e-9, "linear, 40% of the way");
    run_frames(&s, 1.0 + 1.0 / 60, 1.3, 60, &log);
    assert_true(s.state.detent == FULL && s.state.top == 20 && log.n == 2 && log.e[1].notice == DID);
    assert_true(frame_at(&s, 1.3).keyboard_overlap == 30 && rest_top(&s, HALF) == 400);
    /* A taller keyboard (the emoji one): up again, clamped at the container's top (no safe area here). */
    k = step(&s, UP(2, 336, 0.25, SD_SHEET_CURVE_LINEAR), &log);
    assert_true(k.notices == 0 && k.spring_from == 20 && k.spring_to == 0);
    run_frames(&s, 2.0 + 1.0 / 60, 2.3, 60, &log);
    assert_true(s.state.top == 0 && frame_at(&s, 2.3).keyboard_overlap == 336);
    /* 336 to 380: the rest top is still 0, nothing moves. */
    k = step(&s, UP(2.5, 380, 0.25, SD_SHEET_CURVE_LINEAR), &log);
    assert_true(k.flags == 0 && k.notices == 0 && s.state.top == 0);
    /* While it rests up there the inner content scrolls under the finger; the sheet stays. */
    k = step(&s, sd_sheet_event_drag_began(3, 0), NULL);
    assert_true(k.frame.flags & SD_SHEET_FRAME_CONTENT_SCROLLS);
    k = step(&s, sd_sheet_event_drag_changed(3.1, -120, 120), NULL);
    assert_true(k.frame.top == 0 && k.frame.content_offset == 120);
    k = step(&s, sd_sheet_event_drag_ended(3.2, 0), NULL);
    assert_true(k.notices == 0 && s.state.top == 0 && s.state.detent == FULL);
    /* Scrolling the content chose nothing: the keyboard's going takes the sheet back to half. */
    assert_int_equal(s.state.keyboard_detent, HALF);
    k = step(&s, DOWN(4, 0.25, SD_SHEET_CURVE_LINEAR), &log);
    assert_true(k.notices == WILL && k.detent == HALF && k.spring_from == 0 && k.spring_to == 400);
    run_frames(&s, 4.0 + 1.0 / 60, 4.3, 60, &log);
    assert_true(s.state.detent == HALF && s.state.top == 400 && s.state.content_offset == 0);

    /* A drag that moves the sheet chooses: its release at full keeps it there when the keyboard goes. */
    sd_sheet chose = keyboard_sheet(SD_SHEET_KEYBOARD_INTERACTIVE, HALF);
    step(&chose, UP(1, 336, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    step(&chose, sd_sheet_event_handle_drag_began(2), NULL);
    step(&chose, sd_sheet_event_drag_changed(2.1, 60, 0), NULL);
    assert_true(chose.state.keyboard_detent == SD_SHEET_NO_DETENT && frame_at(&chose, 2.1).top == 60);
    step(&chose, sd_sheet_event_drag_ended(2.2, 0), NULL);
    run_frames(&chose, 2.2, 3, 60, NULL);
    assert_true(chose.state.detent == FULL && chose.state.top == 0);
    k = step(&chose, DOWN(4, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(k.notices == 0 && chose.state.detent == FULL && chose.state.top == 50);

    /* Without a drag it goes back to the detent it came from. */
    sd_sheet back = keyboard_sheet(SD_SHEET_KEYBOARD_INTERACTIVE, HALF);
    step(&back, UP(1, 336, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(back.state.top == 0 && back.state.detent == FULL);
    k = step(&back, DOWN(2, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(k.notices == (WILL | DID) && k.detent == HALF && back.state.top == 400);
    /* From full it moves up too, and back to full. */
    sd_sheet top = keyboard_sheet(SD_SHEET_KEYBOARD_INTERACTIVE, FULL);
    k = step(&top, UP(1, 30, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(k.notices == 0 && top.state.top == 20 && top.state.keyboard_detent == FULL);
    k = step(&top, DOWN(2, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(k.notices == 0 && top.state.top == 50);
    /* A notched phone: never under the status bar. */
    sd_sheet phone = notched_sheet(SD_SHEET_KEYBOARD_INTERACTIVE, HALF);
    assert_true(phone.state.top == 428.5);
    step(&phone, sd_sheet_event_keyboard(1, 844 - 30, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(phone.state.top == 67); /* 47 + 50 - 30 */
    step(&phone, sd_sheet_event_keyboard(2, 844 - 336, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(phone.state.top == 47);
    assert_int_equal(sd_sheet_validate(&phone, NULL), SD_OK);
}

/* FILL_PARENT: to detent 0 resting at the safe area's top, and back. */
static void test_keyboard_fill_parent(void **state) {
    (void)state;
    sd_sheet s = keyboard_sheet(SD_SHEET_KEYBOARD_FILL_PARENT, HALF);
    stepped k = step(&s, UP(1, 300, 0.25, SD_SHEET_CURVE_EASE_OUT), NULL);
    assert_true(k.notices == WILL && k.detent == FULL && k.spring_from == 400 && k.spring_to == 0);
    run_frames(&s, 1.0 + 1.0 / 60, 1.3, 60, NULL);
    assert_true(s.state.top == 0 && rest_top(&s, FULL) == 0 && rest_top(&s, HALF) == 400);
    k = step(&s, DOWN(2, 0.25, SD_SHEET_CURVE_EASE_IN_OUT), NULL);
    assert_true(k.notices == WILL && k.detent == HALF && k.spring_from == 0 && k.spring_to == 400);
    run_frames(&s, 2.0 + 1.0 / 60, 2.3, 60, NULL);
    assert_true(s.state.detent == HALF && s.state.top == 400);
    sd_sheet phone = notched_sheet(SD_SHEET_KEYBOARD_FILL_PARENT, HALF);
    step(&phone, sd_sheet_event_keyboard(1, 500, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(phone.state.top == 47 && phone.state.detent == FULL);
    /* A programmatic move while it is up chooses: no return. */
    step(&phone, sd_sheet_event_move(2, DISMISSED, 0), NULL);
    assert_int_equal(phone.state.keyboard_detent, SD_SHEET_NO_DETENT);
    stepped gone = step(&phone, sd_sheet_event_keyboard(3, 844, 0, SD_SHEET_CURVE_KEYBOARD), NULL);
    assert_true(gone.notices == 0 && phone.state.detent == DISMISSED && phone.state.top == 844);
}

/* Every behaviour: a drag that begins while the keyboard comes up stays
 * under the finger (the keyboard keeps moving, the sheet does not), and
 * its release lands on the rest tops the keyboard then gives. */
static void test_keyboard_drag_stays_under_the_finger(void **state) {
    (void)state;
    const uint32_t behaviours[] = { SD_SHEET_KEYBOARD_IGNORE, SD_SHEET_KEYBOARD_RISE, SD_SHEET_KEYBOARD_EXTEND,
                                    SD_SHEET_KEYBOARD_INTERACTIVE, SD_SHEET_KEYBOARD_FILL_PARENT };
    /* Where the release (translation +10 from where the finger took it: no threshold crossed) lands. */
    const double lands[] = { 400, 100, 50, 0, 0 };
    for (size_t i = 0; i < sizeof behaviours / sizeof behaviours[0]; i++) {
        sd_sheet s = keyboard_sheet(behaviours[i], HALF);
        step(&s, UP(1, 300, 0.25, SD_SHEET_CURVE_LINEAR), NULL);
        const double grabbed = frame_at(&s, 1.1).top;
        step(&s, sd_sheet_event_drag_began(1.1, 0), NULL);
        for (int j = 1; j <= 12; j++) {
            const double t = 1.1 + 0.02 * j;
            stepped k = step(&s, sd_sheet_event_drag_changed(t, 10, 0), NULL);
            if (k.frame.top != grabbed + 10)
                fail_msg("behaviour %u at %g: top %.17g, the finger has it at %.17g", behaviours[i], t, k.frame.top,
                         grabbed + 10);
            assert_near(k.frame.keyboard_overlap, sd_sheet_keyboard_height_at(&s, t), 0, "the overlap is the keyboard's");
        }
        assert_true(sd_sheet_keyboard_height_at(&s, 1.35) == 300);
        step(&s, sd_sheet_event_drag_ended(1.4, 0), NULL);
        run_frames(&s, 1.4, 4, 60, NULL);
        if (s.state.top != lands[i])
            fail_msg("behaviour %u: landed at %.17g, expected %.17g", behaviours[i], s.state.top, lands[i]);
        assert_int_equal(sd_sheet_validate(&s, NULL), SD_OK);
    }
}

/* The overlap: the keyboard's height, at most the sheet's visible height. */
static void test_keyboard_overlap(void **state) {
    (void)state;
    sd_sheet s = keyboard_sheet(SD_SHEET_KEYBOARD_IGNORE, HALF);
    assert_true(frame_at(&s, 0).keyboard_overlap == 0);
    step(&s, UP(1, 300, 0.25, SD_SHEET_CURVE_LINEAR), NULL);
    assert_true(frame_at(&s, 1.1).keyboard_overlap == sd_sheet_keyboard_height_at(&s, 1.1));
    assert_true(frame_at(&s, 1.25).keyboard_overlap == 300 && frame_at(&s, 1.25).top == 400);
    step(&s, UP(2, 500, 0, SD_SHEET_CURVE_LINEAR), NULL);
    assert_true(frame_at(&s, 2).keyboard_overlap == 400); /* all of the 400 pt the half sheet shows */
    step(&s, sd_sheet_event_move(3, DISMISSED, 0), NULL);
    assert_true(frame_at(&s, 3).keyboard_overlap == 0);
    /* A time before the keyboard's animation began shows where it started. */
    sd_sheet t = keyboard_sheet(SD_SHEET_KEYBOARD_IGNORE, FULL);
    step(&t, UP(1, 300, 0.25, SD_SHEET_CURVE_LINEAR), NULL);
    assert_true(frame_at(&t, 0.5).keyboard_overlap == 0 && frame_at(&t, 2).keyboard_overlap == 300);
}

static void test_keyboard_rejections(void **state) {
    (void)state;
    sd_sheet s = keyboard_sheet(SD_SHEET_KEYBOARD_RISE, HALF);
    const sd_sheet before = s;
    struct { sd_sheet_event e; sd_status st; const char *field; } rows[] = {
        { sd_sheet_event_keyboard(1, NAN, 0.25, 7), SD_ERR_NOT_FINITE, "translation" },
        { sd_sheet_event_keyboard(1, 2e9, 0.25, 7), SD_ERR_RANGE, "translation" },
        { sd_sheet_event_keyboard(1, 500, -0.1, 7), SD_ERR_RANGE, "velocity" },
        { sd_sheet_event_keyboard(1, 500, 10.5, 7), SD_ERR_RANGE, "velocity" },
        { sd_sheet_event_keyboard(1, 500, INFINITY, 7), SD_ERR_NOT_FINITE, "velocity" },
        { sd_sheet_event_keyboard(1, 500, 0.25, 4), SD_ERR_RANGE, "detent" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_sheet_actions a;
        sd_error err;
        assert_int_equal(sd_sheet_step(&s, &rows[i].e, &a, &err), rows[i].st);
        assert_string_equal(err.field, rows[i].field);
        assert_memory_equal(&s, &before, sizeof s);
    }
    sd_sheet_config c = sd_sheet_config_default(H);
    sd_error err;
    for (uint32_t b = SD_SHEET_KEYBOARD_IGNORE; b <= SD_SHEET_KEYBOARD_FILL_PARENT; b++) {
        c.keyboard = b;
        assert_int_equal(sd_sheet_config_validate(&c, NULL), SD_OK);
    }
    c.keyboard = 5;
    assert_int_equal(sd_sheet_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "keyboard");
    /* A restored state the machine cannot reach is refused. */
    sd_sheet bad = s;
    bad.state.keyboard_curve = 5;
    assert_int_equal(sd_sheet_validate(&bad, &err), SD_ERR_STATE);
    assert_string_equal(err.field, "state.keyboard_curve");
    bad = s;
    bad.state.move_curve = 1;
    assert_int_equal(sd_sheet_validate(&bad, &err), SD_ERR_STATE);
    assert_string_equal(err.field, "state.move_curve");
    bad = s;
    bad.state.keyboard_detent = 7;
    assert_int_equal(sd_sheet_validate(&bad, &err), SD_ERR_STATE);
    assert_string_equal(err.field, "state.keyboard_detent");
    bad = s;
    bad.state.drag_anchor = 50;
    assert_int_equal(sd_sheet_validate(&bad, &err), SD_ERR_STATE);
    assert_string_equal(err.field, "state.drag_anchor");
    /* A risen sheet saved at rest must sit on its rest top. */
    sd_sheet risen = s;
    step(&risen, UP(1, 300, 0, SD_SHEET_CURVE_LINEAR), NULL);
    assert_int_equal(sd_sheet_validate(&risen, NULL), SD_OK);
    risen.state.top = 400;
    assert_int_equal(sd_sheet_validate(&risen, &err), SD_ERR_STATE);
    assert_string_equal(err.field, "state.top");
    assert_int_equal(sd_sheet_validate(&s, &err), SD_OK);
    assert_true(sd_sheet_keyboard_height_at(NULL, 1) == 0 && sd_sheet_keyboard_height_at(&s, NAN) == 0);
    double top;
    assert_int_equal(sd_sheet_rest_top(&s, 3, &top), SD_ERR_RANGE);
    assert_int_equal(sd_sheet_rest_top(NULL, 0, &top), SD_ERR_NULL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keyboard_rise),
        cmocka_unit_test(test_keyboard_rise_clamp_is_exact),
        cmocka_unit_test(test_keyboard_extend),
        cmocka_unit_test(test_keyboard_interactive),
        cmocka_unit_test(test_keyboard_fill_parent),
        cmocka_unit_test(test_keyboard_capped_at_the_container),
        cmocka_unit_test(test_keyboard_drag_stays_under_the_finger),
        cmocka_unit_test(test_keyboard_overlap),
        cmocka_unit_test(test_keyboard_rejections),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
