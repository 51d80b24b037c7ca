/* test_refresh_verbs.c — the refresh surface through its four verbs only
 * (init, step, frame_at, reconfigure): the configuration's rules, and every
 * rejected input leaving the struct and the actions bit-identical. */
#include "refresh_support.h"

#define ULP_DOWN(x) nextafter((x), -INFINITY)
#define ULP_UP(x) nextafter((x), INFINITY)

/* One field changed from the preset, and the report it must give. */
static void test_config_rules_table(void **s) {
    (void)s;
    const struct {
        int line;
        size_t field;
        double value;
        sd_status status;
        const char *name;
    } rows[] = {
#define ROW(f, v, st) { __LINE__, offsetof(sd_refresh_config, f), (v), (st), #f }
        ROW(content_inset_top, NAN, SD_ERR_NOT_FINITE),
        ROW(content_inset_top, -0.0, SD_OK),
        ROW(content_inset_top, ULP_DOWN(0.0), SD_ERR_NEGATIVE),
        ROW(content_inset_top, 1e6, SD_OK),
        ROW(content_inset_top, ULP_UP(1e6), SD_ERR_RANGE),
        ROW(content_inset_bottom, INFINITY, SD_ERR_NOT_FINITE),
        ROW(content_inset_bottom, -1, SD_ERR_NEGATIVE),
        ROW(viewport_height, 0, SD_ERR_NEGATIVE),
        ROW(viewport_height, ULP_UP(0.0), SD_OK),
        ROW(header_height, 0, SD_ERR_NEGATIVE),
        ROW(header_height, ULP_UP(1e6), SD_ERR_RANGE),
        ROW(pull_threshold, 0, SD_ERR_NEGATIVE),
        ROW(pull_threshold, -INFINITY, SD_ERR_NOT_FINITE),
        ROW(begin_duration, 0, SD_OK),
        ROW(begin_duration, ULP_DOWN(0.0), SD_ERR_NEGATIVE),
        ROW(end_duration, ULP_UP(1e6), SD_ERR_RANGE),
        ROW(min_refreshing_time, -1, SD_ERR_NEGATIVE),
        ROW(min_refreshing_time, 1e6, SD_OK),
        ROW(footer_height, NAN, SD_ERR_NOT_FINITE),
        ROW(footer_trigger_distance, -1, SD_ERR_NEGATIVE),
        ROW(footer_trigger_fraction, 1, SD_OK),
        ROW(footer_trigger_fraction, ULP_UP(1.0), SD_ERR_RANGE),
        ROW(footer_trigger_fraction, ULP_DOWN(0.0), SD_ERR_NEGATIVE),
#undef ROW
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_refresh_config c = sd_refresh_config_mjrefresh();
        memcpy((char *)&c + rows[i].field, &rows[i].value, sizeof(double));
        sd_error err;
        const sd_status st = sd_refresh_config_validate(&c, &err);
        if (st != rows[i].status) fail_msg("line %d: status %d", rows[i].line, st);
        if (st != SD_OK && strcmp(err.field, rows[i].name) != 0) fail_msg("line %d: field %s", rows[i].line, err.field);
        /* init rejects what the validator rejects, writing nothing. */
        sd_refresh r;
        memset(&r, 0xA5, sizeof r);
        sd_refresh copy = r;
        if (sd_refresh_init(&r, &c, NULL) != st) fail_msg("line %d: init status", rows[i].line);
        if (st != SD_OK && memcmp(&r, &copy, sizeof r) != 0) fail_msg("line %d: init wrote", rows[i].line);
    }
    sd_refresh_config c = sd_refresh_config_mjrefresh();
    c.header_enabled = 2;
    sd_error err;
    assert_int_equal(sd_refresh_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "header_enabled");
    c = sd_refresh_config_mjrefresh();
    c.footer_enabled = 7;
    assert_int_equal(sd_refresh_config_validate(&c, &err), SD_ERR_RANGE);
    assert_string_equal(err.field, "footer_enabled");
    assert_int_equal(sd_refresh_config_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
}

/* Brings R to refreshing with the footer loading and a pending end: a state where every field is in use. */
static void busy_surface(void) {
    sd_refresh_config c = test_config();
    start(&c);
    send(sd_refresh_event_content_size(0, 2000));
    send(sd_refresh_event_offset(0.1, 1493, 1));
    send(sd_refresh_event_offset(0.2, -200, 1));
    send(sd_refresh_event_offset(0.3, -200, 0));
    send(sd_refresh_event_end_refreshing(0.4));
}

static void expect_rejected(sd_refresh_event e, sd_status status, const char *field, int line) {
    sd_refresh before = R;
    sd_refresh_actions pattern;
    memset(&pattern, 0x5A, sizeof pattern);
    A = pattern;
    sd_error err;
    const sd_status st = sd_refresh_step(&R, &e, &A, &err);
    if (st != status) fail_msg("line %d: status %d", line, st);
    if (strcmp(err.field, field) != 0) fail_msg("line %d: field %s", line, err.field);
    if (memcmp(&R, &before, sizeof R) != 0) fail_msg("line %d: the surface changed", line);
    if (memcmp(&A, &pattern, sizeof A) != 0) fail_msg("line %d: the actions were written", line);
}

static void test_rejected_events_change_nothing(void **s) {
    (void)s;
    busy_surface();
    sd_refresh_event bad_type = sd_refresh_event_frame(1);
    bad_type.type = 8;
    sd_refresh_event bad_flag = sd_refresh_event_offset(1, 0, 1);
    bad_flag.flag = 2;
    const double bad_times[] = { NAN, INFINITY, -1, ULP_DOWN(0.0) };
    expect_rejected(bad_type, SD_ERR_RANGE, "type", __LINE__);
    expect_rejected(bad_flag, SD_ERR_RANGE, "flag", __LINE__);
    for (size_t i = 0; i < 4; i++) {
        sd_refresh_event e = sd_refresh_event_frame(bad_times[i]);
        expect_rejected(e, isfinite(bad_times[i]) ? SD_ERR_RANGE : SD_ERR_NOT_FINITE, "time", __LINE__);
    }
    expect_rejected(sd_refresh_event_offset(1, NAN, 1), SD_ERR_NOT_FINITE, "value", __LINE__);
    expect_rejected(sd_refresh_event_offset(1, -INFINITY, 0), SD_ERR_NOT_FINITE, "value", __LINE__);
    expect_rejected(sd_refresh_event_content_size(1, ULP_DOWN(0.0)), SD_ERR_NEGATIVE, "value", __LINE__);
    expect_rejected(sd_refresh_event_content_size(1, ULP_UP(1e6)), SD_ERR_RANGE, "value", __LINE__);
    expect_rejected(sd_refresh_event_content_size(1, NAN), SD_ERR_NOT_FINITE, "value", __LINE__);
    /* What the states do not allow. */
    expect_rejected(sd_refresh_event_begin_refreshing(1), SD_ERR_STATE, "type", __LINE__);
    expect_rejected(sd_refresh_event_end_refreshing(1), SD_ERR_STATE, "type", __LINE__); /* already ended */
    expect_rejected(sd_refresh_event_reset_no_more_data(1), SD_ERR_STATE, "type", __LINE__);
    send(sd_refresh_event_end_loading(1, 1));
    expect_rejected(sd_refresh_event_end_loading(1.1, 0), SD_ERR_STATE, "type", __LINE__);
    expect_rejected(sd_refresh_event_no_more_data(1.1), SD_ERR_STATE, "type", __LINE__);
    send(sd_refresh_event_frame(3));
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_IDLE);
    expect_rejected(sd_refresh_event_end_refreshing(3.1), SD_ERR_STATE, "type", __LINE__);
    /* With the header off, a programmatic refresh is refused and pulls do nothing. */
    sd_refresh_config c = test_config();
    c.header_enabled = 0;
    start(&c);
    expect_rejected(sd_refresh_event_begin_refreshing(0), SD_ERR_STATE, "header_enabled", __LINE__);
    send(sd_refresh_event_offset(0.1, -300, 1));
    send(sd_refresh_event_offset(0.2, -300, 0));
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_IDLE);
    /* NULLs. */
    sd_refresh_event e = sd_refresh_event_frame(1);
    sd_error err;
    assert_int_equal(sd_refresh_step(NULL, &e, &A, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "refresh");
    assert_int_equal(sd_refresh_step(&R, NULL, &A, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "event");
    assert_int_equal(sd_refresh_step(&R, &e, NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "actions");
}

static void test_reconfigure_and_frame_at(void **s) {
    (void)s;
    busy_surface();
    sd_refresh before = R;
    sd_refresh_config bad = test_config();
    bad.viewport_height = NAN;
    sd_error err;
    assert_int_equal(sd_refresh_reconfigure(&R, &bad, &err), SD_ERR_NOT_FINITE);
    assert_string_equal(err.field, "viewport_height");
    assert_memory_equal(&R, &before, sizeof R);
    assert_int_equal(sd_refresh_reconfigure(NULL, &bad, &err), SD_ERR_NULL);
    /* A good one changes the numbers, nothing else. */
    sd_refresh_config good = test_config();
    good.viewport_height = 800;
    assert_int_equal(sd_refresh_reconfigure(&R, &good, &err), SD_OK);
    assert_memory_equal((char *)&R + sizeof good, (char *)&before + sizeof good, sizeof R - sizeof good);
    assert_true(R.config.viewport_height == 800);
    /* frame_at is pure: the struct is the same after any number of calls, and
     * a time before the clock counts as the clock. */
    before = R;
    sd_refresh_frame f1, f2;
    assert_int_equal(sd_refresh_frame_at(&R, 0, &f1), SD_OK);
    assert_int_equal(sd_refresh_frame_at(&R, R.time, &f2), SD_OK);
    assert_memory_equal(&f1, &f2, sizeof f1);
    assert_int_equal(sd_refresh_frame_at(&R, 100, &f1), SD_OK);
    assert_memory_equal(&R, &before, sizeof R);
    assert_int_equal(f1.header_state, SD_REFRESH_HEADER_IDLE);
    assert_int_equal(sd_refresh_frame_at(&R, NAN, &f1), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_refresh_frame_at(NULL, 0, &f1), SD_ERR_NULL);
    assert_int_equal(sd_refresh_frame_at(&R, 0, NULL), SD_ERR_NULL);
    /* The pull distance, the same rule as everywhere: never -0. */
    double d;
    sd_refresh_config c = test_config();
    assert_int_equal(sd_refresh_pull_distance(&c, -64, &d), SD_OK);
    assert_true(same_bits(d, 0.0));
    assert_int_equal(sd_refresh_pull_distance(&c, -100, &d), SD_OK);
    assert_true(d == 36);
    assert_int_equal(sd_refresh_pull_distance(&c, NAN, &d), SD_ERR_NOT_FINITE);
    assert_int_equal(sd_refresh_pull_distance(NULL, 0, &d), SD_ERR_NULL);
}

/* Reconfiguring while refreshing clamps the held inset into the new [I, I + h]
 * at once (the frame has it), and only while the inset is held. */
static void test_reconfigure_clamps_the_held_inset(void **s) {
    (void)s;
    static const struct { int line; double held_y, top, header, held; } rows[] = {
        /* held 118 (the header in view) */
        { __LINE__, -118, 64, 54, 118 },
        { __LINE__, -118, 88, 54, 118 },
        { __LINE__, -118, 0, 54, 54 },
        { __LINE__, -118, 100, 80, 118 },
        { __LINE__, -118, 120, 54, 120 },
        /* held 64 (content scrolled up) */
        { __LINE__, 300, 88, 54, 88 },
        { __LINE__, 300, 20, 30, 50 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const sd_refresh_config c = test_config();
        start(&c);
        send(sd_refresh_event_begin_refreshing(0));
        send(sd_refresh_event_offset(0.3, rows[i].held_y, 1));
        sd_refresh_config n = c;
        n.content_inset_top = rows[i].top;
        n.header_height = rows[i].header;
        assert_int_equal(sd_refresh_reconfigure(&R, &n, NULL), SD_OK);
        frame_at(0.3);
        if (!same_bits(R.header.held_inset, rows[i].held) || !same_bits(F.inset_top, rows[i].held))
            fail_msg("line %d: held %.17g frame %.17g", rows[i].line, R.header.held_inset, F.inset_top);
    }
    /* Idle: the frame's inset is the new I, nothing held. */
    const sd_refresh_config c = test_config();
    start(&c);
    sd_refresh_config n = c;
    n.content_inset_top = 88;
    assert_int_equal(sd_refresh_reconfigure(&R, &n, NULL), SD_OK);
    frame_at(0);
    assert_true(F.inset_top == 88 && R.header.held_inset == 64);
}

/* The rest frame of the preset: nothing pulled, nothing driven. */
static void test_rest_frame(void **s) {
    (void)s;
    sd_refresh_config c = sd_refresh_config_mjrefresh();
    start(&c);
    frame_at(0);
    assert_int_equal(F.header_state, SD_REFRESH_HEADER_IDLE);
    assert_int_equal(F.footer_state, SD_REFRESH_FOOTER_IDLE);
    assert_true(F.content_offset == 0 && F.inset_top == 0 && F.inset_bottom == 44 && F.header_top == -54);
    assert_true(same_bits(F.progress, 0.0) && same_bits(F.pull_distance, 0.0) && !F.offset_driven);
    assert_true(F.footer_top == 0 && F.remaining == 44 - 667);
}

/* sd_refresh_validate: a restored surface is checked whole; each corruption
 * is refused with SD_ERR_STATE naming the field. */
static void test_validate_restored_surfaces(void **state) {
    (void)state;
    sd_refresh_config c = sd_refresh_config_mjrefresh();
    c.content_inset_top = 64;
    start(&c);
    sd_error err;
    assert_int_equal(sd_refresh_validate(&R, &err), SD_OK);
    assert_int_equal(sd_refresh_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "refresh");
    /* Refreshing, with the begin motion running: reached, so valid. */
    send(sd_refresh_event_offset(0.1, -164, 1));
    send(sd_refresh_event_offset(0.2, -164, 0));
    assert_int_equal(R.header.state, SD_REFRESH_HEADER_REFRESHING);
    assert_int_equal(sd_refresh_validate(&R, NULL), SD_OK);
    const sd_refresh good = R;
#define CORRUPT(change, field_name)                                                                     \
    do {                                                                                                \
        sd_refresh bad = good;                                                                          \
        change;                                                                                         \
        sd_status st_ = sd_refresh_validate(&bad, &err);                                                \
        if (st_ != SD_ERR_STATE || strcmp(err.field, field_name) != 0)                                  \
            fail_msg("%s: %s %s, expected state %s", #change, sd_status_name(st_), err.field, field_name); \
    } while (0)
    CORRUPT(bad.time = NAN, "time");
    CORRUPT(bad.time = -1, "time");
    CORRUPT(bad.offset = INFINITY, "offset");
    CORRUPT(bad.content_height = -5, "content_height");
    CORRUPT(bad.dragging = 2, "dragging");
    CORRUPT(bad.reserved = 1, "reserved");
    CORRUPT(bad.header.state = 4, "header.state");
    CORRUPT(bad.header.transition = 3, "header.transition");
    CORRUPT(bad.header.state = SD_REFRESH_HEADER_IDLE, "header.transition"); /* a begin motion while idle */
    CORRUPT((bad.header.transition = SD_REFRESH_TRANSITION_NONE, bad.header.state = SD_REFRESH_HEADER_IDLE,
             bad.header.end_requested = 1), "header.end_requested");
    CORRUPT(bad.header.held_inset = NAN, "header.held_inset");
    CORRUPT(bad.header.refresh_start = 1, "header.refresh_start"); /* after the clock (0.2) */
    CORRUPT(bad.header.transition_start = 0.3, "header.transition_start");
    CORRUPT(bad.footer.state = 3, "footer.state");
    CORRUPT(bad.footer.armed = 7, "footer.armed");
    CORRUPT(bad.footer.reserved = 1, "footer.reserved");
#undef CORRUPT
    sd_refresh bad = good;
    bad.config.header_height = -1;
    assert_int_not_equal(sd_refresh_validate(&bad, &err), SD_OK);
    assert_string_equal(err.field, "header_height");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validate_restored_surfaces),
        cmocka_unit_test(test_config_rules_table),
        cmocka_unit_test(test_rejected_events_change_nothing),
        cmocka_unit_test(test_reconfigure_and_frame_at),
        cmocka_unit_test(test_reconfigure_clamps_the_held_inset),
        cmocka_unit_test(test_rest_frame),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
