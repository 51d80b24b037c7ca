/* test_pulldown_values.c — cmocka tests of the pull-down panel: the per-offset values against the golden tables (CCore/pulldown_values.c). */
#include "pulldown_test.h"


/* ------------------------------------------------------------------------ */
/* Per-offset functions against the golden tables                            */
/* ------------------------------------------------------------------------ */

static void test_stages_golden(void **s) {
    (void)s;
    static golden_table t;
    const char *file = "pulldown_stages.tsv";
    load(file, &t);
    int article_rows = 0;
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        assert_int_equal(r->ncols, 18);
        sd_pulldown_config c = r->v[0] == 0 ? sd_pulldown_config_article() : sd_pulldown_config_wechat();
        article_rows += r->v[0] == 0;
        sd_pulldown_indicator ind;
        sd_pulldown_reveal rev;
        assert_int_equal(sd_pulldown_indicator_at(&c, r->v[1], &ind), SD_OK);
        assert_int_equal(sd_pulldown_reveal_at(&c, r->v[1], &rev), SD_OK);
        const double got[] = { ind.alpha,        ind.height,       ind.left.alpha,  ind.left.scale,
                               ind.left.x,       ind.centre.alpha, ind.centre.scale, ind.centre.x,
                               ind.right.alpha,  ind.right.scale,  ind.right.x,     rev.container_alpha,
                               rev.panel_alpha,  rev.panel_scale_x, rev.panel_scale_y, rev.mask_alpha };
        const char *names[] = { "indicator alpha", "indicator height", "left alpha",  "left scale",
                                "left x",          "centre alpha",     "centre scale", "centre x",
                                "right alpha",     "right scale",      "right x",     "container alpha",
                                "panel alpha",     "panel scale x",    "panel scale y", "mask alpha" };
        for (int k = 0; k < 16; k++) CHECK_GOLDEN(file, r, names[k], got[k], r->v[2 + k]);
    }
    /* The ten worked offsets 0, 59, 60, 75, 90, 110, 130, 185, 240, 300 (plus a negative one). */
    assert_int_equal(article_rows, 11);
}

static void test_indicator_edges(void **s) {
    (void)s;
    sd_pulldown_indicator ind;
    /* Just past cp1 the side balls appear at once (alpha 1), with almost no spread. */
    assert_int_equal(sd_pulldown_indicator_at(&CFG, nextafter(90, 100), &ind), SD_OK);
    assert_true(ind.left.alpha == 1 && ind.right.alpha == 1);
    assert_true(ind.left.x < 0 && ind.left.x > -1e-12 && ind.right.x > 0);
    assert_true(ind.centre.scale < 2 && ind.centre.scale > 2 - 1e-12);
    /* Just past cp3 the whole indicator hides. */
    assert_int_equal(sd_pulldown_indicator_at(&CFG, nextafter(240, 300), &ind), SD_OK);
    assert_true(ind.alpha == 0 && ind.centre.alpha == 0 && ind.centre.scale == 0 && ind.left.x == 0);
    /* No spread configured: no negative zero for the left ball. */
    sd_pulldown_config c = CFG;
    c.ball_spread = 0;
    assert_int_equal(sd_pulldown_indicator_at(&c, 110, &ind), SD_OK);
    assert_true(same_bits(ind.left.x, 0.0) && same_bits(ind.right.x, 0.0));
    /* Non-finite input is rejected and nothing written. */
    sd_pulldown_indicator before;
    memset(&ind, 0x77, sizeof ind);
    before = ind;
    assert_int_equal(sd_pulldown_indicator_at(&CFG, NAN, &ind), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_pulldown_indicator_at(&CFG, INFINITY, &ind), SD_ERR_NOT_FINITE);
    assert_memory_equal(&ind, &before, sizeof ind);
    assert_int_equal(sd_pulldown_indicator_at(NULL, 1, &ind), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_indicator_at(&CFG, 1, NULL), SD_ERR_NULL);
    double dist = -1;
    assert_int_equal(sd_pulldown_pull_distance(&CFG, yof(185), &dist), SD_OK);
    assert_true(dist == 185);
    assert_int_equal(sd_pulldown_pull_distance(&CFG, -64, &dist), SD_OK);
    assert_true(same_bits(dist, 0.0));
    assert_int_equal(sd_pulldown_pull_distance(&CFG, 300, &dist), SD_OK);
    assert_true(same_bits(dist, 0.0));
    assert_int_equal(sd_pulldown_pull_distance(&CFG, NAN, &dist), SD_ERR_NOT_FINITE);
    assert_true(same_bits(dist, 0.0));
}

