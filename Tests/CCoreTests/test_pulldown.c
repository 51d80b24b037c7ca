/* test_pulldown.c — cmocka tests of the pull-down panel (CCore/pulldown.c). */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scrolldrive.h"
#include "golden.h"

#define H 736.0
#define TOP 64.0
#define TAB 49.0
#define OPEN_NAV (H - TOP)

#define BIT(k) SD_PULLDOWN_TRANSITION_BIT(SD_PULLDOWN_TRANSITION_##k)

static sd_pulldown_config CFG;

static int setup(void **s) {
    (void)s;
    CFG = sd_pulldown_config_article();
    return 0;
}

/* Bit-for-bit equality, so that -0.0 vs 0.0 and last-bit differences show. */
static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static void load(const char *name, golden_table *t) {
    assert_int_equal(golden_load(name, t), 0);
    assert_true(t->nrows > 0);
}

#define CHECK_GOLDEN(file, row, what, got, want)                                                                 \
    do {                                                                                                         \
        if (!same_bits((got), (want)))                                                                           \
            fail_msg("%s line %d (%s): %s %.17g, expected %.17g", (file), (row)->line, (row)->label, (what),     \
                     (got), (want));                                                                             \
    } while (0)

/* Content offset of the chat list at pull distance d. */
static double yof(double d) { return -(TOP + d); }

/* ------------------------------------------------------------------------ */
/* Configuration                                                             */
/* ------------------------------------------------------------------------ */

