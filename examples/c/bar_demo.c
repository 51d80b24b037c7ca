/*
 * bar_demo.c — drives an expandable bar from C through libscrolldrive.a:
 * a drag that starts at the top pulls the bar into its expanded state, the
 * release snaps it, then a fast scroll down collapses it to compact.
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

int main(void) {
    sd_bar_config config = { 100, 200, 300 };
    sd_bar bar;
    sd_error err;

    /* Bad configurations are rejected with the field and rule. */
    sd_bar_config bad = { 100, 50, 300 };
    if (sd_bar_init(&bar, &bad, &err) != SD_OK)
        printf("rejected {100, 50, 300}: %s %s (%s)\n", err.field, err.rule, sd_status_name(err.status));

    if (sd_bar_init(&bar, &config, &err) != SD_OK) {
        fprintf(stderr, "bar_demo: %s %s\n", err.field, err.rule);
        return 1;
    }

    /* A long list: 600 pt frame, 2000 pt of content, inset top = normal. */
    sd_scroll_geometry geometry = { 200, 0, 2000, 600 };
    double y = -200;
    sd_bar_content_offset_changed(&bar, &geometry, 0, y); /* first offset: recorded */

    /* The finger goes down at the top: the expanded state becomes available. */
    sd_bar_actions actions;
    sd_bar_pan_began(&bar.config, &bar.state, y, &actions);
    if (actions.flags & SD_BAR_ACTION_INSET_TOP) geometry.inset_top = actions.inset_top;
    printf("pan began: expanded available = %u, inset top = %g\n", bar.state.expanded_available, geometry.inset_top);

    /* Pull down 60 pt, 2 pt per frame. */
    for (int i = 0; i < 30; i++) {
        y -= 2;
        sd_bar_content_offset_changed(&bar, &geometry, 0, y);
    }
    printf("pulled to y = %g: height %g, progress %.17g\n", y, -bar.state.offset,
           sd_bar_progress(&bar.config, bar.state.offset));
    expect(bar.state.offset == -260, "height 260 after the pull");

    /* Release: snap to the nearest state (expanded, 300). */
    sd_bar_pan_ended(&bar.config, &bar.state, y, &actions);
    if (actions.flags & SD_BAR_ACTION_SCROLL) {
        printf("release: scroll %s to y = %g\n", (actions.flags & SD_BAR_ACTION_ANIMATED) ? "animated" : "at once",
               actions.target_y);
        expect(actions.target_y == -300, "snap target -300");
        y = actions.target_y;
        sd_bar_content_offset_changed(&bar, &geometry, 0, y);
    }

    /* A fast scroll down through the content in one batch call. */
    enum { N = 120 };
    double ys[N], heights[N];
    for (int i = 0; i < N; i++) ys[i] = y + 5.0 * (i + 1);
    size_t rejected = 0;
    sd_bar_reduce_batch(&bar, &geometry, ys, N, heights, &rejected);
    printf("after scrolling to y = %g: height %g (compact), %zu offsets rejected\n", ys[N - 1], heights[N - 1],
           rejected);
    expect(heights[N - 1] == 100, "compact after the scroll");

    /* NaN never enters the state. */
    sd_bar before = bar;
    expect(sd_bar_content_offset_changed(&bar, &geometry, 0, NAN) == SD_BAR_OFFSET_REJECTED, "NaN rejected");
    expect(before.state.offset == bar.state.offset, "state unchanged by NaN");

    if (failures) return 1;
    printf("ok\n");
    return 0;
}
