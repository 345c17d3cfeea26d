#!/bin/bash
# Two builds of kinema side by side on one level: the audit's CPU time (user + system, one thread, --json)
# in N adjacent pairs, their order alternating, and the mean of B's time over A's with its standard error.
# On a shared machine a level's time drifts by 10 % or more from run to run, and most of that drift is common
# to the two runs of a pair, so the ratio of adjacent runs decides a change of a few per cent where medians of
# separate runs do not (docs/audit.md "Round five"). Instruction counts (callgrind) are steadier but can
# mislead: a change that removes branches for AVX2 gathers cut 3 % of the instructions and none of the time.
# A benchmark, not a timed test: the numbers depend on the machine.
# Usage: scripts/bench-audit-pairs.sh A B LEVEL [N]   (A, B: kinema executables; N pairs, default 20)
#   e.g. scripts/bench-audit-pairs.sh /tmp/kinema-before build/bin/kinema ../shared/data/maps/room-64-64-8.map 30
set -euo pipefail
if [ $# -lt 3 ] || [ $# -gt 4 ]; then
    echo "usage: bench-audit-pairs.sh A B LEVEL [N]  (two kinema executables, a level, N pairs; default 20)" >&2
    exit 2
fi
a=$1
b=$2
level=$3
pairs=${4:-20}
for k in "$a" "$b"; do
    if [ ! -x "$k" ]; then
        echo "bench-audit-pairs: $k is not an executable" >&2
        exit 2
    fi
done
if [ ! -f "$level" ]; then
    echo "bench-audit-pairs: level $level not found" >&2
    exit 2
fi
if ! [[ "$pairs" =~ ^[1-9][0-9]*$ ]]; then
    echo "bench-audit-pairs: N must be a whole number of pairs, 1 or more (got $pairs)" >&2
    exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# CPU seconds (user + system) of one audit by executable $1, its report to $tmp/$2.json.
cpu() {
    local t
    t=$( { TIMEFORMAT='%3U %3S'; time "$1" audit --map "$level" --threads 1 --quiet --json "$tmp/$2.json" \
        >"$tmp/log" 2>&1; } 2>&1 )
    awk '{ printf "%.3f", $1 + $2 }' <<<"$t"
}

for i in $(seq "$pairs"); do
    if [ $((i % 2)) -eq 1 ]; then
        ta=$(cpu "$a" a)
        tb=$(cpu "$b" b)
    else
        tb=$(cpu "$b" b)
        ta=$(cpu "$a" a)
    fi
    echo "$ta $tb" >>"$tmp/pairs"
done
same=$(cmp -s "$tmp/a.json" "$tmp/b.json" && echo "the same report" || echo "different reports")
awk -v level="$(basename "$level")" -v same="$same" '
    { r = $2 / $1; s += r; ss += r * r; n++; sa += $1; sb += $2 }
    END {
        m = s / n; sd = n > 1 ? sqrt((ss - n * m * m) / (n - 1)) : 0
        printf "%s: B/A %.3f +- %.3f (standard error, %d pairs); mean CPU A %.3f s, B %.3f s; %s\n",
               level, m, sd / sqrt(n), n, sa / n, sb / n, same
    }' "$tmp/pairs"
