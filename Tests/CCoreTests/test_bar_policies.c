/*
 * test_bar_policies.c — cmocka tests of the bar's scroll policies
 * (sd_bar_config.policy): exit until collapsed, snap by direction, no snap,
 * the expanded state whenever the content is at its top. Tables with exact
 * numbers at each threshold, one ulp on each side where a comparison
 * decides. Heights 100 / 200 / 300 (AirBar's example) unless a row says.
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

static const sd_scroll_geometry GEO = { 200, 0, 2000, 600 };

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static sd_bar_config with_policy(uint32_t policy) {
    sd_bar_config c = sd_bar_config_make(100, 200, 300);
    c.policy = policy;
    return c;
}

static sd_bar bar_with(uint32_t policy) {
    sd_bar bar;
    sd_bar_config c = with_policy(policy);
    assert_int_equal(sd_bar_init(&bar, &c, NULL), SD_OK);
    return bar;
}

static sd_bar_actions step_ok(sd_bar *bar, sd_bar_event e) {
    sd_bar_actions a;
    assert_int_equal(sd_bar_step(bar, &e, &a, NULL), SD_OK);
    return a;
}

static void test_policy_validation(void **s) {
    (void)s;
    const uint32_t D = SD_BAR_POLICY_SNAP_DIRECTION, N = SD_BAR_POLICY_NO_SNAP;
    const struct { uint32_t policy; sd_status st; uint32_t sanitized; } rows[] = {
        { 0, SD_OK, 0 },
        { SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED, SD_OK, SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED },
        { D, SD_OK, D },
        { N, SD_OK, N },
        { SD_BAR_POLICY_EXPAND_AT_TOP, SD_OK, SD_BAR_POLICY_EXPAND_AT_TOP },
        { SD_BAR_POLICY_ALL & ~D, SD_OK, SD_BAR_POLICY_ALL & ~D },
        { D | N, SD_ERR_RANGE, N },             /* the two snaps exclude each other; no snap wins */
        { SD_BAR_POLICY_LARGE_TITLE, SD_OK, SD_BAR_POLICY_LARGE_TITLE },
        { SD_BAR_POLICY_REDUCED_MOTION, SD_OK, SD_BAR_POLICY_REDUCED_MOTION },
        { 1u << 6, SD_ERR_RANGE, 0 },            /* unknown bit */
        { 0xFFFFFFFFu, SD_ERR_RANGE, SD_BAR_POLICY_ALL & ~D },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_bar_config c = with_policy(rows[i].policy);
        sd_error err;
        sd_status st = sd_bar_config_validate(&c, &err);
        if (st != rows[i].st) fail_msg("row %zu: %s", i, sd_status_name(st));
        if (st != SD_OK) assert_string_equal(err.field, "policy");
        sd_bar_config clean = sd_bar_config_sanitized(c);
        if (clean.policy != rows[i].sanitized) fail_msg("row %zu: sanitized %x", i, clean.policy);
        assert_int_equal(sd_bar_config_validate(&clean, NULL), SD_OK);
        sd_bar bar;
        assert_int_equal(sd_bar_init(&bar, &c, NULL), rows[i].st);
    }
}

/* Exit until collapsed, through the fused reducer, the default chain, the
 * surface's OFFSET and the batch: a growing bar is held at min(offset, y). */
