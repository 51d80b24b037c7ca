/*
 * fuzz_sheet.c — libFuzzer harness of the bottom sheet (CCore/sheet_*.c),
 * through its four verbs only (sd_sheet_init, sd_sheet_step,
 * sd_sheet_frame_at, sd_sheet_reconfigure).
 *
 * The input picks a configuration (the default one, or one with fields
 * changed to any double, any detents, any options), checks its validation,
 * then drives the machine with events in any order: drags that begin twice
 * or end without beginning, translations and offsets of any size, backdrop
 * taps, programmatic moves (mid-spring, mid-drag, to any index), frame ticks
 * whose clock stands still, runs backwards, jumps ahead by years or is NaN,
 * and reconfigurations (new heights, fewer detents, other thresholds); the
 * detent policies (undimmed detent, backdrop tap, interactive
 * dismissal off, sequential snapping, dismiss by velocity, scrolling expands
 * first, UIKit's overscroll hand-off, releases from the first detent, drags
 * on the handle, reduced motion) and the safe area's insets among the
 * options, fields and events; every keyboard behaviour (ignore, rise,
 * extend, interactive, fill parent) with keyboards that come, change and go
 * mid-drag and mid-spring; offsets and translations at the limits the
 * header accepts (+-1e9). After every input it checks:
 *  - a rejected event or configuration leaves the sheet (and the actions)
 *    bit for bit as they were, names a field and a rule, and is rejected for
 *    a reason the header lists; an accepted reconfigure keeps the detent,
 *    the clock and the drag;
 *  - the frame at the clock is finite (top, velocity, alphas, offsets),
 *    backdrop alpha within [0, 1], detent within the count; frame_at is pure,
 *    and a frame step does not change the frame at its own time (nor its
 *    flags: the overscroll return's delayed disable shows from its time on);
 *  - a sheet at rest (no drag, no spring) sits exactly on its detent's rest
 *    top (sd_sheet_rest_top), never above detent 0's top with RISE;
 *  - the keyboard's overlap is finite, within [0, the keyboard's height]
 *    and never more than the sheet's visible height;
 *  - every state reached passes sd_sheet_validate (so a saved one restores);
 *  - every spring ends: its settle duration is finite, and a frame tick at
 *    its end lands the sheet on its detent (not animating any more);
 *  - notices fire once per transition: willMove(d) only when the detent
 *    changes to d, didMove(d) only after willMove(d) and at most once,
 *    dismissed exactly with didMove of the dismissed detent;
 *  - the policies: a MOVE is refused exactly while a finger is down; with
 *    interactive dismissal off no drag commits to the dismissed detent; a
 *    sequential release moves one detent at most; a "nothing" backdrop tap
 *    changes nothing; the background takes touches (and is clear, without
 *    interpolation) exactly at or below the largest undimmed detent.
 */
#define FZ_HARNESS "fuzz_sheet"
#include "fuzz_common.h"

static int step;

static double pick_height(fz_reader *r) {
    switch (fz_pick(r, 4)) {
    case 0: return 800;
    case 1: return 667;
    case 2: return (double)(fz_u8(r) + 1) * 4.0;
    default: return fz_double(r);
    }
}

static sd_sheet_detent read_detent(fz_reader *r, double h) {
    switch (fz_pick(r, 6)) {
    case 0: return sd_sheet_detent_fraction((double)fz_u8(r) / 255.0);
    case 1: return sd_sheet_detent_points((double)fz_u8(r) / 255.0 * h);
    case 2: return sd_sheet_detent_fit_content((double)fz_u8(r) / 255.0 * h);
    case 3: return sd_sheet_detent_dismissed();
    case 4: { sd_sheet_detent d = { fz_pick(r, 6), 0, fz_double(r) }; return d; }
    default: return sd_sheet_detent_fraction(fz_double(r));
    }
}

