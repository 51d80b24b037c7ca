/* test_pulldown_config.c — cmocka tests of the pull-down panel: presets, validation, struct sizes (CCore/pulldown_config.c). */
#include "pulldown_test.h"


/* ------------------------------------------------------------------------ */
/* Configuration                                                             */
/* ------------------------------------------------------------------------ */

static void test_presets(void **s) {
    (void)s;
    sd_pulldown_config a = sd_pulldown_config_article(), w = sd_pulldown_config_wechat(),
                       d = sd_pulldown_config_default();
    assert_memory_equal(&a, &d, sizeof a);
    assert_true(a.cp0 == 60 && a.cp1 == 90 && a.cp2 == 130 && a.cp3 == 240);
    assert_true(w.cp0 == 80 && w.cp1 == 130 && w.cp2 == 160 && w.cp3 == 240);
    assert_true(a.screen_height == 736 && a.top_bar_height == 64 && a.tab_bar_height == 49);
    assert_true(a.transition_duration == 0.35 && a.close_duration == 0.4 && a.return_duration == 1.5);
    assert_true(a.return_split_time == 0.3 && a.return_split_distance == 0.5);
    assert_true(a.ball_spread == 16 && a.ball_max_scale == 2 && a.min_indicator_height == 6);
    assert_true(a.reveal_panel_alpha == 0.3 && a.reveal_mask_alpha == 0.3 && a.open_mask_alpha == 0.6);
    assert_true(a.panel_scale_x == 0.6 && a.panel_scale_y == 0.4 && a.panel_scale_gain == 0.1);
    assert_true(a.search_bar_height == 57 && a.close_drag_distance == 135 && a.panel_content_screens == 20);
    assert_true(a.list_colour.red == 0xED && a.list_colour.green == 0xED && a.list_colour.blue == 0xED);
    assert_true(a.open_colour.red == 0xFF && a.open_colour.green == 0xFF && a.open_colour.blue == 0xFF);
    /* The two presets differ only in the critical points. */
    w.cp0 = a.cp0;
    w.cp1 = a.cp1;
    w.cp2 = a.cp2;
    assert_memory_equal(&a, &w, sizeof a);
    sd_error err;
    assert_int_equal(sd_pulldown_config_validate(&a, &err), SD_OK);
    assert_int_equal(err.status, SD_OK);
    assert_string_equal(err.field, "");
    w = sd_pulldown_config_wechat();
    assert_int_equal(sd_pulldown_config_validate(&w, NULL), SD_OK);
    /* A notched phone is a valid configuration too. */
    a.screen_height = 812;
    a.top_bar_height = 88;
    a.tab_bar_height = 83;
    assert_int_equal(sd_pulldown_config_validate(&a, NULL), SD_OK);
}

typedef struct bad_config {
    int line;
    void (*mutate)(sd_pulldown_config *);
    sd_status status;
    const char *field;
} bad_config;

#define MUT(name, body) \
    static void name(sd_pulldown_config *c) { body; }
