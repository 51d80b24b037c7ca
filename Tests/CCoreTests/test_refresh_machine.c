/* test_refresh_machine.c — cmocka tests of the refresh surface's header and
 * footer machines (CCore/refresh.c): every threshold with a row at it and
 * one ulp on each side, the held inset, the minimum refreshing time, the
 * footer firing once per approach. */
#include "refresh_support.h"

#define ULP_DOWN(x) nextafter((x), -INFINITY)
#define ULP_UP(x) nextafter((x), INFINITY)

/* I = 64, threshold 54: pulling exactly when d = -(y + 64) > 54, i.e. y < -118. */
static void test_pulling_threshold_table(void **s) {
    (void)s;
    static const struct { int line; double y; uint32_t pulling; } rows[] = {
        { __LINE__, -64, 0 },
        { __LINE__, -100, 0 },
        { __LINE__, ULP_UP(-118.0), 0 },
        { __LINE__, -118, 0 },           /* d == threshold: not beyond it */
        { __LINE__, ULP_DOWN(-118.0), 1 },
        { __LINE__, -200, 1 },
    };
    const sd_refresh_config c = test_config();
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        start(&c);
        send(sd_refresh_event_offset(0.1, rows[i].y, 1));
        const uint32_t want = rows[i].pulling ? SD_REFRESH_HEADER_PULLING : SD_REFRESH_HEADER_IDLE;
        if (R.header.state != want) fail_msg("line %d: state %u", rows[i].line, R.header.state);
        /* The release refreshes exactly when it was pulling; the app is asked
         * to refresh when the 0.25 s begin motion ends (MJRefresh). */
        uint32_t f = send(sd_refresh_event_offset(0.2, rows[i].y, 0));
        const uint32_t after = rows[i].pulling ? SD_REFRESH_HEADER_REFRESHING : SD_REFRESH_HEADER_IDLE;
        if (R.header.state != after) fail_msg("line %d: state after release %u", rows[i].line, R.header.state);
        if (f & SD_REFRESH_ACTION_REFRESH) fail_msg("line %d: REFRESH at the release", rows[i].line);
        f = send(sd_refresh_event_frame(0.45));
        if (!!(f & SD_REFRESH_ACTION_REFRESH) != rows[i].pulling) fail_msg("line %d: REFRESH action", rows[i].line);
    }
}

/* MJRefresh's header calls its refreshing block when the 0.25 s begin
 * animation ends (headerRefreshingAction: executeRefreshingCallback in the
 * animation's completion). MJRefresh's numbers with a 64 pt nav bar: pulled
 * to -164 at 0.1, released there at 0.2: REFRESH at 0.45, not before; with
 * no begin motion, in the release's own step. */
static void test_refresh_when_the_begin_motion_ends(void **s) {
    (void)s;
    sd_refresh_config c = sd_refresh_config_mjrefresh();
    c.content_inset_top = 64;
    start(&c);
    assert_int_equal(send(sd_refresh_event_offset(0.1, -164, 1)) & SD_REFRESH_ACTION_REFRESH, 0);
    uint32_t f = send(sd_refresh_event_offset(0.2, -164, 0));
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_REFRESHING);
    assert_int_equal(f & SD_REFRESH_ACTION_REFRESH, 0);
    assert_int_equal(send(sd_refresh_event_frame(0.45 - 2e-9)) & SD_REFRESH_ACTION_REFRESH, 0);
    f = send(sd_refresh_event_frame(0.45));
    assert_int_equal(f & SD_REFRESH_ACTION_REFRESH, SD_REFRESH_ACTION_REFRESH);
    assert_int_equal(A.finished, SD_REFRESH_TRANSITION_BIT(SD_REFRESH_TRANSITION_BEGIN));
    assert_int_equal(send(sd_refresh_event_frame(0.5)) & SD_REFRESH_ACTION_REFRESH, 0); /* once */
    /* BEGIN_REFRESHING the same way: REFRESH when its motion ends. */
    start(&c);
    assert_int_equal(send(sd_refresh_event_begin_refreshing(1)) & SD_REFRESH_ACTION_REFRESH, 0);
    assert_int_equal(send(sd_refresh_event_frame(1.25)) & SD_REFRESH_ACTION_REFRESH, SD_REFRESH_ACTION_REFRESH);
    /* No begin motion: the refresh starts in the release's step. */
    c.begin_duration = 0;
    start(&c);
    send(sd_refresh_event_offset(0.1, -164, 1));
    f = send(sd_refresh_event_offset(0.2, -164, 0));
    assert_int_equal(f & SD_REFRESH_ACTION_REFRESH, SD_REFRESH_ACTION_REFRESH);
    assert_true(R.offset == -(64 + 54) && R.header.transition == SD_REFRESH_TRANSITION_NONE);
}

