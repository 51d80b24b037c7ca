/* test_sheet_policies.c — cmocka tests of the bottom sheet's detent policies:
 * largest undimmed detent, backdrop tap behaviour, interactive dismissal off,
 * sequential snapping, dismiss by velocity, scrolling expands first, and
 * programmatic moves. Tables with exact numbers at each threshold,
 * one ulp on each side where a comparison decides; AppCoda's sheet in an
 * 800 pt container (full 50, half 400, dismissed 800) unless a row says. */
#include "sheet_support.h"

static sd_sheet_config with_options(uint32_t options) {
    sd_sheet_config c = sd_sheet_config_default(H);
    c.options = options;
    return c;
}

static sd_sheet sheet_at(const sd_sheet_config *c, uint32_t detent) {
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, c, detent, NULL), SD_OK);
    return s;
}

/* Four detents: 50, 400, 600, dismissed. */
static sd_sheet_config four_detents(uint32_t options) {
    sd_sheet_config c = with_options(options);
    c.detent_count = 4u;
    c.detent2 = sd_sheet_detent_fraction(0.75);
    c.detent3 = sd_sheet_detent_dismissed();
    return c;
}

static void test_policy_validation(void **state) {
    (void)state;
    struct { sd_sheet_config c; sd_status st; const char *field; } rows[8];
    int n = 0;
#define ROW(opts, stmt, status, name)                                                                  \
    do {                                                                                               \
        sd_sheet_config *c = &rows[n].c;                                                               \
        *c = with_options(opts);                                                                       \
        stmt;                                                                                          \
        rows[n].st = status;                                                                           \
        rows[n].field = name;                                                                          \
        n++;                                                                                           \
    } while (0)
    ROW(0, c->backdrop_tap = 3, SD_ERR_RANGE, "backdrop_tap");
    ROW(0, c->backdrop_tap = SD_SHEET_BACKDROP_NOTHING, SD_OK, "");
    ROW(SD_SHEET_OPTION_UNDIMMED_DETENT, c->undimmed_detent = 3, SD_ERR_RANGE, "undimmed_detent");
    ROW(SD_SHEET_OPTION_UNDIMMED_DETENT, c->undimmed_detent = 2, SD_OK, "");
    ROW(0, c->undimmed_detent = 3, SD_OK, ""); /* not read with the option off */
    ROW(SD_SHEET_OPTION_DISMISS_BY_VELOCITY, c->dismiss_velocity = -DBL_MIN, SD_ERR_NEGATIVE, "dismiss_velocity");
    ROW(SD_SHEET_OPTION_DISMISS_BY_VELOCITY, c->dismiss_velocity = NAN, SD_ERR_NOT_FINITE, "dismiss_velocity");
    ROW(0, c->dismiss_velocity = NAN, SD_OK, "");
#undef ROW
    for (int i = 0; i < n; i++) {
        sd_error err;
        sd_status st = sd_sheet_config_validate(&rows[i].c, &err);
        if (st != rows[i].st || (st != SD_OK && strcmp(err.field, rows[i].field) != 0))
            fail_msg("row %d: %s %s, expected %s %s", i, sd_status_name(st), st == SD_OK ? "" : err.field,
                     sd_status_name(rows[i].st), rows[i].field);
    }
}

