/*
 * fuzz_scrollview.c — libFuzzer harness of the simulated scroll view's state
 * machine (CCore/scrollview.c, scrollview.h), driven the way SimScrollView
 * and the playground drive it: each step's flags followed (BEGAN then
 * drag_follow, MOVE_FIRST then the move and the lift again, REBASE after an
 * update), with an "observer" that may change the geometry or request an
 * offset whenever a report is due.
 *
 * The input picks a configuration (the default, or fields set to any double
 * and the flags to any number) and then touches at any place with any
 * velocity, clock ticks standing still, running back or jumping, offset
 * requests and geometry changes. After every step it checks:
 *  - a rejected configuration leaves the struct bit for bit as it was, with
 *    a report naming field and rule;
 *  - the offset and the velocity are finite; the clock never runs back;
 *  - dragging implies tracking; a finger is known exactly while tracking;
 *  - flags name only what the step may report (ENDED / CANCELLED only when
 *    a drag ended), and a step reports OFFSET exactly when the offset changed.
 */
#define FZ_HARNESS "fuzz_scrollview"
#include "fuzz_common.h"

static int step;

/* An observer acting on a report: a geometry change or a request, sometimes. */
static void observe(fz_reader *r, sd_scroll_view *v) {
    switch (fz_pick(r, 8)) {
    case 0: v->inset_top = fz_double(r); break;
    case 1: v->content_height = fz_double(r); break;
    case 2: {
        uint32_t f = sd_scroll_view_update_offset(v, fz_double(r), fz_double(r), (int)fz_pick(r, 3)); /* 2: the short one */
        if (f & SD_SCROLL_VIEW_REBASE) sd_scroll_view_drag_rebase(v);
        break;
    }
    default: break;
    }
}

static void follow(fz_reader *r, sd_scroll_view *v, uint32_t flags, double y_before) {
    FZ_CHECK(v->offset_y == y_before || (flags & SD_SCROLL_VIEW_OFFSET), "offset changed without OFFSET");
    if (flags & (SD_SCROLL_VIEW_OFFSET | SD_SCROLL_VIEW_CHANGED | SD_SCROLL_VIEW_ENDED | SD_SCROLL_VIEW_CANCELLED))
        observe(r, v);
}

static void moved(fz_reader *r, sd_scroll_view *v, double x, double y, double vy) {
    double before = v->offset_y;
    uint32_t f = sd_scroll_view_touch_moved(v, x, y, vy);
    if (f & SD_SCROLL_VIEW_BEGAN) {
        FZ_CHECK(v->dragging && v->tracking, "began without a drag");
        observe(r, v);
        before = v->offset_y;
        f = sd_scroll_view_drag_follow(v);
    }
    FZ_CHECK(!(f & (SD_SCROLL_VIEW_ENDED | SD_SCROLL_VIEW_CANCELLED | SD_SCROLL_VIEW_MOVE_FIRST)), "bad move flags");
    follow(r, v, f, before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader r = fz_make(data, size);
    sd_scroll_view_config c = sd_scroll_view_config_default();
    if (fz_pick(&r, 3) == 0) {
        double *fields = &c.offset_x;
        for (unsigned i = 0, n = fz_pick(&r, 5); i < n; i++) fields[fz_pick(&r, 7)] = fz_double(&r);
        if (fz_pick(&r, 4) == 0) c.bounces = fz_pick(&r, 3);
        if (fz_pick(&r, 4) == 0) c.always_bounce = fz_pick(&r, 3);
    }
    sd_scroll_view v, poisoned;
    FZ_POISON(v);
    FZ_POISON(poisoned);
    sd_error err;
    step = 0;
    sd_status st = sd_scroll_view_init(&v, &c, &err);
    if (st != SD_OK) {
        FZ_CHECK(FZ_SAME(v, poisoned), "rejected configuration changed the view");
        FZ_CHECK(fz_report_ok(&err, st), "rejected configuration without field and rule");
        return 0;
    }
    FZ_CHECK(fz_report_clean(&err), "accepted configuration left a report");
    for (step = 1; !fz_done(&r) && step < 400; step++) {
        double clock = v.time, before = v.offset_y;
        uint32_t was_dragging = v.dragging, f = 0;
        switch (fz_pick(&r, 7)) {
        case 0:
            if (v.tracking) follow(&r, &v, sd_scroll_view_touch_cancelled(&v), before);
            before = v.offset_y;
            f = sd_scroll_view_touch_down(&v, fz_double(&r), fz_double(&r));
            FZ_CHECK(f == 0, "touch down reports");
            break;
        case 1: moved(&r, &v, fz_double(&r), fz_double(&r), fz_double(&r)); break;
        case 2: {
            double x = fz_double(&r), y = fz_double(&r), vy = fz_double(&r);
            f = sd_scroll_view_touch_up(&v, x, y, vy);
            if (f & SD_SCROLL_VIEW_MOVE_FIRST) {
                moved(&r, &v, x, y, vy);
                was_dragging = v.dragging;
                before = v.offset_y;
                f = sd_scroll_view_touch_up(&v, x, y, vy);
                FZ_CHECK(!(f & SD_SCROLL_VIEW_MOVE_FIRST), "lift asks to move twice");
            }
            FZ_CHECK(((f & SD_SCROLL_VIEW_ENDED) != 0) == (was_dragging != 0), "ENDED without a drag");
            follow(&r, &v, f, before);
            break;
        }
        case 3:
            f = sd_scroll_view_touch_cancelled(&v);
            FZ_CHECK(((f & SD_SCROLL_VIEW_CANCELLED) != 0) == (was_dragging != 0), "CANCELLED without a drag");
            follow(&r, &v, f, before);
            break;
        case 4: {
            double t = fz_pick(&r, 4) ? clock + fz_u8(&r) / 120.0 : fz_double(&r);
            follow(&r, &v, sd_scroll_view_advance(&v, t), before);
            break;
        }
        case 5: observe(&r, &v); break;
        default: v.frame_height = fz_double(&r); break;
        }
        FZ_CHECK(v.time >= clock, "the clock ran back");
        FZ_CHECK(isfinite(v.offset_x) && isfinite(v.offset_y) && isfinite(sd_scroll_view_velocity(&v)), "offset or velocity not finite");
        FZ_CHECK(!v.dragging || v.tracking, "dragging without tracking");
        FZ_CHECK(v.has_finger == v.tracking, "finger known while not tracking or unknown while tracking");
        FZ_CHECK(sd_scroll_view_phase_of(&v) <= SD_SCROLL_VIEW_ANIMATING, "phase out of range");
    }
    return 0;
}
