#!/bin/sh
# Runs the analysis benchmark once and prints how much faster the exact closed-form stop prediction is than
# stepping the Unreal model to a stop (targets: >= 5x at 240 fps, >= 20x at 1000 fps; flat cost across fps).
# Usage: scripts/bench-ratios.sh [BUILD_DIR]   (default: build; needs a Release build with benchmarks)
set -eu
build_dir=${1:-build}
bench="$build_dir/bench/analysis_bench"
if [ ! -x "$bench" ]; then
    echo "bench-ratios: $bench not found; build with: cmake --build $build_dir --target analysis_bench" >&2
    exit 2
fi
"$bench" --benchmark_format=json --benchmark_min_time=0.2 2>/dev/null | python3 -c '
import json, sys
runs = {b["name"]: b["cpu_time"] for b in json.load(sys.stdin)["benchmarks"]}
targets = {"240": 5.0, "1000": 20.0}
print("%6s %10s %11s %8s  target" % ("fps", "exact ns", "stepped ns", "ratio"))
exact = []
for fps in ("30", "60", "240", "1000"):
    e, s = runs[f"BM_ExactStop/{fps}"], runs[f"BM_SteppedStop/{fps}"]
    exact.append(e)
    target = f">= {targets[fps]:g}x " + ("ok" if s / e >= targets[fps] else "MISSED") if fps in targets else ""
    print(f"{fps:>6} {e:>10.1f} {s:>11.1f} {s / e:>7.1f}x  {target}")
print(f"closed-form cost across frame rates: {min(exact):.1f} .. {max(exact):.1f} ns (max/min {max(exact) / min(exact):.2f})")
'
