/*
 * pg_run.c — the playground's run: the finger's recorded path as gesture
 * script steps, and the frame loop that feeds it to the surface, as the
 * simulator's Timeline and Simulation do
 * (Sources/ScrollDriveSim/Simulation/Timeline.swift, Simulation.swift):
 * frame n at n / fps, script events at their own times, a finger that is
 * down sampled 240 times a second on its path, its velocity the core's
 * velocity tracker's (sd_velocity_tracker) over the touch-down and the
 * samples where it moved, at each sample and at the lift.
 *
 * The page records as it goes: `pg_touch` appends steps (a wait before a
 * touch, one linear drag per pointer move, the last one lifting), and
 * `pg_frame` produces the next frame only once nothing recorded later can
 * change it (while the finger is down, up to the end of the recorded path;
 * while it is up, up to the page's clock). So the rows the page shows are
 * the rows `scrolldrive simulate` computes for the exported script.
 */
#include "playground.h"

#include <math.h>

#define PG_MAX_STEPS 16384
#define PG_MAX_EVENTS 4096
#define PG_SAMPLE_RATE 240.0
#define PG_EVENT_TOLERANCE 1e-9
/* Shortest step the page records (seconds); durations are whole multiples. */
#define PG_QUANTUM 1e-4
#define PG_PER_SECOND 1e4

/* A recorded step: kind 0 wait, 1 drag (linear), 2 the sheet's keyboard
 * action (fx height, fy duration, tx curve; no duration of its own); 8
 * doubles for the page. */
typedef struct pg_step {
    double kind, has_from, fx, fy, tx, ty, duration, lift;
} pg_step;

/* A piece of the finger's path (Timeline.Segment, linear). */
typedef struct pg_segment {
    double start, end, fx, fy, tx, ty;
} pg_segment;

/* A touch-down or lift (whose velocity the loop's tracker gives), or the
 * keyboard (phase PG_KEYBOARD: x its height, y its duration, curve). */
typedef struct pg_event {
    double time, x, y;
    int phase;
    uint32_t curve;
} pg_event;

/* The loop's event for the keyboard action (not a touch phase). */
enum { PG_KEYBOARD = 100 };

int pg_surface_type;
static pg_step steps[PG_MAX_STEPS];
static int step_count;
static pg_segment segments[PG_MAX_STEPS];
static int segment_count, segment_cursor;
static pg_event events[PG_MAX_EVENTS];
static int event_count;
/* Building the timeline: its end and the finger (when down). */
static double timeline_end;
static int timeline_finger, pending_from;
static double timeline_fx, timeline_fy;
/* The loop. */
static int fps = 60;
static int frame_n, next_event, sample_n;
static int loop_finger;
static double loop_fx, loop_fy, last_frame;
/* The finger's samples since it went down, for its velocity. */
static sd_velocity_tracker tracker;
/* Where and when the touch that is down landed (its event may not be shown yet). */
static double touch_down_y, touch_down_time;
static int started;

/* What the page reads and writes: arguments in, one row out. */
static double io[64];
static char pan_text[3][48];
static sd_error last_error;

PG_EXPORT(pg_io) double *pg_io(void) { return io; }
PG_EXPORT(pg_steps) double *pg_steps(void) { return &steps[0].kind; }
PG_EXPORT(pg_step_count) int pg_step_count(void) { return step_count; }
/* The pan states scroll view `i` reported during the latest frame (primary first). */
PG_EXPORT(pg_pan) const char *pg_pan(int i) { return pan_text[i >= 0 && i < 3 ? i : 0]; }
PG_EXPORT(pg_error_field) const char *pg_error_field(void) { return last_error.field ? last_error.field : ""; }
PG_EXPORT(pg_error_rule) const char *pg_error_rule(void) { return last_error.rule ? last_error.rule : ""; }
PG_EXPORT(pg_end) double pg_end(void) { return timeline_end; }

/* ---- the finger's path --------------------------------------------------- */

static double position_on(const pg_segment *s, double t, double *y) {
    if (!(t > s->start)) {
        *y = s->fy;
        return s->fx;
    }
    if (!(t < s->end)) {
        *y = s->ty;
        return s->tx;
    }
    double p = sd_timing_curve_value(&sd_timing_linear, (t - s->start) / (s->end - s->start));
    *y = sd_lerp(s->fy, s->ty, p);
    return sd_lerp(s->fx, s->tx, p);
}