static void test_presets(void **s) {
    (void)s;
    sd_pulldown_config a = sd_pulldown_config_article(), w = sd_pulldown_config_wechat(),
                       d = sd_pulldown_config_default();
    assert_memory_equal(&a, &d, sizeof a);
    assert_true(a.cp0 == 60 && a.cp1 == 90 && a.cp2 == 130 && a.cp3 == 240);
    assert_true(w.cp0 == 80 && w.cp1 == 130 && w.cp2 == 160 && w.cp3 == 240);
    assert_true(a.screen_height == 736 && a.top_bar_height == 64 && a.tab_bar_height == 49);
    assert_true(a.transition_duration == 0.35 && a.close_duration == 0.4 && a.return_duration == 1.5);
    assert_true(a.return_split_time == 0.3 && a.return_split_distance == 0.5);
    assert_true(a.ball_spread == 16 && a.ball_max_scale == 2 && a.min_indicator_height == 6);
    assert_true(a.reveal_panel_alpha == 0.3 && a.reveal_mask_alpha == 0.3 && a.open_mask_alpha == 0.6);
    assert_true(a.panel_scale_x == 0.6 && a.panel_scale_y == 0.4 && a.panel_scale_gain == 0.1);
    assert_true(a.search_bar_height == 57 && a.close_drag_distance == 135 && a.panel_content_screens == 20);
    assert_true(a.list_colour.red == 0xED && a.list_colour.green == 0xED && a.list_colour.blue == 0xED);
    assert_true(a.open_colour.red == 0xFF && a.open_colour.green == 0xFF && a.open_colour.blue == 0xFF);
    /* The two presets differ only in the critical points. */
    w.cp0 = a.cp0;
    w.cp1 = a.cp1;
    w.cp2 = a.cp2;
    assert_memory_equal(&a, &w, sizeof a);
    sd_error err;
    assert_int_equal(sd_pulldown_config_validate(&a, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    assert_string_equal(err.field, "");
    w = sd_pulldown_config_wechat();
    assert_int_equal(sd_pulldown_config_validate(&w, NULL), SD_OK);
    /* A notched phone is a valid configuration too. */
    a.screen_height = 812;
    a.top_bar_height = 88;
    a.tab_bar_height = 83;
    assert_int_equal(sd_pulldown_config_validate(&a, NULL), SD_OK);
}

typedef struct bad_config {
    int line;
    void (*mutate)(sd_pulldown_config *);
    sd_status status;
    const char *field;
} bad_config;

#define MUT(name, body) \
    static void name(sd_pulldown_config *c) { body; }
MUT(m_cp0_nan, c->cp0 = NAN)
MUT(m_cp3_inf, c->cp3 = INFINITY)
MUT(m_h_nan, c->screen_height = NAN)
MUT(m_ret_inf, c->return_duration = -INFINITY)
MUT(m_blue_nan, c->open_colour.blue = NAN)
MUT(m_cp0_neg, c->cp0 = -1)
MUT(m_h_zero, c->screen_height = 0)
MUT(m_top_neg, c->top_bar_height = -64)
MUT(m_tab_neg, c->tab_bar_height = -0.5)
MUT(m_trans_zero, c->transition_duration = 0)
MUT(m_close_neg, c->close_duration = -0.4)
MUT(m_spread_neg, c->ball_spread = -16)
MUT(m_scale_neg, c->ball_max_scale = -2)
MUT(m_minh_neg, c->min_indicator_height = -6)
MUT(m_sx_neg, c->panel_scale_x = -0.6)
MUT(m_gain_neg, c->panel_scale_gain = -0.1)
MUT(m_sb_neg, c->search_bar_height = -57)
MUT(m_close_dist_neg, c->close_drag_distance = -135)
MUT(m_cp1_eq_cp0, c->cp1 = 60)
MUT(m_cp2_lt_cp1, c->cp2 = 80)
MUT(m_cp3_eq_cp2, c->cp3 = 130)
MUT(m_h_le_cp3, c->screen_height = 240)
MUT(m_top_ge_h, c->top_bar_height = 736)
MUT(m_tab_gt_h, c->tab_bar_height = 737)
MUT(m_split_zero, c->return_split_time = 0)
MUT(m_split_one, c->return_split_distance = 1)
MUT(m_alpha_big, c->reveal_panel_alpha = 1.5)
MUT(m_mask_neg, c->open_mask_alpha = -0.1)
MUT(m_red_big, c->list_colour.red = 256)
MUT(m_green_neg, c->open_colour.green = -1)
MUT(m_h_huge, c->screen_height = DBL_MAX)
MUT(m_h_past_max, c->screen_height = 1.0000000000000002e6)
MUT(m_ball_scale_huge, c->ball_max_scale = 1.0000000000000002e6)
MUT(m_sx_huge, c->panel_scale_x = DBL_MAX)
MUT(m_sy_huge, c->panel_scale_y = 1e7)
MUT(m_gain_huge, c->panel_scale_gain = DBL_MAX)
MUT(m_screens_huge, c->panel_content_screens = 1e300)

static void test_config_invalid(void **s) {
    (void)s;
    const bad_config rows[] = {
        { __LINE__, m_cp0_nan, SD_ERR_NOT_FINITE, "cp0" },
        { __LINE__, m_cp3_inf, SD_ERR_NOT_FINITE, "cp3" },
        { __LINE__, m_h_nan, SD_ERR_NOT_FINITE, "screen_height" },
        { __LINE__, m_ret_inf, SD_ERR_NOT_FINITE, "return_duration" },
        { __LINE__, m_blue_nan, SD_ERR_NOT_FINITE, "open_colour.blue" },
        { __LINE__, m_cp0_neg, SD_ERR_NEGATIVE, "cp0" },
        { __LINE__, m_h_zero, SD_ERR_NEGATIVE, "screen_height" },
        { __LINE__, m_top_neg, SD_ERR_NEGATIVE, "top_bar_height" },
        { __LINE__, m_tab_neg, SD_ERR_NEGATIVE, "tab_bar_height" },
        { __LINE__, m_trans_zero, SD_ERR_NEGATIVE, "transition_duration" },
        { __LINE__, m_close_neg, SD_ERR_NEGATIVE, "close_duration" },
        { __LINE__, m_spread_neg, SD_ERR_NEGATIVE, "ball_spread" },
        { __LINE__, m_scale_neg, SD_ERR_NEGATIVE, "ball_max_scale" },
        { __LINE__, m_minh_neg, SD_ERR_NEGATIVE, "min_indicator_height" },
        { __LINE__, m_sx_neg, SD_ERR_NEGATIVE, "panel_scale_x" },
        { __LINE__, m_gain_neg, SD_ERR_NEGATIVE, "panel_scale_gain" },
        { __LINE__, m_sb_neg, SD_ERR_NEGATIVE, "search_bar_height" },
        { __LINE__, m_close_dist_neg, SD_ERR_NEGATIVE, "close_drag_distance" },
        { __LINE__, m_cp1_eq_cp0, SD_ERR_ORDER, "cp1" },
        { __LINE__, m_cp2_lt_cp1, SD_ERR_ORDER, "cp2" },
        { __LINE__, m_cp3_eq_cp2, SD_ERR_ORDER, "cp3" },
        { __LINE__, m_h_le_cp3, SD_ERR_ORDER, "screen_height" },
        { __LINE__, m_top_ge_h, SD_ERR_ORDER, "top_bar_height" },
        { __LINE__, m_tab_gt_h, SD_ERR_ORDER, "tab_bar_height" },
        { __LINE__, m_split_zero, SD_ERR_RANGE, "return_split_time" },
        { __LINE__, m_split_one, SD_ERR_RANGE, "return_split_distance" },
        { __LINE__, m_alpha_big, SD_ERR_RANGE, "reveal_panel_alpha" },
        { __LINE__, m_mask_neg, SD_ERR_RANGE, "open_mask_alpha" },
        { __LINE__, m_red_big, SD_ERR_RANGE, "list_colour.red" },
        { __LINE__, m_green_neg, SD_ERR_RANGE, "open_colour.green" },
        { __LINE__, m_h_huge, SD_ERR_RANGE, "screen_height" },
        { __LINE__, m_h_past_max, SD_ERR_RANGE, "screen_height" },
        { __LINE__, m_ball_scale_huge, SD_ERR_RANGE, "ball_max_scale" },
        { __LINE__, m_sx_huge, SD_ERR_RANGE, "panel_scale_x" },
        { __LINE__, m_sy_huge, SD_ERR_RANGE, "panel_scale_y" },
        { __LINE__, m_gain_huge, SD_ERR_RANGE, "panel_scale_gain" },
        { __LINE__, m_screens_huge, SD_ERR_RANGE, "panel_content_screens" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_pulldown_config c = sd_pulldown_config_article();
        rows[i].mutate(&c);
        sd_error err;
        sd_status st = sd_pulldown_config_validate(&c, &err);
        if (st != rows[i].status || err.status != rows[i].status || strcmp(err.field, rows[i].field) != 0)
            fail_msg("row at line %d: status %d field %s, expected %d %s", rows[i].line, st, err.field,
                     rows[i].status, rows[i].field);
        assert_true(strlen(err.rule) > 0);
        assert_int_equal(sd_pulldown_config_validate(&c, NULL), rows[i].status);
        /* init rejects it too and leaves the panel untouched */
        sd_pulldown p;
        memset(&p, 0x5A, sizeof p);
        sd_pulldown before = p;
        assert_int_equal(sd_pulldown_init(&p, &c, NULL), rows[i].status);
        assert_memory_equal(&p, &before, sizeof p);
    }
    sd_error err;
    assert_int_equal(sd_pulldown_config_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
    assert_int_equal(sd_pulldown_init(NULL, &CFG, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "pulldown");
}

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
    /* The ten offsets 0, 59, 60, 75, 90, 110, 130, 185, 240, 300 (plus a negative one). */
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
    /* The numbers at 185: alpha 0.15, scale (0.65, 0.45), mask 0.15. */
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
    /* The seed's 10 ms timer lands on the curve: fast steps of from*0.5/45, then slow ones of from*0.5/105. */
    double seed = from;
    for (int n = 1; n <= 150; n++) {
        seed -= n <= 45 ? from * 0.5 / 45 : from * 0.5 / 105;
        assert_int_equal(sd_pulldown_return_offset(&CFG, from, n * 0.01, &v), SD_OK);
        if (fabs(v - seed) > 1e-9) fail_msg("tick %d: curve %.17g, seed timer %.17g", n, v, seed);
    }
    /* Batch equals single; non-finite times count as 0. */
    double times[] = { -1, 0, 0.1, split, 0.9, 1.5, 3, NAN, INFINITY };
    double out[9];
    size_t rejected = 0;
    assert_int_equal(sd_pulldown_return_offset_batch(&CFG, from, times, 9, out, &rejected), SD_OK);
    assert_int_equal(rejected, 2);
    for (int i = 0; i < 7; i++) {
        sd_pulldown_return_offset(&CFG, from, times[i], &v);
        assert_true(same_bits(out[i], v));
    }
    assert_true(out[7] == from && out[8] == from);
    assert_int_equal(sd_pulldown_return_offset_batch(&CFG, NAN, times, 9, out, NULL), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_pulldown_return_offset_batch(&CFG, from, NULL, 9, out, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_return_offset_batch(&CFG, from, times, 9, NULL, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_return_offset_batch(&CFG, from, NULL, 0, NULL, NULL), SD_OK);
    v = 7;
    assert_int_equal(sd_pulldown_return_offset(&CFG, NAN, 0.1, &v), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_pulldown_return_offset(&CFG, from, NAN, &v), SD_ERR_NOT_FINITE);
    assert_true(v == 7);
}

/* A random walk of inputs with non-finite values mixed in. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static double rnd(double lo, double hi) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return lo + (hi - lo) * ((double)(rng_state >> 11) / 9007199254740992.0);
}

enum { NB = 4099 };
static double in_[NB];
static double o_[16][NB];

static void fill_inputs(void) {
    for (int i = 0; i < NB; i++) {
        in_[i] = rnd(-100, 1000);
        if (i % 97 == 3) in_[i] = NAN;
        if (i % 211 == 5) in_[i] = -INFINITY;
        if (i % 13 == 0) in_[i] = (double)(i % 300); /* whole numbers hit the stage boundaries */
    }
}

static void test_batches_match_single(void **s) {
    (void)s;
    fill_inputs();
    size_t expected_bad = 0;
    for (int i = 0; i < NB; i++) expected_bad += !isfinite(in_[i]);
    size_t rejected = 0;

    sd_pulldown_indicator_arrays ia = { o_[0], o_[1], o_[2], o_[3], o_[4], o_[5], o_[6], o_[7], o_[8], o_[9], o_[10] };
    assert_int_equal(sd_pulldown_indicator_batch(&CFG, in_, NB, &ia, &rejected), SD_OK);
    assert_int_equal(rejected, expected_bad);
    for (int i = 0; i < NB; i++) {
        sd_pulldown_indicator e;
        sd_pulldown_indicator_at(&CFG, isfinite(in_[i]) ? in_[i] : 0, &e);
        const double want[] = { e.alpha,        e.height,       e.left.alpha,  e.left.scale,
                                e.left.x,       e.centre.alpha, e.centre.scale, e.centre.x,
                                e.right.alpha,  e.right.scale,  e.right.x };
        for (int k = 0; k < 11; k++)
            if (!same_bits(o_[k][i], want[k])) fail_msg("indicator field %d at %.17g", k, in_[i]);
    }

    sd_pulldown_reveal_arrays ra = { o_[0], o_[1], o_[2], o_[3], o_[4] };
    assert_int_equal(sd_pulldown_reveal_batch(&CFG, in_, NB, &ra, &rejected), SD_OK);
    assert_int_equal(rejected, expected_bad);
    for (int i = 0; i < NB; i++) {
        sd_pulldown_reveal e;
        sd_pulldown_reveal_at(&CFG, isfinite(in_[i]) ? in_[i] : 0, &e);
        const double want[] = { e.container_alpha, e.panel_alpha, e.panel_scale_x, e.panel_scale_y, e.mask_alpha };
        for (int k = 0; k < 5; k++)
            if (!same_bits(o_[k][i], want[k])) fail_msg("reveal field %d at %.17g", k, in_[i]);
    }

    assert_int_equal(sd_pulldown_nav_colour_batch(&CFG, in_, NB, o_[0], o_[1], o_[2], &rejected), SD_OK);
    assert_int_equal(rejected, expected_bad);
    for (int i = 0; i < NB; i++) {
        sd_pulldown_rgb e;
        sd_pulldown_nav_colour(&CFG, isfinite(in_[i]) ? in_[i] : 0, &e);
        assert_true(same_bits(o_[0][i], e.red) && same_bits(o_[1][i], e.green) && same_bits(o_[2][i], e.blue));
        assert_true(e.red >= 237 && e.red <= 255);
    }

    sd_pulldown_mirror_arrays ma = { o_[0], o_[1], o_[2], o_[3], o_[4] };
    assert_int_equal(sd_pulldown_mirror_batch(&CFG, in_, NB, &ma, &rejected), SD_OK);
    assert_int_equal(rejected, expected_bad);
    for (int i = 0; i < NB; i++) {
        sd_pulldown_mirror e;
        sd_pulldown_mirror_at(&CFG, isfinite(in_[i]) ? in_[i] : 0, &e);
        const double want[] = { e.progress, e.mask_alpha, e.panel_alpha, e.panel_y, e.list_offset };
        for (int k = 0; k < 5; k++)
            if (!same_bits(o_[k][i], want[k])) fail_msg("mirror field %d at %.17g", k, in_[i]);
        assert_true(e.progress >= 0 && e.progress <= 1);
    }

    /* NULL output arrays are skipped; the others still written. */
    for (int i = 0; i < NB; i++) o_[0][i] = o_[1][i] = -42;
    sd_pulldown_indicator_arrays only_centre = { 0 };
    only_centre.centre_scale = o_[1];
    assert_int_equal(sd_pulldown_indicator_batch(&CFG, in_, NB, &only_centre, NULL), SD_OK);
    for (int i = 0; i < NB; i++) {
        sd_pulldown_indicator e;
        sd_pulldown_indicator_at(&CFG, isfinite(in_[i]) ? in_[i] : 0, &e);
        assert_true(o_[0][i] == -42 && same_bits(o_[1][i], e.centre.scale));
    }
    assert_int_equal(sd_pulldown_nav_colour_batch(&CFG, in_, NB, NULL, NULL, NULL, &rejected), SD_OK);
    assert_int_equal(rejected, expected_bad);

    /* Argument errors write nothing. */
    rejected = 99;
    assert_int_equal(sd_pulldown_indicator_batch(NULL, in_, NB, &ia, &rejected), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_indicator_batch(&CFG, NULL, NB, &ia, &rejected), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_indicator_batch(&CFG, in_, NB, NULL, &rejected), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_reveal_batch(&CFG, NULL, 3, &ra, &rejected), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_mirror_batch(&CFG, in_, 3, NULL, &rejected), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_nav_colour_batch(&CFG, NULL, 3, o_[0], NULL, NULL, &rejected), SD_ERR_NULL);
    assert_int_equal(rejected, 99);
    assert_true(o_[0][0] == -42);
    assert_int_equal(sd_pulldown_mirror_batch(&CFG, NULL, 0, &ma, NULL), SD_OK);
}

/* ---- the branch-light formulas against the stage-by-stage description ----
 *
 * pulldown.c evaluates every stage and selects; here is the description of
 * pulldown.h (and the seed's code) written with branches, sd_map/sd_lerp per
 * stage, as the reference the single-value functions and every batch must
 * equal bit for bit. */

static double ref_map(double x, double a, double b, double c, double d) {
    if (x <= a) return c;
    if (x >= b) return d;
    return c + ((x - a) / (b - a)) * (d - c);
}

static double ref_lerp(double a, double b, double t) { return a + (b - a) * t; }

static sd_pulldown_ball ref_ball(double alpha, double scale, double x) {
    sd_pulldown_ball b = { alpha, scale, x };
    return b;
}

static sd_pulldown_indicator ref_indicator(const sd_pulldown_config *c, double d) {
    sd_pulldown_indicator o;
    o.alpha = 1.0;
    o.height = sd_max(c->min_indicator_height, d);
    o.left = ref_ball(0.0, 1.0, 0.0);
    o.centre = ref_ball(0.0, 0.0, 0.0);
    o.right = ref_ball(0.0, 1.0, 0.0);
    if (d > c->cp3) {
        o.alpha = 0.0;
    } else if (d > c->cp2) {
        const double a = ref_map(d, c->cp2, c->cp3, 1.0, 0.0);
        o.left = ref_ball(a, 1.0, 0.0 - c->ball_spread);
        o.centre = ref_ball(a, 1.0, 0.0);
        o.right = ref_ball(a, 1.0, c->ball_spread);
    } else if (d > c->cp1) {
        const double k = (d - c->cp1) / (c->cp2 - c->cp1);
        o.left = ref_ball(1.0, 1.0, ref_lerp(0.0, 0.0 - c->ball_spread, k));
        o.centre = ref_ball(1.0, ref_lerp(c->ball_max_scale, 1.0, k), 0.0);
        o.right = ref_ball(1.0, 1.0, ref_lerp(0.0, c->ball_spread, k));
    } else if (d > c->cp0) {
        o.centre = ref_ball(1.0, ref_map(d, c->cp0, c->cp1, 0.0, c->ball_max_scale), 0.0);
    }
    return o;
}

static sd_pulldown_reveal ref_reveal(const sd_pulldown_config *c, double d) {
    sd_pulldown_reveal r = { 0.0, 0.0, c->panel_scale_x, c->panel_scale_y, 0.0 };
    if (d > c->cp2) {
        const double g = ref_map(d, c->cp2, c->cp3, 0.0, c->panel_scale_gain);
        r.container_alpha = 1.0;
        r.panel_alpha = ref_map(d, c->cp2, c->cp3, 0.0, c->reveal_panel_alpha);
        r.panel_scale_x = c->panel_scale_x + g;
        r.panel_scale_y = c->panel_scale_y + g;
        r.mask_alpha = ref_map(d, c->cp2, c->cp3, 0.0, c->reveal_mask_alpha);
    }
    return r;
}

static sd_pulldown_rgb ref_colour(const sd_pulldown_config *c, double u) {
    double a = u < 0 ? -u : u;
    a = sd_min(a, c->screen_height);
    const double p = a < c->cp2 ? 1.0 - a / c->cp2 : 0.0;
    sd_pulldown_rgb o = { ref_lerp(c->list_colour.red, c->open_colour.red, p),
                          ref_lerp(c->list_colour.green, c->open_colour.green, p),
                          ref_lerp(c->list_colour.blue, c->open_colour.blue, p) };
    return o;
}

/* The 19 values of one distance, in the order of the batches' arrays. */
enum { NFIELDS = 19 };
static void ref_values(const sd_pulldown_config *c, double d, double v[NFIELDS]) {
    const sd_pulldown_indicator i = ref_indicator(c, d);
    const sd_pulldown_reveal r = ref_reveal(c, d);
    const sd_pulldown_rgb k = ref_colour(c, d);
    const double all[NFIELDS] = { i.alpha,          i.height,         i.left.alpha,    i.left.scale,   i.left.x,
                                  i.centre.alpha,   i.centre.scale,   i.centre.x,      i.right.alpha,  i.right.scale,
                                  i.right.x,        r.container_alpha, r.panel_alpha,  r.panel_scale_x, r.panel_scale_y,
                                  r.mask_alpha,     k.red,            k.green,         k.blue };
    memcpy(v, all, sizeof all);
}

static void single_values(const sd_pulldown_config *c, double d, double v[NFIELDS]) {
    sd_pulldown_indicator i;
    sd_pulldown_reveal r;
    sd_pulldown_rgb k;
    assert_int_equal(sd_pulldown_indicator_at(c, d, &i), SD_OK);
    assert_int_equal(sd_pulldown_reveal_at(c, d, &r), SD_OK);
    assert_int_equal(sd_pulldown_nav_colour(c, d, &k), SD_OK);
    const double all[NFIELDS] = { i.alpha,          i.height,         i.left.alpha,    i.left.scale,   i.left.x,
                                  i.centre.alpha,   i.centre.scale,   i.centre.x,      i.right.alpha,  i.right.scale,
                                  i.right.x,        r.container_alpha, r.panel_alpha,  r.panel_scale_x, r.panel_scale_y,
                                  r.mask_alpha,     k.red,            k.green,         k.blue };
    memcpy(v, all, sizeof all);
}

static const char *const FIELD_NAMES[NFIELDS] = {
    "alpha",        "height",         "left.alpha",    "left.scale",    "left.x",         "centre.alpha",
    "centre.scale", "centre.x",       "right.alpha",   "right.scale",   "right.x",        "container_alpha",
    "panel_alpha",  "panel_scale_x",  "panel_scale_y", "mask_alpha",    "red",            "green",
    "blue"
};

/* A value or, one time in four, its negative zero (when it is a zero the
 * configuration may hold). */
static double maybe_negative_zero(double v) { return rnd(0, 1) < 0.25 ? -0.0 : v; }

/* A valid configuration: the article's, or random stage points (also
 * cp0 = 0, widths down to 1e-9, points near the largest screen) and fields
 * that may be -0.0. */
static sd_pulldown_config random_config(int k) {
    sd_pulldown_config c = sd_pulldown_config_article();
    if (k == 0) return c;
    if (k == 1) return sd_pulldown_config_wechat();
    const double scale = k % 5 == 0 ? 1e5 : k % 7 == 0 ? 1e-6 : 100;
    c.cp0 = k % 3 == 0 ? maybe_negative_zero(0.0) : rnd(0, scale);
    c.cp1 = c.cp0 + (k % 4 == 0 ? 1e-9 : rnd(1e-9, scale));
    c.cp2 = c.cp1 + (k % 6 == 0 ? 1e-9 : rnd(1e-9, scale));
    c.cp3 = c.cp2 + (k % 8 == 0 ? 1e-9 : rnd(1e-9, scale));
    c.screen_height = sd_min(c.cp3 * 1.5 + 100, SD_PULLDOWN_MAX_SCREEN_HEIGHT);
    if (c.cp3 >= c.screen_height) c.screen_height = SD_PULLDOWN_MAX_SCREEN_HEIGHT;
    c.top_bar_height = c.screen_height / 10;
    c.tab_bar_height = c.screen_height / 10;
    c.ball_spread = maybe_negative_zero(rnd(0, 40));
    c.ball_max_scale = maybe_negative_zero(rnd(0, 4));
    c.min_indicator_height = maybe_negative_zero(rnd(0, 10));
    c.reveal_panel_alpha = maybe_negative_zero(rnd(0, 1));
    c.reveal_mask_alpha = maybe_negative_zero(rnd(0, 1));
    c.panel_scale_x = maybe_negative_zero(rnd(0, 1));
    c.panel_scale_y = maybe_negative_zero(rnd(0, 1));
    c.panel_scale_gain = maybe_negative_zero(rnd(0, 1));
    c.list_colour.red = maybe_negative_zero(rnd(0, 255));
    c.list_colour.blue = maybe_negative_zero(0.0);
    c.open_colour.green = maybe_negative_zero(rnd(0, 255));
    c.open_colour.blue = maybe_negative_zero(0.0);
    assert_int_equal(sd_pulldown_config_validate(&c, NULL), SD_OK);
    return c;
}

/* A finite distance, drawn to hit every stage, its boundaries and the
 * floating-point neighbours of them, zeros, tiny and huge values. */
static double random_distance(const sd_pulldown_config *c) {
    const double points[] = { c->cp0, c->cp1, c->cp2, c->cp3, c->screen_height, c->min_indicator_height, 0.0 };
    const double p = points[(int)rnd(0, 7)];
    switch ((int)rnd(0, 10)) {
    case 0: return p;
    case 1: return nextafter(p, INFINITY);
    case 2: return nextafter(p, -INFINITY);
    case 3: return -p;
    case 4: return rnd(-1, 1) * DBL_MAX;
    case 5: return rnd(-1, 1) * 1e-310; /* subnormal */
    case 6: return -0.0;
    default: return rnd(-0.25, 1.5) * c->screen_height;
    }
}

static void test_formulas_match_the_stage_description(void **s) {
    (void)s;
    long checked = 0;
    for (int k = 0; k < 400; k++) {
        const sd_pulldown_config c = random_config(k);
        for (int n = 0; n < 2000; n++) {
            const double d = random_distance(&c);
            double want[NFIELDS], got[NFIELDS];
            ref_values(&c, d, want);
            single_values(&c, d, got);
            for (int f = 0; f < NFIELDS; f++)
                if (!same_bits(got[f], want[f]))
                    fail_msg("config %d, d = %.17g: %s %.17g, the stage description gives %.17g", k, d,
                             FIELD_NAMES[f], got[f], want[f]);
            checked++;
        }
    }
    assert_true(checked == 800000);
}

/* ---- every batch against the single-value functions, at every vector level ---- */

enum { NBIG = 1100, PAD = 8 };
static double big_in_[NBIG];
/* Each output array with PAD guard values before and after. */
static double big_out_[NFIELDS][PAD + NBIG + PAD];

#define GUARD (-12345.678)

static void clear_outputs(void) {
    for (int f = 0; f < NFIELDS; f++)
        for (int i = 0; i < PAD + NBIG + PAD; i++) big_out_[f][i] = GUARD;
}

/* The arrays of the batches, each starting 0...7 doubles into its buffer
 * (by `shift`), so that they sit at every alignment. */
static sd_pulldown_offset_arrays offset_arrays(int shift) {
    double *a[NFIELDS];
    for (int f = 0; f < NFIELDS; f++) a[f] = &big_out_[f][PAD] + (shift + f) % PAD;
    sd_pulldown_offset_arrays o = { { a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10] },
                                    { a[11], a[12], a[13], a[14], a[15] },
                                    a[16],
                                    a[17],
                                    a[18] };
    return o;
}

static double **field_pointer(sd_pulldown_offset_arrays *o, int f) {
    double **all[NFIELDS] = { &o->indicator.alpha,        &o->indicator.height,        &o->indicator.left_alpha,
                              &o->indicator.left_scale,   &o->indicator.left_x,        &o->indicator.centre_alpha,
                              &o->indicator.centre_scale, &o->indicator.centre_x,      &o->indicator.right_alpha,
                              &o->indicator.right_scale,  &o->indicator.right_x,       &o->reveal.container_alpha,
                              &o->reveal.panel_alpha,     &o->reveal.panel_scale_x,    &o->reveal.panel_scale_y,
                              &o->reveal.mask_alpha,      &o->red,                     &o->green,
                              &o->blue };
    return all[f];
}

/* Checks the arrays of `o` against the single-value functions over the
 * first `n` inputs (a non-finite one read as 0), and that nothing else in
 * the padded buffers was written. */
static void check_outputs(const sd_pulldown_config *c, const sd_pulldown_offset_arrays *o, size_t n,
                          const char *what, int level) {
    sd_pulldown_offset_arrays copy = *o;
    const double *a[NFIELDS];
    for (int f = 0; f < NFIELDS; f++) {
        a[f] = *field_pointer(&copy, f);
        for (const double *p = &big_out_[f][0]; p < &big_out_[f][PAD + NBIG + PAD]; p++)
            if (!(a[f] && p >= a[f] && p < a[f] + n) && !same_bits(*p, GUARD))
                fail_msg("%s (level %d, n %zu): %s written outside its array", what, level, n, FIELD_NAMES[f]);
    }
    for (size_t i = 0; i < n; i++) {
        const double d = isfinite(big_in_[i]) ? big_in_[i] : 0.0;
        double want[NFIELDS];
        single_values(c, d, want);
        for (int f = 0; f < NFIELDS; f++)
            if (a[f] && !same_bits(a[f][i], want[f]))
                fail_msg("%s (level %d, n %zu), d = %.17g: %s %.17g, single %.17g", what, level, n, d,
                         FIELD_NAMES[f], a[f][i], want[f]);
    }
}

static void test_offset_batches_match_single_at_every_level(void **s) {
    (void)s;
    assert_int_equal(sizeof(sd_pulldown_offset_arrays), 19 * sizeof(double *));
    const int widest = sd_pulldown_simd_cap(2);
    assert_true(widest >= 0 && widest <= 2);
    assert_int_equal(sd_pulldown_simd_level(), widest);
    const size_t counts[] = { 0, 1, 7, 8, 9, 63, 255, 256, 257, 513, NBIG };
    for (int level = widest; level >= 0; level--) {
        assert_int_equal(sd_pulldown_simd_cap(level), level);
        for (int k = 0; k < 12; k++) {
            const sd_pulldown_config c = random_config(k);
            for (int i = 0; i < NBIG; i++) big_in_[i] = random_distance(&c);
            big_in_[3] = NAN;
            big_in_[300] = INFINITY;
            big_in_[NBIG - 1] = -INFINITY;
            for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
                const size_t n = counts[ci];
                size_t bad = 0;
                for (size_t i = 0; i < n; i++) bad += !isfinite(big_in_[i]);
                const int shift = (int)(k + ci);

                /* All three together. */
                clear_outputs();
                sd_pulldown_offset_arrays o = offset_arrays(shift);
                size_t rejected = 99;
                assert_int_equal(sd_pulldown_offset_batch(&c, big_in_, n, &o, &rejected), SD_OK);
                assert_int_equal(rejected, bad);
                check_outputs(&c, &o, n, "sd_pulldown_offset_batch", level);

                /* Each group on its own, through its own batch. */
                clear_outputs();
                sd_pulldown_offset_arrays g = offset_arrays(shift);
                memset(&g.reveal, 0, sizeof g.reveal);
                g.red = g.green = g.blue = NULL;
                rejected = 99;
                assert_int_equal(sd_pulldown_indicator_batch(&c, big_in_, n, &g.indicator, &rejected), SD_OK);
                assert_int_equal(rejected, bad);
                check_outputs(&c, &g, n, "sd_pulldown_indicator_batch", level);

                clear_outputs();
                g = offset_arrays(shift);
                memset(&g.indicator, 0, sizeof g.indicator);
                g.red = g.green = g.blue = NULL;
                assert_int_equal(sd_pulldown_reveal_batch(&c, big_in_, n, &g.reveal, NULL), SD_OK);
                check_outputs(&c, &g, n, "sd_pulldown_reveal_batch", level);

                clear_outputs();
                g = offset_arrays(shift);
                memset(&g.indicator, 0, sizeof g.indicator);
                memset(&g.reveal, 0, sizeof g.reveal);
                assert_int_equal(sd_pulldown_nav_colour_batch(&c, big_in_, n, g.red, g.green, g.blue, NULL), SD_OK);
                check_outputs(&c, &g, n, "sd_pulldown_nav_colour_batch", level);

                /* Some arrays NULL: skipped, the others still right. */
                clear_outputs();
                g = offset_arrays(shift);
                *field_pointer(&g, (int)(ci % NFIELDS)) = NULL;
                *field_pointer(&g, (int)((ci * 7 + 3) % NFIELDS)) = NULL;
                assert_int_equal(sd_pulldown_offset_batch(&c, big_in_, n, &g, NULL), SD_OK);
                check_outputs(&c, &g, n, "sd_pulldown_offset_batch with NULL arrays", level);
            }
        }
    }
    assert_int_equal(sd_pulldown_simd_cap(2), widest);

    /* Argument errors write nothing. */
    clear_outputs();
    sd_pulldown_offset_arrays o = offset_arrays(0);
    size_t rejected = 99;
    assert_int_equal(sd_pulldown_offset_batch(NULL, big_in_, 5, &o, &rejected), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_offset_batch(&CFG, NULL, 5, &o, &rejected), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_offset_batch(&CFG, big_in_, 5, NULL, &rejected), SD_ERR_NULL);
    assert_int_equal(rejected, 99);
    check_outputs(&CFG, &o, 0, "rejected calls", widest);
    assert_int_equal(sd_pulldown_offset_batch(&CFG, NULL, 0, &o, NULL), SD_OK);
}

/* ------------------------------------------------------------------------ */
/* The list machine                                                          */
/* ------------------------------------------------------------------------ */

static sd_pulldown_list_state L;
static sd_pulldown_actions LA;
static int haptics;

static uint32_t lstep(sd_pulldown_event e) {
    assert_int_equal(sd_pulldown_list_step(&CFG, &L, &e, &LA), SD_OK);
    haptics += (LA.flags & SD_PULLDOWN_ACTION_HAPTIC) != 0;
    return LA.flags;
}

/* A drag sample at pull distance d. */
static uint32_t ldrag(double d, double t) { return lstep(sd_pulldown_event_offset(yof(d), 1, t)); }

static void test_list_needs_threshold_and_downward_motion(void **s) {
    (void)s;
    L = sd_pulldown_list_initial(&CFG);
    assert_true(L.offset == -64 && L.last_offset == 0 && L.phase == SD_PULLDOWN_IDLE && L.haptic_armed == 1);
    lstep(sd_pulldown_event_drag_began(yof(0), 0));
    /* Moving down, up to and including cp1: idle. */
    const double below[] = { 10, 30, 60, 89, 90 };
    for (int i = 0; i < 5; i++) {
        assert_int_equal(ldrag(below[i], 0.1 * i), 0);
        assert_int_equal(L.phase, SD_PULLDOWN_IDLE);
    }
    /* Past cp1 and still moving down: pulling, with the haptic. */
    assert_int_equal(ldrag(90.5, 1), SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_HAPTIC);
    assert_int_equal(L.phase, SD_PULLDOWN_PULLING);
    /* An unchanged offset is no movement: still pulling. */
    assert_int_equal(ldrag(90.5, 1.1), 0);
    assert_int_equal(L.phase, SD_PULLDOWN_PULLING);
    /* Moving up while still past cp1: idle. */
    assert_int_equal(ldrag(120 - 30, 1.2), SD_PULLDOWN_ACTION_STATE);
    assert_int_equal(L.phase, SD_PULLDOWN_IDLE);

    /* Past cp1 but moving up: stays idle; threshold alone is not enough. */
    L = sd_pulldown_list_initial(&CFG);
    lstep(sd_pulldown_event_drag_began(yof(0), 0));
    ldrag(50, 0.1);
    assert_int_equal(ldrag(150, 0.2), SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_HAPTIC);
    assert_int_equal(ldrag(140, 0.3), SD_PULLDOWN_ACTION_STATE);
    assert_int_equal(ldrag(120, 0.4), 0);
    assert_int_equal(ldrag(100, 0.5), 0);
    assert_int_equal(L.phase, SD_PULLDOWN_IDLE);
    /* Downward motion again past cp1: pulling again (no second haptic). */
    assert_int_equal(ldrag(101, 0.6), SD_PULLDOWN_ACTION_STATE);
    assert_int_equal(L.phase, SD_PULLDOWN_PULLING);
    /* Back above cp1 while moving down is impossible; moving up to cp1: idle. */
    assert_int_equal(ldrag(90, 0.7), SD_PULLDOWN_ACTION_STATE);

    /* Offsets above the resting position are recorded but drive nothing. */
    double last = L.last_offset;
    assert_int_equal(lstep(sd_pulldown_event_offset(10, 1, 0.8)), 0);
    assert_true(L.offset == 10 && L.last_offset == last);

    /* The WeChat preset needs d > 130. */
    sd_pulldown_config w = sd_pulldown_config_wechat();
    sd_pulldown_list_state lw = sd_pulldown_list_initial(&w);
    sd_pulldown_actions a;
    for (double d = 10; d <= 130; d += 10) {
        sd_pulldown_event e = sd_pulldown_event_offset(yof(d), 1, d);
        assert_int_equal(sd_pulldown_list_step(&w, &lw, &e, &a), SD_OK);
        assert_int_equal(lw.phase, SD_PULLDOWN_IDLE);
    }
    sd_pulldown_event e = sd_pulldown_event_offset(yof(131), 1, 200);
    assert_int_equal(sd_pulldown_list_step(&w, &lw, &e, &a), SD_OK);
    assert_int_equal(lw.phase, SD_PULLDOWN_PULLING);
}

static void test_list_move_up_then_release_does_not_open(void **s) {
    (void)s;
    L = sd_pulldown_list_initial(&CFG);
    lstep(sd_pulldown_event_drag_began(yof(0), 0));
    ldrag(50, 0.1);
    ldrag(100, 0.2);
    assert_int_equal(L.phase, SD_PULLDOWN_PULLING);
    ldrag(95, 0.3); /* a little back up, still past cp1 */
    assert_int_equal(L.phase, SD_PULLDOWN_IDLE);
    /* Release: nothing opens, the list bounces back by itself. */
    assert_int_equal(lstep(sd_pulldown_event_drag_ended(yof(95), 0, 0.4)), 0);
    const double bounce[] = { 90, 60, 20, 0 };
    for (int i = 0; i < 4; i++) {
        assert_int_equal(lstep(sd_pulldown_event_offset(yof(bounce[i]), 0, 0.5 + 0.1 * i)), 0);
        assert_int_equal(L.phase, SD_PULLDOWN_IDLE);
    }
    assert_int_equal(lstep(sd_pulldown_event_frame(2)) & ~0u, 0);
    assert_int_equal(L.transition, SD_PULLDOWN_TRANSITION_NONE);
    assert_int_equal(L.locked, 0);
}

static void test_list_haptic_once_per_gesture(void **s) {
    (void)s;
    L = sd_pulldown_list_initial(&CFG);
    haptics = 0;
    lstep(sd_pulldown_event_drag_began(yof(0), 0));
    const double path[] = { 40, 80, 100, 95, 120, 110, 130, 100 };
    for (int i = 0; i < 8; i++) ldrag(path[i], 0.1 * i);
    assert_int_equal(haptics, 1);
    assert_int_equal(L.phase, SD_PULLDOWN_IDLE);
    lstep(sd_pulldown_event_drag_ended(yof(100), 0, 1));
    lstep(sd_pulldown_event_offset(yof(0), 0, 1.2));
    /* A new gesture fires again, once. */
    lstep(sd_pulldown_event_drag_began(yof(0), 2));
    for (int i = 0; i < 8; i++) ldrag(path[i], 2 + 0.1 * i);
    assert_int_equal(haptics, 2);
    /* Without a new drag began, a second pull in the same gesture does not. */
    for (int i = 0; i < 8; i++) ldrag(path[i] + 1, 3 + 0.1 * i);
    assert_int_equal(haptics, 2);
}

static void test_list_release_pins_and_opens(void **s) {
    (void)s;
    const double t0 = 1.0;
    L = sd_pulldown_list_initial(&CFG);
    lstep(sd_pulldown_event_drag_began(yof(0), 0));
    ldrag(50, 0.5);
    ldrag(100, 0.6);
    ldrag(150, 0.7);
    /* Released by the next scroll report (dragging 0), already rebounding to 148:
     * pinned at the last dragged offset, not at 148. */
    uint32_t f = lstep(sd_pulldown_event_offset(yof(148), 0, t0));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_PIN_LIST_OFFSET |
                            SD_PULLDOWN_ACTION_START_TRANSITION | SD_PULLDOWN_ACTION_LOCK_INTERACTION);
    assert_true(LA.list_offset == yof(150));
    assert_int_equal(LA.started, BIT(OPEN));
    assert_int_equal(L.phase, SD_PULLDOWN_REFRESHING);
    assert_int_equal(L.transition, SD_PULLDOWN_TRANSITION_OPEN);
    assert_true(L.release_distance == 150 && L.release_offset == yof(150) && L.last_offset == 0 && L.locked);
    assert_true(L.transition_start == t0);

    /* While refreshing, scroll reports and drags change nothing. */
    sd_pulldown_list_state before = L;
    assert_int_equal(lstep(sd_pulldown_event_offset(yof(300), 0, t0 + 0.1)), 0);
    assert_int_equal(lstep(sd_pulldown_event_offset(yof(10), 1, t0 + 0.1)), 0);
    assert_int_equal(lstep(sd_pulldown_event_drag_began(yof(10), t0 + 0.1)), 0);
    assert_int_equal(lstep(sd_pulldown_event_drag_ended(yof(10), 1, t0 + 0.1)), 0);
    assert_memory_equal(&L, &before, sizeof L);

    /* Locked until the 0.35 s have elapsed. */
    assert_int_equal(lstep(sd_pulldown_event_frame(t0 + 0.34)), 0);
    assert_true(L.locked);
    f = lstep(sd_pulldown_event_frame(t0 + 0.35));
    assert_int_equal(f, SD_PULLDOWN_ACTION_PIN_LIST_OFFSET | SD_PULLDOWN_ACTION_FINISH_TRANSITION |
                            SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
    assert_int_equal(LA.finished, BIT(OPEN));
    assert_true(LA.list_offset == -64 && L.offset == -64);
    assert_int_equal(L.phase, SD_PULLDOWN_REFRESHING);
    assert_int_equal(L.transition, SD_PULLDOWN_TRANSITION_NONE);
    assert_false(L.locked);

    /* Released by drag end instead: the same, pinned at the last offset. */
    L = sd_pulldown_list_initial(&CFG);
    ldrag(50, 0.5);
    ldrag(120, 0.6);
    f = lstep(sd_pulldown_event_drag_ended(yof(120), 1, t0));
    assert_true((f & SD_PULLDOWN_ACTION_PIN_LIST_OFFSET) && LA.list_offset == yof(120));
    assert_int_equal(L.phase, SD_PULLDOWN_REFRESHING);
}

/* ------------------------------------------------------------------------ */
/* The panel machine                                                         */
/* ------------------------------------------------------------------------ */

static sd_pulldown_panel_state PS;
static sd_pulldown_actions PA;

static uint32_t pstep(sd_pulldown_event e) {
    assert_int_equal(sd_pulldown_panel_step(&CFG, &PS, &e, &PA), SD_OK);
    return PA.flags;
}

static void test_panel_pulling_rules(void **s) {
    (void)s;
    PS = sd_pulldown_panel_initial();
    pstep(sd_pulldown_event_drag_began(0, 0));
    assert_int_equal(PS.dragging, 1);
    /* u grows: pulling. */
    assert_int_equal(pstep(sd_pulldown_event_offset(10, 1, 0.1)), SD_PULLDOWN_ACTION_STATE);
    assert_int_equal(PS.phase, SD_PULLDOWN_PULLING);
    assert_int_equal(pstep(sd_pulldown_event_offset(20, 1, 0.2)), 0);
    /* u shrinks: idle; unchanged: nothing. */
    assert_int_equal(pstep(sd_pulldown_event_offset(15, 1, 0.3)), SD_PULLDOWN_ACTION_STATE);
    assert_int_equal(PS.phase, SD_PULLDOWN_IDLE);
    assert_int_equal(pstep(sd_pulldown_event_offset(15, 1, 0.35)), 0);
    assert_int_equal(PS.phase, SD_PULLDOWN_IDLE);
    /* Pulled down at the top: pinned back to 0, and it is a pull. */
    assert_int_equal(pstep(sd_pulldown_event_offset(-5, 1, 0.4)),
                     SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
    assert_true(PA.panel_offset == 0 && PS.offset == 0);
    assert_int_equal(PS.phase, SD_PULLDOWN_PULLING);
    /* More pull at the top keeps pulling (no flip-flop on every report). */
    for (int i = 0; i < 4; i++) {
        assert_int_equal(pstep(sd_pulldown_event_offset(-3 - i, 1, 0.5 + 0.1 * i)), SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
        assert_int_equal(PS.phase, SD_PULLDOWN_PULLING);
    }
    /* Releasing while pulling closes. */
    uint32_t f = pstep(sd_pulldown_event_drag_ended(0, 0, 1));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_START_TRANSITION |
                            SD_PULLDOWN_ACTION_LOCK_INTERACTION | SD_PULLDOWN_ACTION_CLOSE_PANEL);
    assert_int_equal(PA.started, BIT(CLOSE));
    assert_int_equal(PS.phase, SD_PULLDOWN_REFRESHING);
    assert_true(PS.locked && !PS.dragging);
    /* While closing everything but the frame is ignored; a second close is refused. */
    sd_pulldown_panel_state before = PS;
    assert_int_equal(pstep(sd_pulldown_event_offset(50, 1, 1.1)), 0);
    assert_int_equal(pstep(sd_pulldown_event_drag_began(50, 1.1)), 0);
    sd_pulldown_event close = sd_pulldown_event_close(0, 1.1);
    assert_int_equal(sd_pulldown_panel_step(&CFG, &PS, &close, &PA), SD_ERR_STATE);
    assert_memory_equal(&PS, &before, sizeof PS);
    f = pstep(sd_pulldown_event_frame(1.4));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_SET_PANEL_OFFSET |
                            SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET | SD_PULLDOWN_ACTION_FINISH_TRANSITION |
                            SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
    assert_true(PA.panel_offset == 0 && PA.applets_offset == 57);
    sd_pulldown_panel_state rest = sd_pulldown_panel_initial();
    assert_memory_equal(&PS, &rest, sizeof PS);

    /* The seed uses its own dragging flag: a report saying "dragging" after
     * the drag ended does not keep a pull alive. */
    PS = sd_pulldown_panel_initial();
    pstep(sd_pulldown_event_drag_began(0, 0));
    pstep(sd_pulldown_event_offset(30, 1, 0.1));
    PS.dragging = 0; /* as after a drag end seen while idle */
    f = pstep(sd_pulldown_event_offset(40, 1, 0.2));
    assert_true(f & SD_PULLDOWN_ACTION_CLOSE_PANEL);

    /* A release while idle with u > 0 starts the return; deceleration is stopped. */
    PS = sd_pulldown_panel_initial();
    pstep(sd_pulldown_event_drag_began(0, 0));
    pstep(sd_pulldown_event_offset(410, 1, 0.1));
    pstep(sd_pulldown_event_offset(400, 1, 0.2));
    assert_int_equal(PS.phase, SD_PULLDOWN_IDLE);
    f = pstep(sd_pulldown_event_drag_ended(400, 1, 0.3));
    assert_int_equal(f, SD_PULLDOWN_ACTION_START_TRANSITION | SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION);
    assert_int_equal(PA.started, BIT(RETURN));
    assert_true(PS.from_offset == 400 && PS.transition == SD_PULLDOWN_TRANSITION_RETURN && !PS.locked);
    /* Released idle at the top: nothing to return. */
    PS = sd_pulldown_panel_initial();
    pstep(sd_pulldown_event_drag_began(0, 0));
    assert_int_equal(pstep(sd_pulldown_event_drag_ended(0, 0, 0.1)), 0);
    /* Deceleration ending away from the top starts the return too. */
    PS = sd_pulldown_panel_initial();
    pstep(sd_pulldown_event_offset(80, 0, 0.1));
    assert_int_equal(pstep(sd_pulldown_event_deceleration_ended(80, 0.2)), SD_PULLDOWN_ACTION_START_TRANSITION);
}

/* ------------------------------------------------------------------------ */
/* The mini-program list                                                     */
/* ------------------------------------------------------------------------ */

static uint32_t applets(sd_pulldown_applets_state *st, sd_pulldown_event e, sd_pulldown_actions *a) {
    assert_int_equal(sd_pulldown_applets_step(&CFG, st, &e, a), SD_OK);
    return a->flags;
}

static void test_applets_rules(void **s) {
    (void)s;
    sd_pulldown_applets_state st = sd_pulldown_applets_initial();
    sd_pulldown_actions a;
#define APPLETS(ev) applets(&st, (ev), &a)
    /* Drag ends inside the search bar moving up (offset grew): hide it. */
    APPLETS(sd_pulldown_event_drag_began(10, 0));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(30, 0, 0.1)), SD_PULLDOWN_ACTION_SCROLL_APPLETS);
    assert_true(a.applets_offset == 57);
    /* Moving down: show it. */
    APPLETS(sd_pulldown_event_drag_began(50, 1));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(20, 0, 1.1)), SD_PULLDOWN_ACTION_SCROLL_APPLETS);
    assert_true(same_bits(a.applets_offset, 0.0));
    /* Outside (0, 57): no snap. */
    APPLETS(sd_pulldown_event_drag_began(20, 2));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(57, 0, 2.1)), 0);
    APPLETS(sd_pulldown_event_drag_began(20, 3));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(0, 0, 3.1)), 0);
    /* Decelerating: the snap waits for the deceleration to end, with the drag's direction. */
    APPLETS(sd_pulldown_event_drag_began(5, 4));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(25, 1, 4.1)), 0);
    assert_int_equal(APPLETS(sd_pulldown_event_deceleration_ended(40, 4.5)), SD_PULLDOWN_ACTION_SCROLL_APPLETS);
    assert_true(a.applets_offset == 57);
    /* Dragged up by 135 or more: close; 134.9 does not. */
    APPLETS(sd_pulldown_event_drag_began(0, 5));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(134.9, 0, 5.1)), 0);
    APPLETS(sd_pulldown_event_drag_began(0, 6));
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(135, 0, 6.1)), SD_PULLDOWN_ACTION_CLOSE_PANEL);
    assert_int_equal(APPLETS(sd_pulldown_event_drag_ended(140, 1, 6.2)), SD_PULLDOWN_ACTION_CLOSE_PANEL);
    /* A mini-program closes the panel only once its page appeared. */
    assert_int_equal(APPLETS(sd_pulldown_event_page_appeared(7)), 0);
    assert_int_equal(APPLETS(sd_pulldown_event_applet_opened(7.1)), 0);
    assert_int_equal(st.close_pending, 1);
    assert_int_equal(APPLETS(sd_pulldown_event_frame(7.2)), 0);
    assert_int_equal(APPLETS(sd_pulldown_event_page_appeared(7.5)), SD_PULLDOWN_ACTION_CLOSE_PANEL);
    assert_int_equal(APPLETS(sd_pulldown_event_page_appeared(7.6)), 0);
