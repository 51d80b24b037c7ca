/* test_pulldown_batch.c — cmocka tests of the pull-down panel: the formulas against the stage description, and every batch against the single values at every vector level (CCore/pulldown_batch.c). */
#include "pulldown_test.h"


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
    assert_int_equal(sd_pulldown_indicator_batch(&CFG, in_, NB, &ia, &rejected, NULL), SD_OK);
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
    assert_int_equal(sd_pulldown_reveal_batch(&CFG, in_, NB, &ra, &rejected, NULL), SD_OK);
    assert_int_equal(rejected, expected_bad);
    for (int i = 0; i < NB; i++) {
        sd_pulldown_reveal e;
        sd_pulldown_reveal_at(&CFG, isfinite(in_[i]) ? in_[i] : 0, &e);
        const double want[] = { e.container_alpha, e.panel_alpha, e.panel_scale_x, e.panel_scale_y, e.mask_alpha };
        for (int k = 0; k < 5; k++)
            if (!same_bits(o_[k][i], want[k])) fail_msg("reveal field %d at %.17g", k, in_[i]);
    }

    assert_int_equal(sd_pulldown_nav_colour_batch(&CFG, in_, NB, o_[0], o_[1], o_[2], &rejected, NULL), SD_OK);
    assert_int_equal(rejected, expected_bad);
    for (int i = 0; i < NB; i++) {
        sd_pulldown_rgb e;
        sd_pulldown_nav_colour(&CFG, isfinite(in_[i]) ? in_[i] : 0, &e);
        assert_true(same_bits(o_[0][i], e.red) && same_bits(o_[1][i], e.green) && same_bits(o_[2][i], e.blue));
        assert_true(e.red >= 237 && e.red <= 255);
    }

    sd_pulldown_mirror_arrays ma = { o_[0], o_[1], o_[2], o_[3], o_[4] };
    assert_int_equal(sd_pulldown_mirror_batch(&CFG, in_, NB, &ma, &rejected, NULL), SD_OK);
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
    assert_int_equal(sd_pulldown_indicator_batch(&CFG, in_, NB, &only_centre, NULL, NULL), SD_OK);
    for (int i = 0; i < NB; i++) {
        sd_pulldown_indicator e;
        sd_pulldown_indicator_at(&CFG, isfinite(in_[i]) ? in_[i] : 0, &e);
        assert_true(o_[0][i] == -42 && same_bits(o_[1][i], e.centre.scale));
    }
    assert_int_equal(sd_pulldown_nav_colour_batch(&CFG, in_, NB, NULL, NULL, NULL, &rejected, NULL), SD_OK);
    assert_int_equal(rejected, expected_bad);

    /* Argument errors write nothing. */
    rejected = 99;
    assert_int_equal(sd_pulldown_indicator_batch(NULL, in_, NB, &ia, &rejected, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_indicator_batch(&CFG, NULL, NB, &ia, &rejected, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_indicator_batch(&CFG, in_, NB, NULL, &rejected, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_reveal_batch(&CFG, NULL, 3, &ra, &rejected, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_mirror_batch(&CFG, in_, 3, NULL, &rejected, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_nav_colour_batch(&CFG, NULL, 3, o_[0], NULL, NULL, &rejected, NULL), SD_ERR_NULL);
    assert_int_equal(rejected, 99);
    assert_true(o_[0][0] == -42);
    assert_int_equal(sd_pulldown_mirror_batch(&CFG, NULL, 0, &ma, NULL, NULL), SD_OK);
}

/* ---- the branch-light formulas against the stage-by-stage description ----
 *
 * pulldown.c evaluates every stage and selects; here is the description of
 * pulldown.h (and the article's code) written with branches, sd_map/sd_lerp per
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
                assert_int_equal(sd_pulldown_offset_batch(&c, big_in_, n, &o, &rejected, NULL), SD_OK);
                assert_int_equal(rejected, bad);
                check_outputs(&c, &o, n, "sd_pulldown_offset_batch", level);

                /* Each group on its own, through its own batch. */
                clear_outputs();
                sd_pulldown_offset_arrays g = offset_arrays(shift);
                memset(&g.reveal, 0, sizeof g.reveal);
                g.red = g.green = g.blue = NULL;
                rejected = 99;
                assert_int_equal(sd_pulldown_indicator_batch(&c, big_in_, n, &g.indicator, &rejected, NULL), SD_OK);
                assert_int_equal(rejected, bad);
                check_outputs(&c, &g, n, "sd_pulldown_indicator_batch", level);

                clear_outputs();
                g = offset_arrays(shift);
                memset(&g.indicator, 0, sizeof g.indicator);
                g.red = g.green = g.blue = NULL;
                assert_int_equal(sd_pulldown_reveal_batch(&c, big_in_, n, &g.reveal, NULL, NULL), SD_OK);
                check_outputs(&c, &g, n, "sd_pulldown_reveal_batch", level);

                clear_outputs();
                g = offset_arrays(shift);
                memset(&g.indicator, 0, sizeof g.indicator);
                memset(&g.reveal, 0, sizeof g.reveal);
                assert_int_equal(sd_pulldown_nav_colour_batch(&c, big_in_, n, g.red, g.green, g.blue, NULL, NULL), SD_OK);
                check_outputs(&c, &g, n, "sd_pulldown_nav_colour_batch", level);

                /* Some arrays NULL: skipped, the others still right. */
                clear_outputs();
                g = offset_arrays(shift);
                *field_pointer(&g, (int)(ci % NFIELDS)) = NULL;
                *field_pointer(&g, (int)((ci * 7 + 3) % NFIELDS)) = NULL;
                assert_int_equal(sd_pulldown_offset_batch(&c, big_in_, n, &g, NULL, NULL), SD_OK);
                check_outputs(&c, &g, n, "sd_pulldown_offset_batch with NULL arrays", level);
            }
        }
    }
    assert_int_equal(sd_pulldown_simd_cap(2), widest);

    /* Argument errors write nothing. */
    clear_outputs();
    sd_pulldown_offset_arrays o = offset_arrays(0);
    size_t rejected = 99;
    assert_int_equal(sd_pulldown_offset_batch(NULL, big_in_, 5, &o, &rejected, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_offset_batch(&CFG, NULL, 5, &o, &rejected, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_offset_batch(&CFG, big_in_, 5, NULL, &rejected, NULL), SD_ERR_NULL);
    assert_int_equal(rejected, 99);
    check_outputs(&CFG, &o, 0, "rejected calls", widest);
    assert_int_equal(sd_pulldown_offset_batch(&CFG, NULL, 0, &o, NULL, NULL), SD_OK);
}


int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_batches_match_single, setup),
        cmocka_unit_test_setup(test_formulas_match_the_stage_description, setup),
        cmocka_unit_test_setup(test_offset_batches_match_single_at_every_level, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
