/*
 * simsweep.c — a sweep's gesture on a simulated surface (scrolldrive/simsweep.h).
 *
 * One runner serves every surface: it is written once with the surface's
 * kind as a parameter and inlined into each entry point with the kind a
 * constant, so every per-frame call is a direct call into simsurface*.c.
 */
#include "internal.h"
#include "bar_internal.h"
#include "simsurface_internal.h"

#include <math.h>
#include <string.h>

/* ---- the finger's path ---------------------------------------------------- */

double sd_sweep_translation(const sd_sweep_touch *touch, double t) {
    const double distance = touch->distance, duration = touch->duration, velocity = touch->velocity;
    if (t >= duration) return distance;
    if (t <= 0) return 0;
    const double u = t / duration;
    const double u2 = u * u, u3 = u2 * u;
    return distance * (3 * u2 - 2 * u3) + velocity * duration * (u3 - u2);
}

double sd_sweep_finger_velocity(const sd_sweep_touch *touch, double t) {
    const double distance = touch->distance, duration = touch->duration, velocity = touch->velocity;
    if (t >= duration) return velocity;
    if (t <= 0) return 0;
    const double u = t / duration;
    return (distance * (6 * u - 6 * u * u) + velocity * duration * (3 * u * u - 2 * u)) / duration;
}

/* ---- the surfaces' states, values and fingers ----------------------------- */

uint32_t sd_sweep_bar_state(const sd_bar_config *c, double height) {
    if (height == c->compact) return SD_SWEEP_BAR_COMPACT;
    if (height == c->normal) return SD_SWEEP_BAR_NORMAL;
    if (height == c->expanded) return SD_SWEEP_BAR_EXPANDED;
    return SD_SWEEP_BAR_BETWEEN;
}

SD_INLINE void bar_values(const sd_sim_bar *sim, double values[SD_SWEEP_VALUES]) {
    const double offset = sim->bar.state.offset;
    values[0] = -offset;
    values[1] = sd__bar_progress(&sim->bar.config, offset);
    values[2] = sim->view.sv.offset_y;
    values[3] = sim->view.sv.inset_top;
}

void sd_sweep_bar_values(const sd_sim_bar *sim, double values[SD_SWEEP_VALUES]) { bar_values(sim, values); }

uint32_t sd_sweep_pulldown_state(int is_open, double pull_distance) {
    if (is_open) return SD_SWEEP_PULLDOWN_OPEN;
    return pull_distance == 0 ? SD_SWEEP_PULLDOWN_CLOSED : SD_SWEEP_PULLDOWN_BETWEEN;
}

/* sd_pulldown_pull_distance of the list's offset (0 for one not finite), inline: twice a frame. */
SD_INLINE double pulldown_pull(const sd_sim_pulldown *sim) {
    const double y = sim->core.list.offset;
    return sd_isfinite(y) ? sd__pull_distance(y, sim->core.config.top_bar_height) : 0.0;
}

SD_INLINE void pulldown_values(const sd_sim_pulldown *sim, double values[SD_SWEEP_VALUES]) {
    values[0] = pulldown_pull(sim);
    values[1] = sim->views[SD_PULLDOWN_SOURCE_LIST].sv.offset_y;
    values[2] = sim->core.panel.offset;
    values[3] = sim->have_frame ? sim->latest.nav_top : 0;
}

void sd_sweep_pulldown_values(const sd_sim_pulldown *sim, double values[SD_SWEEP_VALUES]) {
    pulldown_values(sim, values);
}

uint32_t sd_sweep_refresh_state(const sd_sim_refresh *start, const sd_sim_refresh *now) {
    const sd_refresh *c = &now->core;
    if (c->header.state != SD_REFRESH_HEADER_IDLE || c->footer.state == SD_REFRESH_FOOTER_LOADING)
        return SD_SWEEP_REFRESH_BETWEEN;
    if (now->refreshes != start->refreshes) return SD_SWEEP_REFRESH_REFRESHED;
    if (now->load_starts != start->load_starts)
        return c->footer.state == SD_REFRESH_FOOTER_NO_MORE_DATA ? SD_SWEEP_REFRESH_NO_MORE_DATA
                                                                 : SD_SWEEP_REFRESH_LOADED;
    return now->view.sv.offset_y <= -c->config.content_inset_top ? SD_SWEEP_REFRESH_TOP : SD_SWEEP_REFRESH_SCROLLED;
}

SD_INLINE void refresh_values(const sd_sim_refresh *sim, double values[SD_SWEEP_VALUES]) {
    const sd_refresh *c = &sim->core;
    double d = 0;
    (void)sd_refresh_pull_distance(&c->config, sim->view.sv.offset_y, &d);
    sd_refresh_frame f;
    (void)sd_refresh_frame_at(c, c->time, &f);
    values[0] = d;
    values[1] = sim->view.sv.offset_y;
    values[2] = sim->view.sv.inset_top;
    values[3] = f.progress;
}

