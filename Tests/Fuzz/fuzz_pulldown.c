/*
 * fuzz_pulldown.c — libFuzzer harness of WeChat's pull-down panel
 * (CCore/pulldown*.c), driven through its four verbs (sd_pulldown_init,
 * sd_pulldown_step, sd_pulldown_frame_at, sd_pulldown_reconfigure) as an app
 * would.
 *
 * The input picks a configuration (the article's, WeChat's, or one with
 * fields changed to any double) and then events from any source in any
 * order: offsets of any size (NaN, infinities, huge, denormal, negative
 * zero), drags that begin twice or end without beginning, decelerations,
 * closes, mini-program opens and page appearances, unknown types and
 * sources, frame ticks whose clock stands still, runs backwards or jumps, and
 * new configurations (valid or not) in between.
 * After every step it checks:
 *  - a rejected event or configuration leaves the struct and the actions
 *    bit for bit as they were, with a report naming field and rule;
 *  - the clock is the latest accepted event time (an earlier event counts
 *    at the clock); a reconfigure keeps the state and the clock;
 *  - each machine only takes the transitions the article allows, and only on
 *    the events that may cause them (list: idle <-> pulling on offsets,
 *    pulling -> refreshing on a release, refreshing -> idle on a close;
 *    panel: idle <-> pulling on offsets, pulling -> refreshing on a release,
 *    any -> refreshing on a close, refreshing -> idle on a frame);
 *  - STATE is reported exactly when a phase changed; the haptic fires at most
 *    once per gesture and only on entering pulling;
 *  - every transition started ends: a frame tick at its start + duration
 *    finishes it (when that sum is a finite double, as in fuzz_refresh),
 *    and finish / cancel name only running transitions;
 *  - interaction is locked exactly while a locking transition runs;
 *  - every state reached passes sd_pulldown_validate (a saved one restores);
 *  - the frame at any finite time is finite, alphas within [0, 1], colour
 *    channels within [0, 255]; the per-offset functions likewise, and the
 *    compact values expand to theirs bit for bit.
 */
#define FZ_HARNESS "fuzz_pulldown"
#include "fuzz_common.h"

static int step;

static sd_pulldown_config read_config(fz_reader *r) {
    sd_pulldown_config c = fz_pick(r, 2) ? sd_pulldown_config_article() : sd_pulldown_config_wechat();
    unsigned changes = fz_pick(r, 4) == 0 ? fz_pick(r, 6) : 0;
    double *fields = &c.cp0; /* the numbers are all doubles, in order, up to the options */
    size_t n = offsetof(sd_pulldown_config, options) / sizeof(double);
    for (unsigned i = 0; i < changes; i++) {
        size_t k = fz_pick(r, (unsigned)n);
        fields[k] = fz_pick(r, 2) ? fields[k] * (double)fz_u8(r) / 128.0 : fz_double(r);
    }
    /* Reduced motion a third of the time; now and then any option bits (rejected but the known one). */
    c.options = fz_pick(r, 3) == 0 ? SD_PULLDOWN_OPTION_REDUCED_MOTION : 0u;
    if (fz_pick(r, 32) == 0) c.options = fz_u32(r);
    return c;
}

static int unit(double x) { return x >= 0 && x <= 1; }

static void check_frame(const sd_pulldown_frame *f) {
    const double *v = &f->nav_top;
    size_t n = (size_t)((const char *)&f->interaction_enabled - (const char *)&f->nav_top) / sizeof(double);
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(v[i])) fprintf(stderr, "frame value %zu (byte offset %zu) = %.17g\n", i, i * sizeof(double), v[i]);
        FZ_CHECK(isfinite(v[i]), "frame value not finite");
    }
    FZ_CHECK(unit(f->indicator.alpha) && unit(f->container_alpha) && unit(f->panel_alpha) && unit(f->mask_alpha) &&
                 unit(f->weather_alpha) && unit(f->tab_bar_alpha) && unit(f->indicator.left.alpha) &&
                 unit(f->indicator.centre.alpha) && unit(f->indicator.right.alpha),
             "frame alpha outside [0, 1]");
    FZ_CHECK(f->nav_colour.red >= 0 && f->nav_colour.red <= 255 && f->nav_colour.green >= 0 &&
                 f->nav_colour.green <= 255 && f->nav_colour.blue >= 0 && f->nav_colour.blue <= 255,
             "nav colour outside [0, 255]");
    FZ_CHECK(f->interaction_enabled <= 1 && f->haptic <= 1, "frame flag not 0 or 1");
}

