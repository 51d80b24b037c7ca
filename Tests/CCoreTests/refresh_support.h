/* refresh_support.h — helpers of the refresh surface's cmocka tests (test_refresh_*.c). */
#ifndef REFRESH_SUPPORT_H
#define REFRESH_SUPPORT_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "scrolldrive.h"

static sd_refresh R;
static sd_refresh_actions A;
static sd_refresh_frame F;

static inline int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The numbers of most tests: MJRefresh's, under a 64-point nav bar and a
 * 49-point tab bar, a 600-point viewport, and a one-second minimum. */
static inline sd_refresh_config test_config(void) {
    sd_refresh_config c = sd_refresh_config_mjrefresh();
    c.content_inset_top = 64;
    c.content_inset_bottom = 49;
    c.viewport_height = 600;
    c.min_refreshing_time = 1.0;
    return c;
}

static inline void start(const sd_refresh_config *c) { assert_int_equal(sd_refresh_init(&R, c, NULL), SD_OK); }

/* Steps `e`, which must be accepted; returns the action flags. */
static inline uint32_t send(sd_refresh_event e) {
    sd_error err;
    sd_status st = sd_refresh_step(&R, &e, &A, &err);
    if (st != SD_OK) fail_msg("event %u rejected: %s %s", e.type, err.field, err.rule);
    return A.flags;
}

static inline void frame_at(double t) { assert_int_equal(sd_refresh_frame_at(&R, t, &F), SD_OK); }

static inline double ease(double s) { return sd_timing_curve_value(&sd_timing_ease_in_out, s); }

#endif /* REFRESH_SUPPORT_H */
