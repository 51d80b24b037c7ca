/* test_simsweep_sheet.c — cmocka tests of a sweep's gesture on a bottom sheet straight through the core
 * (CCore/simsweep_sheet.c): hand-counted holds, taps, drags at the thresholds and an interrupted flick on the
 * default sheet in an 800 pt container, and rejected input that writes nothing. SweepTests.swift checks what `scrolldrive sweep
 * --surface sheet` builds from these outcomes. */
#include "sheet_support.h"

static const sd_sweep_clock CLOCK_120 = { 120, 0, 1200, 0 };
/* The inner scroll view below the full detent rubber-bands over this. */
static const sd_sweep_sheet_setup BANDED = { 700 };

static sd_sweep_gesture touch(double distance, double duration, double velocity) {
    sd_sweep_gesture g;
    memset(&g, 0, sizeof g);
    g.first.distance = distance;
    g.first.duration = duration;
    g.first.velocity = velocity;
    return g;
}

static sd_sweep_sheet_outcome run(const sd_sheet *s, const sd_sweep_clock *clock, const sd_sweep_gesture *g,
                                  uint32_t kind) {
    sd_sweep_sheet_outcome o;
    sd_error err;
    const sd_sheet before = *s;
    assert_int_equal(sd_sweep_sheet(s, &BANDED, clock, g, kind, &o, &err), SD_OK);
    assert_memory_equal(s, &before, sizeof before); /* the start is copied, not run */
    for (int k = 0; k < SD_SWEEP_SHEET_INVARIANTS; k++) assert_int_equal(o.violations[k], 0);
    assert_int_equal(o.rest_between_frames, 0);
    return o;
}

/* A still finger for 0.5 s on the half sheet: frames 0-59 with the finger
 * down, the lift at 0.5 s, frame 60 already at rest; nothing moves. */
static void test_hold(void **state) {
    (void)state;
    const sd_sheet s = seed_sheet(HALF);
    const sd_sweep_gesture g = touch(0, 0.5, 0);
    sd_sweep_sheet_outcome o = run(&s, &CLOCK_120, &g, SD_SWEEP_SHEET_DRAG);
    assert_int_equal(o.frames, 61);
    assert_int_equal(o.settle_frames, 0);
    assert_int_equal(o.end_state, HALF);
    assert_int_equal(o.events, 0);
    for (int k = 0; k < SD_SWEEP_SHEET_VALUES; k++) assert_true(o.jumps[k] == 0);
    /* from frame 60 on the clock the same hold is the same 61 frames */
    const sd_sweep_clock later = { 120, 60, 1200, 0 };
    sd_sweep_sheet_outcome l = run(&s, &later, &g, SD_SWEEP_SHEET_DRAG);
    assert_int_equal(l.frames, 61);
    assert_int_equal(l.settle_frames, 0);
    assert_int_equal(l.end_state, HALF);
}

/* A tap lifted at 0.1 s on the half sheet's backdrop: frames 0-11 before
 * it, then the slide down to dismissed, told once each (will, did, dismissed). */
static void test_tap_dismisses(void **state) {
    (void)state;
    const sd_sheet s = seed_sheet(HALF);
    const sd_sweep_gesture g = touch(0, 0.1, 0);
    sd_sweep_sheet_outcome o = run(&s, &CLOCK_120, &g, SD_SWEEP_SHEET_TAP);
    assert_int_equal(o.end_state, DISMISSED);
    assert_int_equal(o.events, 3);
    assert_true(o.settle_frames > 0 && o.settle_frames <= (uint32_t)(SETTLE_BOUND * 120));
    assert_int_equal(o.frames, 12 + 1 + o.settle_frames);
    assert_true(o.jumps[0] > 0 && o.jumps[2] > 0); /* the top and the backdrop moved */
    /* on a sheet already dismissed the tap does nothing */
    const sd_sheet gone = seed_sheet(DISMISSED);
    sd_sweep_sheet_outcome n = run(&gone, &CLOCK_120, &g, SD_SWEEP_SHEET_TAP);
    assert_int_equal(n.end_state, DISMISSED);
    assert_int_equal(n.events, 0);
    assert_int_equal(n.frames, 13);
}

/* AppCoda's thresholds on the half sheet of an 800 pt container, on the
 * translation at the lift (velocity unused): 240 pt down stays, 241
 * dismisses (will, did, dismissed); 200 pt up stays, 201 goes full (will,
 * did). 0.2 s of finger is frames 0-23, then the lift's frame and the spring. */
static void test_drags_land_by_threshold(void **state) {
    (void)state;
    const sd_sheet half = seed_sheet(HALF);
    const struct {
        double distance;
        uint32_t end;
        uint64_t events;
    } rows[] = { { 240, HALF, 0 }, { 241, DISMISSED, 3 }, { -200, HALF, 0 }, { -201, FULL, 2 } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const sd_sweep_gesture g = touch(rows[i].distance, 0.2, 0);
        sd_sweep_sheet_outcome o = run(&half, &CLOCK_120, &g, SD_SWEEP_SHEET_DRAG);
        assert_int_equal(o.end_state, rows[i].end);
        assert_int_equal(o.events, rows[i].events);
        assert_true(o.settle_frames > 0 && o.settle_frames <= (uint32_t)(SETTLE_BOUND * 120));
        assert_int_equal(o.frames, 24 + 1 + o.settle_frames);
        assert_true(o.jumps[0] > 0 && o.jumps[1] > 0);
    }
    /* from full the pull past overscroll_return hands the sheet back to half */
    const sd_sheet full = seed_sheet(FULL);
    const sd_sweep_gesture down = touch(300, 0.1, 6000);
    sd_sweep_sheet_outcome d = run(&full, &CLOCK_120, &down, SD_SWEEP_SHEET_DRAG);
    assert_int_equal(d.end_state, HALF);
    assert_int_equal(d.events, 2);
}

