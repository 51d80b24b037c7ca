/* test_simsweep.c — cmocka tests of a sweep's gesture on a simulated surface (CCore/simsweep.c): the finger's
 * path, hand-counted gestures on the bar and the pull-down panel, the runner against the schedule written out
 * call by call, and rejected input that writes nothing. Tests/ScrollDriveSimTests/SweepTests.swift checks the
 * statistics a sweep builds from these outcomes. */
#include <math.h>

#include "simsurface_support.h"

static sd_sweep_gesture one(double distance, double duration, double velocity) {
    sd_sweep_gesture g;
    memset(&g, 0, sizeof g);
    g.first.distance = distance;
    g.first.duration = duration;
    g.first.velocity = velocity;
    return g;
}

static const sd_sweep_clock CLOCK_120 = { 120, 60, 1200, 0 };

/* ---- the finger's path --------------------------------------------------- */

static void test_path(void **state) {
    (void)state;
    const sd_sweep_touch t = { 100, 1, 0 };
    assert_true(sd_sweep_translation(&t, -1) == 0 && sd_sweep_translation(&t, 0) == 0);
    assert_true(sd_sweep_translation(&t, 0.5) == 50);      /* 100 (3/4 - 2/8) */
    assert_true(sd_sweep_translation(&t, 1) == 100 && sd_sweep_translation(&t, 7) == 100);
    assert_true(sd_sweep_finger_velocity(&t, 0) == 0);
    assert_true(sd_sweep_finger_velocity(&t, 0.5) == 150); /* 100 (3 - 1.5) */
    /* a flick: distance = velocity * duration / 2 is the path distance u^2, velocity 2 d u / duration */
    const sd_sweep_touch f = { 200, 0.1, 4000 };
    assert_true(fabs(sd_sweep_translation(&f, 0.05) - 50) < 1e-12);
    assert_true(fabs(sd_sweep_finger_velocity(&f, 0.05) - 2000) < 1e-9);
    assert_true(sd_sweep_finger_velocity(&f, 0.1) == 4000);
}

/* ---- hand-counted gestures ----------------------------------------------- */

/* A 0.5 s hold from frame 60 at 120 Hz: frames 60-119 with the finger down,
 * the lift at 1.0 s, and frame 120 already at rest: 61 frames, nothing moves. */
static void test_bar_hold(void **state) {
    (void)state;
    sd_sim_bar start = bar_60_120_200();
    const sd_sim_bar before = start;
    sd_sweep_gesture g = one(0, 0.5, 0);
    sd_sweep_outcome o;
    assert_int_equal(sd_sweep_bar(&start, &CLOCK_120, &g, &o, NULL), SD_OK);
    assert_memory_equal(&start, &before, sizeof start); /* the start is copied, not run */
    assert_int_equal(o.frames, 61);
    assert_int_equal(o.settle_frames, 0);
    assert_int_equal(o.end_state, SD_SWEEP_BAR_NORMAL);
    assert_int_equal(o.events, 0);
    assert_int_equal(o.rest_between_frames, 0);
    for (int k = 0; k < SD_SWEEP_VALUES; k++) assert_true(o.jumps[k] == 0);
    for (int k = 0; k < SD_SWEEP_MAX_INVARIANTS; k++) assert_int_equal(o.violations[k], 0);
}

/* Up 100 pt in 0.5 s, lifted still: the content moves 100 pt, the bar
 * shrinks 1:1 to compact (60 pt) and stays; no snap is asked for. The
 * fastest frame is mid-path: 1.5 * 100 pt/s for 1/120 s at most. */
static void test_bar_drag_to_compact(void **state) {
    (void)state;
    sd_sim_bar start = bar_60_120_200();
    sd_sweep_gesture g = one(-100, 0.5, 0);
    sd_sweep_outcome o;
    assert_int_equal(sd_sweep_bar(&start, &CLOCK_120, &g, &o, NULL), SD_OK);
    assert_int_equal(o.frames, 61);
    assert_int_equal(o.settle_frames, 0);
    assert_int_equal(o.end_state, SD_SWEEP_BAR_COMPACT);
    assert_int_equal(o.events, 0);
    assert_true(o.jumps[0] > 2 && o.jumps[0] <= 300.0 / 120); /* height */
    assert_true(o.jumps[2] > 2 && o.jumps[2] <= 300.0 / 120); /* content offset */
    assert_true(o.jumps[3] == 0);                               /* the top inset stays */
    for (int k = 0; k < SD_SWEEP_MAX_INVARIANTS; k++) assert_int_equal(o.violations[k], 0);
}

