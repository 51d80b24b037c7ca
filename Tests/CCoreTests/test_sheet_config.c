/* test_sheet_config.c — cmocka tests of the bottom sheet (CCore/sheet_*.c): the configuration, detent layout, release decisions, rubber band and presentation. Numbers from the AppCoda SwiftUI bottom-sheet chapter's sheet. */
#include "sheet_support.h"

/* ---- configuration ---- */

static void test_default_config(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    sd_error err;
    assert_int_equal(sd_sheet_config_validate(&c, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    assert_int_equal(c.detent_count, 3);
    assert_int_equal(c.options, 0);
    assert_true(c.up_threshold == 0.25 && c.down_threshold == 0.3);
    assert_true(c.overscroll_return == 120 && c.backdrop_alpha == 0.5 && c.background_shift == 100);
    assert_true(c.background_duration == 0.2);
    assert_true(c.spring.stiffness == 200 && c.spring.damping == 25 && c.spring.mass == 1);
    assert_true(c.spring_initial_velocity == 10);
    assert_true(c.deceleration_rate == 0.998 && c.flick_velocity == 500);
    assert_int_equal(sd_sheet_dismissed_detent(&c), DISMISSED);
}

static void test_layout_golden(void **state) {
    (void)state;
    static golden_table t;
    load("sheet_layout.tsv", &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_sheet_config c = sd_sheet_config_default(r->v[0]);
        assert_int_equal(sd_sheet_config_validate(&c, NULL), SD_OK);
        for (uint32_t d = 0; d < 3; d++) {
            double top = -1;
            assert_int_equal(sd_sheet_detent_top(&c, d, &top), SD_OK);
            if (!same_bits(top, r->v[1 + d]))
                fail_msg("sheet_layout.tsv line %d (%s): detent %u top %.17g, expected %.17g", r->line, r->label, d,
                         top, r->v[1 + d]);
        }
        /* An initialised sheet rests exactly there. */
        sd_sheet s;
        assert_int_equal(sd_sheet_init(&s, &c, HALF, NULL), SD_OK);
        sd_sheet_frame f;
        assert_int_equal(sd_sheet_frame_at(&s, 0, &f), SD_OK);
        if (!same_bits(f.top, r->v[2])) fail_msg("sheet_layout.tsv line %d (%s): half frame top %.17g", r->line, r->label, f.top);
    }
}

static void test_detent_kinds(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    c.detent_count = 4;
    c.detent0 = sd_sheet_detent_points(50);
    c.detent1 = sd_sheet_detent_fraction(0.25);
    c.detent2 = sd_sheet_detent_fit_content(300);
    c.detent3 = sd_sheet_detent_dismissed();
    c.content_height = 200;
    assert_int_equal(sd_sheet_config_validate(&c, NULL), SD_OK);
    double top;
    assert_int_equal(sd_sheet_detent_top(&c, 1, &top), SD_OK);
    assert_true(top == 200);
    assert_int_equal(sd_sheet_detent_top(&c, 2, &top), SD_OK);
    assert_true(top == 600); /* as tall as the content: 800 - 200 */
    c.content_height = 700;  /* taller than the room: the top stops at the fit-content minimum */
    assert_int_equal(sd_sheet_detent_top(&c, 2, &top), SD_OK);
    assert_true(top == 300);
    assert_int_equal(sd_sheet_detent_top(&c, 3, &top), SD_OK);
    assert_true(top == 800);
    assert_int_equal(sd_sheet_detent_top(&c, 4, &top), SD_ERR_RANGE);
    assert_int_equal(sd_sheet_detent_top(&c, 0, NULL), SD_ERR_NULL);
    assert_int_equal(sd_sheet_dismissed_detent(&c), 3);

    /* Index access over the named fields. */
    sd_sheet_detent d = sd_sheet_config_detent(&c, 2);
    assert_int_equal(d.kind, SD_SHEET_DETENT_FIT_CONTENT);
    assert_true(d.value == 300);
    assert_int_equal(sd_sheet_config_detent(&c, 5).kind, SD_SHEET_DETENT_NONE);
    assert_int_equal(sd_sheet_config_set_detent(&c, 4, sd_sheet_detent_points(10)), SD_OK);
    assert_true(c.detent4.kind == SD_SHEET_DETENT_POINTS && c.detent4.value == 10);
    assert_int_equal(sd_sheet_config_set_detent(&c, 5, sd_sheet_detent_points(10)), SD_ERR_RANGE);
    assert_int_equal(sd_sheet_config_set_detent(NULL, 0, sd_sheet_detent_points(10)), SD_ERR_NULL);

    /* A sheet that cannot be dismissed. */
    sd_sheet_config two = sd_sheet_config_default(H);
    two.detent_count = 2;
    assert_int_equal(sd_sheet_config_validate(&two, NULL), SD_OK);
    assert_int_equal(sd_sheet_dismissed_detent(&two), SD_SHEET_NO_DETENT);
}

typedef struct bad_config {
    int line;
    sd_sheet_config c;
    sd_status status;
    const char *field;
} bad_config;

static void test_config_invalid(void **state) {
    (void)state;
    static bad_config rows[48];
    int n = 0;
#define BAD(mutation, st, fld)                                                                                   \
    do {                                                                                                          \
        sd_sheet_config c_ = sd_sheet_config_default(H);                                                         \
        { sd_sheet_config *c = &c_; mutation; }                                                                   \
        rows[n].line = __LINE__; rows[n].c = c_; rows[n].status = st; rows[n].field = fld; n++;                   \
    } while (0)
    BAD(c->container_height = NAN, SD_ERR_NOT_FINITE, "container_height");
    BAD(c->container_height = INFINITY, SD_ERR_NOT_FINITE, "container_height");
    BAD(c->container_height = 0, SD_ERR_NEGATIVE, "container_height");
    BAD(c->container_height = 1.0000000000000002e9, SD_ERR_RANGE, "container_height"); /* just past SD_SHEET_MAX_LENGTH */
    BAD(c->content_height = -1, SD_ERR_NEGATIVE, "content_height");
    BAD(c->content_height = NAN, SD_ERR_NOT_FINITE, "content_height");
    BAD(c->detent_count = 0, SD_ERR_RANGE, "detent_count");
    BAD(c->detent_count = 6, SD_ERR_RANGE, "detent_count");
    BAD(c->detent1.kind = 9, SD_ERR_RANGE, "detent1.kind");
    BAD((c->detent_count = 4, c->detent2 = sd_sheet_detent_fraction(0.9)), SD_ERR_RANGE, "detent3.kind"); /* an unused slot counted in */
    BAD(c->detent1.value = NAN, SD_ERR_NOT_FINITE, "detent1.value");
    BAD(c->detent0.value = -INFINITY, SD_ERR_NOT_FINITE, "detent0.value");
    /* Outside the container. */
    BAD(c->detent1.value = 1.5, SD_ERR_RANGE, "detent1");
    BAD(c->detent1.value = -0.1, SD_ERR_RANGE, "detent1");
    BAD(c->detent0.value = 801, SD_ERR_RANGE, "detent0");
    BAD(c->detent0.value = -1, SD_ERR_RANGE, "detent0");
    BAD(c->detent0 = sd_sheet_detent_fit_content(900), SD_ERR_RANGE, "detent0");
    /* Out of order. */
    BAD(c->detent0 = sd_sheet_detent_fraction(0.6), SD_ERR_ORDER, "detent1");
    BAD(c->detent0 = sd_sheet_detent_points(400), SD_ERR_ORDER, "detent1"); /* equal tops */
    BAD((c->detent1 = sd_sheet_detent_fit_content(0), c->content_height = 760), SD_ERR_ORDER, "detent1");
    BAD(c->detent1 = sd_sheet_detent_dismissed(), SD_ERR_ORDER, "detent1");
    BAD((c->detent_count = 1, c->detent0 = sd_sheet_detent_dismissed()), SD_ERR_ORDER, "detent0");
    BAD(c->detent2 = sd_sheet_detent_fraction(0.4), SD_ERR_ORDER, "detent2");
    /* Everything else. */
    BAD(c->up_threshold = NAN, SD_ERR_NOT_FINITE, "up_threshold");
    BAD(c->down_threshold = -0.3, SD_ERR_RANGE, "down_threshold");
    /* Fractions of the container: with 2, nothing would ever reach full. */
    BAD(c->up_threshold = 2, SD_ERR_RANGE, "up_threshold");
    BAD(c->down_threshold = 5, SD_ERR_RANGE, "down_threshold");
    BAD(c->up_threshold = nextafter(1, 2), SD_ERR_RANGE, "up_threshold");
    BAD(c->overscroll_return = -120, SD_ERR_NEGATIVE, "overscroll_return");
    BAD(c->background_shift = NAN, SD_ERR_NOT_FINITE, "background_shift");
    BAD(c->background_duration = -1, SD_ERR_NEGATIVE, "background_duration");
    BAD(c->flick_velocity = INFINITY, SD_ERR_NOT_FINITE, "flick_velocity");
    BAD(c->backdrop_alpha = NAN, SD_ERR_NOT_FINITE, "backdrop_alpha");
    BAD(c->backdrop_alpha = 1.5, SD_ERR_RANGE, "backdrop_alpha");
    BAD(c->spring.stiffness = NAN, SD_ERR_NOT_FINITE, "spring.stiffness");
    BAD(c->spring.damping = -1, SD_ERR_NEGATIVE, "spring.damping");
    BAD(c->spring.mass = 0, SD_ERR_NEGATIVE, "spring.mass");
    /* Springs that never settle, or whose products leave double range. */
    BAD(c->spring.damping = 0, SD_ERR_NEGATIVE, "spring.damping");
    BAD(c->spring.stiffness = 1.0000000000000002e12, SD_ERR_RANGE, "spring.stiffness");
    BAD((c->spring.stiffness = 1e-4, c->spring.damping = 0.0199), SD_ERR_RANGE, "spring");  /* under-damped, a = 0.00995 */
    BAD((c->spring.stiffness = 1e-4, c->spring.damping = 0.0201), SD_ERR_RANGE, "spring");  /* over-damped, slow mode 0.00905 */
    BAD(c->spring_initial_velocity = NAN, SD_ERR_NOT_FINITE, "spring_initial_velocity");
    BAD(c->spring_initial_velocity = -1.0000000000000002e6, SD_ERR_RANGE, "spring_initial_velocity");
    BAD(c->deceleration_rate = 1, SD_ERR_RANGE, "deceleration_rate");
    BAD(c->deceleration_rate = NAN, SD_ERR_NOT_FINITE, "deceleration_rate");
    BAD(c->options = 0x1000, SD_ERR_RANGE, "options");
#undef BAD
    for (int i = 0; i < n; i++) {
        sd_error err;
        sd_status st = sd_sheet_config_validate(&rows[i].c, &err);
        if (st != rows[i].status || err.status != rows[i].status || strcmp(err.field, rows[i].field) != 0)
            fail_msg("row at line %d: %s / %s (%s), expected %s / %s", rows[i].line, sd_status_name(st), err.field,
                     err.rule, sd_status_name(rows[i].status), rows[i].field);
        assert_true(strlen(err.rule) > 0);
        /* init refuses it too and leaves the sheet alone. */
        sd_sheet s, before;
        memset(&s, 0x5A, sizeof s);
        before = s;
        assert_int_equal(sd_sheet_init(&s, &rows[i].c, 0, NULL), rows[i].status);
        assert_memory_equal(&s, &before, sizeof s);
    }
    sd_error err;
    assert_int_equal(sd_sheet_config_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
    sd_sheet_config c = sd_sheet_config_default(H);
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, 3, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "initial_detent");
    assert_int_equal(sd_sheet_init(NULL, &c, 0, &err), SD_ERR_NULL);
}

/* ---- the release decision ---- */

static void test_release_golden(void **state) {
    (void)state;
    static golden_table t;
    load("sheet_release.tsv", &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_sheet_config c = sd_sheet_config_default(r->v[0]);
        c.options |= (uint32_t)r->v[1];
        uint32_t target = 99;
        assert_int_equal(sd_sheet_release_target(&c, (uint32_t)r->v[2], r->v[3], r->v[4], &target), SD_OK);
        if (target != (uint32_t)r->v[5])
            fail_msg("sheet_release.tsv line %d (%s): target %u, expected %u", r->line, r->label, target,
                     (uint32_t)r->v[5]);
        double top;
        sd_sheet_detent_top(&c, target, &top);
        if (!same_bits(top, r->v[6]))
            fail_msg("sheet_release.tsv line %d (%s): top %.17g, expected %.17g", r->line, r->label, top, r->v[6]);

        /* The same release through the machine: drag from the detent, release, land. */
        if (r->v[2] == DISMISSED) continue; /* a resting dismissed sheet cannot be grabbed */
        sd_sheet s;
        assert_int_equal(sd_sheet_init(&s, &c, (uint32_t)r->v[2], NULL), SD_OK);
        /* At full the content would have the finger first: the sheet itself moves by its handle. */
        step(&s, r->v[2] == FULL ? sd_sheet_event_handle_drag_began(1.0) : sd_sheet_event_drag_began(1.0, 0), NULL);
        stepped moved = step(&s, sd_sheet_event_drag_changed(1.01, r->v[3], 0), NULL);
        double from_top;
        sd_sheet_detent_top(&c, (uint32_t)r->v[2], &from_top);
        assert_true(moved.frame.top == from_top + r->v[3]);
        step(&s, sd_sheet_event_drag_ended(1.02, r->v[4]), NULL);
        assert_int_equal(s.state.detent, (uint32_t)r->v[5]);
        stepped a = run_frames(&s, 1.02, 4.0, 60, NULL);
        if (!same_bits(a.frame.top, r->v[6]))
            fail_msg("sheet_release.tsv line %d (%s): landed at %.17g", r->line, r->label, a.frame.top);
    }
}

static void test_release_rejects_bad_input(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    uint32_t target = 77;
    assert_int_equal(sd_sheet_release_target(&c, HALF, NAN, 0, &target), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_sheet_release_target(&c, HALF, -300, INFINITY, &target), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_sheet_release_target(&c, 3, -300, 0, &target), SD_ERR_RANGE);
    assert_int_equal(sd_sheet_release_target(NULL, HALF, -300, 0, &target), SD_ERR_NULL);
    assert_int_equal(sd_sheet_release_target(&c, HALF, -300, 0, NULL), SD_ERR_NULL);
    assert_int_equal(target, 77);
}

static void test_projection_flick_through_step(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    c.options = SD_SHEET_OPTION_PROJECTION | SD_SHEET_OPTION_CARRY_VELOCITY;
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, NULL), SD_OK);
    notice_log log = { 0 };
    step(&s, sd_sheet_event_drag_began(0, 0), &log);
    step(&s, sd_sheet_event_drag_changed(0.02, -30, 0), &log);
    /* 30 pt up, then a flick at 1500 pt/s: projected to 370 - 749.5 < 50, full. */
    stepped a = step(&s, sd_sheet_event_drag_ended(0.03, -1500), &log);
    assert_int_equal(s.state.detent, FULL);
    assert_true(a.flags & SD_SHEET_ACTION_START_SPRING);
    assert_true(a.spring_from == 370 && a.spring_to == 50);
    /* SwiftUI's relative kick over the distance, plus the carried release velocity. */
    assert_true(a.spring_velocity == 10.0 * (50.0 - 370.0) + -1500.0);
    assert_true(a.frame.velocity == a.spring_velocity);
    run_frames(&s, 0.03, 2.0, 120, &log);
    const uint32_t want[][2] = { { WILL, FULL }, { DID, FULL } };
    expect_log(&log, 2, want);

    /* Without the carry option the spring starts with the kick alone (AppCoda's). */
    sd_sheet seed = seed_sheet(HALF);
    step(&seed, sd_sheet_event_drag_began(0, 0), NULL);
    step(&seed, sd_sheet_event_drag_changed(0.02, -201, 0), NULL);
    a = step(&seed, sd_sheet_event_drag_ended(0.03, -1500), NULL);
    assert_true(a.spring_from == 199 && a.spring_to == 50 && a.spring_velocity == 10.0 * (50.0 - 199.0));
}