/* The segment whose interval (start, end] holds t, as Timeline.segment(holding:)
 * (times only grow: a cursor). */
static const pg_segment *segment_containing(double t) {
    while (segment_cursor < segment_count && segments[segment_cursor].end < t) segment_cursor++;
    for (int i = segment_cursor; i < segment_count; i++) {
        if (segments[i].start < t && t <= segments[i].end) return &segments[i];
        if (segments[i].start >= t) break;
    }
    return NULL;
}

static int add_event(double time, int phase, double x, double y) {
    if (event_count >= PG_MAX_EVENTS) return 0;
    pg_event e = {time, x, y, phase, 0u};
    events[event_count++] = e;
    return 1;
}

/* A step's duration from the page's time: whole quanta, at least one. */
static double duration_until(double time) {
    double d = round((time - timeline_end) / PG_QUANTUM) / PG_PER_SECOND;
    return d < PG_QUANTUM ? PG_QUANTUM : d;
}

/* A wait up to `time` (never onto a frame already shown); the timeline's end moves there. */
static void wait_until(double time) {
    double at = time > last_frame + 2e-6 ? time : last_frame + 2e-6;
    if (at > timeline_end + PG_QUANTUM / 2) {
        double d = duration_until(at);
        pg_step w = {0, 0, 0, 0, 0, 0, d, 0};
        steps[step_count++] = w;
        timeline_end = timeline_end + d;
    }
}

/*
 * Records the keyboard moving at `time` to `height` points over the
 * screen's bottom (0 hides it) over `duration` seconds along `curve`: the
 * sheet's script action `keyboard` (SheetSurface; sd_sim_sheet_keyboard).
 * Only on the sheet and with no finger down (the page's button is outside
 * the phone); 0 when it is not taken (the recording full, or another
 * surface, or a finger down, or numbers the action refuses).
 */
PG_EXPORT(pg_keyboard) int pg_keyboard(double time, double height, double duration, int curve) {
    if (pg_surface_type != PG_SURFACE_SHEET || timeline_finger || !started) return 0;
    if (!(height >= 0 && height <= SD_SHEET_MAX_LENGTH) || !(duration >= 0 && duration <= SD_SHEET_MAX_KEYBOARD_DURATION))
        return 0;
    if (curve < 0 || !sd_sheet_curve_valid((uint32_t)curve)) return 0;
    if (step_count + 2 > PG_MAX_STEPS || event_count + 1 > PG_MAX_EVENTS) return 0;
    wait_until(time);
    pg_step k = {2, 0, height, duration, (double)curve, 0, 0, 0};
    steps[step_count++] = k;
    pg_event e = {timeline_end, height, duration, PG_KEYBOARD, (uint32_t)curve};
    events[event_count++] = e;
    return 1;
}

/*
 * Records what the finger does at `time` (seconds since the run started):
 * phase PG_TOUCH_DOWN, _MOVED or _UP at (x, y) screen points. Returns 0
 * when the recording is full (the page says so and records no new touch).
 * A touch is taken only with room for its lift, and a move only with room
 * left for the lift, so the finger can always lift: a recording never ends
 * with the finger down.
 */
PG_EXPORT(pg_touch) int pg_touch(int phase, double time, double x, double y) {
    if (phase == PG_TOUCH_DOWN) {
        if (timeline_finger) return 1;
        /* A wait, a drag that lifts; the touch's down and up events. */
        if (step_count + 2 > PG_MAX_STEPS || event_count + 2 > PG_MAX_EVENTS) return 0;
        /* A touch never lands on a frame already shown. */
        wait_until(time);
        timeline_finger = 1;
        timeline_fx = x;
        timeline_fy = y;
        touch_down_y = y;
        touch_down_time = timeline_end;
        pending_from = 1;
        return add_event(timeline_end, PG_TOUCH_DOWN, x, y);
    }
    if (!timeline_finger) return 1;
    int lift = phase == PG_TOUCH_UP;
    if (!lift && step_count + 2 > PG_MAX_STEPS) return 0;
    /* Moves closer than a quantum to the previous one wait for the next. */
    if (!lift && time - timeline_end < PG_QUANTUM) return 1;
    double start = timeline_end, d = duration_until(time), finish = start + d;
    pg_step drag = {1, pending_from, timeline_fx, timeline_fy, x, y, d, lift};
    steps[step_count++] = drag;
    pending_from = 0;
    pg_segment g = {start, finish, timeline_fx, timeline_fy, x, y};
    segments[segment_count++] = g;
    timeline_end = finish;
    timeline_fx = x;
    timeline_fy = y;
    if (lift) {
        timeline_finger = 0;
        return add_event(finish, PG_TOUCH_UP, x, y);
    }
    return 1;
}