/* A pull of 200 pt down on the closed panel in 0.4 s, lifted moving down: it
 * opens (the opening started and finished, the haptic: 3 events). */
static void test_pulldown_pull_opens(void **state) {
    (void)state;
    sd_sim_pulldown start = article_panel();
    sd_sweep_gesture g = one(200, 0.4, 300);
    sd_sweep_clock clock = { 120, 24, 1200, 0 };
    sd_sweep_outcome o;
    assert_int_equal(sd_sweep_pulldown(&start, &clock, &g, &o, NULL), SD_OK);
    assert_int_equal(o.end_state, SD_SWEEP_PULLDOWN_OPEN);
    assert_int_equal(o.events, 3);
    assert_true(o.settle_frames > 0 && o.settle_frames < 1200);
    assert_int_equal(o.violations[SD_SWEEP_NEVER_RESTED], 0);
    /* a hold on the closed panel does nothing */
    g = one(0, 0.3, 0);
    assert_int_equal(sd_sweep_pulldown(&start, &clock, &g, &o, NULL), SD_OK);
    assert_int_equal(o.end_state, SD_SWEEP_PULLDOWN_CLOSED);
    assert_int_equal(o.events, 0);
    assert_int_equal(o.frames, 37); /* frames 24-59 down, 60 at rest */
}

/* A flick with a settle limit of 0 frames: still moving at the first frame
 * after the lift, so it never rested (the last bucket, one violation). */
static void test_never_rested(void **state) {
    (void)state;
    sd_sim_bar start = bar_60_120_200();
    sd_sweep_gesture g = one(-200, 0.1, -4000);
    sd_sweep_clock clock = { 120, 60, 0, 0 };
    sd_sweep_outcome o;
    assert_int_equal(sd_sweep_bar(&start, &clock, &g, &o, NULL), SD_OK);
    assert_int_equal(o.settle_frames, 1);
    assert_int_equal(o.violations[SD_SWEEP_NEVER_RESTED], 1);
    assert_int_equal(o.frames, 13); /* frames 60-71 down (lift at 0.6 s), frame 72 the limit */
    clock.settle_limit = 1200;
    assert_int_equal(sd_sweep_bar(&start, &clock, &g, &o, NULL), SD_OK);
    assert_true(o.settle_frames > 1 && o.settle_frames < 1200);
    assert_int_equal(o.violations[SD_SWEEP_NEVER_RESTED], 0);
}

/* The bar's states: exactly a configured height, else between. */
static void test_states(void **state) {
    (void)state;
    sd_bar_config c = sd_bar_config_make(60, 120, 200);
    assert_int_equal(sd_sweep_bar_state(&c, 60), SD_SWEEP_BAR_COMPACT);
    assert_int_equal(sd_sweep_bar_state(&c, 120), SD_SWEEP_BAR_NORMAL);
    assert_int_equal(sd_sweep_bar_state(&c, 200), SD_SWEEP_BAR_EXPANDED);
    assert_int_equal(sd_sweep_bar_state(&c, nextafter(120, 0)), SD_SWEEP_BAR_BETWEEN);
    assert_int_equal(sd_sweep_bar_state(&c, NAN), SD_SWEEP_BAR_BETWEEN);
    assert_int_equal(sd_sweep_pulldown_state(1, 30), SD_SWEEP_PULLDOWN_OPEN);
    assert_int_equal(sd_sweep_pulldown_state(0, 0), SD_SWEEP_PULLDOWN_CLOSED);
    assert_int_equal(sd_sweep_pulldown_state(0, 1e-300), SD_SWEEP_PULLDOWN_BETWEEN);
}

/* Pull to refresh: 250 pt down from the top in 0.5 s refreshes; the time to idle is the begin motion, the app's
 * 1 s and the end motion after the lift (1.65 s, to the next frame); no load. 200 pt up from 100 pt above the end
 * loads once (one event) and lands "loaded" after the 0.5 s load. A hold leaves the list at its top. */
