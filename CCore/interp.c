/* interp.c — the out-of-line mapping helpers, status names and the version. */
#include "internal.h"

double sd_map(double x, double a, double b, double c, double d) { return sd__map(x, a, b, c, d); }

double sd_lerp(double a, double b, double t) { return sd__lerp(a, b, t); }

const char *sd_status_name(sd_status status) {
    switch (status) {
    case SD_OK: return "ok";
    case SD_ERR_NULL: return "null pointer";
    case SD_ERR_NOT_FINITE: return "not finite";
    case SD_ERR_NEGATIVE: return "negative";
    case SD_ERR_ORDER: return "out of order";
    case SD_ERR_RANGE: return "out of range";
    case SD_ERR_STATE: return "not allowed in this state";
    }
    return "unknown status";
}

const char *sd_version(void) { return SD_VERSION_STRING; }