/* ---- the surface --------------------------------------------------------- */

int pg_surface_views(sd_sim_view **out) {
    switch (pg_surface_type) {
    case PG_SURFACE_SHEET: out[0] = &pg_sheet()->view; return 1;
    case PG_SURFACE_REFRESH: out[0] = &pg_refresh()->view; return 1;
    case PG_SURFACE_PULLDOWN:
        for (int i = 0; i < 3; i++) out[i] = &pg_pulldown()->views[i];
        return 3;
    default: out[0] = &pg_bar()->view; return 1;
    }
}

void pg_surface_handle(int phase, double x, double y, double vy, double time) {
    const sd_sim_touch_phase p = (sd_sim_touch_phase)phase;
    switch (pg_surface_type) {
    case PG_SURFACE_SHEET: sd_sim_sheet_touch(pg_sheet(), p, x, y, vy, time); break;
    case PG_SURFACE_PULLDOWN: sd_sim_pulldown_touch(pg_pulldown(), p, x, y, vy, time); break;
    case PG_SURFACE_REFRESH: sd_sim_refresh_touch(pg_refresh(), p, x, y, vy, time); break;
    default: sd_sim_bar_touch(pg_bar(), p, x, y, vy, time); break;
    }
}

void pg_surface_advance(double time) {
    switch (pg_surface_type) {
    case PG_SURFACE_SHEET: sd_sim_sheet_advance(pg_sheet(), time); break;
    case PG_SURFACE_PULLDOWN: sd_sim_pulldown_advance(pg_pulldown(), time); break;
    case PG_SURFACE_REFRESH: sd_sim_refresh_advance(pg_refresh(), time); break;
    default: sd_sim_bar_advance(pg_bar(), time); break;
    }
}

int pg_surface_at_rest(void) {
    switch (pg_surface_type) {
    case PG_SURFACE_SHEET: return sd_sim_sheet_at_rest(pg_sheet());
    case PG_SURFACE_PULLDOWN: return sd_sim_pulldown_at_rest(pg_pulldown());
    case PG_SURFACE_REFRESH: return sd_sim_refresh_at_rest(pg_refresh());
    default: return sd_sim_bar_at_rest(pg_bar());
    }
}

int pg_surface_values(double *out) {
    switch (pg_surface_type) {
    case PG_SURFACE_SHEET: return pg_sheet_values(out);
    case PG_SURFACE_PULLDOWN: return pg_pulldown_values(out);
    case PG_SURFACE_REFRESH: return pg_refresh_values(out);
    default: return pg_bar_values(out);
    }
}

/* ---- the wheel -------------------------------------------------------------- */

/* The finger travel (screen points, positive down) recorded but not yet
 * shown: the timeline's finger runs up to a frame ahead of the frames. */
static double pending_travel(void) {
    if (!timeline_finger) return 0;
    return timeline_fy - (loop_finger ? loop_fy : touch_down_y);
}

/* How far a finger may still move by `dy` (positive down) over scroll view
 * `v` before it has gone `overshoot` points of finger travel past an edge,
 * `pending` points of travel already spoken for: inside the range the
 * content follows the finger one to one; past an edge the finger's travel
 * is the drag's raw position, undone from the rubber band. */
static double view_room(const sd_scroll_view *v, double dy, double overshoot, double pending) {
    const sd_scroll_bounds b = sd_scroll_view_bounds(v);
    const double y = v->offset_y;
    const double raw = (y < b.min || y > b.max) ? sd_scroll_drag_raw(y, &b, v->frame_height, (int)v->bounces) : y;
    /* A finger moving down brings the content's top towards min; up, its end towards max. */
    const double room = dy > 0 ? raw - b.min + overshoot - pending : b.max - raw + overshoot + pending;
    return room > 0 ? room : 0;
}

