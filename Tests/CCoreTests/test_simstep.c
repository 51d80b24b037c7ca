/* test_simstep.c — cmocka tests of the simulated scroll view's physics (CCore/simstep.c). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scrolldrive.h"

/* A phone-sized scroll view: 844 pt tall, a 120 pt top inset, 2000 pt of content. */
static const double FRAME = 844;
static const sd_scroll_bounds BOUNDS = { -120, 1156 };

static int close_to(double a, double b, double tolerance) { return fabs(a - b) <= tolerance; }

/* The rubber band's closed form (1 - 1 / (0.55 x / d + 1)) d, written independently of motion_*.c's. */
static double band(double x, double d) {
    double sign = x < 0 ? -1 : 1;
    return sign * (1 - 1 / (fabs(x) * 0.55 / d + 1)) * d;
}

/* ---- bounds ---- */

static void test_bounds_make(void **s) {
    (void)s;
    sd_scroll_bounds b;
    sd_error err;
    assert_int_equal(sd_scroll_bounds_make(120, 0, 2000, 844, &b, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    assert_true(b.min == -120 && b.max == 1156);
    /* Content shorter than the frame: the range collapses to the top. */
    assert_int_equal(sd_scroll_bounds_make(120, 0, 300, 844, &b, NULL), SD_OK);
    assert_true(b.min == -120 && b.max == -120);
    /* A bottom inset extends the range (AirBar's preconfigure fills short content this way). */
    assert_int_equal(sd_scroll_bounds_make(120, 484, 300, 844, &b, NULL), SD_OK);
    assert_true(b.min == -120 && b.max == -60);
}

static void test_bounds_reject(void **s) {
    (void)s;
    sd_scroll_bounds b = { 7, 8 };
    sd_error err;
    assert_int_equal(sd_scroll_bounds_make(NAN, 0, 1, 1, &b, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "inset_top");
    assert_int_equal(sd_scroll_bounds_make(0, INFINITY, 1, 1, &b, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "inset_bottom");
    assert_int_equal(sd_scroll_bounds_make(0, 0, NAN, 1, &b, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "content_height");
    assert_int_equal(sd_scroll_bounds_make(0, 0, 1, -INFINITY, &b, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "frame_height");
    assert_int_equal(sd_scroll_bounds_make(0, 1e308, 1e308, 0, &b, &err), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_scroll_bounds_make(0, 0, 1, 1, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "out");
    assert_true(b.min == 7 && b.max == 8);

    sd_scroll_bounds bad = { 10, 9 };
    assert_int_equal(sd_scroll_bounds_validate(&bad, &err), SD_ERR_ORDER);
    assert_string_equal(err.field, "max");
    bad.max = NAN;
    assert_int_equal(sd_scroll_bounds_validate(&bad, &err), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_scroll_bounds_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "bounds");
    assert_int_equal(sd_scroll_bounds_validate(&BOUNDS, &err), SD_OK);
}

/* ---- dragging ---- */

static void test_drag_inside_is_one_to_one(void **s) {
    (void)s;
    const double raws[] = { -120, -119.75, 0, 333.3, 1156 };
    for (size_t i = 0; i < sizeof raws / sizeof raws[0]; i++) {
        assert_true(sd_scroll_drag_offset(raws[i], &BOUNDS, FRAME, 1) == raws[i]);
        assert_true(sd_scroll_drag_raw(raws[i], &BOUNDS, FRAME, 1) == raws[i]);
        assert_true(sd_scroll_drag_slope(raws[i], &BOUNDS, FRAME, 1) == 1.0);
    }
}

static void test_drag_rubber_bands_past_edges(void **s) {
    (void)s;
    /* Finger 100 pt past the top: the content moves f(100, 844) past it. */
    const struct { double raw, edge, past; } rows[] = {
        { -220, -120, -100 }, { -121, -120, -1 }, { -1120, -120, -1000 },
        { 1256, 1156, 100 },  { 1556, 1156, 400 }, { 1156 + 1e6, 1156, 1e6 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        double got = sd_scroll_drag_offset(rows[i].raw, &BOUNDS, FRAME, 1);
        double want = rows[i].edge + band(rows[i].past, FRAME);
        assert_true(close_to(got, want, 1e-9 * fabs(want) + 1e-12));
        /* Never a whole frame past the edge. */
        assert_true(fabs(got - rows[i].edge) < FRAME);
        /* Without bouncing the content stays on the edge. */
        assert_true(sd_scroll_drag_offset(rows[i].raw, &BOUNDS, FRAME, 0) == rows[i].edge);
    }
    /* 100 pt past the top of an 844 pt view: 51.6352 pt. */
    assert_true(close_to(sd_scroll_drag_offset(-220, &BOUNDS, FRAME, 1), -120 - 51.635150166852, 1e-9));
}

static void test_drag_raw_inverts_offset(void **s) {
    (void)s;
    const double offsets[] = { -121, -150, -500, -120 - 843.5, 1160, 1500, 1156 + 843.9 };
    for (size_t i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
        double raw = sd_scroll_drag_raw(offsets[i], &BOUNDS, FRAME, 1);
        assert_true(isfinite(raw));
        assert_true(close_to(sd_scroll_drag_offset(raw, &BOUNDS, FRAME, 1), offsets[i], 1e-7));
    }
    /* A whole dimension (or more) past the edge still gives a finite raw offset, far out. */
    double raw = sd_scroll_drag_raw(-120 - 2 * FRAME, &BOUNDS, FRAME, 1);
    assert_true(isfinite(raw) && raw < -1e12);
    /* Without bouncing, the raw offset is the offset. */
    assert_true(sd_scroll_drag_raw(-500, &BOUNDS, FRAME, 0) == -500);
}

static void test_drag_slope(void **s) {
    (void)s;
    const double raws[] = { -130, -220, -1000, 1200, 3000 };
    for (size_t i = 0; i < sizeof raws / sizeof raws[0]; i++) {
        double h = 1e-4;
        double numeric = (sd_scroll_drag_offset(raws[i] + h, &BOUNDS, FRAME, 1) -
                          sd_scroll_drag_offset(raws[i] - h, &BOUNDS, FRAME, 1)) / (2 * h);
        double slope = sd_scroll_drag_slope(raws[i], &BOUNDS, FRAME, 1);
        assert_true(close_to(slope, numeric, 1e-7));
        assert_true(slope > 0 && slope <= 0.55);
        assert_true(sd_scroll_drag_slope(raws[i], &BOUNDS, FRAME, 0) == 0.0);
    }
    /* Just past the edge the slope is the coefficient. */
    assert_true(close_to(sd_scroll_drag_slope(-120 - 1e-9, &BOUNDS, FRAME, 1), 0.55, 1e-9));
}

/* ---- releasing ---- */

static sd_scroll_motion release(double from, double velocity, int bounces) {
    sd_scroll_motion m;
    sd_error err;
    assert_int_equal(sd_scroll_motion_release(from, velocity, &BOUNDS, SD_DECELERATION_RATE_NORMAL, bounces, &m,
                                              &err),
                     SD_OK);
    assert_int_equal(m.reserved, 0);
    return m;
}

static void test_release_rest(void **s) {
    (void)s;
    sd_scroll_motion m = release(400, -10, 1);
    assert_int_equal(m.kind, SD_SCROLL_MOTION_REST);
    assert_true(m.end_time == 0 && m.rest == 400);
    assert_true(sd_scroll_motion_done(&m, 0));
    sd_motion_sample p = sd_scroll_motion_sample(&m, 0.5);
    assert_true(p.position == 400 && p.velocity == 0);
}

static void test_release_decelerates_to_rest_position(void **s) {
    (void)s;
    const double rate = SD_DECELERATION_RATE_NORMAL;
    sd_scroll_motion m = release(300, 1500, 1);
    assert_int_equal(m.kind, SD_SCROLL_MOTION_DECELERATE);
    /* 1500 pt/s at 0.998/ms: stops after ln(10/1500) / (1000 ln 0.998) = 2.50281... s. */
    assert_true(close_to(m.end_time, log(10.0 / 1500.0) / (1000 * log(rate)), 1e-12));
    assert_true(close_to(m.end_time, 2.502811, 1e-6));
    /* It travels v0 / |k| minus the 10 / |k| it would still cover below the stop velocity. */
    double k = 1000 * log(rate);
    assert_true(close_to(m.rest, 300 + (10 - 1500) / k, 1e-9));
    assert_true(close_to(m.rest - 300, (sd_deceleration_projection(300, 1500, rate) - 300) * (1490.0 / 1500.0),
                         1e-9));
    /* The samples are motion_*.c's deceleration, bit for bit, until the end. */
    for (int i = 0; i <= 300; i++) {
        double t = i / 120.0;
        sd_motion_sample a = sd_scroll_motion_sample(&m, t);
        sd_motion_sample b = sd_deceleration_sample(300, 1500, rate, t);
        if (t < m.end_time) {
            assert_true(a.position == b.position && a.velocity == b.velocity);
        } else {
            assert_true(a.position == m.rest && a.velocity == 0);
        }
    }
}

static void test_release_bounces_at_top(void **s) {
    (void)s;
    const double rate = SD_DECELERATION_RATE_NORMAL;
    /* 100 pt below the top, flung towards it at 3000 pt/s. */
    sd_scroll_motion m = release(-20, -3000, 1);
    assert_int_equal(m.kind, SD_SCROLL_MOTION_BOUNCE);
    assert_true(m.edge == -120 && m.rest == -120);
    assert_true(close_to(sd_deceleration_sample(-20, -3000, rate, m.edge_time).position, -120, 1e-9));
    assert_true(m.edge_velocity < -2000 && m.edge_velocity > -3000);
    assert_true(m.end_time > m.edge_time);

    /* Continuous at the hand-over to the spring. */
    sd_motion_sample before = sd_scroll_motion_sample(&m, m.edge_time - 1e-9);
    sd_motion_sample after = sd_scroll_motion_sample(&m, m.edge_time + 1e-9);
    assert_true(close_to(before.position, after.position, 1e-5));
    assert_true(close_to(before.velocity, after.velocity, 1e-3 * fabs(before.velocity)));

    /* Overshoots past the top and comes back; a critically damped spring goes
     * out at most |v| / (w0 e) with w0 = 2 pi / 0.575. */
    double w0 = 2 * 3.14159265358979323846 / SD_BOUNCE_RESPONSE;
    double lowest = 0;
    for (int i = 0; i <= 2400; i++) {
        double t = m.edge_time + i / 1200.0;
        double p = sd_scroll_motion_sample(&m, t).position;
        if (p < lowest) lowest = p;
        if (t < m.end_time) assert_true(p <= -120 + 1e-9);
    }
    double bound = fabs(m.edge_velocity) / (w0 * exp(1.0));
    assert_true(lowest < -120 - 0.9 * bound && lowest >= -120 - bound - 1e-9);

    /* Settled: within 0.1 pt and slower than 10 pt/s just before the end, exactly on the edge after. */
    sd_motion_sample last = sd_scroll_motion_sample(&m, nextafter(m.end_time, 0));
    assert_true(fabs(last.position + 120) <= SD_SCROLL_REST_DISTANCE + 1e-12);
    assert_true(fabs(last.velocity) <= SD_SCROLL_REST_VELOCITY + 1e-9);
    sd_motion_sample end = sd_scroll_motion_sample(&m, m.end_time);
    assert_true(end.position == -120 && end.velocity == 0);
    assert_true(sd_scroll_motion_done(&m, m.end_time) && !sd_scroll_motion_done(&m, nextafter(m.end_time, 0)));
}

static void test_release_at_the_edge_bounces_at_once(void **s) {
    (void)s;
    sd_scroll_motion m = release(1156, 800, 1);
    assert_int_equal(m.kind, SD_SCROLL_MOTION_BOUNCE);
    assert_true(m.edge == 1156 && m.edge_time == 0 && m.edge_velocity == 800);
    assert_true(sd_scroll_motion_sample(&m, 0.05).position > 1156);
}

static void test_release_past_edge_springs_back(void **s) {
    (void)s;
    sd_scroll_motion m = release(-200, 0, 1);
    assert_int_equal(m.kind, SD_SCROLL_MOTION_RETURN);
    assert_true(m.edge == -120 && m.edge_time == 0);
    double previous = -200;
    for (int i = 1; i <= 240; i++) {
        double p = sd_scroll_motion_sample(&m, i / 120.0).position;
        /* From rest a critically damped spring approaches without overshooting. */
        assert_true(p >= previous && p <= -120);
        previous = p;
    }
    assert_true(sd_scroll_motion_sample(&m, m.end_time).position == -120);
    /* The spring is motion_*.c's bounce spring. */
    sd_spring bounce = sd_spring_bounce();
    sd_motion_sample a = sd_scroll_motion_sample(&m, 0.2);
    sd_motion_sample b = sd_spring_sample(&bounce, -200, 0, -120, 0.2);
    assert_true(a.position == b.position && a.velocity == b.velocity);
    /* Past the bottom too, and without bouncing (content never stays out of bounds). */
    m = release(1300, 50, 0);
    assert_int_equal(m.kind, SD_SCROLL_MOTION_RETURN);
    assert_true(m.rest == 1156);
}

static void test_release_stops_at_edge_without_bouncing(void **s) {
    (void)s;
    sd_scroll_motion m = release(1100, 2000, 0);
    assert_int_equal(m.kind, SD_SCROLL_MOTION_STOP_AT_EDGE);
    assert_true(m.end_time == m.edge_time && m.rest == 1156);
    assert_true(sd_scroll_motion_sample(&m, m.edge_time * 0.5).position < 1156);
    sd_motion_sample end = sd_scroll_motion_sample(&m, m.edge_time);
    assert_true(end.position == 1156 && end.velocity == 0);
}

static void test_release_rejects_bad_input(void **s) {
    (void)s;
    sd_scroll_motion m;
    memset(&m, 0xAB, sizeof m);
    sd_scroll_motion untouched = m;
    sd_error err;
    sd_scroll_bounds bad = { 0, -1 };
    struct { double from, v, rate; const sd_scroll_bounds *b; sd_status st; const char *field; } rows[] = {
        { NAN, 0, 0.998, &BOUNDS, SD_ERR_NOT_FINITE, "from" },
        { 0, INFINITY, 0.998, &BOUNDS, SD_ERR_NOT_FINITE, "velocity" },
        { 0, 0, 1.0, &BOUNDS, SD_ERR_RANGE, "rate" },
        { 0, 0, 0.0, &BOUNDS, SD_ERR_RANGE, "rate" },
        { 0, 0, 0.998, &bad, SD_ERR_ORDER, "max" },
        { 0, 0, 0.998, NULL, SD_ERR_NULL, "bounds" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        assert_int_equal(sd_scroll_motion_release(rows[i].from, rows[i].v, rows[i].b, rows[i].rate, 1, &m, &err),
                         rows[i].st);
        assert_string_equal(err.field, rows[i].field);
        assert_memory_equal(&m, &untouched, sizeof m);
    }
    assert_int_equal(sd_scroll_motion_release(0, 0, &BOUNDS, 0.998, 1, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "out");
}

static void test_motion_batch_matches_single(void **s) {
    (void)s;
    sd_scroll_motion m = release(-20, -3000, 1);
    double times[64], pos[64], vel[64];
    for (int i = 0; i < 64; i++) times[i] = i / 60.0 - 0.1;
    assert_int_equal(sd_scroll_motion_sample_batch(&m, times, 64, pos, vel, NULL), SD_OK);
    for (int i = 0; i < 64; i++) {
        sd_motion_sample one = sd_scroll_motion_sample(&m, times[i]);
        assert_true(pos[i] == one.position && vel[i] == one.velocity);
    }
    assert_int_equal(sd_scroll_motion_sample_batch(&m, times, 64, pos, NULL, NULL), SD_OK);
    sd_error err;
    assert_int_equal(sd_scroll_motion_sample_batch(NULL, times, 1, pos, vel, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "motion");
    assert_int_equal(sd_scroll_motion_sample_batch(&m, NULL, 1, pos, vel, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "times");
    assert_int_equal(sd_scroll_motion_sample_batch(&m, times, 1, NULL, vel, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "positions");
    assert_int_equal(sd_scroll_motion_sample_batch(&m, NULL, 0, NULL, NULL, &err), SD_OK);
}

/* ---- animations ---- */

static void test_animation_ease_in_out(void **s) {
    (void)s;
    const sd_timing_curve *c = &sd_timing_ease_in_out;
    sd_motion_sample a = sd_scroll_animation_sample(-150, -200, 0.25, c, 0);
    assert_true(a.position == -150 && a.velocity == 0);
    a = sd_scroll_animation_sample(-150, -200, 0.25, c, NAN);
    assert_true(a.position == -150);
    a = sd_scroll_animation_sample(-150, -200, 0.25, c, 0.25);
    assert_true(a.position == -200 && a.velocity == 0);
    a = sd_scroll_animation_sample(-150, -200, 0.25, c, 3);
    assert_true(a.position == -200);
    /* Half-way in time is half-way in distance on the symmetric ease-in-out. */
    a = sd_scroll_animation_sample(0, 100, 0.25, c, 0.125);
    assert_true(close_to(a.position, 50, 1e-9));
    /* Its slope there is y'(1/2) / x'(1/2) = 1.5 / 0.87, over 100 pt in 0.25 s. */
    assert_true(close_to(a.velocity, 400 * 1.5 / 0.87, 0.01));
    /* Monotone from start to end. */
    double previous = 0;
    for (int i = 1; i <= 30; i++) {
        double p = sd_scroll_animation_sample(0, 100, 0.25, c, i / 120.0).position;
        assert_true(p >= previous);
        previous = p;
    }
}

/* The deceleration phase of a scroll motion samples with the exponent
 * computed at the release: the same bits as sd_deceleration_sample, at every
 * frame of 60, 120 and 1000 Hz clocks and just before the phase ends. */
static void test_motion_deceleration_has_the_sample_bits(void **s) {
    (void)s;
    static const struct { int line; double from, velocity, rate, min, max; int bounces; } rows[] = {
        {__LINE__, 100, 2500, 0.998, 0, 1e6, 1},      /* DECELERATE to rest */
        {__LINE__, 100, -2500, 0.998, 0, 1e6, 1},     /* BOUNCE at the top */
        {__LINE__, 900, 7000, 0.998, -88, 1000, 1},   /* BOUNCE at the bottom */
        {__LINE__, 900, 7000, 0.998, -88, 1000, 0},   /* STOP_AT_EDGE */
        {__LINE__, 0, 11, 0.99, -1e6, 1e6, 1},        /* just above the stop velocity */
        {__LINE__, -3e5, 1e8, 0.9999, -1e9, 1e9, 1},  /* long and fast */
        {__LINE__, 12.5, -640.25, 0.5, -1e3, 1e3, 1}, /* a steep rate */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_scroll_bounds b = {rows[i].min, rows[i].max};
        sd_scroll_motion m;
        assert_int_equal(sd_scroll_motion_release(rows[i].from, rows[i].velocity, &b, rows[i].rate,
                                                  rows[i].bounces, &m, NULL), SD_OK);
        assert_int_not_equal(m.kind, SD_SCROLL_MOTION_REST);
        assert_int_not_equal(m.kind, SD_SCROLL_MOTION_RETURN);
        double phase_end = m.kind == SD_SCROLL_MOTION_DECELERATE ? m.end_time : m.edge_time;
        static const double rates[] = {60, 120, 1000};
        for (size_t r = 0; r < 3; r++) {
            for (double n = 1; n / rates[r] < phase_end; n++) {
                double t = n / rates[r];
                sd_motion_sample a = sd_scroll_motion_sample(&m, t);
                sd_motion_sample e = sd_deceleration_sample(rows[i].from, rows[i].velocity, rows[i].rate, t);
                if (memcmp(&a, &e, sizeof a) != 0) fail_msg("row at line %d, t = %.17g", rows[i].line, t);
            }
        }
        double last = nextafter(phase_end, 0);
        sd_motion_sample a = sd_scroll_motion_sample(&m, last);
        sd_motion_sample e = sd_deceleration_sample(rows[i].from, rows[i].velocity, rows[i].rate, last);
        if (memcmp(&a, &e, sizeof a) != 0) fail_msg("row at line %d, just before the phase ends", rows[i].line);
    }
}

static void test_struct_sizes(void **s) {
    (void)s;
    assert_int_equal(sizeof(sd_scroll_bounds), 16);
    assert_int_equal(sizeof(sd_scroll_motion), 104);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bounds_make),
        cmocka_unit_test(test_bounds_reject),
        cmocka_unit_test(test_drag_inside_is_one_to_one),
        cmocka_unit_test(test_drag_rubber_bands_past_edges),
        cmocka_unit_test(test_drag_raw_inverts_offset),
        cmocka_unit_test(test_drag_slope),
        cmocka_unit_test(test_release_rest),
        cmocka_unit_test(test_release_decelerates_to_rest_position),
        cmocka_unit_test(test_release_bounces_at_top),
        cmocka_unit_test(test_release_at_the_edge_bounces_at_once),
        cmocka_unit_test(test_release_past_edge_springs_back),
        cmocka_unit_test(test_release_stops_at_edge_without_bouncing),
        cmocka_unit_test(test_release_rejects_bad_input),
        cmocka_unit_test(test_motion_batch_matches_single),
        cmocka_unit_test(test_animation_ease_in_out),
        cmocka_unit_test(test_motion_deceleration_has_the_sample_bits),
        cmocka_unit_test(test_struct_sizes),
    };
    return cmocka_run_group_tests_name("simstep", tests, NULL, NULL);
}
