/*
 * simsweep_sheet.c — one generated gesture on a bottom sheet straight
 * through the core (sd_sheet_step and sd_sheet_frame_at, no simulated
 * scroll view), frame by frame, summed up: what `scrolldrive sweep
 * --surface sheet` records of each gesture (simsweep.h says what a touch
 * and the clock are; SheetSweep.swift adds the outcomes up).
 *
 * The finger is what SheetSurface delivers without the inner scroll view's
 * deceleration: touch-down is DRAG_BEGAN with the content where it rests,
 * every frame with the finger down is DRAG_CHANGED at the frame's time (the
 * content offset following the finger while the sheet lets the content
 * scroll, rubber-banded past its top unless the sheet takes the pull), the
 * lift a last DRAG_CHANGED at its own time (when the touch moved) and
 * DRAG_ENDED at the lift velocity. A tap is a BACKDROP_TAP at its lift.
 * Each frame is a FRAME step and the frame at its time.
 */
#include "sheet_internal.h"

/* A gesture in progress. */
typedef struct runner {
    sd_sheet sheet;
    const sd_sweep_sheet_setup *setup;
    double fps;
    uint64_t n; /* the next frame's number: frame n is at n / fps */
    double lift;
    double content_at_down;
    uint32_t pending_move;
    int have_previous;
    double previous[SD_SWEEP_SHEET_VALUES]; /* the previous frame's watched values */
    sd_sweep_sheet_outcome *out;
} runner;

SD_INLINE double frame_time(const runner *r) { return (double)r->n / r->fps; }

static void sheet_step(runner *r, sd_sheet_event e) {
    sd_sheet_actions a;
    if (sd_sheet_step(&r->sheet, &e, &a, NULL) != SD_OK) {
        r->out->violations[SD_SWEEP_SHEET_STEP_REJECTED]++;
        return;
    }
    if (a.notices == 0) return;
    r->out->events += (uint64_t)__builtin_popcount(a.notices);
    if (a.notices & SD_SHEET_NOTICE_WILL_MOVE) r->pending_move = a.detent;
    if (a.notices & SD_SHEET_NOTICE_DID_MOVE) {
        if (r->pending_move != a.detent) r->out->violations[SD_SWEEP_SHEET_DID_WITHOUT_WILL]++;
        r->pending_move = SD_SHEET_NO_DETENT;
    }
}

SD_INLINE double larger(double a, double b) { return b > a ? b : a; }
SD_INLINE double magnitude(double x) { return x < 0 ? -x : x; }

/* A FRAME step and the frame at `t`; whether the sheet is at rest. */
static int frame(runner *r, double t) {
    sd_sweep_sheet_outcome *o = r->out;
    r->n++;
    o->frames++;
    sheet_step(r, sd_sheet_event_frame(t));
    sd_sheet_frame f;
    (void)sd_sheet_frame_at(&r->sheet, t, &f);
    const double v[SD_SWEEP_SHEET_VALUES] = { f.top, f.velocity, f.backdrop_alpha, f.background_offset,
                                              f.content_offset };
    /* x - x is 0 for every finite x and NaN otherwise: one test for the five. */
    if (!((v[0] - v[0]) + (v[1] - v[1]) + (v[2] - v[2]) + (v[3] - v[3]) + (v[4] - v[4]) == 0.0))
        o->violations[SD_SWEEP_SHEET_NOT_FINITE]++;
    if (!(f.backdrop_alpha >= 0 && f.backdrop_alpha <= 1)) o->violations[SD_SWEEP_SHEET_ALPHA_OUTSIDE]++;
    if (r->have_previous)
        for (int k = 0; k < SD_SWEEP_SHEET_VALUES; k++)
            o->jumps[k] = larger(o->jumps[k], magnitude(v[k] - r->previous[k]));
    for (int k = 0; k < SD_SWEEP_SHEET_VALUES; k++) r->previous[k] = v[k];
    r->have_previous = 1;
    const int at_rest = f.drag == SD_SHEET_DRAG_INACTIVE && !(f.flags & SD_SHEET_FRAME_ANIMATING);
    if (at_rest &&
        magnitude(f.top - sd__sheet_rest_top(&r->sheet.config, &r->sheet.state, f.detent)) > SD_SHEET_SETTLE_POSITION)
        o->rest_between_frames++;
    return at_rest;
}

/* The inner content offset for a finger translation: the content follows
 * the finger only while the sheet lets it scroll, and past its top shows
 * the scroll view's rubber band of the pull (none with UIKit's hand-off). */
static double content_offset(const runner *r, double translation) {
    if (!(r->sheet.state.flags & SD_SHEET_STATE_SCROLL_GESTURE)) return r->content_at_down;
    const double raw = r->content_at_down - translation;
    if (!(raw < 0) || !(r->setup->band_height > 0)) return raw;
    return sd_rubber_band(raw, r->setup->band_height);
}