/* `dy` cut to `room` points of travel, keeping its sign. */
static double limited(double dy, double room) {
    return dy > 0 ? (dy < room ? dy : room) : (-dy < room ? dy : -room);
}

/* How much of a wheel's move `dy` (screen points, positive down: the
 * finger's way) the wheel's virtual finger may make now, so that the page
 * does what a desktop browser does: the bar's list or the sheet's content
 * under the finger goes at most `overshoot` points of finger travel past
 * its edge (0 for a mouse wheel, which never overscrolls; a trackpad's
 * bounded rubber band otherwise: a trackpad can pull the refresh list's
 * header into view, a mouse wheel cannot, as in a desktop browser), and a
 * sheet the finger drags never goes above its first detent. The pull-down's list is not held: pulling past
 * its top is what opens the panel. Other moves pass unchanged. */
PG_EXPORT(pg_wheel_limit) double pg_wheel_limit(double dy, double overshoot) {
    if (!isfinite(dy) || dy == 0 || !(overshoot >= 0) || !timeline_finger) return 0;
    const double pending = pending_travel();
    switch (pg_surface_type) {
    case PG_SURFACE_SHEET: {
        const sd_sim_sheet *s = pg_sheet();
        sd_sheet_frame f;
        double top0 = 0;
        /* Before its touch-down is shown, the sheet is taken where it will be
         * when the finger lands (a spring may still carry it up until then). */
        const double clock = s->sheet.state.time;
        const double at = !loop_finger && touch_down_time > clock ? touch_down_time : clock;
        if (sd_sheet_frame_at(&s->sheet, at, &f) != SD_OK ||
            sd_sheet_detent_top(&s->sheet.config, 0, &top0) != SD_OK)
            return dy;
        /* On the sheet (dragging it, or about to: the touch-down not yet
         * shown), through its content while that scrolls. */
        const int on_sheet = loop_finger ? s->finger == 2 : touch_down_y >= f.top;
        const int content = on_sheet && (loop_finger ? (int)s->view_has_it
                                                     : (s->sheet.state.flags & SD_SHEET_STATE_SCROLL_ENABLED) != 0);
        if (content) return dy < 0 ? limited(dy, view_room(&s->view.sv, dy, overshoot, pending)) : dy;
        if (!on_sheet || dy > 0) return dy;
        const double room = f.top - top0 + pending;
        return limited(dy, room > 0 ? room : 0);
    }
    case PG_SURFACE_PULLDOWN: return dy;
    case PG_SURFACE_REFRESH: return limited(dy, view_room(&pg_refresh()->view.sv, dy, overshoot, pending));
    default: return limited(dy, view_room(&pg_bar()->view.sv, dy, overshoot, pending));
    }
}

/* The pan states a view reported since the last row, as the simulator's
 * PanRecorder writes them (repeats merged, joined with "+"); then forgotten. */
static void take_pans(sd_sim_view *v, char *out, size_t size) {
    static const char *const names[] = { "", "began", "changed", "ended", "cancelled" };
    size_t len = 0;
    int last = 0;
    out[0] = 0;
    const uint32_t kept = v->pan_count < SD_SIM_PAN_LOG ? v->pan_count : SD_SIM_PAN_LOG;
    for (uint32_t i = 0; i < kept; i++) {
        const int state = v->pan_log[i] <= 4 ? v->pan_log[i] : 0;
        if (state == last || state == 0) continue;
        last = state;
        const char *name = names[state];
        size_t n = 0;
        while (name[n]) n++;
        if (len + n + 2 > size) break;
        if (len > 0) out[len++] = '+';
        for (size_t k = 0; k < n; k++) out[len++] = name[k];
        out[len] = 0;
    }
    sd_sim_view_take_pans(v);
}

/* ---- starting a run ------------------------------------------------------ */