/* ---- position functions ---- */

static void test_rubber_band(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    /* Off (AppCoda's): the sheet follows the finger anywhere. */
    assert_true(sd_sheet_rubber_band_top(&c, -50) == -50);
    assert_true(sd_sheet_rubber_band_top(&c, 900) == 900);
    c.options = SD_SHEET_OPTION_RUBBER_BAND;
    /* 100 pt past full: f(100, 800) = (1 - 1 / (100 * 0.55 / 800 + 1)) * 800 = 55 / 1.06875. */
    assert_near(sd_sheet_rubber_band_top(&c, -50), 50 - 51.461988304093567, 1e-12, "100 pt above full");
    assert_near(sd_sheet_rubber_band_top(&c, 900), 800 + 51.461988304093567, 1e-12, "100 pt below dismissed");
    assert_near(sd_sheet_rubber_band_top(&c, 10), 50 - 40 * 0.55 / (1 + 40 * 0.55 / 800), 1e-12, "40 pt above full");
    /* Between the end detents nothing changes; at the edges it is continuous. */
    assert_true(sd_sheet_rubber_band_top(&c, 50) == 50);
    assert_true(sd_sheet_rubber_band_top(&c, 400) == 400);
    assert_true(sd_sheet_rubber_band_top(&c, 800) == 800);
    assert_near(sd_sheet_rubber_band_top(&c, 50 - 1e-9), 50 - 0.55e-9, 1e-12, "just past full");
    /* Monotone and bounded by one container height. */
    double previous = -1e300;
    for (double raw = -5000; raw <= 6000; raw += 7.5) {
        double top = sd_sheet_rubber_band_top(&c, raw);
        assert_true(top > previous);
        assert_true(top > 50 - H && top < 800 + H);
        previous = top;
    }
}

