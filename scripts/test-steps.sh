#!/usr/bin/env bash
# test-steps.sh MAKE STEP... — make test: runs each step (a make target) in
# order, stops at the first that fails, and ends by saying which step that
# was, what passed before it and how long each took, so the reason for a red
# run is the last thing in its log. The last line is a plain count of steps.
set -uo pipefail
make_cmd=$1
shift
passed=()
for step in "$@"; do
    echo "== make test: $step"
    start=$SECONDS
    $make_cmd --no-print-directory "$step"
    status=$?
    if [ "$status" != 0 ]; then
        echo
        echo "make test: step '$step' FAILED (exit $status, after $((SECONDS - start)) s)."
        echo "make test: passed before it: ${passed[*]:-none}. Run 'make $step' to repeat it alone."
        echo "steps: ${#passed[@]} passed, 1 failed"
        exit 1
    fi
    passed+=("$step($((SECONDS - start))s)")
done
echo "make test: every step passed: ${passed[*]}"
echo "steps: ${#passed[@]} passed, 0 failed"
