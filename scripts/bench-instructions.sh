#!/usr/bin/env bash
# Instructions per frame of one hot path's C function, counted by callgrind.
#
#   scripts/bench-instructions.sh [PATH] [FUNCTION] [FRAMES]
#   (defaults: bar/c-batch sd_bar_reduce_batch 1000000; `make bench-instructions`)
#
# Runs `scrolldrive bench --filter PATH --repetitions 1 --no-baselines` (one
# warm-up and one timed run, so FUNCTION is called twice) under
# `valgrind --tool=callgrind --toggle-collect=FUNCTION`, which counts only the
# instructions executed inside FUNCTION and what it calls, once over FRAMES
# frames and once over 2 x FRAMES. The difference divided by 2 x FRAMES is
# the cost of one frame, free of the per-call setup. Instruction counts do
# not depend on the machine's load, unlike times.
#
# The binary is the release build in .build-bench (SWIFT_SCRATCH to change),
# i.e. the C core as SwiftPM compiles it for Swift users and the benchmarks.
# valgrind 3.19 cannot read the Swift toolchain's DWARF 5, so a copy with the
# debug sections stripped is measured (symbols stay).
set -euo pipefail
cd "$(dirname "$0")/.."
path=${1:-bar/c-batch}
function=${2:-sd_bar_reduce_batch}
frames=${3:-1000000}
scratch=${SWIFT_SCRATCH:-.build-bench}
command -v valgrind >/dev/null || { echo "bench-instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

swift build -c release --scratch-path "$scratch" --product scrolldrive >&2
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/scrolldrive"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$bin" "$tmp/scrolldrive"
strip --strip-debug "$tmp/scrolldrive"

count() {  # instructions inside $function over a run of $1 frames
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$1" --toggle-collect="$function" \
        "$tmp/scrolldrive" bench --frames "$1" --repetitions 1 --no-baselines --filter "$path" \
        >/dev/null 2>"$tmp/log.$1" || { cat "$tmp/log.$1" >&2; exit 1; }
    awk '/^(summary|totals):/ { print $2; exit }' "$tmp/cg.$1"
}
one=$(count "$frames")
two=$(count $((2 * frames)))
awk -v a="$one" -v b="$two" -v n="$frames" -v p="$path" -v f="$function" 'BEGIN {
    printf "%s (%s): %.2f instructions/frame  [callgrind: %d over 2 calls of %d frames, %d over 2 calls of %d]\n",
        p, f, (b - a) / (2 * n), a, n, b, 2 * n }'
