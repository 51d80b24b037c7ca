/*
 * pulldown_config.c — the pull-down panel's configuration: the presets, the
 * validator and the transitions' durations.
 *
 * The numbers are those of the WeChat pull-down mini-program article ("iOS
 * 玩转微信——下拉小程序"): the critical points 60 / 90 / 130 / 240 of its
 * stages, its 0.35 s opening and 0.4 s close, the 1.5 s slow return, its view
 * sizes and colours. The screen height 736 is an iPhone 6/7/8 Plus, the phone
 * of the article's worked example.
 *
 * Where these depart from a source, on purpose:
 *  - The wechat preset's critical points 80 / 130 / 160 / 240 are the
 *    constants of the article's companion app (github.com/CoderMikeHe/WeChat,
 *    an open-source clone that the article links as its code; its text uses
 *    60 / 90 / 130 / 240). Neither set comes from Tencent's WeChat: the
 *    article says its implementation need not be the official one.
 *  - The slow return is the curve the article's timer is written to give:
 *    half the distance in the first 30 % of 1.5 s, the rest in the other
 *    70 % (its steps divide by 1.5*0.3 and 1.5*0.7 over its 10 ms interval:
 *    45 and 105 ticks; the comment above that code, 80 % of the distance in
 *    0.5 s, matches neither). The code itself tests
 *    `timerCount <= 1.5*0.3/0.01`, 44.999999999999993 in doubles, so it
 *    takes 44 fast steps, not 45: from 400 it is 2.54 pt short at 1.5 s and
 *    ends at 1.52 s (test_pulldown_values.c, test_return_article_timer).
 */
#include "pulldown_internal.h"

sd_pulldown_config sd_pulldown_config_article(void) {
    sd_pulldown_config c = {
        .cp0 = 60, .cp1 = 90, .cp2 = 130, .cp3 = 240,
        .screen_height = 736, .top_bar_height = 64, .tab_bar_height = 49,
        .transition_duration = 0.35, .close_duration = 0.4,
        .return_duration = 1.5, .return_split_time = 0.3, .return_split_distance = 0.5,
        .ball_spread = 16, .ball_max_scale = 2, .min_indicator_height = 6,
        .reveal_panel_alpha = 0.3, .reveal_mask_alpha = 0.3, .open_mask_alpha = 0.6,
        .panel_scale_x = 0.6, .panel_scale_y = 0.4, .panel_scale_gain = 0.1,
        .panel_content_screens = 20,
        .search_bar_height = 57, .close_drag_distance = 135,
        .list_colour = { 0xED, 0xED, 0xED },
        .open_colour = { 0xFF, 0xFF, 0xFF },
    };
    return c;
}

sd_pulldown_config sd_pulldown_config_wechat(void) {
    sd_pulldown_config c = sd_pulldown_config_article();
    c.cp0 = 80;
    c.cp1 = 130;
    c.cp2 = 160;
    c.cp3 = 240;
    return c;
}

sd_pulldown_config sd_pulldown_config_default(void) { return sd_pulldown_config_article(); }

