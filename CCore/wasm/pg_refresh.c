/*
 * pg_refresh.c — the playground's pull to refresh: the core's simulated
 * surface (sd_sim_refresh: RefreshController and RefreshSurface with the
 * list and the simulated app), its columns of a row and its events as text.
 */
#include "playground.h"

static sd_sim_refresh list;
/* The events since the previous row, as RefreshSurface names them ("header(pulling)+refresh"). */
static char events_text[160];

sd_sim_refresh *pg_refresh(void) { return &list; }

int pg_refresh_start(const sd_refresh_config *config, const sd_sim_refresh_app *app,
                     const sd_scroll_view_config *screen, sd_error *err) {
    sd_sim_refresh fresh;
    if (sd_sim_refresh_init(&fresh, config, app, screen, err) != SD_OK) return 0;
    list = fresh;
    events_text[0] = 0;
    return 1;
}

static void append(size_t *len, const char *text) {
    for (size_t i = 0; text[i] && *len + 1 < sizeof events_text; i++) events_text[(*len)++] = text[i];
    events_text[*len] = 0;
}

PG_EXPORT(pg_refresh_events) const char *pg_refresh_events(void) {
    static const char *const headers[] = { "idle", "pulling", "refreshing", "done" };
    static const char *const footers[] = { "idle", "loading", "noMoreData" };
    size_t len = 0;
    events_text[0] = 0;
    const uint32_t kept = list.event_count < SD_SIM_REFRESH_EVENT_LOG ? list.event_count : SD_SIM_REFRESH_EVENT_LOG;
    for (uint32_t i = 0; i < kept; i++) {
        const unsigned kind = list.events[i] & 0xF0u, state = list.events[i] & 0x0Fu;
        if (i > 0) append(&len, "+");
        if (kind == SD_SIM_REFRESH_EVENT_HEADER && state < 4) {
            append(&len, "header(");
            append(&len, headers[state]);
            append(&len, ")");
        } else if (kind == SD_SIM_REFRESH_EVENT_FOOTER && state < 3) {
            append(&len, "footer(");
            append(&len, footers[state]);
            append(&len, ")");
        } else {
            append(&len, kind == SD_SIM_REFRESH_EVENT_REFRESH ? "refresh" : "loadMore");
        }
    }
    return events_text;
}

void pg_refresh_take_events(void) { sd_sim_refresh_take_events(&list); }

/*
 * refresh_header and refresh_footer (sd_refresh_header_state,
 * sd_refresh_footer_state), refresh_pull, refresh_progress,
 * refresh_header_visible, refresh_inset_top, refresh_inset_bottom,
 * refresh_remaining, refresh_animating, then reduced motion (shown only
 * with it on): the frame at the surface's clock, as RefreshSurface's columns. The events since the previous row:
 * pg_refresh_events, read before the next frame clears them.
 */
int pg_refresh_values(double *out) {
    sd_refresh_frame f = {0};
    sd_refresh_frame_at(&list.core, list.core.time, &f);
    out[0] = f.header_state;
    out[1] = f.footer_state;
    out[2] = f.pull_distance;
    out[3] = f.progress;
    out[4] = f.header_visible;
    out[5] = f.inset_top;
    out[6] = f.inset_bottom;
    out[7] = f.remaining;
    out[8] = f.transition != SD_REFRESH_TRANSITION_NONE;
    out[9] = f.reduced_motion != 0;
    return 10;
}
