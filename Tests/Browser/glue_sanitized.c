/*
 * glue_sanitized.c — the playground's glue (CCore/wasm/) built natively
 * under AddressSanitizer and UndefinedBehaviorSanitizer (WebAssembly's
 * linear memory has no such checks), driven through the page's API:
 *  - random gestures on each surface (bar, sheet, pull-down, refresh) at 60 and 120 Hz, with random
 *    configurations, some of which the core rejects: every row is finite
 *    where it must be, time moves by 1 / fps, a rejected start keeps the
 *    run going;
 *  - the sheet's keyboard recorded between touches (refused elsewhere);
 *  - a recording filled to its limit: touches are refused, the finger still
 *    lifts, and the recorded steps end with a lift;
 *  - the wheel's limits at the top of the bar's list.
 * Prints "glue: N passed, N failed"; exit status 1 on a failure.
 * Built and run by scripts/playground-check.sh.
 */
#include "playground.h"

#include <math.h>
#include <stdio.h>

static int passed, failed;

static void check(int ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("  FAIL: %s\n", what);
    }
}

/* xorshift64: the same gestures on every run. */
static unsigned long long seed = 0x9E3779B97F4A7C15ULL;
static double uniform(void) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return (double)(seed >> 11) * (1.0 / 9007199254740992.0);
}

static int start(int surface, int fps, int valid) {
    double *a = pg_io();
    a[0] = 390;
    a[1] = 844;
    a[2] = 200 + uniform() * 4000;
    a[3] = fps;
    a[4] = uniform() < 0.5;
    double bad = valid ? 0 : -1;
    if (surface == PG_SURFACE_BAR) {
        a[5] = uniform() * 100;
        a[6] = a[5] + uniform() * 100 + (valid ? 0 : -500);
        a[7] = a[6] + uniform() * 100;
        a[8] = uniform() < 0.5 ? 0 : 47; /* sometimes a status bar above it */
        a[9] = uniform() < 0.5;          /* sometimes reduced motion */
        return pg_start_bar();
    }
    if (surface == PG_SURFACE_SHEET) {
        /* full, half, dismissed; options at random; the initial detent at random. */
        const double detents[] = {SD_SHEET_DETENT_POINTS, 50, SD_SHEET_DETENT_FRACTION, 0.5, SD_SHEET_DETENT_DISMISSED, 0};
        a[5] = 3;
        for (int i = 0; i < 6; i++) a[6 + i] = detents[i];
        a[16] = (double)(int)(uniform() * (SD_SHEET_OPTIONS_ALL + 1));
        /* The policies' fields for UNDIMMED_DETENT and DISMISS_BY_VELOCITY are the defaults. */
        a[17] = 0.25;
        a[18] = 0.3;
        a[19] = 120;
        a[20] = 0.5 + bad;
        a[21] = 100;
        a[22] = 0;
        a[23] = (double)(int)(uniform() * 3);
        a[24] = (double)(int)(uniform() * 3);
        a[25] = uniform() < 0.5 ? 0 : uniform() * 40; /* sometimes a handle */
        a[26] = uniform() < 0.5 ? 0 : 47;             /* sometimes a notch */
        a[27] = uniform() < 0.5 ? 0 : 34;
        a[28] = (double)(int)(uniform() * 3);         /* ignore, rise, extend */
        return pg_start_sheet();
    }
    if (surface == PG_SURFACE_REFRESH) {
        /* MJRefresh's numbers, insets and the app's at random (an invalid run: a negative header). */
        const double numbers[] = {0, 0, 54 + 100 * bad, 54, 0.25, 0.4, 0, 44, 0, 0};
        for (int i = 0; i < 10; i++) a[5 + i] = numbers[i];
        a[5] = uniform() < 0.5 ? 0 : 88;
        a[6] = uniform() < 0.5 ? 0 : 83;
        a[12] = uniform() * 44;
        a[13] = uniform() * 400;
        a[15] = uniform() < 0.8;
        a[16] = uniform() < 0.8;
        a[17] = uniform() * 2;
        a[18] = uniform();
        a[19] = uniform() * 2000;
        a[20] = (double)(int)(uniform() * 4);
        a[21] = uniform() < 0.5; /* sometimes reduced motion */
        return pg_start_refresh();
    }
    a[5] = uniform() < 0.5;
    a[6] = 60;
    a[7] = 90 + 100 * bad;
    a[8] = 130;
    a[9] = 240;
    a[10] = 844;
    a[11] = 88;
    a[12] = 83;
    a[13] = uniform() < 0.5; /* sometimes reduced motion */
    return pg_start_pulldown();
}

/* Frames up to `now`; checks each row. Returns how many. */
static long frames(double now, int fps, double *last_t, int *bad_rows) {
    long n = 0;
    while (pg_frame(now)) {
        const double *row = pg_io();
        int ok = fabs(row[0] - (*last_t + 1.0 / fps)) < 1e-9 || *last_t < 0;
        for (int i = 3; i < 11; i++) ok = ok && isfinite(row[i]);
        if (!ok) (*bad_rows)++;
        *last_t = row[0];
        pg_pan(0);
        n++;
    }
    return n;
}