static void test_rubber_band_in_a_drag(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    c.options = SD_SHEET_OPTION_RUBBER_BAND;
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, NULL), SD_OK);
    step(&s, sd_sheet_event_drag_began(0, 0), NULL);
    stepped a = step(&s, sd_sheet_event_drag_changed(0.1, -450, 0), NULL); /* raw top -50 */
    assert_near(a.frame.top, 50 - 51.461988304093567, 1e-12, "banded top");
    assert_true(a.frame.translation == -450);
    /* Released there: the decision uses the finger's translation, the spring starts where the sheet shows. */
    a = step(&s, sd_sheet_event_drag_ended(0.2, 0), NULL);
    assert_int_equal(s.state.detent, FULL);
    assert_near(a.spring_from, 50 - 51.461988304093567, 1e-12, "spring from the banded top");
    /* Grabbing the spring again does not jump, wherever it is. */
    for (double t = 0.21; t < 0.5; t += 0.037) {
        sd_sheet g = s;
        sd_sheet_frame before;
        sd_sheet_frame_at(&g, t, &before);
        step(&g, sd_sheet_event_drag_began(t, 0), NULL);
        sd_sheet_frame after;
        sd_sheet_frame_at(&g, t, &after);
        assert_near(after.top, before.top, 1e-9, "grab position");
        a = step(&g, sd_sheet_event_drag_changed(t + 0.01, 0, 0), NULL);
        assert_near(a.frame.top, before.top, 1e-9, "first change with no translation");
    }
}