static sd_sheet_config read_config(fz_reader *r) {
    sd_sheet_config c = sd_sheet_config_default(pick_height(r));
    unsigned changes = fz_pick(r, 4) == 0 ? fz_pick(r, 8) : 0;
    for (unsigned i = 0; i < changes; i++) {
        switch (fz_pick(r, 22)) {
        case 0: c.content_height = fz_double(r); break;
        case 1: c.detent_count = fz_pick(r, 7); break;
        case 2: case 3: {
            uint32_t idx = fz_pick(r, SD_SHEET_MAX_DETENTS);
            (void)sd_sheet_config_set_detent(&c, idx, read_detent(r, c.container_height));
            break;
        }
        case 4: c.up_threshold = fz_double(r); break;
        case 5: c.down_threshold = fz_double(r); break;
        case 6: c.overscroll_return = fz_double(r); break;
        case 7: c.backdrop_alpha = fz_double(r); break;
        case 8: c.background_shift = fz_double(r); break;
        case 9: c.background_duration = fz_pick(r, 2) ? (double)fz_u8(r) / 100.0 : fz_double(r); break;
        case 10: c.spring.stiffness = fz_pick(r, 2) ? (double)(fz_u8(r) + 1) * 4.0 : fz_double(r); break;
        case 11: c.spring.damping = fz_pick(r, 2) ? (double)fz_u8(r) / 4.0 : fz_double(r); break;
        case 12: c.spring.mass = fz_pick(r, 2) ? (double)(fz_u8(r) + 1) / 16.0 : fz_double(r); break;
        case 13: c.spring_initial_velocity = fz_pick(r, 2) ? (double)((int)fz_u8(r) - 128) / 4.0 : fz_double(r); break;
        case 14: c.deceleration_rate = fz_pick(r, 2) ? (double)(fz_u8(r) + 1) / 258.0 : fz_double(r); break;
        /* The detent policies: their fields, read only with their option on. */
        case 15: c.undimmed_detent = fz_pick(r, 4) ? fz_pick(r, SD_SHEET_MAX_DETENTS) : fz_u32(r); break;
        case 16: c.backdrop_tap = fz_pick(r, 4) ? fz_pick(r, 3) : fz_u32(r); break;
        case 17: c.dismiss_velocity = fz_pick(r, 2) ? (double)fz_u8(r) * 20.0 : fz_double(r); break;
        /* The safe area: a notch's insets, or any double. */
        case 18: c.safe_area_top = fz_pick(r, 2) ? (double)fz_u8(r) / 4.0 : fz_double(r); break;
        case 19:
            /* A notch's, insets that (nearly) fill a short container, or any double. */
            c.safe_area_bottom = fz_pick(r, 3) == 0 ? c.container_height - c.safe_area_top + (double)((int)fz_u8(r) - 128) / 4.0
                                 : fz_pick(r, 2) ? (double)fz_u8(r) / 4.0 : fz_double(r);
            break;
        /* The keyboard's behaviour: mostly a known one, sometimes any number. */
        case 20: c.keyboard = fz_pick(r, 8) ? fz_pick(r, SD_SHEET_KEYBOARD_FILL_PARENT + 1) : fz_u32(r); break;
        default: {
            uint32_t low = fz_u8(r), high = fz_u8(r);
            c.options = fz_pick(r, 4) ? (low | high << 8) & SD_SHEET_OPTIONS_ALL : fz_u32(r);
            c.flick_velocity = fz_pick(r, 2) ? c.flick_velocity : fz_double(r);
            break;
        }
        }
    }
    return c;
}