static void test_reveal_spot_values(void **s) {
    (void)s;
    sd_pulldown_reveal r;
    /* The WeChat article's numbers at 185: alpha 0.15, scale (0.65, 0.45), mask 0.15. */
    assert_int_equal(sd_pulldown_reveal_at(&CFG, 185, &r), SD_OK);
    assert_true(r.panel_alpha == 0.15 && r.panel_scale_x == 0.65 && r.panel_scale_y == 0.45 && r.mask_alpha == 0.15);
    assert_true(r.container_alpha == 1);
    /* Held past cp3. */
    sd_pulldown_reveal far;
    assert_int_equal(sd_pulldown_reveal_at(&CFG, 5000, &far), SD_OK);
    assert_true(far.panel_alpha == 0.3 && far.panel_scale_x == 0.7 && far.panel_scale_y == 0.5 && far.mask_alpha == 0.3);
    /* Hidden up to and including cp2. */
    assert_int_equal(sd_pulldown_reveal_at(&CFG, 130, &r), SD_OK);
    assert_true(r.container_alpha == 0 && r.panel_alpha == 0 && r.mask_alpha == 0);
    assert_int_equal(sd_pulldown_reveal_at(&CFG, -INFINITY, &r), SD_ERR_NOT_FINITE);
    assert_true(r.container_alpha == 0 && r.panel_scale_x == 0.6);
}

static void test_nav_colour_golden(void **s) {
    (void)s;
    static golden_table t;
    const char *file = "pulldown_nav.tsv";
    load(file, &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_pulldown_config c = r->v[0] == 0 ? sd_pulldown_config_article() : sd_pulldown_config_wechat();
        sd_pulldown_rgb rgb;
        assert_int_equal(sd_pulldown_nav_colour(&c, r->v[1], &rgb), SD_OK);
        CHECK_GOLDEN(file, r, "red", rgb.red, r->v[2]);
        CHECK_GOLDEN(file, r, "green", rgb.green, r->v[3]);
        CHECK_GOLDEN(file, r, "blue", rgb.blue, r->v[4]);
    }
    /* #F6F6F6 at cp2 / 2 = 65, as 8-bit channels. */
    sd_pulldown_rgb rgb;
    assert_int_equal(sd_pulldown_nav_colour(&CFG, CFG.cp2 / 2, &rgb), SD_OK);
    assert_int_equal(sd_pulldown_channel_u8(rgb.red), 0xF6);
    assert_int_equal(sd_pulldown_channel_u8(rgb.green), 0xF6);
    assert_int_equal(sd_pulldown_channel_u8(rgb.blue), 0xF6);
    assert_int_equal(sd_pulldown_channel_u8(250.5), 251);
    assert_int_equal(sd_pulldown_channel_u8(250.49), 250);
    assert_int_equal(sd_pulldown_channel_u8(-3), 0);
    assert_int_equal(sd_pulldown_channel_u8(300), 255);
    assert_int_equal(sd_pulldown_channel_u8(NAN), 0);
    assert_int_equal(sd_pulldown_channel_u8(237), 0xED);
    assert_int_equal(sd_pulldown_nav_colour(&CFG, NAN, &rgb), SD_ERR_NOT_FINITE);
}

