#!/usr/bin/env bash
# The level audit's CPU time, side by side in one run: issue 45's starting commit (c8d8bc3, built here from
# git) against this tree, one thread, on every shared map and mesh and our levels; and whether both write
# the same report (docs/performance.md "Level audit", docs/audit.md "Cost").
#
#   bash scripts/bench-audit.sh               every level (swampofsorrows alone takes about 30 s old)
#   bash scripts/bench-audit.sh --quick       a few small and mid-size levels (about a minute)
#   bash scripts/bench-audit.sh --only den011d,arena   levels whose file name contains one of the words
#   bash scripts/bench-audit.sh --instructions --quick   instructions (callgrind, one run each) instead of
#                                                         CPU time: steady on a busy machine, but about 50
#                                                         times slower (swampofsorrows alone: 15 minutes old)
#
# Options: --old-rev REV (default c8d8bc3), --work DIR (default /tmp/kinema-bench-audit: the old source, its
# build and the reports; an existing build there is reused), --new BIN (default: build/bin/kinema, built
# here with ccache), --keep (keep the reports).
#
# CPU time is user + system of the whole `kinema audit --threads 1 --quiet --json F --csv F` process (its
# rusage, to the microsecond, from Python's os.wait4), so starting the program, loading the level and writing
# both reports count: on levels of a few hundred rows the start (5-15 ms) is most of it. Levels under 100,000
# rows run several times
# ("runs", at most 20) and show the mean. "rows" compares every row's fields but
# `findings` (the chase itself). "old defs" runs main once more, untimed, with the findings' first
# definitions (--exit-junction 0, docs/audit.md "Findings") and compares every row (its findings too), the
# totals and the CSV, byte for byte; the places and the summary's advice were rewritten since c8d8bc3
# (docs/audit.md "Why: what the level shows"), and the report gained its reuse record, so the JSON as a
# whole differs. "start" is each build's CPU time for the audit of a one-tile level (starting the program,
# reading a level, writing both reports: 8 seeds of no work), and "bound" the old time over the new start:
# the most any audit could gain on that level without a faster program start; where it is under 5, so is
# every audit's ratio. "work" is the ratio with each build's start taken off both times, shown where the new
# time is more than twice the new start (below that it is a difference of small times that each move by a
# millisecond between runs). Not part of ctest: the full run takes minutes.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
old_rev=c8d8bc3
work=/tmp/kinema-bench-audit
new_bin=""
only=""
keep=0
instructions=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) only="maze-32-32-2,room-64-64-8,arena,random-32-32-10,nav_test,data/levels"; shift ;;
        --only) only="$2"; shift 2 ;;
        --old-rev) old_rev="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        --new) new_bin="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        --instructions) instructions=1; shift ;;
        -h | --help) awk 'NR > 1 && /^#/ { print } /^set / { exit }' "$0"; exit 0 ;;
        *) echo "bench-audit.sh: unknown option $1 (--help lists them)" >&2; exit 2 ;;
    esac
done

launcher=()
if command -v ccache > /dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

# The old tree from git (git archive: no worktree to clean up), built once, Release, the CLI only.
old_src="$work/src-$old_rev"
old_build="$work/build-$old_rev"
if [[ ! -f "$old_src/CMakeLists.txt" ]]; then
    mkdir -p "$old_src"
    git -C "$root" archive "$old_rev" | tar -x -C "$old_src"
fi
if [[ ! -x "$old_build/bin/kinema" ]]; then
    echo "building $old_rev in $old_build (once; later runs reuse it)" >&2
    cmake -S "$old_src" -B "$old_build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" > /dev/null
    cmake --build "$old_build" -j2 --target kinema_cli > "$work/build-$old_rev.log"
fi
old_bin="$old_build/bin/kinema"
if [[ -z "$new_bin" ]]; then
    cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" > /dev/null
    cmake --build "$root/build" -j2 --target kinema_cli > /dev/null
    new_bin="$root/build/bin/kinema"
fi