/* Regression: the drag velocity is measured between finger samples, so frame
 * ticks in between (at the same times, as a simulator delivers them) do not
 * zero it or make it depend on the frame rate. */
static void test_drag_velocity_ignores_frame_ticks(void **state) {
    (void)state;
    for (int hz = 60; hz <= 120; hz += 60) {
        sd_sheet s = seed_sheet(HALF);
        step(&s, sd_sheet_event_drag_began(0, 0), NULL);
        stepped a;
        memset(&a, 0, sizeof a);
        for (int k = 1; k <= hz / 10; k++) { /* 0.1 s of ticks, each followed by a finger sample */
            double t = (double)k / hz;
            step(&s, sd_sheet_event_frame(t), NULL);
            a = step(&s, sd_sheet_event_drag_changed(t, -300.0 * t, 0), NULL); /* 300 pt/s up */
        }
        assert_near(a.frame.velocity, -300, 1e-6, "drag velocity between finger samples");
        assert_near(s.state.velocity, -300, 1e-6, "state velocity");
    }
}

static void test_presentation_and_backdrop(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    /* AppCoda's: 0.5 black and 100 pt up while shown, wherever the sheet is. */
    assert_true(sd_sheet_backdrop_alpha(&c, 400, 1) == 0.5);
    assert_true(sd_sheet_backdrop_alpha(&c, 790, 1) == 0.5);
    assert_true(sd_sheet_backdrop_alpha(&c, 400, 0) == 0);
    assert_true(sd_sheet_background_offset(&c, 50, 1) == -100);
    assert_true(sd_sheet_background_offset(&c, 50, 0) == 0);
    /* Along the position: full at half and above, none at the bottom. */
    assert_true(sd_sheet_presentation(&c, 50) == 1);
    assert_true(sd_sheet_presentation(&c, 400) == 1);
    assert_true(sd_sheet_presentation(&c, 600) == 0.5);
    assert_true(sd_sheet_presentation(&c, 800) == 0);
    assert_true(sd_sheet_presentation(&c, 850) == 0);
    c.options = SD_SHEET_OPTION_INTERPOLATE_BACKDROP;
    assert_true(sd_sheet_backdrop_alpha(&c, 600, 0) == 0.25);
    assert_true(sd_sheet_backdrop_alpha(&c, 300, 0) == 0.5);
    assert_true(sd_sheet_background_offset(&c, 700, 1) == -25);
    assert_true(sd_sheet_background_offset(&c, 800, 1) == 0);

    double tops[] = { -20, 50, 225, 400, 500, 600, 799, 800, 1000 };
    double alphas[9], offsets[9];
    for (int interpolate = 0; interpolate < 2; interpolate++) {
        c.options = interpolate ? SD_SHEET_OPTION_INTERPOLATE_BACKDROP : 0u;
        for (int presented = 0; presented < 2; presented++) {
            assert_int_equal(sd_sheet_presentation_batch(&c, tops, 9, presented, alphas, offsets, NULL), SD_OK);
            for (int i = 0; i < 9; i++) {
                assert_true(same_bits(alphas[i], sd_sheet_backdrop_alpha(&c, tops[i], presented)));
                assert_true(same_bits(offsets[i], sd_sheet_background_offset(&c, tops[i], presented)));
            }
        }
    }
    assert_int_equal(sd_sheet_presentation_batch(&c, tops, 9, 1, NULL, offsets, NULL), SD_OK);
    sd_error err;
    assert_int_equal(sd_sheet_presentation_batch(&c, NULL, 9, 1, alphas, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "tops");
    c.backdrop_alpha = NAN;
    assert_int_equal(sd_sheet_presentation_batch(&c, tops, 9, 1, alphas, NULL, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "backdrop_alpha");
}

/* ---- the machine with AppCoda's numbers ---- */

/* ---- the safe area (issue 24) ---- */

/* A notched phone: 844 pt tall, status bar 47 pt, home indicator 34 pt. */
static sd_sheet_config notched(void) {
    sd_sheet_config c = sd_sheet_config_default(844);
    c.safe_area_top = 47;
    c.safe_area_bottom = 34;
    return c;
}

/* Detents resolve within the safe area: fractions of the 763 pt between the
 * status bar and the home indicator (gorhom's and UIKit's), points counted
 * from the status bar, fit-content above the home indicator. */
static void test_safe_area_layout(void **state) {
    (void)state;
    sd_sheet_config c = notched();
    assert_int_equal(sd_sheet_config_validate(&c, NULL), SD_OK);
    double top;
    sd_sheet_detent_top(&c, 0, &top);
    assert_true(top == 97); /* full: 47 + 50, never under the status bar */
    sd_sheet_detent_top(&c, 1, &top);
    assert_true(top == 428.5); /* half: 47 + 0.5 * (844 - 47 - 34), where gorhom and UIKit put it */
    sd_sheet_detent_top(&c, 2, &top);
    assert_true(top == 844); /* dismissed: off screen */
    c.detent1 = sd_sheet_detent_fraction(0.25);
    sd_sheet_detent_top(&c, 1, &top);
    assert_true(top == 237.75); /* 47 + 0.25 * 763 */
    /* Fit-content: the content and the home indicator above the bottom, or 47 + 50 at the highest. */
    c.detent1 = sd_sheet_detent_fit_content(50);
    c.content_height = 300;
    assert_int_equal(sd_sheet_config_validate(&c, NULL), SD_OK);
    sd_sheet_detent_top(&c, 1, &top);
    assert_true(top == 510); /* 844 - 300 - 34 */
    c.content_height = 900;
    c.detent0 = sd_sheet_detent_points(10);
    sd_sheet_detent_top(&c, 1, &top);
    assert_true(top == 97);
    /* With both insets 0 every top is the plain formula, bit for bit (the golden tables). */
    sd_sheet_config plain = sd_sheet_config_default(844);
    sd_sheet_detent_top(&plain, 1, &top);
    assert_true(top == 422);
}

/* Insets that together exceed a short container are refused, naming the
 * bottom one and the rule with the top: a 105 pt container with insets 65 /
 * 75 has a space of -35 between them, where a 0.31 fraction would resolve at
 * 65 - 10.85 = 54.15, above the top inset. With 65 / 40 (together exactly
 * the container) every fraction resolves at the top inset, 65. */
static void test_safe_area_insets_together(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(105);
    c.detent_count = 2;
    c.detent0 = sd_sheet_detent_fraction(0.31);
    c.detent1 = sd_sheet_detent_dismissed();
    c.safe_area_top = 65;
    c.safe_area_bottom = 75;
    sd_error err;
    assert_int_equal(sd_sheet_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "safe_area_bottom");
    assert_non_null(strstr(err.rule, "safe_area_top"));
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, 0, NULL), SD_ERR_RANGE);
    c.safe_area_bottom = 40;
    assert_int_equal(sd_sheet_config_validate(&c, NULL), SD_OK);
    double top = -1;
    assert_int_equal(sd_sheet_detent_top(&c, 0, &top), SD_OK);
    assert_true(top == 65);
    /* A sheet already running does not take such insets either, and keeps its own. */
    assert_int_equal(sd_sheet_init(&s, &c, 0, NULL), SD_OK);
    sd_sheet before = s;
    sd_sheet_config wider = c;
    wider.safe_area_bottom = nextafter(40, 1e9);
    assert_int_equal(sd_sheet_reconfigure(&s, &wider, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "safe_area_bottom");
    assert_memory_equal(&s, &before, sizeof s);
}

static void test_safe_area_rules(void **state) {
    (void)state;
    struct { double top, bottom; sd_status st; const char *field; } rows[] = {
        { -1, 0, SD_ERR_NEGATIVE, "safe_area_top" },
        { NAN, 0, SD_ERR_NOT_FINITE, "safe_area_top" },
        { 844, 0, SD_ERR_RANGE, "safe_area_top" },
        { nextafter(844, 0), 0, SD_ERR_RANGE, "detent0" }, /* no room for full's 50 pt */
        { 0, -0.5, SD_ERR_NEGATIVE, "safe_area_bottom" },
        { 0, INFINITY, SD_ERR_NOT_FINITE, "safe_area_bottom" },
        { 0, nextafter(844, 1e9), SD_ERR_RANGE, "safe_area_bottom" },
        { 0, 844, SD_ERR_ORDER, "detent1" }, /* no room between the insets: half at 0, above full */
        { 0, 744, SD_ERR_ORDER, "detent1" }, /* half at 0.5 * 100 = 50, on full */
        { 0, 743, SD_OK, "" },               /* half at 50.5 */
        { 795, 0, SD_ERR_RANGE, "detent0" }, /* full's 50 pt no longer fit in the 49 pt below it */
        { 744, 0, SD_ERR_ORDER, "detent1" }, /* full at 794 and half at 744 + 100 / 2 = 794: not below */
        { 743, 0, SD_OK, "" },               /* full at 793, half at 793.5 */
        { 400, 445, SD_ERR_RANGE, "safe_area_bottom" }, /* each inside the container, together 845 > 844 */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_sheet_config c = sd_sheet_config_default(844);
        c.safe_area_top = rows[i].top;
        c.safe_area_bottom = rows[i].bottom;
        sd_error err;
        sd_status st = sd_sheet_config_validate(&c, &err);
        if (st != rows[i].st || (st != SD_OK && strcmp(err.field, rows[i].field) != 0))
            fail_msg("row %zu: %s %s, expected %s %s", i, sd_status_name(st), st == SD_OK ? "" : err.field,
                     sd_status_name(rows[i].st), rows[i].field);
    }
    /* A points detent is checked against the space below the status bar. */
    sd_sheet_config c = notched();
    c.detent_count = 1;
    c.detent0 = sd_sheet_detent_points(797);
    assert_int_equal(sd_sheet_config_validate(&c, NULL), SD_OK);
    c.detent0 = sd_sheet_detent_points(nextafter(797, 1e9));
    sd_error err;
    assert_int_equal(sd_sheet_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "detent0");
}

/* The rubber band stretches over the space below the status bar; the
 * release thresholds stay fractions of the whole container (the seed's). */
static void test_safe_area_band_and_release(void **state) {
    (void)state;
    sd_sheet_config c = notched();
    c.options = SD_SHEET_OPTION_RUBBER_BAND;
    assert_true(sd_sheet_rubber_band_top(&c, 97 - 100) == 97 + sd_rubber_band(-100, 797));
    assert_true(sd_sheet_rubber_band_top(&c, 844 + 60) == 844 + sd_rubber_band(60, 797));
    c.options = 0;
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, NULL), SD_OK);
    assert_true(s.state.top == 428.5);
    step(&s, sd_sheet_event_drag_began(0, 0), NULL);
    step(&s, sd_sheet_event_drag_changed(0.1, -211, 0), NULL); /* 844 * 0.25 exactly: stays */
    stepped a = step(&s, sd_sheet_event_drag_ended(0.1, 0), NULL);
    assert_int_equal(a.notices, 0);
    run_frames(&s, 0.1, 3, 60, NULL);
    step(&s, sd_sheet_event_drag_began(3.1, 0), NULL);
    step(&s, sd_sheet_event_drag_changed(3.2, nextafter(-211, -1e9), 0), NULL);
    a = step(&s, sd_sheet_event_drag_ended(3.2, 0), NULL);
    assert_int_equal(a.detent, FULL);
    assert_true(a.spring_to == 97);
}