/* The header's promise about each event type's fields, before the state is looked at. */
static int event_fields_bad(const sd_sheet_event *e, const sd_sheet_config *c) {
    if (!isfinite(e->time) || e->time < 0) return 1;
    switch (e->type) {
    case SD_SHEET_EVENT_DRAG_BEGAN: return !(fabs(e->content_offset) <= SD_SHEET_MAX_LENGTH);
    case SD_SHEET_EVENT_DRAG_CHANGED:
        return !(fabs(e->translation) <= SD_SHEET_MAX_LENGTH) || !(fabs(e->content_offset) <= SD_SHEET_MAX_LENGTH);
    case SD_SHEET_EVENT_DRAG_ENDED: return !(fabs(e->velocity) <= SD_SHEET_MAX_VELOCITY);
    case SD_SHEET_EVENT_MOVE: return e->detent >= c->detent_count;
    case SD_SHEET_EVENT_BACKDROP_TAP: case SD_SHEET_EVENT_FRAME: case SD_SHEET_EVENT_HANDLE_DRAG_BEGAN: return 0;
    case SD_SHEET_EVENT_KEYBOARD:
        return !(fabs(e->translation) <= SD_SHEET_MAX_LENGTH) ||
               !(e->velocity >= 0 && e->velocity <= SD_SHEET_MAX_KEYBOARD_DURATION) ||
               !(e->detent <= SD_SHEET_CURVE_LINEAR || e->detent == SD_SHEET_CURVE_KEYBOARD);
    default: return 1;
    }
}

static void check_frame(const sd_sheet *sh, const sd_sheet_frame *f) {
    const sd_sheet_config *c = &sh->config;
    FZ_CHECK(isfinite(f->top) && isfinite(f->velocity) && isfinite(f->backdrop_alpha) &&
                 isfinite(f->background_offset) && isfinite(f->translation) && isfinite(f->content_offset),
             "frame not finite");
    FZ_CHECK(f->backdrop_alpha >= 0 && f->backdrop_alpha <= 1, "backdrop alpha outside [0, 1]");
    FZ_CHECK(f->detent < c->detent_count, "frame detent outside the count");
    FZ_CHECK(f->drag <= SD_SHEET_DRAG_DRAGGING, "frame drag state unknown");
    FZ_CHECK(fabs(f->background_offset) <= c->background_shift * (1 + 1e-12), "background moved past its shift");
    /* Largest undimmed detent: the background takes touches exactly at or below it, and is clear there. */
    const int undimmed = (c->options & SD_SHEET_OPTION_UNDIMMED_DETENT) && sh->state.detent >= c->undimmed_detent;
    FZ_CHECK(((f->flags & SD_SHEET_FRAME_BACKGROUND_INTERACTIVE) != 0) == undimmed,
             "background-interactive flag disagrees with the undimmed detent");
    if (undimmed && !(c->options & SD_SHEET_OPTION_INTERPOLATE_BACKDROP))
        FZ_CHECK(f->backdrop_alpha == 0, "dimmed at or below the largest undimmed detent");
    FZ_CHECK(isfinite(f->keyboard_overlap) && f->keyboard_overlap >= 0, "keyboard overlap not finite or negative");
    FZ_CHECK(f->keyboard_overlap == 0 || f->keyboard_overlap <= c->container_height - f->top,
             "keyboard overlap larger than the sheet's visible height");
}

/* The detent policies' promises about one accepted step. */
static void check_policies(const sd_sheet *before, const sd_sheet *after, const sd_sheet_event *e,
                           const sd_sheet_actions *a) {
    const sd_sheet_config *c = &after->config;
    const uint32_t dismissed = sd_sheet_dismissed_detent(c);
    const int programmatic = e->type == SD_SHEET_EVENT_MOVE || e->type == SD_SHEET_EVENT_BACKDROP_TAP;
    if ((c->options & SD_SHEET_OPTION_NO_INTERACTIVE_DISMISS) && !programmatic)
        FZ_CHECK(!((a->notices & SD_SHEET_NOTICE_WILL_MOVE) && a->detent == dismissed),
                 "a drag dismissed the sheet with interactive dismissal off");
    if ((c->options & SD_SHEET_OPTION_SEQUENTIAL) && e->type == SD_SHEET_EVENT_DRAG_ENDED &&
        (a->notices & SD_SHEET_NOTICE_WILL_MOVE) && !(c->options & SD_SHEET_OPTION_DISMISS_BY_VELOCITY)) {
        uint32_t from = before->state.detent;
        FZ_CHECK(a->detent + 1u == from || a->detent == from + 1u, "a sequential release moved more than one detent");
    }
    if (e->type == SD_SHEET_EVENT_BACKDROP_TAP && c->backdrop_tap == SD_SHEET_BACKDROP_NOTHING)
        FZ_CHECK(FZ_SAME(before->state.detent, after->state.detent) && a->notices == 0,
                 "a backdrop tap set to do nothing moved the sheet");
}