/* Back from pulling: idle again exactly when d <= 54 while still dragging. */
static void test_pulling_back_to_idle_table(void **s) {
    (void)s;
    static const struct { int line; double y; uint32_t state; } rows[] = {
        { __LINE__, ULP_DOWN(-118.0), SD_REFRESH_HEADER_PULLING },
        { __LINE__, -118, SD_REFRESH_HEADER_IDLE },
        { __LINE__, ULP_UP(-118.0), SD_REFRESH_HEADER_IDLE },
    };
    const sd_refresh_config c = test_config();
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        start(&c);
        send(sd_refresh_event_offset(0.1, -200, 1));
        uint32_t f = send(sd_refresh_event_offset(0.2, rows[i].y, 1));
        if (R.header.state != rows[i].state) fail_msg("line %d: state %u", rows[i].line, R.header.state);
        if (!!(f & SD_REFRESH_ACTION_HEADER_STATE) != (rows[i].state == SD_REFRESH_HEADER_IDLE))
            fail_msg("line %d: HEADER_STATE action", rows[i].line);
    }
}

/* Release at -200 at t = 0: the inset is held at I + h = 118 and the offset
 * eases to -118 over 0.25 s, set exactly there when the motion ends. */
static void test_begin_motion_and_held_inset(void **s) {
    (void)s;
    const sd_refresh_config c = test_config();
    start(&c);
    send(sd_refresh_event_offset(0, -200, 1));
    uint32_t f = send(sd_refresh_event_offset(0, -200, 0));
    assert_int_equal(f, SD_REFRESH_ACTION_HEADER_STATE | SD_REFRESH_ACTION_SET_INSET_TOP |
                            SD_REFRESH_ACTION_START_TRANSITION);
    assert_int_equal(A.started, SD_REFRESH_TRANSITION_BIT(SD_REFRESH_TRANSITION_BEGIN));
    assert_true(A.inset_top == 118);
    frame_at(0);
    assert_true(F.content_offset == -200 && F.offset_driven && F.inset_top == 118 && F.progress == 1);
    assert_true(F.pull_distance == 136 && F.header_visible == 54 && F.header_top == -54);
    const double times[] = { 0.05, 0.125, 0.2 };
    for (size_t i = 0; i < 3; i++) {
        frame_at(times[i]);
        const double want = -200 + (-118 - -200) * ease(times[i] / 0.25);
        if (!same_bits(F.content_offset, want)) fail_msg("t = %g: %.17g != %.17g", times[i], F.content_offset, want);
        assert_int_equal(F.transition, SD_REFRESH_TRANSITION_BEGIN);
    }
    /* One ulp before the end (beyond the clock tolerance) the motion runs; at its end it is over. */
    frame_at(0.25 - 2e-9);
    assert_int_equal(F.transition, SD_REFRESH_TRANSITION_BEGIN);
    frame_at(0.25 - 1e-9);
    assert_int_equal(F.transition, SD_REFRESH_TRANSITION_NONE);
    f = send(sd_refresh_event_frame(0.25));
    assert_int_equal(f, SD_REFRESH_ACTION_FINISH_TRANSITION | SD_REFRESH_ACTION_SET_OFFSET | SD_REFRESH_ACTION_REFRESH);
    assert_true(A.offset == -118 && R.offset == -118);
    frame_at(0.25);
    assert_true(F.content_offset == -118 && !F.offset_driven && F.header_state == SD_REFRESH_HEADER_REFRESHING);

    /* Scrolling the content up lowers the held inset: max(I, min(I + h, -y)). */
    static const struct { int line; double y; double inset; uint32_t set; } rows[] = {
        { __LINE__, -118, 118, 0 },
        { __LINE__, -130, 118, 0 },
        { __LINE__, -100, 100, 1 },
        { __LINE__, ULP_DOWN(-64.0), -ULP_DOWN(-64.0), 1 },
        { __LINE__, -64, 64, 1 },
        { __LINE__, ULP_UP(-64.0), 64, 0 },
        { __LINE__, 300, 64, 0 },
        { __LINE__, -118, 118, 1 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        f = send(sd_refresh_event_offset(0.3 + 0.01 * (double)i, rows[i].y, 1));
        if (!same_bits(R.header.held_inset, rows[i].inset)) fail_msg("line %d: held %.17g", rows[i].line, R.header.held_inset);
        if (!!(f & SD_REFRESH_ACTION_SET_INSET_TOP) != rows[i].set) fail_msg("line %d: SET_INSET_TOP", rows[i].line);
        if (rows[i].set && !same_bits(A.inset_top, rows[i].inset)) fail_msg("line %d: inset action", rows[i].line);
    }
    /* No pulling while refreshing, however far. */
    send(sd_refresh_event_offset(0.5, -400, 1));
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_REFRESHING);
}