static void test_refresh_pull_and_load(void **state) {
    (void)state;
    const sd_sim_refresh top = refresh_list();
    sd_sweep_clock clock = { 120, 24, 1200, 0 };
    sd_sweep_outcome o;
    sd_sweep_gesture g = one(250, 0.5, 0);
    assert_int_equal(sd_sweep_refresh(&top, &clock, &g, &o, NULL), SD_OK);
    assert_int_equal(o.end_state, SD_SWEEP_REFRESH_REFRESHED);
    assert_int_equal(o.events, 0);
    assert_true(o.settle_frames >= 198 && o.settle_frames <= 200); /* 1.65 s at 120 Hz, to the frame */
    assert_int_equal(o.violations[SD_SWEEP_NEVER_RESTED] + o.violations[SD_SWEEP_SURFACE_INVARIANTS], 0);
    assert_true(o.jumps[2] == 54); /* the inset top is set at once (MJRefresh), the offset kept */
    g = one(0, 0.3, 0);
    assert_int_equal(sd_sweep_refresh(&top, &clock, &g, &o, NULL), SD_OK);
    assert_int_equal(o.end_state, SD_SWEEP_REFRESH_TOP);
    assert_int_equal(o.frames, 37);
    sd_sim_refresh end = top;
    sd_sim_refresh_set_offset(&end, 2400 + 44 - 844 - 100, 0);
    g = one(-200, 0.2, -1500);
    assert_int_equal(sd_sweep_refresh(&end, &clock, &g, &o, NULL), SD_OK);
    assert_int_equal(o.end_state, SD_SWEEP_REFRESH_LOADED);
    assert_int_equal(o.events, 1);
    assert_int_equal(end.load_starts, 0); /* the start is not written */
    assert_int_equal(sd_sweep_refresh_state(&end, &end), SD_SWEEP_REFRESH_SCROLLED);
}

/* ---- the runner against the schedule written out ------------------------- */

/* What simsweep.h says a gesture is, call by call, on a bar. */
typedef struct reference {
    sd_sim_bar s;
    uint64_t n;
    double fps, lift;
    int down, has_previous;
    double previous[4];
    sd_sweep_outcome o;
} reference;

static int ref_record(reference *r) {
    r->n++;
    r->o.frames++;
    double v[4];
    sd_sweep_bar_values(&r->s, v);
    for (int k = 0; k < 4; k++) {
        if (!isfinite(v[k])) {
            r->o.violations[SD_SWEEP_NOT_FINITE]++;
            break;
        }
    }
    if (!(v[0] >= r->s.bar.config.compact && v[0] <= r->s.bar.config.expanded))
        r->o.violations[SD_SWEEP_SURFACE_INVARIANTS]++;
    for (int k = 0; r->has_previous && k < 4; k++) {
        double d = fabs(v[k] - r->previous[k]);
        if (d >= r->o.jumps[k]) r->o.jumps[k] = d;
    }
    memcpy(r->previous, v, sizeof v);
    r->has_previous = 1;
    int rest = !r->down && sd_sim_bar_at_rest(&r->s);
    if (rest && sd_sweep_bar_state(&r->s.bar.config, -r->s.bar.state.offset) == SD_SWEEP_BAR_BETWEEN)
        r->o.rest_between_frames++;
    return rest;
}

static void ref_touch(reference *r, double start, sd_sweep_touch t) {
    while ((double)r->n / r->fps < start) {
        sd_sim_bar_advance(&r->s, (double)r->n / r->fps);
        ref_record(r);
    }
    sd_sim_bar_advance(&r->s, start);
    sd_sim_bar_touch(&r->s, SD_SIM_TOUCH_DOWN, SD_SWEEP_BAR_FINGER_X, SD_SWEEP_BAR_FINGER_Y, 0, start);
    r->down = 1;
    while ((double)r->n / r->fps < start + t.duration) {
        double time = (double)r->n / r->fps;
        sd_sim_bar_advance(&r->s, time);
        if (t.distance != 0)
            sd_sim_bar_touch(&r->s, SD_SIM_TOUCH_MOVED, SD_SWEEP_BAR_FINGER_X,
                             SD_SWEEP_BAR_FINGER_Y + sd_sweep_translation(&t, time - start),
                             sd_sweep_finger_velocity(&t, time - start), time);
        ref_record(r);
    }
    sd_sim_bar_advance(&r->s, start + t.duration);
    sd_sim_bar_touch(&r->s, SD_SIM_TOUCH_UP, SD_SWEEP_BAR_FINGER_X, SD_SWEEP_BAR_FINGER_Y + t.distance, t.velocity,
                     start + t.duration);
    r->down = 0;
    r->lift = start + t.duration;
}

