/*
 * simsurface_support.h — what the simulated surfaces' cmocka programs
 * (test_simsurface.c, test_simsweep.c) share: the surfaces they start from.
 */
#ifndef SD_TEST_SIMSURFACE_SUPPORT_H
#define SD_TEST_SIMSURFACE_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scrolldrive.h"

/* A bar of 60 / 120 / 200 pt over the default scroll view, at rest (normal). */
static __attribute__((unused)) sd_sim_bar bar_60_120_200(void) {
    sd_bar_config c = sd_bar_config_make(60, 120, 200);
    sd_scroll_view_config v = sd_scroll_view_config_default();
    sd_sim_bar s;
    assert_int_equal(sd_sim_bar_init(&s, &c, &v, NULL), SD_OK);
    return s;
}

/* The article's pull-down panel over a 2400 pt chat list, closed. */
static __attribute__((unused)) sd_sim_pulldown article_panel(void) {
    sd_pulldown_config c = sd_pulldown_config_article();
    sd_sim_pulldown s;
    assert_int_equal(sd_sim_pulldown_init(&s, &c, 2400, NULL), SD_OK);
    return s;
}

/* MJRefresh's pull to refresh over the default list (844 pt screen, 2400 pt of content), the default app, at its top. */
static __attribute__((unused)) sd_sim_refresh refresh_list(void) {
    sd_refresh_config c = sd_refresh_config_mjrefresh();
    sd_scroll_view_config v = sd_scroll_view_config_default();
    sd_sim_refresh s;
    assert_int_equal(sd_sim_refresh_init(&s, &c, NULL, &v, NULL), SD_OK);
    return s;
}

#endif /* SD_TEST_SIMSURFACE_SUPPORT_H */
