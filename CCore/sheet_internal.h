/*
 * sheet_internal.h — private to the sheet's .c files (sheet_config.c,
 * sheet_step.c, sheet_keyboard.c, sheet_reconfigure.c, sheet_frame.c,
 * sheet_validate.c): the detent layout, rest tops and presentation formulas
 * every part of the sheet reads, inline, the machine's step, and the few
 * functions one part compiles for the others. Never installed.
 */
#ifndef SCROLLDRIVE_SHEET_INTERNAL_H
#define SCROLLDRIVE_SHEET_INTERNAL_H

#include "internal.h"

/* Detent `i` by value; the caller guarantees i < SD_SHEET_MAX_DETENTS. A
 * switch rather than pointer arithmetic over the named fields, which C does
 * not allow to walk from one member into the next. */
SD_INLINE sd_sheet_detent sd__sheet_detent_at(const sd_sheet_config *c, uint32_t i) {
    switch (i) {
    case 0: return c->detent0;
    case 1: return c->detent1;
    case 2: return c->detent2;
    case 3: return c->detent3;
    default: return c->detent4;
    }
}

/* The space the sheet lives in: the container below the safe area's top. */
SD_INLINE double sd__sheet_space(const sd_sheet_config *c) { return c->container_height - c->safe_area_top; }

/* The top of a detent in `c`'s container, within its safe area (with both
 * insets 0, exactly value * h, value, max(value, h - content) and h). A
 * fraction is of the space between the insets, h - T - B (gorhom's
 * normalizeSnapPoint over a container laid out between them). */
SD_INLINE double sd__sheet_resolve_top(sd_sheet_detent d, const sd_sheet_config *c) {
    const double h = c->container_height, top = c->safe_area_top;
    switch (d.kind) {
    case SD_SHEET_DETENT_FRACTION: return top + d.value * (h - top - c->safe_area_bottom);
    case SD_SHEET_DETENT_POINTS: return top + d.value;
    case SD_SHEET_DETENT_FIT_CONTENT: return sd_max(top + d.value, h - c->content_height - c->safe_area_bottom);
    default: return h; /* dismissed */
    }
}

SD_INLINE double sd__sheet_top(const sd_sheet_config *c, uint32_t i) {
    return sd__sheet_resolve_top(sd__sheet_detent_at(c, i), c);
}

SD_INLINE uint32_t sd__sheet_last(const sd_sheet_config *c) { return c->detent_count - 1u; }

SD_INLINE uint32_t sd__sheet_dismissed(const sd_sheet_config *c) {
    uint32_t last = sd__sheet_last(c);
    return sd__sheet_detent_at(c, last).kind == SD_SHEET_DETENT_DISMISSED ? last : SD_SHEET_NO_DETENT;
}

/* The lowest detent the sheet is shown at: the last one that is not the dismissed one. */
SD_INLINE uint32_t sd__sheet_lowest_shown(const sd_sheet_config *c) {
    uint32_t last = sd__sheet_last(c);
    return sd__sheet_detent_at(c, last).kind == SD_SHEET_DETENT_DISMISSED ? last - 1u : last;
}

SD_INLINE int sd__sheet_presented_at(const sd_sheet_config *c, uint32_t detent) {
    return detent != sd__sheet_dismissed(c);
}

/* Where the sheet rests at detent `d` with the keyboard's final height
 * s->keyboard_to (see sd_sheet_rest_top). RISE's max() is exact: the sheet
 * never shows above detent 0's top, whatever top - k rounds to. */