#undef APPLETS
}

/* ------------------------------------------------------------------------ */
/* The whole panel: handle + frame                                           */
/* ------------------------------------------------------------------------ */

static sd_pulldown P;
static sd_pulldown_actions A;
static sd_pulldown_frame F;

static uint32_t send(sd_pulldown_source src, sd_pulldown_event e) {
    assert_int_equal(sd_pulldown_handle(&CFG, &P, src, &e, &A), SD_OK);
    return A.flags;
}

static uint32_t tick(double t) {
    assert_int_equal(sd_pulldown_tick(&CFG, &P, t, &A, &F), SD_OK);
    return A.flags;
}

static void frame_at(double t) { assert_int_equal(sd_pulldown_frame_at(&CFG, &P.list, &P.panel, t, &F), SD_OK); }

/* Pulls the list to `d` (moving down) starting at time t, releases at t + 1
 * and lets the opening finish at t + 1 + 0.35. */
static void open_panel(double d, double t) {
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_drag_began(yof(0), t));
    for (int i = 1; i <= 10; i++) send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(yof(d * i / 10), 1, t + 0.05 * i));
    assert_int_equal(P.list.phase, SD_PULLDOWN_PULLING);
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_drag_ended(yof(d), 0, t + 1));
    tick(t + 1 + CFG.transition_duration);
    assert_true(sd_pulldown_is_open(&P));
}

