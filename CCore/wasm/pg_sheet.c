/*
 * pg_sheet.c — the playground's bottom sheet: what SheetController and
 * SheetSurface do (Sources/ScrollDrive/Sheet/SheetController.swift,
 * Sources/ScrollDriveSim/Surfaces/SheetSurface.swift): touch routing between
 * the backdrop, the sheet and the scroll view inside it, one sd_sheet_step
 * per input, the actions performed on the inner scroll view.
 */
#include "playground.h"

static sd_sheet sheet;
static pg_view view;
static int performing;
/* Where the finger is: 0 nowhere, 1 on the backdrop, 2 on the sheet. */
static int finger;
static double down_x, down_y;
static int backdrop_moved, view_has_it;
/* SD_SHEET_NOTICE_* bits since the previous row, and the detent they name. */
static char events_text[96];

pg_view *pg_sheet_view(void) { return &view; }

static int flag(uint32_t bit) { return (sheet.state.flags & bit) != 0; }

static sd_sheet_frame frame_now(void) {
    sd_sheet_frame f = {0};
    sd_sheet_frame_at(&sheet, sheet.state.time, &f);
    return f;
}

static void hold_content_offset(void) {
    double y = sheet.state.content_offset;
    if (view.sv.offset_y != y) pg_view_update_offset(&view, view.sv.offset_x, y, 0);
}

static void note(const char *text) {
    size_t len = 0;
    while (events_text[len]) len++;
    if (len > 0 && len + 1 < sizeof events_text) events_text[len++] = '+';
    for (size_t i = 0; text[i] && len + 1 < sizeof events_text; i++) events_text[len++] = text[i];
    events_text[len] = 0;
}

static void step(const sd_sheet_event *e, int *ok) {
    sd_sheet_actions a;
    int accepted = sd_sheet_step(&sheet, e, &a, NULL) == SD_OK;
    if (ok) *ok = accepted;
    if (!accepted) return;
    performing = 1;
    if (a.flags & SD_SHEET_ACTION_SET_CONTENT_OFFSET) pg_view_update_offset(&view, view.sv.offset_x, a.content_offset, 0);
    if (!flag(SD_SHEET_STATE_SCROLL_ENABLED)) hold_content_offset();
    performing = 0;
    /* Event names for the row: the detent's index here; the page names it. */
    char text[24] = "willMove(#)";
    text[9] = (char)('0' + a.detent);
    if (a.notices & SD_SHEET_NOTICE_WILL_MOVE) note(text);
    if (a.notices & SD_SHEET_NOTICE_DID_MOVE) {
        char did[] = "didMove(#)";
        did[8] = (char)('0' + a.detent);
        note(did);
    }
    if (a.notices & SD_SHEET_NOTICE_DISMISSED) note("dismissed");
}

void pg_sheet_offset_changed(pg_view *v) {
    (void)v;
    if (performing || flag(SD_SHEET_STATE_SCROLL_ENABLED)) return;
    performing = 1;
    hold_content_offset();
    performing = 0;
}

int pg_sheet_start(const sd_sheet_config *config, uint32_t initial, const pg_view *screen, sd_error *err) {
    sd_sheet fresh;
    if (sd_sheet_init(&fresh, config, initial, err) != SD_OK) return 0;
    sheet = fresh;
    double first = 0;
    sd_sheet_detent_top(&sheet.config, 0, &first);
    view = *screen;
    double h = screen->sv.frame_height - first;
    view.sv.frame_height = h > 1 ? h : 1;
    view.observed = 1;
    finger = 0;
    events_text[0] = 0;
    if (!flag(SD_SHEET_STATE_SCROLL_ENABLED)) {
        performing = 1;
        hold_content_offset();
        performing = 0;
    }
    return 1;
}

/* The content offset the finger asks for: past the content's top, undo the band. */
static double finger_content_offset(void) {
    double y = view.sv.offset_y;
    sd_scroll_bounds b = pg_view_bounds(&view);
    if (!(y < b.min)) return y;
    return sd_scroll_drag_raw(y, &b, view.sv.frame_height, view.sv.bounces);
}

static void move(double x, double y, double vy, double t) {
    if (finger != 2) return;
    double offset = view.sv.offset_y;
    if (view_has_it) {
        pg_view_touch_moved(&view, x, y, vy);
        offset = finger_content_offset();
    }
    sd_sheet_event e = sd_sheet_event_drag_changed(t, y - down_y, offset);
    step(&e, NULL);
    if (view_has_it && !flag(SD_SHEET_STATE_SCROLL_ENABLED)) {
        /* The core took the sheet back to its second detent: the content lets go. */
        pg_view_touch_cancelled(&view);
        view_has_it = 0;
    } else if (!view_has_it && (frame_now().flags & SD_SHEET_FRAME_CONTENT_SCROLLS)) {
        /* Scrolling expands first: at the first detent the content takes the finger. */
        pg_view_touch_down(&view, x, y);
        view_has_it = 1;
    }
}

