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
 * are in Tests/CCoreTests/test_fuzz_regressions.c. The sheet's (S1-S4) are
 * fixed, with regression tests in Tests/CCoreTests/test_sheet.c.
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

/* P1: the pull-down's 1e-9 s allowance at a transition's end is below the clock's resolution past ~1e8 s. */
static void p1_pulldown_end_tick(void) {
    sd_pulldown_config c = sd_pulldown_config_article();
    sd_pulldown p;
    sd_pulldown_actions a;
    (void)sd_pulldown_init(&p, &c, NULL);
    const double t0 = 2.19e8;
    sd_pulldown_event e = sd_pulldown_event_offset(-400, 1, t0);
    (void)sd_pulldown_handle(&c, &p, SD_PULLDOWN_SOURCE_LIST, &e, &a);
    e = sd_pulldown_event_offset(-400, 0, t0); /* not dragging while pulling: release, OPEN starts */
    (void)sd_pulldown_handle(&c, &p, SD_PULLDOWN_SOURCE_LIST, &e, &a);
    double end = p.list.transition_start + sd_pulldown_transition_duration(&c, (sd_pulldown_transition)p.list.transition);
    (void)sd_pulldown_tick(&c, &p, end, &a, NULL);
    report("P1", "pulldown.c end-of-transition tick", p.list.transition != SD_PULLDOWN_TRANSITION_NONE,
           "article config; at t = 2.19e8 s an offset of -400 while dragging, then -400 not dragging "
           "(release, OPEN starts); a FRAME at transition_start + 0.35 leaves OPEN running (and the "
           "interaction locked) because (t0 + 0.35) - t0 misses 0.35 by more than the 1e-9 s "
           "allowance; the header says the tick at the end finishes it. Fine below ~1e7 s; at t = DBL_MAX a started "
           "transition can never end");
}

/* P2: a pull-down configuration with a huge (valid) screen height overflows the frame. */
static void p2_pulldown_huge_screen(void) {
    sd_pulldown_config c = sd_pulldown_config_article();
    c.screen_height = DBL_MAX;
    sd_pulldown p;
    sd_pulldown_actions a;
    sd_pulldown_frame f;
    int valid = sd_pulldown_init(&p, &c, NULL) == SD_OK;
    sd_pulldown_event e = sd_pulldown_event_offset(-400, 1, 1.0);
    (void)sd_pulldown_handle(&c, &p, SD_PULLDOWN_SOURCE_LIST, &e, &a);
    e = sd_pulldown_event_drag_ended(-400, 0, 1.1);
    (void)sd_pulldown_handle(&c, &p, SD_PULLDOWN_SOURCE_LIST, &e, &a);
    int ok = sd_pulldown_frame_at(&c, &p.list, &p.panel, 5.0, &f) == SD_OK;
    report("P2", "pulldown.c huge screen height", valid && ok && !isfinite(f.panel_content_height),
           "article config with screen_height = DBL_MAX validates; pulled to -400 and released "
           "at t = 1.1, the frame at t = 5 (panel open) has panel_content_height = inf (20 "
           "screens). Validation should bound screen_height so the frame's products stay finite");
}

int main(void) {
    p1_pulldown_end_tick();
    p2_pulldown_huge_screen();
    printf("%d open finding(s) reproduce\n", open_count);
    return open_count;
}
