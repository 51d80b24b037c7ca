#!/usr/bin/env bash
# open_findings.sh SCROLLDRIVE — command-line and simulator findings in code the robustness
# work does not own, each reduced to one command. Prints whether each still
# reproduces; exits with the number that do. Not part of `make test`
# (`make open-findings` runs it with Tests/Fuzz/open_findings.c).
#
# None is open. Fixed, with their checks moved into Tests/CLI/cli_errors.sh
# (`make test-cli`):
#   C1   a failed `simulate` left the output files it wrote before the failure
#        (now all files or none: OutputFile.write);
#   SIM1 scripts with coordinates near DBL_MAX simulated to NaN / infinite
#        velocities (now refused with their JSON path: docs/gesture-scripts.md, Bounds).
# A new finding goes here as one reduced command that sets `open` when it reproduces.
set -uo pipefail
bin=${1:?usage: open_findings.sh PATH_TO_SCROLLDRIVE}
[ -x "$bin" ] || { echo "open_findings.sh: $bin is not an executable"; exit 1; }
open=0

echo "$open open CLI finding(s) reproduce"
exit $open
