/*
 * sheet_config.c — the bottom sheet's configuration: detents, the default
 * sheet, validation, and the pure decisions and per-position values that
 * read only the configuration (release target, rubber band, backdrop and
 * background). The machine is in sheet_step.c, the frame in sheet_frame.c.
 *
 * The default numbers are those of the AppCoda SwiftUI bottom-sheet
 * chapter's sheet: full 50 pt from the top, half at half the container,
 * thresholds 25% up and 30% down, a 120 pt overscroll return, a 0.5
 * backdrop, a 100 pt background shift, and SwiftUI's
 * interpolatingSpring(mass: 1, stiffness: 200, damping: 25, initialVelocity: 10).
 */
#include "sheet_internal.h"

#include <string.h>

/* ======================================================================== */
/* Detents and configuration                                                */
/* ======================================================================== */

sd_sheet_detent sd_sheet_detent_fraction(double fraction) {
    sd_sheet_detent d = { SD_SHEET_DETENT_FRACTION, 0u, fraction };
    return d;
}

sd_sheet_detent sd_sheet_detent_points(double points) {
    sd_sheet_detent d = { SD_SHEET_DETENT_POINTS, 0u, points };
    return d;
}

sd_sheet_detent sd_sheet_detent_fit_content(double min_top) {
    sd_sheet_detent d = { SD_SHEET_DETENT_FIT_CONTENT, 0u, min_top };
    return d;
}

sd_sheet_detent sd_sheet_detent_dismissed(void) {
    sd_sheet_detent d = { SD_SHEET_DETENT_DISMISSED, 0u, 0.0 };
    return d;
}

sd_sheet_config sd_sheet_config_default(double container_height) {
    sd_sheet_config c;
    memset(&c, 0, sizeof c);
    c.container_height = container_height;
    c.content_height = 0.0;
    c.detent_count = 3u;
    c.options = 0u;
    /* AppCoda's full: `positionOffset = -height/2 + 50` on top of the
     * `height/2` offset puts the top 50 pt below the container's. */
    c.detent0 = sd_sheet_detent_points(50.0);
    /* AppCoda's half: `.offset(y: geometry.size.height/2)`. */
    c.detent1 = sd_sheet_detent_fraction(0.5);
    c.detent2 = sd_sheet_detent_dismissed();
    c.up_threshold = 0.25;
    c.down_threshold = 0.3;
    c.overscroll_return = 120.0;
    c.backdrop_alpha = 0.5;
    c.background_shift = 100.0;
    c.background_duration = 0.2;
    c.spring.stiffness = 200.0;
    c.spring.damping = 25.0;
    c.spring.mass = 1.0;
    c.spring_initial_velocity = 10.0;
    c.deceleration_rate = SD_DECELERATION_RATE_NORMAL;
    c.flick_velocity = 500.0;
    return c;
}


sd_sheet_detent sd_sheet_config_detent(const sd_sheet_config *config, uint32_t index) {
    if (!config || index >= SD_SHEET_MAX_DETENTS) {
        sd_sheet_detent none = { SD_SHEET_DETENT_NONE, 0u, 0.0 };
        return none;
    }
    return sd__sheet_detent_at(config, index);
}

sd_status sd_sheet_config_set_detent(sd_sheet_config *config, uint32_t index, sd_sheet_detent detent) {
    if (!config) return SD_ERR_NULL;
    switch (index) {
    case 0: config->detent0 = detent; return SD_OK;
    case 1: config->detent1 = detent; return SD_OK;
    case 2: config->detent2 = detent; return SD_OK;
    case 3: config->detent3 = detent; return SD_OK;
    case 4: config->detent4 = detent; return SD_OK;
    default: return SD_ERR_RANGE;
    }
}


static const char *const detent_field[SD_SHEET_MAX_DETENTS] = {
    "detent0", "detent1", "detent2", "detent3", "detent4",
};
static const char *const detent_kind_field[SD_SHEET_MAX_DETENTS] = {
    "detent0.kind", "detent1.kind", "detent2.kind", "detent3.kind", "detent4.kind",
};
static const char *const detent_value_field[SD_SHEET_MAX_DETENTS] = {
    "detent0.value", "detent1.value", "detent2.value", "detent3.value", "detent4.value",
};

