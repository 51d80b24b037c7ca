/*
 * fuzz_refresh.c — libFuzzer harness of the pull-to-refresh surface
 * (CCore/refresh*.c), driven through its four verbs (sd_refresh_init,
 * sd_refresh_step, sd_refresh_frame_at, sd_refresh_reconfigure).
 *
 * The input picks a configuration (MJRefresh's, or one with fields changed
 * to any double and the enable flags to any number) and then events in any
 * order: offsets and content heights of any size, dragging or not, begins
 * and ends of refreshes and loads in any state, frame ticks whose clock
 * stands still, runs backwards or jumps, and new configurations in between.
 * After every step it checks:
 *  - a rejected event or configuration leaves the struct and the actions
 *    bit for bit as they were, with a report naming field and rule;
 *  - the clock is the latest accepted event time; a reconfigure keeps the state;
 *  - the header only takes MJRefresh's transitions, on the events that may
 *    cause them, and reports HEADER_STATE whenever its state changed;
 *  - the footer fires (LOAD) only from IDLE while armed, disarming itself,
 *    so never twice in one approach;
 *  - a started transition ends: a frame at its end time finishes it;
 *  - every state reached passes sd_refresh_validate (a saved one restores);
 *  - inset and offset actions are finite; the frame at any finite time is
 *    finite, its progress within [0, 1], and frame_at changes nothing.
 */
#define FZ_HARNESS "fuzz_refresh"
#include "fuzz_common.h"

static int step;

static sd_refresh_config read_config(fz_reader *r) {
    sd_refresh_config c = sd_refresh_config_mjrefresh();
    unsigned changes = fz_pick(r, 3) == 0 ? fz_pick(r, 6) : 0;
    double *fields = &c.content_inset_top; /* the doubles, in order, before the two flags */
    const size_t n = (size_t)((const char *)&c.header_enabled - (const char *)&c.content_inset_top) / sizeof(double);
    for (unsigned i = 0; i < changes; i++) {
        size_t k = fz_pick(r, (unsigned)n);
        fields[k] = fz_pick(r, 2) ? fields[k] * (double)fz_u8(r) / 64.0 : fz_double(r);
    }
    if (fz_pick(r, 8) == 0) c.header_enabled = fz_pick(r, 3);
    if (fz_pick(r, 8) == 0) c.footer_enabled = fz_pick(r, 3);
    /* Reduced motion a third of the time; now and then any option bits (rejected but the known one). */
    c.options = fz_pick(r, 3) == 0 ? SD_REFRESH_OPTION_REDUCED_MOTION : 0u;
    if (fz_pick(r, 32) == 0) c.options = fz_u32(r);
    return c;
}

static double next_time(fz_reader *r, double clock) { return fz_next_time(r, clock, 0.5); }

static int header_transition_allowed(uint32_t from, uint32_t to, uint32_t type) {
    if (from == to) return 1;
    if (from == SD_REFRESH_HEADER_IDLE && to == SD_REFRESH_HEADER_PULLING) return type == SD_REFRESH_EVENT_OFFSET;
    if (from == SD_REFRESH_HEADER_PULLING && to == SD_REFRESH_HEADER_IDLE) return type == SD_REFRESH_EVENT_OFFSET;
    if (to == SD_REFRESH_HEADER_REFRESHING)
        return type == SD_REFRESH_EVENT_BEGIN_REFRESHING ||
               (from == SD_REFRESH_HEADER_PULLING && type == SD_REFRESH_EVENT_OFFSET);
    /* The end (and its finish) come with the event that ends them or with any later one. */
    if (from == SD_REFRESH_HEADER_REFRESHING && (to == SD_REFRESH_HEADER_DONE || to == SD_REFRESH_HEADER_IDLE))
        return 1;
    if (from == SD_REFRESH_HEADER_DONE && to == SD_REFRESH_HEADER_IDLE) return 1;
    /* ... and a pull may follow in the same step. */
    if ((from == SD_REFRESH_HEADER_REFRESHING || from == SD_REFRESH_HEADER_DONE) && to == SD_REFRESH_HEADER_PULLING)
        return type == SD_REFRESH_EVENT_OFFSET;
    return 0;
}

