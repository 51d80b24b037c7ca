#!/usr/bin/env bash
# open_findings.sh SCROLLDRIVE — command-line findings in code the robustness
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

echo "$open open CLI finding(s) reproduce"
exit $open