static void reset(int rate) {
    step_count = segment_count = segment_cursor = event_count = 0;
    pending_from = 0;
    timeline_end = 0;
    sd_velocity_tracker_reset(&tracker);
    timeline_finger = 0;
    fps = rate;
    frame_n = next_event = 0;
    sample_n = 1;
    loop_finger = 0;
    last_frame = -1;
    started = 1;
}

/* A start's answer: on success the run of `type` begins at `rate` frames per
 * second; on a rejection the core's words are kept for pg_error_field /
 * pg_error_rule and the running surface goes on. */
static int began(int ok, const sd_error *err, int type, int rate) {
    if (!ok) {
        last_error = *err;
        return 0;
    }
    pg_surface_type = type;
    reset(rate);
    return 1;
}

/*
 * io[0..4]: screen width (the page lays the phone out with it; it plays no
 * part in the motion), height, content height, fps (60 or 120), and the
 * deceleration rate: 1 for UIKit's fast, else normal (a script's "fast" and
 * "normal").
 */
static void screen(sd_scroll_view_config *v, int *rate) {
    *v = sd_scroll_view_config_default();
    v->frame_height = io[1];
    v->content_height = io[2];
    v->rate = io[4] == 1 ? SD_DECELERATION_RATE_FAST : SD_DECELERATION_RATE_NORMAL;
    *rate = (int)io[3];
}

/* The critical points of a pull-down preset (0 article, 1 wechat) into io[0..3], for the panel's form. */
PG_EXPORT(pg_pulldown_preset) void pg_pulldown_preset(int wechat) {
    sd_pulldown_config c = wechat ? sd_pulldown_config_wechat() : sd_pulldown_config_article();
    io[0] = c.cp0;
    io[1] = c.cp1;
    io[2] = c.cp2;
    io[3] = c.cp3;
}

/*
 * A new run of the bar: io[5..7] compact, normal, expanded, io[8] the safe
 * area above it (the status bar, points), io[9] reduced motion (1:
 * SD_BAR_POLICY_REDUCED_MOTION). Returns 0 and
 * keeps the running surface when the core rejects the configuration
 * (pg_error_field / pg_error_rule say why).
 */
PG_EXPORT(pg_start_bar) int pg_start_bar(void) {
    sd_scroll_view_config v;
    int rate;
    screen(&v, &rate);
    sd_bar_config config = sd_bar_config_make(io[5], io[6], io[7]);
    config.safe_area_top = io[8];
    config.policy = io[9] == 1 ? SD_BAR_POLICY_REDUCED_MOTION : 0u;
    sd_error err = {SD_OK, 0, NULL, NULL};
    return began(pg_bar_start(&config, &v, &err), &err, PG_SURFACE_BAR, rate);
}

static sd_sheet_detent detent_from(double kind, double value) {
    switch ((int)kind) {
    case SD_SHEET_DETENT_FRACTION: return sd_sheet_detent_fraction(value);
    case SD_SHEET_DETENT_POINTS: return sd_sheet_detent_points(value);
    case SD_SHEET_DETENT_FIT_CONTENT: return sd_sheet_detent_fit_content(value);
    case SD_SHEET_DETENT_DISMISSED: return sd_sheet_detent_dismissed();
    default: {
        sd_sheet_detent none = {SD_SHEET_DETENT_NONE, 0, 0};
        return none;
    }
    }
}

/*
 * A new run of the sheet in a container as tall as the screen: io[5]
 * detent count, io[6..15] (kind, value) of each detent (SD_SHEET_DETENT_*),
 * io[16] options (SD_SHEET_OPTION_*), io[17..22] up and down thresholds,
 * overscroll return, backdrop alpha, background shift, fit-content height,
 * io[23] the initial detent's index, io[24] the backdrop tap
 * (sd_sheet_backdrop_tap), io[25] the handle's height (points at the
 * sheet's top, finite and >= 0), io[26] and io[27] the safe area's top and
 * bottom insets. Returns 0 and keeps the running surface when the core
 * rejects them.
 */