static void test_mirror_golden(void **s) {
    (void)s;
    static golden_table t;
    const char *file = "pulldown_mirror.tsv";
    load(file, &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_pulldown_mirror m;
        assert_int_equal(sd_pulldown_mirror_at(&CFG, r->v[0], &m), SD_OK);
        CHECK_GOLDEN(file, r, "progress", m.progress, r->v[1]);
        CHECK_GOLDEN(file, r, "mask", m.mask_alpha, r->v[2]);
        CHECK_GOLDEN(file, r, "panel alpha", m.panel_alpha, r->v[3]);
        CHECK_GOLDEN(file, r, "panel y", m.panel_y, r->v[4]);
        CHECK_GOLDEN(file, r, "list offset", m.list_offset, r->v[5]);
    }
    sd_pulldown_mirror m;
    assert_int_equal(sd_pulldown_mirror_at(&CFG, INFINITY, &m), SD_ERR_NOT_FINITE);
}

static void test_return_golden(void **s) {
    (void)s;
    static golden_table t;
    const char *file = "pulldown_return.tsv";
    load(file, &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        double elapsed = CFG.return_duration * r->v[1];
        double got;
        assert_int_equal(sd_pulldown_return_offset(&CFG, r->v[0], elapsed, &got), SD_OK);
        if (r->v[3] == 0) {
            CHECK_GOLDEN(file, r, "offset", got, r->v[2]);
        } else if (fabs(got - r->v[2]) > r->v[3]) {
            fail_msg("%s line %d (%s): offset %.17g, expected %.17g within %g", file, r->line, r->label, got,
                     r->v[2], r->v[3]);
        }
    }
}

