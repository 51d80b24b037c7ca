#!/usr/bin/env bash
# cli_errors.sh SCROLLDRIVE — bad input to the `scrolldrive` command line is
# reported the way a user can act on: one line `scrolldrive: WHERE: WHAT` on
# standard error naming the file and line, or the JSON path, exit status 2,
# no stack trace, nothing on standard output and no output file written.
#
# Run by `make test-cli` (part of `make test`) with the debug binary.
set -uo pipefail

bin=${1:?usage: cli_errors.sh PATH_TO_SCROLLDRIVE}
case $bin in */*) bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin") ;; esac  # some checks cd
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

fail() { echo "FAIL: $1"; failed=$((failed + 1)); }
pass() { passed=$((passed + 1)); }

# expect_error NAME PATTERN [--stdin FILE] -- ARGS...
# Runs the binary; wants exit 2, stderr a single `scrolldrive: ` line matching
# the extended regex PATTERN, no crash report, and empty standard output.
expect_error() {
    local name=$1 pattern=$2 stdin=/dev/null
    shift 2
    if [ "$1" = --stdin ]; then stdin=$2; shift 2; fi
    [ "$1" = -- ] && shift
    "$bin" "$@" < "$stdin" > "$work/out" 2> "$work/err"
    local status=$?
    local ok=1
    if [ "$status" != 2 ]; then fail "$name: exit status $status, expected 2"; ok=0; fi
    if [ -s "$work/out" ]; then fail "$name: wrote to standard output: $(head -c 200 "$work/out")"; ok=0; fi
    if grep -qiE "fatal error|stack dump|backtrace|Current stack trace|#[0-9]+ 0x|Illegal instruction|Segmentation" "$work/err"; then
        fail "$name: crash report on standard error"; ok=0
    fi
    if [ "$(wc -l < "$work/err")" != 1 ]; then fail "$name: expected one line on standard error, got: $(cat "$work/err")"; ok=0; fi
    if ! grep -qE "^scrolldrive: " "$work/err"; then fail "$name: message does not start with 'scrolldrive: ': $(cat "$work/err")"; ok=0; fi
    if ! grep -qE -- "$pattern" "$work/err"; then fail "$name: message does not match /$pattern/: $(cat "$work/err")"; ok=0; fi
    [ $ok = 1 ] && pass
}

# expect_ok NAME -- ARGS...: exit 0 and some output (the checks above are not vacuous).
expect_ok() {
    local name=$1
    shift 2
    if "$bin" "$@" > "$work/out" 2> "$work/err" < /dev/null && [ -s "$work/out" ]; then pass
    else fail "$name: expected success with output: $(head -c 300 "$work/err")"; fi
}

# ---- bar replay ----
printf 'cfg 100 200 300\ngeom 600 2000\noff -200\npan began\noff -240\npan ended\n' > "$work/good.trace"
expect_ok "bar replay: a good trace" -- bar replay "$work/good.trace"
# --header names the fields, --echo puts each event before its result; 1.4 prints as 1.4.
"$bin" bar replay --header --echo "$work/good.trace" > "$work/out" 2> "$work/err"
if [ "$(head -n 1 "$work/out")" = "event            offset available height progress insetTop target" ] &&
   grep -qx "off -240         -240 1 240 1.4 300 nan" "$work/out" && [ "$(wc -l < "$work/out")" = 7 ]; then pass
else fail "bar replay --header --echo: $(head -c 400 "$work/out")"; fi

expect_error "bar replay: missing file" "missing\.trace: cannot read file" -- bar replay "$work/missing.trace"
printf 'cfg 100 200 300\noff -200\npan sideways\n' > "$work/t1"
expect_error "bar replay: bad pan state names the line" "t1:3: expected \`pan began\|changed\|ended\|cancelled\`" -- bar replay "$work/t1"
printf 'cfg 100 200 300\n# comment\n\noff twelve\n' > "$work/t2"
expect_error "bar replay: not a number names the line" "t2:4: \`twelve\` is not a number" -- bar replay "$work/t2"
printf 'cfg 300 200 100\n' > "$work/t3"
expect_error "bar replay: invalid configuration names field and rule" "t3:1: invalid bar configuration: normal must be >= compact" -- bar replay "$work/t3"
printf 'cfg nan 200 300\n' > "$work/t4"
expect_error "bar replay: NaN height" "t4:1: invalid bar configuration: compact must be finite" -- bar replay "$work/t4"
printf 'off 10\n' > "$work/t5"
expect_error "bar replay: event before cfg" "t5:1: the first event must be" -- bar replay "$work/t5"
printf 'cfg 100 200 300\nwobble 1\n' > "$work/t6"
expect_error "bar replay: unknown event" "t6:2: unknown event \`wobble\`" -- bar replay "$work/t6"
printf 'cfg 100 200 300\noff \xff\xfe\n' > "$work/t7"
expect_error "bar replay: not UTF-8" "t7: not UTF-8 text" -- bar replay "$work/t7"
printf 'cfg 100 200\n' > "$work/t8"
expect_error "bar replay: standard input names <stdin>" "<stdin>:1: expected \`cfg COMPACT NORMAL EXPANDED\`" --stdin "$work/t8" -- bar replay -
expect_error "bar replay: a directory" "cannot read file" -- bar replay "$work"
# Bad values inside a well-formed trace are not errors: the bar ignores them.
printf 'cfg 100 200 300\noff nan\noff inf\noff -1e308\noff 1e308\n' > "$work/t9"
expect_ok "bar replay: non-finite and huge offsets are replayed, not fatal" -- bar replay "$work/t9"

# ---- compare ----
"$bin" compare pulldown-open > "$work/out" 2> "$work/err"
if [ $? = 0 ] && grep -q "^no difference: every frame and every column identical, bit for bit$" "$work/out"; then pass
else fail "compare: identical inputs: $(head -c 300 "$work/out" "$work/err")"; fi
"$bin" compare pulldown-open --set-b preset=wechat --svg "$work/c.svg" --html "$work/c.html" > "$work/out" 2> "$work/err"
if [ $? = 0 ] && grep -q "^first difference at t=0.433 s (frame 26 of A, 26 of B):$" "$work/out" &&
   [ -s "$work/c.svg" ] && [ -s "$work/c.html" ]; then pass
else fail "compare: the presets: $(head -c 300 "$work/out" "$work/err")"; fi
rm -f "$work/c.svg" "$work/c.html"
expect_error "simulate: --set names the key and the rule" "--set upThreshold=2: \\\$\\.surface\\.upThreshold: must be within 0\\.\\.\\.1" \
    -- simulate sheet-open-full --set upThreshold=2 --format csv
expect_error "simulate: --set without =" "--set nope: expected KEY=VALUE" -- simulate sheet-open-full --set nope
out=$("$bin" simulate sheet-open-full --set backdropAlpha=0.8 --format csv --columns t,sheet_backdrop_alpha | tail -n 1)
[ "$out" = "1.2,0.8" ] && pass "simulate: --set changes the surface (backdrop 0.8 at the end)" \
    || fail "simulate: --set backdropAlpha=0.8 ended with $out"
expect_error "compare: unknown scenario" "nope: no such scenario or file" -- compare nope
expect_error "compare: --set-b names the key and the rule" "--set-b nope=1: \\\$\\.surface\\.nope: unknown key" -- compare bar-fling --set-b nope=1
expect_error "compare: --set-b bad value" "--set-b preset=plain: \\\$\\.surface\\.preset: unknown preset" -- compare pulldown-open --set-b preset=plain
expect_error "compare: --set-b without =" "--set-b preset: expected KEY=VALUE" -- compare pulldown-open --set-b preset
expect_error "compare: --fps-b out of range" "--fps-b must be between 1 and 1000, not 0" -- compare bar-fling --fps-b 0
expect_error "compare: unwritable --html" "no/such/dir" -- compare bar-fling --svg "$work/ok.svg" --html "$work/no/such/dir/c.html"
if [ -e "$work/ok.svg" ]; then fail "compare: wrote --svg although --html cannot be written"; else pass; fi

# ---- simulate ----
expect_ok "simulate: a built-in scenario" -- simulate bar-fling --format csv
expect_error "simulate: unknown scenario lists the scenarios" "nonsense: no such scenario or file \(scenarios: " -- simulate nonsense
printf '{"surface": {"type": "bar"}, "steps": [{"do": "wait", "duration": -1}]}' > "$work/s1.json"
expect_error "simulate: bad value names its JSON path" "s1\.json: \\\$\.steps\[0\]\.duration: must be > 0" -- simulate "$work/s1.json"
printf '{"surface": {"type": "bar", "compact": 130}, "steps": []}' > "$work/s2.json"
expect_error "simulate: invalid surface names the field" "s2\.json: \\\$\.surface\.normal: must be >= compact" -- simulate "$work/s2.json"
printf '{"surface": {"type": "bar"},\n "steps": [,]}' > "$work/s3.json"
expect_error "simulate: JSON syntax error names line and column" "s3\.json: .*line 2, column" -- simulate "$work/s3.json"
printf '{"surface": {"type": "bar"}, "steps": [{"do": "wait", "duration": 1e999}]}' > "$work/s4.json"
expect_error "simulate: a number out of range" "s4\.json: .*number out of range" -- simulate "$work/s4.json"
expect_error "simulate: standard input names <stdin>" "<stdin>: " --stdin "$work/s1.json" -- simulate -
expect_error "simulate: missing file" "missing\.json: cannot read file" -- simulate "$work/missing.json"
expect_error "simulate: --fps out of range" "--fps must be between 1 and 1000" -- simulate bar-fling --fps 0
expect_error "simulate: --format unknown" "--format must be table, csv or jsonl" -- simulate bar-fling --format xml

# No output file for a run that fails, and none half-written.
expect_error "simulate: bad script writes no --svg file" "s1\.json" -- simulate "$work/s1.json" --svg "$work/never.svg"
[ -e "$work/never.svg" ] && fail "simulate: bad script still wrote never.svg" || pass
expect_error "simulate: unwritable --html names the path" "nodir/page\.html: cannot write" -- simulate bar-fling --html "$work/nodir/page.html"
[ -e "$work/nodir" ] && fail "simulate: created nodir/" || pass
[ -n "$(ls -A "$work" | grep -E '^\..*\.tmp$')" ] && fail "simulate: left a temporary file" || pass

# All output files or none (finding C1): the --svg file is not written when
# the --html one cannot be, and an existing one keeps its contents.
mkdir "$work/c1"
expect_error "simulate: one unwritable file fails the run" "nodir/page\.html: cannot write" \
    -- simulate bar-fling --svg "$work/c1/plot.svg" --html "$work/c1/nodir/page.html"
[ -n "$(ls -A "$work/c1")" ] && fail "simulate: a failed run left $(ls -A "$work/c1" | tr '\n' ' ')in the output directory" || pass
(cd "$work/c1" && "$bin" simulate bar-fling --svg plot.svg --html nodir/page.html > /dev/null 2>&1)
status=$?
[ "$status" = 2 ] && [ ! -e "$work/c1/plot.svg" ] && pass || fail "simulate: relative paths: exit $status, plot.svg: $(ls "$work/c1")"
printf 'old plot' > "$work/c1/plot.svg"
expect_error "simulate: an existing file survives a failed run" "nodir/page\.html: cannot write" \
    -- simulate bar-fling --svg "$work/c1/plot.svg" --html "$work/c1/nodir/page.html"
[ "$(cat "$work/c1/plot.svg")" = "old plot" ] && [ "$(ls -A "$work/c1")" = plot.svg ] && pass ||
    fail "simulate: a failed run changed plot.svg or left files: $(ls -A "$work/c1" | tr '\n' ' ')"
# Streaming simulate (issue 11): --output is written all or none with the others.
expect_error "simulate: --columns names an unknown column" "--columns: no column nope \(columns: t, step" \
    -- simulate bar-fling --columns t,nope --output "$work/c1/rows.csv"
expect_error "simulate: --columns with an empty name" "--columns: an empty column name" -- simulate bar-fling --columns t,,y
expect_error "simulate: --columns and --all-columns" "--columns and --all-columns cannot be used together" \
    -- simulate bar-fling --columns t --all-columns
expect_error "simulate: --output and --svg name one file" "--output and --svg name the same file" \
    -- simulate bar-fling --output "$work/c1/same" --svg "$work/c1/same"
expect_error "simulate: --output with an unwritable --html" "nodir/page\.html: cannot write" \
    -- simulate bar-fling --output "$work/c1/rows.csv" --html "$work/c1/nodir/page.html"
[ "$(ls -A "$work/c1")" = plot.svg ] && pass || fail "simulate: a failed --output run left $(ls -A "$work/c1" | tr '\n' ' ')"
mkdir "$work/c1/page.html"
expect_error "simulate: a destination that is a directory" "page\.html: cannot write \(it is a directory\)" \
    -- simulate bar-fling --svg "$work/c1/plot.svg" --html "$work/c1/page.html"
expect_error "simulate: --svg and --html the same file" "--svg and --html name the same file" \
    -- simulate bar-fling --svg "$work/c1/same" --html "$work/c1/./same"
expect_ok "simulate: both files written" -- simulate bar-fling --format csv --svg "$work/c1/plot.svg" --html "$work/c1/run.html"
grep -q '^<svg' "$work/c1/plot.svg" && grep -q '^<!DOCTYPE html>' "$work/c1/run.html" && pass ||
    fail "simulate: the run did not write both files"
[ "$(ls -A "$work/c1" | sort | tr '\n' ' ')" = "page.html plot.svg run.html " ] && pass ||
    fail "simulate: unexpected files after a good run: $(ls -A "$work/c1" | tr '\n' ' ')"

# Error messages give numbers, not the core's constant names.
printf '%s\n' '{"surface": {"type": "sheet", "detents": ["full", {"fraction": 0.6}, {"fraction": 0.65},' \
    '  {"fraction": 0.7}, {"fraction": 0.75}, "dismissed"]},' \
    ' "steps": [{"do": "wait", "duration": 0.1}]}' > "$work/sheet6.json"
expect_error "simulate: six detents" 'sheet6\.json: \$\.surface\.detents: must be within 1\.\.\.5' \
    -- simulate "$work/sheet6.json" --format csv

# Numbers outside a script's bounds (finding SIM1: coordinates near DBL_MAX
# used to simulate to NaN and infinite velocities) name their JSON path.
printf '%s\n' '{"surface": {"type": "bar"}, "scrollView": {"height": 844, "contentHeight": 2000},' \
    ' "steps": [{"do": "fling", "from": [36, 1e308], "to": [151, 404], "duration": 0.135, "velocity": 3214},' \
    '           {"do": "wait", "duration": 1}]}' > "$work/sim1a.json"
expect_error "simulate: a coordinate near DBL_MAX" 'sim1a\.json: \$\.steps\[0\]\.from\[1\]: must be within -1e9\.\.\.1e9 \(points\)' \
    -- simulate "$work/sim1a.json" --format csv
printf '%s\n' '{"surface": {"type": "bar"}, "scrollView": {"height": 844, "contentHeight": 2000},' \
    ' "steps": [{"do": "scroll-to", "y": -1e308, "animated": true}, {"do": "wait", "duration": 1}]}' > "$work/sim1b.json"
expect_error "simulate: a scroll-to near -DBL_MAX" 'sim1b\.json: \$\.steps\[0\]\.y: must be within -1e9\.\.\.1e9 \(points\)' \
    -- simulate "$work/sim1b.json" --format csv
printf '{"surface": {"type": "bar"}, "scrollView": {"contentHeight": 1e10}, "steps": []}' > "$work/sim1c.json"
expect_error "simulate: a size above 1e9" '\$\.scrollView\.contentHeight: must be <= 1e9 \(points\)' -- simulate "$work/sim1c.json"
printf '{"surface": {"type": "bar"}, "steps": [{"do": "fling", "from": [0, 0], "to": [0, 1], "duration": 0.1, "velocity": [0, -2e9]}]}' > "$work/sim1d.json"
expect_error "simulate: a velocity above 1e9" '\$\.steps\[0\]\.velocity\[1\]: must be within -1e9\.\.\.1e9 \(points per second\)' -- simulate "$work/sim1d.json"
printf '{"surface": {"type": "bar"}, "steps": [{"do": "drag", "from": [0, -1e9], "to": [0, 1e9], "duration": 0.5}]}' > "$work/sim1e.json"
expect_error "simulate: a move faster than 1e9 pt/s" '\$\.steps\[0\]\.duration: too short for the move: .* make it at least 2 s' -- simulate "$work/sim1e.json"
# At the bounds the run is finite in every frame.
printf '%s\n' '{"surface": {"type": "bar"}, "scrollView": {"height": 1e9, "contentHeight": 1e9, "contentOffset": -1e9},' \
    ' "steps": [{"do": "drag", "from": [0, -1e9], "to": [0, 1e9], "duration": 2, "curve": "linear"},' \
    '           {"do": "scroll-to", "y": 1e9}, {"do": "wait", "duration": 0.1},' \
    '           {"do": "fling", "from": [1e9, 1e9], "to": [1e9, 0], "duration": 1, "velocity": -1e9}]}' > "$work/edge.json"
expect_ok "simulate: a script at its bounds" -- simulate "$work/edge.json" --format csv
grep -qiE 'nan|inf' "$work/out" && fail "simulate: a script at its bounds gave non-finite values" || pass

# ---- sweep ----
# Bad sweep input names the argument; nothing is written (not even a
# temporary), also when a later grid point is the bad one.
mkdir "$work/sw"
expect_error "sweep: unknown key in --set" '--set sheet\.upThreshhold=0\.2: unknown key "upThreshhold" \(expected one of: ' \
    -- sweep --gestures 10 --set sheet.upThreshhold=0.2 --output "$work/sw/a.csv"
expect_error "sweep: a value out of the surface's rules" '--set sheet\.upThreshold=-0\.1: sheet\.upThreshold: must be within 0\.\.\.1' \
    -- sweep --gestures 10 --set sheet.upThreshold=0.2,-0.1 --output "$work/sw/a.csv" --html "$work/sw/a.html"
expect_error "sweep: a threshold above the container" '--set sheet\.downThreshold=2: sheet\.downThreshold: must be within 0\.\.\.1' \
    -- sweep --gestures 10 --set sheet.downThreshold=2 --output "$work/sw/a.csv"
expect_error "sweep: a bare key echoed as written" '--set upThreshold=5: sheet\.upThreshold: must be within 0\.\.\.1' \
    -- sweep --gestures 10 --set upThreshold=5 --output "$work/sw/a.csv"
expect_error "sweep: a negative count is a count, not an option" '--gestures must be between 1 and 1000000000, not -5' \
    -- sweep --gestures -5 --output "$work/sw/a.csv"
expect_error "sweep: another surface's key" '--set bar\.compact=60: "bar\." names the bar surface, not the sheet this runs' \
    -- sweep --gestures 10 --set bar.compact=60
# The same key forms in every command: bare, or prefixed with the surface's name.
expect_error "simulate: another surface's key" '--set bar\.compact=60: "bar\." names the bar surface, not the sheet this runs' \
    -- simulate sheet-open-full --set bar.compact=60
expect_error "compare: another surface's key" '--set-b bar\.compact=60: "bar\." names the bar surface' \
    -- compare sheet-open-full --set-b bar.compact=60
bare=$("$bin" simulate sheet-open-full --set backdropAlpha=0.8 --format csv | shasum)
prefixed=$("$bin" simulate sheet-open-full --set sheet.backdropAlpha=0.8 --format csv | shasum)
[ "$bare" = "$prefixed" ] && pass || fail "simulate: --set sheet.KEY and --set KEY differ"
a=$("$bin" sweep --gestures 40 --set upThreshold=0.15,0.25 --format csv --no-progress)
b=$("$bin" sweep --gestures 40 --set sheet.upThreshold=0.15,0.25 --format csv --no-progress)
[ -n "$a" ] && [ "$a" = "$b" ] && pass || fail "sweep: --set KEY and --set sheet.KEY differ"
"$bin" compare sheet-open-full --set-b reducedMotion=on > "$work/out" 2> "$work/err" && pass \
    || fail "compare: --set-b reducedMotion=on (on is a boolean, as in sweep): $(cat "$work/err")"
# Non-finite numbers are refused, saying so, in every command.
for value in nan inf -Infinity 1e400; do
    expect_error "simulate: --set $value" "--set upThreshold=$value: $value is not a finite number \(non-finite numbers" \
        -- simulate sheet-open-full --set upThreshold=$value
    expect_error "compare: --set-a $value" "--set-a sheet\.upThreshold=$value: $value is not a finite number" \
        -- compare sheet-open-full --set-a sheet.upThreshold=$value
    expect_error "sweep: --set $value" "--set upThreshold=0\.2,$value: $value is not a finite number" \
        -- sweep --gestures 10 --set upThreshold=0.2,$value --output "$work/sw/a.csv"
done
"$bin" sweep run --help > "$work/out" 2>&1
tr -s ' \n' '  ' < "$work/out" | grep -q "The surface to sweep: sheet, bar, pulldown or refresh" && pass \
    || fail "sweep run --help does not list refresh: $(grep -A1 -- '--surface' "$work/out")"
expect_error "sweep: a bad shard spec" '--shard 4/3: expected I/N with 1 <= I <= N' -- sweep --gestures 10 --shard 4/3
expect_error "sweep: an unknown gesture kind" '--kinds drag,swipe: no kind "swipe"' -- sweep --gestures 10 --kinds drag,swipe
expect_error "sweep: an unknown surface" '--surface carousel: no such surface' -- sweep --surface carousel
expect_error "sweep: no gestures" '--gestures must be between 1 and 1000000000, not 0' -- sweep --gestures 0
expect_error "sweep: a missing script folder" '--scripts .*/nofolder: cannot read the folder' -- sweep --scripts "$work/nofolder"
mkdir "$work/scripts"
printf '{"surface": {"type": "bar"}, "steps": []}' > "$work/scripts/bar.json"
expect_error "sweep: a script of another surface" '--scripts: bar\.json: \$\.surface\.type: is bar, not the swept sheet' \
    -- sweep --scripts "$work/scripts" --output "$work/sw/s.csv"
