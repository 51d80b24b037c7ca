/* test_sheet_verbs.c — cmocka tests of the bottom sheet (CCore/sheet_*.c): the four verbs as a caller sees them: rejected events and configurations change nothing, frame_at is pure, replays are deterministic, and the fuzzers' regressions. Numbers from the AppCoda SwiftUI bottom-sheet chapter's sheet. */
#include "sheet_support.h"

static void check_rejected(sd_sheet *s, sd_sheet_event e, sd_status want, const char *what) {
    sd_sheet before = *s;
    sd_sheet_actions a, untouched;
    memset(&a, 0xA5, sizeof a);
    untouched = a;
    sd_error err;
    sd_status st = sd_sheet_step(s, &e, &a, &err);
    if (st != want) fail_msg("%s: %s, expected %s", what, sd_status_name(st), sd_status_name(want));
    if (err.status != want || !err.field[0] || !err.rule[0]) fail_msg("%s: the report names no field or rule", what);
    if (memcmp(s, &before, sizeof *s) != 0) fail_msg("%s: the sheet changed", what);
    if (memcmp(&a, &untouched, sizeof a) != 0) fail_msg("%s: the actions were written", what);
}

static void test_nan_input_ignored(void **state) {
    (void)state;
    const double bad[] = { NAN, INFINITY, -INFINITY };
    /* At rest, in a drag, in a spring, in a drag at full with the content scrolling. */
    sd_sheet states[4];
    states[0] = seed_sheet(HALF);
    states[1] = seed_sheet(HALF);
    step(&states[1], sd_sheet_event_drag_began(1, 0), NULL);
    step(&states[1], sd_sheet_event_drag_changed(1.1, -50, 0), NULL);
    states[2] = seed_sheet(HALF);
    step(&states[2], sd_sheet_event_move(1, FULL, 1), NULL);
    states[3] = seed_sheet(FULL);
    step(&states[3], sd_sheet_event_drag_began(1, 80), NULL);
    for (int i = 0; i < 4; i++) {
        for (int b = 0; b < 3; b++) {
            double x = bad[b];
            sd_sheet *s = &states[i];
            check_rejected(s, sd_sheet_event_drag_began(x, 0), SD_ERR_NOT_FINITE, "began time");
            check_rejected(s, sd_sheet_event_drag_began(2, x), SD_ERR_NOT_FINITE, "began content offset");
            check_rejected(s, sd_sheet_event_drag_changed(2, x, 0), SD_ERR_NOT_FINITE, "changed translation");
            check_rejected(s, sd_sheet_event_drag_changed(2, 10, x), SD_ERR_NOT_FINITE, "changed content offset");
            check_rejected(s, sd_sheet_event_drag_changed(x, 10, 0), SD_ERR_NOT_FINITE, "changed time");
            check_rejected(s, sd_sheet_event_drag_ended(2, x), SD_ERR_NOT_FINITE, "ended velocity");
            check_rejected(s, sd_sheet_event_backdrop_tap(x), SD_ERR_NOT_FINITE, "tap time");
            check_rejected(s, sd_sheet_event_move(x, FULL, 1), SD_ERR_NOT_FINITE, "move time");
            check_rejected(s, sd_sheet_event_frame(x), SD_ERR_NOT_FINITE, "tick time");
        }
        check_rejected(&states[i], sd_sheet_event_frame(-1), SD_ERR_RANGE, "negative time");
        check_rejected(&states[i], sd_sheet_event_move(2, 3, 1), SD_ERR_RANGE, "detent out of range");
        sd_sheet_event unknown = sd_sheet_event_frame(2);
        unknown.type = 42;
        check_rejected(&states[i], unknown, SD_ERR_RANGE, "unknown type");
        sd_sheet_frame f;
        assert_int_equal(sd_sheet_frame_at(&states[i], NAN, &f), SD_ERR_NOT_FINITE);
        /* Finite input still works afterwards. */
        sd_sheet_frame before;
        sd_sheet_frame_at(&states[i], 1.5, &before);
        assert_true(isfinite(before.top) && isfinite(before.velocity));
    }
    sd_sheet s = seed_sheet(HALF);
    sd_sheet_event e = sd_sheet_event_frame(0);
    sd_sheet_actions a;
    sd_error err;
    assert_int_equal(sd_sheet_step(NULL, &e, &a, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "sheet");
    assert_int_equal(sd_sheet_step(&s, NULL, &a, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "event");
    assert_int_equal(sd_sheet_step(&s, &e, NULL, NULL), SD_ERR_NULL);
    assert_int_equal(sd_sheet_frame_at(NULL, 0, NULL), SD_ERR_NULL);
}

static void test_events_out_of_place(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    check_rejected(&s, sd_sheet_event_drag_changed(1, 10, 0), SD_ERR_STATE, "changed without a drag");
    check_rejected(&s, sd_sheet_event_drag_ended(1, 0), SD_ERR_STATE, "ended without a drag");
    step(&s, sd_sheet_event_drag_began(1, 0), NULL);
    check_rejected(&s, sd_sheet_event_drag_began(1.1, 0), SD_ERR_STATE, "began twice");
    sd_sheet gone = seed_sheet(DISMISSED);
    check_rejected(&gone, sd_sheet_event_drag_began(1, 0), SD_ERR_STATE, "nothing on screen to grab");
    sd_sheet_config two = sd_sheet_config_default(H);
    two.detent_count = 2;
    sd_sheet stuck;
    assert_int_equal(sd_sheet_init(&stuck, &two, HALF, NULL), SD_OK);
    check_rejected(&stuck, sd_sheet_event_backdrop_tap(1), SD_ERR_STATE, "tap with nothing to dismiss to");
    /* An event earlier than the clock counts as happening at the clock. */
    step(&s, sd_sheet_event_drag_changed(2, -10, 0), NULL);
    stepped a = step(&s, sd_sheet_event_drag_changed(1.5, -20, 0), NULL);
    assert_true(s.state.time == 2 && a.frame.top == 380);
}

/* ---- sampling ---- */

static void test_sample_matches_tick_and_batch(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(DISMISSED);
    step(&s, sd_sheet_event_move(0, HALF, 1), NULL);
    step(&s, sd_sheet_event_frame(0.1), NULL);
    enum { N = 97 };
    double times[N], tops[N], velocities[N];
    for (int i = 0; i < N; i++) times[i] = 0.1 + i * 0.0123;
    assert_int_equal(sd_sheet_motion_batch(&s, times, N, tops, velocities, NULL), SD_OK);
    for (int i = 0; i < N; i++) {
        sd_sheet_frame f;
        sd_sheet_frame_at(&s, times[i], &f);
        assert_true(same_bits(f.top, tops[i]) && same_bits(f.velocity, velocities[i]));
        /* A tick at that time changes nothing of the frame at that time. */
        sd_sheet copy = s;
        stepped a = step(&copy, sd_sheet_event_frame(times[i]), NULL);
        assert_memory_equal(&a.frame, &f, sizeof f);
    }
    assert_int_equal(sd_sheet_motion_batch(&s, times, N, tops, NULL, NULL), SD_OK);
    double nan_times[2] = { 0.5, NAN };
    tops[0] = 12345;
    sd_error err;
    assert_int_equal(sd_sheet_motion_batch(&s, nan_times, 2, tops, NULL, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "times");
    assert_true(tops[0] == 12345);
    assert_int_equal(sd_sheet_motion_batch(&s, NULL, 2, tops, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "times");
    assert_int_equal(sd_sheet_motion_batch(&s, times, 2, NULL, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "tops");
    assert_int_equal(sd_sheet_motion_batch(NULL, times, 2, tops, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "sheet");
    assert_int_equal(sd_sheet_motion_batch(&s, NULL, 0, NULL, NULL, &err), SD_OK);
}

static void test_fuzz_s1_tick_at_spring_end_lands(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    stepped a = step(&s, sd_sheet_event_move(0.3, FULL, 1), NULL);
    assert_true(a.spring_start == 0.3);
    assert_near(a.spring_duration, 0.6761925053732144, 1e-12, "settle time of half -> full");
    /* The rounding that made the finding: the elapsed time at the end is short of the duration. */
    assert_true((a.spring_start + a.spring_duration) - a.spring_start < a.spring_duration);
    a = step(&s, sd_sheet_event_frame(a.spring_start + a.spring_duration), NULL);
    assert_false(s.state.flags & (SD_SHEET_STATE_ANIMATING | SD_SHEET_STATE_MOVING));
    assert_int_equal(a.flags, SD_SHEET_ACTION_STOP_SPRING);
    assert_int_equal(a.notices, SD_SHEET_NOTICE_DID_MOVE);
    assert_int_equal(a.detent, FULL);
    assert_true(a.frame.top == 50 && a.frame.velocity == 0 && s.state.top == 50);
    assert_false(a.frame.flags & SD_SHEET_FRAME_ANIMATING);

    /* Far from 0 the clock cannot tell start + duration from the start (its
     * resolution at 1e17 s is 16 s): the spring is over at once, and a tick
     * at that time lands it. */
    s = seed_sheet(HALF);
    a = step(&s, sd_sheet_event_move(1e17, FULL, 1), NULL);
    assert_true(a.spring_start == 1e17 && a.spring_start + a.spring_duration == 1e17);
    assert_int_equal(a.notices, SD_SHEET_NOTICE_WILL_MOVE);
    assert_true(a.frame.top == 50 && !(a.frame.flags & SD_SHEET_FRAME_ANIMATING)); /* ended: shows the target */
    a = step(&s, sd_sheet_event_frame(1e17), NULL);
    assert_int_equal(a.notices, SD_SHEET_NOTICE_DID_MOVE);
    assert_true(a.frame.top == 50 && !(s.state.flags & SD_SHEET_STATE_ANIMATING));
}

/* S2: a spring that never settles is not a valid sheet spring. */
static void test_fuzz_s2_unsettling_springs_rejected(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    c.spring.damping = 0;
    sd_error err;
    sd_sheet s;
    memset(&s, 0x5A, sizeof s);
    sd_sheet before = s;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, &err), SD_ERR_NEGATIVE);
    assert_string_equal(err.field, "spring.damping");
    assert_memory_equal(&s, &before, sizeof s);
    /* The same spring with mass 9.007e15: damped, but its motion decays at 1.4e-15 per second. */
    c = sd_sheet_config_default(H);
    c.spring.mass = 9.007e15;
    assert_int_equal(sd_sheet_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "spring");
    assert_true(strstr(err.rule, "settle") != NULL);

    /* At the limits every move still ends: a container of SD_SHEET_MAX_LENGTH,
     * the fastest spring rate with the slowest decay, the strongest kick. */
    c = sd_sheet_config_default(SD_SHEET_MAX_LENGTH);
    c.spring.stiffness = SD_SHEET_MAX_SPRING_RATE * SD_SHEET_MAX_SPRING_RATE;
    c.spring.damping = 2 * SD_SHEET_MIN_SPRING_DECAY;
    c.spring_initial_velocity = SD_SHEET_MAX_SPRING_RATE;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, &err), SD_OK);
    stepped a = step(&s, sd_sheet_event_backdrop_tap(0), NULL);
    assert_true(a.spring_from == 5e8 && a.spring_to == 1e9 && a.spring_velocity == 5e14);
    if (!(a.spring_duration > 1000 && a.spring_duration < 1e4)) fail_msg("settle time %.17g s", a.spring_duration);
    a = step(&s, sd_sheet_event_frame(a.spring_start + a.spring_duration), NULL);
    assert_int_equal(a.notices, SD_SHEET_NOTICE_DID_MOVE | SD_SHEET_NOTICE_DISMISSED);
    assert_true(a.frame.top == 1e9);
}

/* S3: finite but huge drag values are refused; at the limit the sheet's spring stays finite. */
static void test_fuzz_s3_huge_drag_values(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(FULL);
    step(&s, sd_sheet_event_drag_began(0, 0), NULL);
    check_rejected(&s, sd_sheet_event_drag_changed(1.0 / 60, 0, -DBL_MAX), SD_ERR_RANGE, "offset -DBL_MAX");
    check_rejected(&s, sd_sheet_event_drag_changed(1.0 / 60, 0, -1e306), SD_ERR_RANGE, "offset -1e306");
    check_rejected(&s, sd_sheet_event_drag_changed(1.0 / 60, DBL_MAX, 0), SD_ERR_RANGE, "translation DBL_MAX");
    check_rejected(&s, sd_sheet_event_drag_changed(1.0 / 60, NAN, -DBL_MAX), SD_ERR_NOT_FINITE, "NaN before range");
    check_rejected(&s, sd_sheet_event_drag_ended(1.0 / 60, -1.0000000000000002e12), SD_ERR_RANGE, "velocity past the limit");
    sd_sheet rest = seed_sheet(HALF);
    check_rejected(&rest, sd_sheet_event_drag_began(0, 1.0000000000000002e9), SD_ERR_RANGE, "began offset past the limit");
    sd_sheet_config huge = sd_sheet_config_default(DBL_MAX);
    sd_sheet kept = rest;
    assert_int_equal(sd_sheet_reconfigure(&rest, &huge, NULL), SD_ERR_RANGE); /* container DBL_MAX */
    assert_memory_equal(&rest, &kept, sizeof rest);

    /* The finding's input with the largest offset allowed: the overscroll
     * return starts its spring 1e9 pt below full, with a finite kick, and lands. */
    stepped a = step(&s, sd_sheet_event_drag_changed(1.0 / 60, 0, -SD_SHEET_MAX_LENGTH), NULL);
    assert_int_equal(a.flags & SD_SHEET_ACTION_START_SPRING, SD_SHEET_ACTION_START_SPRING);
    assert_true(a.spring_from == 1000000050 && a.spring_velocity == -9999996500 && a.spring_to == 400);
    assert_true(isfinite(a.spring_duration) && a.frame.top == 1000000050);
    a = step(&s, sd_sheet_event_frame(a.spring_start + a.spring_duration), NULL);
    assert_int_equal(a.notices, SD_SHEET_NOTICE_DID_MOVE);
    assert_true(a.frame.top == 400);

    /* A container of DBL_MAX points is refused (its first tap's spring had an infinite kick). */
    sd_sheet_config c = sd_sheet_config_default(DBL_MAX);
    sd_error err;
    assert_int_equal(sd_sheet_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "container_height");

    /* A spring kicked far out (here 1.3e13 pt above the container) is
     * grabbed at the edge of the drag range, so the next spring does not
     * start farther out still. */
    c = sd_sheet_config_default(SD_SHEET_MAX_LENGTH);
    c.spring_initial_velocity = SD_SHEET_MAX_SPRING_RATE;
    sd_sheet far;
    assert_int_equal(sd_sheet_init(&far, &c, HALF, NULL), SD_OK);
    step(&far, sd_sheet_event_move(0, FULL, 1), NULL);
    sd_sheet_frame f;
    assert_int_equal(sd_sheet_frame_at(&far, 0.1, &f), SD_OK);
    assert_true(f.top < -1e13);
    a = step(&far, sd_sheet_event_drag_began(0.1, 0), NULL);
    assert_true(a.frame.top == -SD_SHEET_MAX_LENGTH && far.state.drag_base == -SD_SHEET_MAX_LENGTH);
    a = step(&far, sd_sheet_event_drag_ended(0.2, 0), NULL);
    assert_true(a.spring_from == -SD_SHEET_MAX_LENGTH && a.spring_velocity == 1.00000005e15 && isfinite(a.spring_duration));
}

/* S4: two finger samples a denormal time apart: the velocity is measured over 1 ms. */
static void test_fuzz_s4_tiny_dt_velocity(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    step(&s, sd_sheet_event_drag_began(0, 0), NULL);
    step(&s, sd_sheet_event_drag_changed(0, -39, -400), NULL);
    stepped a = step(&s, sd_sheet_event_drag_changed(DBL_MIN, -77.5, 0), NULL);
    /* 38.5 pt up over SD_SHEET_MIN_SAMPLE_INTERVAL. */
    assert_true(a.frame.top == 322.5);
    assert_true(a.frame.velocity == -38500);
    assert_true(s.state.velocity == -38500);
}

static void test_struct_sizes(void **state) {
    (void)state;
    assert_int_equal(sizeof(sd_sheet_detent), 16);
    assert_int_equal(sizeof(sd_sheet_config), 240);
    assert_int_equal(sizeof(sd_sheet_state), 200);
    assert_int_equal(sizeof(sd_sheet), 440);
    assert_int_equal(sizeof(sd_sheet_event), 48);
    assert_int_equal(sizeof(sd_sheet_frame), 72);
    assert_int_equal(sizeof(sd_sheet_actions), 64);
}

/* ---- the four verbs, and nothing else ---- */

/* One step that must be rejected: the sheet and the actions stay bit for bit, the report names a field. */
static void rejected_step(sd_sheet *s, sd_sheet_event e, sd_status want, const char *field) {
    sd_sheet before;
    memcpy(&before, s, sizeof before);
    sd_sheet_actions a, untouched;
    memset(&a, 0x3C, sizeof a);
    memcpy(&untouched, &a, sizeof a);
    sd_error err;
    assert_int_equal(sd_sheet_step(s, &e, &a, &err), want);
    assert_int_equal(err.status, want);
    assert_string_equal(err.field, field);
    assert_memory_equal(s, &before, sizeof before);
    assert_memory_equal(&a, &untouched, sizeof a);
}

/* One reconfigure that must be rejected: the sheet stays bit for bit, the report names a field. */
static void rejected_reconfigure(sd_sheet *s, const sd_sheet_config *c, sd_status want, const char *field) {
    sd_sheet before;
    memcpy(&before, s, sizeof before);
    sd_error err;
    assert_int_equal(sd_sheet_reconfigure(s, c, &err), want);
    assert_string_equal(err.field, field);
    assert_memory_equal(s, &before, sizeof before);
}

/* frame_at is pure: the same frame twice, the sheet untouched, any time (before the clock too). */
static void check_frame_pure(const sd_sheet *s, double t) {
    sd_sheet before;
    memcpy(&before, s, sizeof before);
    sd_sheet_frame f1, f2;
    memset(&f1, 0x11, sizeof f1);
    memset(&f2, 0x22, sizeof f2);
    assert_int_equal(sd_sheet_frame_at(s, t, &f1), SD_OK);
    assert_int_equal(sd_sheet_frame_at(s, t, &f2), SD_OK);
    assert_memory_equal(&f1, &f2, sizeof f1);
    assert_memory_equal(s, &before, sizeof before);
    sd_sheet_frame untouched = f1;
    assert_int_equal(sd_sheet_frame_at(s, NAN, &f1), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_sheet_frame_at(s, INFINITY, &f1), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_sheet_frame_at(NULL, t, &f1), SD_ERR_NULL);
    assert_int_equal(sd_sheet_frame_at(s, t, NULL), SD_ERR_NULL);
    assert_memory_equal(&f1, &untouched, sizeof f1);
}

/* A whole session through sd_sheet_init / sd_sheet_step / sd_sheet_frame_at /
 * sd_sheet_reconfigure only: at every stage a rejected event and a rejected
 * configuration change nothing, and frame_at is pure. */
static void test_four_verbs_only(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    sd_sheet s;
    sd_error err;
    memset(&s, 0x77, sizeof s);
    sd_sheet untouched = s;
    assert_int_equal(sd_sheet_init(&s, &c, 3, &err), SD_ERR_RANGE); /* init writes only on success */
    assert_string_equal(err.field, "initial_detent");
    assert_memory_equal(&s, &untouched, sizeof s);
    assert_int_equal(sd_sheet_init(&s, &c, HALF, &err), SD_OK);
    assert_true(s.state.time == 0 && s.state.detent == HALF);

    sd_sheet_config too_few = sd_sheet_config_default(H);
    sd_sheet_config not_finite = sd_sheet_config_default(NAN);
    sd_sheet_config bad_spring = sd_sheet_config_default(H);
    bad_spring.spring.damping = 0;

    const sd_sheet_event script[] = {
        sd_sheet_event_frame(0.1),
        sd_sheet_event_drag_began(0.2, 0),
        sd_sheet_event_drag_changed(0.25, -120, 0),
        sd_sheet_event_drag_changed(0.3, -250, 0),
        sd_sheet_event_drag_ended(0.3, -800),
        sd_sheet_event_frame(0.4),
        sd_sheet_event_frame(1.5),
        sd_sheet_event_move(1.6, DISMISSED, 1),
        sd_sheet_event_frame(1.7),
        sd_sheet_event_backdrop_tap(1.8),
        sd_sheet_event_frame(3.0),
    };
    uint32_t notices = 0;
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
        const double clock = s.state.time;
        rejected_step(&s, sd_sheet_event_frame(NAN), SD_ERR_NOT_FINITE, "time");
        rejected_step(&s, sd_sheet_event_frame(-0.5), SD_ERR_RANGE, "time");
        rejected_step(&s, sd_sheet_event_move(clock, 7, 1), SD_ERR_RANGE, "detent");
        rejected_step(&s, sd_sheet_event_drag_changed(clock, NAN, 0), SD_ERR_NOT_FINITE, "translation");
        rejected_step(&s, sd_sheet_event_drag_ended(clock, 2e12), SD_ERR_RANGE, "velocity");
        sd_sheet_event unknown = sd_sheet_event_frame(clock);
        unknown.type = 99;
        rejected_step(&s, unknown, SD_ERR_RANGE, "type");
        if (s.state.drag == SD_SHEET_DRAG_INACTIVE)
            rejected_step(&s, sd_sheet_event_drag_ended(clock, 0), SD_ERR_STATE, "type");
        else {
            rejected_step(&s, sd_sheet_event_drag_began(clock, 0), SD_ERR_STATE, "type");
            rejected_step(&s, sd_sheet_event_move(clock, FULL, 1), SD_ERR_STATE, "type"); /* never mid-drag */
        }
        if (s.state.detent > 0) { /* a configuration without the sheet's detent */
            too_few.detent_count = s.state.detent;
            rejected_reconfigure(&s, &too_few, SD_ERR_RANGE, "detent_count");
        }
        rejected_reconfigure(&s, &not_finite, SD_ERR_NOT_FINITE, "container_height");
        rejected_reconfigure(&s, &bad_spring, SD_ERR_NEGATIVE, "spring.damping");
        rejected_reconfigure(&s, NULL, SD_ERR_NULL, "config");
        check_frame_pure(&s, clock);
        check_frame_pure(&s, clock + 0.05);
        check_frame_pure(&s, 0); /* before the clock */

        sd_sheet_actions a;
        assert_int_equal(sd_sheet_step(&s, &script[i], &a, &err), SD_OK);
        assert_int_equal(err.status, SD_OK);
        notices |= a.notices;
        /* A FRAME step at the clock does not change the frame at the clock. */
        sd_sheet_frame before, after;
        assert_int_equal(sd_sheet_frame_at(&s, s.state.time, &before), SD_OK);
        sd_sheet_event tick = sd_sheet_event_frame(s.state.time);
        sd_sheet probe = s;
        assert_int_equal(sd_sheet_step(&probe, &tick, &a, NULL), SD_OK);
        assert_int_equal(sd_sheet_frame_at(&probe, s.state.time, &after), SD_OK);
        assert_memory_equal(&before, &after, sizeof before);
    }
    /* The session went up to full, then down to dismissed, and landed. */
    assert_int_equal(notices, WILL | DID | GONE);
    assert_int_equal(s.state.detent, DISMISSED);
    /* An accepted reconfigure keeps the detent and the clock. */
    const double clock = s.state.time;
    sd_sheet_config wide = sd_sheet_config_default(390);
    assert_int_equal(sd_sheet_reconfigure(&s, &wide, &err), SD_OK);
    assert_true(s.state.time == clock && s.state.detent == DISMISSED);
    sd_sheet_frame f;
    assert_int_equal(sd_sheet_frame_at(&s, clock, &f), SD_OK);
    assert_true(f.top == 390);
}

/* docs/surfaces.md's C example of the sheet, as written there. */
static void test_readme_c_example(void **state) {
    (void)state;
    /* --- docs/surfaces.md: C sheet example --- */
    sd_sheet_config config = sd_sheet_config_default(800);   /* full, half, dismissed */
    sd_sheet sheet;
    sd_sheet_actions actions;
    sd_sheet_frame frame;
    sd_error err;
    sd_sheet_init(&sheet, &config, 1, &err);                  /* at rest at half, clock 0 */
    sd_sheet_event e = sd_sheet_event_drag_began(0.0, 0.0);   /* time first, then the payload */
    sd_sheet_step(&sheet, &e, &actions, &err);
    e = sd_sheet_event_drag_changed(0.2, -250.0, 0.0);
    sd_sheet_step(&sheet, &e, &actions, &err);
    e = sd_sheet_event_drag_ended(0.25, 0.0);
    sd_sheet_step(&sheet, &e, &actions, &err);                /* actions.notices: WILL_MOVE to detent 0 */
    assert_true(actions.notices == SD_SHEET_NOTICE_WILL_MOVE && actions.detent == 0);
    e = sd_sheet_event_frame(1.25);
    sd_sheet_step(&sheet, &e, &actions, &err);                /* the spring has ended: DID_MOVE */
    assert_true(actions.notices == SD_SHEET_NOTICE_DID_MOVE && actions.detent == 0);
    sd_sheet_frame_at(&sheet, 1.25, &frame);                  /* frame.top == 50, frame.backdrop_alpha == 0.5 */
    assert_true(frame.top == 50 && frame.backdrop_alpha == 0.5);
    sd_sheet_config rotated = sd_sheet_config_default(390);
    sd_sheet_reconfigure(&sheet, &rotated, &err);             /* still at full: top 50 */
    /* --- end of README example --- */
    assert_int_equal(err.status, SD_OK);
    sd_sheet_frame_at(&sheet, 1.25, &frame);
    assert_true(frame.top == 50 && sheet.state.detent == 0);
}

/* sd_sheet_validate: a restored sheet is checked whole; each corruption is
 * refused with SD_ERR_STATE naming the field, and every state the verbs
 * reach passes (here a few, fuzz_sheet all it meets). */
static void test_validate_restored_sheets(void **state) {
    (void)state;
    sd_sheet s = seed_sheet(HALF);
    sd_error err;
    assert_int_equal(sd_sheet_validate(&s, &err), SD_OK);
    assert_int_equal(sd_sheet_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "sheet");
    /* Reached states: mid-drag, a spring, a pending disable. */
    sd_sheet m = seed_sheet(FULL);
    step(&m, sd_sheet_event_drag_began(0, 0), NULL);
    step(&m, sd_sheet_event_drag_changed(0.1, 40, -40), NULL);
    assert_int_equal(sd_sheet_validate(&m, NULL), SD_OK);
    step(&m, sd_sheet_event_drag_changed(0.2, 300, -130), NULL); /* the return: spring + pending disable */
    assert_true(m.state.flags & SD_SHEET_STATE_DISABLE_PENDING);
    assert_int_equal(sd_sheet_validate(&m, NULL), SD_OK);
    step(&m, sd_sheet_event_drag_ended(0.3, 0), NULL);
    assert_int_equal(sd_sheet_validate(&m, NULL), SD_OK);

#define CORRUPT(base, change, field_name)                                                               \
    do {                                                                                                \
        sd_sheet bad = (base);                                                                          \
        change;                                                                                         \
        sd_status st_ = sd_sheet_validate(&bad, &err);                                                  \
        if (st_ != SD_ERR_STATE || strcmp(err.field, field_name) != 0)                                  \
            fail_msg("%s: %s %s, expected state %s", #change, sd_status_name(st_), err.field, field_name); \
    } while (0)
    CORRUPT(s, bad.state.detent = 3, "state.detent");
    CORRUPT(s, bad.state.drag = 3, "state.drag");
    CORRUPT(s, bad.state.flags |= 1u << 9, "state.flags");
    CORRUPT(s, bad.state.reserved = 1, "state.reserved");
    CORRUPT(s, bad.state.time = NAN, "state.time");
    CORRUPT(s, bad.state.time = -1, "state.time");
    CORRUPT(s, bad.state.top = INFINITY, "state.top");
    CORRUPT(s, bad.state.content_offset = NAN, "state.content_offset");
    CORRUPT(s, bad.state.content_offset = 2e9, "state.content_offset");
    CORRUPT(s, bad.state.top = -2e9, "state.top");
    CORRUPT(s, bad.state.top = 401, "state.top"); /* at rest off its detent */
    CORRUPT(s, bad.state.drag_time = 1, "state.drag_time"); /* a finger sample after the clock (0) */
    CORRUPT(s, bad.state.background_start = 5, "state.background_start");
    CORRUPT(s, bad.state.flags |= SD_SHEET_STATE_SCROLL_ENABLED, "state.flags"); /* enabled at half */
    CORRUPT(s, bad.state.flags |= SD_SHEET_STATE_CONTENT_OWNS, "state.flags"); /* a drag's flag, no drag */
    CORRUPT(s, bad.state.translation = 12, "state.translation");
    CORRUPT(s, bad.state.scroll_disable_time = 0.5, "state.scroll_disable_time");
    CORRUPT(m, (bad.state.flags |= SD_SHEET_STATE_ANIMATING, bad.state.spring_start = 9), "state.spring_start");
    CORRUPT(m, (bad.state.flags |= SD_SHEET_STATE_ANIMATING, bad.state.spring_duration = -1), "state.spring_duration");
    CORRUPT(m, bad.state.spring_rate = NAN, "state.spring_rate");
#undef CORRUPT
    /* A configuration the validator refuses is reported as it reports it. */
    sd_sheet bad = s;
    bad.config.up_threshold = 2;
    assert_int_equal(sd_sheet_validate(&bad, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "up_threshold");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_restored_sheets),
        cmocka_unit_test(test_nan_input_ignored),
        cmocka_unit_test(test_events_out_of_place),
        cmocka_unit_test(test_sample_matches_tick_and_batch),
        cmocka_unit_test(test_fuzz_s1_tick_at_spring_end_lands),
        cmocka_unit_test(test_fuzz_s2_unsettling_springs_rejected),
        cmocka_unit_test(test_fuzz_s3_huge_drag_values),
        cmocka_unit_test(test_fuzz_s4_tiny_dt_velocity),
        cmocka_unit_test(test_struct_sizes),
        cmocka_unit_test(test_four_verbs_only),
        cmocka_unit_test(test_readme_c_example),
    };
    return cmocka_run_group_tests_name("sheet", tests, NULL, NULL);
}