MUT(m_cp0_nan, c->cp0 = NAN)
MUT(m_cp3_inf, c->cp3 = INFINITY)
MUT(m_h_nan, c->screen_height = NAN)
MUT(m_ret_inf, c->return_duration = -INFINITY)
MUT(m_blue_nan, c->open_colour.blue = NAN)
MUT(m_cp0_neg, c->cp0 = -1)
MUT(m_h_zero, c->screen_height = 0)
MUT(m_top_neg, c->top_bar_height = -64)
MUT(m_tab_neg, c->tab_bar_height = -0.5)
MUT(m_trans_zero, c->transition_duration = 0)
MUT(m_close_neg, c->close_duration = -0.4)
MUT(m_spread_neg, c->ball_spread = -16)
MUT(m_scale_neg, c->ball_max_scale = -2)
MUT(m_minh_neg, c->min_indicator_height = -6)
MUT(m_sx_neg, c->panel_scale_x = -0.6)
MUT(m_gain_neg, c->panel_scale_gain = -0.1)
MUT(m_sb_neg, c->search_bar_height = -57)
MUT(m_close_dist_neg, c->close_drag_distance = -135)
MUT(m_cp1_eq_cp0, c->cp1 = 60)
MUT(m_cp2_lt_cp1, c->cp2 = 80)
MUT(m_cp3_eq_cp2, c->cp3 = 130)
MUT(m_h_le_cp3, c->screen_height = 240)
MUT(m_top_ge_h, c->top_bar_height = 736)
MUT(m_tab_gt_h, c->tab_bar_height = 737)
MUT(m_split_zero, c->return_split_time = 0)
MUT(m_split_one, c->return_split_distance = 1)
MUT(m_alpha_big, c->reveal_panel_alpha = 1.5)
MUT(m_mask_neg, c->open_mask_alpha = -0.1)
MUT(m_red_big, c->list_colour.red = 256)
MUT(m_green_neg, c->open_colour.green = -1)
MUT(m_h_huge, c->screen_height = DBL_MAX)
MUT(m_h_past_max, c->screen_height = 1.0000000000000002e6)
MUT(m_ball_scale_huge, c->ball_max_scale = 1.0000000000000002e6)
MUT(m_sx_huge, c->panel_scale_x = DBL_MAX)
MUT(m_sy_huge, c->panel_scale_y = 1e7)
MUT(m_gain_huge, c->panel_scale_gain = DBL_MAX)
MUT(m_screens_huge, c->panel_content_screens = 1e300)

