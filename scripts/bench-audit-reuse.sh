#!/bin/bash
# The re-audit after a one-cell edit (`kinema audit --reuse`, docs/audit.md "Re-auditing after an edit")
# against a full audit of the same edited level, on a 256 x 256 map: the shared den520d (256 x 257) without
# its last row. CPU time (user + system) of each run, single thread, both writing --json (the reuse reads the
# old report's JSON and writes the new one); the ratio reuse / full, the goal at most 0.1; and the two JSONs
# compared byte for byte. A benchmark, not a timed test: the numbers depend on the machine.
# Usage: scripts/bench-audit-reuse.sh [KINEMA]   (default: build/bin/kinema)
#        REUSE_EDITS (default 3): how many one-cell edits, each a floor tile near the centre made wall and back.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kinema=${1:-$root/build/bin/kinema}
source_map=$root/../shared/data/maps/den520d.map
if [ ! -x "$kinema" ]; then
    echo "bench-audit-reuse: $kinema not found; build with: cmake --build build --target kinema_cli" >&2
    exit 2
fi
if [ ! -f "$source_map" ]; then
    echo "bench-audit-reuse: $source_map absent; nothing to measure" >&2
    exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# 256 x 256: the header's height 257 made 256 and the last row dropped.
awk 'NR == 2 { print "height 256"; next } { print }' "$source_map" | head -n 260 >"$tmp/level.map"

# CPU seconds (user + system) of a command, its output to $tmp/log.
cpu() {
    local t
    t=$( { TIMEFORMAT='%3U %3S'; time "$@" >"$tmp/log" 2>&1; } 2>&1 )
    awk '{ printf "%.3f", $1 + $2 }' <<<"$t"
}

# The floor tile of the i-th edit: the first '.' of row 128 + 4 i from column 100 on.
edit() {
    local row=$((4 + 128 + 4 * $1))  # the file's line: 4 header lines, then row 0
    awk -v r="$row" -v to="$2" 'NR == r { i = index(substr($0, 101), "."); if (i > 0) $0 = substr($0, 1, 100 + i - 1) to substr($0, 100 + i + 1) } { print }' \
        "$tmp/level.map" >"$tmp/edited.map" && mv "$tmp/edited.map" "$tmp/level.map"
}

echo "== kinema audit --threads 1 --json on den520d cut to 256 x 256, one-cell edits (CPU seconds)"
base=$(cpu "$kinema" audit --map "$tmp/level.map" --threads 1 --quiet --json "$tmp/old.json")
echo "full audit of the original: $base s"
printf '%-6s %10s %10s %8s %-32s %s\n' edit full reuse ratio "cells audited again" "same JSON"
for i in $(seq 1 "${REUSE_EDITS:-3}"); do
    edit "$i" '@'
    full=$(cpu "$kinema" audit --map "$tmp/level.map" --threads 1 --quiet --json "$tmp/full.json")
    reuse=$(cpu "$kinema" audit --map "$tmp/level.map" --threads 1 --quiet --json "$tmp/new.json" \
        --reuse "$tmp/old.json")
    cells=$(sed -n 's/.*changed, \(.* cells\) audited again.*/\1/p' "$tmp/log")
    same=$(cmp -s "$tmp/full.json" "$tmp/new.json" && echo yes || echo NO)
    printf '%-6s %10s %10s %8s %-32s %s\n' "$i" "$full" "$reuse" \
        "$(awk -v r="$reuse" -v f="$full" 'BEGIN { printf "%.3f", r / f }')" "$cells" "$same"
    edit "$i" '.'
done
echo "(goal: ratio <= 0.1)"
