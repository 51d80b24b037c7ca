/*
 * bar_demo.c — drives an expandable bar from C through libscrolldrive.a,
 * with the four verbs only (sd_bar_init, sd_bar_step, sd_bar_frame_at,
 * sd_bar_reconfigure): a drag that starts at the top pulls the bar into its
 * expanded state, the release snaps it, then a scroll down collapses it to
 * compact, and a rotation gives it smaller heights.
 *
 * Build and run: make -C examples/c run
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "scrolldrive.h"

static int failures = 0;

static void expect(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "bar_demo: unexpected: %s\n", what);
        failures++;
    }
}

/* What this demo has of a scroll view: its geometry and content offset y. */
typedef struct scroll_view {
    sd_scroll_geometry geometry;
    double y;
} scroll_view;

/* Performs a step's actions on the scroll view, in the documented order. */
static void perform(const sd_bar_actions *a, scroll_view *view) {
    if ((a->flags & SD_BAR_ACTION_SCROLL) && (a->flags & SD_BAR_ACTION_SCROLL_FIRST)) view->y = a->target_y;
    if (a->flags & SD_BAR_ACTION_INSET_BOTTOM) view->geometry.inset_bottom = a->inset_bottom;
    if (a->flags & SD_BAR_ACTION_INSET_TOP) view->geometry.inset_top = a->inset_top;
    if ((a->flags & SD_BAR_ACTION_SCROLL) && !(a->flags & SD_BAR_ACTION_SCROLL_FIRST)) view->y = a->target_y;
}

/* One event; prints the rejection if any. */
static int step(sd_bar *bar, sd_bar_event event, scroll_view *view) {
    sd_bar_actions actions;
    sd_error err;
    if (sd_bar_step(bar, &event, &actions, &err) != SD_OK) {
        printf("rejected: %s %s\n", err.field, err.rule);
        return 0;
    }
    perform(&actions, view);
    return 1;
}

/* The scroll view's content offset moves to y at `time` (seconds). */
static int scroll_to(sd_bar *bar, double time, double y, scroll_view *view) {
    view->y = y;
    return step(bar, sd_bar_event_offset(time, 0, y, view->geometry), view);
}

static double height(const sd_bar *bar, double time) {
    sd_bar_frame frame;
    return sd_bar_frame_at(bar, time, &frame) == SD_OK ? frame.height : NAN;
}

int main(void) {
    sd_bar_config config = sd_bar_config_make(100, 200, 300);
    sd_bar bar;
    sd_error err;

    /* Bad configurations are rejected with the field and rule. */
    sd_bar_config bad = sd_bar_config_make(100, 50, 300);
    if (sd_bar_init(&bar, &bad, &err) != SD_OK)
        printf("rejected {100, 50, 300}: %s %s (%s)\n", err.field, err.rule, sd_status_name(err.status));

    if (sd_bar_init(&bar, &config, &err) != SD_OK) {
        fprintf(stderr, "bar_demo: %s %s\n", err.field, err.rule);
        return 1;
    }

    /* A long list: 600 pt frame, 2000 pt of content. Its first content size
     * preconfigures it (insets, and the offset moves to -normal). */
    scroll_view view = { { 0, 0, 2000, 600 }, 0 };
    double t = 0, dt = 1.0 / 60;
    step(&bar, sd_bar_event_content_size(t, 390, 2000, 600, view.y), &view);
    printf("preconfigured: inset top %g, y = %g\n", view.geometry.inset_top, view.y);
    scroll_to(&bar, t, view.y, &view); /* first offset: recorded */

    /* The finger goes down at the top: the expanded state becomes available. */
    step(&bar, sd_bar_event_pan_began(t, view.y), &view);
    printf("pan began: expanded available = %u, inset top = %g\n", bar.state.expanded_available,
           view.geometry.inset_top);

    /* Pull down 60 pt, 2 pt per frame. */
    for (int i = 0; i < 30; i++) {
        t += dt;
        scroll_to(&bar, t, view.y - 2, &view);
    }
    sd_bar_frame frame;
    sd_bar_frame_at(&bar, t, &frame);
    printf("pulled to y = %g: height %g, progress %.17g\n", view.y, frame.height, frame.progress);
    expect(frame.height == 260, "height 260 after the pull");

    /* Release: snap to the nearest state (expanded, 300). */
    step(&bar, sd_bar_event_pan_ended(t, view.y), &view);
    printf("release: moved to y = %g\n", view.y);
    expect(view.y == -300, "snap target -300");
    scroll_to(&bar, t, view.y, &view);

    /* A scroll down through the content, 5 pt per frame. */
    for (int i = 0; i < 120; i++) {
        t += dt;
        scroll_to(&bar, t, view.y + 5, &view);
    }
    printf("after scrolling to y = %g: height %g (compact)\n", view.y, height(&bar, t));
    expect(height(&bar, t) == 100, "compact after the scroll");

    /* NaN never enters the state: the event is rejected, nothing changes. */
    sd_bar before = bar;
    expect(!step(&bar, sd_bar_event_offset(t, 0, NAN, view.geometry), &view), "NaN rejected");
    expect(before.state.offset == bar.state.offset, "state unchanged by NaN");

    /* A rotation: new heights, the state kept (an offset outside the new
     * range would be clamped into it; 100 is inside 50...150). The next
     * scroll moves it within the new range. */
    sd_bar_config landscape = sd_bar_config_make(50, 90, 150);
    if (sd_bar_reconfigure(&bar, &landscape, &err) == SD_OK) printf("landscape: height %g\n", height(&bar, t));
    expect(height(&bar, t) == 100, "height kept by the reconfiguration");
    scroll_to(&bar, t + dt, view.y + 100, &view);
    printf("scrolled on: height %g (the new compact)\n", height(&bar, t + dt));
    expect(height(&bar, t + dt) == 50, "the new compact height");

    if (failures) return 1;
    printf("ok\n");
    return 0;
}
