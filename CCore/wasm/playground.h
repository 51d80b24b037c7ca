/*
 * playground.h — the browser playground's glue around the C core (built
 * only by `make wasm`, never part of libscrolldrive.a or SwiftPM's
 * CScrollDrive).
 *
 * The glue does what the Swift simulator (ScrollDriveSim) does between the
 * core's calls, in the same order and with the same arithmetic, so that a
 * gesture recorded in the page and replayed by `scrolldrive simulate` gives
 * the same numbers: a scroll view (SimScrollView), the finger's path and the
 * frame loop (Timeline, Simulation), and each surface's controller glue
 * (BarController/BarSurface, SheetController/SheetSurface,
 * PulldownPanelController/PulldownSurface). Every position,
 * velocity and state comes from the core's functions; the glue only moves
 * values between them. Tests/Browser/test_playground.py checks the page's
 * rows against the CLI's.
 *
 * One run at a time: the state is in static storage (no allocation).
 */
#ifndef SCROLLDRIVE_PLAYGROUND_H
#define SCROLLDRIVE_PLAYGROUND_H

#include "scrolldrive.h"

#if defined(__wasm__)
#define PG_EXPORT(name) __attribute__((export_name(#name)))
#else
#define PG_EXPORT(name) /* a native build (the sanitizer test): plain functions */
#endif

/* ---- The page's API (exported from the module; pg_run.c, pg_sheet.c, pg_pulldown.c) ---- */

/* 64 doubles: arguments in (pg_start_*), one row out (pg_frame). */
double *pg_io(void);
/* A new run; 0 when the core rejects the configuration in pg_io (the running surface kept). */
int pg_start_bar(void);
int pg_start_sheet(void);
int pg_start_pulldown(void);
/* The core's words for the last rejection. */
const char *pg_error_field(void);
const char *pg_error_rule(void);
/* Records a finger's down (0), move (1) or up (2); 0 when the recording is full. */
int pg_touch(int phase, double time, double x, double y);
/* The next frame into pg_io if nothing recorded later can change it; else 0. */
int pg_frame(double now);
/* The pan states scroll view i reported during the latest frame. */
const char *pg_pan(int i);
/* The recorded steps (8 doubles each: kind, has_from, from x, y, to x, y, duration, lift), their count, the end. */
double *pg_steps(void);
int pg_step_count(void);
double pg_end(void);
/* The critical points of a pull-down preset into pg_io[0..3]; the mini-program list's height. */
void pg_pulldown_preset(int wechat);
double pg_pulldown_applets_height(void);

/* Pan states reported by a scroll view, as the simulator's PanRecorder names them. */
enum { PG_PAN_BEGAN = 1, PG_PAN_CHANGED = 2, PG_PAN_ENDED = 3, PG_PAN_CANCELLED = 4 };

/* SimScrollView.Phase, in its order. */
enum { PG_IDLE = 0, PG_TOUCHING, PG_DRAGGING, PG_DECELERATING, PG_BOUNCING, PG_ANIMATING };

/* A vertical scroll view with UIScrollView's behaviour: the core's sd_scroll_view
 * (scrollview.h, as SimScrollView wraps it), its observers and its pan record. */
typedef struct pg_view {
    sd_scroll_view sv;
    double content_width;
    /* Which view this is, for the surface's observer (pg_surface_*). */
    int role;
    /* Whether the surface's controller observes this view yet. */
    int observed;
    /* Pan states reported since the last row, repeats merged. */
    char pan[48];
} pg_view;

void pg_view_init(pg_view *v, int role);
void pg_view_advance(pg_view *v, double time);
void pg_view_touch_down(pg_view *v, double x, double y);
void pg_view_touch_moved(pg_view *v, double x, double y, double finger_vy);
void pg_view_touch_up(pg_view *v, double x, double y, double finger_vy);
void pg_view_touch_cancelled(pg_view *v);
void pg_view_update_offset(pg_view *v, double x, double y, int animated);
sd_scroll_bounds pg_view_bounds(const pg_view *v);
double pg_view_dimension(const pg_view *v);
int pg_view_phase(const pg_view *v);
int pg_view_at_rest(const pg_view *v);
void pg_view_take_pan(pg_view *v, char *out, int size);

/* What the surface's controller hears from a scroll view (the observers). */
void pg_surface_offset_changed(pg_view *v);
void pg_surface_pan(pg_view *v, int state);

/* A touch as the frame loop delivers it (SimTouch). */
enum { PG_TOUCH_DOWN = 0, PG_TOUCH_MOVED, PG_TOUCH_UP, PG_TOUCH_CANCELLED };

/* The surface of the run. */
enum { PG_SURFACE_BAR = 0, PG_SURFACE_SHEET = 1, PG_SURFACE_PULLDOWN = 2 };

/* The surface's parts the frame loop calls (SimSurface). */
void pg_surface_handle(int phase, double x, double y, double vy, double time);
/* Advances the surface's scroll views, then the surface (Simulation's order). */
void pg_surface_advance(double time);
int pg_surface_at_rest(void);
/* The surface's scroll views, the primary one first; returns how many. */
int pg_surface_views(pg_view **out);
/* Writes the surface's columns of one row into `out`; returns how many. */
int pg_surface_values(double *out);

/* The bar (pg_bar.c). */
int pg_bar_start(const sd_bar_config *config, const pg_view *screen, sd_error *err);
void pg_bar_offset_changed(pg_view *v);
void pg_bar_pan(pg_view *v, int state);
int pg_bar_values(double *out);

/* The sheet (pg_sheet.c). */
int pg_sheet_start(const sd_sheet_config *config, uint32_t initial, const pg_view *screen, sd_error *err);
void pg_sheet_handle(int phase, double x, double y, double vy, double time);
void pg_sheet_advance(double time);
int pg_sheet_at_rest(void);
pg_view *pg_sheet_view(void);
int pg_sheet_values(double *out);
void pg_sheet_offset_changed(pg_view *v);
/* The sheet's events since the previous row ("willMove(1)+didMove(1)", detent indices). */
const char *pg_sheet_events(void);
/* Forgets them (the frame loop, before each row's events). */
void pg_sheet_take_events(void);

/* The pull-down panel (pg_pulldown.c): its list, panel and mini-program list, in SD_PULLDOWN_SOURCE_* order. */
int pg_pulldown_start(const sd_pulldown_config *config, const pg_view *screen, sd_error *err);
pg_view *pg_pulldown_views(void);
void pg_pulldown_offset_changed(pg_view *v);
void pg_pulldown_pan(pg_view *v, int state);
void pg_pulldown_handle(int phase, double x, double y, double vy, double time);
void pg_pulldown_advance(double time);
int pg_pulldown_at_rest(void);
int pg_pulldown_values(double *out);

/* The run's surface type (PG_SURFACE_*) and its scroll view. */
extern int pg_surface_type;
extern pg_view pg_bar_view;

#endif /* SCROLLDRIVE_PLAYGROUND_H */