/* Refreshing from a release at t = 0 with a one-second minimum: an end at
 * elapsed >= 1 - 1e-9 (the clock tolerance) is honoured at once, an earlier
 * one at exactly t = 1. */
static void test_minimum_refreshing_time_table(void **s) {
    (void)s;
    static const struct { int line; double t; uint32_t deferred; } rows[] = {
        { __LINE__, 0.5, 1 },
        { __LINE__, ULP_DOWN(1.0 - 1e-9), 1 },
        { __LINE__, 1.0 - 1e-9, 0 },
        { __LINE__, 1.0, 0 },
        { __LINE__, 3.0, 0 },
    };
    const sd_refresh_config c = test_config();
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        start(&c);
        send(sd_refresh_event_begin_refreshing(0));
        send(sd_refresh_event_frame(0.25));
        const uint32_t f = send(sd_refresh_event_end_refreshing(rows[i].t));
        const double start_at = rows[i].deferred ? 1.0 : rows[i].t;
        if (rows[i].deferred) {
            if (f != 0 || R.header.state != SD_REFRESH_HEADER_REFRESHING || !R.header.end_requested)
                fail_msg("line %d: not deferred", rows[i].line);
            /* The frame already knows: done from t = 1 on. */
            frame_at(ULP_DOWN(1.0 - 1e-9));
            if (F.header_state != SD_REFRESH_HEADER_REFRESHING) fail_msg("line %d: done too early", rows[i].line);
            frame_at(1.0);
            if (F.header_state != SD_REFRESH_HEADER_DONE) fail_msg("line %d: not done at 1", rows[i].line);
            /* A second end is refused. */
            sd_refresh before = R;
            sd_refresh_event e = sd_refresh_event_end_refreshing(rows[i].t);
            assert_int_equal(sd_refresh_step(&R, &e, &A, NULL), SD_ERR_STATE);
            assert_memory_equal(&R, &before, sizeof R);
            send(sd_refresh_event_frame(1.0));
        } else if (f != (SD_REFRESH_ACTION_HEADER_STATE | SD_REFRESH_ACTION_START_TRANSITION)) {
            fail_msg("line %d: flags %u", rows[i].line, f);
        }
        if (R.header.state != SD_REFRESH_HEADER_DONE || !same_bits(R.header.transition_start, start_at))
            fail_msg("line %d: end started at %.17g", rows[i].line, R.header.transition_start);
        /* The end motion: -118 eases to -64 over 0.4 s, the progress to 0. */
        frame_at(start_at + 0.1);
        const double e = ease(((start_at + 0.1) - start_at) / 0.4);
        if (!same_bits(F.content_offset, -118 + (-64 - -118) * e) || !same_bits(F.progress, 1.0 - e) ||
            F.inset_top != 118 || !F.offset_driven)
            fail_msg("line %d: end frame %.17g %.17g %g %u", rows[i].line, F.content_offset, F.progress, F.inset_top, F.offset_driven);
        const uint32_t g = send(sd_refresh_event_frame(start_at + 0.4));
        if (g != (SD_REFRESH_ACTION_HEADER_STATE | SD_REFRESH_ACTION_SET_INSET_TOP | SD_REFRESH_ACTION_SET_OFFSET |
                  SD_REFRESH_ACTION_FINISH_TRANSITION) ||
            A.inset_top != 64 || A.offset != -64 || R.header.state != SD_REFRESH_HEADER_IDLE)
            fail_msg("line %d: end finish flags %u", rows[i].line, g);
    }
}