#define PD_FINITE(f) \
    if (!sd_isfinite(c->f)) return sd_fail(err, SD_ERR_NOT_FINITE, #f, "must be finite")
#define PD_NONNEG(f) \
    if (c->f < 0) return sd_fail(err, SD_ERR_NEGATIVE, #f, "must be >= 0")
#define PD_POSITIVE(f) \
    if (!(c->f > 0)) return sd_fail(err, SD_ERR_NEGATIVE, #f, "must be > 0")
#define PD_UNIT(f) \
    if (c->f < 0 || c->f > 1) return sd_fail(err, SD_ERR_RANGE, #f, "must be within [0, 1]")
#define PD_FRACTION(f) \
    if (!(c->f > 0 && c->f < 1)) return sd_fail(err, SD_ERR_RANGE, #f, "must be > 0 and < 1")
#define PD_CHANNEL(f) \
    if (c->f < 0 || c->f > 255) return sd_fail(err, SD_ERR_RANGE, #f, "must be within [0, 255]")
#define PD_FACTOR(f) \
    if (c->f > SD_PULLDOWN_MAX_FACTOR) return sd_fail(err, SD_ERR_RANGE, #f, "must be <= 1e6")

sd_status sd_pulldown_config_validate(const sd_pulldown_config *c, sd_error *err) {
    SD_CHECK_NULL(c, err, "config");
    PD_FINITE(cp0);
    PD_FINITE(cp1);
    PD_FINITE(cp2);
    PD_FINITE(cp3);
    PD_FINITE(screen_height);
    PD_FINITE(top_bar_height);
    PD_FINITE(tab_bar_height);
    PD_FINITE(transition_duration);
    PD_FINITE(close_duration);
    PD_FINITE(return_duration);
    PD_FINITE(return_split_time);
    PD_FINITE(return_split_distance);
    PD_FINITE(ball_spread);
    PD_FINITE(ball_max_scale);
    PD_FINITE(min_indicator_height);
    PD_FINITE(reveal_panel_alpha);
    PD_FINITE(reveal_mask_alpha);
    PD_FINITE(open_mask_alpha);
    PD_FINITE(panel_scale_x);
    PD_FINITE(panel_scale_y);
    PD_FINITE(panel_scale_gain);
    PD_FINITE(panel_content_screens);
    PD_FINITE(search_bar_height);
    PD_FINITE(close_drag_distance);
    PD_FINITE(list_colour.red);
    PD_FINITE(list_colour.green);
    PD_FINITE(list_colour.blue);
    PD_FINITE(open_colour.red);
    PD_FINITE(open_colour.green);
    PD_FINITE(open_colour.blue);

    PD_NONNEG(cp0);
    PD_POSITIVE(screen_height);
    PD_NONNEG(top_bar_height);
    PD_NONNEG(tab_bar_height);
    PD_POSITIVE(transition_duration);
    PD_POSITIVE(close_duration);
    PD_POSITIVE(return_duration);
    PD_NONNEG(ball_spread);
    PD_NONNEG(ball_max_scale);
    PD_NONNEG(min_indicator_height);
    PD_NONNEG(panel_scale_x);
    PD_NONNEG(panel_scale_y);
    PD_NONNEG(panel_scale_gain);
    PD_NONNEG(panel_content_screens);
    PD_NONNEG(search_bar_height);
    PD_NONNEG(close_drag_distance);

    if (!(c->cp1 > c->cp0)) return sd_fail(err, SD_ERR_ORDER, "cp1", "must be > cp0");
    if (!(c->cp2 > c->cp1)) return sd_fail(err, SD_ERR_ORDER, "cp2", "must be > cp1");
    if (!(c->cp3 > c->cp2)) return sd_fail(err, SD_ERR_ORDER, "cp3", "must be > cp2");
    if (!(c->screen_height > c->cp3)) return sd_fail(err, SD_ERR_ORDER, "screen_height", "must be > cp3");
    if (!(c->top_bar_height < c->screen_height))
        return sd_fail(err, SD_ERR_ORDER, "top_bar_height", "must be < screen_height");
    if (!(c->tab_bar_height <= c->screen_height))
        return sd_fail(err, SD_ERR_ORDER, "tab_bar_height", "must be <= screen_height");

    PD_FRACTION(return_split_time);
    PD_FRACTION(return_split_distance);
    PD_UNIT(reveal_panel_alpha);
    PD_UNIT(reveal_mask_alpha);
    PD_UNIT(open_mask_alpha);
    PD_CHANNEL(list_colour.red);
    PD_CHANNEL(list_colour.green);
    PD_CHANNEL(list_colour.blue);
    PD_CHANNEL(open_colour.red);
    PD_CHANNEL(open_colour.green);
    PD_CHANNEL(open_colour.blue);

    /* Bounds that keep every frame value finite: the frame multiplies the
     * screen height by panel_content_screens and adds the scale gain to the
     * scales. */
    if (!(c->screen_height <= SD_PULLDOWN_MAX_SCREEN_HEIGHT))
        return sd_fail(err, SD_ERR_RANGE, "screen_height", "must be <= 1e6 points");
    PD_FACTOR(ball_max_scale);
    PD_FACTOR(panel_scale_x);
    PD_FACTOR(panel_scale_y);
    PD_FACTOR(panel_scale_gain);
    PD_FACTOR(panel_content_screens);
    if (c->options & ~SD_PULLDOWN_OPTIONS_ALL) return sd_fail(err, SD_ERR_RANGE, "options", "only the option bits 0x1");
    if (c->reserved != 0) return sd_fail(err, SD_ERR_RANGE, "reserved", "must be 0");
    return sd_succeed(err);
}
double sd_pulldown_transition_duration(const sd_pulldown_config *c, sd_pulldown_transition kind) {
    return c ? sd__pulldown_duration(c, (uint32_t)kind) : 0.0;
}
