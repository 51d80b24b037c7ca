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
 * are in Tests/CCoreTests/test_fuzz_regressions.c. The sheet's (S1-S4) and
 * the pull-down panel's (P1-P2) are fixed, with regression tests in
 * Tests/CCoreTests/test_sheet_*.c and test_pulldown.c.
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

int main(void) {
    printf("%d open finding(s) reproduce\n", open_count);
    return open_count;
}
