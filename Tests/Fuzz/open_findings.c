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

/* S1: a frame tick at the spring's own end time may not land it (rounding of t - start). */
static void s1_sheet_landing_tick(void) {
    sd_sheet_config c = sd_sheet_config_default(800);
    sd_sheet s;
    sd_sheet_actions a;
    (void)sd_sheet_init(&s, &c, 1, NULL);
    sd_sheet_event move = sd_sheet_move(0.3, 0, 1);
    (void)sd_sheet_step(&s, &move, &a);
    sd_sheet_event tick = sd_sheet_frame_tick(a.spring_start + a.spring_duration);
    (void)sd_sheet_step(&s, &tick, &a);
    report("S1", "sheet.c spring landing", (s.state.flags & SD_SHEET_STATE_ANIMATING) != 0,
           "default 800 pt sheet at detent 1, animated MOVE to 0 at t = 0.3 (start 0.3, duration "
           "0.6761925053732144): a FRAME at start + duration leaves it animating with no didMove, "
           "because (0.3 + d) - 0.3 < d; the header says a spring past its settle time lands "
           "(pulldown.c allows 1e-9 s for the same rounding)");
}

/* S2: a valid sheet configuration whose spring never settles: the animation never ends. */
static void s2_sheet_endless_spring(void) {
    sd_sheet_config c = sd_sheet_config_default(800);
    c.spring.damping = 0; /* allowed: sd_spring_validate takes damping >= 0 */
    sd_sheet s;
    sd_sheet_actions a;
    int valid = sd_sheet_init(&s, &c, 1, NULL) == SD_OK;
    sd_sheet_event move = sd_sheet_move(0, 0, 1);
    (void)sd_sheet_step(&s, &move, &a);
    sd_sheet_event tick = sd_sheet_frame_tick(1e9);
    (void)sd_sheet_step(&s, &tick, &a);
    report("S2", "sheet.c undamped spring", valid && (s.state.flags & SD_SHEET_STATE_ANIMATING) != 0,
           "default sheet with spring.damping = 0 validates; an animated MOVE gets spring_duration "
           "INFINITY and is still animating (no didMove) after 1e9 s; the same with mass 9.007e15. "
           "Either reject such springs (damping > 0, a finite settle time) or land them");
}

/* S3: a finite content offset near -DBL_MAX in a drag overflows the sheet's spring. */
static void s3_sheet_huge_offset(void) {
    sd_sheet_config c = sd_sheet_config_default(800);
    sd_sheet s;
    sd_sheet_actions a;
    (void)sd_sheet_init(&s, &c, 0, NULL);
    sd_sheet_event began = sd_sheet_drag_began(0, 0);
    (void)sd_sheet_step(&s, &began, &a);
    sd_sheet_event changed = sd_sheet_drag_changed(1.0 / 60, 0, -DBL_MAX);
    sd_status st = sd_sheet_step(&s, &changed, &a);
    int broken = st == SD_OK && (!isfinite(a.frame.top) || !isfinite(s.state.spring_from) ||
                                 !isfinite(s.state.spring_velocity));
    report("S3", "sheet.c huge finite offset", broken,
           "default sheet at detent 0, DRAG_BEGAN(0, offset 0), DRAG_CHANGED(1/60, translation 0, "
           "offset -DBL_MAX): accepted, and the overscroll return's spring starts from +inf "
           "(frame not finite); offsets around -1e306 already overflow the spring's products. "
           "Clamp drag positions to a documented range or reject them. Likewise a configuration "
           "with container_height = DBL_MAX validates and its first BACKDROP_TAP spring starts "
           "from a non-finite velocity");
}

/* S4: drag events a denormal time apart: velocity = distance / dt overflows. */
static void s4_sheet_tiny_dt(void) {
    sd_sheet_config c = sd_sheet_config_default(800);
    sd_sheet s;
    sd_sheet_actions a;
    (void)sd_sheet_init(&s, &c, 1, NULL);
    sd_sheet_event began = sd_sheet_drag_began(0, 0);
    (void)sd_sheet_step(&s, &began, &a);
    sd_sheet_event first = sd_sheet_drag_changed(0, -39, -400);
    (void)sd_sheet_step(&s, &first, &a);
    sd_sheet_event second = sd_sheet_drag_changed(DBL_MIN, -77.5, 0);
    sd_status st = sd_sheet_step(&s, &second, &a);
    report("S4", "sheet.c drag velocity", st == SD_OK && !isfinite(a.frame.velocity),
           "default sheet at detent 1: DRAG_BEGAN(0, 0), DRAG_CHANGED(0, -39, -400), "
           "DRAG_CHANGED(2.2e-308, -77.5, 0): frame velocity -inf (the 38.5 pt move divided by "
           "a denormal dt), carried into the release spring with CARRY_VELOCITY. Bound dt from "
           "below or the velocity");
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
    s1_sheet_landing_tick();
    s2_sheet_endless_spring();
    s3_sheet_huge_offset();
    s4_sheet_tiny_dt();
    p1_pulldown_end_tick();
    p2_pulldown_huge_screen();
    printf("%d open finding(s) reproduce\n", open_count);
    return open_count;
}