static void check_pure(const sd_pulldown_config *c, double d) {
    sd_pulldown_indicator ind, ipoison;
    FZ_POISON(ind);
    FZ_POISON(ipoison);
    sd_status st = sd_pulldown_indicator_at(c, d, &ind);
    if (!isfinite(d)) {
        FZ_CHECK(st == SD_ERR_NOT_FINITE && FZ_SAME(ind, ipoison), "indicator accepted a non-finite distance");
        return;
    }
    FZ_CHECK(st == SD_OK, "indicator rejected a finite distance");
    FZ_CHECK(isfinite(ind.height) && ind.height >= c->min_indicator_height && unit(ind.alpha) &&
                 unit(ind.centre.alpha) && unit(ind.left.alpha) && unit(ind.right.alpha) &&
                 isfinite(ind.centre.scale) && isfinite(ind.left.x) && isfinite(ind.right.x),
             "indicator not finite or alpha outside [0, 1]");
    sd_pulldown_reveal rv;
    FZ_CHECK(sd_pulldown_reveal_at(c, d, &rv) == SD_OK, "reveal rejected a finite distance");
    FZ_CHECK(unit(rv.container_alpha) && unit(rv.panel_alpha) && unit(rv.mask_alpha) && isfinite(rv.panel_scale_x) &&
                 isfinite(rv.panel_scale_y),
             "reveal not finite or alpha outside [0, 1]");
    sd_pulldown_mirror mr;
    FZ_CHECK(sd_pulldown_mirror_at(c, d, &mr) == SD_OK, "mirror rejected a finite distance");
    FZ_CHECK(unit(mr.progress) && unit(mr.mask_alpha) && unit(mr.panel_alpha) && isfinite(mr.panel_y) &&
                 isfinite(mr.list_offset),
             "mirror not finite or outside [0, 1]");
    sd_pulldown_rgb col;
    FZ_CHECK(sd_pulldown_nav_colour(c, d, &col) == SD_OK, "nav colour rejected a finite distance");
    FZ_CHECK(col.red >= 0 && col.red <= 255 && col.green >= 0 && col.green <= 255 && col.blue >= 0 &&
                 col.blue <= 255,
             "nav colour outside [0, 255]");
    double ret;
    FZ_CHECK(sd_pulldown_return_offset(c, d, fabs(d) / 1000.0, &ret) == SD_OK && isfinite(ret),
             "return offset not finite");
    /* The batch gives the single values. */
    double ds[1] = { d }, alpha[1];
    sd_pulldown_indicator_arrays arr;
    memset(&arr, 0, sizeof arr);
    arr.alpha = alpha;
    FZ_CHECK(sd_pulldown_indicator_batch(c, ds, 1, &arr, NULL, NULL) == SD_OK && fz_same_double(alpha[0], ind.alpha),
             "indicator batch differs");
    /* The compact values expand to the same three structs, and the float
     * batch gives them rounded once. */
    sd_pulldown_compact v;
    sd_pulldown_indicator eind;
    sd_pulldown_reveal erv;
    sd_pulldown_rgb ecol;
    FZ_CHECK(sd_pulldown_compact_at(c, d, &v) == SD_OK &&
                 sd_pulldown_compact_expand(c, d, &v, &eind, &erv, &ecol) == SD_OK,
             "compact values rejected a finite distance");
    FZ_CHECK(FZ_SAME(eind, ind) && FZ_SAME(erv, rv) && FZ_SAME(ecol, col), "expanded compact values differ");
    float side_x[1], progress[1];
    sd_pulldown_compact_float_arrays fa;
    memset(&fa, 0, sizeof fa);
    fa.side_x = side_x;
    fa.colour_progress = progress;
    const float want_x = (float)v.side_x, want_p = (float)v.colour_progress;
    FZ_CHECK(sd_pulldown_compact_float_batch(c, ds, 1, &fa, NULL, NULL) == SD_OK && FZ_SAME(side_x[0], want_x) &&
                 FZ_SAME(progress[0], want_p),
             "compact float batch differs");
}

