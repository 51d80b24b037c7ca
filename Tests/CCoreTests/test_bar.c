/* test_bar.c — cmocka tests of the expandable bar's arithmetic (CCore/bar_reduce.c, interp.c);
 * the surface's verbs are in test_bar_surface.c. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scrolldrive.h"
#include "golden.h"

static const sd_bar_config BAR = { 100, 200, 300, 0, 0, 0 };

/* Bit-for-bit equality, so that -0.0 vs 0.0 and last-bit differences show. */
static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static void load(const char *name, golden_table *t) {
    assert_int_equal(golden_load(name, t), 0);
    assert_true(t->nrows > 0);
}

/* ---- configuration ---- */

static void test_config_valid(void **s) {
    (void)s;
    sd_error err;
    assert_int_equal(sd_bar_config_validate(&BAR, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    sd_bar_config eq = { 50, 50, 50, 0, 0, 0 };
    assert_int_equal(sd_bar_config_validate(&eq, NULL), SD_OK);
    sd_bar_config zero = { 0, 0, 0, 0, 0, 0 };
    assert_int_equal(sd_bar_config_validate(&zero, NULL), SD_OK);
}

static void test_config_invalid(void **s) {
    (void)s;
    struct { sd_bar_config c; sd_status st; const char *field; } rows[] = {
        { { NAN, 200, 300, 0, 0, 0 }, SD_ERR_NOT_FINITE, "compact" },
        { { 100, INFINITY, 300, 0, 0, 0 }, SD_ERR_NOT_FINITE, "normal" },
        { { 100, 200, -INFINITY, 0, 0, 0 }, SD_ERR_NOT_FINITE, "expanded" },
        { { -1, 200, 300, 0, 0, 0 }, SD_ERR_NEGATIVE, "compact" },
        { { 0, -0.5, 300, 0, 0, 0 }, SD_ERR_NEGATIVE, "normal" },
        { { 0, 0, -3, 0, 0, 0 }, SD_ERR_NEGATIVE, "expanded" },
        { { 201, 200, 300, 0, 0, 0 }, SD_ERR_ORDER, "normal" },
        { { 100, 301, 300, 0, 0, 0 }, SD_ERR_ORDER, "expanded" },
        { { 100, 200, 300, 0, 0, NAN }, SD_ERR_NOT_FINITE, "safe_area_top" },
        { { 100, 200, 300, 0, 0, -0.5 }, SD_ERR_NEGATIVE, "safe_area_top" },
        { { 100, 200, 300, 0, 0, 1e6 + 1 }, SD_ERR_RANGE, "safe_area_top" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_error err;
        assert_int_equal(sd_bar_config_validate(&rows[i].c, &err), rows[i].st);
        assert_int_equal(err.status, rows[i].st);
        assert_string_equal(err.field, rows[i].field);
        assert_true(strlen(err.rule) > 0);
    }
    sd_error err;
    assert_int_equal(sd_bar_config_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
}

static void test_config_sanitized(void **s) {
    (void)s;
    sd_bar_config c = sd_bar_config_sanitized(BAR);
    assert_memory_equal(&c, &BAR, sizeof c);
    sd_bar_config bad = { NAN, -5, 40, 0, 0, 0 };
    c = sd_bar_config_sanitized(bad);
    assert_true(c.compact == 0 && c.normal == 0 && c.expanded == 40);
    sd_bar_config unordered = { 300, 200, INFINITY, 0, 0, 2e6 };
    c = sd_bar_config_sanitized(unordered);
    assert_true(c.compact == 300 && c.normal == 300 && c.expanded == 300 && c.safe_area_top == 1e6);
    assert_int_equal(sd_bar_config_validate(&c, NULL), SD_OK);
    sd_bar_config notch = { 100, 200, 300, 0, 0, -47 };
    assert_true(sd_bar_config_sanitized(notch).safe_area_top == 0);
    notch.safe_area_top = 47;
    assert_true(sd_bar_config_sanitized(notch).safe_area_top == 47);
}

static void test_status_names(void **s) {
    (void)s;
    assert_string_equal(sd_status_name(SD_OK), "ok");
    assert_string_equal(sd_status_name(SD_ERR_NOT_FINITE), "not finite");
    assert_string_equal(sd_status_name(SD_ERR_ORDER), "out of order");
    assert_string_equal(sd_status_name((sd_status)99), "unknown status");
}

static void test_geometry_validate(void **s) {
    (void)s;
    sd_scroll_geometry g = { 200, 0, 1000, 600 };
    assert_int_equal(sd_scroll_geometry_validate(&g, NULL), SD_OK);
    g.frame_height = NAN;
    sd_error err;
    assert_int_equal(sd_scroll_geometry_validate(&g, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "frame_height");
}

/* ---- mapping ---- */

static void test_map_and_lerp(void **s) {
    (void)s;
    assert_true(sd_map(-1, 0, 10, 5, 7) == 5);
    assert_true(sd_map(11, 0, 10, 5, 7) == 7);
    assert_true(sd_map(5, 0, 10, 0, 1) == 0.5);
    assert_true(sd_map(3, 3, 3, 1, 2) == 1); /* a == b: no division */
    assert_true(sd_map(0.25, 0, 1, 1, 0) == 0.75);
    /* Spans wider than the double range: finite, within [c, d], exact where halving is. */
    assert_true(sd_map(0.5, 0, 1, -1e308, 1e308) == 0);
    assert_true(sd_map(0.75, 0, 1, -1e308, 1e308) == 0.5e308);
    assert_true(sd_map(0, -1e308, 1e308, 0, 10) == 5);
    assert_true(sd_map(1e308, -1e308, 1.5e308, 0, 1) == 0.8);
    assert_true(isnan(sd_map(NAN, 0, 1, 2, 3)));
    assert_true(sd_lerp(10, 20, 0.5) == 15);
    assert_true(sd_lerp(10, 20, 0) == 10);
}

/* ---- state reading: AirBar's worked examples ---- */

static void test_progress_golden(void **s) {
    (void)s;
    static golden_table t;
    load("bar_progress.tsv", &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_bar_config c = { r->v[0], r->v[1], r->v[2], 0, 0, 0 };
        double p = sd_bar_progress(&c, r->v[3]);
        if (!same_bits(p, r->v[4]))
            fail_msg("bar_progress.tsv line %d (%s): progress %.17g, expected %.17g", r->line, r->label, p,
                     r->v[4]);
    }
}

static void test_range_and_value(void **s) {
    (void)s;
    assert_int_equal(sd_bar_range_of(&BAR, -199.9), SD_BAR_RANGE_COMPACT_NORMAL);
    assert_int_equal(sd_bar_range_of(&BAR, -200), SD_BAR_RANGE_NORMAL_EXPANDED);
    assert_int_equal(sd_bar_range_of(&BAR, -300), SD_BAR_RANGE_NORMAL_EXPANDED);
    /* AirBar's example app: alpha = value(.range(0, 1), .value(1)). */
    assert_true(sd_bar_value(&BAR, -170, 0, 1, 1, 1) == 1 - 0.3);
    assert_true(sd_bar_value(&BAR, -100, 0, 1, 1, 1) == 0);
    assert_true(sd_bar_value(&BAR, -250, 0, 1, 1, 1) == 1);
    assert_true(sd_bar_value(&BAR, -250, 0, 1, 10, 20) == 15);
    assert_true(sd_bar_value(&BAR, -200, 0, 1, 10, 20) == 10);
    assert_true(sd_bar_value(&BAR, -300, 0, 1, 10, 20) == 20);
}

static void test_progress_batch(void **s) {
    (void)s;
    double offsets[] = { -50, -100, -170, -200, -240, -300, -400 };
    double out[7];
    sd_error err;
    assert_int_equal(sd_bar_progress_batch(&BAR, offsets, 7, out, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    assert_int_equal(sd_bar_progress_batch(&BAR, NULL, 7, out, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "offsets");
    assert_int_equal(sd_bar_progress_batch(NULL, offsets, 7, out, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
    assert_int_equal(sd_bar_progress_batch(&BAR, NULL, 0, NULL, NULL), SD_OK);
    for (int i = 0; i < 7; i++) assert_true(same_bits(out[i], sd_bar_progress(&BAR, offsets[i])));
    assert_true(out[4] == 1.4);
}

/* ---- transformers ---- */

static void test_transformers_golden(void **s) {
    (void)s;
    static golden_table t;
    load("bar_transformers.tsv", &t);
    for (int i = 0; i < t.nrows; i++) {
        const golden_row *r = &t.rows[i];
        sd_bar_transform_params p;
        memset(&p, 0, sizeof p);
        p.previous_y = r->v[1];
        p.y = r->v[2];
        p.delta_y = r->v[3];
        p.state.offset = r->v[4];
        p.state.expanded_available = (uint32_t)r->v[5];
        p.geometry.inset_top = r->v[6];
        p.geometry.inset_bottom = r->v[7];
        p.geometry.content_height = r->v[8];
        p.geometry.frame_height = r->v[9];
        p.config = BAR;
        int which = (int)r->v[0];
        double got = sd_bar_default_transformers[which].function(&p, NULL);
        if (!same_bits(got, r->v[10]))
            fail_msg("bar_transformers.tsv line %d (%s): %.17g, expected %.17g", r->line, r->label, got, r->v[10]);
    }
    assert_ptr_equal(sd_bar_default_transformers[0].function, sd_bar_ignore_top);
    assert_ptr_equal(sd_bar_default_transformers[1].function, sd_bar_ignore_bottom);
    assert_ptr_equal(sd_bar_default_transformers[2].function, sd_bar_cut_out_state_range);
}

static void test_transformers_inside_bounds_pass_through(void **s) {
    (void)s;
    sd_bar_transform_params p;
    memset(&p, 0, sizeof p);
    p.config = BAR;
    p.geometry = (sd_scroll_geometry){ 200, 0, 2000, 600 };
    p.previous_y = 100;
    p.y = 130;
    p.delta_y = 30;
    p.state.offset = -200;
    assert_true(sd_bar_ignore_top(&p, NULL) == 30);
    assert_true(sd_bar_ignore_bottom(&p, NULL) == 30);
    assert_true(sd_bar_cut_out_state_range(&p, NULL) == 30);
}

/* A random walk over offsets, both scroll edges, both availabilities. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static double rnd(double lo, double hi) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return lo + (hi - lo) * ((double)(rng_state >> 11) / 9007199254740992.0);
}

static void test_fused_matches_chain(void **s) {
    (void)s;
    sd_scroll_geometry g = { 300, 40, 1500, 700 };
    for (int avail = 0; avail < 2; avail++) {
        sd_bar_state a = { -200, (uint32_t)avail, 0 }, b = a;
        double prev = -300;
        for (int i = 0; i < 20000; i++) {
            double y = (i % 97 == 0) ? prev : rnd(-450, 1000);
            assert_int_equal(sd_bar_reduce(&BAR, &g, &a, prev, y), SD_OK);
            assert_int_equal(sd_bar_reduce_chain(sd_bar_default_transformers, 3, &BAR, &g, &b, prev, y), SD_OK);
            assert_true(same_bits(a.offset, b.offset));
            assert_true(a.offset <= -BAR.compact && a.offset >= -BAR.expanded);
            prev = y;
        }
    }
}

static double add_ten(const sd_bar_transform_params *p, void *ctx) {
    int *calls = ctx;
    (*calls)++;
    return p->delta_y + 10;
}

static double make_nan(const sd_bar_transform_params *p, void *ctx) {
    (void)p; (void)ctx;
    return NAN;
}

static void test_custom_chain(void **s) {
    (void)s;
    sd_scroll_geometry g = { 200, 0, 2000, 600 };
    int calls = 0;
    sd_bar_transformer chain[] = { { add_ten, &calls }, { add_ten, &calls } };
    sd_bar_state st = { -200, 0, 0 };
    assert_int_equal(sd_bar_reduce_chain(chain, 2, &BAR, &g, &st, 0, 5), SD_OK);
    assert_int_equal(calls, 2);
    assert_true(st.offset == -175);
    /* An empty chain moves by the raw delta. */
    assert_int_equal(sd_bar_reduce_chain(NULL, 0, &BAR, &g, &st, 0, -1000), SD_OK);
    assert_true(st.offset == -1175);
    /* A chain that produces NaN is rejected; the state stays. */
    sd_bar_transformer bad[] = { { make_nan, NULL } };
    sd_bar_state before = st;
    assert_int_equal(sd_bar_reduce_chain(bad, 1, &BAR, &g, &st, 0, 5), SD_ERR_NOT_FINITE);
    assert_memory_equal(&st, &before, sizeof st);
    sd_bar_transformer missing[] = { { NULL, NULL } };
    assert_int_equal(sd_bar_reduce_chain(missing, 1, &BAR, &g, &st, 0, 5), SD_ERR_NULL);
    assert_int_equal(sd_bar_reduce_chain(NULL, 1, &BAR, &g, &st, 0, 5), SD_ERR_NULL);
}

static void test_reduce_rejects_bad_input(void **s) {
    (void)s;
    sd_scroll_geometry g = { 200, 0, 2000, 600 };
    sd_bar_state st = { -150, 1, 0 }, before = st;
    const double bad[] = { NAN, INFINITY, -INFINITY };
    for (int i = 0; i < 3; i++) {
        assert_int_equal(sd_bar_reduce(&BAR, &g, &st, 0, bad[i]), SD_ERR_NOT_FINITE);
        assert_int_equal(sd_bar_reduce(&BAR, &g, &st, bad[i], 0), SD_ERR_NOT_FINITE);
        assert_int_equal(sd_bar_reduce_chain(sd_bar_default_transformers, 3, &BAR, &g, &st, bad[i], 0),
                         SD_ERR_NOT_FINITE);
        assert_memory_equal(&st, &before, sizeof st);
    }
    sd_scroll_geometry gnan = g;
    gnan.inset_top = NAN;
    assert_int_equal(sd_bar_reduce(&BAR, &gnan, &st, 0, 10), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_bar_reduce(NULL, &g, &st, 0, 10), SD_ERR_NULL);
    assert_int_equal(sd_bar_reduce(&BAR, NULL, &st, 0, 10), SD_ERR_NULL);
    assert_int_equal(sd_bar_reduce(&BAR, &g, NULL, 0, 10), SD_ERR_NULL);
    assert_memory_equal(&st, &before, sizeof st);
}

/* ---- the batch ---- */

static void test_batch_matches_per_frame(void **s) {
    (void)s;
    enum { N = 50000 };
    static double ys[N], heights[N];
    sd_scroll_geometry g = { 300, 40, 1500, 700 };
    for (int i = 0; i < N; i++) {
        ys[i] = (i % 13 == 0 && i) ? ys[i - 1] : rnd(-500, 1000);
        if (i % 1001 == 7) ys[i] = NAN;
        if (i % 2003 == 11) ys[i] = -INFINITY;
    }
    ys[0] = NAN; /* the first offset is rejected, the next one recorded */
    for (int avail = 0; avail < 2; avail++) {
        sd_bar a, b;
        sd_bar_init(&a, &BAR, NULL);
        a.state.expanded_available = (uint32_t)avail;
        b = a;
        size_t rejected = 0, expected_rejected = 0;
        assert_int_equal(sd_bar_reduce_batch(&b, &g, ys, N, heights, &rejected, NULL), SD_OK);
        for (int i = 0; i < N; i++) {
            sd_bar_event e = sd_bar_event_offset(0, 0, ys[i], g);
            sd_bar_actions act;
            if (sd_bar_step(&a, &e, &act, NULL) != SD_OK) expected_rejected++;
            if (!same_bits(heights[i], -a.state.offset)) fail_msg("frame %d: batch %.17g, single %.17g", i, heights[i], -a.state.offset);
            assert_true(heights[i] >= BAR.compact && heights[i] <= BAR.expanded);
        }
        assert_int_equal(rejected, expected_rejected);
        assert_true(same_bits(a.state.offset, b.state.offset));
        assert_true(same_bits(a.tracking.previous_y, b.tracking.previous_y));
        assert_int_equal(a.tracking.has_previous, b.tracking.has_previous);
    }
}

static void test_batch_rejects_bad_arguments(void **s) {
    (void)s;
    sd_bar bar;
    sd_bar_init(&bar, &BAR, NULL);
    sd_bar before = bar;
    double ys[2] = { 1, 2 }, h[2] = { 7, 7 };
    sd_scroll_geometry g = { 0, 0, 0, INFINITY };
    sd_error err;
    assert_int_equal(sd_bar_reduce_batch(&bar, &g, ys, 2, h, NULL, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "frame_height");
    assert_int_equal(sd_bar_reduce_batch(&bar, NULL, ys, 2, h, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "geometry");
    g.frame_height = 100;
    assert_int_equal(sd_bar_reduce_batch(&bar, &g, NULL, 2, h, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "ys");
    assert_int_equal(sd_bar_reduce_batch(&bar, &g, ys, 2, NULL, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "heights");
    assert_int_equal(sd_bar_reduce_batch(NULL, &g, ys, 2, h, NULL, NULL), SD_ERR_NULL);
    assert_memory_equal(&bar, &before, sizeof bar);
    assert_true(h[0] == 7 && h[1] == 7);
    assert_int_equal(sd_bar_reduce_batch(&bar, &g, NULL, 0, NULL, NULL, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
}

/* ---- snapping ---- */

static void test_snap_ties(void **s) {
    (void)s;
    assert_true(sd_bar_snap_delta(&BAR, -150) == 50);  /* tie compact/normal: compact first */
    assert_true(sd_bar_snap_delta(&BAR, -250) == 50);  /* tie normal/expanded: normal first */
    assert_true(sd_bar_snap_delta(&BAR, -200) == 0);
    assert_true(sd_bar_snap_delta(&BAR, -120) == 20);
    assert_true(sd_bar_snap_delta(&BAR, -290) == -10);
}

static void test_struct_sizes(void **s) {
    (void)s;
    assert_int_equal(sizeof(sd_bar_config), 40);
    assert_int_equal(sizeof(sd_bar_state), 16);
    assert_int_equal(sizeof(sd_scroll_geometry), 32);
    assert_int_equal(sizeof(sd_bar_tracking), 56);
    assert_int_equal(sizeof(sd_bar), 120);
    assert_int_equal(sizeof(sd_bar_event), 104);
    assert_int_equal(sizeof(sd_bar_actions), 56);
    assert_int_equal(sizeof(sd_bar_frame), 72);
}

/* sd_bar_validate: a restored bar is checked whole; each corruption is
 * refused with SD_ERR_STATE naming the field. */
static void test_validate_restored_bars(void **state) {
    (void)state;
    sd_bar bar;
    assert_int_equal(sd_bar_init(&bar, &BAR, NULL), SD_OK);
    sd_error err;
    assert_int_equal(sd_bar_validate(&bar, &err), SD_OK);
    assert_int_equal(sd_bar_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "bar");
    const sd_bar good = bar;
#define CORRUPT(change, field_name)                                                                     \
    do {                                                                                                \
        sd_bar bad = good;                                                                              \
        change;                                                                                         \
        sd_status st_ = sd_bar_validate(&bad, &err);                                                    \
        if (st_ != SD_ERR_STATE || strcmp(err.field, field_name) != 0)                                  \
            fail_msg("%s: %s %s, expected state %s", #change, sd_status_name(st_), err.field, field_name); \
    } while (0)
    CORRUPT(bad.state.offset = NAN, "state.offset");
    CORRUPT(bad.state.offset = -99, "state.offset");  /* shorter than compact (100) */
    CORRUPT(bad.state.offset = nextafter(-300, -1e9), "state.offset"); /* taller than expanded, by an ulp */
    CORRUPT(bad.state.expanded_available = 2, "state.expanded_available");
    CORRUPT(bad.state.reserved = 1, "state.reserved");
    CORRUPT(bad.tracking.previous_y = INFINITY, "tracking.previous_y");
    CORRUPT(bad.tracking.pan_y = NAN, "tracking.pan_y");
    CORRUPT(bad.tracking.has_previous = 3, "tracking.has_previous");
    CORRUPT(bad.time = -0.5, "time");
#undef CORRUPT
    sd_bar edge = good;
    edge.state.offset = -300; /* exactly expanded: reachable */
    assert_int_equal(sd_bar_validate(&edge, NULL), SD_OK);
    edge.config.normal = 50; /* below compact */
    assert_int_equal(sd_bar_validate(&edge, &err), SD_ERR_ORDER);
    assert_string_equal(err.field, "normal");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_restored_bars),
        cmocka_unit_test(test_config_valid),
        cmocka_unit_test(test_config_invalid),
        cmocka_unit_test(test_config_sanitized),
        cmocka_unit_test(test_status_names),
        cmocka_unit_test(test_geometry_validate),
        cmocka_unit_test(test_map_and_lerp),
        cmocka_unit_test(test_progress_golden),
        cmocka_unit_test(test_range_and_value),
        cmocka_unit_test(test_progress_batch),
        cmocka_unit_test(test_transformers_golden),
        cmocka_unit_test(test_transformers_inside_bounds_pass_through),
        cmocka_unit_test(test_fused_matches_chain),
        cmocka_unit_test(test_custom_chain),
        cmocka_unit_test(test_reduce_rejects_bad_input),
        cmocka_unit_test(test_batch_matches_per_frame),
        cmocka_unit_test(test_batch_rejects_bad_arguments),
        cmocka_unit_test(test_snap_ties),
        cmocka_unit_test(test_struct_sizes),
    };
    return cmocka_run_group_tests_name("bar", tests, NULL, NULL);
}