/* Notice bookkeeping: what may fire next. */
typedef struct notices_model {
    int moving;      /* a willMove is open */
    uint32_t target; /* its detent */
} notices_model;

static void check_notices(notices_model *nm, const sd_sheet *before, const sd_sheet *after, const sd_sheet_actions *a) {
    uint32_t n = a->notices;
    uint32_t dismissed = sd_sheet_dismissed_detent(&after->config);
    FZ_CHECK(!(n & ~(uint32_t)(SD_SHEET_NOTICE_WILL_MOVE | SD_SHEET_NOTICE_DID_MOVE | SD_SHEET_NOTICE_DISMISSED)),
             "unknown notice bit");
    if (n & SD_SHEET_NOTICE_WILL_MOVE) {
        FZ_CHECK(a->detent == after->state.detent, "willMove names another detent than the state's");
        FZ_CHECK(before->state.detent != a->detent, "willMove without a change of detent");
        nm->moving = 1;
        nm->target = a->detent;
    } else {
        FZ_CHECK(after->state.detent == before->state.detent, "detent changed without willMove");
    }
    if (n & SD_SHEET_NOTICE_DID_MOVE) {
        FZ_CHECK(nm->moving && nm->target == a->detent, "didMove without a willMove to that detent");
        FZ_CHECK(a->detent == after->state.detent, "didMove names another detent than the state's");
        nm->moving = 0;
    }
    int dismissed_now = (n & SD_SHEET_NOTICE_DID_MOVE) && a->detent == dismissed;
    FZ_CHECK(((n & SD_SHEET_NOTICE_DISMISSED) != 0) == dismissed_now, "dismissed not exactly with didMove(dismissed)");
    /* The state's own MOVING flag agrees with the model. */
    FZ_CHECK(((after->state.flags & SD_SHEET_STATE_MOVING) != 0) == nm->moving, "MOVING flag disagrees with the notices");
}