PG_EXPORT(pg_start_sheet) int pg_start_sheet(void) {
    sd_scroll_view_config v;
    int rate;
    screen(&v, &rate);
    sd_sheet_config c = sd_sheet_config_default(v.frame_height);
    c.content_height = io[22];
    c.options = (uint32_t)io[16];
    c.up_threshold = io[17];
    c.down_threshold = io[18];
    c.overscroll_return = io[19];
    c.backdrop_alpha = io[20];
    c.background_shift = io[21];
    c.backdrop_tap = (uint32_t)io[24];
    c.safe_area_top = io[26];
    c.safe_area_bottom = io[27];
    c.keyboard = io[28] >= 0 && io[28] <= SD_SHEET_KEYBOARD_FILL_PARENT ? (uint32_t)io[28] : 5u; /* 5: rejected, naming the field */
    sd_error err = {SD_OK, 0, NULL, NULL};
    uint32_t count = io[5] >= 1 && io[5] <= SD_SHEET_MAX_DETENTS ? (uint32_t)io[5] : 0;
    c.detent_count = count;
    for (uint32_t i = 0; i < count; i++) sd_sheet_config_set_detent(&c, i, detent_from(io[6 + 2 * i], io[7 + 2 * i]));
    if (count == 0) {
        err.status = SD_ERR_RANGE;
        err.field = "detent_count";
        err.rule = "must be within 1...5";
    }
    if (count == 0 || sd_sheet_config_validate(&c, &err) != SD_OK) {
        last_error = err;
        return 0;
    }
    uint32_t initial = io[23] >= 0 && io[23] < count ? (uint32_t)io[23] : 0;
    if (!(io[25] >= 0 && io[25] <= SD_SHEET_MAX_LENGTH)) {
        err.status = io[25] == io[25] ? SD_ERR_RANGE : SD_ERR_NOT_FINITE;
        err.field = "handle_height";
        err.rule = "must be within 0...1e9";
        last_error = err;
        return 0;
    }
    return began(pg_sheet_start(&c, initial, io[25], &v, &err), &err, PG_SURFACE_SHEET, rate);
}

/*
 * A new run of the pull-down panel: io[5] preset (0 article, 1 wechat),
 * io[6..9] cp0...cp3, io[10..12] screen, top bar and tab bar heights,
 * io[13] reduced motion (1: SD_PULLDOWN_OPTION_REDUCED_MOTION). The
 * chat list is io[2] tall. Returns 0 and keeps the running
 * surface when the core rejects them.
 */
PG_EXPORT(pg_start_pulldown) int pg_start_pulldown(void) {
    sd_scroll_view_config v;
    int rate;
    screen(&v, &rate);
    sd_pulldown_config c = io[5] == 1 ? sd_pulldown_config_wechat() : sd_pulldown_config_article();
    c.cp0 = io[6];
    c.cp1 = io[7];
    c.cp2 = io[8];
    c.cp3 = io[9];
    c.screen_height = io[10];
    c.top_bar_height = io[11];
    c.tab_bar_height = io[12];
    c.options = io[13] == 1 ? SD_PULLDOWN_OPTION_REDUCED_MOTION : 0u;
    sd_error err = {SD_OK, 0, NULL, NULL};
    return began(pg_pulldown_start(&c, &v, &err), &err, PG_SURFACE_PULLDOWN, rate);
}

/*
 * A new run of pull to refresh on a list as tall as the screen: io[5..14]
 * the content insets top and bottom, header height, pull threshold, begin
 * and end durations, minimum refreshing time, footer height, trigger
 * distance and fraction; io[15] and io[16] whether the header and the
 * footer are enabled (0 or 1); io[17..20] the app's refresh time, load
 * time, page height and pages; io[21] reduced motion (1:
 * SD_REFRESH_OPTION_REDUCED_MOTION). The list's content is io[2] tall. Returns 0
 * and keeps the running surface when the core rejects them.
 */
PG_EXPORT(pg_start_refresh) int pg_start_refresh(void) {
    sd_scroll_view_config v;
    int rate;
    screen(&v, &rate);
    sd_refresh_config c = sd_refresh_config_mjrefresh();
    c.content_inset_top = io[5];
    c.content_inset_bottom = io[6];
    c.header_height = io[7];
    c.pull_threshold = io[8];
    c.begin_duration = io[9];
    c.end_duration = io[10];
    c.min_refreshing_time = io[11];
    c.footer_height = io[12];
    c.footer_trigger_distance = io[13];
    c.footer_trigger_fraction = io[14];
    c.header_enabled = io[15] == 1 ? 1u : io[15] == 0 ? 0u : 2u; /* 2: rejected, naming the field */
    c.footer_enabled = io[16] == 1 ? 1u : io[16] == 0 ? 0u : 2u;
    c.options = io[21] == 1 ? SD_REFRESH_OPTION_REDUCED_MOTION : 0u;
    const sd_sim_refresh_app app = { io[17], io[18], io[19], io[20] };
    sd_error err = {SD_OK, 0, NULL, NULL};
    return began(pg_refresh_start(&c, &app, &v, &err), &err, PG_SURFACE_REFRESH, rate);
}