static void check_frame(const sd_refresh *p, double t) {
    sd_refresh was = *p;
    sd_refresh_frame f;
    FZ_CHECK(sd_refresh_frame_at(p, t, &f) == (isfinite(t) ? SD_OK : SD_ERR_NOT_FINITE), "frame_at status");
    FZ_CHECK(FZ_SAME(*p, was), "frame_at changed the surface");
    if (!isfinite(t)) return;
    const double *v = &f.pull_distance;
    for (size_t i = 0; i < 10; i++) FZ_CHECK(isfinite(v[i]), "frame value not finite");
    FZ_CHECK(f.progress >= 0 && f.progress <= 1, "progress outside [0, 1]");
    FZ_CHECK(f.header_state <= SD_REFRESH_HEADER_DONE && f.footer_state <= SD_REFRESH_FOOTER_NO_MORE_DATA &&
                 f.transition <= SD_REFRESH_TRANSITION_END && f.offset_driven <= 1,
             "frame state out of range");
    FZ_CHECK(f.header_visible >= 0 && f.header_visible <= p->config.header_height, "header_visible outside [0, h]");
    /* sd_refresh_needs_frames: when it says no, no later frame differs without an event. */
    if (!sd_refresh_needs_frames(p, t)) {
        sd_refresh_frame later;
        FZ_CHECK(sd_refresh_frame_at(p, t + 60, &later) == SD_OK, "frame_at rejected a later time");
        FZ_CHECK(later.header_state == f.header_state && later.transition == f.transition &&
                     later.offset_driven == f.offset_driven && later.progress == f.progress &&
                     later.content_offset == f.content_offset && later.inset_top == f.inset_top,
                 "needs no frames, yet a later frame differs");
    }
}

