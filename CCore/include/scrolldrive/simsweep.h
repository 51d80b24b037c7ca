/*
 * scrolldrive/simsweep.h — one generated gesture on a simulated surface
 * (simsurface.h), or on a bottom sheet straight through the core, frame by
 * frame, summed up: what `scrolldrive sweep` records of the bar, the
 * pull-down panel, pull to refresh and the sheet for each gesture of its
 * population (Sources/ScrollDriveSim/Sweep adds the outcomes up). One call
 * per gesture; nothing is allocated and the start state is not written.
 *
 * A gesture is one touch of a simulated finger, or two (an interrupted
 * flick: the second grabs the surface while it still moves). The clock
 * runs in frames: frame n is at n / fps seconds. From the start state's
 * first frame, a touch is: frames up to its start; the clock moved to the
 * start; a touch-down where the surface's finger goes (below); a frame at
 * every frame time before the lift, the finger moved along its path at
 * each (unless the touch does not move); the clock moved to the lift and
 * the lift at the path's end. After the last lift, frames follow until the
 * surface and its views rest (the settle time counts them) or the settle
 * limit is reached. Each frame moves every view's clock, then the
 * surface's, and records the frame: the watched values' largest change
 * from the previous frame, the invariants, and rest away from every state.
 */
#ifndef SCROLLDRIVE_SIMSWEEP_H
#define SCROLLDRIVE_SIMSWEEP_H

#include "simsurface.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * One touch: the finger goes down, moves `distance` points (y down) in
 * `duration` seconds and lifts moving at `velocity` points per second.
 * Its path is the cubic Hermite curve from rest at 0 to `velocity` at
 * `distance` (sd_sweep_translation); distance 0 is a touch that does not
 * move (a hold, a tap).
 */
typedef struct sd_sweep_touch {
    double distance;
    double duration;
    double velocity;
} sd_sweep_touch;

/**
 * The finger's translation `t` seconds after touch-down:
 * distance (3u^2 - 2u^3) + velocity duration (u^3 - u^2), u = t / duration;
 * 0 for t <= 0 and `distance` itself from t >= duration on.
 */
double sd_sweep_translation(const sd_sweep_touch *touch, double t);

/** The path's derivative `t` seconds after touch-down (points per second): 0 before, `velocity` from the lift on. */
double sd_sweep_finger_velocity(const sd_sweep_touch *touch, double t);

/** A gesture: `first`, and when `interrupted`, `second` starting `delay` seconds after the first lift. */
typedef struct sd_sweep_gesture {
    sd_sweep_touch first;
    sd_sweep_touch second;
    double delay;
    uint32_t interrupted;
    uint32_t reserved;
} sd_sweep_gesture;

/** Longest touch, and longest delay before a second touch, a gesture may have (seconds: one day). */
#define SD_SWEEP_MAX_DURATION 86400.0
/** Highest frame rate (frames per second). */
#define SD_SWEEP_MAX_FPS 1000.0

/** The clock a gesture runs on. */
typedef struct sd_sweep_clock {
    /** Frames per second, 1 ... SD_SWEEP_MAX_FPS: frame n is at n / fps seconds. */
    double fps;
    /** The start state's next frame: the first touch goes down at its time. */
    uint64_t first_frame;
    /** Frames after the last lift by which the surface must rest (at most 10^8). */
    uint32_t settle_limit;
    uint32_t reserved;
} sd_sweep_clock;

/** The values watched per frame, and the invariants counted. */
#define SD_SWEEP_VALUES 4
#define SD_SWEEP_MAX_INVARIANTS 4
/** Invariants every surface has: a watched value is not finite (per frame); the gesture never came to rest (once). */
enum { SD_SWEEP_NOT_FINITE = 0, SD_SWEEP_NEVER_RESTED = 1, SD_SWEEP_SURFACE_INVARIANTS = 2 };

/** What one gesture did. */
typedef struct sd_sweep_outcome {
    /** The largest |change| of each watched value between two consecutive frames (0 with one frame). */
    double jumps[SD_SWEEP_VALUES];
    /** Frames simulated. */
    uint64_t frames;
    /** How often each invariant broke: frames for the per-frame ones, 1 for SD_SWEEP_NEVER_RESTED. */
    uint64_t violations[SD_SWEEP_MAX_INVARIANTS];
    /** Frames at rest (no finger, nothing moving) in the "between states" state. */
    uint64_t rest_between_frames;
    /** The surface's events during the gesture (sd_sim_bar.requests, sd_sim_pulldown.events, sd_sim_refresh.load_starts). */
    uint64_t events;
    /** Frames after the last lift until everything rested; settle_limit + 1 when it never did. */
    uint32_t settle_frames;
    /** The state the surface shows at the end. */
    uint32_t end_state;
} sd_sweep_outcome;

