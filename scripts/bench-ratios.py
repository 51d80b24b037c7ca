#!/usr/bin/env python3
"""Same-run ratios of hot paths, over several runs of `scrolldrive bench`.

    scripts/bench-ratios.py [--runs N] [--frames F] [--repetitions R] [--binary B] NUM:DEN ...

Each pair NUM:DEN names two hot paths, e.g. `sheet/c-app-drag:bar/c-app-trace`
(`scrolldrive bench --filter x` lists them all). Every run is one
`scrolldrive bench --json` process that measures all the named paths in the
same interleaved rounds; a pair's ratio in that run is NUM's median ns/frame
over DEN's. The table gives each pair's min / median / max over the runs, so
a figure is always a same-run comparison (the host's speed changes between
and within runs; a ratio taken from two runs would mix two speeds).

The CPU model (from /proc/cpuinfo) and the command are printed first, so a
table can be pasted into Benchmarks/README.md as it is.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pairs", nargs="+", help="NUM:DEN hot-path pairs")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frames", type=int, default=300000)
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--binary", default=".build-bench/release/scrolldrive")
    args = parser.parse_args()

    pairs = []
    for text in args.pairs:
        num, sep, den = text.partition(":")
        if not sep or not num or not den:
            parser.error(f"{text}: a pair is NUM:DEN, e.g. sheet/c-app-drag:bar/c-app-trace")
        pairs.append((num, den))
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not os.access(args.binary, os.X_OK):
        parser.error(f"{args.binary}: not built (make bench-quick builds it)")

    names = sorted({n for p in pairs for n in p})
    ratios = {p: [] for p in pairs}
    medians = {n: [] for n in names}
    print(f"CPU: {cpu_model()}, {os.cpu_count()} cores; load {os.getloadavg()[0]:.2f}")
    print(f"command: {args.binary} bench --frames {args.frames} --repetitions {args.repetitions} --json "
          f"(x{args.runs}), paths: {' '.join(names)}")
    for run in range(args.runs):
        out = subprocess.run([args.binary, "bench", "--frames", str(args.frames), "--repetitions",
                              str(args.repetitions), "--json", "--no-baselines",
                              "--filter=" + ",".join(names)],
                             check=True, capture_output=True, text=True).stdout
        by_name = {p["name"]: p["nsPerFrame"] for p in json.loads(out)["paths"]}
        missing = [n for n in names if n not in by_name]
        if missing:
            sys.exit(f"bench-ratios: no such hot path: {', '.join(missing)}")
        for n in names:
            medians[n].append(by_name[n])
        for p in pairs:
            ratios[p].append(by_name[p[0]] / by_name[p[1]])
        print(f"  run {run + 1}/{args.runs}: " + ", ".join(f"{p[0]}/{p[1]} {ratios[p][-1]:.2f}" for p in pairs),
              file=sys.stderr)
    spread = lambda v, fmt: [format(min(v), fmt), format(statistics.median(v), fmt), format(max(v), fmt)]
    table(["path", "min", "median", "max (ns/frame: each run's median)"],
          [[f"`{n}`"] + spread(medians[n], ".1f") for n in names])
    table(["ratio", "min", "median", "max"], [[f"`{p[0]}` / `{p[1]}`"] + spread(ratios[p], ".2f") for p in pairs])


def table(header, rows):
    """A Markdown table, numbers right-aligned, after an empty line."""
    print()
    print("| " + " | ".join(header) + " |")
    print("|---|" + "---:|" * (len(header) - 1))
    for row in rows:
        print("| " + " | ".join(row) + " |")

if __name__ == "__main__":
    main()
