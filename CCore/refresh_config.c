/*
 * refresh_config.c — the refresh surface's configuration: MJRefresh's
 * preset, the validator and the pull distance (declared in refresh.h).
 *
 * The preset's numbers are MJRefresh's constants (MJRefreshConst.h):
 * MJRefreshHeaderHeight 54 and MJRefreshFooterHeight 44 points,
 * MJRefreshFastAnimationDuration 0.25 s (the header's inset animation when
 * refreshing begins) and MJRefreshSlowAnimationDuration 0.4 s (when it
 * ends). MJRefreshHeader turns to pulling once the content is pulled more
 * than its own height below the resting inset, so the threshold is 54 too.
 * MJRefreshAutoFooter fires at triggerAutomaticallyRefreshPercent 1.0: when
 * the whole footer is on screen, which is a remaining distance r <= 0
 * (trigger distance 0, no fraction). MJRefresh has no minimum refreshing
 * time, so it is 0 here; the viewport is a 4.7-inch iPhone's 667 points.
 */
#include "internal.h"

sd_refresh_config sd_refresh_config_mjrefresh(void) {
    sd_refresh_config c = {
        .content_inset_top = 0, .content_inset_bottom = 0, .viewport_height = 667,
        .header_height = 54, .pull_threshold = 54,
        .begin_duration = 0.25, .end_duration = 0.4, .min_refreshing_time = 0,
        .footer_height = 44, .footer_trigger_distance = 0, .footer_trigger_fraction = 0,
        .header_enabled = 1, .footer_enabled = 1,
    };
    return c;
}

/* One rule for every length and duration: finite, >= 0 (> 0 where `positive`), at most SD_REFRESH_MAX_VALUE. */
static sd_status check_value(double v, const char *field, int positive, sd_error *err) {
    if (!sd_isfinite(v)) return sd_fail(err, SD_ERR_NOT_FINITE, field, "must be finite");
    if (positive && !(v > 0)) return sd_fail(err, SD_ERR_NEGATIVE, field, "must be > 0");
    if (v < 0) return sd_fail(err, SD_ERR_NEGATIVE, field, "must be >= 0");
    if (v > SD_REFRESH_MAX_VALUE) return sd_fail(err, SD_ERR_RANGE, field, "must be <= 1e6");
    return SD_OK;
}

#define RF_CHECK(f, positive) \
    do { sd_status st_ = check_value(c->f, #f, (positive), err); if (st_ != SD_OK) return st_; } while (0)

sd_status sd_refresh_config_validate(const sd_refresh_config *c, sd_error *err) {
    SD_CHECK_NULL(c, err, "config");
    RF_CHECK(content_inset_top, 0);
    RF_CHECK(content_inset_bottom, 0);
    RF_CHECK(viewport_height, 1);
    RF_CHECK(header_height, 1);
    RF_CHECK(pull_threshold, 1);
    RF_CHECK(begin_duration, 0);
    RF_CHECK(end_duration, 0);
    RF_CHECK(min_refreshing_time, 0);
    RF_CHECK(footer_height, 0);
    RF_CHECK(footer_trigger_distance, 0);
    RF_CHECK(footer_trigger_fraction, 0);
    if (c->footer_trigger_fraction > 1)
        return sd_fail(err, SD_ERR_RANGE, "footer_trigger_fraction", "must be within [0, 1]");
    if (c->header_enabled > 1) return sd_fail(err, SD_ERR_RANGE, "header_enabled", "must be 0 or 1");
    if (c->footer_enabled > 1) return sd_fail(err, SD_ERR_RANGE, "footer_enabled", "must be 0 or 1");
    if (c->options & ~SD_REFRESH_OPTIONS_ALL) return sd_fail(err, SD_ERR_RANGE, "options", "only the option bits 0x1");
    if (c->reserved != 0) return sd_fail(err, SD_ERR_RANGE, "reserved", "must be 0");
    return sd_succeed(err);
}

sd_status sd_refresh_pull_distance(const sd_refresh_config *c, double y, double *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(y)) return SD_ERR_NOT_FINITE;
    *out = sd__pull_distance(y, c->content_inset_top);
    return SD_OK;
}
