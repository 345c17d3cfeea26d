#!/bin/sh
# The chase flood side by side with the straightforward baseline, then the same
# work under callgrind for instructions per touched cell (wall time on a shared VM is noisy; instruction
# counts are not), then the 4096 x 4096 all-floor set-up check through the CLI (/usr/bin/time -v).
# Usage: scripts/bench-flood.sh [BUILD_DIR]   (default: build; needs a Release build with
#        -DKINEMA_BUILD_BENCH=ON and the targets flood_compare and kinema)
#        FLOOD_SEEDS (default 10000), FLOOD_ROUNDS (default 5), CALLGRIND_SEEDS (default 2000; 0 skips it),
#        BIG_MAP=0 skips the 4096 x 4096 check, FLOOD_GRID_PATH=automatic|always|never (default automatic)
#        picks kinema's path on grids as Flood::set_grid_path does.
set -eu
build_dir=${1:-build}
compare="$build_dir/bench/flood_compare"
cli="$build_dir/bin/kinema"
if [ ! -x "$compare" ]; then
    echo "bench-flood: $compare not found; build with: cmake --build $build_dir --target flood_compare" >&2
    exit 2
fi
maps_dir=$(cd "$(dirname "$0")/.." && pwd)/../shared/data/maps
maps="arena den011d den520d ht_chantry lak202d ost003d AR0205SR swampofsorrows maze-128-128-2 room-64-64-8
maze-32-32-2 room-32-32-4 random-32-32-10 empty-32-32"
if [ ! -d "$maps_dir" ]; then
    echo "bench-flood: shared maps absent ($maps_dir); nothing to measure" >&2
    exit 2
fi
grid_path=${FLOOD_GRID_PATH:-automatic}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== wall time, one run, side by side (ratio = baseline / kinema; targets >= 5x, <= 5 ns/touched; kinema grid path: $grid_path)"
# shellcheck disable=SC2086
"$compare" --maps "$maps_dir" --seeds "${FLOOD_SEEDS:-10000}" --rounds "${FLOOD_ROUNDS:-5}" --grid-path "$grid_path" $maps

cg_seeds=${CALLGRIND_SEEDS:-2000}
if [ "$cg_seeds" -gt 0 ] && command -v valgrind >/dev/null 2>&1; then
    echo
    echo "== instructions per touched cell (callgrind, $cg_seeds seeds, only the timed loops counted)"
    printf '%-16s %12s %12s %8s\n' map baseline kinema ratio
    for m in $maps; do
        if [ ! -f "$maps_dir/$m.map" ]; then
            printf '%-16s absent\n' "$m"
            continue
        fi
        # One round, so each timed loop runs once over the seeds; the touched count comes from the table.
        touched=$("$compare" --maps "$maps_dir" --seeds "$cg_seeds" --rounds 1 --grid-path "$grid_path" "$m" | awk -v m="$m" '$1 == m { print $3 }')
        valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" --collect-atstart=no \
            --toggle-collect='*timed_baseline_floods*' --toggle-collect='*timed_kinema_floods*' \
            "$compare" --maps "$maps_dir" --seeds "$cg_seeds" --rounds 1 --grid-path "$grid_path" "$m" >/dev/null 2>&1
        # Inclusive cost of each timed function (collection is on only inside them).
        callgrind_annotate --inclusive=yes "$tmp/cg.out" 2>/dev/null |
            awk -v m="$m" -v t="$touched" -v n="$cg_seeds" '
                /timed_baseline_floods/ { gsub(",", "", $1); b = $1 }
                /timed_kinema_floods/ { gsub(",", "", $1); k = $1 }
                END { tt = t * n; printf "%-16s %12.1f %12.1f %7.2fx\n", m, b / tt, k / tt, b / k }'
    done
else
    echo "(callgrind skipped: valgrind not installed or CALLGRIND_SEEDS=0)"
fi

if [ "${BIG_MAP:-1}" != 0 ] && [ -x "$cli" ]; then
    echo
    echo "== set-up: 4096 x 4096 all-floor map through the CLI (target < 2 s, < 250 MB peak)"
    python3 - "$tmp/big.map" <<'PY'
import sys
w = h = 4096
with open(sys.argv[1], "w") as f:
    f.write("type octile\nheight %d\nwidth %d\nmap\n" % (h, w))
    row = "." * w + "\n"
    f.write(row * h)
PY
    if /usr/bin/time -v "$cli" chase --map "$tmp/big.map" --from 2048.5,2048.5 --dir 1,0 \
        >"$tmp/big.out" 2>"$tmp/big.time"; then
        grep -E "Elapsed \(wall|Maximum resident" "$tmp/big.time" | sed 's/^[[:space:]]*/  /'
    else
        echo "  kinema chase failed:"; tail -3 "$tmp/big.time"
    fi
fi