static sd_status check_nonneg(double v, const char *field, sd_error *err) {
    if (!sd_isfinite(v)) return sd_fail(err, SD_ERR_NOT_FINITE, field, "must be finite");
    if (v < 0) return sd_fail(err, SD_ERR_NEGATIVE, field, "must be >= 0");
    return SD_OK;
}

/* Container and content heights, and the detents laid out in them (rules 1-3 of sd_sheet_config_validate). */
/* A fraction of the container or of full opacity: finite, within 0...1. */
static sd_status check_fraction(double v, const char *field, sd_error *err) {
    if (!sd_isfinite(v)) return sd_fail(err, SD_ERR_NOT_FINITE, field, "must be finite");
    if (!(v >= 0 && v <= 1)) return sd_fail(err, SD_ERR_RANGE, field, "must be within 0...1");
    return SD_OK;
}

static sd_status validate_layout(const sd_sheet_config *c, sd_error *err) {
    const double h = c->container_height;
    if (!sd_isfinite(h)) return sd_fail(err, SD_ERR_NOT_FINITE, "container_height", "must be finite");
    if (!(h > 0)) return sd_fail(err, SD_ERR_NEGATIVE, "container_height", "must be > 0");
    if (!(h <= SD_SHEET_MAX_LENGTH))
        return sd_fail(err, SD_ERR_RANGE, "container_height", "must be <= 1e9 points");
    sd_status st = check_nonneg(c->content_height, "content_height", err);
    if (st != SD_OK) return st;
    if ((st = check_nonneg(c->safe_area_top, "safe_area_top", err)) != SD_OK) return st;
    if (!(c->safe_area_top < h)) return sd_fail(err, SD_ERR_RANGE, "safe_area_top", "must be < container_height");
    if ((st = check_nonneg(c->safe_area_bottom, "safe_area_bottom", err)) != SD_OK) return st;
    /* The space between the insets is never negative, so every detent
     * resolves at or below the top inset (a fraction of a negative space
     * would put it above, under the status bar). */
    if (!(c->safe_area_bottom <= h - c->safe_area_top))
        return sd_fail(err, SD_ERR_RANGE, "safe_area_bottom",
                       "must be <= container_height - safe_area_top (the two insets together inside the container)");
    const double space = sd__sheet_space(c);
    if (c->detent_count < 1u || c->detent_count > SD_SHEET_MAX_DETENTS)
        return sd_fail(err, SD_ERR_RANGE, "detent_count", "must be within 1...5");

    double previous = 0;
    for (uint32_t i = 0; i < c->detent_count; i++) {
        sd_sheet_detent d = sd__sheet_detent_at(c, i);
        if (d.kind < SD_SHEET_DETENT_FRACTION || d.kind > SD_SHEET_DETENT_DISMISSED)
            return sd_fail(err, SD_ERR_RANGE, detent_kind_field[i],
                           "must be fraction, points, fit-content or dismissed");
        if (!sd_isfinite(d.value)) return sd_fail(err, SD_ERR_NOT_FINITE, detent_value_field[i], "must be finite");
        if (d.kind == SD_SHEET_DETENT_FRACTION && !(d.value >= 0 && d.value <= 1))
            return sd_fail(err, SD_ERR_RANGE, detent_field[i], "must be inside the container (fraction within 0...1)");
        if ((d.kind == SD_SHEET_DETENT_POINTS || d.kind == SD_SHEET_DETENT_FIT_CONTENT) &&
            !(d.value >= 0 && d.value <= space))
            return sd_fail(err, SD_ERR_RANGE, detent_field[i],
                           c->safe_area_top > 0
                               ? "must be inside the container below its safe area (0...container_height - safe_area_top points)"
                               : "must be inside the container (0...container_height points)");
        if (d.kind == SD_SHEET_DETENT_DISMISSED && (i == 0 || i != c->detent_count - 1u))
            return sd_fail(err, SD_ERR_ORDER, detent_field[i],
                           "dismissed must be the last detent and not the only one");
        double top = sd__sheet_resolve_top(d, c);
        if (i > 0 && !(top > previous))
            return sd_fail(err, SD_ERR_ORDER, detent_field[i], "must be below the previous detent");
        previous = top;
    }
    return SD_OK;
}