static void test_config_invalid(void **s) {
    (void)s;
    const bad_config rows[] = {
        { __LINE__, m_cp0_nan, SD_ERR_NOT_FINITE, "cp0" },
        { __LINE__, m_cp3_inf, SD_ERR_NOT_FINITE, "cp3" },
        { __LINE__, m_h_nan, SD_ERR_NOT_FINITE, "screen_height" },
        { __LINE__, m_ret_inf, SD_ERR_NOT_FINITE, "return_duration" },
        { __LINE__, m_blue_nan, SD_ERR_NOT_FINITE, "open_colour.blue" },
        { __LINE__, m_cp0_neg, SD_ERR_NEGATIVE, "cp0" },
        { __LINE__, m_h_zero, SD_ERR_NEGATIVE, "screen_height" },
        { __LINE__, m_top_neg, SD_ERR_NEGATIVE, "top_bar_height" },
        { __LINE__, m_tab_neg, SD_ERR_NEGATIVE, "tab_bar_height" },
        { __LINE__, m_trans_zero, SD_ERR_NEGATIVE, "transition_duration" },
        { __LINE__, m_close_neg, SD_ERR_NEGATIVE, "close_duration" },
        { __LINE__, m_spread_neg, SD_ERR_NEGATIVE, "ball_spread" },
        { __LINE__, m_scale_neg, SD_ERR_NEGATIVE, "ball_max_scale" },
        { __LINE__, m_minh_neg, SD_ERR_NEGATIVE, "min_indicator_height" },
        { __LINE__, m_sx_neg, SD_ERR_NEGATIVE, "panel_scale_x" },
        { __LINE__, m_gain_neg, SD_ERR_NEGATIVE, "panel_scale_gain" },
        { __LINE__, m_sb_neg, SD_ERR_NEGATIVE, "search_bar_height" },
        { __LINE__, m_close_dist_neg, SD_ERR_NEGATIVE, "close_drag_distance" },
        { __LINE__, m_cp1_eq_cp0, SD_ERR_ORDER, "cp1" },
        { __LINE__, m_cp2_lt_cp1, SD_ERR_ORDER, "cp2" },
        { __LINE__, m_cp3_eq_cp2, SD_ERR_ORDER, "cp3" },
        { __LINE__, m_h_le_cp3, SD_ERR_ORDER, "screen_height" },
        { __LINE__, m_top_ge_h, SD_ERR_ORDER, "top_bar_height" },
        { __LINE__, m_tab_gt_h, SD_ERR_ORDER, "tab_bar_height" },
        { __LINE__, m_split_zero, SD_ERR_RANGE, "return_split_time" },
        { __LINE__, m_split_one, SD_ERR_RANGE, "return_split_distance" },
        { __LINE__, m_alpha_big, SD_ERR_RANGE, "reveal_panel_alpha" },
        { __LINE__, m_mask_neg, SD_ERR_RANGE, "open_mask_alpha" },
        { __LINE__, m_red_big, SD_ERR_RANGE, "list_colour.red" },
        { __LINE__, m_green_neg, SD_ERR_RANGE, "open_colour.green" },
        { __LINE__, m_h_huge, SD_ERR_RANGE, "screen_height" },
        { __LINE__, m_h_past_max, SD_ERR_RANGE, "screen_height" },
        { __LINE__, m_ball_scale_huge, SD_ERR_RANGE, "ball_max_scale" },
        { __LINE__, m_sx_huge, SD_ERR_RANGE, "panel_scale_x" },
        { __LINE__, m_sy_huge, SD_ERR_RANGE, "panel_scale_y" },
        { __LINE__, m_gain_huge, SD_ERR_RANGE, "panel_scale_gain" },
        { __LINE__, m_screens_huge, SD_ERR_RANGE, "panel_content_screens" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sd_pulldown_config c = sd_pulldown_config_article();
        rows[i].mutate(&c);
        sd_error err;
        sd_status st = sd_pulldown_config_validate(&c, &err);
        if (st != rows[i].status || err.status != rows[i].status || strcmp(err.field, rows[i].field) != 0)
            fail_msg("row at line %d: status %d field %s, expected %d %s", rows[i].line, st, err.field,
                     rows[i].status, rows[i].field);
        assert_true(strlen(err.rule) > 0);
        assert_int_equal(sd_pulldown_config_validate(&c, NULL), rows[i].status);
        /* init rejects it too and leaves the panel untouched */
        sd_pulldown p;
        memset(&p, 0x5A, sizeof p);
        sd_pulldown before = p;
        assert_int_equal(sd_pulldown_init(&p, &c, NULL), rows[i].status);
        assert_memory_equal(&p, &before, sizeof p);
    }
    sd_error err;
    assert_int_equal(sd_pulldown_config_validate(NULL, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "config");
    assert_int_equal(sd_pulldown_init(NULL, &CFG, &err), SD_ERR_NULL);
    assert_string_equal(err.field, "pulldown");
}


static void test_struct_sizes(void **s) {
    (void)s;
    assert_int_equal(sizeof(sd_pulldown_rgb), 24);
    assert_int_equal(sizeof(sd_pulldown_config), 248);
    assert_int_equal(sizeof(sd_pulldown_ball), 24);
    assert_int_equal(sizeof(sd_pulldown_indicator), 88);
    assert_int_equal(sizeof(sd_pulldown_reveal), 40);
    assert_int_equal(sizeof(sd_pulldown_mirror), 40);
    assert_int_equal(sizeof(sd_pulldown_event), 32);
    assert_int_equal(sizeof(sd_pulldown_actions), 40);
    assert_int_equal(sizeof(sd_pulldown_list_state), 72);
    assert_int_equal(sizeof(sd_pulldown_panel_state), 48);
    assert_int_equal(sizeof(sd_pulldown_applets_state), 24);
    assert_int_equal(sizeof(sd_pulldown), 400);
    assert_int_equal(sizeof(sd_pulldown_frame), 280);
}


int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_presets, setup),
        cmocka_unit_test_setup(test_config_invalid, setup),
        cmocka_unit_test_setup(test_struct_sizes, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
