/*
 * sheet_demo.c — drives a bottom sheet from C through libscrolldrive.a with
 * the four verbs (sd_sheet_init, sd_sheet_step, sd_sheet_frame_at,
 * sd_sheet_reconfigure): the default sheet (full, half, dismissed) rests at
 * half, a drag up past the threshold springs it to full, a tap on the
 * backdrop dismisses it, and a rotation keeps its detent.
 *
 * Build and run: make -C examples/c run
 */
#include <math.h>
#include <stdio.h>

#include "scrolldrive.h"

static int failures = 0;

static void expect(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "sheet_demo: unexpected: %s\n", what);
        failures++;
    }
}

/* The default configuration's detents, from the top. */
enum { FULL = 0, HALF = 1, DISMISSED = 2 };
static const char *const names[] = { "full", "half", "dismissed" };

/* One event; prints the notices it raised. */
static void step(sd_sheet *sheet, sd_sheet_event event) {
    sd_sheet_actions actions;
    sd_error err;
    if (sd_sheet_step(sheet, &event, &actions, &err) != SD_OK) {
        printf("rejected: %s %s\n", err.field, err.rule);
        failures++;
        return;
    }
    const char *detent = actions.detent < 3 ? names[actions.detent] : "?";
    if (actions.notices & SD_SHEET_NOTICE_WILL_MOVE) printf("  t=%.3f will move to %s\n", event.time, detent);
    if (actions.notices & SD_SHEET_NOTICE_DID_MOVE) printf("  t=%.3f did move to %s\n", event.time, detent);
    if (actions.notices & SD_SHEET_NOTICE_DISMISSED) printf("  t=%.3f dismissed\n", event.time);
}

/* Frames at 60 Hz from *t until the spring rests; returns the resting frame. */
static sd_sheet_frame settle(sd_sheet *sheet, double *t) {
    sd_sheet_frame frame;
    for (int n = 0; n < 600; n++) {
        *t += 1.0 / 60;
        step(sheet, sd_sheet_event_frame(*t));
        sd_sheet_frame_at(sheet, *t, &frame);
        if (!(frame.flags & SD_SHEET_FRAME_ANIMATING)) break;
    }
    return frame;
}

int main(void) {
    sd_sheet sheet;
    sd_error err;

    /* Bad numbers are rejected with the field and the rule. */
    sd_sheet_config bad = sd_sheet_config_default(-1);
    if (sd_sheet_init(&sheet, &bad, HALF, &err) != SD_OK)
        printf("rejected a -1 pt container: %s %s\n", err.field, err.rule);

    /* An 800 pt screen: full at 50, half at 400, dismissed at 800. */
    sd_sheet_config config = sd_sheet_config_default(800);
    if (sd_sheet_init(&sheet, &config, HALF, &err) != SD_OK) {
        fprintf(stderr, "sheet_demo: %s %s\n", err.field, err.rule);
        return 1;
    }
    sd_sheet_frame frame;
    sd_sheet_frame_at(&sheet, 0, &frame);
    printf("at rest: top %g, backdrop %g\n", frame.top, frame.backdrop_alpha);
    expect(frame.top == 400 && frame.detent == HALF, "half at 400");

    /* A drag up by 250 pt (more than 0.25 of the screen) over 0.25 s, released. */
    double t = 0;
    step(&sheet, sd_sheet_event_drag_began(t, 0));
    for (int i = 1; i <= 15; i++) {
        t += 1.0 / 60;
        step(&sheet, sd_sheet_event_drag_changed(t, -250.0 * i / 15, 0));
    }
    sd_sheet_frame_at(&sheet, t, &frame);
    printf("dragged: top %g\n", frame.top);
    expect(frame.top == 150, "the sheet follows the finger 1:1");
    step(&sheet, sd_sheet_event_drag_ended(t, -1000));
    frame = settle(&sheet, &t);
    printf("released: rests at top %g (%s) at t=%.3f\n", frame.top, names[frame.detent], t);
    expect(frame.top == 50 && frame.detent == FULL, "full after the drag");

    /* A tap on the backdrop dismisses the sheet. */
    step(&sheet, sd_sheet_event_backdrop_tap(t));
    frame = settle(&sheet, &t);
    printf("backdrop tap: top %g (%s), backdrop %g\n", frame.top, names[frame.detent], frame.backdrop_alpha);
    expect(frame.top == 800 && frame.detent == DISMISSED, "dismissed at the bottom");

    /* Shown again at half without animation, then a rotation to a 390 pt
     * high screen: the detent is kept, its top follows the new height. */
    step(&sheet, sd_sheet_event_move(t, HALF, 0));
    sd_sheet_config landscape = sd_sheet_config_default(390);
    if (sd_sheet_reconfigure(&sheet, &landscape, &err) != SD_OK) printf("rejected: %s %s\n", err.field, err.rule);
    sd_sheet_frame_at(&sheet, t, &frame);
    printf("landscape: top %g (%s)\n", frame.top, names[frame.detent]);
    expect(frame.top == 195 && frame.detent == HALF, "half of 390");

    if (failures) return 1;
    printf("ok\n");
    return 0;
}
