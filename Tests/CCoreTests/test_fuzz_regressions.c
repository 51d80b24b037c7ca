/*
 * test_fuzz_regressions.c — one cmocka test per finding of the libFuzzer
 * harnesses (Tests/Fuzz/), each with the smallest input that showed it, so a
 * fixed finding stays fixed without running the fuzzer.
 */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scrolldrive.h"

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static double from_bits(uint64_t bits) {
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/*
 * fuzz_bar finding 1: with a denormal compact height, offset + (target -
 * offset) rounded past -compact and the height fell below compact (0 for a
 * compact of 3.3e-312). The fused reducer, the batch and the default chain
 * now keep the sum at the bound.
 */
static void test_bar_rounding_keeps_height_at_least_compact(void **s) {
    (void)s;
    const double compact = from_bits(0x0000060000000000ull); /* about 3.3e-312 */
    sd_bar_config c = { compact, 0.5, 0.5, 0, 0, 0 };
    sd_bar bar;
    assert_int_equal(sd_bar_init(&bar, &c, NULL), SD_OK);
    sd_scroll_geometry g = { 0.5, 0, 2000, 600 };
    sd_bar_actions a;
    sd_bar_event e = sd_bar_event_offset(0, 0, -600, g);
    assert_int_equal(sd_bar_step(&bar, &e, &a, NULL), SD_OK);
    assert_int_equal(a.flags, 0); /* the first offset is only recorded */
    sd_bar_state before = bar.state;
    assert_true(same_bits(before.offset, -0.5));
    e = sd_bar_event_offset(0, 0, 0, g);
    assert_int_equal(sd_bar_step(&bar, &e, &a, NULL), SD_OK);
    assert_int_equal(a.flags, SD_BAR_ACTION_STATE);
    assert_true(same_bits(bar.state.offset, -compact));
    assert_true(-bar.state.offset >= c.compact);

    /* The chain and the batch give the same bits. */
    sd_bar_state chained = before;
    assert_int_equal(sd_bar_reduce_chain(sd_bar_default_transformers, 3, &c, &g, &chained, -600, 0), SD_OK);
    assert_true(same_bits(chained.offset, -compact));
    sd_bar batch;
    assert_int_equal(sd_bar_init(&batch, &c, NULL), SD_OK);
    double ys[2] = { -600, 0 }, heights[2];
    assert_int_equal(sd_bar_reduce_batch(&batch, &g, ys, 2, heights, NULL, NULL), SD_OK);
    assert_true(same_bits(heights[1], compact));
    assert_memory_equal(&batch, &bar, sizeof bar);
}

/* The bound only changes results that left the range: AirBar's own numbers stay. */
static void test_bar_in_range_results_unchanged(void **s) {
    (void)s;
    sd_bar_config c = { 100, 200, 300, 0, 0, 0 };
    sd_scroll_geometry g = { 200, 0, 2000, 600 };
    sd_bar_state st = { -173.3, 0, 0 };
    /* -173.3 + (-100 - -173.3) is exactly -100 in AirBar's arithmetic too. */
    assert_int_equal(sd_bar_reduce(&c, &g, &st, 0, 500), SD_OK);
    assert_true(same_bits(st.offset, -100));
    st.offset = -150;
    assert_int_equal(sd_bar_reduce(&c, &g, &st, 10, 30.25), SD_OK);
    assert_true(same_bits(st.offset, -129.75));
}

/*
 * fuzz_bar finding 2: sd_bar_value with a finite caller range whose ends are
 * of opposite signs near DBL_MAX returned infinity (hi - lo overflowed).
 */
static void test_bar_value_finite_for_huge_finite_range(void **s) {
    (void)s;
    sd_bar_config c = { 100, 200, 300, 0, 0, 0 };
    /* offset -150: progress 0.5 in the compact-normal range */
    double v = sd_bar_value(&c, -150, -1e308, 1e308, 0, 1);
    assert_true(isfinite(v));
    assert_true(same_bits(v, 0.0));
    v = sd_bar_value(&c, -250, 0, 1, DBL_MAX, -DBL_MAX);
    assert_true(same_bits(v, 0.0));
    /* Ranges that do not overflow keep sd_map's numbers (AirBar's example). */
    assert_true(same_bits(sd_bar_value(&c, -170, 0, 1, 1, 1), sd_map(0.7, 0, 1, 0, 1)));
    assert_true(same_bits(sd_bar_value(&c, -240, 0, 1, 10, 30), sd_map(1.4, 1, 2, 10, 30)));
}

/*
 * fuzz_bar finding 3: preconfiguring with finite heights near DBL_MAX of
 * opposite signs asked for an infinite bottom inset. The PRECONFIGURE (and
 * CONTENT_SIZE) event is now rejected with SD_ERR_RANGE, bar and actions
 * untouched.
 */
static void test_bar_preconfigure_refuses_overflowing_inset(void **s) {
    (void)s;
    sd_bar_config c = { 100, 200, 300, 0, 0, 0 };
    sd_bar bar, copy;
    assert_int_equal(sd_bar_init(&bar, &c, NULL), SD_OK);
    copy = bar;
    sd_bar_actions a, poison;
    memset(&a, 0xA5, sizeof a);
    memset(&poison, 0xA5, sizeof poison);
    sd_error err;
    sd_bar_event e = sd_bar_event_preconfigure(1, 1e308, -1e308, 0);
    assert_int_equal(sd_bar_step(&bar, &e, &a, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "content_height");
    e = sd_bar_event_content_size(1, 0, -1e308, 1e308, 0);
    assert_int_equal(sd_bar_step(&bar, &e, &a, &err), SD_ERR_RANGE);
    assert_memory_equal(&a, &poison, sizeof a);
    assert_memory_equal(&bar, &copy, sizeof bar);
    /* A hugely negative inset is fine: it is clamped to 0. */
    e = sd_bar_event_preconfigure(1, -1e308, 1e308, 0);
    assert_int_equal(sd_bar_step(&bar, &e, &a, NULL), SD_OK);
    assert_true(same_bits(a.inset_bottom, 0.0));
}

/* Found by review of the same overflow: pan ended at y near DBL_MAX. */
static void test_bar_pan_ended_refuses_overflowing_target(void **s) {
    (void)s;
    sd_bar_config c = { 0, 1e308, 1e308, 0, 0, 0 };
    sd_bar bar, copy;
    assert_int_equal(sd_bar_init(&bar, &c, NULL), SD_OK);
    sd_bar_event e = sd_bar_event_assign(0, (sd_bar_state){ -4e307, 0, 0 }); /* nearest: compact, +4e307 */
    sd_bar_actions a, poison;
    assert_int_equal(sd_bar_step(&bar, &e, &a, NULL), SD_OK);
    copy = bar;
    memset(&a, 0xA5, sizeof a);
    memset(&poison, 0xA5, sizeof poison);
    e = sd_bar_event_pan_ended(0, DBL_MAX);
    assert_int_equal(sd_bar_step(&bar, &e, &a, NULL), SD_ERR_RANGE);
    assert_memory_equal(&a, &poison, sizeof a);
    assert_memory_equal(&bar, &copy, sizeof bar);
    e = sd_bar_event_pan_ended(0, -DBL_MAX);
    assert_int_equal(sd_bar_step(&bar, &e, &a, NULL), SD_OK);
    assert_true(a.flags == (SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED));
    assert_true(same_bits(a.target_y, -DBL_MAX + 4e307));
}

/* One accepted sheet step; the state it leaves passes sd_sheet_validate. */
static sd_sheet_actions sheet_step(sd_sheet *sh, sd_sheet_event e) {
    sd_sheet_actions a;
    assert_int_equal(sd_sheet_step(sh, &e, &a, NULL), SD_OK);
    sd_error err;
    if (sd_sheet_validate(sh, &err) != SD_OK) fail_msg("step %u: %s %s", e.type, err.field, err.rule);
    return a;
}

/*
 * fuzz_sheet finding 1: with UIKit's overscroll hand-off, a sheet at detent
 * 0 in a 400 pt container, a drag change with content offset -1e9 and
 * translation -400 (both accepted) stored a drag base of 1e9 + 450, past the
 * 1e9 points beyond the container that sd_sheet_validate allows, so the
 * state could not be saved and restored. The base is now held within reach.
 */
static void test_sheet_hand_off_base_stays_within_reach(void **s) {
    (void)s;
    sd_sheet_config c = sd_sheet_config_default(400);
    c.options = SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER;
    sd_sheet sh;
    assert_int_equal(sd_sheet_init(&sh, &c, SD_SHEET_FULL, NULL), SD_OK);
    sheet_step(&sh, sd_sheet_event_drag_began(0, 0));
    sheet_step(&sh, sd_sheet_event_drag_changed(0.1, -400, -SD_SHEET_MAX_LENGTH));
    assert_true(sh.state.drag_base <= c.container_height + SD_SHEET_MAX_LENGTH);
    /* So far past the return, the sheet goes back to half and ignores the rest. */
    assert_true(sh.state.detent == SD_SHEET_HALF && (sh.state.flags & SD_SHEET_STATE_CONSUMED));
}

/*
 * fuzz_sheet finding 2: same option; a reconfigure mid-drag that lowers
 * detent 0 (a safe area's top inset of 45), then a drag change with
 * translation -1e9, handed back a content offset above 1e9 (1e9 + 50 here),
 * in the state and in the SET_CONTENT_OFFSET action. Offsets the core hands
 * out stay within +-SD_SHEET_MAX_LENGTH.
 */
static void test_sheet_handed_back_offset_stays_within_limits(void **s) {
    (void)s;
    sd_sheet_config c = sd_sheet_config_default(800);
    c.options = SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER;
    sd_sheet sh;
    assert_int_equal(sd_sheet_init(&sh, &c, SD_SHEET_FULL, NULL), SD_OK);
    sheet_step(&sh, sd_sheet_event_drag_began(0, 0));
    sheet_step(&sh, sd_sheet_event_drag_changed(0.1, 10, -5)); /* handed off: the sheet 5 pt below full */
    assert_true(sh.state.top == 55 && sh.state.drag_base == 45);
    sd_sheet_config lowered = c;
    lowered.safe_area_top = 45; /* full at 95 */
    assert_int_equal(sd_sheet_reconfigure(&sh, &lowered, NULL), SD_OK);
    assert_true(sh.state.drag_anchor == 95);
    sd_sheet_actions a = sheet_step(&sh, sd_sheet_event_drag_changed(0.2, -SD_SHEET_MAX_LENGTH, 0));
    assert_true(a.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET);
    assert_true(a.content_offset == SD_SHEET_MAX_LENGTH && sh.state.content_offset == SD_SHEET_MAX_LENGTH);
    assert_true(sh.state.top == 95);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bar_rounding_keeps_height_at_least_compact),
        cmocka_unit_test(test_bar_in_range_results_unchanged),
        cmocka_unit_test(test_bar_value_finite_for_huge_finite_range),
        cmocka_unit_test(test_bar_preconfigure_refuses_overflowing_inset),
        cmocka_unit_test(test_bar_pan_ended_refuses_overflowing_target),
        cmocka_unit_test(test_sheet_hand_off_base_stays_within_reach),
        cmocka_unit_test(test_sheet_handed_back_offset_stays_within_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
