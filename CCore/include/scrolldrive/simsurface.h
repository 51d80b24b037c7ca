/*
 * scrolldrive/simsurface.h — simulated surfaces: a surface of the core
 * driven by the core's scroll views (scrollview.h) the way an app's
 * controller drives it, as plain structs with no callbacks and no
 * allocation. What the simulator's BarSurface, SheetSurface,
 * PulldownSurface and RefreshSurface do with their controllers over SimScrollViews, in C, so
 * that long runs (`scrolldrive sweep`, millions of frames) and the browser
 * playground step a whole surface with one call per touch and per frame.
 *
 * Each simulated surface owns its scroll views (sd_sim_view). A touch goes
 * to the view under the finger; advancing the clock moves every view along
 * its motion and then the surface; every change a view reports (its content
 * offset, its pan state) reaches the surface at once, in the order
 * scrollview.h gives, and the surface performs the actions its step returns
 * on its views, which may report again. The numbers are those of the Swift
 * simulator bit for bit (Tests/ScrollDriveSimTests checks the bar and the
 * panel frame by frame against BarSurface and PulldownSurface; the browser
 * test checks all three against `scrolldrive simulate`).
 *
 * The same four calls for each: sd_sim_X_init, sd_sim_X_touch (a touch at
 * a time, screen points, the finger's velocity in points per second, y
 * down), sd_sim_X_advance (the clock, seconds; earlier or non-finite times
 * do nothing) and sd_sim_X_at_rest. Non-finite touch positions are ignored
 * as scrollview.h says; nothing non-finite reaches a surface's state.
 */
#ifndef SCROLLDRIVE_SIMSURFACE_H
#define SCROLLDRIVE_SIMSURFACE_H

#include "bar.h"
#include "pulldown.h"
#include "refresh.h"
#include "scrollview.h"
#include "sheet.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A touch's phase (SimTouch.Phase). */
typedef enum sd_sim_touch_phase {
    SD_SIM_TOUCH_DOWN = 0,
    SD_SIM_TOUCH_MOVED = 1,
    SD_SIM_TOUCH_UP = 2,
    SD_SIM_TOUCH_CANCELLED = 3
} sd_sim_touch_phase;

/** A pan state a view reported (PanGestureState's names). */
enum { SD_SIM_PAN_BEGAN = 1, SD_SIM_PAN_CHANGED = 2, SD_SIM_PAN_ENDED = 3, SD_SIM_PAN_CANCELLED = 4 };

/** How many pan states a view keeps between two sd_sim_view_take_pans. */
#define SD_SIM_PAN_LOG 8

/**
 * A scroll view of a simulated surface: the core's scroll view, which of the
 * surface's views it is, whether the surface observes it yet, and the pan
 * states it reported since the caller last took them (the first
 * SD_SIM_PAN_LOG kept, in order; pan_count counts them all).
 */
typedef struct sd_sim_view {
    sd_scroll_view sv;
    uint32_t role;
    uint32_t observed;
    uint32_t pan_count;
    uint8_t pan_log[SD_SIM_PAN_LOG];
} sd_sim_view;

/** Forgets the pan states reported so far. */
void sd_sim_view_take_pans(sd_sim_view *view);

/* ------------------------------------------------------------------------ */
/* The expandable bar                                                       */
/* ------------------------------------------------------------------------ */

/**
 * A bar (sd_bar, the default reducer) attached to one full-screen scroll
 * view, as BarController.set(scrollable:) attaches it (attach, preconfigure,
 * observe) and BarSurface reports the first offset. Its clock is the view's;
 * the bar's own clock stays where the controller keeps it (offsets at time
 * 0, the other events at the bar's time). `requests` counts the content
 * offsets the controller asked the view for (snaps, expand).
 */
typedef struct sd_sim_bar {
    sd_bar bar;
    sd_sim_view view;
    uint32_t requests;
    uint32_t reserved;
} sd_sim_bar;

/**
 * A bar of `config` over a scroll view of `view` (sd_scroll_view_config).
 * Errors: those of sd_bar_init and sd_scroll_view_init, and `SD_ERR_NULL`;
 * `*sim` is written only on success.
 */
sd_status sd_sim_bar_init(sd_sim_bar *sim, const sd_bar_config *config, const sd_scroll_view_config *view,
                          sd_error *err);