/* sd_refresh_needs_frames: the begin motion, a refresh held by the app (no),
 * an end waiting for the minimum time (yes: it starts at a later frame),
 * the end motion, and rest. */
static void test_needs_frames(void **s) {
    (void)s;
    const sd_refresh_config c = test_config();
    start(&c);
    assert_false(sd_refresh_needs_frames(&R, 0));
    send(sd_refresh_event_begin_refreshing(0));
    assert_true(sd_refresh_needs_frames(&R, 0.1));
    assert_false(sd_refresh_needs_frames(&R, 0.25)); /* refreshing: the app works, nothing moves */
    assert_false(sd_refresh_needs_frames(NULL, 0.1));
    assert_false(sd_refresh_needs_frames(&R, NAN));
    send(sd_refresh_event_frame(0.25));
    assert_false(sd_refresh_needs_frames(&R, 0.25));
    send(sd_refresh_event_end_refreshing(0.5)); /* before the 1 s minimum: deferred */
    assert_true(R.header.end_requested && R.header.transition == SD_REFRESH_TRANSITION_NONE);
    assert_true(sd_refresh_needs_frames(&R, 0.5));
    assert_true(sd_refresh_needs_frames(&R, 1.2));  /* the end motion, 1 ... 1.4 */
    assert_false(sd_refresh_needs_frames(&R, 1.4)); /* over by then */
    send(sd_refresh_event_frame(1.4));
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_IDLE);
    assert_false(sd_refresh_needs_frames(&R, 1.4));
}

/* The end never starts before the begin motion is over, even with no minimum. */
static void test_end_waits_for_the_begin_motion(void **s) {
    (void)s;
    sd_refresh_config c = test_config();
    c.min_refreshing_time = 0;
    start(&c);
    send(sd_refresh_event_begin_refreshing(2));
    assert_int_equal(send(sd_refresh_event_end_refreshing(2.1)), 0);
    frame_at(2.25);
    assert_int_equal(F.header_state, SD_REFRESH_HEADER_DONE);
    assert_true(F.content_offset == -118 && F.transition == SD_REFRESH_TRANSITION_END);
    /* One step long after both: begin finished, end started at 2.25 and finished. */
    const uint32_t f = send(sd_refresh_event_frame(5));
    assert_int_equal(A.finished, SD_REFRESH_TRANSITION_BIT(SD_REFRESH_TRANSITION_BEGIN) |
                                     SD_REFRESH_TRANSITION_BIT(SD_REFRESH_TRANSITION_END));
    assert_int_equal(A.started, SD_REFRESH_TRANSITION_BIT(SD_REFRESH_TRANSITION_END));
    assert_true((f & SD_REFRESH_ACTION_SET_OFFSET) && A.offset == -64 && R.header.state == SD_REFRESH_HEADER_IDLE);
}