SD_INLINE double sd__sheet_rest_top(const sd_sheet_config *c, const sd_sheet_state *s, uint32_t d) {
    const double top = sd__sheet_top(c, d);
    const double k = s->keyboard_to;
    if (!(k > 0) || c->keyboard == SD_SHEET_KEYBOARD_IGNORE || c->keyboard == SD_SHEET_KEYBOARD_EXTEND) return top;
    if (d == sd__sheet_dismissed(c)) return top;
    switch (c->keyboard) {
    case SD_SHEET_KEYBOARD_RISE: return sd_max(top - k, sd__sheet_top(c, 0));
    case SD_SHEET_KEYBOARD_INTERACTIVE: return d == 0 ? sd_max(top - k, c->safe_area_top) : top;
    default: return d == 0 ? c->safe_area_top : top; /* FILL_PARENT */
    }
}

/* Whether the keyboard's appearance takes the sheet to detent 0 (and its going back). */
SD_INLINE int sd__sheet_keyboard_holds(const sd_sheet_config *c) {
    return c->keyboard == SD_SHEET_KEYBOARD_EXTEND || c->keyboard == SD_SHEET_KEYBOARD_INTERACTIVE ||
           c->keyboard == SD_SHEET_KEYBOARD_FILL_PARENT;
}

/* The detent below which a finger-driven top rubber-bands: the lowest shown
 * one with interactive dismissal off, else the last (SD_SHEET_OPTION_RUBBER_BAND). */
SD_INLINE uint32_t sd__sheet_band_floor(const sd_sheet_config *c) {
    return (c->options & SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS) ? sd__sheet_lowest_shown(c) : sd__sheet_last(c);
}

/* Where a finger-driven top `raw` shows (see sd_sheet_rubber_band_top), the
 * band above starting at `first` (detent 0's top; in a drag, the drag's
 * anchor when a keyboard holds detent 0 above its top, as gorhom's
 * over-drag starts at its keyboard position). */
SD_INLINE double sd__sheet_rubber_band_top(const sd_sheet_config *c, double raw, double first) {
    const uint32_t o = c->options;
    if (!(o & (SD_SHEET_OPTION_RUBBER_BAND | SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS))) return raw;
    if ((o & SD_SHEET_OPTION_RUBBER_BAND) && raw < first)
        return first + sd_rubber_band(raw - first, sd__sheet_space(c));
    double last = sd__sheet_top(c, sd__sheet_band_floor(c));
    if (raw > last) return last + sd_rubber_band(raw - last, sd__sheet_space(c));
    return raw;
}

/* A drag's upper band edge: detent 0's top, or the drag's anchor above it. */
SD_INLINE double sd__sheet_drag_band_edge(const sd_sheet_config *c, const sd_sheet_state *s) {
    return sd_min(sd__sheet_top(c, 0), s->drag_anchor);
}

SD_INLINE double sd__sheet_presentation(const sd_sheet_config *c, double top) {
    return sd__map(top, sd__sheet_top(c, sd__sheet_lowest_shown(c)), c->container_height, 1.0, 0.0);
}

SD_INLINE double sd__sheet_backdrop_alpha(const sd_sheet_config *c, double top, int presented) {
    if (c->options & SD_SHEET_OPTION_INTERPOLATE_BACKDROP) return c->backdrop_alpha * sd__sheet_presentation(c, top);
    return presented ? c->backdrop_alpha : 0.0;
}

/* SD_SHEET_OPTION_UNDIMMED_DETENT: whether the committed `detent` is at or below the largest undimmed one. */
SD_INLINE int sd__sheet_undimmed(const sd_sheet_config *c, uint32_t detent) {
    return (c->options & SD_SHEET_OPTION_UNDIMMED_DETENT) && detent >= c->undimmed_detent;
}

/* The backdrop alpha a frame shows: sd__sheet_backdrop_alpha, and with
 * SD_SHEET_OPTION_UNDIMMED_DETENT 0 at or below the undimmed detent (by
 * position, ramping up to the next detent's rest top, with interpolation).
 */
