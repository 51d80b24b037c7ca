/*
 * open_findings.c — the fuzzers' findings in code the robustness work does
 * not own, each reduced to the call that shows it. `make -C Tests/Fuzz
 * findings` runs this: every line says whether the finding still reproduces,
 * and the exit status is the number that do (0 once all are fixed). The
 * harnesses step around exactly these inputs unless FZ_STRICT=1 is set; when
 * a finding is fixed, delete its guard in the harness and its entry here,
 * and add the call to that surface's cmocka tests.
 *
 * Findings in bar.c were fixed where they were found; their regression tests
 * are in Tests/CCoreTests/test_fuzz_regressions.c.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "scrolldrive.h"

static int open_count;

static void report(const char *id, const char *where, int reproduces, const char *what) {
    printf("%s %-28s %s: %s\n", id, where, reproduces ? "REPRODUCES" : "fixed", what);
    open_count += reproduces != 0;
}

/* M1: d / c overflows when the dimension is above c * DBL_MAX (about 9.9e307). */
static void m1_rubber_band_inverse(void) {
    double zero = sd_rubber_band_inverse(0.0, 1e308);
    double one = sd_rubber_band_inverse(1.0, 1e308);
    report("M1", "motion.c rubber band", !(zero == 0.0) || !isfinite(one),
           "sd_rubber_band_inverse(0, 1e308) gives NaN and (1, 1e308) gives inf; "
           "expected 0 and about 1.82 (the header allows inf only for |displacement| >= dimension)");
}

/* M2: the bezier's y polynomial overflows for |y1| or |y2| above about 3.55e307. */
static void m2_timing_curve_value(void) {
    sd_timing_curve c = { 0.0, 0.1, 0.0, -1e308 };
    int valid = sd_timing_curve_validate(&c, NULL) == SD_OK;
    double y = sd_timing_curve_value(&c, 0.5);
    report("M2", "motion.c timing curve", valid && !isfinite(y),
           "curve (0, 0.1, 0, -1e308) validates, and sd_timing_curve_value(curve, 0.5) gives NaN; "
           "the header promises no NaN for a valid curve");
}

/* M3: an over-damped spring whose stiffness / mass is below about 1e-16 (damping / 2 mass)^2. */
static void m3_spring_settle_time(void) {
    sd_spring s = { 1e-30, 2000, 2000 };
    double t = sd_spring_settle_time(&s, 0, -113240, 0, 0.5, 1);
    sd_motion_sample x = sd_spring_sample(&s, 0, -113240, 0, t);
    int wrong = isfinite(t) && !(fabs(x.position) <= 0.5 && fabs(x.velocity) <= 1);
    report("M3", "motion.c spring settle time", wrong,
           "spring {1e-30, 2000, 2000}, from 0, velocity -113240, to 0, tolerances 0.5 / 1: "
           "settle time 11.64 s, but the sample there is at -113239 (its slow mode, "
           "stiffness/mass 5e-34 next to (c/2m)^2 = 0.25, is lost); expected INFINITY (over 1e15 s)");
}

/* M4: NaN at the rest position once the velocity is so large that 10 pt/s is below its precision. */
static void m4_time_to_reach(void) {
    double from = 1.9457499999999999e+103, v = 2.4609999999999999e+104, rate = 0.89147286821705429;
    double rest = sd_deceleration_rest_position(from, v, rate);
    double t = sd_deceleration_time_to_reach(from, v, rate, rest);
    report("M4", "motion.c time to reach", isnan(t),
           "from 1.94575e103, velocity 2.461e104, rate 0.891473, position = its rest position: "
           "sd_deceleration_time_to_reach gives NaN (log1p of a value just below -1); "
           "expected the stop time. Needs |velocity| > about 1e16 pt/s");
}

int main(void) {
    m1_rubber_band_inverse();
    m2_timing_curve_value();
    m3_spring_settle_time();
    m4_time_to_reach();
    printf("%d open finding(s) reproduce\n", open_count);
    return open_count;
}