static void test_exit_until_collapsed(void **s) {
    (void)s;
    const double below_130 = nextafter(-130, -INFINITY);
    const struct { double offset, prev, y, airbar, held; } rows[] = {
        { -100, 500, 400, -200, -100 },        /* compact, scrolled up inside the content: stays */
        { -100, -90, -150, -160, -150 },       /* back at the top: as tall as the content's edge */
        { -100, -100, -130, -130, -130 },      /* next == floor: kept */
        { -100, -100, below_130, below_130, below_130 },
        { -100, -90, -130, -140, -130 },       /* one step further than the edge: held there */
        { -100, -99, -200, -200, -200 },       /* the top: normal, as AirBar */
        { -200, -200, -150, -150, -150 },      /* shrinking: unchanged */
        { -150, 20, 60, -110, -110 },
        { -150, 60, 20, -190, -150 },          /* growing mid-content: held */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        for (int policy = 0; policy <= 1; policy++) {
            sd_bar_config c = with_policy(policy ? SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED : 0);
            const double want = policy ? rows[i].held : rows[i].airbar;
            sd_bar_state st = { rows[i].offset, 0u, 0u };
            assert_int_equal(sd_bar_reduce(&c, &GEO, &st, rows[i].prev, rows[i].y), SD_OK);
            if (!same_bits(st.offset, want)) fail_msg("row %zu policy %d: fused %.17g", i, policy, st.offset);
            sd_bar_state chained = { rows[i].offset, 0u, 0u };
            assert_int_equal(sd_bar_reduce_chain(sd_bar_default_transformers, 3, &c, &GEO, &chained, rows[i].prev,
                                                 rows[i].y),
                             SD_OK);
            if (!same_bits(chained.offset, want)) fail_msg("row %zu policy %d: chain %.17g", i, policy, chained.offset);
            /* The surface and the batch give the same bits. */
            sd_bar bar;
            assert_int_equal(sd_bar_init(&bar, &c, NULL), SD_OK);
            sd_bar_state assigned = { rows[i].offset, 0u, 0u };
            step_ok(&bar, sd_bar_event_assign(0, assigned));
            sd_bar batch = bar;
            step_ok(&bar, sd_bar_event_offset(0, 0, rows[i].prev, GEO));
            sd_bar_actions a = step_ok(&bar, sd_bar_event_offset(0, 0, rows[i].y, GEO));
            assert_int_equal(a.flags, SD_BAR_ACTION_STATE);
            if (!same_bits(bar.state.offset, want)) fail_msg("row %zu policy %d: step %.17g", i, policy, bar.state.offset);
            const double ys[2] = { rows[i].prev, rows[i].y };
            double heights[2];
            assert_int_equal(sd_bar_reduce_batch(&batch, &GEO, ys, 2, heights, NULL, NULL), SD_OK);
            if (!same_bits(heights[1], -want)) fail_msg("row %zu policy %d: batch %.17g", i, policy, heights[1]);
        }
    }
}

/* A whole scroll: down into the content, back up, to the top. The bar stays
 * compact until the content's top edge reaches it, then grows with it. */
static void test_exit_until_collapsed_scroll(void **s) {
    (void)s;
    const double ys[] = { -200, -150, 0, 300, 800, 400, 50, -60, -100, -101, -140, -200 };
    const double airbar[] = { 200, 150, 100, 100, 100, 200, 200, 200, 200, 200, 200, 200 };
    const double held[] = { 200, 150, 100, 100, 100, 100, 100, 100, 100, 101, 140, 200 };
    const size_t n = sizeof ys / sizeof ys[0];
    for (int policy = 0; policy <= 1; policy++) {
        sd_bar bar = bar_with(policy ? SD_BAR_POLICY_EXIT_UNTIL_COLLAPSED : 0);
        double heights[sizeof ys / sizeof ys[0]];
        sd_bar batch = bar;
        assert_int_equal(sd_bar_reduce_batch(&batch, &GEO, ys, n, heights, NULL, NULL), SD_OK);
        for (size_t i = 0; i < n; i++) {
            step_ok(&bar, sd_bar_event_offset(0, 0, ys[i], GEO));
            const double want = policy ? held[i] : airbar[i];
            if (!same_bits(-bar.state.offset, want)) fail_msg("policy %d y %g: %.17g", policy, ys[i], -bar.state.offset);
            if (!same_bits(heights[i], want)) fail_msg("policy %d y %g: batch %.17g", policy, ys[i], heights[i]);
        }
    }
}

