/*
 * pulldown_demo.c — drives WeChat's pull-down mini-program panel from C
 * through libscrolldrive.a with the four verbs (sd_pulldown_init,
 * sd_pulldown_step, sd_pulldown_frame_at, sd_pulldown_reconfigure): the chat
 * list is pulled down past the critical points (a haptic at cp1), released
 * to open the panel, the panel is closed, and the WeChat preset replaces
 * the article's. Last, a renderer's batch: the README's compact float batch
 * example, as written there, checked against the single-offset values.
 *
 * Build and run: make -C examples/c run
 */
#include <math.h>
#include <stdio.h>

#include "scrolldrive.h"

static int failures = 0;

static void expect(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "pulldown_demo: unexpected: %s\n", what);
        failures++;
    }
}

static const char *const transitions[] = { "none", "opening", "restoring", "closing", "returning" };

/* One event; prints what it asks a view to do that a person would notice. */
static sd_pulldown_actions step(sd_pulldown *p, sd_pulldown_event event) {
    sd_pulldown_actions a = { 0 };
    sd_error err;
    if (sd_pulldown_step(p, &event, &a, &err) != SD_OK) {
        printf("rejected: %s %s\n", err.field, err.rule);
        failures++;
        return a;
    }
    if (a.flags & SD_PULLDOWN_ACTION_HAPTIC) printf("  t=%.3f haptic\n", event.time);
    for (unsigned k = 1; k <= 4; k++) {
        if (a.started & SD_PULLDOWN_TRANSITION_BIT(k)) printf("  t=%.3f %s started\n", event.time, transitions[k]);
        if (a.finished & SD_PULLDOWN_TRANSITION_BIT(k)) printf("  t=%.3f %s finished\n", event.time, transitions[k]);
    }
    return a;
}

/* Frames at 60 Hz for `seconds` from *t. */
static void run(sd_pulldown *p, double *t, double seconds) {
    for (double end = *t + seconds; *t + 1e-9 < end;) {
        *t += 1.0 / 60;
        step(p, sd_pulldown_event_frame(*t));
    }
}

/* The seven compact values a renderer needs, for 1024 pull distances in one
 * call (the README's example between the markers); each float must be the
 * double of sd_pulldown_compact_at rounded once. */
static void renderer_batch(void) {
    sd_pulldown_config config = sd_pulldown_config_article();
    sd_error err;
    double distances[1024];
    for (int i = 0; i < 1024; i++) distances[i] = 0.25 * i; /* 0 to 255.75 pt: every stage */

    /* --- README: compact float batch --- */
    float scale[1024], alpha[1024], side[1024], reveal[1024];   /* distances: 1024 pull distances (points) */
    sd_pulldown_compact_float_arrays out = { .centre_scale = scale, .ball_alpha = alpha,
                                             .side_x = side, .reveal = reveal };
    sd_pulldown_compact_float_batch(&config, distances, 1024, &out, NULL, &err);
    /* --- end of README example --- */

    int same = 1;
    for (int i = 0; i < 1024; i++) {
        sd_pulldown_compact c;
        if (sd_pulldown_compact_at(&config, distances[i], &c) != SD_OK) same = 0;
        else same &= scale[i] == (float)c.centre_scale && alpha[i] == (float)c.ball_alpha &&
                     side[i] == (float)c.side_x && reveal[i] == (float)c.reveal;
    }
    expect(same, "the float batch is sd_pulldown_compact_at rounded to float");
    /* 110 pt (index 440): between cp1 and cp2, the centre ball shrinking from 2 to 1. */
    printf("compact batch at 110 pt: centre scale %g, ball alpha %g, side x %g, reveal %g\n", scale[440],
           alpha[440], side[440], reveal[440]);
    expect(scale[440] == 1.5f && alpha[440] == 1 && side[440] == 8 && reveal[440] == 0, "compact values at 110 pt");
}