/* Footer zone: content 2000, B 49, f 44, viewport 600: r = 2093 - (y + 600),
 * in the zone when r <= max(distance, fraction * content). */
static void test_footer_zone_table(void **s) {
    (void)s;
    /* (Rows keep y and y + 600 in one binade, so r is exact one ulp off too.) */
    static const struct { int line; double content, distance, fraction, y; uint32_t fires; } rows[] = {
        /* distance 100: the zone starts at y = 1393 */
        { __LINE__, 2000, 100, 0, ULP_DOWN(1393.0), 0 },
        { __LINE__, 2000, 100, 0, 1393, 1 },
        { __LINE__, 2000, 100, 0, ULP_UP(1393.0), 1 },
        /* MJRefresh's default: the footer wholly visible, r <= 0: y = 1907 + 93 - 600 */
        { __LINE__, 1907, 0, 0, ULP_DOWN(1400.0), 0 },
        { __LINE__, 1907, 0, 0, 1400, 1 },
        /* fraction 0.25 of 2400 = 600 beats 100: y = 2493 - 600 - 600 */
        { __LINE__, 2400, 100, 0.25, ULP_DOWN(1293.0), 0 },
        { __LINE__, 2400, 100, 0.25, 1293, 1 },
        /* distance 700 beats 600 */
        { __LINE__, 2400, 700, 0.25, ULP_DOWN(1193.0), 0 },
        { __LINE__, 2400, 700, 0.25, 1193, 1 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_refresh_config c = test_config();
        c.footer_trigger_distance = rows[i].distance;
        c.footer_trigger_fraction = rows[i].fraction;
        start(&c);
        send(sd_refresh_event_content_size(0, rows[i].content));
        const uint32_t f = send(sd_refresh_event_offset(0.1, rows[i].y, 1));
        if (!!(f & SD_REFRESH_ACTION_LOAD) != rows[i].fires) fail_msg("line %d: LOAD %u", rows[i].line, f);
        const uint32_t want = rows[i].fires ? SD_REFRESH_FOOTER_LOADING : SD_REFRESH_FOOTER_IDLE;
        if (R.footer.state != want) fail_msg("line %d: footer %u", rows[i].line, R.footer.state);
        frame_at(0.1);
        if (!same_bits(F.remaining, (rows[i].content + 93) - (rows[i].y + 600))) fail_msg("line %d: remaining", rows[i].line);
        if (F.footer_top != rows[i].content || F.inset_bottom != 93) fail_msg("line %d: footer frame", rows[i].line);
    }
}

/* One approach, one load: disarmed when it fires, armed when the end leaves the zone. */
static void test_footer_fires_once_per_approach(void **s) {
    (void)s;
    sd_refresh_config c = test_config();
    c.footer_trigger_distance = 100;
    start(&c);
    /* Nothing before the content height is known. */
    assert_int_equal(send(sd_refresh_event_offset(0, 1450, 1)) & SD_REFRESH_ACTION_LOAD, 0);
    assert_true(send(sd_refresh_event_content_size(0, 2000)) & SD_REFRESH_ACTION_LOAD);
    assert_int_equal(send(sd_refresh_event_offset(0.1, 1480, 1)), 0);
    assert_int_equal(send(sd_refresh_event_end_loading(0.2, 0)), SD_REFRESH_ACTION_FOOTER_STATE);
    /* Still in the zone after the load: no second load. */
    assert_int_equal(send(sd_refresh_event_offset(0.3, 1493, 0)), 0);
    assert_int_equal(send(sd_refresh_event_offset(0.4, 1400, 0)), 0);
    /* Out (y < 1393) and in again: a new approach. */
    assert_int_equal(send(sd_refresh_event_offset(0.5, ULP_DOWN(1393.0), 1)), 0);
    assert_true(R.footer.armed);
    assert_int_equal(send(sd_refresh_event_offset(0.6, 1393, 1)),
                     SD_REFRESH_ACTION_FOOTER_STATE | SD_REFRESH_ACTION_LOAD);
    /* The content grows while loading: the end leaves the zone, the footer re-arms. */
    send(sd_refresh_event_content_size(0.7, 3000));
    assert_true(R.footer.armed && R.footer.state == SD_REFRESH_FOOTER_LOADING);
    send(sd_refresh_event_end_loading(0.8, 0));
    assert_true(send(sd_refresh_event_offset(0.9, 2393, 1)) & SD_REFRESH_ACTION_LOAD);
    /* No more data: never fires, until reset. */
    send(sd_refresh_event_end_loading(1.0, 1));
    assert_int_equal(R.footer.state, SD_REFRESH_FOOTER_NO_MORE_DATA);
    send(sd_refresh_event_offset(1.1, 0, 1));
    assert_int_equal(send(sd_refresh_event_offset(1.2, 2493, 1)), 0);
    assert_int_equal(send(sd_refresh_event_reset_no_more_data(1.3)), SD_REFRESH_ACTION_FOOTER_STATE);
    assert_true(send(sd_refresh_event_offset(1.4, 2493, 1)) & SD_REFRESH_ACTION_LOAD);
    /* NO_MORE_DATA from loading. */
    assert_int_equal(send(sd_refresh_event_no_more_data(1.5)), SD_REFRESH_ACTION_FOOTER_STATE);
    assert_int_equal(R.footer.state, SD_REFRESH_FOOTER_NO_MORE_DATA);
}

/* While the header refreshes, the footer waits; it fires on the next report after. */
static void test_footer_waits_for_the_header(void **s) {
    (void)s;
    sd_refresh_config c = test_config();
    c.min_refreshing_time = 0;
    start(&c);
    send(sd_refresh_event_content_size(0, 100)); /* shorter than the viewport: in the zone at once */
    assert_int_equal(R.footer.state, SD_REFRESH_FOOTER_LOADING);
    send(sd_refresh_event_content_size(0.1, 2000)); /* the load grew it: out of the zone, re-armed */
    send(sd_refresh_event_end_loading(0.1, 0));
    assert_true(R.footer.armed);
    send(sd_refresh_event_begin_refreshing(0.3));
    assert_int_equal(send(sd_refresh_event_offset(0.4, 1493, 0)) & SD_REFRESH_ACTION_LOAD, 0);
    send(sd_refresh_event_end_refreshing(1.0));
    send(sd_refresh_event_frame(1.4));
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_IDLE);
    assert_true(send(sd_refresh_event_offset(1.5, 1493, 0)) & SD_REFRESH_ACTION_LOAD);
}