/* The frame's backdrop alpha and background flag at a top, from a drag at half. */
static void test_undimmed_detent(void **state) {
    (void)state;
    const uint32_t U = SD_SHEET_OPTION_UNDIMMED_DETENT, I = SD_SHEET_OPTION_INTERPOLATE_BACKDROP;
    const double below_half = nextafter(400, 0);
    const struct { uint32_t options, undimmed, detent; double top, alpha; int interactive; } rows[] = {
        { 0, 1, HALF, 400, 0.5, 0 },                      /* option off: AppCoda's backdrop */
        { U, 1, HALF, 400, 0.0, 1 },                      /* at the undimmed detent */
        { U, 1, FULL, 50, 0.5, 0 },                       /* above it */
        { U, 0, FULL, 50, 0.0, 1 },                       /* never dimmed */
        { U, 2, HALF, 400, 0.5, 0 },                      /* only the dismissed detent undimmed */
        { U, 1, HALF, 225, 0.0, 1 },                      /* without interpolation: the committed detent decides */
        { U | I, 1, HALF, 400, 0.0, 1 },                  /* with it, the position: 0 at half's top... */
        { U | I, 1, HALF, below_half, 5.551115123125783e-17, 1 }, /* ...one ulp above it, dimmed a little */
        { U | I, 1, HALF, 225, 0.25, 1 },                 /* halfway to full */
        { U | I, 1, HALF, 50, 0.5, 1 },                   /* at full's top */
        { U | I, 1, HALF, 49, 0.5, 1 },
        { U | I, 0, FULL, 50, 0.0, 1 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_sheet_config c = with_options(rows[i].options);
        c.undimmed_detent = rows[i].undimmed;
        sd_sheet s = sheet_at(&c, rows[i].detent);
        double rest = s.state.top;
        step(&s, sd_sheet_event_drag_began(0, 0), NULL);
        stepped a = step(&s, sd_sheet_event_drag_changed(0.01, rows[i].top - rest, 0), NULL);
        if (!same_bits(a.frame.top, rows[i].top)) fail_msg("row %zu: top %.17g", i, a.frame.top);
        if (!same_bits(a.frame.backdrop_alpha, rows[i].alpha))
            fail_msg("row %zu: alpha %.17g, expected %.17g", i, a.frame.backdrop_alpha, rows[i].alpha);
        int interactive = (a.frame.flags & SD_SHEET_FRAME_BACKGROUND_INTERACTIVE) != 0;
        if (interactive != rows[i].interactive) fail_msg("row %zu: background interactive %d", i, interactive);
    }
}

/* Each row: what a tap does from a detent (SD_SHEET_NO_DETENT: nothing at all). */
static void test_backdrop_tap_behaviour(void **state) {
    (void)state;
    const struct { uint32_t tap, options, undimmed, detents, from; sd_status st; uint32_t to; } rows[] = {
        { SD_SHEET_BACKDROP_DISMISS, 0, 0, 3, HALF, SD_OK, DISMISSED },
        { SD_SHEET_BACKDROP_DISMISS, 0, 0, 2, FULL, SD_ERR_STATE, SD_SHEET_NO_DETENT }, /* no dismissed detent */
        { SD_SHEET_BACKDROP_STEP_DOWN, 0, 0, 3, FULL, SD_OK, HALF },
        { SD_SHEET_BACKDROP_STEP_DOWN, 0, 0, 3, HALF, SD_OK, DISMISSED },
        { SD_SHEET_BACKDROP_STEP_DOWN, 0, 0, 2, HALF, SD_OK, SD_SHEET_NO_DETENT },     /* already the last */
        { SD_SHEET_BACKDROP_NOTHING, 0, 0, 3, FULL, SD_OK, SD_SHEET_NO_DETENT },
        { SD_SHEET_BACKDROP_DISMISS, SD_SHEET_OPTION_UNDIMMED_DETENT, 1, 3, HALF, SD_OK, SD_SHEET_NO_DETENT },
        { SD_SHEET_BACKDROP_DISMISS, SD_SHEET_OPTION_UNDIMMED_DETENT, 1, 3, FULL, SD_OK, DISMISSED },
        /* A modal sheet ignores the backdrop, whatever the tap would do. */
        { SD_SHEET_BACKDROP_DISMISS, SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS, 0, 3, FULL, SD_OK, SD_SHEET_NO_DETENT },
        { SD_SHEET_BACKDROP_DISMISS, SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS, 0, 3, HALF, SD_OK, SD_SHEET_NO_DETENT },
        { SD_SHEET_BACKDROP_STEP_DOWN, SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS, 0, 3, FULL, SD_OK, SD_SHEET_NO_DETENT },
        { SD_SHEET_BACKDROP_DISMISS, SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS, 0, 2, FULL, SD_OK, SD_SHEET_NO_DETENT },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_sheet_config c = with_options(rows[i].options);
        c.backdrop_tap = rows[i].tap;
        c.undimmed_detent = rows[i].undimmed;
        if (rows[i].detents == 2) {
            c.detent_count = 2;
            memset(&c.detent2, 0, sizeof c.detent2);
        }
        sd_sheet s = sheet_at(&c, rows[i].from);
        const sd_sheet before = s;
        sd_sheet_event e = sd_sheet_event_backdrop_tap(0);
        sd_sheet_actions a;
        sd_status st = sd_sheet_step(&s, &e, &a, NULL);
        if (st != rows[i].st) fail_msg("row %zu: %s", i, sd_status_name(st));
        if (rows[i].to == SD_SHEET_NO_DETENT) {
            if (st == SD_OK && (a.flags | a.notices)) fail_msg("row %zu: flags %u notices %u", i, a.flags, a.notices);
            if (memcmp(&s.config, &before.config, sizeof s.config) || s.state.detent != before.state.detent)
                fail_msg("row %zu: the sheet changed", i);
            continue;
        }
        if (a.notices != WILL || a.detent != rows[i].to || !(a.flags & SD_SHEET_ACTION_START_SPRING))
            fail_msg("row %zu: notices %u to %u flags %u", i, a.notices, a.detent, a.flags);
    }
}

/* Release targets (sd_sheet_release_target) under the policies. */
static void test_release_policies(void **state) {
    (void)state;
    const uint32_t P = SD_SHEET_OPTION_PROJECTION, S = SD_SHEET_OPTION_SEQUENTIAL,
                   N = SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS, V = SD_SHEET_OPTION_DISMISS_BY_VELOCITY,
                   R = SD_SHEET_OPTION_RELEASE_FROM_FIRST;
    const double over_1500 = nextafter(1500, INFINITY), past_up = nextafter(-200, -INFINITY);
    const struct { int four; uint32_t options, from; double translation, velocity; uint32_t to; } rows[] = {
        /* Sequential snapping: projection from full at 1000 pt/s lands at 549.5, nearest 600 (detent 2). */
        { 1, P | R, 0, 0, 1000, 2 },
        { 1, P | S | R, 0, 0, 1000, 1 },
        { 1, P, 2, 0, -3000, 0 }, /* 600 - 1498.5: nearest full */
        { 1, P | S, 2, 0, -3000, 1 },
        { 1, P | S | R, 0, 0, 0, 0 },
        { 0, S, HALF, past_up, 0, FULL }, /* thresholds move one detent anyway: AppCoda's boundary */
        { 0, S, HALF, -200, 0, HALF },
        /* Interactive dismissal off: +241 and any flick stay at half. */
        { 0, 0, HALF, 241, 0, DISMISSED },
        { 0, N, HALF, 241, 0, HALF },
        { 0, N | R, FULL, 241, 0, HALF }, /* moving between shown detents still works */
        { 0, N | P, HALF, 0, 1e6, HALF },
        { 1, N | P | S, 2, 0, 1e6, 2 },
        /* Dismiss by velocity at 1500 pt/s, strict. */
        { 0, V | R, FULL, 0, 1500, FULL },
        { 0, V | R, FULL, 0, over_1500, DISMISSED },
        { 0, V | S | R, FULL, 0, over_1500, DISMISSED }, /* from any detent, past sequential */
        { 1, V | P | R, 0, -100, over_1500, 3 },
        { 0, V | N | R, FULL, 0, over_1500, FULL },
        { 0, V, HALF, 0, -1e6, HALF },
        { 0, V, HALF, 0, over_1500, DISMISSED },
        /* Without SD_SHEET_OPTION_RELEASE_FROM_FIRST a release from full stays there, whatever the policies. */
        { 1, P, 0, 0, 1000, 0 },
        { 0, V, FULL, 0, over_1500, FULL },
        { 0, V | S, FULL, 0, 1e6, FULL },
        { 0, N, FULL, 241, 0, FULL },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_sheet_config c = rows[i].four ? four_detents(rows[i].options) : with_options(rows[i].options);
        c.dismiss_velocity = 1500;
        assert_int_equal(sd_sheet_config_validate(&c, NULL), SD_OK);
        uint32_t to = 99;
        assert_int_equal(sd_sheet_release_target(&c, rows[i].from, rows[i].translation, rows[i].velocity, &to), SD_OK);
        if (to != rows[i].to) fail_msg("row %zu: %u, expected %u", i, to, rows[i].to);
    }
    /* Without a dismissed detent, dismiss by velocity does nothing. */
    sd_sheet_config c = with_options(V);
    c.detent_count = 2;
    memset(&c.detent2, 0, sizeof c.detent2);
    uint32_t to = 99;
    assert_int_equal(sd_sheet_release_target(&c, FULL, 0, 1e6, &to), SD_OK);
    assert_int_equal(to, FULL);
    c.options |= R;
    assert_int_equal(sd_sheet_release_target(&c, FULL, 0, 1e6, &to), SD_OK);
    assert_int_equal(to, FULL);
}

/* Interactive dismissal off in a drag: rubber band below half, spring back, no notice. */
static void test_no_interactive_dismiss_drag(void **state) {
    (void)state;
    sd_sheet_config c = with_options(SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS);
    const struct { double raw, shown; } band[] = {
        { 400, 400 },
        { nextafter(400, INFINITY), 400 + sd_rubber_band(nextafter(400, INFINITY) - 400, H) },
        { 500, 400 + sd_rubber_band(100, H) },
        { 49, 49 }, /* above full: 1:1 without SD_SHEET_OPTION_RUBBER_BAND */
    };
    for (size_t i = 0; i < sizeof band / sizeof band[0]; i++) {
        double got = sd_sheet_rubber_band_top(&c, band[i].raw);
        if (!same_bits(got, band[i].shown)) fail_msg("band %zu: %.17g, expected %.17g", i, got, band[i].shown);
    }
    assert_true(band[1].shown > 400);

    sd_sheet s = sheet_at(&c, HALF);
    notice_log log = { 0 };
    step(&s, sd_sheet_event_drag_began(0, 0), &log);
    stepped a = step(&s, sd_sheet_event_drag_changed(0.1, 100, 0), &log);
    assert_true(same_bits(a.frame.top, 400 + sd_rubber_band(100, H)));
    a = step(&s, sd_sheet_event_drag_ended(0.2, 1e5), &log);
    assert_true(a.spring_to == 400 && same_bits(a.spring_from, 400 + sd_rubber_band(100, H)));
    run_frames(&s, 0.2, 3, 60, &log);
    assert_int_equal(log.n, 0); /* back where it started: nothing to report */
    assert_int_equal(s.state.detent, HALF);
    /* Programmatic dismissal still works. */
    step(&s, sd_sheet_event_move(3.1, DISMISSED, 0), &log);
    const uint32_t gone[][2] = { { WILL, DISMISSED }, { DID, DISMISSED }, { GONE, DISMISSED } };
    expect_log(&log, 3, gone);

    /* A two-detent sheet (full, dismissed): the overscroll return stays at full. */
    c.detent_count = 2;
    c.detent1 = sd_sheet_detent_dismissed();
    memset(&c.detent2, 0, sizeof c.detent2);
    s = sheet_at(&c, FULL);
    log.n = 0;
    step(&s, sd_sheet_event_drag_began(0, 0), &log);
    step(&s, sd_sheet_event_drag_changed(0.05, 10, -10), &log);        /* the sheet follows the overscroll */
    a = step(&s, sd_sheet_event_drag_changed(0.1, 200, -130), &log);  /* 130 pt below full: the return */
    assert_true((a.flags & SD_SHEET_ACTION_START_SPRING) && a.spring_to == 50);
    assert_int_equal(s.state.detent, FULL);
    step(&s, sd_sheet_event_drag_ended(0.2, 1e6), &log);
    run_frames(&s, 0.2, 3, 60, &log);
    assert_int_equal(log.n, 0);
}

/* Scrolling expands first: from half, the sheet grows to full, then the
 * content takes the finger; where the content's first line shows (top -
 * content offset) follows the finger frame by frame across the seam. */
static void test_scroll_expands_first(void **state) {
    (void)state;
    sd_sheet_config c = with_options(SD_SHEET_OPTION_SCROLL_EXPANDS);
    sd_sheet s = sheet_at(&c, HALF);
    notice_log log = { 0 };
    step(&s, sd_sheet_event_drag_began(0, 0), &log);
    const double seam = -350, past = nextafter(-350, -INFINITY);
    const struct { double translation, top; int content; } rows[] = {
        { -300, 100, 0 },
        { -349, 51, 0 },
        { seam, 50, 0 },        /* exactly at full: the sheet still has the finger */
        { past, 50, 1 },        /* one ulp past it: the content takes the rest */
        { -351, 50, 1 },
        { -400, 50, 1 },
    };
    double content = 0; /* the caller's inner scroll view */
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        double t = 0.01 * (double)(i + 1);
        /* Once it has the finger, the scroll view follows it on its own. */
        if (s.state.flags & SD_SHEET_STATE_CONTENT_OWNS) content = 50 - (400 + rows[i].translation);
        stepped a = step(&s, sd_sheet_event_drag_changed(t, rows[i].translation, content), &log);
        if (a.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET) content = a.content_offset;
        if (i == 3 && !same_bits(a.content_offset, 0x1p-44)) fail_msg("seam: content offset %.17g", a.content_offset);
        if (!same_bits(a.frame.top, rows[i].top)) fail_msg("row %zu: top %.17g", i, a.frame.top);
        int scrolls = (a.frame.flags & SD_SHEET_FRAME_CONTENT_SCROLLS) != 0;
        if (scrolls != rows[i].content) fail_msg("row %zu: content scrolls %d", i, scrolls);
        /* No jump: the content's first line is where the finger put it. */
        double line = a.frame.top - a.frame.content_offset;
        if (!same_bits(line, 400 + rows[i].translation))
            fail_msg("row %zu: first line at %.17g, finger at %.17g", i, line, 400 + rows[i].translation);
    }
    assert_true(content == 50);
    assert_int_equal(s.state.detent, FULL);
    assert_true(s.state.flags & SD_SHEET_STATE_SCROLL_ENABLED);
    /* A programmatic move is refused while the finger is down. */
    sd_sheet_event mv = sd_sheet_event_move(0.1, HALF, 1);
    sd_sheet_actions out;
    assert_int_equal(sd_sheet_step(&s, &mv, &out, NULL), SD_ERR_STATE);
    step(&s, sd_sheet_event_drag_ended(0.1, -2000), &log);
    const uint32_t want[][2] = { { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 2, want);

    /* Off: the sheet follows the finger past full. */
    sd_sheet_config seed = with_options(0);
    s = sheet_at(&seed, HALF);
    step(&s, sd_sheet_event_drag_began(0, 0), NULL);
    stepped a = step(&s, sd_sheet_event_drag_changed(0.01, -351, 0), NULL);
    assert_true(a.frame.top == 49 && a.frame.content_offset == 0 && s.state.detent == HALF);
    /* Down from half with the option: the sheet moves, the content stays pinned. */
    s = sheet_at(&c, HALF);
    step(&s, sd_sheet_event_drag_began(0, 0), NULL);
    a = step(&s, sd_sheet_event_drag_changed(0.01, 100, 0), NULL);
    assert_true(a.frame.top == 500 && a.frame.content_offset == 0);
}

/* A programmatic move: the same spring as SwiftUI's relative kick, each notice once. */
static void test_programmatic_move(void **state) {
    (void)state;
    sd_sheet_config c = with_options(0);
    sd_sheet s = sheet_at(&c, HALF);
    notice_log log = { 0 };
    stepped a = step(&s, sd_sheet_event_move(0, FULL, 1), &log);
    const double v0 = 10.0 * (50 - 400);
    assert_true(a.spring_from == 400 && a.spring_to == 50 && a.spring_velocity == v0);
    assert_true(same_bits(a.spring_duration, sd_spring_settle_time(&c.spring, 400, v0, 50, SD_SHEET_SETTLE_POSITION,
                                                                    SD_SHEET_SETTLE_VELOCITY)));
    a = step(&s, sd_sheet_event_move(0.1, FULL, 1), &log); /* again on its way: nothing new */
    assert_int_equal(a.flags | a.notices, 0);
    run_frames(&s, 0.1, 2, 60, &log);
    const uint32_t want[][2] = { { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 2, want);
}

/* Fuzz finding (fuzz_sheet): a drag taken over by a backdrop tap landed on
 * the dismissed detent below the band's floor with interactive dismissal
 * off. A modal sheet now ignores the tap: the drag goes on untouched
 * (nothing springs, no notice), and its release springs back to half with
 * the frame unbanded once it lands. */
static void test_taken_over_drag_lands_unbanded(void **state) {
    (void)state;
    sd_sheet_config c = with_options(SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS);
    sd_sheet s = sheet_at(&c, SD_SHEET_HALF);
    step(&s, sd_sheet_event_drag_began(0, 0), NULL);
    step(&s, sd_sheet_event_drag_changed(0.05, 20, 0), NULL);
    const sd_sheet before_tap = s;
    stepped a = step(&s, sd_sheet_event_backdrop_tap(0.1), NULL);
    assert_int_equal(a.flags | a.notices, 0);
    assert_int_equal(s.state.drag, SD_SHEET_DRAG_DRAGGING); /* the finger is still down */
    assert_true(s.state.top == before_tap.state.top && s.state.detent == before_tap.state.detent);
    step(&s, sd_sheet_event_drag_changed(0.15, 500, 0), NULL);
    a = step(&s, sd_sheet_event_drag_ended(0.2, 3000), NULL);
    assert_true(a.spring_to == 400); /* half in the 800 pt container */
    const double end = a.spring_start + a.spring_duration;
    a = step(&s, sd_sheet_event_frame(end), NULL);
    assert_int_equal(s.state.detent, HALF);
    assert_true(a.frame.top == 400);
}

/* Reduced motion: every move the sheet makes by itself is critically damped
 * from rest, lands exactly 0.25 s after it starts (within 0.5 pt then),
 * never overshoots and never moves away from its target; the finger still
 * drives the sheet 1:1. */
static void test_reduced_motion(void **state) {
    (void)state;
    sd_sheet_config c = with_options(SD_SHEET_OPTION_REDUCED_MOTION | SD_SHEET_OPTION_CARRY_VELOCITY);
    const struct { uint32_t from, to; } moves[] = { { HALF, FULL }, { FULL, HALF }, { HALF, DISMISSED },
                                                   { DISMISSED, FULL } };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        sd_sheet s = sheet_at(&c, moves[i].from);
        notice_log log = { 0 };
        stepped a = step(&s, sd_sheet_event_move(1.0, moves[i].to, 1), &log);
        assert_true(a.flags & SD_SHEET_ACTION_START_SPRING);
        assert_true(a.spring_velocity == 0 && a.spring_duration == SD_SHEET_REDUCED_MOTION_DURATION);
        assert_true(a.frame.flags & SD_SHEET_FRAME_REDUCED_MOTION);
        const double from = a.spring_from, to = a.spring_to;
        double previous = from;
        for (int k = 1; k < 250; k++) { /* every millisecond of the move */
            sd_sheet_frame f;
            sd_sheet_frame_at(&s, 1.0 + k * 0.001, &f);
            assert_true(f.flags & SD_SHEET_FRAME_ANIMATING);
            /* Monotone towards the target, never past it. */
            assert_true(to > from ? (f.top >= previous && f.top <= to) : (f.top <= previous && f.top >= to));
            assert_true(to > from ? f.velocity >= 0 : f.velocity <= 0);
            previous = f.top;
        }
        /* Within the settle tolerance just before the end (outside the clock's
         * 1e-9 s allowance), and landed at it. */
        sd_sheet_frame f;
        sd_sheet_frame_at(&s, 1.25 - 2e-9, &f);
        assert_near(fabs(f.top - to), 0.5, 1e-6, "the residual just before the end");
        assert_true(f.flags & SD_SHEET_FRAME_ANIMATING);
        a = step(&s, sd_sheet_event_frame(1.25), &log);
        assert_int_equal(a.notices & DID, DID);
        assert_true(a.frame.top == to && !(a.frame.flags & SD_SHEET_FRAME_ANIMATING));
    }
    /* A fast release still starts from rest, and the finger drives 1:1 as always. */
    sd_sheet s = sheet_at(&c, HALF);
    step(&s, sd_sheet_event_drag_began(0, 0), NULL);
    stepped a = step(&s, sd_sheet_event_drag_changed(0.1, -250, 0), NULL);
    assert_true(a.frame.top == 400 - 250);
    a = step(&s, sd_sheet_event_drag_ended(0.1, -5000), NULL);
    assert_true(a.spring_velocity == 0 && a.spring_from == 150 && a.spring_to == 50);
    /* A move within the tolerance still takes the fixed time, at rate 1 / 0.25 s. */
    s = sheet_at(&c, HALF);
    step(&s, sd_sheet_event_handle_drag_began(0), NULL);
    step(&s, sd_sheet_event_drag_changed(0.1, 0.25, 0), NULL);
    a = step(&s, sd_sheet_event_drag_ended(0.1, 0), NULL);
    assert_true((a.flags & SD_SHEET_ACTION_START_SPRING) && a.spring_duration == 0.25);
    assert_true(s.state.spring_rate == 4);
    /* Off, the same move is the seed's spring, with its relative kick. */
    sd_sheet_config plain = with_options(0);
    sd_sheet seed = sheet_at(&plain, HALF);
    a = step(&seed, sd_sheet_event_move(0, FULL, 1), NULL);
    assert_true(a.spring_velocity == 10 * (50 - 400));
    assert_true(seed.state.spring_rate == 0);
    assert_false(a.frame.flags & SD_SHEET_FRAME_REDUCED_MOTION);
}

/* fuzz_sheet's finding: a reconfigure that puts the target of a running
 * reduced-motion move exactly where the sheet is (the move starts from rest)
 * landed it at once, ending the pending move inside reconfigure. It now
 * keeps moving (a 0.25 s motion on the spot) and the FRAME that ends it
 * reports didMove, once. */
static void test_reduced_motion_retarget_onto_the_sheet(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(800);
    c.options = SD_SHEET_OPTION_REDUCED_MOTION;
    c.detent_count = 2;
    c.detent0 = sd_sheet_detent_fraction(0.5);
    c.detent1 = sd_sheet_detent_dismissed();
    memset(&c.detent2, 0, sizeof c.detent2);
    sd_sheet s = sheet_at(&c, 1);
    notice_log log = { 0 };
    step(&s, sd_sheet_event_move(0, 0, 1), &log);
    step(&s, sd_sheet_event_frame(0.1), &log);
    const double here = frame_at(&s, 0.1).top;
    assert_true(here > 400 && here < 800);
    sd_sheet_config moved = c;
    moved.container_height = 2 * here; /* detent 0's top becomes 0.5 * 2 * here == here exactly */
    assert_int_equal(sd_sheet_reconfigure(&s, &moved, NULL), SD_OK);
    assert_true(s.state.flags & SD_SHEET_STATE_MOVING);
    assert_true(s.state.flags & SD_SHEET_STATE_ANIMATING);
    assert_true(frame_at(&s, 0.2).top == here);
    run_frames(&s, 0.1, 1.0, 60, &log);
    const uint32_t want[][2] = { { WILL, 0 }, { DID, 0 } };
    expect_log(&log, 2, want);
    assert_true(log.e[1].time >= 0.35 - 1e-9);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reduced_motion),
        cmocka_unit_test(test_reduced_motion_retarget_onto_the_sheet),
        cmocka_unit_test(test_policy_validation),
        cmocka_unit_test(test_undimmed_detent),
        cmocka_unit_test(test_backdrop_tap_behaviour),
        cmocka_unit_test(test_release_policies),
        cmocka_unit_test(test_no_interactive_dismiss_drag),
        cmocka_unit_test(test_scroll_expands_first),
        cmocka_unit_test(test_programmatic_move),
        cmocka_unit_test(test_taken_over_drag_lands_unbanded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
