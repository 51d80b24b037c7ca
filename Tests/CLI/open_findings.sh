#!/usr/bin/env bash
# open_findings.sh SCROLLDRIVE — command-line and simulator findings in code the robustness
# work does not own, each reduced to one command. Prints whether each still
# reproduces; exits with the number that do. Not part of `make test`
# (`make open-findings` runs it with Tests/Fuzz/open_findings.c).
set -uo pipefail
bin=${1:?usage: open_findings.sh PATH_TO_SCROLLDRIVE}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
open=0

# C1: a failed `simulate` leaves the output files it wrote before the failure.
(cd "$work" && "$bin" simulate bar-fling --svg plot.svg --html nodir/page.html > /dev/null 2>&1)
status=$?
if [ "$status" = 2 ] && [ -e "$work/plot.svg" ]; then
    echo "C1 SimulateCommand.swift REPRODUCES: 'simulate bar-fling --svg plot.svg --html nodir/page.html' exits 2 (html cannot be written) but leaves plot.svg behind: render all, write every file to a temporary name, rename only when all succeeded"
    open=$((open + 1))
else
    echo "C1 SimulateCommand.swift fixed: a failed simulate writes no output file"
fi

# SIM1: scripts with coordinates near DBL_MAX are accepted and simulate to NaN / infinite velocities.
cat > "$work/sim1a.json" <<'JSON'
{"surface": {"type": "bar"}, "scrollView": {"height": 844, "contentHeight": 2000},
 "steps": [{"do": "fling", "from": [36, 1e308], "to": [151, 404], "duration": 0.135, "velocity": 3214},
           {"do": "wait", "duration": 1}]}
JSON
cat > "$work/sim1b.json" <<'JSON'
{"surface": {"type": "bar"}, "scrollView": {"height": 844, "contentHeight": 2000},
 "steps": [{"do": "scroll-to", "y": -1e308, "animated": true}, {"do": "wait", "duration": 1}]}
JSON
a=$("$bin" simulate "$work/sim1a.json" --format csv 2>/dev/null | grep -ciE 'nan|inf')
b=$("$bin" simulate "$work/sim1b.json" --format csv 2>/dev/null | grep -ciE 'nan|inf')
if [ "${a:-0}" != 0 ] || [ "${b:-0}" != 0 ]; then
    echo "SIM1 GestureScript.swift / SimScrollView.swift REPRODUCES: a fling from [36, 1e308] gives vy = nan ($a rows), a scroll-to y = -1e308 animated gives vy = -inf ($b rows): the script parser accepts coordinates near DBL_MAX; bound them (as the sheet bounds lengths to 1e9) and report the JSON path"
    open=$((open + 1))
else
    echo "SIM1 GestureScript.swift fixed: huge coordinates are refused or simulate to finite values"
fi

echo "$open open CLI finding(s) reproduce"
exit $open
