#!/usr/bin/env bash
# simulate_rss.sh SCROLLDRIVE [LONG_MINUTES] [SHORT_MINUTES] — peak memory of
# `scrolldrive simulate` does not grow with the length of the run.
#
# Writes two bar scripts of back-to-back flings (one up, one down, a wait
# after each: 3 s a cycle) lasting LONG_MINUTES (default 60) and
# SHORT_MINUTES (default 1), runs each at 120 Hz with CSV to a file, and
# compares the peak resident set sizes that GNU time reports
# (`/usr/bin/time -v`, "Maximum resident set size"). Passes when the long
# run's peak is within 1.3 times the short run's.
#
# The full check (60 minutes, 432,000 frames) is the documented command:
#     Tests/CLI/simulate_rss.sh "$(swift build -c release --show-bin-path)/scrolldrive"
# `make test-cli` runs a shorter ratio (10 minutes against 1) on the debug binary.
set -euo pipefail

bin=${1:?usage: simulate_rss.sh PATH_TO_SCROLLDRIVE [LONG_MINUTES] [SHORT_MINUTES]}
long=${2:-60}
short=${3:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# script MINUTES FILE: 20 fling cycles a minute on the 3-state bar.
script() {
    local cycles=$(($1 * 20)) i
    {
        printf '{"surface": {"type": "bar"}, "scrollView": {"contentHeight": 100000}, "settle": 5, "steps": [\n'
        for ((i = 0; i < cycles; i++)); do
            [ "$i" -gt 0 ] && printf ',\n'
            printf '{"do": "fling", "from": [195, 640], "to": [195, 520], "duration": 0.1, "velocity": -1800},\n'
            printf '{"do": "wait", "duration": 1.4},\n'
            printf '{"do": "fling", "from": [195, 300], "to": [195, 420], "duration": 0.1, "velocity": 2600},\n'
            printf '{"do": "wait", "duration": 1.4}'
        done
        printf '\n]}\n'
    } > "$2"
}

# peak MINUTES: the run's peak RSS in KiB.
peak() {
    script "$1" "$work/run$1.json"
    /usr/bin/time -v "$bin" simulate "$work/run$1.json" --fps 120 --format csv --output "$work/run$1.csv" \
        2> "$work/time$1.txt"
    local rows
    rows=$(($(wc -l < "$work/run$1.csv") - 1))
    local kib
    kib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time$1.txt")
    echo "$1 min: $rows frames, peak RSS $kib KiB" >&2
    echo "$kib"
}

a=$(peak "$short")
b=$(peak "$long")
if [ $((b * 10)) -le $((a * 13)) ]; then
    echo "simulate_rss: ok, ${long} min peaks at $b KiB, ${short} min at $a KiB (ratio $(awk "BEGIN{printf \"%.3f\", $b/$a}"))"
else
    echo "FAIL simulate_rss: ${long} min peaks at $b KiB, more than 1.3 x the ${short} min run's $a KiB"
    exit 1
fi