static sd_sweep_outcome reference_bar(sd_sim_bar start, sd_sweep_clock clock, sd_sweep_gesture g) {
    reference r;
    memset(&r, 0, sizeof r);
    r.s = start;
    r.n = clock.first_frame;
    r.fps = clock.fps;
    double t0 = (double)r.n / r.fps;
    ref_touch(&r, t0, g.first);
    if (g.interrupted) ref_touch(&r, t0 + g.first.duration + g.delay, g.second);
    for (uint32_t waited = 0;; waited++) {
        double t;
        int rest;
        do {
            t = (double)r.n / r.fps;
            sd_sim_bar_advance(&r.s, t);
            rest = ref_record(&r);
        } while (t < r.lift);
        if (rest) {
            r.o.settle_frames = waited;
            break;
        }
        if (waited == clock.settle_limit) {
            r.o.settle_frames = waited + 1;
            r.o.violations[SD_SWEEP_NEVER_RESTED]++;
            break;
        }
    }
    r.o.events = r.s.requests - start.requests;
    r.o.end_state = sd_sweep_bar_state(&r.s.bar.config, -r.s.bar.state.offset);
    return r.o;
}

/* Seeded gestures of every kind from the three states, at 60 and 120 Hz. */
static void test_bar_runner_is_the_schedule(void **state) {
    (void)state;
    uint64_t seed = 12345;
    sd_sim_bar starts[3];
    starts[1] = bar_60_120_200();
    starts[0] = starts[1];
    sd_sim_bar_set_offset(&starts[0], 0, 1200, 0);
    starts[2] = starts[1];
    sd_sim_bar_expand(&starts[2]);
    sd_sim_bar_advance(&starts[2], SD_SCROLL_ANIMATION_DURATION);
    int snaps = 0, never = 0;
    for (int i = 0; i < 300; i++) {
        double u[8];
        for (int k = 0; k < 8; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            u[k] = (double)(seed >> 11) / 9007199254740992.0;
        }
        sd_sweep_gesture g;
        memset(&g, 0, sizeof g);
        double sign = u[0] < 0.5 ? -1 : 1;
        switch (i % 4) {
        case 0: g = one(sign * (8 + 500 * u[1]), 0.15 + u[2], sign * 40 * u[3]); break;           /* drag */
        case 1: g = one(sign * 4000 * u[1] * 0.05, 0.1, sign * 4000 * u[1]); break;              /* flick */
        case 2: g = one(0, 0.03 + u[1], 0); break;                                               /* hold, tap */
        default:                                                                                 /* interrupted */
            g = one(sign * 3000 * u[1] * 0.04, 0.08, sign * 3000 * u[1]);
            g.interrupted = 1;
            g.delay = 0.03 + 0.27 * u[4];
            g.second.distance = (u[5] < 0.5 ? -1 : 1) * (8 + 300 * u[6]);
            g.second.duration = 0.15 + u[7];
            g.second.velocity = 0;
            break;
        }
        /* every fifth with a settle limit most gestures reach */
        sd_sweep_clock clock = { i % 2 ? 120 : 60, (uint64_t)(i % 2 ? 60 : 30), i % 5 ? 600 : 4, 0 };
        const sd_sim_bar start = starts[i % 3];
        sd_sweep_outcome got, want = reference_bar(start, clock, g);
        assert_int_equal(sd_sweep_bar(&start, &clock, &g, &got, NULL), SD_OK);
        assert_memory_equal(&got, &want, sizeof got);
        snaps += got.events > 0;
        never += got.violations[SD_SWEEP_NEVER_RESTED] > 0;
    }
    assert_true(snaps > 30);      /* the population reaches the snaps */
    assert_true(never > 5);       /* and the settle limit */
}

/* ---- rejected input ------------------------------------------------------- */

