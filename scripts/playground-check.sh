#!/usr/bin/env bash
# playground-check.sh — the playground page (docs/playground.md) in headless
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
out="$scratch/playground-check"
rm -rf "$out"
mkdir -p "$out"
CHROMIUM="$(command -v chromium || command -v chromium-browser)" \
    timeout 600 python3 Tests/Browser/test_playground.py "$bin" "$out"