static void expect_rest_frame(const char *when) {
    sd_pulldown_indicator ind;
    sd_pulldown_indicator_at(&CFG, 0, &ind);
    if (!(same_bits(F.nav_top, 0.0) && F.nav_colour.red == 237 && F.nav_colour.green == 237 &&
          F.nav_colour.blue == 237 && F.tab_bar_alpha == 1 && F.tab_bar_y == H - TAB && same_bits(F.list_y, 0.0) &&
          F.list_inset_top == TOP && F.list_offset == -TOP && F.container_alpha == 0 && F.panel_alpha == 0 &&
          F.panel_scale_x == 0.6 && F.panel_scale_y == 0.4 && same_bits(F.panel_y, 0.0) && F.mask_alpha == 0 &&
          F.weather_alpha == 0 && same_bits(F.weather_y, 0.0) && same_bits(F.panel_offset, 0.0) &&
          F.panel_content_height == 0 && F.interaction_enabled == 1 && F.list_offset_driven == 0 &&
          F.panel_offset_driven == 0 && F.list_phase == SD_PULLDOWN_IDLE && F.panel_phase == SD_PULLDOWN_IDLE &&
          F.list_transition == 0 && F.panel_transition == 0 &&
          memcmp(&F.indicator, &ind, sizeof ind) == 0))
        fail_msg("not at rest %s", when);
}