void sd_sweep_refresh_values(const sd_sim_refresh *sim, double values[SD_SWEEP_VALUES]) { refresh_values(sim, values); }

/* ---- one runner, every surface ----------------------------------------------- */

enum { BAR, PULLDOWN, REFRESH };

/* The simulation under way: one of the surfaces, a copy of the start. */
typedef union sweep_sim {
    sd_sim_bar bar;
    sd_sim_pulldown pulldown;
    sd_sim_refresh refresh;
} sweep_sim;

SD_INLINE void sim_advance(int kind, sweep_sim *s, double t) {
    if (kind == BAR) sd_sim_bar_advance(&s->bar, t);
    else if (kind == REFRESH) sd_sim_refresh_advance(&s->refresh, t);
    else sd_sim_pulldown_advance(&s->pulldown, t);
}

SD_INLINE void sim_touch(int kind, sweep_sim *s, sd_sim_touch_phase phase, double x, double y, double vy, double t) {
    if (kind == BAR) sd_sim_bar_touch(&s->bar, phase, x, y, vy, t);
    else if (kind == REFRESH) sd_sim_refresh_touch(&s->refresh, phase, x, y, vy, t);
    else sd_sim_pulldown_touch(&s->pulldown, phase, x, y, vy, t);
}

SD_INLINE int sim_at_rest(int kind, const sweep_sim *s) {
    if (kind == BAR) return sd__sim_bar_at_rest(&s->bar);
    return kind == REFRESH ? sd_sim_refresh_at_rest(&s->refresh) : sd_sim_pulldown_at_rest(&s->pulldown);
}

SD_INLINE uint64_t sim_events(int kind, const sweep_sim *s) {
    if (kind == BAR) return s->bar.requests;
    return kind == REFRESH ? s->refresh.load_starts : s->pulldown.events;
}

/* The state `s` shows; `start` is the gesture's start surface (the refresh surface counts from it). */
SD_INLINE uint32_t sim_state(int kind, const sweep_sim *s, const void *start) {
    if (kind == BAR) return sd_sweep_bar_state(&s->bar.bar.config, -s->bar.bar.state.offset);
    if (kind == REFRESH) return sd_sweep_refresh_state((const sd_sim_refresh *)start, &s->refresh);
    return sd_sweep_pulldown_state(sd_pulldown_is_open(&s->pulldown.core), pulldown_pull(&s->pulldown));
}

SD_INLINE uint32_t sim_between(int kind) {
    if (kind == BAR) return SD_SWEEP_BAR_BETWEEN;
    return kind == REFRESH ? SD_SWEEP_REFRESH_BETWEEN : SD_SWEEP_PULLDOWN_BETWEEN;
}

SD_INLINE void sim_values(int kind, const sweep_sim *s, double v[SD_SWEEP_VALUES]) {
    if (kind == BAR) bar_values(&s->bar, v);
    else if (kind == REFRESH) refresh_values(&s->refresh, v);
    else pulldown_values(&s->pulldown, v);
}

/* Bit i: the surface's own invariant i does not hold now. */
SD_INLINE uint32_t sim_violations(int kind, const sweep_sim *s) {
    if (kind == REFRESH) {
        const double inset = s->refresh.view.sv.inset_top;
        const sd_refresh_config *c = &s->refresh.core.config;
        return inset >= c->content_inset_top && inset <= c->content_inset_top + c->header_height ? 0u : 1u;
    }
    if (kind != BAR) return 0;
    const double height = -s->bar.bar.state.offset;
    const sd_bar_config *c = &s->bar.bar.config;
    return height >= c->compact && height <= c->expanded ? 0u : 1u;
}

SD_INLINE void sim_finger(int kind, const sweep_sim *s, double *x, double *y) {
    if (kind == BAR) {
        *x = SD_SWEEP_BAR_FINGER_X;
        *y = SD_SWEEP_BAR_FINGER_Y;
    } else if (kind == REFRESH) {
        *x = SD_SWEEP_REFRESH_FINGER_X;
        *y = SD_SWEEP_REFRESH_FINGER_Y;
    } else {
        *x = SD_SWEEP_PULLDOWN_FINGER_X;
        *y = sd_pulldown_is_open(&s->pulldown.core) ? SD_SWEEP_PULLDOWN_FINGER_Y_OPEN
                                                    : SD_SWEEP_PULLDOWN_FINGER_Y_CLOSED;
    }
}

