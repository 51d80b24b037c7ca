/* test_sheet_release.c — cmocka tests of where a release from the half
 * detent lands, to the last bit: the AppCoda SwiftUI bottom-sheet chapter's
 * onEnded compares the drag's translation itself with -height * 0.25 (up to
 * full) and height * 0.3 (dismiss), both strictly. Each probe is a drag
 * through sd_sheet_step (began, changed, ended) and must land where
 * sd_sheet_release_target says for the same translation. */
#include "sheet_support.h"

/* Began, one change to `translation`, ended with velocity 0: the detent. */
static uint32_t release_from_half(double height, double translation) {
    sd_sheet_config c = sd_sheet_config_default(height);
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, HALF, NULL), SD_OK);
    sd_sheet_actions a;
    sd_sheet_event e = sd_sheet_event_drag_began(0, 0);
    assert_int_equal(sd_sheet_step(&s, &e, &a, NULL), SD_OK);
    e = sd_sheet_event_drag_changed(0.1, translation, 0);
    assert_int_equal(sd_sheet_step(&s, &e, &a, NULL), SD_OK);
    e = sd_sheet_event_drag_ended(0.2, 0);
    assert_int_equal(sd_sheet_step(&s, &e, &a, NULL), SD_OK);
    return s.state.detent;
}

static uint32_t decision(double height, double translation) {
    sd_sheet_config c = sd_sheet_config_default(height);
    uint32_t target = 99;
    assert_int_equal(sd_sheet_release_target(&c, HALF, translation, 0, &target), SD_OK);
    return target;
}

/* The reproducers and the thresholds one ulp either side. */
static void test_thresholds_to_the_bit(void **state) {
    (void)state;
    const struct { int line; double height, translation; uint32_t want; } rows[] = {
        { __LINE__, 844, 844 * 0.3, HALF },                          /* exactly the threshold: stays */
        { __LINE__, 844, nextafter(844 * 0.3, INFINITY), DISMISSED }, /* past it: dismissed */
        { __LINE__, 844, nextafter(844 * 0.3, 0), HALF },
        { __LINE__, 800, 240, HALF },
        { __LINE__, 800, nextafter(240, INFINITY), DISMISSED },
        { __LINE__, 800, -200, HALF },                               /* exactly -height * 0.25 */
        { __LINE__, 800, nextafter(-200, -INFINITY), FULL },
        { __LINE__, 844, -(844 * 0.25), HALF },
        { __LINE__, 844, nextafter(-(844 * 0.25), -INFINITY), FULL },
        { __LINE__, 1000, 300.00000000000006, DISMISSED },
        { __LINE__, 1000, 0, HALF },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint32_t got = release_from_half(rows[i].height, rows[i].translation);
        if (got != rows[i].want)
            fail_msg("line %d: height %g, translation %.17g: detent %u, expected %u", rows[i].line, rows[i].height,
                     rows[i].translation, got, rows[i].want);
        assert_int_equal(decision(rows[i].height, rows[i].translation), rows[i].want);
    }
}

/* Over integer heights 300...1400, each threshold and one ulp either side:
 * the step lands where the decision says (4,404 probes). */
static void test_step_agrees_with_the_decision(void **state) {
    (void)state;
    int probes = 0;
    for (int h = 300; h <= 1400; h++) {
        const double height = h;
        const double up = -(height * 0.25), down = height * 0.3;
        const double ts[] = { up, nextafter(up, -INFINITY), down, nextafter(down, INFINITY) };
        for (size_t k = 0; k < 4; k++, probes++) {
            uint32_t got = release_from_half(height, ts[k]), want = decision(height, ts[k]);
            if (got != want) fail_msg("height %d, translation %.17g: step %u, decision %u", h, ts[k], got, want);
        }
    }
    assert_int_equal(probes, 4404);
}

/* A drag that grabbed the sheet while its spring ran is measured from the
 * detent it belongs to, not from where the finger took it. */
static void test_grabbed_spring_measures_from_the_detent(void **state) {
    (void)state;
    sd_sheet_config c = sd_sheet_config_default(H);
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, FULL, NULL), SD_OK);
    sd_sheet_actions a;
    sd_sheet_event e = sd_sheet_event_move(0, HALF, 1);
    assert_int_equal(sd_sheet_step(&s, &e, &a, NULL), SD_OK);
    const double grabbed = frame_at(&s, 0.05).top;
    e = sd_sheet_event_drag_began(0.05, 0);
    assert_int_equal(sd_sheet_step(&s, &e, &a, NULL), SD_OK);
    /* From where the finger took it, 150 pt down is (grabbed + 150) - 400 below half. */
    e = sd_sheet_event_drag_changed(0.1, 150, 0);
    assert_int_equal(sd_sheet_step(&s, &e, &a, NULL), SD_OK);
    e = sd_sheet_event_drag_ended(0.2, 0);
    assert_int_equal(sd_sheet_step(&s, &e, &a, NULL), SD_OK);
    assert_int_equal(s.state.detent, decision(H, (grabbed + 150) - H / 2));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_thresholds_to_the_bit),
        cmocka_unit_test(test_step_agrees_with_the_decision),
        cmocka_unit_test(test_grabbed_spring_measures_from_the_detent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