static void random_runs(void) {
    char what[96];
    for (int run = 0; run < 240; run++) {
        int surface = run % 4, fps = (run / 4) % 2 ? 120 : 60;
        if (!start(surface, fps, 1)) {
            snprintf(what, sizeof what, "run %d: a valid configuration is accepted (%s %s)", run, pg_error_field(),
                     pg_error_rule());
            check(0, what);
            continue;
        }
        double t = 0, last_t = -1;
        int bad_rows = 0, bad_keyboard = 0;
        long n = 0;
        for (int g = 0; g < 6; g++) {
            t += uniform() * 1.2;
            n += frames(t, fps, &last_t, &bad_rows);
            double x = 20 + uniform() * 350, y = uniform() * 844;
            /* The sheet's keyboard now and then, between touches (refused on the other surfaces). */
            if (uniform() < 0.3) {
                const int taken = pg_keyboard(t, uniform() < 0.5 ? 0 : 300, uniform() * 0.4, uniform() < 0.5 ? 7 : 0);
                if (taken != (surface == PG_SURFACE_SHEET)) bad_keyboard++;
            }
            pg_touch(PG_TOUCH_DOWN, t, x, y);
            if (g == 3) check(!start(surface, fps, 0), "an invalid configuration is rejected mid-run");
            for (int m = (int)(uniform() * 40); m > 0; m--) {
                t += uniform() * 0.03;
                y += (uniform() - 0.5) * 160;
                pg_touch(PG_TOUCH_MOVED, t, x, y);
                n += frames(t, fps, &last_t, &bad_rows);
            }
            t += uniform() * 0.02;
            pg_touch(PG_TOUCH_UP, t, x, y);
            n += frames(t, fps, &last_t, &bad_rows);
        }
        n += frames(t + 15, fps, &last_t, &bad_rows);
        snprintf(what, sizeof what, "run %d (surface %d, %d Hz): %ld frames, every one in order and finite", run,
                 surface, fps, n);
        check(bad_rows == 0 && n > 0, what);
        snprintf(what, sizeof what, "run %d: the keyboard is taken on the sheet only, with no finger down", run);
        check(bad_keyboard == 0, what);
    }
}

static void full_recording(void) {
    start(PG_SURFACE_BAR, 60, 1);
    double t = 0.5, last_t = -1;
    int bad_rows = 0, refused = 0, lifted = 1;
    while (!refused) {
        refused = !pg_touch(PG_TOUCH_DOWN, t, 195, 400);
        for (int m = 1; m <= 10 && !refused; m++) {
            t += 0.01;
            refused = !pg_touch(PG_TOUCH_MOVED, t, 195, 400 + m);
            frames(t, 60, &last_t, &bad_rows);
        }
        t += 0.01;
        lifted = lifted && pg_touch(PG_TOUCH_UP, t, 195, 410);
        t += 0.05;
        frames(t, 60, &last_t, &bad_rows);
    }
    check(lifted, "the finger can always lift");
    const double *steps = pg_steps();
    int n = pg_step_count();
    check(n > 16000 && n <= 16384, "the recording holds up to 16,384 steps");
    check(steps[(n - 1) * 8] == 1 && steps[(n - 1) * 8 + 7] == 1, "a full recording ends with a lift");
    check(!pg_touch(PG_TOUCH_DOWN, t + 1, 195, 400), "a full recording takes no new touch");
    check(bad_rows == 0, "every frame of the full recording is in order and finite");
}

/* The wheel's limits (pg_wheel_limit) on the bar's list, resting at its top. */
static void wheel_limits(void) {
    double *a = pg_io();
    const double bar[] = {390, 844, 3000, 60, 0, 60, 120, 200};
    for (int i = 0; i < 8; i++) a[i] = bar[i];
    check(pg_start_bar(), "the bar starts for the wheel");
    double last_t = -1;
    int bad_rows = 0;
    frames(0.5, 60, &last_t, &bad_rows);
    check(pg_wheel_limit(40, 0) == 0, "no finger down: the wheel moves nothing");
    pg_touch(PG_TOUCH_DOWN, 0.5, 195, 500);
    check(pg_wheel_limit(100, 0) == 0, "a mouse wheel at the top: no move down past it");
    check(pg_wheel_limit(-100, 0) == -100, "a mouse wheel at the top: the whole move up");
    check(pg_wheel_limit(100, 300) == 100 && pg_wheel_limit(500, 300) == 300,
          "a trackpad at the top: up to its overshoot of travel past it");
    pg_touch(PG_TOUCH_MOVED, 0.55, 195, 450);   /* 50 up, not yet shown */
    check(pg_wheel_limit(100, 0) == 50, "travel not yet shown counts: 50 back down to the top");
    check(pg_wheel_limit(NAN, 0) == 0 && pg_wheel_limit(10, NAN) == 0 && pg_wheel_limit(10, -1) == 0,
          "NaN and a negative overshoot move nothing");
    pg_touch(PG_TOUCH_UP, 0.6, 195, 450);
    frames(3, 60, &last_t, &bad_rows);
    check(bad_rows == 0, "the wheel's frames are in order and finite");
}

int main(void) {
    random_runs();
    full_recording();
    wheel_limits();
    printf("glue: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