/* A gesture's bookkeeping. The simulation is a separate object: its
 * address goes to the core's steps, this struct's never leaves the
 * inlined runner, so its fields can stay in registers. */
typedef struct runner {
    sweep_sim *sim;
    const void *start;
    double fps;
    uint64_t n; /* the next frame */
    double lift;
    int finger_down;
    int has_previous;
    double previous[SD_SWEEP_VALUES];
    sd_sweep_outcome out;
} runner;

SD_INLINE double frame_time(const runner *r) { return (double)r->n / r->fps; }

/* Records the frame just advanced to; whether everything rests. */
SD_INLINE int record(int kind, runner *r) {
    r->n++;
    r->out.frames++;
    double v[SD_SWEEP_VALUES];
    sim_values(kind, r->sim, v);
    /* x - x is 0 for every finite x and NaN otherwise: one test for the four. */
    if (!((v[0] - v[0]) + (v[1] - v[1]) + (v[2] - v[2]) + (v[3] - v[3]) == 0.0))
        r->out.violations[SD_SWEEP_NOT_FINITE]++;
    for (uint32_t broken = sim_violations(kind, r->sim); broken; broken &= broken - 1)
        r->out.violations[SD_SWEEP_SURFACE_INVARIANTS + (uint32_t)__builtin_ctz(broken)]++;
    if (r->has_previous) {
        for (int k = 0; k < SD_SWEEP_VALUES; k++) {
            /* max(jump, |d|) as Swift's max takes it (y >= x ? y : x): a NaN change is skipped. */
            const double d = fabs(v[k] - r->previous[k]);
            r->out.jumps[k] = d >= r->out.jumps[k] ? d : r->out.jumps[k];
        }
    }
    for (int k = 0; k < SD_SWEEP_VALUES; k++) r->previous[k] = v[k];
    r->has_previous = 1;
    const int resting = !r->finger_down && sim_at_rest(kind, r->sim);
    if (resting && sim_state(kind, r->sim, r->start) == sim_between(kind)) r->out.rest_between_frames++;
    return resting;
}

/*
 * The loops below take the next frame's time (a division) and the finger's
 * next place (two more) before stepping the surface: they do not depend on
 * the step, so the divisions run while it does instead of after it.
 */

/* A touch-down at `start`, a move along the touch's path and a lift. */
SD_INLINE void touch(int kind, runner *r, double start, const sd_sweep_touch *t) {
    double time = frame_time(r);
    while (time < start) {
        const double next = (double)(r->n + 1) / r->fps;
        sim_advance(kind, r->sim, time);
        (void)record(kind, r);
        time = next;
    }
    sim_advance(kind, r->sim, start);
    double x, y;
    sim_finger(kind, r->sim, &x, &y);
    sim_touch(kind, r->sim, SD_SIM_TOUCH_DOWN, x, y, 0, start);
    r->finger_down = 1;
    const double end = start + t->duration;
    const int moves = t->distance != 0;
    while (time < end) {
        const double next = (double)(r->n + 1) / r->fps;
        double dy = 0, vy = 0;
        if (moves) {
            dy = sd_sweep_translation(t, time - start);
            vy = sd_sweep_finger_velocity(t, time - start);
        }
        sim_advance(kind, r->sim, time);
        if (moves) sim_touch(kind, r->sim, SD_SIM_TOUCH_MOVED, x, y + dy, vy, time);
        (void)record(kind, r);
        time = next;
    }
    sim_advance(kind, r->sim, end);
    sim_touch(kind, r->sim, SD_SIM_TOUCH_UP, x, y + t->distance, t->velocity, end);
    r->finger_down = 0;
    r->lift = end;
}

/* Frames until everything rests, then the settle time. */
SD_INLINE void settle(int kind, runner *r, uint32_t limit) {
    uint32_t waited = 0;
    double t = frame_time(r);
    for (;;) {
        const double next = (double)(r->n + 1) / r->fps;
        sim_advance(kind, r->sim, t);
        const int resting = record(kind, r);
        if (t < r->lift) {
            t = next;
            continue;
        }
        if (resting) {
            r->out.settle_frames = waited;
            return;
        }
        if (waited == limit) {
            r->out.settle_frames = limit + 1;
            r->out.violations[SD_SWEEP_NEVER_RESTED]++;
            return;
        }
        waited++;
        t = next;
    }
}

static sd_status touch_valid(const sd_sweep_touch *t, const char *distance, const char *duration,
                             const char *velocity, sd_error *err) {
    if (!sd_isfinite(t->distance)) return sd_fail(err, SD_ERR_NOT_FINITE, distance, "must be finite");
    if (!sd_isfinite(t->velocity)) return sd_fail(err, SD_ERR_NOT_FINITE, velocity, "must be finite");
    if (!sd_isfinite(t->duration)) return sd_fail(err, SD_ERR_NOT_FINITE, duration, "must be finite");
    if (!(t->duration >= 0)) return sd_fail(err, SD_ERR_NEGATIVE, duration, "must be >= 0");
    if (!(t->duration <= SD_SWEEP_MAX_DURATION))
        return sd_fail(err, SD_ERR_RANGE, duration, "must be <= 86400 s");
    return SD_OK;
}