[ -z "$(ls -A "$work/sw")" ] && pass || fail "sweep: bad input left $(ls -A "$work/sw" | tr '\n' ' ')"
for i in 1 2 3; do
    "$bin" sweep --gestures 300 --seed 4 --set sheet.upThreshold=0.15,0.25 --shard $i/3 --format json --no-progress \
        --output "$work/sw/s$i.json" 2> /dev/null || fail "sweep: shard $i/3 failed"
done
"$bin" sweep --gestures 300 --seed 5 --set sheet.upThreshold=0.15,0.25 --shard 3/3 --format json --no-progress \
    --output "$work/sw/other.json" 2> /dev/null || fail "sweep: shard of another seed failed"
expect_error "sweep merge: a shard of another sweep" 'other\.json: belongs to another sweep than .*s1\.json' \
    -- sweep merge "$work/sw/s1.json" "$work/sw/s2.json" "$work/sw/other.json" --output "$work/sw/m.json"
expect_error "sweep merge: a missing shard" 'merge: shard 2/3 is missing' -- sweep merge "$work/sw/s1.json" "$work/sw/s3.json"
expect_error "sweep merge: a repeated shard" 's1\.json: repeats shard 1/3' -- sweep merge "$work/sw/s1.json" "$work/sw/s1.json"
printf '{"format": "scrolldrive-sweep", "version": 1}' > "$work/sw/bad.json"
expect_error "sweep merge: a malformed file names the JSON path" 'bad\.json: \$\.seed: is required' -- sweep merge "$work/sw/bad.json"
[ ! -e "$work/sw/m.json" ] && pass || fail "sweep merge: a failed merge wrote its output"
"$bin" sweep --gestures 300 --seed 4 --set sheet.upThreshold=0.15,0.25 --threads 1 --format json --no-progress \
    > "$work/sw/whole.json" 2> /dev/null