/** A touch at (x, y) at `time` (the bar's controller reports at its own clock: `time` is not used). */
void sd_sim_bar_touch(sd_sim_bar *sim, sd_sim_touch_phase phase, double x, double y, double finger_vy, double time);
/** Moves the view's clock to `time` (seconds; earlier or non-finite times are ignored). */
void sd_sim_bar_advance(sd_sim_bar *sim, double time);
/** BarController.expand(on: true): the expanded state made available, the content animated to it. */
void sd_sim_bar_expand(sd_sim_bar *sim);
/** The view's content offset set from outside (SimScrollView.updateContentOffset), reported to the bar. */
void sd_sim_bar_set_offset(sd_sim_bar *sim, double x, double y, int animated);
/** Nothing moves: the view rests (the bar itself has no motion of its own). */
int sd_sim_bar_at_rest(const sd_sim_bar *sim);

/* ------------------------------------------------------------------------ */
/* The pull-down panel                                                      */
/* ------------------------------------------------------------------------ */

/**
 * A pull-down panel (sd_pulldown) over its three scroll views, indexed by
 * sd_pulldown_source: the chat list (screen_height high, content
 * `list_content_height`, resting at -top_bar_height under the top bar), the
 * panel's pull-up view (below the top bar, panel_content_screens screens of
 * content) and the mini-program list (sd_sim_pulldown_applets_height high,
 * with SD_SIM_APPLETS_EXTRA_CONTENT more content, resting at
 * search_bar_height), as PulldownSurface lays them out (their width plays
 * no part in their motion). A touch-down picks its view as PulldownSurface does: none
 * while interaction is locked, the chat list while the panel is closed,
 * else the mini-program list above its bottom edge and the panel below.
 * `events` counts transitions started and finished and haptics
 * (PulldownSurface.events); `latest` is the frame of the latest advance.
 */
typedef struct sd_sim_pulldown {
    sd_pulldown core;
    sd_sim_view views[3];
    sd_pulldown_frame latest;
    double applets_height;
    double latest_clock;
    uint32_t dragging[3], awaiting[3];
    int32_t target;
    uint32_t have_frame;
    uint32_t haptic_since_take;
    uint32_t events;
    uint32_t list_transition, panel_transition;
} sd_sim_pulldown;

/**
 * The mini-program list's height on the simulated screen: the top bar, two
 * rows of 102 + 48 points, 74 and 50 points (what the article's panel
 * shows). Its content is SD_SIM_APPLETS_EXTRA_CONTENT points taller.
 */
double sd_sim_pulldown_applets_height(double top_bar_height);
/** How much taller the mini-program list's content is than the list (points). */
#define SD_SIM_APPLETS_EXTRA_CONTENT 600.0

/**
 * A panel of `config` with a chat list `list_content_height` points tall;
 * errors as sd_pulldown_init, `SD_ERR_NULL`, and `SD_ERR_NOT_FINITE` /
 * `SD_ERR_NEGATIVE` for the height; `*sim` is written only on success.
 */
sd_status sd_sim_pulldown_init(sd_sim_pulldown *sim, const sd_pulldown_config *config, double list_content_height,
                               sd_error *err);
/** A touch (the controller reports at its clock, the latest advance: `time` is not used). */
void sd_sim_pulldown_touch(sd_sim_pulldown *sim, sd_sim_touch_phase phase, double x, double y, double finger_vy,
                           double time);
/** Moves every view's clock to `time`, then the controller's tick (a FRAME step; the frame's offsets applied). */
void sd_sim_pulldown_advance(sd_sim_pulldown *sim, double time);
/** The surface needs no frames (sd_pulldown_needs_frames) and every view rests. */
int sd_sim_pulldown_at_rest(const sd_sim_pulldown *sim);

/* ------------------------------------------------------------------------ */
/* The bottom sheet                                                         */
/* ------------------------------------------------------------------------ */

/** How many notices a sheet keeps between two sd_sim_sheet_take_notices. */
#define SD_SIM_NOTICE_LOG 8

