/* test_pulldown_compact.c — cmocka tests of the pull-down's compact values (CCore/pulldown_compact.c): expanded,
 * they are the single-value functions' values bit for bit; the batches give them in double bit for bit and in
 * float rounded once, at every vector level the machine has, over random and adversarial distances. */
#include "pulldown_test.h"

#include <stdlib.h>

/* Draws from libc's drand48, seeded in main: the same sequence every run. */
static double uniform(double lo, double hi) { return lo + (hi - lo) * drand48(); }

static int same_float(float a, float b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The article's and WeChat's numbers, then configurations that stress the
 * formulas: cp0 = +-0, stages as narrow as 1e-9 or as wide as 1e5, and the
 * fields a zero may be given with its sign flipped. */
static sd_pulldown_config config_number(int k) {
    if (k == 0) return sd_pulldown_config_article();
    if (k == 1) return sd_pulldown_config_wechat();
    sd_pulldown_config c = sd_pulldown_config_article();
    const double span = k % 3 == 0 ? 1e5 : k % 3 == 1 ? 1e-6 : 200;
    c.cp0 = k % 2 == 0 ? (k % 4 == 0 ? -0.0 : 0.0) : uniform(0, span);
    c.cp1 = c.cp0 + (k % 5 == 0 ? 1e-9 : uniform(1e-9, span));
    c.cp2 = c.cp1 + (k % 7 == 0 ? 1e-9 : uniform(1e-9, span));
    c.cp3 = c.cp2 + uniform(1e-9, span);
    c.screen_height = c.cp3 * 2 + 1;
    c.top_bar_height = c.tab_bar_height = 0.0;
    double *const zeroable[] = { &c.ball_spread,       &c.ball_max_scale,    &c.min_indicator_height,
                                 &c.reveal_panel_alpha, &c.reveal_mask_alpha, &c.panel_scale_x,
                                 &c.panel_scale_y,      &c.panel_scale_gain,  &c.list_colour.green,
                                 &c.open_colour.blue };
    const double top[] = { 40, 4, 10, 1, 1, 1, 1, 1, 255, 255 };
    for (size_t f = 0; f < sizeof top / sizeof top[0]; f++) {
        const double r = uniform(0, 1);
        *zeroable[f] = r < 0.2 ? -0.0 : r < 0.3 ? 0.0 : uniform(0, top[f]);
    }
    assert_int_equal(sd_pulldown_config_validate(&c, NULL), SD_OK);
    return c;
}

/* Distances: every critical point, its neighbours and its negative; the
 * screen height and the minimum height; zeros of both signs, subnormals,
 * huge values, NaN and infinities; the rest random over the stages. */
enum { NMAX = 1100, PAD = 16 };
static double distances[NMAX];

static void fill_distances(const sd_pulldown_config *c) {
    const double points[] = { c->cp0, c->cp1, c->cp2, c->cp3, c->screen_height, c->min_indicator_height };
    size_t n = 0;
    for (size_t p = 0; p < sizeof points / sizeof points[0]; p++) {
        const double x = points[p];
        const double around[] = { x, nextafter(x, INFINITY), nextafter(x, -INFINITY), -x,
                                  nextafter(nextafter(x, INFINITY), INFINITY), x * 0.5, x * 2 };
        for (size_t a = 0; a < sizeof around / sizeof around[0]; a++) distances[n++] = around[a];
    }
    const double special[] = { 0.0, -0.0, 4.9e-324, -4.9e-324, 2.2e-308, 1e-300, DBL_MAX, -DBL_MAX, 1e300, -1e300,
                               3.5e38, 3.4028235677973366e38, 1e39, NAN, -NAN, INFINITY, -INFINITY };
    for (size_t a = 0; a < sizeof special / sizeof special[0]; a++) distances[n++] = special[a];
    while (n < NMAX) {
        const double r = uniform(0, 1);
        distances[n++] = r < 0.9    ? uniform(-0.2, 1.4) * c->cp3
                         : r < 0.95 ? uniform(-1, 1) * 1e-310
                                    : uniform(-1, 1) * 1e20;
    }
    /* Shuffled, so that every kind lands in the peel, the whole blocks and the rest. */
    for (size_t i = NMAX - 1; i > 0; i--) {
        const size_t j = (size_t)uniform(0, (double)(i + 1));
        const double t = distances[i];
        distances[i] = distances[j];
        distances[j] = t;
    }
}

/* The seven arrays of a batch, each inside a buffer with PAD guard values on
 * both sides; `shift` moves each array 0...15 elements into its buffer. */
#define GUARD_D (-9876.5)
#define GUARD_F (-9876.5f)
static double out_d[7][PAD + NMAX + PAD];
static float out_f[7][PAD + NMAX + PAD];

static void guard_all(void) {
    for (int f = 0; f < 7; f++)
        for (int i = 0; i < PAD + NMAX + PAD; i++) {
            out_d[f][i] = GUARD_D;
            out_f[f][i] = GUARD_F;
        }
}

static double *array_d(int f, int shift) { return &out_d[f][PAD] + (shift + 3 * f) % PAD; }
static float *array_f(int f, int shift) { return &out_f[f][PAD] + (shift + 5 * f) % PAD; }

/* Which of the seven arrays a call asks for: all of them, each alone, or a mix. */
static int wanted(int mask, int f) { return (mask >> f) & 1; }

static sd_pulldown_compact_arrays arrays_d(int mask, int shift) {
    double *a[7];
    for (int f = 0; f < 7; f++) a[f] = wanted(mask, f) ? array_d(f, shift) : NULL;
    sd_pulldown_compact_arrays o = { a[0], a[1], a[2], a[3], a[4], a[5], a[6] };
    return o;
}

static sd_pulldown_compact_float_arrays arrays_f(int mask, int shift) {
    float *a[7];
    for (int f = 0; f < 7; f++) a[f] = wanted(mask, f) ? array_f(f, shift) : NULL;
    sd_pulldown_compact_float_arrays o = { a[0], a[1], a[2], a[3], a[4], a[5], a[6] };
    return o;
}

static void values_of(const sd_pulldown_compact *v, double out[7]) {
    const double all[7] = { v->indicator_alpha, v->indicator_height, v->centre_scale, v->ball_alpha,
                            v->side_x,          v->reveal,           v->colour_progress };
    memcpy(out, all, sizeof all);
}

static const char *const NAMES[7] = { "indicator_alpha", "indicator_height", "centre_scale", "ball_alpha",
                                      "side_x", "reveal", "colour_progress" };

/* The expansion of compact values at d against the three single-value functions, bit for bit. */
static void check_expansion(const sd_pulldown_config *c, double d, const sd_pulldown_compact *v, int k) {
    sd_pulldown_indicator ind, want_ind;
    sd_pulldown_reveal rev, want_rev;
    sd_pulldown_rgb rgb, want_rgb;
    assert_int_equal(sd_pulldown_compact_expand(c, d, v, &ind, &rev, &rgb), SD_OK);
    assert_int_equal(sd_pulldown_indicator_at(c, d, &want_ind), SD_OK);
    assert_int_equal(sd_pulldown_reveal_at(c, d, &want_rev), SD_OK);
    assert_int_equal(sd_pulldown_nav_colour(c, d, &want_rgb), SD_OK);
    if (memcmp(&ind, &want_ind, sizeof ind) != 0) fail_msg("config %d, d = %.17g: expanded indicator differs", k, d);
    if (memcmp(&rev, &want_rev, sizeof rev) != 0) fail_msg("config %d, d = %.17g: expanded reveal differs", k, d);
    if (memcmp(&rgb, &want_rgb, sizeof rgb) != 0) fail_msg("config %d, d = %.17g: expanded colour differs", k, d);
}

/* The ranges the header states for each compact value. */
static void check_ranges(const sd_pulldown_config *c, double d, const sd_pulldown_compact *v, int k) {
    const double lo_scale = c->ball_max_scale < 1 ? c->ball_max_scale : 1;
    const double hi_scale = c->ball_max_scale > 1 ? c->ball_max_scale : 1;
    const int in_unit = v->ball_alpha >= 0 && v->ball_alpha <= 1 && v->reveal >= 0 && v->reveal <= 1 &&
                        v->colour_progress >= 0 && v->colour_progress <= 1 &&
                        (v->indicator_alpha == 0 || v->indicator_alpha == 1);
    /* the centre scale: 0, the grow ramp up to ball_max_scale, or the shrink ramp between it and 1 (to a rounding) */
    const int scale_ok = v->centre_scale >= 0 &&
                         (d <= c->cp1 ? v->centre_scale <= c->ball_max_scale
                                      : v->centre_scale == 0 || (v->centre_scale >= nextafter(lo_scale, -INFINITY) &&
                                                                 v->centre_scale <= nextafter(hi_scale, INFINITY)));
    if (!in_unit || !scale_ok || !(v->side_x >= 0 && v->side_x <= c->ball_spread) ||
        !(v->indicator_height >= c->min_indicator_height))
        fail_msg("config %d, d = %.17g: a compact value outside its stated range", k, d);
}

static void test_expanded_values_equal_the_single_functions(void **s) {
    (void)s;
    for (int k = 0; k < 300; k++) {
        const sd_pulldown_config c = config_number(k);
        fill_distances(&c);
        for (int i = 0; i < NMAX; i++) {
            if (!isfinite(distances[i])) continue;
            sd_pulldown_compact v;
            assert_int_equal(sd_pulldown_compact_at(&c, distances[i], &v), SD_OK);
            check_expansion(&c, distances[i], &v, k);
            check_ranges(&c, distances[i], &v, k);
        }
    }
}

/* One batch call of each precision over the first n distances, with the
 * arrays of `mask`, checked value by value against sd_pulldown_compact_at
 * (a non-finite distance read as 0), and the guards around every array. */
static void check_batches(const sd_pulldown_config *c, size_t n, int mask, int shift, int level, int k) {
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) bad += !isfinite(distances[i]);
    guard_all();
    const sd_pulldown_compact_arrays od = arrays_d(mask, shift);
    const sd_pulldown_compact_float_arrays of = arrays_f(mask, shift);
    size_t rejected = 99;
    sd_error err;
    assert_int_equal(sd_pulldown_compact_batch(c, distances, n, &od, &rejected, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    assert_int_equal(rejected, bad);
    rejected = 99;
    assert_int_equal(sd_pulldown_compact_float_batch(c, distances, n, &of, &rejected, NULL), SD_OK);
    assert_int_equal(rejected, bad);
    for (int f = 0; f < 7; f++) {
        const double *ad = wanted(mask, f) ? array_d(f, shift) : NULL;
        const float *af = wanted(mask, f) ? array_f(f, shift) : NULL;
        for (int i = 0; i < PAD + NMAX + PAD; i++) {
            const double *pd = &out_d[f][i];
            const float *pf = &out_f[f][i];
            if (!(ad && pd >= ad && pd < ad + n) && !same_bits(*pd, GUARD_D))
                fail_msg("level %d, config %d, n %zu: double %s written outside its array", level, k, n, NAMES[f]);
            if (!(af && pf >= af && pf < af + n) && !same_float(*pf, GUARD_F))
                fail_msg("level %d, config %d, n %zu: float %s written outside its array", level, k, n, NAMES[f]);
        }
    }
    for (size_t i = 0; i < n; i++) {
        const double d = isfinite(distances[i]) ? distances[i] : 0.0;
        sd_pulldown_compact v;
        assert_int_equal(sd_pulldown_compact_at(c, d, &v), SD_OK);
        double want[7];
        values_of(&v, want);
        for (int f = 0; f < 7; f++) {
            if (!wanted(mask, f)) continue;
            const double got = array_d(f, shift)[i];
            const float got_f = array_f(f, shift)[i];
            if (!same_bits(got, want[f]))
                fail_msg("level %d, config %d, mask %#x, d = %.17g: %s %.17g, single %.17g", level, k, mask, d,
                         NAMES[f], got, want[f]);
            if (!same_float(got_f, (float)want[f]))
                fail_msg("level %d, config %d, mask %#x, d = %.17g: float %s %.9g, rounded single %.9g", level, k,
                         mask, d, NAMES[f], (double)got_f, (double)(float)want[f]);
        }
    }
}

static void test_batches_at_every_level(void **s) {
    (void)s;
    const int widest = sd_pulldown_simd_cap(2);
    const size_t counts[] = { 0, 1, 5, 16, 17, 255, 256, 257, 600, NMAX };
    /* All seven; what a renderer takes (no indicator alpha or height); each alone; mixes. */
    const int masks[] = { 0x7f, 0x7c, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x43, 0x21, 0x5a };
    for (int level = widest; level >= 0; level--) {
        assert_int_equal(sd_pulldown_simd_cap(level), level);
        for (int k = 0; k < 24; k++) {
            const sd_pulldown_config c = config_number(k);
            fill_distances(&c);
            for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ci++)
                for (size_t mi = 0; mi < sizeof masks / sizeof masks[0]; mi += 1 + (ci + mi) % 2)
                    check_batches(&c, counts[ci], masks[mi], (int)(k + ci + mi), level, k);
        }
    }
    assert_int_equal(sd_pulldown_simd_cap(2), widest);
}

/* A configuration with stage widths w1, w2, w3 from cp0 (cp2 = cp0 + w1 + w2 is the colour's divisor). */
static sd_pulldown_config config_with_widths(double cp0, double w1, double w2, double w3) {
    sd_pulldown_config c = sd_pulldown_config_article();
    c.cp0 = cp0;
    c.cp1 = c.cp0 + w1;
    c.cp2 = c.cp1 + w2;
    c.cp3 = c.cp2 + w3;
    c.screen_height = c.cp3 < 4e5 ? c.cp3 * 2 + 1 : c.cp3 < 1e6 ? 1e6 : c.cp3 * 2;
    c.top_bar_height = c.tab_bar_height = 0.0;
    return c;
}

/* A double with an all-ones significand (2 - 2^-52) times 2^e: its reciprocal is the hardest to round. */
static double all_ones(int e) { return ldexp(2.0 - 0x1p-52, e); }

/*
 * The quotients on their own (the ramp q = (d - lo) / width and the colour's
 * |d| / cp2), which AVX-512 computes by a product and FMA corrections: the
 * batches' ramp and colour values against sd_pulldown_compact_at at every
 * level, bit for bit, over divisors with all-ones significands, powers of
 * two and their neighbours, random ones, critical points at the ends of the
 * range where the products are used (2^-256 and 2^256) and beyond it, cp0 = 0
 * with tiny distances (the blocks that must divide), and distances whose
 * quotients sit next to powers of two, next to the stage ends and anywhere.
 */
enum { QN = 4096 };
static double q_in[QN];
static double q_out[4][QN];
static float q_outf[4][QN];

static void test_quotients_at_every_level(void **s) {
    (void)s;
    const int widest = sd_pulldown_simd_cap(2);
    sd_pulldown_config configs[40];
    int nc = 0;
    configs[nc++] = sd_pulldown_config_article();
    configs[nc++] = sd_pulldown_config_wechat();
    configs[nc++] = config_with_widths(60, all_ones(4), all_ones(5), all_ones(6));
    configs[nc++] = config_with_widths(0.0, all_ones(-3), all_ones(0), all_ones(7));
    configs[nc++] = config_with_widths(-0.0, 1, 2, 4);
    configs[nc++] = config_with_widths(0.0, nextafter(1, 2), nextafter(2, 1), 3);
    configs[nc++] = config_with_widths(0x1p-256, 0x1p-256, all_ones(-257), 0x1p-255);
    configs[nc++] = config_with_widths(0x1p-257, 0x1p-257, 0x1p-257, 0x1p-257);   /* below the range: divides */
    configs[nc++] = config_with_widths(0.0, 0x1p-300, 1, 1);                       /* a width below it */
    configs[nc++] = config_with_widths(1e-9, 3e-9, 7e-9, 1e-8);
    configs[nc++] = config_with_widths(all_ones(17), all_ones(17), all_ones(16), all_ones(15)); /* near 1e6 */
    const int validated = nc;
    /* Out of a valid configuration's range (screen_height <= 1e6), which the batches do not check: */
    configs[nc++] = config_with_widths(0x1p253, 0x1p253, 0x1p252, all_ones(252)); /* cp3 just under 2^256 */
    configs[nc++] = config_with_widths(0x1p255, 0x1p255, 0x1p255, 0x1p255);       /* cp3 past 2^256: divides */
    while (nc < 40) {
        const double scale = ldexp(1.0, (int)uniform(-60, 18));
        const double cp0 = nc % 3 == 0 ? 0.0 : uniform(0, 1) * scale;
        configs[nc] = config_with_widths(cp0, uniform(0.01, 1) * scale, uniform(0.01, 1) * scale,
                                         uniform(0.01, 0.9) * scale);
        nc++;
    }
    for (int k = 0; k < nc; k++) {
        const sd_pulldown_config *c = &configs[k];
        sd_error verr;
        if ((k < validated || k >= validated + 2) && sd_pulldown_config_validate(c, &verr) != SD_OK)
            fail_msg("config %d: %s %s", k, verr.field, verr.rule);
        const double lo[4] = { c->cp0, c->cp1, c->cp2, c->cp2 };
        const double hi[4] = { c->cp1, c->cp2, c->cp3, c->cp2 };
        for (int i = 0; i < QN; i++) {
            const int stage = i % 4; /* the last: the colour's range 0...cp2 */
            const double a = stage == 3 ? 0.0 : lo[stage], b = hi[stage];
            const double r = uniform(0, 1);
            double d;
            if (r < 0.4)
                d = a + (b - a) * uniform(0, 1);
            else if (r < 0.7) /* a quotient next to 2^-j */
                d = a + (b - a) * ldexp(1.0, -(int)uniform(0, 60)) * (1 + (uniform(-4, 4)) * 0x1p-52);
            else if (r < 0.85) /* next to the stage's ends */
                d = uniform(0, 1) < 0.5 ? nextafter(a, b) : nextafter(b, a);
            else if (r < 0.95) /* tiny (a block with one must divide when cp0 is 0) */
                d = ldexp(uniform(0.5, 1), -(int)uniform(500, 1074));
            else
                d = -uniform(0, b);
            q_in[i] = d;
        }
        for (int level = widest; level >= 0; level--) {
            assert_int_equal(sd_pulldown_simd_cap(level), level);
            const sd_pulldown_compact_arrays od = { .centre_scale = q_out[0], .ball_alpha = q_out[1],
                                                    .reveal = q_out[2], .colour_progress = q_out[3] };
            const sd_pulldown_compact_float_arrays of = { .centre_scale = q_outf[0], .ball_alpha = q_outf[1],
                                                          .reveal = q_outf[2], .colour_progress = q_outf[3] };
            /* Whole, and from an odd start (other block boundaries, so a tiny distance lands in other blocks). */
            for (size_t start = 0; start < 2; start++) {
                assert_int_equal(sd_pulldown_compact_batch(c, q_in + start * 37, QN - start * 37, &od, NULL, NULL),
                                 SD_OK);
                assert_int_equal(
                    sd_pulldown_compact_float_batch(c, q_in + start * 37, QN - start * 37, &of, NULL, NULL), SD_OK);
                for (size_t i = 0; i < QN - start * 37; i++) {
                    const double d = q_in[start * 37 + i];
                    sd_pulldown_compact v;
                    assert_int_equal(sd_pulldown_compact_at(c, d, &v), SD_OK);
                    const double want[4] = { v.centre_scale, v.ball_alpha, v.reveal, v.colour_progress };
                    for (int f = 0; f < 4; f++)
                        if (!same_bits(q_out[f][i], want[f]) || !same_float(q_outf[f][i], (float)want[f]))
                            fail_msg("level %d, config %d, d = %a: value %d is %a (float %a), single %a", level, k, d,
                                     f, q_out[f][i], (double)q_outf[f][i], want[f]);
                }
            }
        }
    }
    assert_int_equal(sd_pulldown_simd_cap(2), widest);
}

/* The article's numbers at d = 110 (cp1..cp2, halfway) and d = 185 (cp2..cp3, halfway). */
static void test_article_values(void **s) {
    (void)s;
    sd_pulldown_compact v;
    assert_int_equal(sd_pulldown_compact_at(&CFG, 110, &v), SD_OK);
    assert_true(v.indicator_alpha == 1 && v.indicator_height == 110 && v.centre_scale == 1.5 && v.ball_alpha == 1 &&
                v.side_x == 8 && v.reveal == 0 && v.colour_progress == 1.0 - 110.0 / 130.0);
    assert_int_equal(sd_pulldown_compact_at(&CFG, 185, &v), SD_OK);
    assert_true(v.indicator_alpha == 1 && v.centre_scale == 1 && v.ball_alpha == 0.5 && v.side_x == 16 &&
                v.reveal == 0.5 && v.colour_progress == 0);
    sd_pulldown_indicator ind;
    sd_pulldown_reveal rev;
    assert_int_equal(sd_pulldown_compact_expand(&CFG, 185, &v, &ind, &rev, NULL), SD_OK);
    assert_true(ind.left.x == -16 && ind.right.alpha == 0.5 && rev.panel_alpha == 0.15 && rev.mask_alpha == 0.15 &&
                rev.panel_scale_x == 0.6 + 0.05 && rev.container_alpha == 1);
}

static void test_argument_errors(void **s) {
    (void)s;
    sd_pulldown_compact v = { 1, 2, 3, 4, 5, 6, 7 };
    const sd_pulldown_compact before = v;
    assert_int_equal(sd_pulldown_compact_at(NULL, 1, &v), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_compact_at(&CFG, 1, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_compact_at(&CFG, NAN, &v), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_pulldown_compact_at(&CFG, -INFINITY, &v), SD_ERR_NOT_FINITE);
    assert_memory_equal(&v, &before, sizeof v);
    sd_pulldown_indicator ind;
    memset(&ind, 0x5a, sizeof ind);
    const sd_pulldown_indicator ind_before = ind;
    assert_int_equal(sd_pulldown_compact_expand(NULL, 1, &v, &ind, NULL, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_compact_expand(&CFG, 1, NULL, &ind, NULL, NULL), SD_ERR_NULL);
    assert_int_equal(sd_pulldown_compact_expand(&CFG, INFINITY, &v, &ind, NULL, NULL), SD_ERR_NOT_FINITE);
    assert_memory_equal(&ind, &ind_before, sizeof ind);
    assert_int_equal(sd_pulldown_compact_expand(&CFG, 1, &v, NULL, NULL, NULL), SD_OK);

    fill_distances(&CFG);
    guard_all();
    const sd_pulldown_compact_arrays od = arrays_d(0x7f, 0);
    const sd_pulldown_compact_float_arrays of = arrays_f(0x7f, 0);
    size_t rejected = 99;
    sd_error err;
    assert_int_equal(sd_pulldown_compact_batch(NULL, distances, 5, &od, &rejected, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
    assert_int_equal(sd_pulldown_compact_batch(&CFG, distances, 5, NULL, &rejected, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "out");
    assert_int_equal(sd_pulldown_compact_float_batch(&CFG, NULL, 5, &of, &rejected, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "input");
    assert_int_equal(rejected, 99);
    for (int f = 0; f < 7; f++)
        for (int i = 0; i < PAD + NMAX + PAD; i++)
            assert_true(same_bits(out_d[f][i], GUARD_D) && same_float(out_f[f][i], GUARD_F));
    assert_int_equal(sd_pulldown_compact_float_batch(&CFG, NULL, 0, &of, &rejected, &err), SD_OK);
    assert_int_equal(rejected, 0);
    const sd_pulldown_compact_arrays none = { 0 };
    assert_int_equal(sd_pulldown_compact_batch(&CFG, distances, NMAX, &none, &rejected, NULL), SD_OK);
    assert_true(rejected > 0);
}

int main(void) {
    srand48(0x5D1C0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_article_values, setup),
        cmocka_unit_test_setup(test_expanded_values_equal_the_single_functions, setup),
        cmocka_unit_test_setup(test_batches_at_every_level, setup),
        cmocka_unit_test_setup(test_quotients_at_every_level, setup),
        cmocka_unit_test_setup(test_argument_errors, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