SD_INLINE double sd__sheet_frame_alpha(const sd_sheet_config *c, const sd_sheet_state *s, double top, int presented) {
    double alpha = sd__sheet_backdrop_alpha(c, top, presented);
    if (!(c->options & SD_SHEET_OPTION_UNDIMMED_DETENT)) return alpha;
    const uint32_t u = c->undimmed_detent;
    if (!(c->options & SD_SHEET_OPTION_INTERPOLATE_BACKDROP)) return s->detent >= u ? 0.0 : alpha;
    if (u == 0) return 0.0;
    return alpha * sd__map(top, sd__sheet_rest_top(c, s, u - 1u), sd__sheet_rest_top(c, s, u), 1.0, 0.0);
}

SD_INLINE double sd__sheet_background_rest(const sd_sheet_config *c, double top, int presented) {
    if (c->options & SD_SHEET_OPTION_INTERPOLATE_BACKDROP) return -(c->background_shift * sd__sheet_presentation(c, top));
    return presented ? -c->background_shift : 0.0;
}

/* State flags that last one drag. */
#define SD__SHEET_GESTURE_FLAGS                                                                       \
    (SD_SHEET_STATE_SCROLL_GESTURE | SD_SHEET_STATE_CONTENT_OWNS | SD_SHEET_STATE_HANDED_OFF |          \
     SD_SHEET_STATE_CONSUMED)

/* sheet_config.c: the release decision on a valid configuration and detent. */
uint32_t sd__sheet_release_target(const sd_sheet_config *c, uint32_t detent, double translation, double velocity);

/* sheet_config.c: the finger-driven top that shows at `shown` (the inverse of the rubber band from `first`). */
double sd__sheet_unband_top(const sd_sheet_config *c, double shown, double first);

/* Where the sheet is and how fast it goes at a time, and whether a spring
 * is still moving it then (sheet_frame.c). */
typedef struct sd__sheet_motion {
    double position;
    double velocity;
    int running;
} sd__sheet_motion;

/* sheet_frame.c: the motion a running move (SD_SHEET_STATE_ANIMATING) has at `t`. */
sd__sheet_motion sd__sheet_motion_running(const sd_sheet *sh, double t);

/* Where the sheet is at `t`: a running move sampled (out of line), else in
 * place: a finger-driven top (rubber-banded), or at rest. */
SD_INLINE sd__sheet_motion sd__sheet_motion_at(const sd_sheet *sh, double t) {
    const sd_sheet_state *s = &sh->state;
    if (s->flags & SD_SHEET_STATE_ANIMATING) return sd__sheet_motion_running(sh, t);
    sd__sheet_motion m;
    m.running = 0;
    if (s->drag != SD_SHEET_DRAG_INACTIVE && !(s->flags & SD_SHEET_STATE_CONTENT_OWNS)) {
        /* Only a finger-driven top rubber-bands: a drag whose rest is ignored
         * (CONSUMED) holds the detent its spring landed on, which may lie past
         * the band's floor (the dismissed detent with interactive dismissal off). */
        m.position = (s->flags & SD_SHEET_STATE_CONSUMED)
                         ? s->top
                         : sd__sheet_rubber_band_top(&sh->config, s->top, sd__sheet_drag_band_edge(&sh->config, s));
        m.velocity = s->velocity;
    } else {
        /* At rest, or at detent 0 with the content's finger: by default the
         * sheet follows the content's overscroll there, at its own velocity. */
        m.position = s->top;
        m.velocity = s->drag != SD_SHEET_DRAG_INACTIVE ? s->velocity : 0.0;
    }
    return m;
}

/* The timing curve of an SD_SHEET_CURVE_* (the keyboard's own, 7, as ease-in-out). */
SD_INLINE const sd_timing_curve *sd__sheet_curve(uint32_t curve) {
    switch (curve) {
    case SD_SHEET_CURVE_EASE_IN: return &sd_timing_ease_in;
    case SD_SHEET_CURVE_EASE_OUT: return &sd_timing_ease_out;
    case SD_SHEET_CURVE_LINEAR: return &sd_timing_linear;
    default: return &sd_timing_ease_in_out;
    }
}