/* docs/surfaces.md's C example of pull to refresh, with the numbers its comments give. */
static void test_readme_example(void **s) {
    (void)s;
    sd_refresh_config config = sd_refresh_config_mjrefresh();
    config.content_inset_top = 64;
    sd_refresh r;
    sd_refresh_actions actions;
    sd_refresh_frame frame;
    sd_error err;
    assert_int_equal(sd_refresh_init(&r, &config, &err), SD_OK);
    assert_true(r.offset == -64 && r.time == 0);
    sd_refresh_event e = sd_refresh_event_offset(0.1, -200.0, 1);
    assert_int_equal(sd_refresh_step(&r, &e, &actions, &err), SD_OK);
    assert_int_equal(r.header.state, SD_REFRESH_HEADER_PULLING);
    e = sd_refresh_event_offset(0.2, -200.0, 0);
    assert_int_equal(sd_refresh_step(&r, &e, &actions, &err), SD_OK);
    assert_true(r.header.state == SD_REFRESH_HEADER_REFRESHING && actions.inset_top == 118);
    assert_int_equal(sd_refresh_frame_at(&r, 0.45, &frame), SD_OK);
    assert_true(frame.content_offset == -118 && frame.header_visible == 54);
    e = sd_refresh_event_end_refreshing(1.0);
    assert_int_equal(sd_refresh_step(&r, &e, &actions, &err), SD_OK);
    assert_int_equal(r.header.state, SD_REFRESH_HEADER_DONE);
    assert_int_equal(sd_refresh_frame_at(&r, 1.4, &frame), SD_OK);
    assert_true(frame.header_state == SD_REFRESH_HEADER_IDLE && frame.content_offset == -64);
}

