#!/usr/bin/env bash
# build-wasm.sh [OUT] — compiles the C core (CCore/*.c, the same files as
# libscrolldrive.a) and the playground's glue (CCore/wasm/*.c) to one
# WebAssembly module for the browser playground (docs/playground.md).
#
# Compiler: the clang on PATH (the Swift toolchain's has the wasm32 target),
# or $WASM_CC. C library: Debian's wasi-libc (libm's exp, pow, ... from its
# libc.a; scripts/ensure-deps.sh wasi-libc installs it). Linker: wasm-ld next
# to clang, or on PATH (Debian's lld). The module imports nothing and exports
# its memory and the pg_* functions of CCore/wasm/.
#
# Default OUT: build-c/wasm/scrolldrive-playground.wasm. Prints its size.
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-build-c/wasm/scrolldrive-playground.wasm}"
cc="${WASM_CC:-$(command -v clang || true)}"
[ -n "$cc" ] || { echo "build-wasm: clang not found (the Swift toolchain's clang has the wasm32 target)" >&2; exit 1; }
sysroot="${WASI_SYSROOT:-/usr}"
libc="$sysroot/lib/wasm32-wasi/libc.a"
[ -f "$libc" ] || { echo "build-wasm: $libc missing: install wasi-libc (scripts/ensure-deps.sh wasi-libc)" >&2; exit 1; }
ld="$(dirname "$cc")/wasm-ld"
[ -x "$ld" ] || ld="$(command -v wasm-ld || command -v wasm-ld-14 || true)"
[ -n "$ld" ] || { echo "build-wasm: wasm-ld not found: install lld" >&2; exit 1; }

objdir="$(dirname "$out")/obj"
mkdir -p "$objdir"
# The core's own flags (CCore/Makefile): no fused multiply-add, so every
# product rounds as it does on the simulator's machine.
cflags=(--target=wasm32-wasi "--sysroot=$sysroot" -std=c11 -O2 -ffp-contract=off -fno-math-errno
        -Wall -Wextra -Wpedantic -Wshadow -Wno-unknown-pragmas -Werror -ICCore/include -ICCore)
objs=()
for src in CCore/*.c CCore/wasm/*.c; do
    obj="$objdir/$(basename "$src" .c).o"
    "$cc" "${cflags[@]}" -c "$src" -o "$obj"
    objs+=("$obj")
done
# No entry point (a library the page calls); unused code dropped.
"$ld" --no-entry --gc-sections --strip-all -o "$out.tmp" "${objs[@]}" "$libc"
mv "$out.tmp" "$out"
echo "build-wasm: $out ($(wc -c <"$out") bytes)"
