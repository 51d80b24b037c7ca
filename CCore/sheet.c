/*
 * sheet.c — the bottom sheet: detent layout, release decisions, the hand-off
 * between the sheet and its inner scroll view, backdrop and background, and
 * the spring that moves the sheet between detents (see scrolldrive/sheet.h).
 */
#include "internal.h"

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
    /* The seed's full: `positionOffset = -height/2 + 50` on top of the
     * `height/2` offset puts the top 50 pt below the container's. */
    c.detent0 = sd_sheet_detent_points(50.0);
    /* The seed's half: `.offset(y: geometry.size.height/2)`. */
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

/* Detent `i` by value; the caller guarantees i < SD_SHEET_MAX_DETENTS. A
 * switch rather than pointer arithmetic over the named fields, which C does
 * not allow to walk from one member into the next. */
SD_INLINE sd_sheet_detent detent_at(const sd_sheet_config *c, uint32_t i) {
    switch (i) {
    case 0: return c->detent0;
    case 1: return c->detent1;
    case 2: return c->detent2;
    case 3: return c->detent3;
    default: return c->detent4;
    }
}

sd_sheet_detent sd_sheet_config_detent(const sd_sheet_config *config, uint32_t index) {
    if (!config || index >= SD_SHEET_MAX_DETENTS) {
        sd_sheet_detent none = { SD_SHEET_DETENT_NONE, 0u, 0.0 };
        return none;
    }
    return detent_at(config, index);
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

/* The top of a detent in a container `h` tall with content `content` tall. */
SD_INLINE double resolve_top(sd_sheet_detent d, double h, double content) {
    switch (d.kind) {
    case SD_SHEET_DETENT_FRACTION: return d.value * h;
    case SD_SHEET_DETENT_POINTS: return d.value;
    case SD_SHEET_DETENT_FIT_CONTENT: return sd_max(d.value, h - content);
    default: return h; /* dismissed */
    }
}

SD_INLINE double top_of(const sd_sheet_config *c, uint32_t i) {
    return resolve_top(detent_at(c, i), c->container_height, c->content_height);
}

SD_INLINE uint32_t last_index(const sd_sheet_config *c) { return c->detent_count - 1u; }

SD_INLINE uint32_t dismissed_index(const sd_sheet_config *c) {
    uint32_t last = last_index(c);
    return detent_at(c, last).kind == SD_SHEET_DETENT_DISMISSED ? last : SD_SHEET_NO_DETENT;
}

/* The lowest detent the sheet is shown at: the last one that is not the dismissed one. */
SD_INLINE uint32_t lowest_shown(const sd_sheet_config *c) {
    uint32_t last = last_index(c);
    return detent_at(c, last).kind == SD_SHEET_DETENT_DISMISSED ? last - 1u : last;
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

/* Container and content heights, and the detents laid out in them. Shared by
 * the full validator and the RESIZE event (which changes only the heights). */
static sd_status validate_layout(const sd_sheet_config *c, sd_error *err) {
    const double h = c->container_height;
    if (!sd_isfinite(h)) return sd_fail(err, SD_ERR_NOT_FINITE, "container_height", "must be finite");
    if (!(h > 0)) return sd_fail(err, SD_ERR_NEGATIVE, "container_height", "must be > 0");
    if (!(h <= SD_SHEET_MAX_LENGTH))
        return sd_fail(err, SD_ERR_RANGE, "container_height", "must be <= SD_SHEET_MAX_LENGTH (1e9 points)");
    sd_status st = check_nonneg(c->content_height, "content_height", err);
    if (st != SD_OK) return st;
    if (c->detent_count < 1u || c->detent_count > SD_SHEET_MAX_DETENTS)
        return sd_fail(err, SD_ERR_RANGE, "detent_count", "must be within 1...SD_SHEET_MAX_DETENTS");

    double previous = 0;
    for (uint32_t i = 0; i < c->detent_count; i++) {
        sd_sheet_detent d = detent_at(c, i);
        if (d.kind < SD_SHEET_DETENT_FRACTION || d.kind > SD_SHEET_DETENT_DISMISSED)
            return sd_fail(err, SD_ERR_RANGE, detent_kind_field[i],
                           "must be fraction, points, fit-content or dismissed");
        if (!sd_isfinite(d.value)) return sd_fail(err, SD_ERR_NOT_FINITE, detent_value_field[i], "must be finite");
        if (d.kind == SD_SHEET_DETENT_FRACTION && !(d.value >= 0 && d.value <= 1))
            return sd_fail(err, SD_ERR_RANGE, detent_field[i], "must be inside the container (fraction within 0...1)");
        if ((d.kind == SD_SHEET_DETENT_POINTS || d.kind == SD_SHEET_DETENT_FIT_CONTENT) &&
            !(d.value >= 0 && d.value <= h))
            return sd_fail(err, SD_ERR_RANGE, detent_field[i],
                           "must be inside the container (0...container_height points)");
        if (d.kind == SD_SHEET_DETENT_DISMISSED && (i == 0 || i != c->detent_count - 1u))
            return sd_fail(err, SD_ERR_ORDER, detent_field[i],
                           "dismissed must be the last detent and not the only one");
        double top = resolve_top(d, h, c->content_height);
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
                       "stiffness / mass must be <= SD_SHEET_MAX_SPRING_RATE^2 (1e12 per second squared)");
    /* The slowest decay of the motion: e^(-a t) with a = c / 2m, or, over-damped
     * (a^2 > k / m), the slow mode's rate a - sqrt(a^2 - k/m), written as
     * (k / m) / (a + sqrt(a^2 - k/m)) so it does not cancel. */
    const double a = spring->damping / (2.0 * spring->mass);
    const double q = a * a - w0sq;
    const double decay = q > 0 ? w0sq / (a + __builtin_sqrt(q)) : a;
    if (!(decay >= SD_SHEET_MIN_SPRING_DECAY))
        return sd_fail(err, SD_ERR_RANGE, "spring",
                       "must settle: its slowest decay rate must be >= SD_SHEET_MIN_SPRING_DECAY (0.01 per second)");
    return SD_OK;
}

sd_status sd_sheet_config_validate(const sd_sheet_config *c, sd_error *err) {
    SD_CHECK_NULL(c, err, "config");
    sd_status st = validate_layout(c, err);
    if (st != SD_OK) return st;
    if ((st = check_nonneg(c->up_threshold, "up_threshold", err)) != SD_OK) return st;
    if ((st = check_nonneg(c->down_threshold, "down_threshold", err)) != SD_OK) return st;
    if ((st = check_nonneg(c->overscroll_return, "overscroll_return", err)) != SD_OK) return st;
    if ((st = check_nonneg(c->background_shift, "background_shift", err)) != SD_OK) return st;
    if ((st = check_nonneg(c->background_duration, "background_duration", err)) != SD_OK) return st;
    if ((st = check_nonneg(c->flick_velocity, "flick_velocity", err)) != SD_OK) return st;
    if (!sd_isfinite(c->backdrop_alpha))
        return sd_fail(err, SD_ERR_NOT_FINITE, "backdrop_alpha", "must be finite");
    if (!(c->backdrop_alpha >= 0 && c->backdrop_alpha <= 1))
        return sd_fail(err, SD_ERR_RANGE, "backdrop_alpha", "must be within 0...1");

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
                       "must be within +-SD_SHEET_MAX_SPRING_RATE (1e6 per second)");
    if (!sd_isfinite(c->deceleration_rate))
        return sd_fail(err, SD_ERR_NOT_FINITE, "deceleration_rate", "must be finite");
    if (!(c->deceleration_rate > 0 && c->deceleration_rate < 1))
        return sd_fail(err, SD_ERR_RANGE, "deceleration_rate", "must be > 0 and < 1");
    if (c->options & ~SD_SHEET_OPTIONS_ALL)
        return sd_fail(err, SD_ERR_RANGE, "options", "only SD_SHEET_OPTION_* bits");
    return sd_succeed(err);
}

sd_status sd_sheet_detent_top(const sd_sheet_config *config, uint32_t index, double *top) {
    if (!config || !top) return SD_ERR_NULL;
    if (index >= config->detent_count) return SD_ERR_RANGE;
    *top = top_of(config, index);
    return SD_OK;
}

uint32_t sd_sheet_dismissed_detent(const sd_sheet_config *config) {
    if (!config || config->detent_count < 1u || config->detent_count > SD_SHEET_MAX_DETENTS)
        return SD_SHEET_NO_DETENT;
    return dismissed_index(config);
}

/* ======================================================================== */
/* Pure decisions and position functions                                    */
/* ======================================================================== */

static uint32_t release_target(const sd_sheet_config *c, uint32_t detent, double translation, double velocity) {
    const uint32_t last = last_index(c);
    if (!(c->options & SD_SHEET_OPTION_PROJECTION)) {
        /* The seed's onEnded: `translation < -height * 0.25` goes up,
         * `translation > height * 0.3` goes down, both strict; the products
         * are the seed's (h * fraction), so the boundaries are its bits. */
        if (translation < -(c->container_height * c->up_threshold) && detent > 0) return detent - 1u;
        if (translation > c->container_height * c->down_threshold && detent < last) return detent + 1u;
        return detent;
    }
    /* Where the sheet would coast to if it decelerated like a scroll view,
     * the projection of UIKit's "Designing Fluid Interfaces" (WWDC 2018). */
    double x0 = top_of(c, detent) + translation;
    double projected = sd_deceleration_projection(x0, velocity, c->deceleration_rate);
    uint32_t best = 0;
    double best_distance = __builtin_fabs(projected - top_of(c, 0));
    for (uint32_t i = 1; i <= last; i++) {
        double distance = __builtin_fabs(projected - top_of(c, i));
        if (distance < best_distance) { best = i; best_distance = distance; }
    }
    if (__builtin_fabs(velocity) > c->flick_velocity) {
        if (velocity < 0 && best >= detent && detent > 0) best = detent - 1u;
        else if (velocity > 0 && best <= detent && detent < last) best = detent + 1u;
    }
    return best;
}

sd_status sd_sheet_release_target(const sd_sheet_config *config, uint32_t detent, double translation,
                                  double velocity, uint32_t *target) {
    if (!config || !target) return SD_ERR_NULL;
    if (detent >= config->detent_count) return SD_ERR_RANGE;
    if (!sd_isfinite(translation) || !sd_isfinite(velocity)) return SD_ERR_NOT_FINITE;
    *target = release_target(config, detent, translation, velocity);
    return SD_OK;
}

SD_INLINE double rubber_band_top(const sd_sheet_config *c, double raw) {
    if (!(c->options & SD_SHEET_OPTION_RUBBER_BAND)) return raw;
    double first = top_of(c, 0);
    if (raw < first) return first + sd_rubber_band(raw - first, c->container_height);
    double last = top_of(c, last_index(c));
    if (raw > last) return last + sd_rubber_band(raw - last, c->container_height);
    return raw;
}

/* The finger-driven top that shows at `shown`: the inverse of rubber_band_top,
 * so grabbing a spring that overshot past an end detent does not jump. */
static double unband_top(const sd_sheet_config *c, double shown) {
    if (!(c->options & SD_SHEET_OPTION_RUBBER_BAND)) return shown;
    double edge;
    if (shown < (edge = top_of(c, 0)) || shown > (edge = top_of(c, last_index(c)))) {
        double raw = edge + sd_rubber_band_inverse(shown - edge, c->container_height);
        return sd_isfinite(raw) ? raw : shown;
    }
    return shown;
}

double sd_sheet_rubber_band_top(const sd_sheet_config *config, double raw) {
    return rubber_band_top(config, raw);
}

SD_INLINE double presentation(const sd_sheet_config *c, double top) {
    return sd__map(top, top_of(c, lowest_shown(c)), c->container_height, 1.0, 0.0);
}

SD_INLINE double backdrop_alpha(const sd_sheet_config *c, double top, int presented) {
    if (c->options & SD_SHEET_OPTION_INTERPOLATE_BACKDROP) return c->backdrop_alpha * presentation(c, top);
    return presented ? c->backdrop_alpha : 0.0;
}

SD_INLINE double background_rest(const sd_sheet_config *c, double top, int presented) {
    if (c->options & SD_SHEET_OPTION_INTERPOLATE_BACKDROP) return -(c->background_shift * presentation(c, top));
    return presented ? -c->background_shift : 0.0;
}

double sd_sheet_presentation(const sd_sheet_config *config, double top) { return presentation(config, top); }

double sd_sheet_backdrop_alpha(const sd_sheet_config *config, double top, int presented) {
    return backdrop_alpha(config, top, presented);
}

double sd_sheet_background_offset(const sd_sheet_config *config, double top, int presented) {
    return background_rest(config, top, presented);
}

sd_status sd_sheet_presentation_batch(const sd_sheet_config *config, const double *tops, size_t count,
                                      int presented, double *alphas, double *offsets, sd_error *err) {
    sd_status st = sd_sheet_config_validate(config, err);
    if (st != SD_OK) return st;
    if (count > 0 && !tops) return sd_fail(err, SD_ERR_NULL, "tops", "must not be NULL");
    /* Everything but the top is the same for the whole batch. */
    const double a = top_of(config, lowest_shown(config));
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

/* ======================================================================== */
/* State                                                                    */
/* ======================================================================== */

#define GESTURE_FLAGS                                                                                  \
    (SD_SHEET_STATE_SCROLL_GESTURE | SD_SHEET_STATE_CONTENT_OWNS | SD_SHEET_STATE_HANDED_OFF |          \
     SD_SHEET_STATE_CONSUMED)

SD_INLINE int presented_at(const sd_sheet_config *c, uint32_t detent) { return detent != dismissed_index(c); }

sd_status sd_sheet_init(sd_sheet *sheet, const sd_sheet_config *config, uint32_t initial_detent,
                        sd_error *err) {
    SD_CHECK_NULL(sheet, err, "sheet");
    sd_status st = sd_sheet_config_validate(config, err);
    if (st != SD_OK) return st;
    if (initial_detent >= config->detent_count)
        return sd_fail(err, SD_ERR_RANGE, "initial_detent", "must be < detent_count");
    sd_sheet s;
    memset(&s, 0, sizeof s);
    s.config = *config;
    s.state.detent = initial_detent;
    s.state.drag = SD_SHEET_DRAG_INACTIVE;
    s.state.flags = initial_detent == 0 ? SD_SHEET_STATE_SCROLL_ENABLED : 0u;
    s.state.top = top_of(config, initial_detent);
    s.state.background_from = background_rest(config, s.state.top, presented_at(config, initial_detent));
    *sheet = s;
    return sd_succeed(err);
}

int sd_sheet_is_presented(const sd_sheet *sheet) {
    return sheet ? presented_at(&sheet->config, sheet->state.detent) : 0;
}

/* ======================================================================== */
/* Motion at a time                                                         */
/* ======================================================================== */

/* Whether something that started at `start` and lasts `duration` seconds is
 * over at `t`. Either measure counts: the elapsed time, or the end time as
 * the caller's clock forms it. (start + d) - start can round below d (0.3 +
 * 0.6761925053732144 - 0.3 does), so a tick at exactly start + duration must
 * not depend on the elapsed time alone; and far from 0, where start +
 * duration rounds to start itself, the end time is the only measure that
 * ever ends it. */
SD_INLINE int elapsed_past(double t, double start, double duration) {
    return t - start >= duration || t >= start + duration;
}

/* Where the sheet is and how fast it goes at `t`, and whether a spring is
 * still moving it then (a spring past its settle time shows its target at
 * rest even before a frame tick has landed it). */
typedef struct motion_now {
    double position;
    double velocity;
    int running;
} motion_now;

static motion_now motion_at(const sd_sheet *sh, double t) {
    const sd_sheet_state *s = &sh->state;
    motion_now m;
    if (s->flags & SD_SHEET_STATE_ANIMATING) {
        if (elapsed_past(t, s->spring_start, s->spring_duration)) {
            m.position = s->spring_to;
            m.velocity = 0;
            m.running = 0;
        } else {
            sd_motion_sample x =
                sd_spring_sample(&sh->config.spring, s->spring_from, s->spring_velocity, s->spring_to, t - s->spring_start);
            m.position = x.position;
            m.velocity = x.velocity;
            m.running = 1;
        }
        return m;
    }
    m.running = 0;
    if (s->drag != SD_SHEET_DRAG_INACTIVE && !(s->flags & SD_SHEET_STATE_CONTENT_OWNS)) {
        m.position = rubber_band_top(&sh->config, s->top);
        m.velocity = s->velocity;
    } else {
        m.position = s->top;
        m.velocity = 0;
    }
    return m;
}

static double background_at(const sd_sheet *sh, double t, double top) {
    const sd_sheet_config *c = &sh->config;
    const sd_sheet_state *s = &sh->state;
    int presented = presented_at(c, s->detent);
    double rest = background_rest(c, top, presented);
    if (c->options & SD_SHEET_OPTION_INTERPOLATE_BACKDROP) return rest;
    if (elapsed_past(t, s->background_start, c->background_duration)) return rest;
    double elapsed = t - s->background_start;
    double progress = sd_timing_curve_value(&sd_timing_ease_out, elapsed / c->background_duration);
    return sd__lerp(s->background_from, rest, progress);
}

/* Notices a frame tick at `t` would add: the landing of a spring past its settle time. */
static uint32_t landing_notices(const sd_sheet *sh, double t) {
    const sd_sheet_state *s = &sh->state;
    if (!(s->flags & SD_SHEET_STATE_ANIMATING) || !(s->flags & SD_SHEET_STATE_MOVING)) return 0;
    if (!elapsed_past(t, s->spring_start, s->spring_duration)) return 0;
    uint32_t n = SD_SHEET_NOTICE_DID_MOVE;
    if (s->detent == dismissed_index(&sh->config)) n |= SD_SHEET_NOTICE_DISMISSED;
    return n;
}

static void frame_at(const sd_sheet *sh, double t, sd_sheet_frame *f) {
    const sd_sheet_config *c = &sh->config;
    const sd_sheet_state *s = &sh->state;
    motion_now m = motion_at(sh, t);
    int presented = presented_at(c, s->detent);
    f->top = m.position;
    f->velocity = m.velocity;
    f->backdrop_alpha = backdrop_alpha(c, m.position, presented);
    f->background_offset = background_at(sh, t, m.position);
    f->translation = s->drag == SD_SHEET_DRAG_DRAGGING ? s->translation : 0.0;
    f->content_offset = s->content_offset;
    f->detent = s->detent;
    f->drag = s->drag;
    f->flags = 0;
    if (s->flags & SD_SHEET_STATE_SCROLL_ENABLED) f->flags |= SD_SHEET_FRAME_SCROLL_ENABLED;
    if (m.running) f->flags |= SD_SHEET_FRAME_ANIMATING;
    if (presented) f->flags |= SD_SHEET_FRAME_PRESENTED;
    if (s->drag != SD_SHEET_DRAG_INACTIVE && (s->flags & SD_SHEET_STATE_CONTENT_OWNS))
        f->flags |= SD_SHEET_FRAME_CONTENT_SCROLLS;
    uint32_t landing = landing_notices(sh, t);
    f->notices = s->pending | landing;
    f->will_move_to = (f->notices & SD_SHEET_NOTICE_WILL_MOVE) ? s->pending_will_move_to : 0u;
    f->did_move_to = landing ? s->detent : ((s->pending & SD_SHEET_NOTICE_DID_MOVE) ? s->pending_did_move_to : 0u);
}

sd_status sd_sheet_sample(const sd_sheet *sheet, double time, sd_sheet_frame *frame) {
    if (!sheet || !frame) return SD_ERR_NULL;
    if (!sd_isfinite(time)) return SD_ERR_NOT_FINITE;
    frame_at(sheet, time, frame);
    return SD_OK;
}

sd_status sd_sheet_sample_batch(const sd_sheet *sheet, const double *times, size_t count, double *tops,
                                double *velocities) {
    if (!sheet || (count > 0 && (!times || !tops))) return SD_ERR_NULL;
    for (size_t i = 0; i < count; i++)
        if (!sd_isfinite(times[i])) return SD_ERR_NOT_FINITE;
    for (size_t i = 0; i < count; i++) {
        motion_now m = motion_at(sheet, times[i]);
        tops[i] = m.position;
        if (velocities) velocities[i] = m.velocity;
    }
    return SD_OK;
}

/* ======================================================================== */
/* The step function                                                        */
/* ======================================================================== */

sd_sheet_event sd_sheet_drag_began(double time, double content_offset) {
    sd_sheet_event e = { SD_SHEET_EVENT_DRAG_BEGAN, 0u, 0u, 0u, time, 0.0, content_offset, 0.0, 0.0, 0.0 };
    return e;
}

sd_sheet_event sd_sheet_drag_changed(double time, double translation, double content_offset) {
    sd_sheet_event e = { SD_SHEET_EVENT_DRAG_CHANGED, 0u, 0u, 0u, time, translation, content_offset, 0.0, 0.0, 0.0 };
    return e;
}

sd_sheet_event sd_sheet_drag_ended(double time, double velocity) {
    sd_sheet_event e = { SD_SHEET_EVENT_DRAG_ENDED, 0u, 0u, 0u, time, 0.0, 0.0, velocity, 0.0, 0.0 };
    return e;
}

sd_sheet_event sd_sheet_backdrop_tap(double time) {
    sd_sheet_event e = { SD_SHEET_EVENT_BACKDROP_TAP, 0u, 0u, 0u, time, 0.0, 0.0, 0.0, 0.0, 0.0 };
    return e;
}

sd_sheet_event sd_sheet_move(double time, uint32_t detent, int animated) {
    sd_sheet_event e = { SD_SHEET_EVENT_MOVE, detent, animated ? 1u : 0u, 0u, time, 0.0, 0.0, 0.0, 0.0, 0.0 };
    return e;
}

sd_sheet_event sd_sheet_resize(double time, double container_height, double content_height) {
    sd_sheet_event e = { SD_SHEET_EVENT_RESIZE, 0u, 0u, 0u, time, 0.0, 0.0, 0.0, container_height, content_height };
    return e;
}

sd_sheet_event sd_sheet_frame_tick(double time) {
    sd_sheet_event e = { SD_SHEET_EVENT_FRAME, 0u, 0u, 0u, time, 0.0, 0.0, 0.0, 0.0, 0.0 };
    return e;
}

/* A finite length or velocity within +-limit: SD_OK, SD_ERR_NOT_FINITE or SD_ERR_RANGE. */
SD_INLINE sd_status check_bounded(double x, double limit) {
    if (!sd_isfinite(x)) return SD_ERR_NOT_FINITE;
    return __builtin_fabs(x) <= limit ? SD_OK : SD_ERR_RANGE;
}

/* Fields each kind reads, checked before anything changes. */
static sd_status check_event(const sd_sheet_event *e) {
    if (!sd_isfinite(e->time)) return SD_ERR_NOT_FINITE;
    if (e->time < 0) return SD_ERR_RANGE;
    sd_status st;
    switch (e->kind) {
    case SD_SHEET_EVENT_DRAG_BEGAN:
        return check_bounded(e->content_offset, SD_SHEET_MAX_LENGTH);
    case SD_SHEET_EVENT_DRAG_CHANGED:
        /* Both NaN checks before either range check: a NaN is SD_ERR_NOT_FINITE whatever the other field. */
        if (!sd_isfinite(e->translation) || !sd_isfinite(e->content_offset)) return SD_ERR_NOT_FINITE;
        if ((st = check_bounded(e->translation, SD_SHEET_MAX_LENGTH)) != SD_OK) return st;
        return check_bounded(e->content_offset, SD_SHEET_MAX_LENGTH);
    case SD_SHEET_EVENT_DRAG_ENDED:
        return check_bounded(e->velocity, SD_SHEET_MAX_VELOCITY);
    case SD_SHEET_EVENT_RESIZE:
        return (sd_isfinite(e->container_height) && sd_isfinite(e->content_height)) ? SD_OK : SD_ERR_NOT_FINITE;
    case SD_SHEET_EVENT_BACKDROP_TAP:
    case SD_SHEET_EVENT_MOVE:
    case SD_SHEET_EVENT_FRAME:
        return SD_OK;
    default:
        return SD_ERR_RANGE;
    }
}

/* A step works on a copy of the sheet and its own actions; both are written
 * back only when it succeeds. */
typedef struct step {
    sd_sheet sh;
    sd_sheet_actions a;
    double now;
} step;

static void notify(step *st, uint32_t notices, uint32_t detent) {
    st->a.notices |= notices;
    st->a.detent = detent;
    st->sh.state.pending |= notices;
    if (notices & SD_SHEET_NOTICE_WILL_MOVE) st->sh.state.pending_will_move_to = detent;
    if (notices & SD_SHEET_NOTICE_DID_MOVE) st->sh.state.pending_did_move_to = detent;
}

static void set_content_offset(step *st, double offset) {
    st->a.flags |= SD_SHEET_ACTION_SET_CONTENT_OFFSET;
    st->a.content_offset = offset;
    st->sh.state.content_offset = offset;
}

static void stop_spring(step *st) {
    if (!(st->sh.state.flags & SD_SHEET_STATE_ANIMATING)) return;
    st->sh.state.flags &= ~(uint32_t)SD_SHEET_STATE_ANIMATING;
    st->a.flags |= SD_SHEET_ACTION_STOP_SPRING;
}

/* The sheet is on `detent` now: report the landing if a willMove is open. */
static void land(step *st) {
    sd_sheet_state *s = &st->sh.state;
    s->top = top_of(&st->sh.config, s->detent);
    s->velocity = 0;
    if (!(s->flags & SD_SHEET_STATE_MOVING)) return;
    s->flags &= ~(uint32_t)SD_SHEET_STATE_MOVING;
    uint32_t n = SD_SHEET_NOTICE_DID_MOVE;
    if (s->detent == dismissed_index(&st->sh.config)) n |= SD_SHEET_NOTICE_DISMISSED;
    notify(st, n, s->detent);
}

/* Make `target` the sheet's detent: willMove when it changes, the inner scroll
 * view enabled only at detent 0 (its content back at the top when it is left),
 * and the background's move when the presented state flips. */
static void commit(step *st, uint32_t target) {
    const sd_sheet_config *c = &st->sh.config;
    sd_sheet_state *s = &st->sh.state;
    if (target == s->detent) return;
    int was_presented = presented_at(c, s->detent);
    double background_now = background_at(&st->sh, st->now, motion_at(&st->sh, st->now).position);
    s->detent = target;
    s->flags |= SD_SHEET_STATE_MOVING;
    notify(st, SD_SHEET_NOTICE_WILL_MOVE, target);

    uint32_t enabled = target == 0 ? 1u : 0u;
    if (enabled != ((s->flags & SD_SHEET_STATE_SCROLL_ENABLED) ? 1u : 0u)) {
        st->a.flags |= SD_SHEET_ACTION_SET_SCROLL_ENABLED;
        st->a.scroll_enabled = enabled;
        if (enabled) s->flags |= SD_SHEET_STATE_SCROLL_ENABLED;
        else s->flags &= ~(uint32_t)SD_SHEET_STATE_SCROLL_ENABLED;
    }
    if (!enabled && s->content_offset != 0) set_content_offset(st, 0.0);
    if (was_presented != presented_at(c, target)) {
        s->background_from = background_now;
        s->background_start = st->now;
    }
}

/*
 * Moves the sheet to its (committed) detent from `m`, where it is now.
 * A spring that is still running is retargeted from its position with its
 * velocity, so neither jumps. Otherwise the new spring gets SwiftUI's
 * relative kick, spring_initial_velocity * (to - from), plus `extra`
 * (the release velocity with SD_SHEET_OPTION_CARRY_VELOCITY).
 */
static void move_to_detent(step *st, motion_now m, int animated, double extra) {
    const sd_sheet_config *c = &st->sh.config;
    sd_sheet_state *s = &st->sh.state;
    double to = top_of(c, s->detent);
    double v0 = m.running ? m.velocity : c->spring_initial_velocity * (to - m.position) + extra;
    if (!animated || (m.position == to && v0 == 0)) {
        stop_spring(st);
        land(st);
        return;
    }
    s->flags |= SD_SHEET_STATE_ANIMATING;
    s->spring_from = m.position;
    s->spring_velocity = v0;
    s->spring_to = to;
    s->spring_start = st->now;
    s->spring_duration =
        sd_spring_settle_time(&c->spring, m.position, v0, to, SD_SHEET_SETTLE_POSITION, SD_SHEET_SETTLE_VELOCITY);
    s->velocity = 0;
    st->a.flags |= SD_SHEET_ACTION_START_SPRING;
    st->a.flags &= ~(uint32_t)SD_SHEET_ACTION_STOP_SPRING;
    st->a.spring_from = s->spring_from;
    st->a.spring_velocity = v0;
    st->a.spring_to = to;
    st->a.spring_start = st->now;
    st->a.spring_duration = s->spring_duration;
}

/* The finger-driven top held within SD_SHEET_MAX_LENGTH of the container, so
 * that a sheet grabbed far out (a spring kicked hard enough to fly off) does
 * not start its next spring farther out still, drag after drag. */
SD_INLINE double drag_range(const sd_sheet_config *c, double raw) {
    return sd_min(sd_max(raw, -SD_SHEET_MAX_LENGTH), c->container_height + SD_SHEET_MAX_LENGTH);
}

static sd_status on_drag_began(step *st, const sd_sheet_event *e) {
    const sd_sheet_config *c = &st->sh.config;
    sd_sheet_state *s = &st->sh.state;
    if (s->drag != SD_SHEET_DRAG_INACTIVE) return SD_ERR_STATE;
    motion_now m = motion_at(&st->sh, st->now);
    if (!m.running && s->detent == dismissed_index(c)) return SD_ERR_STATE; /* off screen, nothing to grab */
    stop_spring(st);
    s->drag = SD_SHEET_DRAG_PRESSING;
    s->translation = 0;
    s->drag_time = st->now;
    s->flags &= ~(uint32_t)GESTURE_FLAGS;
    s->velocity = m.velocity; /* carried over from a grabbed spring */
    s->content_offset = e->content_offset;
    /* The content shares the drag only at detent 0 with the sheet not above
     * it: a sheet grabbed above detent 0 (rubber-banded, or overshooting)
     * stays with the finger rather than jumping down to hand over. */
    if (s->detent == 0 && (s->flags & SD_SHEET_STATE_SCROLL_ENABLED) && m.position >= top_of(c, 0))
        s->flags |= SD_SHEET_STATE_SCROLL_GESTURE;
    if ((s->flags & SD_SHEET_STATE_SCROLL_GESTURE) && !m.running) {
        /* Resting at detent 0: the content scrolls first. */
        s->flags |= SD_SHEET_STATE_CONTENT_OWNS;
        s->top = top_of(c, 0);
        s->velocity = 0;
    } else {
        s->top = drag_range(c, unband_top(c, m.position));
        s->drag_base = s->top;
    }
    return SD_OK;
}

static sd_status on_drag_changed(step *st, const sd_sheet_event *e) {
    const sd_sheet_config *c = &st->sh.config;
    sd_sheet_state *s = &st->sh.state;
    if (s->drag == SD_SHEET_DRAG_INACTIVE) return SD_ERR_STATE;
    /* Between finger samples, not since the last event: frame ticks in
     * between must not change the measured velocity. */
    const double dt = st->now - s->drag_time;
    s->drag_time = st->now;
    const double shown_before = motion_at(&st->sh, st->now).position;
    s->drag = SD_SHEET_DRAG_DRAGGING;
    s->translation = e->translation;
    if (s->flags & SD_SHEET_STATE_CONSUMED) return SD_OK;

    const double full = top_of(c, 0);
    if (s->flags & SD_SHEET_STATE_CONTENT_OWNS) {
        if (!(e->content_offset < 0)) {
            s->content_offset = e->content_offset;
            return SD_OK;
        }
        /* Pulled past its top: the sheet takes the overscroll and the finger
         * from here on; the content stays at its top. On screen the content
         * was -offset below the sheet's detent and stays there. */
        s->flags &= ~(uint32_t)SD_SHEET_STATE_CONTENT_OWNS;
        s->flags |= SD_SHEET_STATE_HANDED_OFF;
        s->drag_base = (full - e->content_offset) - e->translation;
        set_content_offset(st, 0.0);
    } else if ((s->flags & SD_SHEET_STATE_SCROLL_GESTURE) && e->content_offset != 0) {
        set_content_offset(st, 0.0); /* keep the content pinned while the sheet moves */
    }

    double raw = drag_range(c, s->drag_base + e->translation);
    if ((s->flags & SD_SHEET_STATE_SCROLL_GESTURE) && raw < full) {
        /* Back above detent 0: the sheet stops there and the content scrolls
         * the rest, so the content's place on screen stays continuous. */
        s->flags |= SD_SHEET_STATE_CONTENT_OWNS;
        s->top = full;
        s->velocity = 0;
        set_content_offset(st, full - raw);
        return SD_OK;
    }
    s->top = raw;
    if (dt > 0) s->velocity = (rubber_band_top(c, raw) - shown_before) / sd_max(dt, SD_SHEET_MIN_SAMPLE_INTERVAL);

    if ((s->flags & SD_SHEET_STATE_HANDED_OFF) && s->detent == 0 && c->detent_count > 1u &&
        raw - full > c->overscroll_return) {
        /* The seed's `scrollOffset > 120`: back to half, and the rest of this
         * drag no longer moves anything. */
        motion_now m = motion_at(&st->sh, st->now);
        double extra = (c->options & SD_SHEET_OPTION_CARRY_VELOCITY) ? s->velocity : 0.0;
        s->flags |= SD_SHEET_STATE_CONSUMED;
        s->flags &= ~(uint32_t)SD_SHEET_STATE_HANDED_OFF;
        commit(st, 1u);
        m.velocity = 0;
        move_to_detent(st, m, 1, extra);
    }
    return SD_OK;
}

static sd_status on_drag_ended(step *st, const sd_sheet_event *e) {
    const sd_sheet_config *c = &st->sh.config;
    sd_sheet_state *s = &st->sh.state;
    if (s->drag == SD_SHEET_DRAG_INACTIVE) return SD_ERR_STATE;
    const uint32_t gesture = s->flags;
    const motion_now m = motion_at(&st->sh, st->now);
    s->drag = SD_SHEET_DRAG_INACTIVE;
    s->translation = 0;
    s->flags &= ~(uint32_t)GESTURE_FLAGS;
    if (gesture & SD_SHEET_STATE_CONSUMED) return SD_OK;
    if (gesture & SD_SHEET_STATE_CONTENT_OWNS) {
        /* The content had the finger: it decelerates on its own; the sheet is on detent 0. */
        land(st);
        return SD_OK;
    }
    uint32_t target = release_target(c, s->detent, s->top - top_of(c, s->detent), e->velocity);
    double extra = (c->options & SD_SHEET_OPTION_CARRY_VELOCITY) ? e->velocity : 0.0;
    commit(st, target);
    motion_now from = m;
    from.velocity = 0;
    move_to_detent(st, from, 1, extra);
    return SD_OK;
}

static sd_status on_move(step *st, uint32_t target, int animated) {
    sd_sheet_state *s = &st->sh.state;
    if (target >= st->sh.config.detent_count) return SD_ERR_RANGE;
    const motion_now m = motion_at(&st->sh, st->now);
    const int dragging = s->drag != SD_SHEET_DRAG_INACTIVE && !(s->flags & SD_SHEET_STATE_CONSUMED);
    /* Already there and nothing in flight: nothing to do. */
    if (target == s->detent && !dragging && !(s->flags & SD_SHEET_STATE_ANIMATING)) return SD_OK;
    if (target == s->detent && !dragging && animated && m.running) return SD_OK; /* already on its way */
    if (dragging) {
        s->flags |= SD_SHEET_STATE_CONSUMED;
        s->flags &= ~(uint32_t)(SD_SHEET_STATE_CONTENT_OWNS | SD_SHEET_STATE_HANDED_OFF);
    }
    commit(st, target);
    motion_now from = m;
    if (!m.running) from.velocity = 0;
    move_to_detent(st, from, animated, 0.0);
    return SD_OK;
}

static sd_status on_resize(step *st, const sd_sheet_event *e) {
    sd_sheet_config next = st->sh.config;
    next.container_height = e->container_height;
    next.content_height = e->content_height;
    sd_status status = validate_layout(&next, NULL);
    if (status != SD_OK) return status;
    const motion_now m = motion_at(&st->sh, st->now);
    st->sh.config = next;
    sd_sheet_state *s = &st->sh.state;
    if (m.running) {
        move_to_detent(st, m, 1, 0.0); /* same detent, new top, from where it is */
    } else if (s->drag == SD_SHEET_DRAG_INACTIVE || (s->flags & SD_SHEET_STATE_CONTENT_OWNS) ||
               (s->flags & SD_SHEET_STATE_CONSUMED)) {
        if (s->flags & SD_SHEET_STATE_ANIMATING) {
            /* Past its settle time but not landed by a tick yet: retarget at rest. */
            s->spring_to = top_of(&next, s->detent);
            s->spring_from = s->spring_to;
            s->spring_velocity = 0;
            s->spring_duration = 0;
            s->spring_start = st->now;
        }
        s->top = top_of(&next, s->detent);
    }
    return SD_OK;
}

static void on_frame(step *st) {
    sd_sheet_state *s = &st->sh.state;
    if (!(s->flags & SD_SHEET_STATE_ANIMATING)) return;
    if (!elapsed_past(st->now, s->spring_start, s->spring_duration)) return;
    stop_spring(st);
    land(st);
}

sd_status sd_sheet_step(sd_sheet *sheet, const sd_sheet_event *event, sd_sheet_actions *actions) {
    if (!sheet || !event || !actions) return SD_ERR_NULL;
    sd_status status = check_event(event);
    if (status != SD_OK) return status;

    step st;
    st.sh = *sheet;
    memset(&st.a, 0, sizeof st.a);
    st.now = sd_max(event->time, sheet->state.time);

    switch (event->kind) {
    case SD_SHEET_EVENT_DRAG_BEGAN: status = on_drag_began(&st, event); break;
    case SD_SHEET_EVENT_DRAG_CHANGED: status = on_drag_changed(&st, event); break;
    case SD_SHEET_EVENT_DRAG_ENDED: status = on_drag_ended(&st, event); break;
    case SD_SHEET_EVENT_BACKDROP_TAP: {
        uint32_t d = dismissed_index(&st.sh.config);
        status = d == SD_SHEET_NO_DETENT ? SD_ERR_STATE : on_move(&st, d, 1);
        break;
    }
    case SD_SHEET_EVENT_MOVE: status = on_move(&st, event->detent, event->animated != 0); break;
    case SD_SHEET_EVENT_RESIZE: status = on_resize(&st, event); break;
    default: on_frame(&st); break; /* SD_SHEET_EVENT_FRAME; check_event rejected the rest */
    }
    if (status != SD_OK) return status;

    st.sh.state.time = st.now;
    frame_at(&st.sh, st.now, &st.a.frame);
    if (event->kind == SD_SHEET_EVENT_FRAME) {
        st.sh.state.pending = 0;
        st.sh.state.pending_will_move_to = 0;
        st.sh.state.pending_did_move_to = 0;
    }
    *sheet = st.sh;
    *actions = st.a;
    return SD_OK;
}
