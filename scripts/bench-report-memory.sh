#!/bin/sh
# Peak memory of the commands whose reports are large, side by side for two kinema binaries (an older build
# and this one): each run's maximum resident set and CPU time from /usr/bin/time, the ratio before / after,
# and whether the two wrote the same bytes (stdout and every report file).
# Usage: scripts/bench-report-memory.sh BEFORE_BIN AFTER_BIN
#        BATCH (default 20000) scenarios for the batch run; BIG=0 skips the 4096 x 4096 chase (2.7 GB before).
# Runs (all on generated all-floor maps or the shared den maps, under nice):
#   audit   1024 x 1024 open map, --directions 1 (2^20 rows, the limit), --json and --csv
#   batch   empty-32-32, --batch $BATCH --threads 2, --json and --csv
#   chase   4096 x 4096 open map, --max-heated 1000000 --max-steps 1000000 --json (the whole map touched)
set -eu
if [ $# -ne 2 ]; then
    echo "usage: scripts/bench-report-memory.sh BEFORE_BIN AFTER_BIN" >&2
    exit 2
fi
before=$(realpath "$1")
after=$(realpath "$2")
maps=$(cd "$(dirname "$0")/.." && pwd)/../shared/data/maps
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PY'
import sys
for n in (1024, 4096):
    with open(f"{sys.argv[1]}/open{n}.map", "w") as f:
        f.write("type octile\nheight %d\nwidth %d\nmap\n" % (n, n))
        f.write(("." * n + "\n") * n)
PY

# run TAG NAME ARGS...: writes $tmp/TAG-NAME.{out,time}; @ in ARGS becomes $tmp/TAG-NAME
run() {
    tag=$1; name=$2; bin=$3; shift 3
    for a; do
        shift
        set -- "$@" "$(printf '%s' "$a" | sed "s|@|$tmp/$tag-$name|g")"
    done
    nice -n 15 /usr/bin/time -f "%M %U" -o "$tmp/$tag-$name.time" "$bin" "$@" >"$tmp/$tag-$name.out" 2>/dev/null || true
}

compare() {
    name=$1; shift
    run before "$name" "$before" "$@"
    run after "$name" "$after" "$@"
    same=same
    for f in "$tmp"/before-"$name"*; do
        case $f in *.time) continue ;; esac
        g=$(printf '%s' "$f" | sed "s|/before-|/after-|")
        cmp -s "$f" "$g" || same=DIFFERENT
    done
    read -r kb_b cpu_b <"$tmp/before-$name.time"
    read -r kb_a cpu_a <"$tmp/after-$name.time"
    awk -v n="$name" -v b="$kb_b" -v a="$kb_a" -v cb="$cpu_b" -v ca="$cpu_a" -v s="$same" 'BEGIN {
        printf "%-7s %10.0f MB %6.1f s  %10.0f MB %6.1f s  %6.2fx  %s\n", n, b / 1024, cb, a / 1024, ca, b / a, s }'
}

printf '%-7s %16s %9s %16s %9s %7s  %s\n' run "before peak" cpu "after peak" cpu ratio output
compare audit audit --map "$tmp/open1024.map" --directions 1 --quiet --json @.json --csv @.csv
compare batch pursue --map "$maps/empty-32-32.map" --batch "${BATCH:-20000}" --threads 2 --json @.json --csv @.csv
if [ "${BIG:-1}" != 0 ]; then
    compare chase chase --map "$tmp/open4096.map" --from 2048.5,2048.5 --dir 1,0 --max-heated 1000000 \
        --max-steps 1000000 --json
fi