/* Zero durations: a motion an event starts ends in the same step. */
static void test_zero_durations_end_in_the_same_step(void **s) {
    (void)s;
    sd_refresh_config c = test_config();
    c.begin_duration = 0;
    c.end_duration = 0;
    c.min_refreshing_time = 0;
    start(&c);
    send(sd_refresh_event_offset(0.1, -200, 1));
    uint32_t f = send(sd_refresh_event_offset(0.1, -200, 0));
    assert_true((f & SD_REFRESH_ACTION_SET_OFFSET) && A.offset == -118 && A.inset_top == 118);
    assert_int_equal(A.started, A.finished);
    assert_true(R.header.state == SD_REFRESH_HEADER_REFRESHING && R.header.transition == SD_REFRESH_TRANSITION_NONE);
    f = send(sd_refresh_event_end_refreshing(0.1));
    assert_true((f & SD_REFRESH_ACTION_SET_OFFSET) && A.offset == -64 && A.inset_top == 64);
    assert_true(R.header.state == SD_REFRESH_HEADER_IDLE && R.header.transition == SD_REFRESH_TRANSITION_NONE);
}

/* A reconfigure that disables the header mid-pull: the next offset (the
 * release) makes it idle, never refreshing. */
static void test_header_disabled_mid_pull(void **s) {
    (void)s;
    sd_refresh_config c = test_config();
    start(&c);
    send(sd_refresh_event_offset(0.1, -200, 1));
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_PULLING);
    c.header_enabled = 0;
    assert_int_equal(sd_refresh_reconfigure(&R, &c, NULL), SD_OK);
    const uint32_t f = send(sd_refresh_event_offset(0.2, -200, 0));
    assert_int_equal(f, SD_REFRESH_ACTION_HEADER_STATE);
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_IDLE);
}

/* The progress of the pull: min(1, d / threshold). */
static void test_progress_table(void **s) {
    (void)s;
    static const struct { int line; double y, progress, visible; } rows[] = {
        { __LINE__, 0, 0, 0 },
        { __LINE__, -64, 0, 0 },
        { __LINE__, -91, 0.5, 27 },
        { __LINE__, -118, 1, 54 },
        { __LINE__, -300, 1, 54 },
    };
    const sd_refresh_config c = test_config();
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        start(&c);
        send(sd_refresh_event_offset(0.1, rows[i].y, 1));
        frame_at(0.1);
        if (!same_bits(F.progress, rows[i].progress) || !same_bits(F.header_visible, rows[i].visible))
            fail_msg("line %d: progress %.17g visible %.17g", rows[i].line, F.progress, F.header_visible);
        if (F.inset_top != 64 || F.offset_driven) fail_msg("line %d: inset", rows[i].line);
    }
}

/* 60 Hz and 120 Hz clocks see the same curve: equal frames at the common times. */
static void test_frame_rates_agree(void **s) {
    (void)s;
    const sd_refresh_config c = test_config();
    sd_refresh a, b;
    sd_refresh_init(&a, &c, NULL);
    sd_refresh_event e = sd_refresh_event_offset(0, -200, 1);
    sd_refresh_step(&a, &e, &A, NULL);
    e = sd_refresh_event_offset(0, -200, 0);
    sd_refresh_step(&a, &e, &A, NULL);
    e = sd_refresh_event_end_refreshing(0.1);
    sd_refresh_step(&a, &e, &A, NULL);
    b = a;
    for (int k = 1; k <= 240; k++) {
        sd_refresh_event fb = sd_refresh_event_frame(k / 120.0);
        sd_refresh_step(&b, &fb, &A, NULL);
        if (k % 2) continue;
        sd_refresh_event fa = sd_refresh_event_frame((k / 2) / 60.0);
        sd_refresh_step(&a, &fa, &A, NULL);
        sd_refresh_frame x, y;
        sd_refresh_frame_at(&a, (k / 2) / 60.0, &x);
        sd_refresh_frame_at(&b, k / 120.0, &y);
        if (memcmp(&x, &y, sizeof x) != 0) fail_msg("frame at %d/120 differs", k);
    }
    assert_int_equal(a.header.state, SD_REFRESH_HEADER_IDLE);
}

