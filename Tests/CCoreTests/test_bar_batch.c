/*
 * test_bar_batch.c — the batch reducer (sd_bar_reduce_batch) against the
 * per-frame path (one sd_bar_step OFFSET event per offset), bit for bit, over random
 * traces built to hit every branch of the batch's fast loop and of its
 * fall-back: bounce past both edges, jumps that leave the height's binade,
 * long runs at each bound, equal offsets (signed zeros included),
 * non-finite and huge offsets, heights outside the range after the expanded
 * state became unavailable, and degenerate configurations.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scrolldrive.h"

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static uint64_t rng_state;
static uint64_t rng_next(void) {
    rng_state += 0x9E3779B97F4A7C15ull;
    uint64_t z = rng_state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double rng_unit(void) { return (double)(rng_next() >> 11) * 0x1p-53; }
static int rng_below(int n) { return (int)(rng_next() % (uint64_t)n); }

enum { N = 6000 };
static double ys[N], heights[N];

/* A trace that wanders over [top - 300, end + 300] with every kind of step. */
static void make_trace(double top, double end) {
    double y = top + rng_unit() * (end - top);
    for (int i = 0; i < N; i++) {
        switch (rng_below(16)) {
        case 0: y = top - rng_unit() * 300; break;                  /* past the top */
        case 1: y = end + rng_unit() * 300; break;                  /* past the bottom */
        case 2: y = top + rng_unit() * (end - top); break;          /* a jump anywhere */
        case 3: break;                                              /* the same offset */
        case 4: y = rng_below(2) ? 0.0 : -0.0; break;               /* zeros of both signs */
        case 5: ys[i] = rng_below(3) == 0 ? NAN : (rng_below(2) ? INFINITY : -INFINITY); continue;
        case 6: y = (rng_below(2) ? 1 : -1) * 1e300; break;         /* finite but huge */
        case 7: y += (rng_unit() - 0.5) * 1e-9; break;              /* tiny moves */
        case 8: y = top; break;                                     /* exactly on an edge */
        case 9: y = end; break;
        default: y += (rng_unit() - 0.5) * 80; break;               /* ordinary scrolling */
        }
        ys[i] = y;
    }
}

/* Runs the same trace through the batch and frame by frame; fails on the first difference. */
static void compare(const sd_bar *start, const sd_scroll_geometry *g, int trial) {
    sd_bar a = *start, b = *start;
    size_t rejected = 0, expected = 0;
    assert_int_equal(sd_bar_reduce_batch(&b, g, ys, N, heights, &rejected, NULL), SD_OK);
    for (int i = 0; i < N; i++) {
        sd_bar_event e = sd_bar_event_offset(0, 0, ys[i], *g);
        sd_bar_actions actions;
        if (sd_bar_step(&a, &e, &actions, NULL) != SD_OK) expected++;
        if (!same_bits(heights[i], -a.state.offset))
            fail_msg("trial %d, frame %d (y %.17g): batch %.17g, per frame %.17g", trial, i, ys[i], heights[i],
                     -a.state.offset);
    }
    assert_int_equal(rejected, expected);
    if (!same_bits(a.state.offset, b.state.offset)) fail_msg("trial %d: final offset differs", trial);
    if (!same_bits(a.tracking.previous_y, b.tracking.previous_y))
        fail_msg("trial %d: previous y %.17g (batch) vs %.17g", trial, b.tracking.previous_y, a.tracking.previous_y);
    assert_int_equal(a.tracking.has_previous, b.tracking.has_previous);
}