shared="$root/../shared/data"
levels=()
for f in "$shared"/maps/*.map "$shared"/meshes/*.obj "$root"/data/levels/*.txt "$root"/data/levels/*.obj; do
    [[ -f "$f" ]] && levels+=("$f")
done
selected() {
    [[ -z "$only" ]] && return 0
    local word
    IFS=, read -ra words <<< "$only"
    for word in "${words[@]}"; do
        [[ "$1" == *"$word"* ]] && return 0
    done
    return 1
}

# CPU seconds (user + system) of one audit, the mean of $4 runs (with a 5th argument "median", the median
# after 3 runs not counted: the program's start, whose first runs after a build read it from disk); its
# reports go to $3.json, $3.csv.
cpu_audit() {
    local bin="$1" level="$2" out="$3" runs="$4" statistic="${5:-mean}"
    python3 - "$runs" "$statistic" "$out.err" "$bin" audit --map "$level" --threads 1 --quiet --json \
        "$out.json" --csv "$out.csv" << 'EOF' || { echo "bench-audit.sh: $bin failed on $level (see $out.err)" >&2; return 1; }
import os, statistics, sys
runs, statistic, err, command = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
times = []
for _ in range(runs + (3 if statistic == "median" else 0)):
    pid = os.fork()
    if pid == 0:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
        os.execv(command[0], command)
    _, status, usage = os.wait4(pid, 0)
    if status != 0:
        sys.exit(1)
    times.append(usage.ru_utime + usage.ru_stime)
value = statistics.median(times[3:]) if statistic == "median" else sum(times) / runs
print(f"{value:.4f}" if value < 0.1 else f"{value:.2f}")
EOF
}

# Two words, each "yes" or "NO", from one reading of each report (a shared map's JSON is up to 300 MB): whether
# every row's fields other than findings are the same in the old report ($1.json) and main's ($2.json); and
# whether the old report and main's under the first definitions ($3.json, $3.csv) hold the same rows (findings
# too) and totals, and the same CSV bytes. Numbers are compared by their text.
compare_reports() {
    python3 - "$1" "$2" "$3" << 'EOF'
import filecmp, json, sys
old, new, first = sys.argv[1:4]
load = lambda p: json.load(open(p + ".json"), parse_float=str)
a = load(old)
strip = lambda rows: [{k: v for k, v in r.items() if k != "findings"} for r in rows]
rows = strip(a["rows"]) == strip(load(new)["rows"])
b = load(first)
defs = filecmp.cmp(old + ".csv", first + ".csv", shallow=False) and a["rows"] == b["rows"] and a["totals"] == b["totals"]
print("yes" if rows else "NO", "yes" if defs else "NO")
EOF
}

# Millions of instructions (callgrind's Ir, the whole process) of one audit; its reports go to $3.json,
# $3.csv.
ir_audit() {
    local bin="$1" level="$2" out="$3"
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" audit --map "$level" --threads 1 --quiet \
        --json "$out.json" --csv "$out.csv" > /dev/null 2> "$out.err" ||
        { echo "bench-audit.sh: $bin failed on $level under callgrind (see $out.err)" >&2; return 1; }
    grep -o 'Collected : [0-9]*' "$out.err" | awk '{ printf "%.2f", $3 / 1e6 }'
}

# measure BIN LEVEL OUT RUNS [median]: the level's cost in this run's unit (CPU seconds or millions of
# instructions; callgrind's count is the same every run, so it runs once).
measure() {
    if [[ "$instructions" == 1 ]]; then
        ir_audit "$1" "$2" "$3"
    else
        cpu_audit "$@"
    fi
}

unit="s"
if [[ "$instructions" == 1 ]]; then
    command -v valgrind > /dev/null ||
        { echo "bench-audit.sh: --instructions needs valgrind (apt-get install valgrind)" >&2; exit 2; }
    unit="M Ir"
fi
# A directory of this run's own: two runs at once (CPU time and instructions) do not share reports.
mkdir -p "$work"
out=$(mktemp -d "$work/reports.XXXXXX")
printf 'type octile\nheight 1\nwidth 1\nmap\n.\n' > "$out/one_tile.map"
old_start=$(measure "$old_bin" "$out/one_tile.map" "$out/one_tile.old" 40 median)
new_start=$(measure "$new_bin" "$out/one_tile.map" "$out/one_tile.new" 40 median)
echo "start (a one-tile level$([[ "$instructions" == 1 ]] || echo ", the median of 40 runs")):" \
    "old ${old_start} ${unit}, new ${new_start} ${unit}"
printf '%-28s %8s %4s %8s %8s %7s %6s %6s %5s %8s\n' level rows runs "old $unit" "new $unit" ratio bound work \
    rows "old defs"
all_same=1
for level in "${levels[@]}"; do
    selected "$level" || continue
    name=$(basename "$level")
    # One run first to learn the rows, then as many as the level needs for a readable time.
    old_s=$(measure "$old_bin" "$level" "$out/$name.old" 1)
    rows=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"]["rows"])' "$out/$name.old.json")
    runs=$(((100000 + rows - 1) / rows))
    runs=$((runs > 20 ? 20 : runs))
    if [[ "$instructions" == 1 ]]; then
        runs=1
    fi
    if [[ "$runs" -gt 1 ]]; then
        old_s=$(measure "$old_bin" "$level" "$out/$name.old" "$runs")
    fi
    new_s=$(measure "$new_bin" "$level" "$out/$name.new" "$runs")
    ratio=$(awk -v o="$old_s" -v n="$new_s" 'BEGIN { printf (n > 0 ? "%.1fx" : "-"), o / n }')
    bound=$(awk -v o="$old_s" -v n="$new_start" 'BEGIN { printf (n > 0 ? "%.1fx" : "-"), o / n }')
    work_ratio=$(awk -v o="$old_s" -v n="$new_s" -v os="$old_start" -v ns="$new_start" \
        'BEGIN { printf (n > 2 * ns && o > os ? "%.1fx" : "-"), (o - os) / (n - ns) }')
    "$new_bin" audit --map "$level" --threads 1 --quiet --exit-junction 0 --json "$out/$name.first.json" \
        --csv "$out/$name.first.csv" > /dev/null 2> "$out/$name.first.err" || {
        echo "bench-audit.sh: $new_bin --exit-junction 0 failed on $level (see $out/$name.first.err)" >&2
        exit 1
    }
    read -r rows_same old_defs < <(compare_reports "$out/$name.old" "$out/$name.new" "$out/$name.first")
    [[ "$rows_same" == yes && "$old_defs" == yes ]] || all_same=0
    printf '%-28s %8s %4s %8s %8s %7s %6s %6s %5s %8s\n' "$name" "$rows" "$runs" "$old_s" "$new_s" "$ratio" \
        "$bound" "$work_ratio" "$rows_same" "$old_defs"
done
echo "old: $old_rev ($old_bin), new: $(git -C "$root" rev-parse --short HEAD) ($new_bin); $(nproc) cores," \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u '+%Y-%m-%d %H:%M UTC')"
if [[ "$keep" == 0 ]]; then
    rm -rf "$out"
else
    echo "reports kept in $out"
fi
[[ "$all_same" == 1 ]] || { echo "bench-audit.sh: some reports differ (rerun with --keep to look)" >&2; exit 1; }