static void test_frame_at_rest_and_pulling(void **s) {
    (void)s;
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    frame_at(0);
    expect_rest_frame("initially");
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_drag_began(yof(0), 0));
    for (int i = 1; i <= 37; i++) send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(yof(5.0 * i), 1, i / 60.0));
    /* At 185 (pulling since 95, haptic fired): the stage table, the reveal, list colours. */
    tick(0.7);
    assert_true(F.nav_top == 185);
    sd_pulldown_indicator ind;
    sd_pulldown_indicator_at(&CFG, 185, &ind);
    assert_memory_equal(&F.indicator, &ind, sizeof ind);
    assert_true(F.indicator.centre.alpha == 0.5 && F.indicator.left.x == -16 && F.indicator.right.x == 16);
    assert_true(F.container_alpha == 1 && F.panel_alpha == 0.15 && F.panel_scale_x == 0.65 &&
                F.panel_scale_y == 0.45 && F.mask_alpha == 0.15 && F.weather_alpha == 0);
    assert_true(F.nav_colour.red == 237 && F.tab_bar_alpha == 1 && F.tab_bar_y == H - TAB);
    assert_true(F.list_y == 0 && F.list_inset_top == TOP && F.list_offset == yof(185) && !F.list_offset_driven);
    assert_true(F.interaction_enabled && F.list_phase == SD_PULLDOWN_PULLING);
    /* The haptic shows in the frame after it fired, once. */
    assert_int_equal(F.haptic, 1);
    tick(0.72);
    assert_int_equal(F.haptic, 0);
    /* The panel's own events are ignored while it is not open. */
    sd_pulldown before = P;
    assert_int_equal(send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(30, 1, 0.73)), 0);
    assert_int_equal(send(SD_PULLDOWN_SOURCE_APPLETS, sd_pulldown_event_drag_ended(300, 0, 0.73)), 0);
    assert_memory_equal(&P, &before, sizeof P);
}