/* ------------------------------------------------------------------------ */
/* The bar                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * The bar's states: compact, normal, expanded when its height is exactly
 * that height of the configuration, else between states.
 */
enum { SD_SWEEP_BAR_COMPACT = 0, SD_SWEEP_BAR_NORMAL = 1, SD_SWEEP_BAR_EXPANDED = 2, SD_SWEEP_BAR_BETWEEN = 3 };
uint32_t sd_sweep_bar_state(const sd_bar_config *config, double height);

/** Where the finger goes down on the bar's screen: mid-screen (points). */
#define SD_SWEEP_BAR_FINGER_X 195.0
#define SD_SWEEP_BAR_FINGER_Y 422.0

/**
 * The bar's watched values: height (-offset), transition progress
 * (sd_bar_progress), the view's content offset y and its top inset. Its one
 * invariant of its own (SD_SWEEP_SURFACE_INVARIANTS): the height stays
 * within compact ... expanded.
 */
void sd_sweep_bar_values(const sd_sim_bar *sim, double values[SD_SWEEP_VALUES]);

/**
 * Runs `gesture` on a copy of `start` (a simulated bar resting in a state)
 * and writes what it did to `*out`. Errors, with nothing written:
 * SD_ERR_NULL; SD_ERR_NOT_FINITE / SD_ERR_NEGATIVE / SD_ERR_RANGE for a
 * touch's numbers (durations and the delay 0 ... SD_SWEEP_MAX_DURATION,
 * `interrupted` 0 or 1) and the clock's (fps 1 ... SD_SWEEP_MAX_FPS, the
 * settle limit, a first frame whose time is at most SD_SWEEP_MAX_DURATION).
 */
sd_status sd_sweep_bar(const sd_sim_bar *start, const sd_sweep_clock *clock, const sd_sweep_gesture *gesture,
                       sd_sweep_outcome *out, sd_error *err);

/* ------------------------------------------------------------------------ */
/* The pull-down panel                                                      */
/* ------------------------------------------------------------------------ */

/** The panel's states: open (sd_pulldown_is_open), else closed with nothing pulled, else between states. */
enum { SD_SWEEP_PULLDOWN_CLOSED = 0, SD_SWEEP_PULLDOWN_OPEN = 1, SD_SWEEP_PULLDOWN_BETWEEN = 2 };
uint32_t sd_sweep_pulldown_state(int is_open, double pull_distance);

/** Where the finger goes down: on the chat list while the panel is not open, on the panel below the mini-programs when it is. */
#define SD_SWEEP_PULLDOWN_FINGER_X 207.0
#define SD_SWEEP_PULLDOWN_FINGER_Y_CLOSED 150.0
#define SD_SWEEP_PULLDOWN_FINGER_Y_OPEN 650.0

/**
 * The panel's watched values: the chat list's pull distance
 * (sd_pulldown_pull_distance), its content offset y, the panel's pull-up
 * offset and the latest frame's nav_top (0 before any frame). No
 * invariants of its own.
 */
void sd_sweep_pulldown_values(const sd_sim_pulldown *sim, double values[SD_SWEEP_VALUES]);

/** sd_sweep_bar for a simulated pull-down panel. */
sd_status sd_sweep_pulldown(const sd_sim_pulldown *start, const sd_sweep_clock *clock,
                            const sd_sweep_gesture *gesture, sd_sweep_outcome *out, sd_error *err);

/* ------------------------------------------------------------------------ */
/* Pull to refresh                                                          */
/* ------------------------------------------------------------------------ */

/**
 * Where a gesture on a refresh surface leaves it once everything rests
 * (the app's work included). First what the gesture did: REFRESHED when it
 * started a refresh, else NO_MORE_DATA when it loaded and the footer has
 * no more data, else LOADED when it loaded; otherwise where the list
 * rests: TOP at its top (offset -content_inset_top or above), SCROLLED
 * below it. BETWEEN: the header is not idle or the footer is loading
 * (never at rest: the app ends its work).
 */
enum {
    SD_SWEEP_REFRESH_TOP = 0,
    SD_SWEEP_REFRESH_SCROLLED = 1,
    SD_SWEEP_REFRESH_REFRESHED = 2,
    SD_SWEEP_REFRESH_LOADED = 3,
    SD_SWEEP_REFRESH_NO_MORE_DATA = 4,
    SD_SWEEP_REFRESH_BETWEEN = 5
};
/** The state of `now`, a surface that started the gesture as `start` (its counters count from there). */
uint32_t sd_sweep_refresh_state(const sd_sim_refresh *start, const sd_sim_refresh *now);

