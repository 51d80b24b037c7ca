/*
 * clock.c — the one rule every surface uses to decide that a timed
 * transition has ended (declared in common.h; the core's own files read
 * its inline form, sd__transition_ended in internal.h).
 *
 * Why a tolerance: callers form their frame times by adding frame
 * durations, and the difference of two such sums is not exact. A 60 Hz
 * frame nominally 0.4 s after a start at 3.25 s measures
 * 3.65 - 3.25 = 0.39999999999999991 s and must still end a 0.4 s
 * transition. 1e-9 s is far below any display's frame interval (8.3 ms at
 * 120 Hz) and far above the rounding of sums of frame times over a day of
 * clock (about 1e-11 s at 1e5 s).
 *
 * Why also `time >= start + duration`: the allowance is absolute, and past
 * about 1e8 s the clock's own resolution exceeds it ((2.19e8 + 0.35) -
 * 2.19e8 is 0.34999996 s). The end time as the caller's clock forms it
 * counts too, so a tick there ends the transition at any clock value, also
 * where start + duration rounds to start itself (a duration below the
 * clock's resolution then ends at once).
 */
#include "internal.h"

int sd_transition_ended(double start, double duration, double time) { return sd__transition_ended(start, duration, time); }