/**
 * A bottom sheet (sd_sheet) over the screen, with a scroll view inside it
 * (`view`: the screen's scroll view, its frame height the container's
 * height below the first detent's top). A touch-down above the sheet's top
 * is on the backdrop (a tap there: a still touch-down and lift at the same
 * point); on the sheet it drags the sheet, through the inner view while
 * that scrolls, except in the top `handle_height` points of the sheet (its
 * handle: set the field after sd_sim_sheet_init, 0 by default), where the
 * finger drags the sheet itself at any detent (SD_SHEET_EVENT_HANDLE_DRAG_BEGAN).
 * The inner view reports its offset as a UIScrollView does, rubber band
 * included, and that is what the sheet reads; with
 * SD_SHEET_OPTION_OVERSCROLL_FOLLOWS_FINGER the sheet takes the overscroll
 * before the view bands it (UIKit's sheet pins its scroll view), so the view
 * reports the finger's offset past the top instead.
 * The notices of every step are logged in order
 * (`notices[i]` an SD_SHEET_NOTICE_* bit, `notice_detents[i]` its detent;
 * the first SD_SIM_NOTICE_LOG kept, notice_count counts them all).
 */
typedef struct sd_sim_sheet {
    sd_sheet sheet;
    sd_sim_view view;
    double down_x, down_y;
    uint32_t performing, finger, backdrop_moved, view_has_it;
    uint32_t notice_count;
    uint8_t notices[SD_SIM_NOTICE_LOG];
    uint8_t notice_detents[SD_SIM_NOTICE_LOG];
    uint32_t reserved;
    /** Points at the sheet's top that are its handle (>= 0) [0]. */
    double handle_height;
} sd_sim_sheet;

/**
 * A sheet of `config` resting at detent `initial` over a screen of `view`.
 * Errors: those of sd_sheet_init and sd_scroll_view_init, and `SD_ERR_NULL`;
 * `*sim` is written only on success.
 */
sd_status sd_sim_sheet_init(sd_sim_sheet *sim, const sd_sheet_config *config, uint32_t initial,
                            const sd_scroll_view_config *view, sd_error *err);
/** A touch at (x, y) at `time` (the sheet's drag events carry it). */
void sd_sim_sheet_touch(sd_sim_sheet *sim, sd_sim_touch_phase phase, double x, double y, double finger_vy,
                        double time);
/** Moves the inner view's clock to `time`, then a FRAME step of the sheet. */
void sd_sim_sheet_advance(sd_sim_sheet *sim, double time);
/** No finger, the inner view rests, and the sheet needs no frames (sd_sheet_needs_frames at its clock). */
int sd_sim_sheet_at_rest(const sd_sim_sheet *sim);
/** Forgets the notices logged so far. */
void sd_sim_sheet_take_notices(sd_sim_sheet *sim);
/** The keyboard moves (SD_SHEET_EVENT_KEYBOARD at the sheet's clock): to `height` points over the screen's bottom
 *  (0 hides it) over `duration` seconds along `curve`; SheetSurface's `keyboard` action. Rejected input changes nothing. */
void sd_sim_sheet_keyboard(sd_sim_sheet *sim, double height, double duration, uint32_t curve);


/* ------------------------------------------------------------------------ */
/* Pull to refresh                                                          */
/* ------------------------------------------------------------------------ */

/**
 * The simulated app a refresh surface's events reach (RefreshSurface's
 * App): it ends a refresh `refresh_time` seconds after the REFRESH action
 * (END_REFRESHING at exactly that time), and a load `load_time` seconds
 * after the LOAD action by appending `page_height` points of content,
 * then END_LOADING, with no more data once it has finished `pages` loads.
 * Every number finite and >= 0; the times and the page height at most
 * SD_REFRESH_MAX_VALUE (a content height past that is one the surface
 * rejects: the list grows, the surface keeps the height it had); `pages` a
 * whole number.
 */
typedef struct sd_sim_refresh_app {
    double refresh_time;
    double load_time;
    double page_height;
    double pages;
} sd_sim_refresh_app;

/** RefreshSurface's app: refreshes in 1 s, loads two pages of 1000 points, 0.5 s each. */
sd_sim_refresh_app sd_sim_refresh_app_default(void);

/** How many events a refresh surface keeps between two sd_sim_refresh_take_events. */
#define SD_SIM_REFRESH_EVENT_LOG 8