/** Where the finger goes down: mid-screen (points). */
#define SD_SWEEP_REFRESH_FINGER_X 195.0
#define SD_SWEEP_REFRESH_FINGER_Y 422.0

/**
 * The watched values: the pull distance of the list's offset
 * (sd_refresh_pull_distance), the list's content offset y, its inset top
 * and the header's progress (the frame's, at the surface's clock). One
 * invariant of its own (SD_SWEEP_SURFACE_INVARIANTS): the inset top stays
 * within content_inset_top ... content_inset_top + header_height. A
 * gesture's surface events are the loads it started (the footer firing:
 * at most one per approach to the end).
 */
void sd_sweep_refresh_values(const sd_sim_refresh *sim, double values[SD_SWEEP_VALUES]);

/** sd_sweep_bar for a simulated refresh surface. */
sd_status sd_sweep_refresh(const sd_sim_refresh *start, const sd_sweep_clock *clock,
                           const sd_sweep_gesture *gesture, sd_sweep_outcome *out, sd_error *err);

/* ------------------------------------------------------------------------ */
/* The bottom sheet, straight through the core                              */
/* ------------------------------------------------------------------------ */

/*
 * The sheet is swept without a simulated scroll view: the finger's drags go
 * to sd_sheet_step as SheetSurface delivers them (simsweep_sheet.c says how),
 * a tap to the backdrop, and each frame is a FRAME step and sd_sheet_frame_at.
 */

/**
 * The sheet's gesture kinds: the finger's touches (a drag, a flick, a hold;
 * an interrupted flick is one with `interrupted` set), or a tap on the
 * backdrop, lifted `first.duration` after the first frame.
 */
enum { SD_SWEEP_SHEET_DRAG = 0, SD_SWEEP_SHEET_TAP = 1 };

/** The sheet's watched values (its frame's top, velocity, backdrop alpha, background offset, content offset). */
#define SD_SWEEP_SHEET_VALUES 5
/**
 * The sheet's invariants, counted per occurrence: a step the core refused,
 * a frame value not finite, a backdrop alpha outside 0...1, never at rest
 * (once), a didMove with no willMove to its detent before it.
 */
enum {
    SD_SWEEP_SHEET_STEP_REJECTED = 0,
    SD_SWEEP_SHEET_NOT_FINITE = 1,
    SD_SWEEP_SHEET_ALPHA_OUTSIDE = 2,
    SD_SWEEP_SHEET_NEVER_RESTED = 3,
    SD_SWEEP_SHEET_DID_WITHOUT_WILL = 4,
    SD_SWEEP_SHEET_INVARIANTS = 5
};

/** What a sheet sweep knows beyond the sheet: the inner content's rubber band. */
typedef struct sd_sweep_sheet_setup {
    /**
     * The inner scroll view's height, over which it rubber-bands a pull past
     * its content's top (points, > 0), or 0 for UIKit's hand-off
     * (SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER), whose sheet takes the pull unbanded.
     */
    double band_height;
} sd_sweep_sheet_setup;

/** What one gesture did to a sheet (sd_sweep_outcome's fields, for its five values and invariants). */
typedef struct sd_sweep_sheet_outcome {
    double jumps[SD_SWEEP_SHEET_VALUES];
    uint64_t frames;
    uint64_t violations[SD_SWEEP_SHEET_INVARIANTS];
    /** Frames at rest (no drag, no motion) away from the detent's resting top (sd_sheet_rest_top) by more than SD_SHEET_SETTLE_POSITION. */
    uint64_t rest_between_frames;
    /** Notices the steps reported (each bit counts). */
    uint64_t events;
    uint32_t settle_frames;
    /** The detent the sheet ends at. */
    uint32_t end_state;
} sd_sweep_sheet_outcome;

/**
 * Runs `gesture` of `kind` (SD_SWEEP_SHEET_*) on a copy of `start` (a sheet,
 * valid: sd_sheet_validate) from the clock's first frame and writes what it
 * did to `*out`. Errors, with nothing written: sd_sweep_bar's (the same
 * fields and rules); SD_ERR_NULL for `setup`; SD_ERR_RANGE for a kind
 * other than these two, or `interrupted` on a tap; SD_ERR_NOT_FINITE /
 * SD_ERR_NEGATIVE for the band height; sd_sheet_validate's report.
 */
sd_status sd_sweep_sheet(const sd_sheet *start, const sd_sweep_sheet_setup *setup, const sd_sweep_clock *clock,
                         const sd_sweep_gesture *gesture, uint32_t kind, sd_sweep_sheet_outcome *out, sd_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_SIMSWEEP_H */