/* PAN_ENDED's snap: nearest (AirBar), by direction, or none. */
static void test_snap_policies(void **s) {
    (void)s;
    const uint32_t D = SD_BAR_POLICY_SNAP_DIRECTION, N = SD_BAR_POLICY_NO_SNAP;
    const double just_down = nextafter(100, INFINITY), just_up = nextafter(100, -INFINITY);
    const struct { uint32_t policy; double offset, pan_y, y, target; } rows[] = {
        /* offset -150: a tie between compact and normal; AirBar takes compact. */
        { 0, -150, 100, 150, 200 },
        { 0, -150, 200, 150, 200 },
        { D, -150, 100, 150, 200 },       /* content moved down: collapse */
        { D, -150, 200, 150, 100 },       /* content moved up: normal */
        { D, -150, 150, 150, 200 },       /* unmoved: nearest */
        { D, -120, 100, just_down, just_down + 20 },
        { D, -120, 100, just_up, just_up - 80 },
        { 0, -120, 100, just_up, just_up + 20 },
        { D, -250, -260, -240, -190 },    /* expanded range, scrolled down (y grew): normal */
        { D, -250, -200, -240, -290 },    /* expanded range, scrolled up: expanded */
        { D, -200, 0, 50, NAN },          /* at normal, down: the lower end of its range is normal: no move */
        { D, -200, 50, 0, NAN },
        { N, -150, 100, 150, NAN },       /* no snap */
        { N, -120, 100, 150, NAN },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_bar bar = bar_with(rows[i].policy);
        step_ok(&bar, sd_bar_event_pan_began(0, rows[i].pan_y));
        sd_bar_state st = { rows[i].offset, rows[i].offset < -200 ? 1u : 0u, 0u };
        step_ok(&bar, sd_bar_event_assign(0, st));
        sd_bar_actions a = step_ok(&bar, sd_bar_event_pan_ended(0, rows[i].y));
        if (isnan(rows[i].target)) {
            if (a.flags != 0) fail_msg("row %zu: flags %x", i, a.flags);
            continue;
        }
        if (a.flags != (SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED) || !same_bits(a.target_y, rows[i].target))
            fail_msg("row %zu: flags %x target %.17g, expected %.17g", i, a.flags, a.target_y, rows[i].target);
    }
    /* The pure function's three directions. */
    const sd_bar_config c = with_policy(0);
    assert_true(sd_bar_snap_delta_directed(&c, -150, 1) == 50);
    assert_true(sd_bar_snap_delta_directed(&c, -150, -1) == -50);
    assert_true(sd_bar_snap_delta_directed(&c, -150, 0) == sd_bar_snap_delta(&c, -150));
    assert_true(sd_bar_snap_delta_directed(&c, -150, NAN) == sd_bar_snap_delta(&c, -150));
}

