#!/usr/bin/env bash
# playground-check.sh — the playground's glue under ASan+UBSan
# (Tests/Browser/glue_sanitized.c), then the page (docs/playground.md) in headless
# Chromium, driven with real pointer input by Playwright for Python
# (Tests/Browser/test_playground.py), its frames compared with
# `scrolldrive simulate` on the script it exports.
#
# Usage: scripts/playground-check.sh [SCRATCH_PATH]   (SwiftPM scratch path, default .build)
# Needs the module `make wasm` builds (build-c/wasm/scrolldrive-playground.wasm).
# Exit status: 0 passed, 1 failed, 0 with a SKIPPED line where Chromium or
# Playwright cannot be had (not Debian/root, or no network to the registries).
set -euo pipefail

cd "$(dirname "$0")/.."
scratch="${1:-.build}"

# The glue natively under ASan+UBSan (WebAssembly has no such checks).
cc="${CC:-cc}"
mkdir -p build-c/wasm
"$cc" -std=c11 -g -O1 -ffp-contract=off -fsanitize=address,undefined -fno-sanitize-recover=all \
    -fno-omit-frame-pointer -Wall -Wextra -Wno-unknown-pragmas -ICCore/include -ICCore -ICCore/wasm CCore/*.c CCore/wasm/*.c \
    Tests/Browser/glue_sanitized.c -o build-c/wasm/glue-sanitized -lm
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    build-c/wasm/glue-sanitized

# The README states the module's size ("about N KB"): it stays within 10% of what `make wasm` writes.
size=$(wc -c < build-c/wasm/scrolldrive-playground.wasm)
stated=$(sed -n 's/.*compiled to WebAssembly (about \([0-9][0-9]*\) KB.*/\1/p' README.md)
if [ -z "$stated" ] || [ $((stated * 1000 * 10)) -lt $((size * 9)) ] || [ $((stated * 1000 * 10)) -gt $((size * 11)) ]; then
    echo "test-playground: README says the module is about ${stated:-?} KB; make wasm wrote $size bytes" >&2
    exit 1
fi
echo "test-playground: the module is $size bytes (README: about $stated KB)"

for dep in chromium playwright; do
    set +e
    ./scripts/ensure-deps.sh "$dep"
    status=$?
    set -e
    if [ "$status" = 3 ]; then
        echo "test-playground: SKIPPED: $dep is not available on this machine (see above)"
        exit 0
    elif [ "$status" != 0 ]; then
        exit "$status"
    fi
done

swift build --scratch-path "$scratch" --product scrolldrive >/dev/null
bin="$(swift build --scratch-path "$scratch" --show-bin-path)/scrolldrive"
# From any folder, with no --wasm: the module is found in the checkout the binary was built from.
elsewhere=$(mktemp -d)
(cd "$elsewhere" && "$bin" playground -o page.html)
[ -s "$elsewhere/page.html" ] || { echo "test-playground: scrolldrive playground run outside the checkout wrote no page" >&2; exit 1; }
rm -rf "$elsewhere"
out="$scratch/playground-check"
rm -rf "$out"
mkdir -p "$out"
CHROMIUM="$(command -v chromium || command -v chromium-browser)" \
    timeout 600 python3 Tests/Browser/test_playground.py "$bin" "$out"
