/*
 * sheet_support.h — what the bottom sheet's cmocka programs (test_sheet_*.c)
 * share: the default sheet in an 800 pt container, a log of notices, and a
 * step helper that returns the actions together with the frame at the
 * event's time (the sheet's clock after the step).
 */
#ifndef SD_TEST_SHEET_SUPPORT_H
#define SD_TEST_SHEET_SUPPORT_H

#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scrolldrive.h"
#include "golden.h"

#define H 800.0
enum { FULL = SD_SHEET_FULL, HALF = SD_SHEET_HALF, DISMISSED = SD_SHEET_DISMISSED };

/* Every default transition in an 800 pt container settles within this (seconds). */
#define SETTLE_BOUND 0.75

#define WILL SD_SHEET_NOTICE_WILL_MOVE
#define DID SD_SHEET_NOTICE_DID_MOVE
#define GONE SD_SHEET_NOTICE_DISMISSED

static inline int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static inline void load(const char *name, golden_table *t) {
    assert_int_equal(golden_load(name, t), 0);
    assert_true(t->nrows > 0);
}

static inline void assert_near(double got, double want, double tol, const char *what) {
    if (!(fabs(got - want) <= tol)) fail_msg("%s: %.17g, expected %.17g (tolerance %g)", what, got, want, tol);
}

static inline sd_sheet seed_sheet(uint32_t detent) {
    sd_sheet_config c = sd_sheet_config_default(H);
    sd_sheet s;
    assert_int_equal(sd_sheet_init(&s, &c, detent, NULL), SD_OK);
    return s;
}

/* The frame at `time` (which must be finite). */
static inline sd_sheet_frame frame_at(const sd_sheet *s, double time) {
    sd_sheet_frame f;
    assert_int_equal(sd_sheet_frame_at(s, time, &f), SD_OK);
    return f;
}

/* ---- a log of notices, in the order the steps deliver them ---- */

typedef struct logged {
    uint32_t notice;
    uint32_t detent;
    double time;
} logged;

typedef struct notice_log {
    int n;
    logged e[64];
} notice_log;

static inline void record(notice_log *log, const sd_sheet_actions *a, double time) {
    static const uint32_t order[3] = { SD_SHEET_NOTICE_WILL_MOVE, SD_SHEET_NOTICE_DID_MOVE, SD_SHEET_NOTICE_DISMISSED };
    for (int i = 0; i < 3; i++) {
        if (!(a->notices & order[i])) continue;
        assert_true(log->n < 64);
        log->e[log->n].notice = order[i];
        log->e[log->n].detent = a->detent;
        log->e[log->n].time = time;
        log->n++;
    }
}

/* One accepted step: its actions' fields, and the frame at the sheet's clock after it. */
typedef struct stepped {
    uint32_t flags, notices, detent, scroll_enabled;
    double content_offset, spring_from, spring_velocity, spring_to, spring_start, spring_duration;
    sd_sheet_frame frame;
} stepped;

static inline stepped step(sd_sheet *s, sd_sheet_event e, notice_log *log) {
    sd_sheet_actions a;
    sd_error err;
    sd_status st = sd_sheet_step(s, &e, &a, &err);
    if (st != SD_OK) fail_msg("event type %u at %g: %s (%s %s)", e.type, e.time, sd_status_name(st), err.field, err.rule);
    if (log) record(log, &a, e.time);
    stepped r;
    r.flags = a.flags;
    r.notices = a.notices;
    r.detent = a.detent;
    r.scroll_enabled = a.scroll_enabled;
    r.content_offset = a.content_offset;
    r.spring_from = a.spring_from;
    r.spring_velocity = a.spring_velocity;
    r.spring_to = a.spring_to;
    r.spring_start = a.spring_start;
    r.spring_duration = a.spring_duration;
    r.frame = frame_at(s, s->state.time);
    return r;
}

/* Frame ticks at from + k / hz (k = 0, 1, ...) while <= to; returns the last tick's step. */
static inline stepped run_frames(sd_sheet *s, double from, double to, double hz, notice_log *log) {
    stepped a;
    memset(&a, 0, sizeof a);
    for (int k = 0;; k++) {
        double t = from + k / hz;
        if (t > to) break;
        a = step(s, sd_sheet_event_frame(t), log);
    }
    return a;
}

static inline void expect_log(const notice_log *log, int n, const uint32_t (*want)[2]) {
    if (log->n != n) {
        for (int i = 0; i < log->n; i++)
            print_message("  notice %d: bits %u detent %u at %g\n", i, log->e[i].notice, log->e[i].detent, log->e[i].time);
        fail_msg("%d notices, expected %d", log->n, n);
    }
    for (int i = 0; i < n; i++) {
        if (log->e[i].notice != want[i][0] || log->e[i].detent != want[i][1])
            fail_msg("notice %d: bits %u detent %u, expected bits %u detent %u", i, log->e[i].notice,
                     log->e[i].detent, want[i][0], want[i][1]);
    }
}

#endif /* SD_TEST_SHEET_SUPPORT_H */