int main(void) {
    sd_pulldown panel;
    sd_error err;

    /* Critical points out of order are rejected with the field and the rule. */
    sd_pulldown_config bad = sd_pulldown_config_article();
    bad.cp2 = bad.cp1;
    if (sd_pulldown_init(&panel, &bad, &err) != SD_OK) printf("rejected cp2 = cp1: %s %s\n", err.field, err.rule);

    sd_pulldown_config config = sd_pulldown_config_article();
    if (sd_pulldown_init(&panel, &config, &err) != SD_OK) {
        fprintf(stderr, "pulldown_demo: %s %s\n", err.field, err.rule);
        return 1;
    }
    double rest = -config.top_bar_height; /* the chat list's content offset at rest */
    printf("article: cp0..cp3 = %g %g %g %g, top bar %g\n", config.cp0, config.cp1, config.cp2, config.cp3,
           config.top_bar_height);

    /* Pull the chat list down 150 pt in 30 frames (past cp1 = 90: pulling, one haptic). */
    double t = 0;
    step(&panel, sd_pulldown_event_drag_began(t, SD_PULLDOWN_SOURCE_LIST, rest));
    for (int i = 1; i <= 30; i++) {
        t += 1.0 / 60;
        step(&panel, sd_pulldown_event_offset(t, SD_PULLDOWN_SOURCE_LIST, rest - 5.0 * i, 1));
    }
    sd_pulldown_frame frame;
    sd_pulldown_frame_at(&panel, t, &frame);
    printf("pulled 150 pt: list phase %u (pulling), panel alpha %g, indicator alpha %g\n", frame.list_phase,
           frame.panel_alpha, frame.indicator.alpha);
    expect(frame.list_phase == SD_PULLDOWN_PULLING, "pulling past cp1");

    /* Release: the panel opens (interaction locked while it does). */
    sd_pulldown_actions a = step(&panel, sd_pulldown_event_drag_ended(t, SD_PULLDOWN_SOURCE_LIST, rest - 150, 0));
    expect(a.started & SD_PULLDOWN_TRANSITION_BIT(SD_PULLDOWN_TRANSITION_OPEN), "release opens");
    sd_pulldown_frame_at(&panel, t, &frame);
    expect(!frame.interaction_enabled, "interaction locked while opening");
    run(&panel, &t, config.transition_duration + 0.1);
    sd_pulldown_frame_at(&panel, t, &frame);
    printf("open: list phase %u (refreshing), panel alpha %g, mask %g, nav bar top %g, interaction %u\n",
           frame.list_phase, frame.panel_alpha, frame.mask_alpha, frame.nav_top, frame.interaction_enabled);
    expect(frame.list_phase == SD_PULLDOWN_REFRESHING && frame.panel_alpha == 1 && frame.interaction_enabled,
           "open and interactive");

    /* Close it (as the app's close button would). */
    step(&panel, sd_pulldown_event_close(t));
    run(&panel, &t, config.close_duration + config.transition_duration + 0.2);
    sd_pulldown_frame_at(&panel, t, &frame);
    printf("closed: list phase %u (idle), container alpha %g, list offset %g\n", frame.list_phase,
           frame.container_alpha, frame.list_offset);
    expect(frame.list_phase == SD_PULLDOWN_IDLE && frame.container_alpha == 0, "closed");

    /* The WeChat preset (another nav bar colour), the state kept. */
    sd_pulldown_config wechat = sd_pulldown_config_wechat();
    if (sd_pulldown_reconfigure(&panel, &wechat, &err) != SD_OK) printf("rejected: %s %s\n", err.field, err.rule);
    sd_pulldown_frame_at(&panel, t, &frame);
    printf("wechat preset: nav colour %g %g %g, list phase %u\n", frame.nav_colour.red, frame.nav_colour.green,
           frame.nav_colour.blue, frame.list_phase);
    expect(frame.list_phase == SD_PULLDOWN_IDLE, "state kept");

    renderer_batch();

    if (failures) return 1;
    printf("ok\n");
    return 0;
}