static void check_rest(const sd_sheet *sh) {
    const sd_sheet_state *s = &sh->state;
    /* Every state the verbs reach is one sd_sheet_validate accepts (a saved one restores). */
    sd_error verr;
    if (sd_sheet_validate(sh, &verr) != SD_OK && fz_trace)
        fprintf(stderr, "validate: %s %s\n", verr.field, verr.rule);
    FZ_CHECK(sd_sheet_validate(sh, NULL) == SD_OK, "a reachable state fails sd_sheet_validate");
    FZ_CHECK(s->detent < sh->config.detent_count, "state detent outside the count");
    /* The header's contract at its edges: the insets fit the container, so
     * every shown detent resolves at or below the top inset; the keyboard
     * is never taller than the container. */
    const sd_sheet_config *c = &sh->config;
    FZ_CHECK(c->safe_area_bottom <= c->container_height - c->safe_area_top, "the insets together exceed the container");
    for (uint32_t i = 0; i < c->detent_count; i++) {
        double top;
        if (sd_sheet_config_detent(c, i).kind == SD_SHEET_DETENT_DISMISSED) continue;
        FZ_CHECK(sd_sheet_detent_top(c, i, &top) == SD_OK && top >= c->safe_area_top, "a detent above the top inset");
    }
    FZ_CHECK(s->keyboard_to >= 0 && s->keyboard_to <= c->container_height, "keyboard taller than the container");
    FZ_CHECK(sd_sheet_keyboard_height_at(sh, s->time) <= c->container_height, "keyboard height above the container's");
    FZ_CHECK(isfinite(s->time) && s->time >= 0, "clock not finite");
    /* sd_sheet_needs_frames: when it says no, no frame from the clock on differs without an event. */
    if (!sd_sheet_needs_frames(sh, s->time)) {
        sd_sheet_frame now, later;
        FZ_CHECK(sd_sheet_frame_at(sh, s->time, &now) == SD_OK && sd_sheet_frame_at(sh, s->time + 60, &later) == SD_OK,
                 "frame_at rejected the clock");
        FZ_CHECK(now.top == later.top && now.velocity == later.velocity && now.backdrop_alpha == later.backdrop_alpha &&
                     now.background_offset == later.background_offset && now.content_offset == later.content_offset &&
                     now.keyboard_overlap == later.keyboard_overlap && now.flags == later.flags,
                 "needs no frames, yet a later frame differs");
    }
    FZ_CHECK(isfinite(s->top) && isfinite(s->velocity) && isfinite(s->translation) && isfinite(s->drag_base) &&
                 isfinite(s->content_offset),
             "state not finite");
    if (s->flags & SD_SHEET_STATE_ANIMATING) {
        FZ_CHECK(isfinite(s->spring_from) && isfinite(s->spring_velocity) && isfinite(s->spring_to) &&
                     isfinite(s->spring_start) && isfinite(s->spring_rate) && s->spring_rate >= 0,
                 "spring not finite");
        /* Every animation ends. */
        FZ_CHECK(!isnan(s->spring_duration) && s->spring_duration >= 0, "spring duration NaN or negative");
        FZ_CHECK(isfinite(s->spring_duration), "spring never ends (infinite settle time)");
    }
    if (s->flags & SD_SHEET_STATE_DISABLE_PENDING) {
        /* Only the overscroll return puts the disable off, and only while the scroll view is enabled. */
        FZ_CHECK(isfinite(s->scroll_disable_time) && s->scroll_disable_time > 0, "pending disable time not finite");
        FZ_CHECK(s->flags & SD_SHEET_STATE_SCROLL_ENABLED, "a pending disable with the scroll view disabled");
        FZ_CHECK(s->detent != 0, "a pending disable at detent 0");
    } else {
        FZ_CHECK(s->scroll_disable_time == 0, "a disable time with nothing pending");
    }
    if (s->drag == SD_SHEET_DRAG_INACTIVE && !(s->flags & SD_SHEET_STATE_ANIMATING)) {
        double top, first;
        FZ_CHECK(sd_sheet_rest_top(sh, s->detent, &top) == SD_OK, "rest top unavailable");
        FZ_CHECK(fz_same_double(s->top, top), "a settled sheet is not on its detent's rest top");
        FZ_CHECK(sd_sheet_detent_top(&sh->config, 0, &first) == SD_OK, "detent top unavailable");
        if (sh->config.keyboard == SD_SHEET_KEYBOARD_RISE)
            FZ_CHECK(s->top >= first, "a risen sheet rests above detent 0");
        sd_sheet_frame f;
        FZ_CHECK(sd_sheet_frame_at(sh, s->time, &f) == SD_OK, "frame_at rejected the clock");
        FZ_CHECK(f.keyboard_overlap <= sd_sheet_keyboard_height_at(sh, s->time), "overlap above the keyboard's height");
    }
}

static double next_time(fz_reader *r, double clock) { return fz_next_time(r, clock, 2.0); }

/* A length at the edge of what the header accepts: +-1e9, a hair inside, or half of it. */
static double extreme_length(fz_reader *r) {
    static const double edges[] = { SD_SHEET_MAX_LENGTH, 999999999.5, 5e8, 1e9 - 450 };
    const double x = edges[fz_pick(r, 4)];
    return fz_pick(r, 2) ? x : -x;
}

/* One input: an event, or (reconfigure set) a new configuration. */
typedef struct input {
    int reconfigure;
    sd_sheet_config config;
    sd_sheet_event e;
} input;