static void test_random_traces_bit_identical(void **s) {
    (void)s;
    static const sd_bar_config configs[] = {
        { 100, 200, 300, 0, 0, 0 },  /* AirBar's example: limit / compact = 3 */
        { 64, 120, 180, 0, 0, 0 },
        { 150, 200, 280, 0, 0, 0 },  /* ratio < 2 */
        { 44, 44, 44, 0, 0, 0 },     /* one height */
        { 0, 200, 300, 0, 0, 0 },    /* compact 0: heights can be zero */
        { 0, 0, 0, 0, 0, 0 },
        { 1e-300, 2e-300, 3e-300, 0, 0, 0 },
        { 3, 1e6, 1e12, 0, 0, 0 },
    };
    rng_state = 20261121;
    int trial = 0;
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
        for (int k = 0; k < 12; k++, trial++) {
            sd_bar bar;
            assert_int_equal(sd_bar_init(&bar, &configs[c], NULL), SD_OK);
            sd_scroll_geometry g = { configs[c].normal, 0, 500 + rng_unit() * 3000, 400 + rng_unit() * 600 };
            if (k % 3 == 1) { g.inset_top = configs[c].expanded; bar.state.expanded_available = 1; }
            if (k % 4 == 2) g.content_height = 10;         /* content shorter than the view: end < top */
            if (k % 5 == 3) { g.inset_top = -1e300; g.content_height = 1e300; } /* a band near overflow */
            if (k % 6 == 4) {
                /* Expanded, then the expanded state turned off: the height starts above the range. */
                bar.state.offset = -configs[c].expanded;
                bar.state.expanded_available = 0;
            }
            if (k % 2 == 0) { bar.tracking.has_previous = 1; bar.tracking.previous_y = k % 4 == 0 ? -0.0 : -g.inset_top; }
            make_trace(-g.inset_top, g.content_height - g.frame_height + g.inset_bottom);
            compare(&bar, &g, trial);
        }
    }
}

/* A long, smooth scroll like the benchmark's: mostly the fast loop. */
static void test_smooth_scrolling_bit_identical(void **s) {
    (void)s;
    static const sd_bar_config config = { 100, 200, 300, 0, 0, 0 };
    sd_scroll_geometry g = { 300, 0, 6000, 800 };
    rng_state = 7;
    double y = -200;
    for (int i = 0; i < N; i++) {
        double phase = (double)(i % 600) / 600.0;
        y += (phase < 0.5 ? 37.5 : -41.25) * (0.2 + rng_unit()) + (rng_unit() - 0.5) * 0.25;
        ys[i] = y;
    }
    sd_bar bar;
    assert_int_equal(sd_bar_init(&bar, &config, NULL), SD_OK);
    bar.state.expanded_available = 1;
    bar.tracking.has_previous = 1;
    bar.tracking.previous_y = -200;
    compare(&bar, &g, -1);
    int compact = 0, expanded = 0, between = 0;
    for (int i = 0; i < N; i++) {
        compact += heights[i] == 100;
        expanded += heights[i] == 300;
        between += heights[i] > 100 && heights[i] < 300;
    }
    assert_true(compact > 100 && expanded > 100 && between > 100);
}

/* Jumps to a bound from far away: AirBar's re-addition
 * offset + (target - offset) then does not always give the bound back (with
 * bounds that are not whole numbers), and the batch must give the per-frame
 * path's rounding, not the bound. */
static void test_inexact_readdition_matches(void **s) {
    (void)s;
    static const sd_bar_config config = { 0.3, 50.7, 180.9, 0, 0, 0 };
    sd_scroll_geometry g = { 180.9, 0, 6000, 800 };
    sd_bar bar;
    assert_int_equal(sd_bar_init(&bar, &config, NULL), SD_OK);
    bar.state.expanded_available = 1;
    bar.tracking.has_previous = 1;
    bar.tracking.previous_y = 1000;
    rng_state = 99;
    double y = 1000;
    for (int i = 0; i < N; i++) {
        int phase = i % 8;
        if (phase == 0) y += 400;                          /* to compact */
        else if (phase == 4) y -= 400;                     /* to expanded */
        else y += (phase < 4 ? -1 : 1) * rng_unit() * 30;  /* part of the way back */
        ys[i] = y;
    }
    compare(&bar, &g, -2);
    /* The trace does hit inexact re-additions (else this test proves
     * nothing): jumps whose result is the bound only thanks to the clamp, or
     * is not the bound at all. */
    int inexact = 0;
    for (int i = 1; i < N; i++) {
        double h = heights[i - 1], t = heights[i];
        int jump = i % 8 == 0 || i % 8 == 4;
        if (jump && h != t && (t == config.compact || t == config.expanded)) inexact += !same_bits(h - (h - t), t);
        if (jump && h != t && t != config.compact && t != config.expanded) inexact++;
    }
    assert_true(inexact > 10);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_traces_bit_identical),
        cmocka_unit_test(test_smooth_scrolling_bit_identical),
        cmocka_unit_test(test_inexact_readdition_matches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