static void test_rejects_and_writes_nothing(void **state) {
    (void)state;
    sd_sim_bar bar = bar_60_120_200();
    sd_sim_pulldown panel = article_panel();
    sd_sim_refresh list = refresh_list();
    sd_sweep_outcome o, untouched;
    memset(&o, 0x5a, sizeof o);
    untouched = o;
    sd_error err;
    const sd_sweep_gesture ok = one(10, 0.2, 0);
    struct {
        sd_sweep_gesture g;
        sd_sweep_clock clock;
        sd_status status;
        const char *field;
    } rows[] = {
        { one(NAN, 0.2, 0), CLOCK_120, SD_ERR_NOT_FINITE, "first.distance" },
        { one(10, 0.2, INFINITY), CLOCK_120, SD_ERR_NOT_FINITE, "first.velocity" },
        { one(10, -0.1, 0), CLOCK_120, SD_ERR_NEGATIVE, "first.duration" },
        { one(10, 86401, 0), CLOCK_120, SD_ERR_RANGE, "first.duration" },
        { ok, { 0, 0, 10, 0 }, SD_ERR_RANGE, "fps" },
        { ok, { NAN, 0, 10, 0 }, SD_ERR_NOT_FINITE, "fps" },
        { ok, { 1001, 0, 10, 0 }, SD_ERR_RANGE, "fps" },
        { ok, { 120, 120u * 86401u, 10, 0 }, SD_ERR_RANGE, "first_frame" },
        { ok, { 120, 0, 100000001u, 0 }, SD_ERR_RANGE, "settle_limit" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        assert_int_equal(sd_sweep_bar(&bar, &rows[i].clock, &rows[i].g, &o, &err), rows[i].status);
        assert_string_equal(err.field, rows[i].field);
        assert_int_equal(sd_sweep_pulldown(&panel, &rows[i].clock, &rows[i].g, &o, &err), rows[i].status);
        assert_string_equal(err.field, rows[i].field);
        assert_int_equal(sd_sweep_refresh(&list, &rows[i].clock, &rows[i].g, &o, &err), rows[i].status);
        assert_string_equal(err.field, rows[i].field);
        assert_memory_equal(&o, &untouched, sizeof o);
    }
    sd_sweep_gesture g = ok;
    g.interrupted = 2;
    assert_int_equal(sd_sweep_bar(&bar, &CLOCK_120, &g, &o, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "interrupted");
    g.interrupted = 1;
    g.second = ok.first;
    g.delay = -1;
    assert_int_equal(sd_sweep_bar(&bar, &CLOCK_120, &g, &o, &err), SD_ERR_NEGATIVE);
    assert_string_equal(err.field, "delay");
    g.delay = 0.1;
    g.second.duration = NAN;
    assert_int_equal(sd_sweep_bar(&bar, &CLOCK_120, &g, &o, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "second.duration");
    /* a non-interrupted gesture's second touch is not looked at */
    g.interrupted = 0;
    assert_int_equal(sd_sweep_bar(&bar, &CLOCK_120, &g, &o, &err), SD_OK);
    memset(&o, 0x5a, sizeof o);
    assert_int_equal(sd_sweep_bar(NULL, &CLOCK_120, &ok, &o, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "start");
    assert_int_equal(sd_sweep_bar(&bar, NULL, &ok, &o, &err), SD_ERR_NULL);
    assert_int_equal(sd_sweep_bar(&bar, &CLOCK_120, NULL, &o, &err), SD_ERR_NULL);
    assert_int_equal(sd_sweep_pulldown(&panel, &CLOCK_120, &ok, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "out");
    assert_int_equal(sd_sweep_refresh(NULL, &CLOCK_120, &ok, &o, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "start");
    assert_memory_equal(&o, &untouched, sizeof o);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_path),
        cmocka_unit_test(test_bar_hold),
        cmocka_unit_test(test_bar_drag_to_compact),
        cmocka_unit_test(test_pulldown_pull_opens),
        cmocka_unit_test(test_refresh_pull_and_load),
        cmocka_unit_test(test_never_rested),
        cmocka_unit_test(test_states),
        cmocka_unit_test(test_bar_runner_is_the_schedule),
        cmocka_unit_test(test_rejects_and_writes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