static void test_open_transition_and_lock(void **s) {
    (void)s;
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_drag_began(yof(0), 0));
    for (int i = 1; i <= 37; i++) send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(yof(5.0 * i), 1, i / 60.0));
    const double t0 = 1.0;
    uint32_t f = send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_drag_ended(yof(185), 0, t0));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_PIN_LIST_OFFSET |
                            SD_PULLDOWN_ACTION_START_TRANSITION | SD_PULLDOWN_ACTION_LOCK_INTERACTION);
    assert_true(A.list_offset == yof(185));
    /* At the release: where the pull left everything, indicator hidden, locked. */
    frame_at(t0);
    assert_true(F.nav_top == 185 && F.tab_bar_alpha == 1 && F.nav_colour.red == 237);
    assert_true(F.panel_alpha == 0.15 && F.mask_alpha == 0.15 && F.panel_scale_x == 0.65 && F.container_alpha == 1);
    assert_true(F.indicator.alpha == 0 && F.indicator.height == 185);
    assert_true(F.list_inset_top == H && F.list_offset == yof(185) && F.list_offset_driven);
    assert_true(!F.interaction_enabled && F.list_transition == SD_PULLDOWN_TRANSITION_OPEN);
    /* A quarter in: the list side eases (UIKit ease-in-out), the panel side is linear. */
    const double e25 = 0.12916193104731981; /* ease-in-out at 0.25 */
    frame_at(t0 + 0.25 * 0.35);
    assert_true(fabs(F.nav_top - (185 + (OPEN_NAV - 185) * e25)) < 1e-9);
    assert_true(fabs(F.list_offset - (yof(185) + (-H - yof(185)) * e25)) < 1e-9);
    assert_true(fabs(F.tab_bar_alpha - (1 - e25)) < 1e-9);
    assert_true(fabs(F.nav_colour.red - (237 + 18 * e25)) < 1e-9);
    assert_true(fabs(F.panel_alpha - 0.3625) < 1e-12 && fabs(F.weather_alpha - 0.25) < 1e-12);
    assert_true(fabs(F.mask_alpha - (0.15 + 0.45 * 0.25)) < 1e-12);
    assert_true(fabs(F.panel_scale_x - (0.65 + 0.35 * 0.25)) < 1e-12);
    /* The curve is the core's shared ease-in-out, bit for bit. */
    {
        const double t = t0 + 0.3 * 0.35;
        const double e = sd_timing_curve_value(&sd_timing_ease_in_out, (t - t0) / 0.35);
        frame_at(t);
        assert_true(same_bits(F.nav_top, 185 + (OPEN_NAV - 185) * e));
        assert_true(same_bits(F.tab_bar_y, (H - TAB) + (H - (H - TAB)) * e));
    }
    /* Half way the ease is exactly symmetric. */
    frame_at(t0 + 0.5 * 0.35);
    assert_true(fabs(F.nav_top - (185 + (OPEN_NAV - 185) * 0.5)) < 1e-9);
    /* Locked, frame after frame, until 0.35 s have elapsed; then unlocked. */
    int unlocked_at = -1;
    for (int k = 1; k <= 30; k++) {
        double t = t0 + k / 60.0;
        f = tick(t);
        if (f & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION) {
            unlocked_at = k;
            assert_true(A.finished == BIT(OPEN) && (f & SD_PULLDOWN_ACTION_PIN_LIST_OFFSET) && A.list_offset == -TOP);
        }
        assert_int_equal(F.interaction_enabled, t - t0 >= 0.35);
        assert_int_equal(P.list.locked, t - t0 < 0.35);
    }
    assert_int_equal(unlocked_at, 21); /* the first 60 Hz frame at or after 0.35 s */
    /* Open: the panel at full size, the nav bar white at the bottom, the tab bar gone. */
    frame_at(t0 + 1);
    assert_true(F.nav_top == OPEN_NAV && F.list_y == OPEN_NAV && F.list_inset_top == TOP && F.list_offset == -TOP);
    assert_true(F.nav_colour.red == 255 && F.nav_colour.green == 255 && F.nav_colour.blue == 255);
    assert_true(F.tab_bar_alpha == 0 && F.tab_bar_y == H);
    assert_true(F.container_alpha == 1 && F.panel_alpha == 1 && F.panel_scale_x == 1 && F.panel_scale_y == 1);
    assert_true(F.mask_alpha == 0.6 && F.weather_alpha == 1 && same_bits(F.panel_y, 0.0) && same_bits(F.weather_y, 0.0));
    assert_true(F.panel_content_height == 20 * H && F.indicator.alpha == 0);
    assert_true(F.list_phase == SD_PULLDOWN_REFRESHING && F.interaction_enabled);
    /* The frame clamps at the end: the same values at 0.35 s with or without the finishing tick. */
    sd_pulldown_frame after = F;
    sd_pulldown_list_state unfinished = P.list;
    unfinished.transition = SD_PULLDOWN_TRANSITION_OPEN;
    unfinished.transition_start = t0;
    assert_int_equal(sd_pulldown_frame_at(&CFG, &unfinished, &P.panel, t0 + 1, &F), SD_OK);
    assert_memory_equal(&F, &after, sizeof F);
}

static void test_open_panel_mirror_frame(void **s) {
    (void)s;
    open_panel(150, 0);
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_began(0, 3));
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(65, 1, 3.1));
    frame_at(3.1);
    /* Pulled up by cp2 / 2: #F6F6F6. */
    assert_true(F.nav_colour.red == 246 && F.nav_colour.green == 246 && F.nav_colour.blue == 246);
    assert_true(F.nav_top == OPEN_NAV - 65 && F.list_y == OPEN_NAV - 65);
    sd_pulldown_mirror m;
    sd_pulldown_mirror_at(&CFG, 65, &m);
    assert_true(same_bits(F.panel_alpha, m.panel_alpha) && same_bits(F.mask_alpha, m.mask_alpha));
    assert_true(F.panel_y == -65 && F.weather_y == -65 && F.weather_alpha == F.panel_alpha);
    assert_true(F.panel_offset == 65 && !F.panel_offset_driven && F.panel_phase == SD_PULLDOWN_PULLING);
    /* Past the top bar's reach the list stays at its rest position. */
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(700, 1, 3.2));
    frame_at(3.2);
    assert_true(same_bits(F.nav_top, 0.0) && F.nav_colour.red == 237);
    /* The list's own events are ignored while the panel is open. */
    sd_pulldown before = P;
    assert_int_equal(send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(yof(300), 1, 3.3)), 0);
    assert_int_equal(send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_drag_began(yof(0), 3.3)), 0);
    assert_memory_equal(&P, &before, sizeof P);
}

static void test_pullup_release_closes_and_resets(void **s) {
    (void)s;
    open_panel(150, 0);
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_began(0, 3));
    for (int i = 1; i <= 10; i++) send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(20.0 * i, 1, 3 + 0.02 * i));
    assert_int_equal(P.panel.phase, SD_PULLDOWN_PULLING);
    frame_at(3.2);
    assert_true(F.panel_y == -200 && F.list_y == OPEN_NAV - 200 && F.nav_colour.red == 237);
    const double t1 = 3.25;
    uint32_t f = send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_ended(200, 1, t1));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_START_TRANSITION |
                            SD_PULLDOWN_ACTION_LOCK_INTERACTION | SD_PULLDOWN_ACTION_CLOSE_PANEL |
                            SD_PULLDOWN_ACTION_STOP_PANEL_DECELERATION);
    assert_int_equal(A.started, BIT(CLOSE) | BIT(RESTORE));
    assert_int_equal(P.panel.phase, SD_PULLDOWN_REFRESHING);
    assert_int_equal(P.list.phase, SD_PULLDOWN_IDLE);
    assert_true(P.list.close_panel_offset == 200 && P.panel.from_offset == 200);
    /* The close runs 0.4 s (ease-in-out): the panel flies up and fades. */
    double prev_y = -200, prev_alpha = 2;
    for (int k = 0; k <= 24; k++) {
        double t = t1 + k / 60.0;
        f = tick(t);
        if (k < 24) assert_false(f & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
        if (k == 21) assert_true(A.finished == BIT(RESTORE)); /* the list side is back at 0.35 s ... */
        /* ... but the lock lasts the whole close (to the clock's rounding). */
        assert_int_equal(F.interaction_enabled, t - t1 >= 0.4 - 1e-9);
        if (t - t1 < 0.4 - 1e-9) {
            assert_true(F.panel_y <= prev_y && F.panel_alpha <= prev_alpha && F.panel_scale_x == 1);
            assert_true(F.weather_y == F.panel_y && F.weather_alpha == F.panel_alpha && F.container_alpha == 1);
            prev_y = F.panel_y;
            prev_alpha = F.panel_alpha;
        }
    }
    assert_int_equal(A.finished, BIT(CLOSE));
    assert_true(A.flags & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
    assert_true((A.flags & SD_PULLDOWN_ACTION_SET_PANEL_OFFSET) && same_bits(A.panel_offset, 0.0));
    assert_true((A.flags & SD_PULLDOWN_ACTION_SET_APPLETS_OFFSET) && A.applets_offset == 57);
    /* Everything reset: scale (0.6, 0.4), offsets 0, the list at rest. */
    expect_rest_frame("after the close");
    sd_pulldown rest;
    sd_pulldown_init(&rest, &CFG, NULL);
    assert_memory_equal(&P.panel, &rest.panel, sizeof P.panel);
    assert_memory_equal(&P.applets, &rest.applets, sizeof P.applets);
    assert_true(P.list.phase == SD_PULLDOWN_IDLE && P.list.offset == -TOP && !P.list.locked);
    /* And it can be pulled open again. */
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_drag_began(yof(0), 5));
    for (int i = 1; i <= 10; i++) send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(yof(12.0 * i), 1, 5 + 0.02 * i));
    assert_int_equal(P.list.phase, SD_PULLDOWN_PULLING);
}

static void test_restore_collapses_the_balls(void **s) {
    (void)s;
    open_panel(150, 0);
    const double t1 = 3;
    assert_int_equal(send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_close(0, t1)) & SD_PULLDOWN_ACTION_CLOSE_PANEL,
                     SD_PULLDOWN_ACTION_CLOSE_PANEL);
    int saw_three = 0, saw_centre_only = 0;
    for (int k = 0; k <= 42; k++) {
        double t = t1 + k / 120.0;
        frame_at(t);
        double sfrac = (t - t1) / 0.35;
        if (sfrac > 1) sfrac = 1;
        double b = sfrac >= 1 ? 0.0 : OPEN_NAV + (0.0 - OPEN_NAV) * sfrac;
        sd_pulldown_indicator want;
        sd_pulldown_indicator_at(&CFG, b, &want);
        assert_true(same_bits(F.indicator.alpha, want.alpha));
        assert_memory_equal(&F.indicator.left, &want.left, 3 * sizeof want.left);
        saw_three += want.alpha == 1 && F.indicator.left.alpha > 0 && F.indicator.left.x == -16;
        saw_centre_only += F.indicator.centre.alpha == 1 && F.indicator.left.alpha == 0 && F.indicator.centre.scale > 0;
        if (k == 0) assert_true(F.indicator.alpha == 0 && F.indicator.height == 150);
    }
    /* It passes through the stages backwards: three fading balls, then one shrinking. */
    assert_true(saw_three > 0 && saw_centre_only > 0);
    frame_at(t1 + 0.35);
    assert_true(F.indicator.alpha == 1 && F.indicator.height == 6 && F.indicator.centre.scale == 0);
    assert_true(same_bits(F.nav_top, 0.0) && F.tab_bar_alpha == 1 && F.nav_colour.red == 237);
}

static void test_pullup_slow_return(void **s) {
    (void)s;
    open_panel(150, -5);
    /* The seed's example: up 410, back down to 400, release. */
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_began(0, -1));
    const double path[] = { 100, 200, 300, 410, 400 };
    for (int i = 0; i < 5; i++) send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(path[i], 1, -1 + 0.1 * (i + 1)));
    assert_int_equal(P.panel.phase, SD_PULLDOWN_IDLE);
    uint32_t f = send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_ended(400, 0, 0));
    assert_int_equal(f, SD_PULLDOWN_ACTION_START_TRANSITION);
    assert_int_equal(A.started, BIT(RETURN));
    frame_at(0);
    assert_true(F.panel_offset == 400 && F.panel_offset_driven && F.interaction_enabled);
    sd_pulldown_mirror m;
    sd_pulldown_mirror_at(&CFG, 400, &m);
    assert_true(m.list_offset == 336 && F.list_y == OPEN_NAV - 400);
    /* At 30% of 1.5 s: exactly half way. */
    const double split = CFG.return_duration * CFG.return_split_time;
    frame_at(split);
    assert_true(F.panel_offset == 200 && F.panel_y == -200);
    /* Every frame reports the offset and the nav colour follows it. */
    double prev = 400;
    int finished_at = -1;
    for (int k = 1; k <= 100; k++) {
        double t = k / 60.0;
        f = tick(t);
        double want;
        sd_pulldown_return_offset(&CFG, 400, t, &want);
        if (t < 1.5) {
            assert_true(same_bits(F.panel_offset, want) && F.panel_offset_driven && same_bits(P.panel.offset, want));
        } else {
            assert_true(same_bits(F.panel_offset, 0.0) && !F.panel_offset_driven);
        }
        sd_pulldown_rgb rgb;
        sd_pulldown_nav_colour(&CFG, F.panel_offset, &rgb);
        assert_memory_equal(&F.nav_colour, &rgb, sizeof rgb);
        assert_true(F.panel_offset <= prev);
        prev = F.panel_offset;
        if (f & SD_PULLDOWN_ACTION_FINISH_TRANSITION) {
            finished_at = k;
            assert_true(A.finished == BIT(RETURN) && (f & SD_PULLDOWN_ACTION_SET_PANEL_OFFSET));
        }
        assert_true(F.interaction_enabled);
        assert_int_equal(F.panel_phase, SD_PULLDOWN_IDLE);
    }
    assert_int_equal(finished_at, 90);
    assert_true(F.nav_colour.red == 255 && F.nav_top == OPEN_NAV && sd_pulldown_is_open(&P));
}