/* Frames up to (not including) time `end`; with a touch, the finger moved along it at each (started at `start`). */
static void frames_until(runner *r, double end, const sd_sweep_touch *touch, double start) {
    for (double t = frame_time(r); t < end; t = frame_time(r)) {
        if (touch) {
            const double translation = sd_sweep_translation(touch, t - start);
            sheet_step(r, sd_sheet_event_drag_changed(t, translation, content_offset(r, translation)));
        }
        (void)frame(r, t);
    }
}

/* A touch-down at `start`, its move and its lift. */
static void drag(runner *r, double start, const sd_sweep_touch *touch) {
    frames_until(r, start, NULL, 0);
    r->content_at_down = r->sheet.state.content_offset;
    sheet_step(r, sd_sheet_event_drag_began(start, r->content_at_down));
    const double end = start + touch->duration;
    frames_until(r, end, touch, start);
    if (touch->distance != 0)
        sheet_step(r, sd_sheet_event_drag_changed(end, touch->distance, content_offset(r, touch->distance)));
    sheet_step(r, sd_sheet_event_drag_ended(end, touch->velocity));
    r->lift = end;
}

/* Frames until the sheet rests (or the settle limit), and the settle time. */
static void settle(runner *r, uint32_t limit) {
    uint32_t waited = 0;
    for (;;) {
        const double t = frame_time(r);
        if (t < r->lift) {
            (void)frame(r, t);
            continue;
        }
        if (frame(r, t)) {
            r->out->settle_frames = waited;
            return;
        }
        if (waited == limit) {
            r->out->settle_frames = limit + 1u;
            r->out->violations[SD_SWEEP_SHEET_NEVER_RESTED]++;
            return;
        }
        waited++;
    }
}

sd_status sd_sweep_sheet(const sd_sheet *start, const sd_sweep_sheet_setup *setup, const sd_sweep_clock *clock,
                         const sd_sweep_gesture *gesture, uint32_t kind, sd_sweep_sheet_outcome *out, sd_error *err) {
    sd_status st = sd__sweep_valid(start, clock, gesture, out, err);
    if (st != SD_OK) return st;
    SD_CHECK_NULL(setup, err, "setup");
    if (kind > SD_SWEEP_SHEET_TAP) return sd_fail(err, SD_ERR_RANGE, "kind", "must be SD_SWEEP_SHEET_DRAG or _TAP");
    if (kind == SD_SWEEP_SHEET_TAP && gesture->interrupted)
        return sd_fail(err, SD_ERR_RANGE, "interrupted", "must be 0 for a tap");
    if (!sd_isfinite(setup->band_height))
        return sd_fail(err, SD_ERR_NOT_FINITE, "setup.band_height", "must be finite");
    if (!(setup->band_height >= 0)) return sd_fail(err, SD_ERR_NEGATIVE, "setup.band_height", "must be >= 0");
    if ((st = sd_sheet_validate(start, err)) != SD_OK) return st;

    sd_sweep_sheet_outcome o = { { 0, 0, 0, 0, 0 }, 0, { 0, 0, 0, 0, 0 }, 0, 0, 0, 0 };
    runner r;
    r.sheet = *start;
    r.setup = setup;
    r.fps = clock->fps;
    r.n = clock->first_frame;
    r.lift = 0;
    r.content_at_down = 0;
    r.pending_move = SD_SHEET_NO_DETENT;
    r.have_previous = 0;
    r.out = &o;
    const uint32_t dismissed = sd__sheet_dismissed(&r.sheet.config);
    const double t0 = frame_time(&r);
    if (kind == SD_SWEEP_SHEET_TAP) {
        const double lift = t0 + gesture->first.duration;
        frames_until(&r, lift, NULL, 0);
        if (dismissed != SD_SHEET_NO_DETENT && r.sheet.state.detent != dismissed)
            sheet_step(&r, sd_sheet_event_backdrop_tap(lift));
        r.lift = lift;
    } else {
        drag(&r, t0, &gesture->first);
        const double second = t0 + gesture->first.duration + gesture->delay;
        /* Nothing to grab on a sheet resting dismissed. */
        if (gesture->interrupted) {
            frames_until(&r, second, NULL, 0);
            if (!(r.sheet.state.detent == dismissed && !(r.sheet.state.flags & SD_SHEET_STATE_ANIMATING)))
                drag(&r, second, &gesture->second);
        }
    }
    settle(&r, clock->settle_limit);
    o.end_state = r.sheet.state.detent;
    *out = o;
    return sd_succeed(err);
}