/* The keyboard's animation is under way at `t` (else it rests at keyboard_to). */
SD_INLINE int sd__sheet_keyboard_running(const sd_sheet_state *s, double t) {
    return s->keyboard_duration > 0 && t < s->keyboard_start + s->keyboard_duration;
}

/* The keyboard's height (points) and its rate (points per second) at `t` (sheet_frame.c). */
sd_motion_sample sd__sheet_keyboard_at(const sd_sheet_state *s, double t);

/* sheet_frame.c: the background's move under way at `t`, towards `rest`. */
double sd__sheet_background_easing(const sd_sheet *sh, double t, double rest);

/* The offset of the content behind the sheet at `t`, with the sheet's top at
 * `top`: it eases from where it was when the presented state flipped to its
 * resting offset over background_duration, on SwiftUI's ease-out curve (0,
 * 0, 0.58, 1); with SD_SHEET_OPTION_INTERPOLATE_BACKDROP it is the rest. */
SD_INLINE int sd__sheet_background_eases(const sd_sheet *sh, double t) {
    return !(sh->config.options & SD_SHEET_OPTION_INTERPOLATE_BACKDROP) &&
           !sd__transition_ended(sh->state.background_start, sh->config.background_duration, t);
}

SD_INLINE double sd__sheet_background_rest_at(const sd_sheet *sh, double top) {
    return sd__sheet_background_rest(&sh->config, top, sd__sheet_presented_at(&sh->config, sh->state.detent));
}

SD_INLINE double sd__sheet_background_at(const sd_sheet *sh, double t, double top) {
    const double rest = sd__sheet_background_rest_at(sh, top);
    return sd__sheet_background_eases(sh, t) ? sd__sheet_background_easing(sh, t, rest) : rest;
}

/* ---- the machine's step (sheet_step.c), shared with sheet_keyboard.c and sheet_reconfigure.c ---- */

/* A step: the sheet it changes (in place: every refusal is decided before,
 * by sheet_step.c's check_fits), the actions it builds (written out at its
 * end) and its time. */
typedef struct sd__sheet_step {
    sd_sheet *sh;
    sd_sheet_actions a;
    double now;
} sd__sheet_step;

/* The finger-driven top held within SD_SHEET_MAX_LENGTH of the container, so
 * that a sheet grabbed far out (a spring kicked hard enough to fly off) does
 * not start its next spring farther out still, drag after drag. */
SD_INLINE double sd__sheet_drag_range(const sd_sheet_config *c, double raw) {
    return sd_min(sd_max(raw, -SD_SHEET_MAX_LENGTH), c->container_height + SD_SHEET_MAX_LENGTH);
}

/* sheet_step.c: make `target` the detent (willMove, the inner scroll view, the background's move). */
void sd__sheet_commit(sd__sheet_step *st, uint32_t target);
/* sheet_step.c: the sheet is on its detent's rest top now (didMove if a willMove is open). */
void sd__sheet_land(sd__sheet_step *st);
/* sheet_step.c: a running motion ends (STOP_SPRING). */
void sd__sheet_stop_spring(sd__sheet_step *st);
/* sheet_step.c: a motion starts (START_SPRING): the spring, reduced motion's (rate > 0) or a curve's (curve > 0). */
void sd__sheet_start_motion(sd__sheet_step *st, double from, double v0, double to, double duration, double rate,
                            uint32_t curve);
/* sheet_step.c: the move to the committed detent's rest top from `m`, animated or at once. */
void sd__sheet_move_to_detent(sd__sheet_step *st, sd__sheet_motion m, int animated, double extra);
/* sheet_keyboard.c: SD_SHEET_EVENT_KEYBOARD, checked. */
void sd__sheet_on_keyboard(sd__sheet_step *st, const sd_sheet_event *e);

#endif /* SCROLLDRIVE_SHEET_INTERNAL_H */