/* The expanded state whenever the content is at its top (PAN_CHANGED). */
static void test_expand_at_top(void **s) {
    (void)s;
    const double just_below_top = nextafter(-200, INFINITY);
    const struct { uint32_t policy; double y; uint32_t available; } rows[] = {
        { 0, -200, 0 },                       /* AirBar: only a pan that begins at the top */
        { SD_BAR_POLICY_EXPAND_AT_TOP, -200, 1 },
        { SD_BAR_POLICY_EXPAND_AT_TOP, -250, 1 },
        { SD_BAR_POLICY_EXPAND_AT_TOP, just_below_top, 0 },
        { SD_BAR_POLICY_EXPAND_AT_TOP, 100, 0 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_bar bar = bar_with(rows[i].policy);
        step_ok(&bar, sd_bar_event_pan_began(0, 300)); /* inside the content: not available */
        assert_int_equal(bar.state.expanded_available, 0);
        sd_bar_actions a = step_ok(&bar, sd_bar_event_pan_changed(0.1, rows[i].y));
        if (bar.state.expanded_available != rows[i].available) fail_msg("row %zu: available %u", i, bar.state.expanded_available);
        if (rows[i].available) {
            assert_int_equal(a.flags, SD_BAR_ACTION_STATE | SD_BAR_ACTION_INSET_TOP);
            assert_true(a.inset_top == 300);
            /* Pulled further, the bar stretches past normal. */
            step_ok(&bar, sd_bar_event_offset(0.2, 0, -200, GEO));
            step_ok(&bar, sd_bar_event_offset(0.3, 0, -240, GEO));
            sd_scroll_geometry expanded_inset = GEO;
            expanded_inset.inset_top = 300;
            step_ok(&bar, sd_bar_event_offset(0.4, 0, -260, expanded_inset));
            assert_true(bar.state.offset == -260);
            /* Back into the content: AirBar's rule turns it off again. */
            a = step_ok(&bar, sd_bar_event_pan_changed(0.5, -199));
            assert_int_equal(bar.state.expanded_available, 0);
        } else {
            assert_int_equal(a.flags, 0);
        }
    }
}

/* The large title along the transition (sd_bar_large_title and the frame),
 * heights 44 / 96 / 140 (inline, large, stretch limit): the alphas
 * cross-fade over the upper half of inline...large, at 70 pt. */
static void test_large_title(void **s) {
    (void)s;
    const sd_bar_config c = { 44, 96, 140, SD_BAR_POLICY_LARGE_TITLE, 0, 0 };
    const double mid = -70, above_mid = nextafter(-70, -INFINITY), below_mid = nextafter(-70, 0);
    const struct { double offset, scale, large, inl; } rows[] = {
        { -44, 1, 0, 1 },                       /* inline */
        { below_mid, 1, 0, 1 },                 /* lower half: the large title is gone */
        { mid, 1, 0, 1 },                       /* halfway: exactly gone */
        { -83, 1, 0.5, 0.5 },                   /* three quarters up: half each */
        { -96, 1, 1, 0 },                       /* large */
        { -118, 118.0 / 96.0, 1, 0 },           /* stretched: the title grows with the bar */
        { -140, 140.0 / 96.0, 1, 0 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_bar_title t = sd_bar_large_title(&c, rows[i].offset);
        if (!same_bits(t.scale, rows[i].scale) || !same_bits(t.large_alpha, rows[i].large) ||
            !same_bits(t.inline_alpha, rows[i].inl))
            fail_msg("row %zu: scale %.17g large %.17g inline %.17g", i, t.scale, t.large_alpha, t.inline_alpha);
    }
    /* One ulp above halfway: the large title starts to show. */
    sd_bar_title t = sd_bar_large_title(&c, above_mid);
    assert_true(t.large_alpha > 0 && t.large_alpha < 1e-14 && t.inline_alpha == 1 - t.large_alpha);
    /* The frame carries them, for any policy. */
    sd_bar bar;
    assert_int_equal(sd_bar_init(&bar, &c, NULL), SD_OK);
    sd_bar_state st = { -83, 0u, 0u };
    step_ok(&bar, sd_bar_event_assign(0, st));
    sd_bar_frame f;
    assert_int_equal(sd_bar_frame_at(&bar, 0, &f), SD_OK);
    assert_true(f.title_scale == 1 && f.large_title_alpha == 0.5 && f.inline_title_alpha == 0.5);

    /* Two states: a release in the stretch goes back to large, never to the stretch limit. */
    const struct { uint32_t policy; double offset, pan_y, y, target; } snaps[] = {
        { 0, -130, -96, -100, -110 },                                   /* AirBar's: to expanded (140) */
        { SD_BAR_POLICY_LARGE_TITLE, -130, -96, -100, -66 },            /* large title: to large (96) */
        { SD_BAR_POLICY_LARGE_TITLE | SD_BAR_POLICY_SNAP_DIRECTION, -130, -96, -100, -66 },
        { SD_BAR_POLICY_SNAP_DIRECTION, -130, -96, -100, -110 },
        { SD_BAR_POLICY_LARGE_TITLE, -60, 0, 10, 26 },                 /* nearer inline: inline */
    };
    for (size_t i = 0; i < sizeof snaps / sizeof snaps[0]; i++) {
        sd_bar_config sc = c;
        sc.policy = snaps[i].policy;
        assert_int_equal(sd_bar_init(&bar, &sc, NULL), SD_OK);
        step_ok(&bar, sd_bar_event_pan_began(0, snaps[i].pan_y));
        sd_bar_state at = { snaps[i].offset, snaps[i].offset < -96 ? 1u : 0u, 0u };
        step_ok(&bar, sd_bar_event_assign(0, at));
        sd_bar_actions a = step_ok(&bar, sd_bar_event_pan_ended(0, snaps[i].y));
        if (!(a.flags & SD_BAR_ACTION_SCROLL) || !same_bits(a.target_y, snaps[i].target))
            fail_msg("snap %zu: flags %x target %.17g", i, a.flags, a.target_y);
    }
}

/* Reduced motion: a release's snap and EXPAND carry REDUCED_MOTION with ANIMATED, to the same targets; the frame
 * says so; the drag itself is untouched. Without the policy, no such flag. */
static void test_reduced_motion(void **s) {
    (void)s;
    sd_bar bar = bar_with(SD_BAR_POLICY_REDUCED_MOTION);
    sd_bar plain = bar_with(0);
    const double ys[] = { -200, -160, -130 };
    for (size_t i = 0; i < 3; i++) {
        step_ok(&bar, sd_bar_event_offset(0, 0, ys[i], GEO));
        step_ok(&plain, sd_bar_event_offset(0, 0, ys[i], GEO));
    }
    assert_true(same_bits(bar.state.offset, plain.state.offset) && bar.state.offset == -130);
    sd_bar_actions a = step_ok(&bar, sd_bar_event_pan_ended(0, -130));
    sd_bar_actions b = step_ok(&plain, sd_bar_event_pan_ended(0, -130));
    assert_int_equal(a.flags, SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED | SD_BAR_ACTION_REDUCED_MOTION);
    assert_int_equal(b.flags, SD_BAR_ACTION_SCROLL | SD_BAR_ACTION_ANIMATED);
    assert_true(a.target_y == b.target_y && a.target_y == -100); /* nearer compact: 30 pt on */
    a = step_ok(&bar, sd_bar_event_expand(0, 1));
    assert_true(a.flags & SD_BAR_ACTION_REDUCED_MOTION && a.target_y == -300);
    a = step_ok(&bar, sd_bar_event_expand(0, 0));
    assert_true(a.flags & SD_BAR_ACTION_REDUCED_MOTION && a.target_y == -200);
    assert_false(step_ok(&plain, sd_bar_event_expand(0, 1)).flags & SD_BAR_ACTION_REDUCED_MOTION);
    /* Preconfigure's move is not animated: no flag. */
    a = step_ok(&bar, sd_bar_event_preconfigure(0, 600, 2000, 0));
    assert_false(a.flags & (SD_BAR_ACTION_ANIMATED | SD_BAR_ACTION_REDUCED_MOTION));
    sd_bar_frame f;
    assert_int_equal(sd_bar_frame_at(&bar, 0, &f), SD_OK);
    assert_true(f.reduced_motion == 1 && f.reserved == 0);
    assert_int_equal(sd_bar_frame_at(&plain, 0, &f), SD_OK);
    assert_int_equal(f.reduced_motion, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_policy_validation),
        cmocka_unit_test(test_exit_until_collapsed),
        cmocka_unit_test(test_exit_until_collapsed_scroll),
        cmocka_unit_test(test_snap_policies),
        cmocka_unit_test(test_expand_at_top),
        cmocka_unit_test(test_large_title),
        cmocka_unit_test(test_reduced_motion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
