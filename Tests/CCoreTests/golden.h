/*
 * golden.h — reads the shared golden tables (Tests/Golden/ (*.tsv)) for the
 * cmocka tests. Header-only; test programs include it once.
 */
#ifndef SD_TEST_GOLDEN_H
#define SD_TEST_GOLDEN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SD_GOLDEN_DIR
#error "SD_GOLDEN_DIR must name Tests/Golden (the Makefile passes it)"
#endif

#define GOLDEN_MAX_COLS 32
#define GOLDEN_MAX_ROWS 256

typedef struct golden_row {
    char label[64];
    int line;
    int ncols;
    double v[GOLDEN_MAX_COLS];
} golden_row;

typedef struct golden_table {
    int nrows;
    golden_row rows[GOLDEN_MAX_ROWS];
} golden_table;

/* Loads SD_GOLDEN_DIR/name into *t; returns 0 on success, -1 if unreadable. */
static int golden_load(const char *name, golden_table *t) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", SD_GOLDEN_DIR, name);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char buf[2048];
    int line = 0;
    t->nrows = 0;
    while (fgets(buf, sizeof buf, f) && t->nrows < GOLDEN_MAX_ROWS) {
        line++;
        char *p = buf;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '#' || *p == '\n' || *p == '\0') continue;
        golden_row *r = &t->rows[t->nrows];
        r->line = line;
        r->ncols = 0;
        char *save = NULL;
        char *tok = strtok_r(p, " \t\r\n", &save);
        snprintf(r->label, sizeof r->label, "%s", tok ? tok : "");
        while ((tok = strtok_r(NULL, " \t\r\n", &save)) && r->ncols < GOLDEN_MAX_COLS)
            r->v[r->ncols++] = strtod(tok, NULL);
        t->nrows++;
    }
    fclose(f);
    return 0;
}

#endif /* SD_TEST_GOLDEN_H */