static void test_return_curve_properties(void **s) {
    (void)s;
    const double from = 400, total = CFG.return_duration;
    const double split = CFG.return_duration * CFG.return_split_time;
    double v;
    /* At 30% of 1.5 s exactly half the distance is covered. */
    assert_int_equal(sd_pulldown_return_offset(&CFG, from, split, &v), SD_OK);
    assert_true(v == 200);
    /* Either side of the split the two pieces meet: continuous there. */
    double before, after;
    sd_pulldown_return_offset(&CFG, from, nextafter(split, 0), &before);
    sd_pulldown_return_offset(&CFG, from, nextafter(split, 1), &after);
    assert_true(before >= 200 && before - 200 < 1e-9 && after <= 200 && 200 - after < 1e-9);
    /* Monotone and continuous: dense samples never rise and never jump more
     * than the fast slope (from * 0.5 / split per second) allows. */
    const double dt = 1e-4, slope = from * 0.5 / split;
    double prev = from;
    for (int i = 0; i <= 16000; i++) {
        double t = i * dt;
        assert_int_equal(sd_pulldown_return_offset(&CFG, from, t, &v), SD_OK);
        if (v > prev) fail_msg("not monotone at t=%.17g: %.17g after %.17g", t, v, prev);
        if (prev - v > slope * dt * (1 + 1e-9)) fail_msg("jump at t=%.17g: %.17g -> %.17g", t, prev, v);
        assert_true(v >= 0);
        prev = v;
    }
    assert_true(prev == 0);
    /* The slow part really is slower: half the distance takes 70% of the time. */
    assert_int_equal(sd_pulldown_return_offset(&CFG, from, split + 0.5 * (total - split), &v), SD_OK);
    assert_true(fabs(v - 100) < 1e-9);
    /* 60 Hz and 120 Hz sample the same curve: equal at common instants. */
    for (int k = 0; k <= 90; k++) {
        double a, b;
        sd_pulldown_return_offset(&CFG, from, k / 60.0, &a);
        sd_pulldown_return_offset(&CFG, from, (2 * k) / 120.0, &b);
        assert_true(same_bits(a, b));
    }
    /* The timer the article means lands on the curve at every 10 ms tick: 45 fast steps of
     * from*0.5/45 (its 1.5*0.3/0.01 ticks), then slow ones of from*0.5/105 (its 1.5*0.7/0.01).
     * What its code really does differs; test_return_article_timer has that. */
    double intended = from;
    for (int n = 1; n <= 150; n++) {
        intended -= n <= 45 ? from * 0.5 / 45 : from * 0.5 / 105;
        assert_int_equal(sd_pulldown_return_offset(&CFG, from, n * 0.01, &v), SD_OK);
        if (fabs(v - intended) > 1e-9) fail_msg("tick %d: curve %.17g, intended timer %.17g", n, v, intended);
    }
    /* Batch equals single; non-finite times count as 0. */
    double times[] = { -1, 0, 0.1, split, 0.9, 1.5, 3, NAN, INFINITY };
    double out[9];
    size_t rejected = 0;
    assert_int_equal(sd_pulldown_return_offset_batch(&CFG, from, times, 9, out, &rejected, NULL), SD_OK);
    assert_int_equal(rejected, 2);
    for (int i = 0; i < 7; i++) {
        sd_pulldown_return_offset(&CFG, from, times[i], &v);
        assert_true(same_bits(out[i], v));
    }
    assert_true(out[7] == from && out[8] == from);
    assert_int_equal(sd_pulldown_return_offset_batch(&CFG, NAN, times, 9, out, NULL, NULL), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_pulldown_return_offset_batch(&CFG, from, NULL, 9, out, NULL, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_return_offset_batch(&CFG, from, times, 9, NULL, NULL, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_return_offset_batch(&CFG, from, NULL, 0, NULL, NULL, NULL), SD_OK);
    v = 7;
    assert_int_equal(sd_pulldown_return_offset(&CFG, NAN, 0.1, &v), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_pulldown_return_offset(&CFG, from, NAN, &v), SD_ERR_NOT_FINITE);
    assert_true(v == 7);
}

/*
 * The article's return timer ("iOS 玩转微信——下拉小程序", _startTimer and
 * _timerValueChanged:) exactly as its code runs with 64-bit CGFloat: the
 * interval is the float literal .01f widened to a double, the step counts are
 * 1.5*0.3/interval and 1.5*0.7/interval (45.000001..., 105.000002...), and a
 * tick is fast while timerCount <= 1.5*0.3/0.01, which is 44.999999999999993
 * in doubles: 44 fast ticks, not 45. So from 400 it is still 2.5397 pt from
 * the top at tick 150 (1.5 s), where sd_pulldown_return_offset is at 0, and
 * reaches 0 only at tick 152. The curve keeps the intended 45 / 105 split.
 */
static void test_return_article_timer(void **state) {
    (void)state;
    const double from = 400;
    const double interval = .01f;
    const double fast = from * 0.5 / (1.5 * 0.3 / interval), slow = from * 0.5 / (1.5 * 0.7 / interval);
    double offset = from, at_150 = -1, v;
    long tick = 0, fast_ticks = 0;
    while (offset > 0) {
        tick++;
        if (tick <= 1.5 * 0.3 / 0.01) {
            offset -= fast;
            fast_ticks++;
        } else {
            offset -= slow;
        }
        if (tick == 150) at_150 = offset;
    }
    assert_true(1.5 * 0.3 / 0.01 == 0x1.67fffffffffffp+5); /* 44.999999999999993 */
    assert_int_equal(fast_ticks, 44);
    assert_int_equal(tick, 152);
    assert_true(same_bits(at_150, 0x1.45149bcb2c926p+1)); /* 2.5396914236126973 */
    assert_int_equal(sd_pulldown_return_offset(&CFG, from, 1.5, &v), SD_OK);
    assert_true(v == 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_stages_golden, setup),
        cmocka_unit_test_setup(test_indicator_edges, setup),
        cmocka_unit_test_setup(test_reveal_spot_values, setup),
        cmocka_unit_test_setup(test_nav_colour_golden, setup),
        cmocka_unit_test_setup(test_mirror_golden, setup),
        cmocka_unit_test_setup(test_return_golden, setup),
        cmocka_unit_test_setup(test_return_curve_properties, setup),
        cmocka_unit_test_setup(test_return_article_timer, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
