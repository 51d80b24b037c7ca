/*
 * pg_sheet.c — the playground's bottom sheet: the core's simulated sheet
 * (sd_sim_sheet: SheetController and SheetSurface with the scroll view
 * inside the sheet), its columns of a row and its events as text.
 */
#include "playground.h"

static sd_sim_sheet sheet;
/* The notices since the previous row, as text ("willMove(1)+didMove(1)", detent indices; the page names them). */
static char events_text[96];

sd_sim_sheet *pg_sheet(void) { return &sheet; }

int pg_sheet_start(const sd_sheet_config *config, uint32_t initial, double handle_height,
                   const sd_scroll_view_config *screen, sd_error *err) {
    sd_sim_sheet fresh;
    if (sd_sim_sheet_init(&fresh, config, initial, screen, err) != SD_OK) return 0;
    fresh.handle_height = handle_height;
    sheet = fresh;
    events_text[0] = 0;
    return 1;
}

static void note(size_t *len, const char *text) {
    if (*len > 0 && *len + 1 < sizeof events_text) events_text[(*len)++] = '+';
    for (size_t i = 0; text[i] && *len + 1 < sizeof events_text; i++) events_text[(*len)++] = text[i];
    events_text[*len] = 0;
}

PG_EXPORT(pg_sheet_events) const char *pg_sheet_events(void) {
    size_t len = 0;
    events_text[0] = 0;
    const uint32_t kept = sheet.notice_count < SD_SIM_NOTICE_LOG ? sheet.notice_count : SD_SIM_NOTICE_LOG;
    for (uint32_t i = 0; i < kept; i++) {
        char text[16] = "dismissed";
        const char digit = (char)('0' + sheet.notice_detents[i]);
        if (sheet.notices[i] == SD_SHEET_NOTICE_WILL_MOVE) {
            const char will[] = { 'w', 'i', 'l', 'l', 'M', 'o', 'v', 'e', '(', digit, ')', 0 };
            for (size_t k = 0; k < sizeof will; k++) text[k] = will[k];
        } else if (sheet.notices[i] == SD_SHEET_NOTICE_DID_MOVE) {
            const char did[] = { 'd', 'i', 'd', 'M', 'o', 'v', 'e', '(', digit, ')', 0 };
            for (size_t k = 0; k < sizeof did; k++) text[k] = did[k];
        }
        note(&len, text);
    }
    return events_text;
}

void pg_sheet_take_events(void) { sd_sim_sheet_take_notices(&sheet); }

/*
 * sheet_top, sheet_velocity, sheet_detent (index), sheet_drag (sd_sheet_drag),
 * sheet_translation, sheet_backdrop_alpha, sheet_background_offset,
 * sheet_scroll_enabled, sheet_content_scrolls, sheet_background_interactive,
 * sheet_animating, sheet_container, the keyboard's height and its overlap (the
 * sheet_keyboard and sheet_keyboard_overlap columns, which the page shows where a
 * keyboard shows), and reduced motion (shown only with it on). The events
 * since the previous row: pg_sheet_events, read before the next frame clears them.
 */
int pg_sheet_values(double *out) {
    sd_sheet_frame f = {0};
    sd_sheet_frame_at(&sheet.sheet, sheet.sheet.state.time, &f);
    out[0] = f.top;
    out[1] = f.velocity;
    out[2] = f.detent;
    out[3] = f.drag;
    out[4] = f.drag == SD_SHEET_DRAG_DRAGGING ? f.translation : 0;
    out[5] = f.backdrop_alpha;
    out[6] = f.background_offset;
    out[7] = (f.flags & SD_SHEET_FRAME_SCROLL_ENABLED) != 0;
    out[8] = (f.flags & SD_SHEET_FRAME_CONTENT_SCROLLS) != 0;
    out[9] = (f.flags & SD_SHEET_FRAME_BACKGROUND_INTERACTIVE) != 0;
    out[10] = (f.flags & SD_SHEET_FRAME_ANIMATING) != 0;
    out[11] = sheet.sheet.config.container_height;
    out[12] = sd_sheet_keyboard_height_at(&sheet.sheet, sheet.sheet.state.time);
    out[13] = f.keyboard_overlap;
    out[14] = (f.flags & SD_SHEET_FRAME_REDUCED_MOTION) != 0;
    return 15;
}
