/*
 * playground.h — the browser playground's glue around the C core (built
 * only by `make wasm`, never part of libscrolldrive.a or SwiftPM's
 * CScrollDrive).
 *
 * The glue does what the Swift simulator (ScrollDriveSim) does around the
 * surfaces, in the same order and with the same arithmetic, so that a
 * gesture recorded in the page and replayed by `scrolldrive simulate` gives
 * the same numbers: the finger's path and the frame loop (Timeline,
 * Simulation) and each row's columns. The surfaces, their controllers' glue
 * and their scroll views are the core's simulated surfaces (simsurface.h:
 * sd_sim_bar, sd_sim_sheet, sd_sim_pulldown, sd_sim_refresh), the ones sweeps run. Every
 * position, velocity and state comes from the core's functions; the glue
 * only moves values between them. Tests/Browser/test_playground.py checks
 * the page's rows against the CLI's.
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

/* ---- The page's API (exported from the module; pg_run.c, pg_sheet.c, pg_pulldown.c, pg_refresh.c) ---- */

/* 64 doubles: arguments in (pg_start_*), one row out (pg_frame). */
double *pg_io(void);
/* A new run; 0 when the core rejects the configuration in pg_io (the running surface kept). */
int pg_start_bar(void);
int pg_start_sheet(void);
int pg_start_pulldown(void);
int pg_start_refresh(void);
/* The core's words for the last rejection. */
const char *pg_error_field(void);
const char *pg_error_rule(void);
/* Records a finger's down (0), move (1) or up (2); 0 when the recording is full. */
int pg_touch(int phase, double time, double x, double y);
/* Records the sheet's keyboard moving to `height` over `duration` along `curve`; 0 when not taken. */
int pg_keyboard(double time, double height, double duration, int curve);
/* The next frame into pg_io if nothing recorded later can change it; else 0. */
int pg_frame(double now);
/* The pan states scroll view i reported during the latest frame. */
const char *pg_pan(int i);
/* How much of a wheel's move dy (points, positive down) its finger may make: 0 past an
 * edge plus `overshoot` points of travel, never lifting a dragged sheet above detent 0. */
double pg_wheel_limit(double dy, double overshoot);
/* The recorded steps (8 doubles each: kind, has_from, from x, y, to x, y, duration, lift), their count, the end. */
double *pg_steps(void);
int pg_step_count(void);
double pg_end(void);
/* The critical points of a pull-down preset into pg_io[0..3]; the mini-program list's height. */
void pg_pulldown_preset(int wechat);
double pg_pulldown_applets_height(void);

/* A touch as the frame loop delivers it (SimTouch; sd_sim_touch_phase's values). */
enum { PG_TOUCH_DOWN = SD_SIM_TOUCH_DOWN, PG_TOUCH_MOVED = SD_SIM_TOUCH_MOVED, PG_TOUCH_UP = SD_SIM_TOUCH_UP,
       PG_TOUCH_CANCELLED = SD_SIM_TOUCH_CANCELLED };

/* The surface of the run. */
enum { PG_SURFACE_BAR = 0, PG_SURFACE_SHEET = 1, PG_SURFACE_PULLDOWN = 2, PG_SURFACE_REFRESH = 3 };

/* The run's surface: the core's simulated surfaces (simsurface.h), one of
 * them live (pg_surface_type). Each surface file keeps its own and writes
 * its columns of a row. */
void pg_surface_handle(int phase, double x, double y, double vy, double time);
/* Advances the surface's scroll views, then the surface (Simulation's order). */
void pg_surface_advance(double time);
int pg_surface_at_rest(void);
/* The surface's scroll views, the primary one first; returns how many. */
int pg_surface_views(sd_sim_view **out);
/* Writes the surface's columns of one row into `out`; returns how many. */
int pg_surface_values(double *out);

/* The bar (pg_bar.c). */
int pg_bar_start(const sd_bar_config *config, const sd_scroll_view_config *screen, sd_error *err);
sd_sim_bar *pg_bar(void);
int pg_bar_values(double *out);

/* The sheet (pg_sheet.c). */
/* A new sheet run; `handle_height` points at its top are the handle (sd_sim_sheet.handle_height). */
int pg_sheet_start(const sd_sheet_config *config, uint32_t initial, double handle_height,
                   const sd_scroll_view_config *screen, sd_error *err);
sd_sim_sheet *pg_sheet(void);
int pg_sheet_values(double *out);
/* The sheet's events since the previous row ("willMove(1)+didMove(1)", detent indices). */
const char *pg_sheet_events(void);
/* Forgets them (the frame loop, before each row's events). */
void pg_sheet_take_events(void);

/* The pull-down panel (pg_pulldown.c): its list, panel and mini-program list, in SD_PULLDOWN_SOURCE_* order. */
int pg_pulldown_start(const sd_pulldown_config *config, const sd_scroll_view_config *screen, sd_error *err);
sd_sim_pulldown *pg_pulldown(void);
int pg_pulldown_values(double *out);

/* Pull to refresh (pg_refresh.c): the list and the simulated app. */
int pg_refresh_start(const sd_refresh_config *config, const sd_sim_refresh_app *app,
                     const sd_scroll_view_config *screen, sd_error *err);
sd_sim_refresh *pg_refresh(void);
int pg_refresh_values(double *out);
/* The controller's events since the previous row ("header(pulling)+refresh"). */
const char *pg_refresh_events(void);
/* Forgets them (the frame loop, before each row's events). */
void pg_refresh_take_events(void);

/* The run's surface type (PG_SURFACE_*). */
extern int pg_surface_type;

#endif /* SCROLLDRIVE_PLAYGROUND_H */