static void test_drag_cancels_the_return(void **s) {
    (void)s;
    open_panel(150, -5);
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_began(0, -1));
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(410, 1, -0.5));
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(400, 1, -0.4));
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_ended(400, 0, 0));
    tick(0.3);
    const double at = P.panel.offset;
    double want;
    sd_pulldown_return_offset(&CFG, 400, 0.3, &want);
    assert_true(at == want && at < 400 && at > 200);
    uint32_t f = send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_began(at, 0.3));
    assert_int_equal(f, SD_PULLDOWN_ACTION_CANCEL_TRANSITION | SD_PULLDOWN_ACTION_SET_PANEL_OFFSET);
    assert_int_equal(A.cancelled, BIT(RETURN));
    assert_true(A.panel_offset == at);
    /* The offset stays where the return left it and is no longer driven. */
    for (double t = 0.4; t < 2.5; t += 0.25) {
        f = tick(t);
        assert_false(f & SD_PULLDOWN_ACTION_FINISH_TRANSITION);
        assert_true(F.panel_offset == at && !F.panel_offset_driven && F.panel_transition == 0);
    }
    /* The drag goes on as usual: up is pulling, and a release closes. */
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(at + 10, 1, 2.6));
    assert_int_equal(P.panel.phase, SD_PULLDOWN_PULLING);
    f = send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_ended(at + 10, 0, 2.7));
    assert_true(f & SD_PULLDOWN_ACTION_CLOSE_PANEL);
    /* A close while the return runs cancels it as well. */
    open_panel(150, 10);
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_began(0, 12));
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(100, 1, 12.1));
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(90, 1, 12.2));
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_ended(90, 0, 12.3));
    f = send(SD_PULLDOWN_SOURCE_APPLETS, sd_pulldown_event_close(0, 12.4));
    assert_true((f & SD_PULLDOWN_ACTION_CANCEL_TRANSITION) && A.cancelled == BIT(RETURN));
    assert_int_equal(A.started, BIT(CLOSE) | BIT(RESTORE));
}

static void test_applets_close_through_handle(void **s) {
    (void)s;
    /* Dragging the mini-program list up by 140 closes the panel. */
    open_panel(150, 0);
    send(SD_PULLDOWN_SOURCE_APPLETS, sd_pulldown_event_drag_began(57, 3));
    uint32_t f = send(SD_PULLDOWN_SOURCE_APPLETS, sd_pulldown_event_drag_ended(140, 1, 3.2));
    assert_int_equal(f, SD_PULLDOWN_ACTION_STATE | SD_PULLDOWN_ACTION_START_TRANSITION |
                            SD_PULLDOWN_ACTION_LOCK_INTERACTION | SD_PULLDOWN_ACTION_CLOSE_PANEL);
    assert_int_equal(A.started, BIT(CLOSE) | BIT(RESTORE));
    assert_true(P.panel.phase == SD_PULLDOWN_REFRESHING && P.list.phase == SD_PULLDOWN_IDLE);
    tick(3.2 + 0.4);
    expect_rest_frame("after a close by the mini-program list");

    /* Opening a mini-program: nothing until its page appeared. */
    open_panel(150, 10);
    assert_int_equal(send(SD_PULLDOWN_SOURCE_APPLETS, sd_pulldown_event_applet_opened(12)), 0);
    assert_int_equal(tick(12.5) & SD_PULLDOWN_ACTION_CLOSE_PANEL, 0);
    assert_true(sd_pulldown_is_open(&P));
    f = send(SD_PULLDOWN_SOURCE_APPLETS, sd_pulldown_event_page_appeared(13));
    assert_true((f & SD_PULLDOWN_ACTION_CLOSE_PANEL) && A.started == (BIT(CLOSE) | BIT(RESTORE)));
    /* The search bar snap goes through too, as an animated scroll. */
    open_panel(150, 20);
    send(SD_PULLDOWN_SOURCE_APPLETS, sd_pulldown_event_drag_began(57, 22));
    f = send(SD_PULLDOWN_SOURCE_APPLETS, sd_pulldown_event_drag_ended(40, 0, 22.1));
    assert_int_equal(f, SD_PULLDOWN_ACTION_SCROLL_APPLETS);
    assert_true(same_bits(A.applets_offset, 0.0));
    /* A close when the panel is not open is refused. */
    sd_pulldown_init(&P, &CFG, NULL);
    sd_pulldown before = P;
    sd_pulldown_event e = sd_pulldown_event_close(0, 1);
    assert_int_equal(sd_pulldown_handle(&CFG, &P, SD_PULLDOWN_SOURCE_LIST, &e, &A), SD_ERR_STATE);
    assert_memory_equal(&P, &before, sizeof P);
    sd_pulldown_list_state l = sd_pulldown_list_initial(&CFG);
    assert_int_equal(sd_pulldown_list_step(&CFG, &l, &e, &A), SD_ERR_STATE);
}

/* ------------------------------------------------------------------------ */
/* Rejected input                                                            */
/* ------------------------------------------------------------------------ */

static void fill(sd_pulldown_actions *a) { memset(a, 0xAB, sizeof *a); }

static void test_non_finite_input_leaves_state_unchanged(void **s) {
    (void)s;
    const double bad[] = { NAN, INFINITY, -INFINITY };
    const sd_pulldown_event_type with_offset[] = { SD_PULLDOWN_EVENT_OFFSET_CHANGED, SD_PULLDOWN_EVENT_DRAG_BEGAN,
                                                   SD_PULLDOWN_EVENT_DRAG_ENDED,
                                                   SD_PULLDOWN_EVENT_DECELERATION_ENDED, SD_PULLDOWN_EVENT_CLOSE };
    /* States worth protecting: pulling on the list; the panel open and pulled up. */
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_drag_began(yof(0), 0));
    for (int i = 1; i <= 20; i++) send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(yof(6.0 * i), 1, i / 60.0));
    assert_int_equal(P.list.phase, SD_PULLDOWN_PULLING);
    sd_pulldown pulling = P;
    open_panel(150, 0);
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_drag_began(0, 3));
    send(SD_PULLDOWN_SOURCE_PANEL, sd_pulldown_event_offset(80, 1, 3.1));
    sd_pulldown open = P;
    const sd_pulldown *states[] = { &pulling, &open };

    for (int which = 0; which < 2; which++) {
        for (int b = 0; b < 3; b++) {
            for (int k = 0; k < 5; k++) {
                for (int src = 0; src < 3; src++) {
                    sd_pulldown p = *states[which];
                    sd_pulldown_actions a, a0;
                    fill(&a);
                    a0 = a;
                    /* A non-finite offset. */
                    sd_pulldown_event e = sd_pulldown_event_make(with_offset[k], bad[b], 1, 4);
                    assert_int_equal(sd_pulldown_handle(&CFG, &p, (sd_pulldown_source)src, &e, &a), SD_ERR_NOT_FINITE);
                    assert_memory_equal(&p, states[which], sizeof p);
                    assert_memory_equal(&a, &a0, sizeof a);
                    /* A non-finite time, for every event type. */
                    for (int type = 0; type <= SD_PULLDOWN_EVENT_PAGE_APPEARED; type++) {
                        e = sd_pulldown_event_make((sd_pulldown_event_type)type, 10, 1, bad[b]);
                        assert_int_equal(sd_pulldown_handle(&CFG, &p, (sd_pulldown_source)src, &e, &a),
                                         SD_ERR_NOT_FINITE);
                        assert_memory_equal(&p, states[which], sizeof p);
                        assert_memory_equal(&a, &a0, sizeof a);
                    }
                }
                /* The machines one by one. */
                sd_pulldown p = *states[which];
                sd_pulldown_actions a, a0;
                fill(&a);
                a0 = a;
                sd_pulldown_event e = sd_pulldown_event_make(with_offset[k], bad[b], 0, 4);
                assert_int_equal(sd_pulldown_list_step(&CFG, &p.list, &e, &a), SD_ERR_NOT_FINITE);
                assert_int_equal(sd_pulldown_panel_step(&CFG, &p.panel, &e, &a), SD_ERR_NOT_FINITE);
                assert_int_equal(sd_pulldown_applets_step(&CFG, &p.applets, &e, &a), SD_ERR_NOT_FINITE);
                assert_memory_equal(&p, states[which], sizeof p);
                assert_memory_equal(&a, &a0, sizeof a);
            }
            /* The tick and the frame. */
            sd_pulldown p = *states[which];
            sd_pulldown_actions a, a0;
            fill(&a);
            a0 = a;
            sd_pulldown_frame fr, fr0;
            memset(&fr, 0x3C, sizeof fr);
            fr0 = fr;
            assert_int_equal(sd_pulldown_tick(&CFG, &p, bad[b], &a, &fr), SD_ERR_NOT_FINITE);
            assert_int_equal(sd_pulldown_frame_at(&CFG, &p.list, &p.panel, bad[b], &fr), SD_ERR_NOT_FINITE);
            assert_memory_equal(&p, states[which], sizeof p);
            assert_memory_equal(&a, &a0, sizeof a);
            assert_memory_equal(&fr, &fr0, sizeof fr);
        }
    }
    /* Frames, FRAME events and page events ignore the offset field. */
    P = pulling;
    sd_pulldown_event e = sd_pulldown_event_make(SD_PULLDOWN_EVENT_FRAME, NAN, 0, 5);
    assert_int_equal(sd_pulldown_handle(&CFG, &P, SD_PULLDOWN_SOURCE_LIST, &e, &A), SD_OK);
}

static void test_bad_arguments(void **s) {
    (void)s;
    sd_pulldown p;
    sd_pulldown_init(&p, &CFG, NULL);
    sd_pulldown before = p;
    sd_pulldown_actions a;
    fill(&a);
    sd_pulldown_actions a0 = a;
    sd_pulldown_event e = sd_pulldown_event_offset(-100, 1, 0);
    assert_int_equal(sd_pulldown_handle(NULL, &p, SD_PULLDOWN_SOURCE_LIST, &e, &a), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_handle(&CFG, NULL, SD_PULLDOWN_SOURCE_LIST, &e, &a), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_handle(&CFG, &p, SD_PULLDOWN_SOURCE_LIST, NULL, &a), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_handle(&CFG, &p, SD_PULLDOWN_SOURCE_LIST, &e, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_handle(&CFG, &p, (sd_pulldown_source)3, &e, &a), SD_ERR_RANGE);
    e.type = 8;
    assert_int_equal(sd_pulldown_handle(&CFG, &p, SD_PULLDOWN_SOURCE_LIST, &e, &a), SD_ERR_RANGE);
    assert_int_equal(sd_pulldown_list_step(&CFG, &p.list, &e, &a), SD_ERR_RANGE);
    assert_int_equal(sd_pulldown_panel_step(&CFG, &p.panel, &e, &a), SD_ERR_RANGE);
    assert_int_equal(sd_pulldown_applets_step(&CFG, &p.applets, &e, &a), SD_ERR_RANGE);
    e.type = SD_PULLDOWN_EVENT_OFFSET_CHANGED;
    assert_int_equal(sd_pulldown_list_step(NULL, &p.list, &e, &a), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_panel_step(&CFG, NULL, &e, &a), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_applets_step(&CFG, &p.applets, &e, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_frame_at(&CFG, &p.list, NULL, 0, &F), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_tick(&CFG, &p, 0, NULL, NULL), SD_ERR_NULL);
    assert_memory_equal(&p, &before, sizeof p);
    assert_memory_equal(&a, &a0, sizeof a);
    assert_false(sd_pulldown_is_open(NULL));
    /* Durations by kind. */
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_OPEN) == 0.35);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_RESTORE) == 0.35);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_CLOSE) == 0.4);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_RETURN) == 1.5);
    assert_true(sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_NONE) == 0);
    assert_true(sd_pulldown_transition_duration(NULL, SD_PULLDOWN_TRANSITION_OPEN) == 0);
    /* Event constructors. */
    e = sd_pulldown_event_drag_ended(12.5, 7, 3);
    assert_true(e.type == SD_PULLDOWN_EVENT_DRAG_ENDED && e.flag == 1 && e.offset == 12.5 && e.time == 3);
    e = sd_pulldown_event_frame(9);
    assert_true(e.type == SD_PULLDOWN_EVENT_FRAME && e.flag == 0 && e.offset == 0 && e.time == 9);
}