static void release(double x, double y, double vy, double t, int cancelled) {
    if (finger != 2) return;
    if (!cancelled) move(x, y, vy, t);
    if (finger != 2) return;
    finger = 0;
    if (view_has_it) {
        if (!cancelled && (frame_now().flags & SD_SHEET_FRAME_CONTENT_SCROLLS)) pg_view_touch_up(&view, x, y, vy);
        else pg_view_touch_cancelled(&view);
    }
    sd_sheet_event e = sd_sheet_event_drag_ended(t, cancelled ? 0 : vy);
    step(&e, NULL);
}

void pg_sheet_handle(int phase, double x, double y, double vy, double t) {
    if (phase == PG_TOUCH_DOWN) {
        if (finger == 2) release(x, y, vy, t, 1);
        sd_sheet_frame f = frame_now();
        if (y < f.top) {
            finger = (f.flags & SD_SHEET_FRAME_PRESENTED) ? 1 : 0;
            down_x = x;
            down_y = y;
            backdrop_moved = 0;
            return;
        }
        int has_it = flag(SD_SHEET_STATE_SCROLL_ENABLED);
        if (has_it) pg_view_touch_down(&view, x, y);
        sd_sheet_event e = sd_sheet_event_drag_began(t, view.sv.offset_y);
        int ok;
        step(&e, &ok);
        if (ok) {
            finger = 2;
            down_y = y;
            view_has_it = has_it;
        } else {
            if (has_it) pg_view_touch_cancelled(&view);
            finger = 0;
        }
        return;
    }
    if (finger == 1) {
        if (phase == PG_TOUCH_MOVED) {
            backdrop_moved = backdrop_moved || x != down_x || y != down_y;
        } else {
            finger = 0;
            if (phase == PG_TOUCH_UP && !backdrop_moved && x == down_x && y == down_y) {
                sd_sheet_event e = sd_sheet_event_backdrop_tap(t);
                step(&e, NULL);
            }
        }
        return;
    }
    if (finger == 2) {
        if (phase == PG_TOUCH_MOVED) move(x, y, vy, t);
        else release(x, y, vy, t, phase == PG_TOUCH_CANCELLED);
        return;
    }
    if (phase == PG_TOUCH_UP || phase == PG_TOUCH_CANCELLED) finger = 0;
}

void pg_sheet_advance(double time) {
    sd_sheet_event e = sd_sheet_event_frame(time);
    step(&e, NULL);
}

int pg_sheet_at_rest(void) {
    if (finger != 0 || flag(SD_SHEET_STATE_ANIMATING)) return 0;
    sd_sheet_frame now = frame_now(), later = {0};
    if (sd_sheet_frame_at(&sheet, sheet.state.time + 60, &later) != SD_OK) return 0;
    return later.background_offset == now.background_offset;
}

PG_EXPORT(pg_sheet_events) const char *pg_sheet_events(void) { return events_text; }

/*
 * sheet_top, sheet_velocity, sheet_detent (index), sheet_drag (sd_sheet_drag),
 * sheet_translation, sheet_backdrop_alpha, sheet_background_offset,
 * sheet_scroll_enabled, sheet_content_scrolls, sheet_background_interactive,
 * sheet_animating, sheet_container. The events since the previous row: pg_sheet_events,
 * read before the next frame clears them.
 */
int pg_sheet_values(double *out) {
    sd_sheet_frame f = frame_now();
    out[0] = f.top;
    out[1] = f.velocity;
    out[2] = f.detent;
    out[3] = f.drag;
    out[4] = f.drag == SD_SHEET_DRAG_DRAGGING ? f.translation : 0;
    out[5] = f.backdrop_alpha;
    out[6] = f.background_offset;
    out[7] = (f.flags & SD_SHEET_FRAME_SCROLL_ENABLED) != 0;
    out[8] = (f.flags & SD_SHEET_FRAME_CONTENT_SCROLLS) != 0;
    out[9] = (f.flags & SD_SHEET_FRAME_BACKGROUND_INTERACTIVE) != 0;
    out[10] = (f.flags & SD_SHEET_FRAME_ANIMATING) != 0;
    out[11] = sheet.config.container_height;
    return 12;
}

void pg_sheet_take_events(void) { events_text[0] = 0; }