/* Reduced motion: the begin motion lasts 0.2 s (not 0.25), the end 0.2 s (not 0.4), the same curve and ends; the
 * minimum time still holds the refresh; the frame says so. Only the option bit, and reserved 0. */
static void test_reduced_motion(void **s) {
    (void)s;
    sd_refresh_config c = test_config();
    c.min_refreshing_time = 0;
    c.options = SD_REFRESH_OPTION_REDUCED_MOTION;
    assert_true(SD_REFRESH_REDUCED_MOTION_DURATION == 0.2);
    start(&c);
    send(sd_refresh_event_offset(0, -200, 1));
    send(sd_refresh_event_offset(0, -200, 0));
    frame_at(0.1);
    assert_true(F.reduced_motion == 1 && F.transition == SD_REFRESH_TRANSITION_BEGIN);
    assert_true(same_bits(F.content_offset, -200 + (-118 - -200) * ease(0.1 / 0.2)));
    frame_at(0.2 - 1e-9);
    assert_int_equal(F.transition, SD_REFRESH_TRANSITION_NONE);
    uint32_t f = send(sd_refresh_event_frame(0.2));
    assert_true(f & SD_REFRESH_ACTION_REFRESH);
    assert_true(R.offset == -118);
    /* An end at 0.2 starts at once and lasts 0.2 s. */
    send(sd_refresh_event_end_refreshing(0.5));
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_DONE);
    frame_at(0.6);
    assert_true(fabs(F.content_offset - (-118 + (-64 - -118) * ease(0.5))) < 1e-9 && fabs(F.progress - (1 - ease(0.5))) < 1e-9);
    f = send(sd_refresh_event_frame(0.7));
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_IDLE);
    assert_true((f & SD_REFRESH_ACTION_SET_OFFSET) && A.offset == -64);
    /* A motion already shorter is kept; without the option the frame says so. */
    c.begin_duration = 0.1;
    start(&c);
    send(sd_refresh_event_offset(0, -200, 1));
    send(sd_refresh_event_offset(0, -200, 0));
    frame_at(0.1 - 1e-9);
    assert_int_equal(F.transition, SD_REFRESH_TRANSITION_NONE);
    c = test_config();
    start(&c);
    frame_at(0);
    assert_int_equal(F.reduced_motion, 0);
    sd_error err;
    c.options = 2;
    assert_int_equal(sd_refresh_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "options");
    c.options = 0;
    c.reserved = 3;
    assert_int_equal(sd_refresh_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "reserved");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pulling_threshold_table),
        cmocka_unit_test(test_refresh_when_the_begin_motion_ends),
        cmocka_unit_test(test_pulling_back_to_idle_table),
        cmocka_unit_test(test_begin_motion_and_held_inset),
        cmocka_unit_test(test_minimum_refreshing_time_table),
        cmocka_unit_test(test_end_waits_for_the_begin_motion),
        cmocka_unit_test(test_needs_frames),
        cmocka_unit_test(test_footer_zone_table),
        cmocka_unit_test(test_footer_fires_once_per_approach),
        cmocka_unit_test(test_footer_waits_for_the_header),
        cmocka_unit_test(test_readme_example),
        cmocka_unit_test(test_zero_durations_end_in_the_same_step),
        cmocka_unit_test(test_header_disabled_mid_pull),
        cmocka_unit_test(test_progress_table),
        cmocka_unit_test(test_frame_rates_agree),
        cmocka_unit_test(test_reduced_motion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