/* A running transition ends at its end time: a copy ticked there has finished it. */
static void check_transition_ends(const sd_refresh *p) {
    /* Every state the verbs reach is one sd_refresh_validate accepts (a saved one restores). */
    FZ_CHECK(sd_refresh_validate(p, NULL) == SD_OK, "a reachable state fails sd_refresh_validate");
    const sd_refresh_header *h = &p->header;
    if (h->transition == SD_REFRESH_TRANSITION_NONE) return;
    const double d = h->transition == SD_REFRESH_TRANSITION_BEGIN ? p->config.begin_duration : p->config.end_duration;
    const double end = h->transition_start + d;
    if (!isfinite(end)) return;
    sd_refresh q = *p;
    sd_refresh_actions a;
    sd_refresh_event e = sd_refresh_event_frame(end);
    FZ_CHECK(sd_refresh_step(&q, &e, &a, NULL) == SD_OK, "a frame at a transition's end was rejected");
    FZ_CHECK(q.header.transition != h->transition || q.header.transition_start != h->transition_start,
             "a transition did not end at its end time");
    FZ_CHECK(a.flags & SD_REFRESH_ACTION_FINISH_TRANSITION, "a transition ended without FINISH_TRANSITION");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader r = fz_make(data, size);
    step = 0;
    sd_refresh_config c = read_config(&r);
    sd_error err;
    sd_refresh p, poison;
    FZ_POISON(p);
    FZ_POISON(poison);
    sd_status st = sd_refresh_init(&p, &c, &err);
    if (st != SD_OK) {
        FZ_CHECK(fz_report_ok(&err, st), "rejected configuration without field and rule");
        FZ_CHECK(FZ_SAME(p, poison), "init of a rejected configuration wrote the surface");
        FZ_CHECK(sd_refresh_config_validate(&c, NULL) == st, "validate disagrees with init");
        return 0;
    }
    FZ_CHECK(fz_report_clean(&err), "valid configuration left a report");
    FZ_CHECK(sd_refresh_validate(&p, NULL) == SD_OK, "an initial state fails sd_refresh_validate");

    double clock = 0;
    while (!fz_done(&r) && step < 2048) {
        step++;
        if (fz_pick(&r, 10) == 0) {
            sd_refresh_config n = read_config(&r);
            sd_refresh was = p;
            st = sd_refresh_reconfigure(&p, &n, &err);
            if (st != SD_OK) {
                FZ_CHECK(fz_report_ok(&err, st) && FZ_SAME(p, was), "rejected reconfigure changed the surface");
                continue;
            }
            /* The state is kept; only a held inset moves, into the new [I, I + h]. */
            const int holding = was.header.state == SD_REFRESH_HEADER_REFRESHING ||
                                was.header.state == SD_REFRESH_HEADER_DONE;
            const double lo = n.content_inset_top, hi = n.content_inset_top + n.header_height;
            if (holding)
                FZ_CHECK(p.header.held_inset == fmin(fmax(was.header.held_inset, lo), hi),
                         "reconfigure did not clamp the held inset into [I, I + h]");
            was.header.held_inset = p.header.held_inset;
            FZ_CHECK(memcmp((char *)&p + sizeof n, (char *)&was + sizeof n, sizeof p - sizeof n) == 0,
                     "reconfigure changed the state");
            FZ_CHECK(sd_refresh_validate(&p, NULL) == SD_OK, "a reconfigured state fails sd_refresh_validate");
            continue;
        }
        sd_refresh_event e;
        memset(&e, 0, sizeof e);
        e.type = fz_pick(&r, 16) ? fz_pick(&r, 8) : fz_u8(&r);
        e.flag = fz_pick(&r, 16) ? fz_pick(&r, 2) : fz_u8(&r);
        const double base = e.type == SD_REFRESH_EVENT_CONTENT_SIZE ? p.content_height : p.offset;
        e.value = fz_pick(&r, 3) ? base + (double)((int)fz_u8(&r) - 128) * 4.0 : fz_double(&r);
        e.time = next_time(&r, clock);
        if (fz_trace)
            fprintf(stderr, "step %d type %u flag %u value %.17g t %.17g (header %u/%u footer %u)\n", step, e.type,
                    e.flag, e.value, e.time, p.header.state, p.header.transition, p.footer.state);

        sd_refresh before = p;
        sd_refresh_actions a, apoison;
        FZ_POISON(a);
        FZ_POISON(apoison);
        st = sd_refresh_step(&p, &e, &a, &err);
        if (st != SD_OK) {
            FZ_CHECK(FZ_SAME(p, before) && FZ_SAME(a, apoison), "rejected event changed the surface or actions");
            FZ_CHECK(fz_report_ok(&err, st), "rejected event without field and rule");
            continue;
        }
        FZ_CHECK(fz_report_clean(&err), "accepted event left a report");
        FZ_CHECK(e.type <= SD_REFRESH_EVENT_FRAME && e.flag <= 1 && isfinite(e.time) && e.time >= 0,
                 "bad event accepted");
        if (e.time > clock) clock = e.time;
        FZ_CHECK(p.time == clock, "the clock is not the latest accepted event time");
        FZ_CHECK(header_transition_allowed(before.header.state, p.header.state, e.type),
                 "the header took a transition MJRefresh does not");
        if (p.header.state != before.header.state)
            FZ_CHECK(a.flags & SD_REFRESH_ACTION_HEADER_STATE, "header state changed without HEADER_STATE");
        if (a.flags & SD_REFRESH_ACTION_LOAD) {
            FZ_CHECK(before.footer.state == SD_REFRESH_FOOTER_IDLE && before.footer.armed &&
                         p.footer.state == SD_REFRESH_FOOTER_LOADING && !p.footer.armed,
                     "the footer fired while not idle and armed");
        }
        FZ_CHECK(p.footer.state <= SD_REFRESH_FOOTER_NO_MORE_DATA && p.footer.armed <= 1, "footer state out of range");
        if (a.flags & SD_REFRESH_ACTION_SET_INSET_TOP) FZ_CHECK(isfinite(a.inset_top), "inset action not finite");
        if (a.flags & SD_REFRESH_ACTION_SET_OFFSET) FZ_CHECK(isfinite(a.offset), "offset action not finite");
        check_transition_ends(&p);
        check_frame(&p, clock);
        check_frame(&p, next_time(&r, clock));
    }
    return 0;
}