"$bin" sweep merge "$work/sw/s3.json" "$work/sw/s1.json" "$work/sw/s2.json" --format json --output "$work/sw/m.json" &&
    cmp -s "$work/sw/whole.json" "$work/sw/m.json" && pass || fail "sweep merge: shards merged differ from the unsharded run"

# Usage errors (ArgumentParser's own checks) exit 2 like every other bad
# input (not ArgumentParser's 64, EX_USAGE), name the option or argument and
# show the usage; they must not crash either.
expect_usage() {
    local name=$1 pattern=$2
    shift 3
    "$bin" "$@" > "$work/out" 2> "$work/err" < /dev/null
    local status=$?
    if [ "$status" = 2 ] && grep -qE -- "$pattern" "$work/err" && grep -qE "^Usage: scrolldrive" "$work/err" &&
       [ ! -s "$work/out" ] &&
       ! grep -qiE "fatal error|stack dump|backtrace|#[0-9]+ 0x" "$work/err"; then pass
    else fail "$name: exit $status, stderr: $(head -c 300 "$work/err")"; fi
}
expect_usage "usage: --fps not a number" "'abc' is invalid for '--fps" -- simulate bar-fling --fps abc
expect_usage "usage: an extra argument" "Unexpected argument 'b'" -- bar replay a b
expect_usage "usage: unknown subcommand option" "Unknown option '--nope'" -- bar replay --nope
expect_usage "usage: unknown subcommand" "Unexpected argument 'frobnicate'" -- frobnicate
expect_usage "usage: missing argument" "Missing expected argument '<input>'" -- simulate
expect_error "usage: a command's own option check" "--frames many: not a whole number" -- bench --frames many
# Help is not an error: standard output, exit 0.
for args in "--help" "simulate --help" "help simulate" ""; do
    # shellcheck disable=SC2086
    "$bin" $args > "$work/out" 2> "$work/err" < /dev/null
    status=$?
    if [ "$status" = 0 ] && grep -q "^USAGE: scrolldrive" "$work/out" && [ ! -s "$work/err" ]; then pass
    else fail "help '$args': exit $status, stderr: $(head -c 200 "$work/err")"; fi
done

# --version prints the version the C header declares (SD_VERSION_STRING), exit 0.
header_version=$(sed -n 's/^#define SD_VERSION_STRING "\(.*\)"/\1/p' "$(dirname "$0")/../../CCore/include/scrolldrive/common.h")
version=$("$bin" --version 2> "$work/err" < /dev/null)
status=$?
if [ "$status" = 0 ] && [ -n "$header_version" ] && [ "$version" = "$header_version" ] && [ ! -s "$work/err" ]; then pass
else fail "--version: exit $status, printed '$version', header says '$header_version'"; fi

echo "cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