static double next_time(fz_reader *r, double clock) { return fz_next_time(r, clock, 2.0); }

/* Which phase changes an event may cause. */
static int list_transition_allowed(uint32_t from, uint32_t to, uint32_t type, int closed) {
    if (from == to) return 1;
    if (from == SD_PULLDOWN_IDLE && to == SD_PULLDOWN_PULLING) return type == SD_PULLDOWN_EVENT_OFFSET_CHANGED;
    if (from == SD_PULLDOWN_PULLING && to == SD_PULLDOWN_IDLE) return type == SD_PULLDOWN_EVENT_OFFSET_CHANGED;
    if (from == SD_PULLDOWN_PULLING && to == SD_PULLDOWN_REFRESHING)
        return type == SD_PULLDOWN_EVENT_DRAG_ENDED || type == SD_PULLDOWN_EVENT_OFFSET_CHANGED;
    if (from == SD_PULLDOWN_REFRESHING && to == SD_PULLDOWN_IDLE) return closed;
    return 0;
}

static int panel_transition_allowed(uint32_t from, uint32_t to, uint32_t type, int closed) {
    if (from == to) return 1;
    if (from == SD_PULLDOWN_IDLE && to == SD_PULLDOWN_PULLING) return type == SD_PULLDOWN_EVENT_OFFSET_CHANGED;
    if (from == SD_PULLDOWN_PULLING && to == SD_PULLDOWN_IDLE) return type == SD_PULLDOWN_EVENT_OFFSET_CHANGED;
    if (to == SD_PULLDOWN_REFRESHING)
        return closed || (from == SD_PULLDOWN_PULLING &&
                          (type == SD_PULLDOWN_EVENT_DRAG_ENDED || type == SD_PULLDOWN_EVENT_OFFSET_CHANGED));
    if (from == SD_PULLDOWN_REFRESHING && to == SD_PULLDOWN_IDLE) return type == SD_PULLDOWN_EVENT_FRAME;
    return 0;
}