static input read_input(fz_reader *r, const sd_sheet *sh, double *translation) {
    double t = next_time(r, sh->state.time);
    double h = sh->config.container_height;
    input in;
    memset(&in, 0, sizeof in);
    sd_sheet_event e;
    unsigned kind = fz_pick(r, 10);
    switch (kind) {
    case 0:
        e = fz_pick(r, 4) == 0 ? sd_sheet_event_handle_drag_began(t)
                               : sd_sheet_event_drag_began(t, fz_pick(r, 3) ? (double)((int)fz_u8(r) - 128)
                                                                             : fz_pick(r, 2) ? extreme_length(r) : fz_double(r));
        *translation = 0;
        break;
    case 1: case 2: {
        *translation += fz_pick(r, 4) ? (double)((int)fz_u8(r) - 128) / 2.0 : fz_double(r);
        if (!isfinite(*translation)) *translation = 0;
        double off = fz_pick(r, 2) ? sh->state.content_offset + (double)((int)fz_u8(r) - 128) / 4.0
                     : fz_pick(r, 2)   ? extreme_length(r)
                                       : fz_double(r);
        const unsigned how = fz_pick(r, 8);
        e = sd_sheet_event_drag_changed(t, how >= 2 ? *translation : how ? extreme_length(r) : fz_double(r), off);
        break;
    }
    case 3: e = sd_sheet_event_drag_ended(t, fz_pick(r, 3) ? (double)((int)fz_u8(r) - 128) * 20.0 : fz_double(r)); break;
    case 4: e = sd_sheet_event_backdrop_tap(t); break;
    case 5: e = sd_sheet_event_move(t, fz_pick(r, 8) ? fz_pick(r, sh->config.detent_count) : fz_u32(r), (int)fz_pick(r, 2)); break;
    case 6:
        /* A rotation or layout change, sometimes with a detent fewer or other thresholds. */
        in.reconfigure = 1;
        in.config = sh->config;
        in.config.container_height = fz_pick(r, 2) ? h + (double)((int)fz_u8(r) - 128) : fz_double(r);
        in.config.content_height = fz_pick(r, 2) ? sh->config.content_height : fz_double(r);
        if (fz_pick(r, 4) == 0) in.config.detent_count = fz_pick(r, SD_SHEET_MAX_DETENTS + 1);
        if (fz_pick(r, 4) == 0) in.config.up_threshold = fz_double(r);
        if (fz_pick(r, 4) == 0) in.config.safe_area_top = (double)fz_u8(r) / 2.0; /* a rotation's new insets */
        e = sd_sheet_event_frame(t);
        break;
    case 7: e = sd_sheet_event_frame(t); break;
    case 8: {
        /* The keyboard: a phone's up or down over a plausible animation, or any numbers. */
        /* Down, up a phone's height, up past the container's top, or any number. */
        const double top = fz_pick(r, 2) ? (fz_pick(r, 2) ? h : h - (double)fz_u8(r) * 2.0)
                           : fz_pick(r, 2) ? -(double)fz_u8(r) * 4.0 : fz_double(r);
        const double duration = fz_pick(r, 4) ? (double)fz_u8(r) / 256.0 : fz_double(r);
        const uint32_t curve = fz_pick(r, 8) ? (uint32_t)(fz_pick(r, 5) == 4 ? 7 : fz_pick(r, 4)) : fz_u32(r);
        e = sd_sheet_event_keyboard(t, top, duration, curve);
        break;
    }
    default: e = sd_sheet_event_frame(t); e.type = fz_pick(r, 2) ? 8 + fz_u8(r) : fz_u32(r); break;
    }
    in.e = e;
    return in;
}

/* A reconfigure: rejected exactly when the header says, changing nothing;
 * accepted, it keeps the detent, the clock and the notices' bookkeeping. */