/* Changing the insets is a reconfigure (a rotation, split view): the state is
 * kept and a resting sheet moves to its detent's new top at once. */
static void test_safe_area_reconfigure(void **state) {
    (void)state;
    for (uint32_t d = FULL; d <= HALF; d++) {
        sd_sheet_config plain = sd_sheet_config_default(844);
        sd_sheet s;
        assert_int_equal(sd_sheet_init(&s, &plain, d, NULL), SD_OK);
        const sd_sheet_state before = s.state;
        sd_sheet_config c = notched();
        assert_int_equal(sd_sheet_reconfigure(&s, &c, NULL), SD_OK);
        assert_int_equal(s.state.detent, d);
        assert_true(s.state.top == (d == FULL ? 97 : 428.5));
        assert_true(s.state.time == before.time && s.state.flags == before.flags);
        sd_sheet_frame f;
        sd_sheet_frame_at(&s, 0, &f);
        assert_true(f.top == s.state.top && !(f.flags & SD_SHEET_FRAME_ANIMATING));
    }
    /* Rejected insets change nothing. */
    sd_sheet s = seed_sheet(HALF);
    const sd_sheet before = s;
    sd_sheet_config c = notched();
    c.safe_area_top = -3;
    sd_error err;
    assert_int_equal(sd_sheet_reconfigure(&s, &c, &err), SD_ERR_NEGATIVE);
    assert_string_equal(err.field, "safe_area_top");
    assert_memory_equal(&s, &before, sizeof s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_config),
        cmocka_unit_test(test_safe_area_layout),
        cmocka_unit_test(test_safe_area_rules),
        cmocka_unit_test(test_safe_area_insets_together),
        cmocka_unit_test(test_safe_area_band_and_release),
        cmocka_unit_test(test_safe_area_reconfigure),
        cmocka_unit_test(test_layout_golden),
        cmocka_unit_test(test_detent_kinds),
        cmocka_unit_test(test_config_invalid),
        cmocka_unit_test(test_release_golden),
        cmocka_unit_test(test_release_rejects_bad_input),
        cmocka_unit_test(test_projection_flick_through_step),
        cmocka_unit_test(test_rubber_band),
        cmocka_unit_test(test_rubber_band_in_a_drag),
        cmocka_unit_test(test_drag_velocity_ignores_frame_ticks),
        cmocka_unit_test(test_presentation_and_backdrop),
    };
    return cmocka_run_group_tests_name("sheet", tests, NULL, NULL);
}