static int locking(uint32_t t) {
    return t == SD_PULLDOWN_TRANSITION_OPEN || t == SD_PULLDOWN_TRANSITION_RESTORE || t == SD_PULLDOWN_TRANSITION_CLOSE;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader r = fz_make(data, size);
    step = 0;

    sd_pulldown_config c = read_config(&r);
    sd_error err;
    sd_pulldown p, poison;
    FZ_POISON(p);
    FZ_POISON(poison);
    sd_status st = sd_pulldown_init(&p, &c, &err);
    if (st != SD_OK) {
        FZ_CHECK(fz_report_ok(&err, st), "rejected configuration without field and rule");
        FZ_CHECK(FZ_SAME(p, poison), "init of a rejected configuration wrote the machines");
        FZ_CHECK(sd_pulldown_config_validate(&c, NULL) == st, "validate disagrees with init");
        return 0;
    }
    FZ_CHECK(fz_report_clean(&err), "valid configuration left a report");
    if (fz_trace) {
        const double *cf = &c.cp0;
        for (size_t k = 0; k < sizeof c / sizeof(double); k++) fprintf(stderr, "config[%zu] = %.17g\n", k, cf[k]);
    }

    double clock = 0;
    int haptic_in_gesture = 0;
    uint32_t was_locked = 0;
    while (!fz_done(&r) && step < 2048) {
        step++;
        if (fz_pick(&r, 8) == 0) {
            if (fz_pick(&r, 4) != 0) {
                check_pure(&p.config, fz_double(&r));
                continue;
            }
            /* New numbers: rejected ones change nothing, accepted ones keep the state. */
            sd_pulldown_config n = read_config(&r);
            sd_pulldown was = p;
            st = sd_pulldown_reconfigure(&p, &n, &err);
            if (st != SD_OK) {
                FZ_CHECK(fz_report_ok(&err, st) && FZ_SAME(p, was), "rejected reconfigure changed the panel");
                continue;
            }
            FZ_CHECK(FZ_SAME(p.list, was.list) && FZ_SAME(p.panel, was.panel) && FZ_SAME(p.applets, was.applets) &&
                         fz_same_double(p.time, was.time),
                     "reconfigure changed the state");
            FZ_CHECK(sd_pulldown_validate(&p, NULL) == SD_OK, "a reconfigured state fails sd_pulldown_validate");
            c = n;
            continue;
        }

        sd_pulldown_event e;
        memset(&e, 0, sizeof e);
        e.type = fz_pick(&r, 16) ? fz_pick(&r, 8) : fz_u8(&r);
        e.flag = fz_pick(&r, 2);
        double base = e.type == SD_PULLDOWN_EVENT_OFFSET_CHANGED || e.type == SD_PULLDOWN_EVENT_DRAG_ENDED
                          ? p.list.offset : -c.top_bar_height;
        e.offset = fz_pick(&r, 3) ? base + (double)((int)fz_u8(&r) - 128) * 2.0 : fz_double(&r);
        e.time = next_time(&r, clock);
        uint32_t source = fz_pick(&r, 16) ? fz_pick(&r, 3) : fz_u8(&r);
        if (source == SD_PULLDOWN_SOURCE_PANEL && e.type == SD_PULLDOWN_EVENT_OFFSET_CHANGED && fz_pick(&r, 2))
            e.offset = p.panel.offset + (double)((int)fz_u8(&r) - 64) * 4.0;
        if (fz_trace)
            fprintf(stderr, "step %d src %u type %u flag %u off %.17g t %.17g (list %u/%u panel %u/%u u %.17g)\n",
                    step, source, e.type, e.flag, e.offset, e.time, p.list.phase, p.list.transition, p.panel.phase,
                    p.panel.transition, p.panel.offset);

        sd_pulldown before = p;
        sd_pulldown_actions a, apoison;
        FZ_POISON(a);
        FZ_POISON(apoison);
        e.source = source;
        st = sd_pulldown_step(&p, &e, &a, &err);
        if (st != SD_OK) {
            FZ_CHECK(FZ_SAME(p, before) && FZ_SAME(a, apoison), "rejected event changed the panel or actions");
            FZ_CHECK(fz_report_ok(&err, st), "rejected event without field and rule");
            continue;
        }
        FZ_CHECK(source <= SD_PULLDOWN_SOURCE_APPLETS && e.type <= SD_PULLDOWN_EVENT_PAGE_APPEARED && isfinite(e.time) &&
                     e.time >= 0,
                 "event of unknown source or type, or non-finite or negative time, accepted");
        if (e.time > clock) clock = e.time;
        FZ_CHECK(p.time == clock, "the clock is not the latest accepted event time");
        if (p.list.transition != before.list.transition && p.list.transition)
            FZ_CHECK(p.list.transition_start == clock, "a list transition started off the clock");
        if (p.panel.transition != before.panel.transition && p.panel.transition)
            FZ_CHECK(p.panel.transition_start == clock, "a panel transition started off the clock");

        /* Only the article's transitions, on the events that cause them. */
        int closed = (a.flags & SD_PULLDOWN_ACTION_CLOSE_PANEL) || e.type == SD_PULLDOWN_EVENT_CLOSE;
        FZ_CHECK(list_transition_allowed(before.list.phase, p.list.phase, e.type, closed),
                 "list machine took a transition the article does not allow");
        FZ_CHECK(panel_transition_allowed(before.panel.phase, p.panel.phase, e.type, closed),
                 "panel machine took a transition the article does not allow");
        FZ_CHECK(p.list.phase <= SD_PULLDOWN_REFRESHING && p.panel.phase <= SD_PULLDOWN_REFRESHING, "unknown phase");
        if (source != SD_PULLDOWN_SOURCE_LIST && e.type != SD_PULLDOWN_EVENT_FRAME && e.type != SD_PULLDOWN_EVENT_CLOSE &&
            !sd_pulldown_is_open(&before))
            FZ_CHECK(memcmp(&p, &before, offsetof(sd_pulldown, time)) == 0 && a.flags == 0,
                     "panel or applets event acted while the panel was closed");

        /* Events fire once per transition. */
        int changed = before.list.phase != p.list.phase || before.panel.phase != p.panel.phase;
        FZ_CHECK(((a.flags & SD_PULLDOWN_ACTION_STATE) != 0) == changed, "STATE not reported exactly on a phase change");
        if (source == SD_PULLDOWN_SOURCE_LIST && e.type == SD_PULLDOWN_EVENT_DRAG_BEGAN) haptic_in_gesture = 0;
        if (a.flags & SD_PULLDOWN_ACTION_HAPTIC) {
            FZ_CHECK(!haptic_in_gesture, "a second haptic in one gesture");
            FZ_CHECK(p.list.phase == SD_PULLDOWN_PULLING && before.list.phase == SD_PULLDOWN_IDLE,
                     "haptic without entering pulling");
            haptic_in_gesture = 1;
        }

        /* Transitions: started ones run, finished / cancelled ones were running. */
        uint32_t running_before = SD_PULLDOWN_TRANSITION_BIT(before.list.transition) |
                                  SD_PULLDOWN_TRANSITION_BIT(before.panel.transition);
        uint32_t running_after = SD_PULLDOWN_TRANSITION_BIT(p.list.transition) |
                                 SD_PULLDOWN_TRANSITION_BIT(p.panel.transition);
        running_before &= ~1u;
        running_after &= ~1u;
        if (a.flags & SD_PULLDOWN_ACTION_FINISH_TRANSITION)
            FZ_CHECK((a.finished & ~running_before) == 0 && a.finished != 0, "finished a transition that was not running");
        if (a.flags & SD_PULLDOWN_ACTION_CANCEL_TRANSITION)
            FZ_CHECK((a.cancelled & ~running_before) == 0 && a.cancelled != 0, "cancelled a transition that was not running");
        if (a.flags & SD_PULLDOWN_ACTION_START_TRANSITION)
            FZ_CHECK((a.started & ~running_after) == 0 && a.started != 0, "started a transition that is not running");
        /* A running transition that was neither finished nor cancelled is still there. */
        uint32_t ended = ((a.flags & SD_PULLDOWN_ACTION_FINISH_TRANSITION) ? a.finished : 0) |
                         ((a.flags & SD_PULLDOWN_ACTION_CANCEL_TRANSITION) ? a.cancelled : 0);
        uint32_t restarted = (a.flags & SD_PULLDOWN_ACTION_START_TRANSITION) ? a.started : 0;
        FZ_CHECK((running_before & ~ended & ~running_after & ~restarted) == 0, "a transition vanished without finishing");

        /* Locked exactly while a locking transition runs. */
        uint32_t locked = locking(p.list.transition) || locking(p.panel.transition);
        FZ_CHECK(((p.list.locked || p.panel.locked) != 0) == locked, "lock state disagrees with the transitions");
        if (a.flags & SD_PULLDOWN_ACTION_LOCK_INTERACTION) FZ_CHECK(!was_locked && locked, "lock without a new locking transition");
        if (a.flags & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION) FZ_CHECK(was_locked && !locked, "unlock while still locked");
        FZ_CHECK(((a.flags & SD_PULLDOWN_ACTION_LOCK_INTERACTION) != 0) == (!was_locked && locked) &&
                     ((a.flags & SD_PULLDOWN_ACTION_UNLOCK_INTERACTION) != 0) == (was_locked && !locked),
                 "lock / unlock not reported exactly when the lock changed");
        was_locked = locked;
        /* Every state the verbs reach is one sd_pulldown_validate accepts (a saved one restores). */
        FZ_CHECK(sd_pulldown_validate(&p, NULL) == SD_OK, "a reachable state fails sd_pulldown_validate");

        /* Every transition ends: a tick at its end time, start + duration, finishes it. */
        if (p.list.transition != SD_PULLDOWN_TRANSITION_NONE || p.panel.transition != SD_PULLDOWN_TRANSITION_NONE) {
            sd_pulldown probe = p;
            double end = 0;
            if (p.list.transition)
                end = fmax(end, p.list.transition_start + sd_pulldown_transition_duration(&c, p.list.transition));
            if (p.panel.transition)
                end = fmax(end, p.panel.transition_start + sd_pulldown_transition_duration(&c, p.panel.transition));
            sd_pulldown_actions pa;
            sd_pulldown_frame pf;
            /* A transition whose end is past the largest double (a duration near
             * DBL_MAX started late) never ends, as its configuration asks: no
             * finite tick reaches it. */
            const int reachable = isfinite(end);
            for (int k = 0; k < 3 && reachable && (probe.list.transition || probe.panel.transition); k++) {
                sd_pulldown_event tick = sd_pulldown_event_frame(fmax(end, clock));
                if (sd_pulldown_step(&probe, &tick, &pa, NULL) != SD_OK) break;
                FZ_CHECK(sd_pulldown_frame_at(&probe, tick.time, &pf) == SD_OK, "frame rejected a finite time");
            }
            FZ_CHECK(!reachable || (probe.list.transition == SD_PULLDOWN_TRANSITION_NONE &&
                                    probe.panel.transition == SD_PULLDOWN_TRANSITION_NONE),
                     "a transition did not end at its end time");
            FZ_CHECK(!reachable || (!probe.list.locked && !probe.panel.locked),
                     "still locked after every transition ended");
        }

        /* The frame at the clock, and a little later, is finite and in range. */
        sd_pulldown_frame f;
        FZ_CHECK(sd_pulldown_frame_at(&p, clock, &f) == SD_OK, "frame rejected a finite time");
        sd_pulldown_frame earlier;
        FZ_CHECK(sd_pulldown_frame_at(&p, clock / 2, &earlier) == SD_OK && FZ_SAME(earlier, f),
                 "a frame before the clock is not the frame at the clock");
        check_frame(&f);
        FZ_CHECK(f.interaction_enabled == !locked || f.list_transition != p.list.transition ||
                     f.panel_transition != p.panel.transition,
                 "frame interaction flag disagrees with the lock");
        double later = clock + (double)fz_u8(&r) / 100.0;
        FZ_CHECK(sd_pulldown_frame_at(&p, later, &f) == SD_OK, "frame rejected a finite time");
        check_frame(&f);
        /* sd_pulldown_needs_frames: when it says no, a tick much later does nothing. */
        if (!sd_pulldown_needs_frames(&p)) {
            sd_pulldown idle = p;
            sd_pulldown_actions ia;
            sd_pulldown_event tick = sd_pulldown_event_frame(clock + 60);
            FZ_CHECK(sd_pulldown_step(&idle, &tick, &ia, NULL) == SD_OK && ia.flags == 0 &&
                         memcmp(&idle, &p, offsetof(sd_pulldown, time)) == 0,
                     "needs no frames, yet a later tick acts");
        }
    }
    return 0;
}