static void run_reconfigure(sd_sheet *sheet, const sd_sheet_config *next) {
    sd_sheet before = *sheet;
    sd_error err;
    sd_status st = sd_sheet_reconfigure(sheet, next, &err);
    int invalid = sd_sheet_config_validate(next, NULL) != SD_OK;
    int lost = !invalid && before.state.detent >= next->detent_count;
    if (st != SD_OK) {
        FZ_CHECK(FZ_SAME(*sheet, before), "rejected reconfigure changed the sheet");
        FZ_CHECK(fz_report_ok(&err, st), "rejected reconfigure without field and rule");
        FZ_CHECK(invalid || (lost && st == SD_ERR_RANGE && strcmp(err.field, "detent_count") == 0),
                 "reconfigure rejected for no reason the header lists");
        return;
    }
    FZ_CHECK(!invalid && !lost, "reconfigure accepted a configuration the header rejects");
    FZ_CHECK(sheet->state.detent == before.state.detent && sheet->state.time == before.state.time &&
                 sheet->state.drag == before.state.drag &&
                 (sheet->state.flags & SD_SHEET_STATE_MOVING) == (before.state.flags & SD_SHEET_STATE_MOVING),
             "reconfigure changed the detent, the clock, the drag or the pending move");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader r = fz_make(data, size);
    step = 0;

    sd_sheet_config c = read_config(&r);
    sd_error err;
    sd_status vst = sd_sheet_config_validate(&c, &err);
    uint32_t initial = fz_pick(&r, 8) ? fz_pick(&r, 3) : fz_u32(&r);
    sd_sheet sheet, poison;
    FZ_POISON(sheet);
    FZ_POISON(poison);
    sd_error ierr;
    sd_status ist = sd_sheet_init(&sheet, &c, initial, &ierr);
    if (vst != SD_OK) {
        FZ_CHECK(fz_report_ok(&err, vst), "rejected configuration without field and rule");
        FZ_CHECK(ist == vst && FZ_SAME(sheet, poison), "init of a rejected configuration wrote the sheet");
        return 0;
    }
    FZ_CHECK(fz_report_clean(&err), "valid configuration left a report");
    if (initial >= c.detent_count) {
        FZ_CHECK(ist == SD_ERR_RANGE && strcmp(ierr.field, "initial_detent") == 0 && FZ_SAME(sheet, poison),
                 "bad initial detent not rejected, or written");
        return 0;
    }
    FZ_CHECK(ist == SD_OK, "valid configuration and detent rejected by init");
    if (fz_trace)
        fprintf(stderr, "config h %.17g content %.17g count %u options %x spring %.17g %.17g %.17g v0 %.17g\n",
                c.container_height, c.content_height, c.detent_count, c.options, c.spring.stiffness,
                c.spring.damping, c.spring.mass, c.spring_initial_velocity);
    check_rest(&sheet);

    notices_model nm = { 0, 0 };
    double translation = 0;
    while (!fz_done(&r) && step < 2048) {
        step++;
        input in = read_input(&r, &sheet, &translation);
        if (in.reconfigure) {
            if (fz_trace)
                fprintf(stderr, "step %d reconfigure h %.17g ch %.17g count %u\n", step, in.config.container_height,
                        in.config.content_height, in.config.detent_count);
            run_reconfigure(&sheet, &in.config);
            sd_sheet_frame f;
            FZ_CHECK(sd_sheet_frame_at(&sheet, sheet.state.time, &f) == SD_OK, "frame_at rejected the clock");
            check_frame(&sheet, &f);
            check_rest(&sheet);
            continue;
        }
        sd_sheet_event e = in.e;
        if (fz_trace)
            fprintf(stderr, "step %d type %u t %.17g tr %.17g off %.17g v %.17g detent %u "
                    "(state detent %u drag %u flags %x top %.17g spring %.17g %.17g %.17g)\n",
                    step, e.type, e.time, e.translation, e.content_offset, e.velocity, e.detent,
                    sheet.state.detent, sheet.state.drag, sheet.state.flags, sheet.state.top,
                    sheet.state.spring_from, sheet.state.spring_velocity, sheet.state.spring_to);
        sd_sheet before = sheet;
        sd_sheet_actions a, apoison;
        FZ_POISON(a);
        FZ_POISON(apoison);
        sd_error serr;
        sd_status st = sd_sheet_step(&sheet, &e, &a, &serr);
        if (st != SD_OK) {
            FZ_CHECK(FZ_SAME(sheet, before) && FZ_SAME(a, apoison), "rejected event changed the sheet or the actions");
            FZ_CHECK(fz_report_ok(&serr, st), "rejected event without field and rule");
            int fields_bad = event_fields_bad(&e, &sheet.config);
            int state_bad = st == SD_ERR_STATE;
            if (e.type == SD_SHEET_EVENT_MOVE && !fields_bad)
                FZ_CHECK(state_bad && before.state.drag != SD_SHEET_DRAG_INACTIVE,
                         "a programmatic move was refused other than mid-drag");
            FZ_CHECK(fields_bad || state_bad, "event rejected for no reason the header lists");
            if (fields_bad) FZ_CHECK(st != SD_ERR_STATE, "bad event fields reported as a state error");
            continue;
        }
        FZ_CHECK(!event_fields_bad(&e, &before.config), "event with bad fields accepted");
        FZ_CHECK(!(e.type == SD_SHEET_EVENT_MOVE && before.state.drag != SD_SHEET_DRAG_INACTIVE),
                 "a programmatic move was accepted mid-drag");
        check_policies(&before, &sheet, &e, &a);
        FZ_CHECK(sheet.state.time >= before.state.time, "clock ran backwards");
        check_notices(&nm, &before, &sheet, &a);
        sd_sheet_frame f, again;
        const sd_sheet after = sheet;
        FZ_CHECK(sd_sheet_frame_at(&sheet, sheet.state.time, &f) == SD_OK, "frame_at rejected the clock");
        FZ_CHECK(sd_sheet_frame_at(&sheet, sheet.state.time, &again) == SD_OK && FZ_SAME(f, again) &&
                     FZ_SAME(sheet, after),
                 "frame_at is not a pure function of the sheet and the time");
        check_frame(&sheet, &f);
        if (e.type == SD_SHEET_EVENT_FRAME) {
            /* A frame step at a time does not change the frame at that time. */
            sd_sheet_frame prior;
            FZ_CHECK(sd_sheet_frame_at(&before, sheet.state.time, &prior) == SD_OK, "frame_at rejected the clock");
            if (fz_trace) fprintf(stderr, "prior %.17g %.17g now %.17g %.17g\n", prior.top, prior.velocity, f.top, f.velocity);
            FZ_CHECK(FZ_SAME(prior.top, f.top) && FZ_SAME(prior.velocity, f.velocity),
                     "the frame step changed the frame at its own time");
            /* The delayed disable too: the frame shows it from its time on, before the step. */
            FZ_CHECK(prior.flags == f.flags && FZ_SAME(prior.content_offset, f.content_offset),
                     "the frame step changed the frame's flags or content offset at its own time");
        }
        check_rest(&sheet);
        if (a.flags & SD_SHEET_ACTION_START_SPRING) {
            /* The spring lands at its settle time: a tick there ends it. */
            FZ_CHECK(isfinite(a.spring_duration), "started a spring that never ends");
            sd_sheet probe = sheet;
            double end = a.spring_start + a.spring_duration;
            sd_sheet_event tick = sd_sheet_event_frame(end);
            sd_sheet_actions pa;
            if (fz_trace)
                fprintf(stderr, "spring start %.17g duration %.17g from %.17g v %.17g to %.17g\n", a.spring_start,
                        a.spring_duration, a.spring_from, a.spring_velocity, a.spring_to);
            if (isfinite(tick.time) && sd_sheet_step(&probe, &tick, &pa, NULL) == SD_OK)
                FZ_CHECK(!(probe.state.flags & SD_SHEET_STATE_ANIMATING) || probe.state.drag != SD_SHEET_DRAG_INACTIVE,
                         "a tick at the settle time did not land the spring");
        }
    }
    return 0;
}