/** The kinds of logged events (the high nibble of `events[i]`; the low one is the state). */
enum {
    /** The header's state changed to the low nibble (sd_refresh_header_state). */
    SD_SIM_REFRESH_EVENT_HEADER = 0x10,
    /** The app was told to refresh (SD_REFRESH_ACTION_REFRESH). */
    SD_SIM_REFRESH_EVENT_REFRESH = 0x20,
    /** The footer's state changed to the low nibble (sd_refresh_footer_state). */
    SD_SIM_REFRESH_EVENT_FOOTER = 0x30,
    /** The app was told to load more (SD_REFRESH_ACTION_LOAD). */
    SD_SIM_REFRESH_EVENT_LOAD_MORE = 0x40
};

/**
 * Pull to refresh (sd_refresh) on one full-screen list, as RefreshController
 * and RefreshSurface drive it: attaching gives the list the surface's
 * insets and reports its content height and offset; every offset the list
 * reports is an OFFSET event at the surface's clock with whether the finger
 * drags it (from its pan states: began and changed set it; ended and
 * cancelled clear it and report the offset once more, not dragging); the
 * actions are performed as sd_refresh_actions says (the inset top, then the
 * offset, which the list reports again). An advance moves the list, then
 * ends the app's work that is due by then (each at its own time, the
 * earlier first, a refresh before a load due at the same time), then steps
 * a FRAME and sets the list's offset to the frame's while a motion drives
 * it. The controller's events are logged in the order it reports them
 * (`events[i]`: an SD_SIM_REFRESH_EVENT_* kind with the new state; the
 * first SD_SIM_REFRESH_EVENT_LOG kept, event_count counts them all).
 * `refreshes` and `load_starts` count the REFRESH and LOAD actions, `loads`
 * the loads the app finished; `refresh_due` / `load_due` are when the
 * app's work ends while `refresh_pending` / `load_pending` say it is under way.
 */
typedef struct sd_sim_refresh {
    sd_refresh core;
    sd_sim_view view;
    sd_sim_refresh_app app;
    double refresh_due, load_due;
    uint32_t refresh_pending, load_pending;
    uint32_t dragging;
    uint32_t refreshes, load_starts, loads;
    uint32_t event_count;
    uint8_t events[SD_SIM_REFRESH_EVENT_LOG];
    uint32_t reserved;
} sd_sim_refresh;

/**
 * A refresh surface of `config` over a list of `view`, answered by `app`
 * (NULL: sd_sim_refresh_app_default). The list is the screen: the
 * configuration's viewport_height is taken from view->frame_height, and the
 * list starts at rest at its top (offset -content_inset_top, whatever
 * view->offset_y says; its insets are the surface's). Errors: those of
 * sd_refresh_init and sd_scroll_view_init, `SD_ERR_NULL`, and for the app
 * `SD_ERR_NOT_FINITE` / `SD_ERR_NEGATIVE` / `SD_ERR_RANGE` naming the
 * field; `*sim` is written only on success.
 */
sd_status sd_sim_refresh_init(sd_sim_refresh *sim, const sd_refresh_config *config, const sd_sim_refresh_app *app,
                              const sd_scroll_view_config *view, sd_error *err);
/** A touch at (x, y) (the controller reports at its clock: `time` is not used). */
void sd_sim_refresh_touch(sd_sim_refresh *sim, sd_sim_touch_phase phase, double x, double y, double finger_vy,
                          double time);
/** Moves the list's clock to `time`, ends the app's work due by then, then the FRAME step (earlier or non-finite times do nothing). */
void sd_sim_refresh_advance(sd_sim_refresh *sim, double time);
/** The list's content offset set from outside (SimScrollView.updateContentOffset), reported to the surface. */
void sd_sim_refresh_set_offset(sd_sim_refresh *sim, double y, int animated);
/** No motion runs or waits (sd_refresh_needs_frames at the clock), the app has no work under way and the list rests. */
int sd_sim_refresh_at_rest(const sd_sim_refresh *sim);
/** Forgets the events logged so far. */
void sd_sim_refresh_take_events(sd_sim_refresh *sim);

#ifdef __cplusplus
}
#endif

#endif /* SCROLLDRIVE_SIMSURFACE_H */