/* 300 pt down from half (on its way out) grabbed again 50 ms after the lift
 * and pushed 300 pt back up: the second touch decides, the sheet ends at
 * half: three notices, each didMove after its willMove.
 * Frames: 24 + 6 (the delay) + 24, the lift's, the spring's 60. */
static void test_interrupted(void **state) {
    (void)state;
    const sd_sheet half = seed_sheet(HALF);
    sd_sweep_gesture g = touch(300, 0.2, 0);
    g.interrupted = 1;
    g.delay = 0.05;
    g.second.distance = -300;
    g.second.duration = 0.2;
    sd_sweep_sheet_outcome o = run(&half, &CLOCK_120, &g, SD_SWEEP_SHEET_DRAG);
    assert_int_equal(o.end_state, HALF);
    assert_int_equal(o.events, 3);
    assert_int_equal(o.settle_frames, 60);
    assert_int_equal(o.frames, 24 + 6 + 24 + 1 + 60);
    /* without the push back up it leaves */
    g.second.distance = 0;
    assert_int_equal(run(&half, &CLOCK_120, &g, SD_SWEEP_SHEET_DRAG).end_state, DISMISSED);
}

static void test_rejects_and_writes_nothing(void **state) {
    (void)state;
    const sd_sheet s = seed_sheet(HALF);
    sd_sweep_sheet_outcome o, untouched;
    memset(&o, 0x5a, sizeof o);
    untouched = o;
    sd_error err;
    const sd_sweep_gesture ok = touch(10, 0.2, 0);
    /* the clock and the touches as every sweep checks them */
    struct {
        sd_sweep_gesture g;
        sd_sweep_clock clock;
        sd_status status;
        const char *field;
    } rows[] = {
        { touch(NAN, 0.2, 0), CLOCK_120, SD_ERR_NOT_FINITE, "first.distance" },
        { touch(10, -0.1, 0), CLOCK_120, SD_ERR_NEGATIVE, "first.duration" },
        { touch(10, 86401, 0), CLOCK_120, SD_ERR_RANGE, "first.duration" },
        { ok, { 0, 0, 10, 0 }, SD_ERR_RANGE, "fps" },
        { ok, { INFINITY, 0, 10, 0 }, SD_ERR_NOT_FINITE, "fps" },
        { ok, { 120, 0, 100000001u, 0 }, SD_ERR_RANGE, "settle_limit" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        assert_int_equal(sd_sweep_sheet(&s, &BANDED, &rows[i].clock, &rows[i].g, SD_SWEEP_SHEET_DRAG, &o, &err),
                         rows[i].status);
        assert_string_equal(err.field, rows[i].field);
    }
    sd_sweep_gesture g = ok;
    g.interrupted = 1;
    g.second = ok.first;
    g.second.velocity = NAN;
    assert_int_equal(sd_sweep_sheet(&s, &BANDED, &CLOCK_120, &g, SD_SWEEP_SHEET_DRAG, &o, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "second.velocity");
    g.second = ok.first;
    assert_int_equal(sd_sweep_sheet(&s, &BANDED, &CLOCK_120, &g, SD_SWEEP_SHEET_TAP, &o, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "interrupted");
    assert_int_equal(sd_sweep_sheet(&s, &BANDED, &CLOCK_120, &ok, 2, &o, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "kind");
    const sd_sweep_sheet_setup bad[] = { { NAN }, { -1 } };
    assert_int_equal(sd_sweep_sheet(&s, &bad[0], &CLOCK_120, &ok, SD_SWEEP_SHEET_DRAG, &o, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "setup.band_height");
    assert_int_equal(sd_sweep_sheet(&s, &bad[1], &CLOCK_120, &ok, SD_SWEEP_SHEET_DRAG, &o, &err), SD_ERR_NEGATIVE);
    assert_string_equal(err.field, "setup.band_height");
    /* a sheet whose state is broken is the validator's report */
    sd_sheet broken = s;
    broken.state.top = NAN;
    sd_status st = sd_sweep_sheet(&broken, &BANDED, &CLOCK_120, &ok, SD_SWEEP_SHEET_DRAG, &o, &err);
    assert_int_equal(st, SD_ERR_STATE);
    sd_error want;
    assert_int_equal(sd_sheet_validate(&broken, &want), SD_ERR_STATE);
    assert_string_equal(err.field, want.field);
    assert_int_equal(sd_sweep_sheet(NULL, &BANDED, &CLOCK_120, &ok, 0, &o, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "start");
    assert_int_equal(sd_sweep_sheet(&s, NULL, &CLOCK_120, &ok, 0, &o, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "setup");
    assert_int_equal(sd_sweep_sheet(&s, &BANDED, &CLOCK_120, &ok, 0, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "out");
    assert_memory_equal(&o, &untouched, sizeof o);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hold),
        cmocka_unit_test(test_tap_dismisses),
        cmocka_unit_test(test_drags_land_by_threshold),
        cmocka_unit_test(test_interrupted),
        cmocka_unit_test(test_rejects_and_writes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