/* ------------------------------------------------------------------------ */
/* Frame-rate independence                                                   */
/* ------------------------------------------------------------------------ */

typedef struct scripted {
    double time;
    sd_pulldown_source source;
    sd_pulldown_event event;
} scripted;

/* Open, pull the panel up 410 and back to 400, release, let it return,
 * drag again mid-return, then pull up and close. Events at fixed times; the
 * clock ticks in between at `hz`. Frames at every 1/60 s are recorded. */
static int run_script(int hz, sd_pulldown_frame *frames, int max_frames) {
    scripted script[64];
    int n = 0;
#define AT(t, src, ev) (script[n].time = (t), script[n].source = SD_PULLDOWN_SOURCE_##src, script[n].event = (ev), n++)
    AT(0.001, LIST, sd_pulldown_event_drag_began(yof(0), 0.001));
    for (int i = 1; i <= 12; i++) AT(0.01 + 0.03 * i, LIST, sd_pulldown_event_offset(yof(15.0 * i), 1, 0.01 + 0.03 * i));
    AT(0.45, LIST, sd_pulldown_event_drag_ended(yof(180), 0, 0.45));
    AT(1.0, PANEL, sd_pulldown_event_drag_began(0, 1.0));
    for (int i = 1; i <= 5; i++) AT(1.0 + 0.04 * i, PANEL, sd_pulldown_event_offset(82.0 * i, 1, 1.0 + 0.04 * i));
    AT(1.25, PANEL, sd_pulldown_event_offset(400, 1, 1.25));
    AT(1.3, PANEL, sd_pulldown_event_drag_ended(400, 0, 1.3));
    AT(2.0, PANEL, sd_pulldown_event_drag_began(0, 2.0)); /* value unused by the panel machine */
    AT(2.05, PANEL, sd_pulldown_event_offset(300, 1, 2.05));
    AT(2.1, PANEL, sd_pulldown_event_offset(320, 1, 2.1));
    AT(2.15, PANEL, sd_pulldown_event_drag_ended(320, 1, 2.15));
#undef AT
    sd_pulldown p;
    sd_pulldown_init(&p, &CFG, NULL);
    sd_pulldown_actions a;
    int next = 0, recorded = 0, haptic_frames = 0;
    const int ticks = 3 * hz;
    for (int k = 0; k <= ticks; k++) {
        double t = (double)k / hz;
        while (next < n && script[next].time <= t) {
            assert_int_equal(sd_pulldown_handle(&CFG, &p, script[next].source, &script[next].event, &a), SD_OK);
            next++;
        }
        sd_pulldown_frame fr;
        assert_int_equal(sd_pulldown_tick(&CFG, &p, t, &a, &fr), SD_OK);
        haptic_frames += fr.haptic;
        if (k % (hz / 60) == 0 && recorded < max_frames) {
            fr.haptic = 0; /* per-frame by nature: counted, not compared */
            frames[recorded++] = fr;
        }
    }
    assert_int_equal(haptic_frames, 1);
    assert_int_equal(p.list.phase, SD_PULLDOWN_IDLE);
    return recorded;
}

static void test_60_and_120_hz_agree(void **s) {
    (void)s;
    static sd_pulldown_frame f60[200], f120[200];
    int n60 = run_script(60, f60, 200), n120 = run_script(120, f120, 200);
    assert_int_equal(n60, 181);
    assert_int_equal(n120, 181);
    for (int i = 0; i < n60; i++)
        if (memcmp(&f60[i], &f120[i], sizeof f60[i]) != 0) fail_msg("frame %d (t = %d/60) differs", i, i);
    /* Determinism: the same run twice gives the same bits. */
    static sd_pulldown_frame again[200];
    run_script(60, again, 200);
    assert_memory_equal(f60, again, sizeof(sd_pulldown_frame) * 181);
    /* The script did what it says: opened, returned partly, closed. */
    int opened = 0, returned = 0;
    for (int i = 0; i < n60; i++) {
        opened |= f60[i].list_phase == SD_PULLDOWN_REFRESHING && f60[i].panel_alpha == 1;
        returned |= f60[i].panel_offset_driven;
    }
    assert_true(opened && returned);
    assert_int_equal(f60[180].container_alpha, 0);
}

/* ------------------------------------------------------------------------ */
/* The fuzzers' findings (Tests/Fuzz/fuzz_pulldown.c), each with its input    */
/* ------------------------------------------------------------------------ */

/* P1: a tick at transition_start + duration ends the transition at any clock
 * value, also where the clock's resolution is coarser than the 1e-9 s
 * allowance. */
static void test_fuzz_p1_end_tick_at_a_late_clock(void **s) {
    (void)s;
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    const double t0 = 2.19e8;
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(-400, 1, t0));
    uint32_t f = send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(-400, 0, t0)); /* release: OPEN starts */
    assert_true(f & SD_PULLDOWN_ACTION_START_TRANSITION);
    assert_true(A.started == BIT(OPEN) && P.list.transition_start == t0 && P.list.locked);
    const double end = P.list.transition_start + sd_pulldown_transition_duration(&CFG, SD_PULLDOWN_TRANSITION_OPEN);
    /* What made the finding: the elapsed time at the end misses 0.35 s by more than 1e-9 s. */
    assert_true(end - t0 < 0.35 - 1e-9);
    /* A frame one clock step before the end still runs it ... */
    f = tick(nextafter(end, 0));
    assert_int_equal(f, 0);
    assert_true(P.list.transition == SD_PULLDOWN_TRANSITION_OPEN && !F.interaction_enabled);
    /* ... and the frame at the end finishes it: list offset reset, unlocked. */
    f = tick(end);
    assert_int_equal(f, SD_PULLDOWN_ACTION_PIN_LIST_OFFSET | SD_PULLDOWN_ACTION_FINISH_TRANSITION |
                            SD_PULLDOWN_ACTION_UNLOCK_INTERACTION);
    assert_true(A.finished == BIT(OPEN) && A.list_offset == -TOP);
    assert_true(P.list.transition == SD_PULLDOWN_TRANSITION_NONE && !P.list.locked);
    assert_true(F.interaction_enabled && F.list_transition == SD_PULLDOWN_TRANSITION_NONE && F.nav_top == OPEN_NAV);

    /* At DBL_MAX no later time exists: start + duration rounds to the start,
     * so the transition is over at once and that very time's tick ends it. */
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(-400, 1, DBL_MAX));
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(-400, 0, DBL_MAX));
    assert_true(P.list.transition == SD_PULLDOWN_TRANSITION_OPEN && P.list.locked);
    f = tick(DBL_MAX);
    assert_true((f & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION) && A.finished == BIT(OPEN));
    assert_true(P.list.transition == SD_PULLDOWN_TRANSITION_NONE && sd_pulldown_is_open(&P));
}

/* P2: screen heights past SD_PULLDOWN_MAX_SCREEN_HEIGHT are refused; at the
 * limit the open panel's frame is finite. */
static void test_fuzz_p2_screen_height_bounded(void **s) {
    (void)s;
    sd_pulldown_config c = sd_pulldown_config_article();
    c.screen_height = DBL_MAX;
    sd_error err;
    sd_pulldown p;
    memset(&p, 0x5A, sizeof p);
    sd_pulldown before = p;
    assert_int_equal(sd_pulldown_init(&p, &c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "screen_height");
    assert_memory_equal(&p, &before, sizeof p);

    /* The finding's events with the tallest screen allowed. */
    CFG.screen_height = SD_PULLDOWN_MAX_SCREEN_HEIGHT;
    assert_int_equal(sd_pulldown_init(&P, &CFG, NULL), SD_OK);
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_offset(-400, 1, 1.0));
    send(SD_PULLDOWN_SOURCE_LIST, sd_pulldown_event_drag_ended(-400, 0, 1.1));
    frame_at(5.0);
    assert_true(F.list_phase == SD_PULLDOWN_REFRESHING && F.list_transition == SD_PULLDOWN_TRANSITION_NONE);
    assert_true(F.panel_content_height == 2e7);
    assert_true(F.nav_top == 1e6 - TOP && F.tab_bar_y == 1e6);
    const double *v = &F.nav_top;
    size_t n = (size_t)((const char *)&F.interaction_enabled - (const char *)&F.nav_top) / sizeof(double);
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i])) fail_msg("frame value %zu is %g", i, v[i]);
}

static void test_struct_sizes(void **s) {
    (void)s;
    assert_int_equal(sizeof(sd_pulldown_rgb), 24);
    assert_int_equal(sizeof(sd_pulldown_config), 240);
    assert_int_equal(sizeof(sd_pulldown_ball), 24);
    assert_int_equal(sizeof(sd_pulldown_indicator), 88);
    assert_int_equal(sizeof(sd_pulldown_reveal), 40);
    assert_int_equal(sizeof(sd_pulldown_mirror), 40);
    assert_int_equal(sizeof(sd_pulldown_event), 24);
    assert_int_equal(sizeof(sd_pulldown_actions), 40);
    assert_int_equal(sizeof(sd_pulldown_list_state), 72);
    assert_int_equal(sizeof(sd_pulldown_panel_state), 48);
    assert_int_equal(sizeof(sd_pulldown_applets_state), 24);
    assert_int_equal(sizeof(sd_pulldown), 144);
    assert_int_equal(sizeof(sd_pulldown_frame), 272);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_presets, setup),
        cmocka_unit_test_setup(test_config_invalid, setup),
        cmocka_unit_test_setup(test_stages_golden, setup),
        cmocka_unit_test_setup(test_indicator_edges, setup),
        cmocka_unit_test_setup(test_reveal_spot_values, setup),
        cmocka_unit_test_setup(test_nav_colour_golden, setup),
        cmocka_unit_test_setup(test_mirror_golden, setup),
        cmocka_unit_test_setup(test_return_golden, setup),
        cmocka_unit_test_setup(test_return_curve_properties, setup),
        cmocka_unit_test_setup(test_batches_match_single, setup),
        cmocka_unit_test_setup(test_formulas_match_the_stage_description, setup),
        cmocka_unit_test_setup(test_offset_batches_match_single_at_every_level, setup),
        cmocka_unit_test_setup(test_list_needs_threshold_and_downward_motion, setup),
        cmocka_unit_test_setup(test_list_move_up_then_release_does_not_open, setup),
        cmocka_unit_test_setup(test_list_haptic_once_per_gesture, setup),
        cmocka_unit_test_setup(test_list_release_pins_and_opens, setup),
        cmocka_unit_test_setup(test_panel_pulling_rules, setup),
        cmocka_unit_test_setup(test_applets_rules, setup),
        cmocka_unit_test_setup(test_frame_at_rest_and_pulling, setup),
        cmocka_unit_test_setup(test_open_transition_and_lock, setup),
        cmocka_unit_test_setup(test_open_panel_mirror_frame, setup),
        cmocka_unit_test_setup(test_pullup_release_closes_and_resets, setup),
        cmocka_unit_test_setup(test_restore_collapses_the_balls, setup),
        cmocka_unit_test_setup(test_pullup_slow_return, setup),
        cmocka_unit_test_setup(test_drag_cancels_the_return, setup),
        cmocka_unit_test_setup(test_applets_close_through_handle, setup),
        cmocka_unit_test_setup(test_non_finite_input_leaves_state_unchanged, setup),
        cmocka_unit_test_setup(test_bad_arguments, setup),
        cmocka_unit_test_setup(test_60_and_120_hz_agree, setup),
        cmocka_unit_test_setup(test_fuzz_p1_end_tick_at_a_late_clock, setup),
        cmocka_unit_test_setup(test_fuzz_p2_screen_height_bounded, setup),
        cmocka_unit_test_setup(test_struct_sizes, setup),
    };
    return cmocka_run_group_tests_name("pulldown", tests, NULL, NULL);
}
