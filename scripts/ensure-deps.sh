#!/usr/bin/env bash
# ensure-deps.sh NAME... — makes sure a build/test dependency is installed.
# On Debian as root it installs what is missing with apt-get; anywhere else it
# says what to install and fails (exit 1), or, for optional tools, exits 3 so
# the caller can skip the step and say so.
set -euo pipefail

# A package step can fail by chance: another apt-get holding the dpkg lock,
# a slow or briefly unreachable mirror. Each attempt waits up to two minutes
# for the lock; a failed attempt is retried twice, 15 s apart, saying so;
# the last failure is reported with the command that failed.
retry() {
    local what=$1 attempt
    shift
    for attempt in 1 2 3; do
        if "$@"; then return 0; fi
        [ "$attempt" = 3 ] && break
        echo "ensure-deps: $what failed (attempt $attempt of 3); retrying in 15 s" >&2
        sleep 15
    done
    echo "ensure-deps: $what failed 3 times: $*" >&2
    return 1
}

apt_updated=0
apt_install() {
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        return 1
    fi
    local apt=(env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 -qq)
    if [ "$apt_updated" = 0 ]; then
        retry "apt-get update" "${apt[@]}" update >/dev/null || return 1
        apt_updated=1
    fi
    retry "apt-get install $*" "${apt[@]}" install -y --no-install-recommends "$@" >/dev/null
}

for dep in "$@"; do
    case "$dep" in
    cmocka)
        if [ -f /usr/include/cmocka.h ] || pkg-config --exists cmocka 2>/dev/null; then continue; fi
        echo "ensure-deps: installing cmocka (libcmocka-dev) and pkg-config"
        apt_install libcmocka-dev pkg-config || {
            echo "ensure-deps: cmocka is missing; install libcmocka-dev (Debian/Ubuntu) or cmocka (Homebrew) and retry" >&2
            exit 1
        }
        ;;
    chromium)
        # Optional: headless Chromium for the browser check of the simulator's
        # SVG/HTML output. Exit 3 (skip) where it cannot be installed.
        if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then continue; fi
        echo "ensure-deps: chromium is missing; trying to install it (Debian package chromium)"
        apt_install chromium fonts-dejavu-core || {
            echo "ensure-deps: chromium is not installed and cannot be installed here (needs Debian/Ubuntu apt and root)" >&2
            exit 3
        }
        ;;
    lld)
        # The LLVM linker, for the libFuzzer harnesses (clang -fuse-ld=lld).
        # Clang looks for ld.lld next to itself first (the Swift toolchain
        # ships one), then on PATH. FUZZ_CC names the clang to ask.
        clang_bin="${FUZZ_CC:-$(command -v clang || true)}"
        if [ -n "$clang_bin" ] && [ -x "$(dirname "$clang_bin")/ld.lld" ]; then continue; fi
        if command -v ld.lld >/dev/null 2>&1; then continue; fi
        echo "ensure-deps: installing lld (Debian package lld)"
        apt_install lld || {
            echo "ensure-deps: ld.lld is missing; install lld (Debian/Ubuntu) or LLVM's lld and retry" >&2
            exit 1
        }
        ;;
    wasi-libc)
        # The C library (libm) for the playground's WebAssembly build.
        if [ -f "${WASI_SYSROOT:-/usr}/lib/wasm32-wasi/libc.a" ]; then continue; fi
        echo "ensure-deps: installing wasi-libc (Debian package wasi-libc)"
        apt_install wasi-libc || {
            echo "ensure-deps: wasi-libc is missing; install wasi-libc (Debian/Ubuntu) or set WASI_SYSROOT to a wasi-sysroot and retry" >&2
            exit 1
        }
        ;;
    wasm-ld)
        # The WebAssembly linker: the Swift toolchain ships one next to clang.
        clang_bin="${WASM_CC:-$(command -v clang || true)}"
        if [ -n "$clang_bin" ] && [ -x "$(dirname "$clang_bin")/wasm-ld" ]; then continue; fi
        if command -v wasm-ld >/dev/null 2>&1; then continue; fi
        echo "ensure-deps: installing lld (Debian package lld, for wasm-ld)"
        apt_install lld || {
            echo "ensure-deps: wasm-ld is missing; install lld (Debian/Ubuntu) and retry" >&2
            exit 1
        }
        ;;
    playwright)
        # Optional: Playwright for Python drives the playground in the system
        # Chromium (never a browser of its own). Exit 3 (skip) where it
        # cannot be installed.
        if python3 -c "import playwright.sync_api" >/dev/null 2>&1; then continue; fi
        echo "ensure-deps: installing Playwright for Python (pip package playwright)"
        { command -v python3 >/dev/null 2>&1 \
            && retry "pip install playwright" python3 -m pip install -q playwright >/dev/null \
            && python3 -c "import playwright.sync_api" >/dev/null 2>&1; } || {
            echo "ensure-deps: Playwright for Python is not installed and cannot be installed here (python3 -m pip install playwright)" >&2
            exit 3
        }
        ;;
    slurm)
        # A one-node Slurm cluster for the cluster examples (scripts/cluster-check.sh):
        # slurmctld, slurmd, the client commands and munge.
        if command -v slurmctld >/dev/null 2>&1 && command -v slurmd >/dev/null 2>&1 &&
           command -v sbatch >/dev/null 2>&1 && command -v munged >/dev/null 2>&1; then continue; fi
        echo "ensure-deps: installing Slurm (Debian packages slurm-wlm and munge)"
        apt_install slurm-wlm munge || {
            echo "ensure-deps: Slurm is missing; install slurm-wlm and munge (Debian/Ubuntu) and retry" >&2
            exit 1
        }
        ;;
    kubernetes-validate)
        # Kubernetes' schemas, offline, for the Indexed Job in docs/sweep.md (PyPI, pinned).
        want=1.37.0
        if command -v kubernetes-validate >/dev/null 2>&1 && [ "$(kubernetes-validate --version 2>/dev/null)" = "$want" ]; then
            continue
        fi
        echo "ensure-deps: installing kubernetes-validate $want (pip)"
        { command -v python3 >/dev/null 2>&1 \
            && retry "pip install kubernetes-validate" python3 -m pip install -q "kubernetes-validate==$want" >/dev/null \
            && command -v kubernetes-validate >/dev/null 2>&1; } || {
            echo "ensure-deps: kubernetes-validate is missing; install it with python3 -m pip install kubernetes-validate==$want" >&2
            exit 1
        }
        ;;
    *)
        echo "ensure-deps: unknown dependency '$dep'" >&2
        exit 1
        ;;
    esac
done