/* What a sheet asks of its spring beyond sd_spring_validate: that every move
 * it starts ends (a finite settle time) and that its products stay far inside
 * double range for every position and velocity the sheet can give it. */
static sd_status check_sheet_spring(const sd_spring *spring, sd_error *err) {
    if (!(spring->damping > 0))
        return sd_fail(err, SD_ERR_NEGATIVE, "spring.damping", "must be > 0 (an undamped spring never settles)");
    const double w0sq = spring->stiffness / spring->mass;
    if (!(w0sq <= SD_SHEET_MAX_SPRING_RATE * SD_SHEET_MAX_SPRING_RATE))
        return sd_fail(err, SD_ERR_RANGE, "spring.stiffness",
                       "stiffness / mass must be <= 1e12 per second squared");
    /* The slowest decay of the motion: e^(-a t) with a = c / 2m, or, over-damped
     * (a^2 > k / m), the slow mode's rate a - sqrt(a^2 - k/m), written as
     * (k / m) / (a + sqrt(a^2 - k/m)) so it does not cancel. */
    const double a = spring->damping / (2.0 * spring->mass);
    const double q = a * a - w0sq;
    const double decay = q > 0 ? w0sq / (a + __builtin_sqrt(q)) : a;
    if (!(decay >= SD_SHEET_MIN_SPRING_DECAY))
        return sd_fail(err, SD_ERR_RANGE, "spring",
                       "must settle: its slowest decay rate must be >= 0.01 per second");
    return SD_OK;
}

/* Rule 8: the fields the detent policies read, only when their option is on. */
static sd_status validate_policies(const sd_sheet_config *c, sd_error *err) {
    if (c->backdrop_tap > SD_SHEET_BACKDROP_NOTHING)
        return sd_fail(err, SD_ERR_RANGE, "backdrop_tap", "must be dismiss (0), step down (1) or nothing (2)");
    if ((c->options & SD_SHEET_OPTION_UNDIMMED_DETENT) && c->undimmed_detent >= c->detent_count)
        return sd_fail(err, SD_ERR_RANGE, "undimmed_detent", "must be < detent_count");
    if (c->options & SD_SHEET_OPTION_DISMISS_BY_VELOCITY) {
        sd_status st = check_nonneg(c->dismiss_velocity, "dismiss_velocity", err);
        if (st != SD_OK) return st;
    }
    return sd_succeed(err);
}

sd_status sd_sheet_config_validate(const sd_sheet_config *c, sd_error *err) {
    SD_CHECK_NULL(c, err, "config");
    sd_status st = validate_layout(c, err);
    if (st != SD_OK) return st;
    if ((st = check_fraction(c->up_threshold, "up_threshold", err)) != SD_OK) return st;
    if ((st = check_fraction(c->down_threshold, "down_threshold", err)) != SD_OK) return st;
    if ((st = check_nonneg(c->overscroll_return, "overscroll_return", err)) != SD_OK) return st;
    if ((st = check_nonneg(c->background_shift, "background_shift", err)) != SD_OK) return st;
    if ((st = check_nonneg(c->background_duration, "background_duration", err)) != SD_OK) return st;
    if ((st = check_nonneg(c->flick_velocity, "flick_velocity", err)) != SD_OK) return st;
    if ((st = check_fraction(c->backdrop_alpha, "backdrop_alpha", err)) != SD_OK) return st;

    sd_error spring_err;
    st = sd_spring_validate(&c->spring, &spring_err);
    if (st != SD_OK) {
        const char *field = "spring";
        if (strcmp(spring_err.field, "stiffness") == 0) field = "spring.stiffness";
        else if (strcmp(spring_err.field, "damping") == 0) field = "spring.damping";
        else if (strcmp(spring_err.field, "mass") == 0) field = "spring.mass";
        return sd_fail(err, st, field, spring_err.rule);
    }
    if ((st = check_sheet_spring(&c->spring, err)) != SD_OK) return st;
    if (!sd_isfinite(c->spring_initial_velocity))
        return sd_fail(err, SD_ERR_NOT_FINITE, "spring_initial_velocity", "must be finite");
    if (!(__builtin_fabs(c->spring_initial_velocity) <= SD_SHEET_MAX_SPRING_RATE))
        return sd_fail(err, SD_ERR_RANGE, "spring_initial_velocity",
                       "must be within +-1e6 per second");
    if (!sd_isfinite(c->deceleration_rate))
        return sd_fail(err, SD_ERR_NOT_FINITE, "deceleration_rate", "must be finite");
    if (!(c->deceleration_rate > 0 && c->deceleration_rate < 1))
        return sd_fail(err, SD_ERR_RANGE, "deceleration_rate", "must be > 0 and < 1");
    if (c->options & ~SD_SHEET_OPTIONS_ALL)
        return sd_fail(err, SD_ERR_RANGE, "options", "only the option bits 0xFFF");
    if (c->keyboard > SD_SHEET_KEYBOARD_FILL_PARENT)
        return sd_fail(err, SD_ERR_RANGE, "keyboard", "must be an sd_sheet_keyboard (0...4)");
    if (c->keyboard_reserved != 0) return sd_fail(err, SD_ERR_RANGE, "keyboard_reserved", "must be 0");
    return validate_policies(c, err);
}

