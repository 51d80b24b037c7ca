/*
 * pulldown_values.c — the pull-down panel's pure per-offset functions, one
 * value at a time (the formulas are in pulldown_internal.h, shared with the
 * batches and the frame).
 */
#include "pulldown_internal.h"

/* ---- public single-value entry points ---- */

sd_status sd_pulldown_pull_distance(const sd_pulldown_config *c, double y, double *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(y)) return SD_ERR_NOT_FINITE;
    *out = pull_distance(c, y);
    return SD_OK;
}

sd_status sd_pulldown_indicator_at(const sd_pulldown_config *c, double d, sd_pulldown_indicator *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(d)) return SD_ERR_NOT_FINITE;
    *out = indicator_at(c, d);
    return SD_OK;
}

sd_status sd_pulldown_reveal_at(const sd_pulldown_config *c, double d, sd_pulldown_reveal *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(d)) return SD_ERR_NOT_FINITE;
    *out = reveal_at(c, d);
    return SD_OK;
}

sd_status sd_pulldown_nav_colour(const sd_pulldown_config *c, double u, sd_pulldown_rgb *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(u)) return SD_ERR_NOT_FINITE;
    *out = nav_colour(c, u);
    return SD_OK;
}

uint8_t sd_pulldown_channel_u8(double v) {
    if (!(v > 0)) return 0;
    if (v >= 255) return 255;
    return (uint8_t)(v + 0.5);
}

sd_status sd_pulldown_mirror_at(const sd_pulldown_config *c, double u, sd_pulldown_mirror *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(u)) return SD_ERR_NOT_FINITE;
    *out = mirror_at(c, u);
    return SD_OK;
}

sd_status sd_pulldown_return_offset(const sd_pulldown_config *c, double from, double elapsed, double *out) {
    if (!c || !out) return SD_ERR_NULL;
    if (!sd_isfinite(from) || !sd_isfinite(elapsed)) return SD_ERR_NOT_FINITE;
    *out = return_offset(c, from, elapsed);
    return SD_OK;
}