/* ---- the frame loop ------------------------------------------------------ */

static void advance(double t) { pg_surface_advance(t); }

/*
 * Produces the next frame if nothing recorded later can change it, given
 * the page's clock `now` (seconds since the run started): returns 1 and
 * writes the row to pg_io (t, finger x, y (NaN when up), phase, y, vy,
 * content height, tracking, dragging, decelerating, at rest after the
 * last step, then the surface's columns), or 0.
 */
PG_EXPORT(pg_frame) int pg_frame(double now) {
    if (!started) return 0;
    double t = (double)frame_n / (double)fps;
    double horizon = timeline_finger ? timeline_end : now - 1e-6;
    if (t > horizon) return 0;
    if (pg_surface_type == PG_SURFACE_SHEET) pg_sheet_take_events();
    if (pg_surface_type == PG_SURFACE_REFRESH) pg_refresh_take_events();
    for (;;) {
        double event_time = next_event < event_count ? events[next_event].time : INFINITY;
        double sample_time = (double)sample_n / PG_SAMPLE_RATE;
        if (event_time <= t + PG_EVENT_TOLERANCE && event_time <= sample_time) {
            double at = event_time < t ? event_time : t;
            const pg_event *e = &events[next_event++];
            advance(at);
            if (e->phase == PG_KEYBOARD) {
                sd_sim_sheet_keyboard(pg_sheet(), e->x, e->y, e->curve);
                continue;
            }
            loop_finger = e->phase == PG_TOUCH_DOWN || e->phase == PG_TOUCH_MOVED;
            loop_fx = e->x;
            loop_fy = e->y;
            if (e->phase == PG_TOUCH_DOWN) {
                sd_velocity_tracker_reset(&tracker);
                sd_velocity_tracker_add(&tracker, at, e->x, e->y);
            }
            const double vy = e->phase == PG_TOUCH_UP ? sd_velocity_tracker_estimate(&tracker, at).y : 0;
            pg_surface_handle(e->phase, e->x, e->y, vy, at);
        } else if (sample_time <= t) {
            sample_n++;
            const pg_segment *s = loop_finger ? segment_containing(sample_time) : NULL;
            if (!s) continue;
            advance(sample_time);
            loop_fx = position_on(s, sample_time, &loop_fy);
            sd_velocity_tracker_add(&tracker, sample_time, loop_fx, loop_fy);
            pg_surface_handle(PG_TOUCH_MOVED, loop_fx, loop_fy, sd_velocity_tracker_estimate(&tracker, sample_time).y,
                              sample_time);
        } else {
            break;
        }
    }
    advance(t);
    sd_sim_view *views[3];
    int count = pg_surface_views(views);
    const sd_scroll_view *v = &views[0]->sv;
    io[0] = t;
    io[1] = loop_finger ? loop_fx : NAN;
    io[2] = loop_finger ? loop_fy : NAN;
    io[3] = sd_scroll_view_phase_of(v);
    io[4] = v->offset_y;
    io[5] = sd_scroll_view_velocity(v);
    io[6] = v->content_height;
    io[7] = v->tracking;
    io[8] = v->dragging;
    io[9] = v->motion == SD_SCROLL_VIEW_RELEASE;
    int done = next_event == event_count && t >= timeline_end - PG_EVENT_TOLERANCE;
    io[10] = done && !loop_finger && pg_surface_at_rest();
    for (int i = 0; i < 3; i++) {
        if (i < count) take_pans(views[i], pan_text[i], sizeof pan_text[i]);
        else pan_text[i][0] = 0;
    }
    pg_surface_values(io + 11);
    last_frame = t;
    frame_n++;
    return 1;
}