sd_status sd_sheet_detent_top(const sd_sheet_config *config, uint32_t index, double *top) {
    if (!config || !top) return SD_ERR_NULL;
    if (index >= config->detent_count) return SD_ERR_RANGE;
    *top = sd__sheet_top(config, index);
    return SD_OK;
}

uint32_t sd_sheet_dismissed_detent(const sd_sheet_config *config) {
    if (!config || config->detent_count < 1u || config->detent_count > SD_SHEET_MAX_DETENTS)
        return SD_SHEET_NO_DETENT;
    return sd__sheet_dismissed(config);
}

/* ======================================================================== */
/* Pure decisions and position functions                                    */
/* ======================================================================== */

/* The chapter's decision (thresholds or projection), before the policies. */
static uint32_t release_by_distance(const sd_sheet_config *c, uint32_t detent, double translation, double velocity) {
    const uint32_t last = sd__sheet_last(c);
    if (!(c->options & SD_SHEET_OPTION_PROJECTION)) {
        /* AppCoda's onEnded: `translation < -height * 0.25` goes up,
         * `translation > height * 0.3` goes down, both strict; the products
         * are AppCoda's (h * fraction), so the boundaries are its bits. */
        if (translation < -(c->container_height * c->up_threshold) && detent > 0) return detent - 1u;
        if (translation > c->container_height * c->down_threshold && detent < last) return detent + 1u;
        return detent;
    }
    /* Where the sheet would coast to if it decelerated like a scroll view,
     * the projection of UIKit's "Designing Fluid Interfaces" (WWDC 2018). */
    double x0 = sd__sheet_top(c, detent) + translation;
    double projected = sd_deceleration_projection(x0, velocity, c->deceleration_rate);
    uint32_t best = 0;
    double best_distance = __builtin_fabs(projected - sd__sheet_top(c, 0));
    for (uint32_t i = 1; i <= last; i++) {
        double distance = __builtin_fabs(projected - sd__sheet_top(c, i));
        if (distance < best_distance) { best = i; best_distance = distance; }
    }
    if (__builtin_fabs(velocity) > c->flick_velocity) {
        if (velocity < 0 && best >= detent && detent > 0) best = detent - 1u;
        else if (velocity > 0 && best <= detent && detent < last) best = detent + 1u;
    }
    return best;
}

/* The chapter's onEnded acts only at half: from detent 0 a release stays
 * there unless RELEASE_FROM_FIRST. Then the detent policies on top of the
 * chapter's decision, in this order: dismiss by velocity (FloatingPanel's
 * removal interaction), sequential snapping (at most one detent from
 * `detent`), interactive dismissal off (never the dismissed detent from
 * another one). All off: the chapter's decision as is. */