sd_status sd__sweep_valid(const void *start, const sd_sweep_clock *clock, const sd_sweep_gesture *g,
                          const void *out, sd_error *err) {
    SD_CHECK_NULL(start, err, "start");
    SD_CHECK_NULL(clock, err, "clock");
    SD_CHECK_NULL(g, err, "gesture");
    SD_CHECK_NULL(out, err, "out");
    if (!sd_isfinite(clock->fps)) return sd_fail(err, SD_ERR_NOT_FINITE, "fps", "must be finite");
    if (!(clock->fps >= 1 && clock->fps <= SD_SWEEP_MAX_FPS))
        return sd_fail(err, SD_ERR_RANGE, "fps", "must be within 1...1000");
    if (!((double)clock->first_frame / clock->fps <= SD_SWEEP_MAX_DURATION))
        return sd_fail(err, SD_ERR_RANGE, "first_frame", "must be at most 86400 s in");
    if (clock->settle_limit > 100000000u)
        return sd_fail(err, SD_ERR_RANGE, "settle_limit", "must be <= 100000000 frames");
    sd_status st = touch_valid(&g->first, "first.distance", "first.duration", "first.velocity", err);
    if (st != SD_OK) return st;
    if (g->interrupted > 1) return sd_fail(err, SD_ERR_RANGE, "interrupted", "must be 0 or 1");
    if (!g->interrupted) return SD_OK;
    if ((st = touch_valid(&g->second, "second.distance", "second.duration", "second.velocity", err)) != SD_OK)
        return st;
    if (!sd_isfinite(g->delay)) return sd_fail(err, SD_ERR_NOT_FINITE, "delay", "must be finite");
    if (!(g->delay >= 0)) return sd_fail(err, SD_ERR_NEGATIVE, "delay", "must be >= 0");
    if (!(g->delay <= SD_SWEEP_MAX_DURATION))
        return sd_fail(err, SD_ERR_RANGE, "delay", "must be <= 86400 s");
    return SD_OK;
}

/* The gesture on `sim`, a copy of the start. */
SD_INLINE void run(int kind, sweep_sim *sim, const void *start, const sd_sweep_clock *clock,
                   const sd_sweep_gesture *g, sd_sweep_outcome *out) {
    runner r;
    memset(&r, 0, sizeof r);
    r.sim = sim;
    r.start = start;
    r.fps = clock->fps;
    r.n = clock->first_frame;
    const uint64_t events = sim_events(kind, sim);
    const double t0 = frame_time(&r);
    touch(kind, &r, t0, &g->first);
    if (g->interrupted) touch(kind, &r, t0 + g->first.duration + g->delay, &g->second);
    settle(kind, &r, clock->settle_limit);
    r.out.events = sim_events(kind, sim) - events;
    r.out.end_state = sim_state(kind, sim, start);
    *out = r.out;
}

sd_status sd_sweep_bar(const sd_sim_bar *start, const sd_sweep_clock *clock, const sd_sweep_gesture *gesture,
                       sd_sweep_outcome *out, sd_error *err) {
    sd_status st = sd__sweep_valid(start, clock, gesture, out, err);
    if (st != SD_OK) return st;
    sweep_sim sim;
    sim.bar = *start;
    run(BAR, &sim, &sim, clock, gesture, out);
    return sd_succeed(err);
}

sd_status sd_sweep_pulldown(const sd_sim_pulldown *start, const sd_sweep_clock *clock,
                            const sd_sweep_gesture *gesture, sd_sweep_outcome *out, sd_error *err) {
    sd_status st = sd__sweep_valid(start, clock, gesture, out, err);
    if (st != SD_OK) return st;
    sweep_sim sim;
    sim.pulldown = *start;
    run(PULLDOWN, &sim, &sim, clock, gesture, out);
    return sd_succeed(err);
}

sd_status sd_sweep_refresh(const sd_sim_refresh *start, const sd_sweep_clock *clock,
                           const sd_sweep_gesture *gesture, sd_sweep_outcome *out, sd_error *err) {
    sd_status st = sd__sweep_valid(start, clock, gesture, out, err);
    if (st != SD_OK) return st;
    sweep_sim sim;
    sim.refresh = *start;
    run(REFRESH, &sim, start, clock, gesture, out);
    return sd_succeed(err);
}
