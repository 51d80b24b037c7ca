#!/usr/bin/env bash
# browser-check.sh — renders the simulator's SVG plot and HTML replay with
# headless Chromium and checks that they show the run: both screenshots are
# not blank, and the replay's phone mock moved between two scrubber positions
# (the page reads #t=SECONDS to set its scrubber); then scripts/visual-check.py
# measures every scenario's labels in the page and drives the replay's cursor.
#
# Usage: scripts/browser-check.sh [SCRATCH_PATH]   (SwiftPM scratch path, default .build)
# Exit status: 0 checked, 1 failed, 3 skipped (no Chromium here; says why).
set -euo pipefail

cd "$(dirname "$0")/.."
scratch="${1:-.build}"

set +e
./scripts/ensure-deps.sh chromium
status=$?
set -e
if [ "$status" = 3 ]; then
    echo "browser-check: SKIPPED: headless Chromium is not available on this machine (see above)"
    exit 3
elif [ "$status" != 0 ]; then
    exit "$status"
fi
chromium=$(command -v chromium || command -v chromium-browser)

swift build --scratch-path "$scratch" --product scrolldrive >/dev/null
bin="$(swift build --scratch-path "$scratch" --show-bin-path)/scrolldrive"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" simulate bar-fling --format csv --svg "$work/run.svg" --html "$work/run.html" >"$work/run.csv"

flags=(--headless --disable-gpu --hide-scrollbars --no-first-run --no-default-browser-check
       --disable-dev-shm-usage --user-data-dir="$work/profile")
if [ "$(id -u)" = 0 ]; then flags+=(--no-sandbox); fi

shoot() { # shoot OUT.png WIDTHxHEIGHT URL
    local size=${2/x/,}
    timeout 120 "$chromium" "${flags[@]}" --window-size="$size" --virtual-time-budget=3000 \
        --screenshot="$1" "$3" >"$work/chromium.log" 2>&1 || {
        echo "browser-check: chromium failed on $3:" >&2
        tail -n 20 "$work/chromium.log" >&2
        exit 1
    }
    [ -s "$1" ] || { echo "browser-check: no screenshot of $3" >&2; exit 1; }
}

shoot "$work/svg.png" 1000x700 "file://$work/run.svg"
# Two scrubber positions: at rest at the start, and mid-fling with the bar compact.
shoot "$work/html-a.png" 900x760 "file://$work/run.html#t=0"
shoot "$work/html-b.png" 900x760 "file://$work/run.html#t=1.2"

python3 scripts/png-check.py "$work/svg.png" "$work/html-a.png" "$work/html-b.png"
# Every scenario's plot and replay (and a comparison): labels measured in the
# page, the cursor driven by real input (Playwright; skipped without it).
set +e
python3 scripts/visual-check.py "$bin"
status=$?
set -e
if [ "$status" = 3 ]; then echo "browser-check: visual check skipped (see above)"
elif [ "$status" != 0 ]; then exit 1; fi
echo "browser-check: OK (SVG and HTML rendered by $("$chromium" --version 2>/dev/null | head -n 1))"