uint32_t sd__sheet_release_target(const sd_sheet_config *c, uint32_t detent, double translation, double velocity) {
    const uint32_t o = c->options;
    if (detent == 0 && !(o & SD_SHEET_OPTION_RELEASE_FROM_FIRST)) return 0;
    uint32_t target = release_by_distance(c, detent, translation, velocity);
    const uint32_t dismissed = sd__sheet_dismissed(c);
    const int may_dismiss = !(o & SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS);
    if ((o & SD_SHEET_OPTION_DISMISS_BY_VELOCITY) && may_dismiss && dismissed != SD_SHEET_NO_DETENT &&
        velocity > c->dismiss_velocity)
        return dismissed;
    if (o & SD_SHEET_OPTION_SEQUENTIAL) {
        if (target > detent + 1u) target = detent + 1u;
        if (detent > 0 && target < detent - 1u) target = detent - 1u;
    }
    if (!may_dismiss && target == dismissed && detent != dismissed) target = sd__sheet_lowest_shown(c);
    return target;
}

sd_status sd_sheet_release_target(const sd_sheet_config *config, uint32_t detent, double translation,
                                  double velocity, uint32_t *target) {
    if (!config || !target) return SD_ERR_NULL;
    if (detent >= config->detent_count) return SD_ERR_RANGE;
    if (!sd_isfinite(translation) || !sd_isfinite(velocity)) return SD_ERR_NOT_FINITE;
    *target = sd__sheet_release_target(config, detent, translation, velocity);
    return SD_OK;
}


/* The finger-driven top that shows at `shown`: the inverse of rubber_band_top
 * (its upper band from `first`), so grabbing a spring that overshot past an
 * end detent does not jump. */
double sd__sheet_unband_top(const sd_sheet_config *c, double shown, double first) {
    const uint32_t o = c->options;
    if (!(o & (SD_SHEET_OPTION_RUBBER_BAND | SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS))) return shown;
    double edge;
    if (((o & SD_SHEET_OPTION_RUBBER_BAND) && shown < (edge = first)) ||
        shown > (edge = sd__sheet_top(c, sd__sheet_band_floor(c)))) {
        double raw = edge + sd_rubber_band_inverse(shown - edge, sd__sheet_space(c));
        return sd_isfinite(raw) ? raw : shown;
    }
    return shown;
}

double sd_sheet_rubber_band_top(const sd_sheet_config *config, double raw) {
    return sd__sheet_rubber_band_top(config, raw, sd__sheet_top(config, 0));
}


double sd_sheet_presentation(const sd_sheet_config *config, double top) { return sd__sheet_presentation(config, top); }

double sd_sheet_backdrop_alpha(const sd_sheet_config *config, double top, int presented) {
    return sd__sheet_backdrop_alpha(config, top, presented);
}

double sd_sheet_background_offset(const sd_sheet_config *config, double top, int presented) {
    return sd__sheet_background_rest(config, top, presented);
}

sd_status sd_sheet_presentation_batch(const sd_sheet_config *config, const double *tops, size_t count,
                                      int presented, double *alphas, double *offsets, sd_error *err) {
    sd_status st = sd_sheet_config_validate(config, err);
    if (st != SD_OK) return st;
    if (count > 0 && !tops) return sd_fail(err, SD_ERR_NULL, "tops", "must not be NULL");
    /* Everything but the top is the same for the whole batch. */
    const double a = sd__sheet_top(config, sd__sheet_lowest_shown(config));
    const double b = config->container_height;
    const int interpolate = (config->options & SD_SHEET_OPTION_INTERPOLATE_BACKDROP) != 0;
    const double alpha = config->backdrop_alpha;
    const double shift = config->background_shift;
    if (alphas) {
        for (size_t i = 0; i < count; i++)
            alphas[i] = interpolate ? alpha * sd__map(tops[i], a, b, 1.0, 0.0) : (presented ? alpha : 0.0);
    }
    if (offsets) {
        for (size_t i = 0; i < count; i++)
            offsets[i] = interpolate ? -(shift * sd__map(tops[i], a, b, 1.0, 0.0)) : (presented ? -shift : 0.0);
    }
    return sd_succeed(err);
}
