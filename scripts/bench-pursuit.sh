#!/usr/bin/env bash
# The strategy table of `kinema pursue --batch` on every shared map and 3D level, with the settings of the README/docs table: a player at 9 units/s, a 12-unit view,
# routes of at least 30 units (20 on maps too small for that).
#
# Usage: scripts/bench-pursuit.sh [N] [THREADS]   (default N = 100 scenarios per map, 2 threads)
# Environment: KINEMA (the binary, default build/bin/kinema), MAPS (default ../shared/data/maps), MESHES
# (default ../shared/data/meshes: its .obj files and our data/levels/corner_ramp.obj; skipped when kinema
# was built without kinema::nav).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100}
threads=${2:-2}
kinema=${KINEMA:-build/bin/kinema}
maps=${MAPS:-../shared/data/maps}
meshes=${MESHES:-../shared/data/meshes}
if [[ ! -x $kinema ]]; then
  echo "bench-pursuit: $kinema not built (cmake --build build --target kinema_cli)" >&2
  exit 2
fi
if ! ls "$maps"/*.map > /dev/null 2>&1; then
  echo "bench-pursuit: no .map files in $maps (set MAPS)" >&2
  exit 2
fi
echo "# kinema pursue --batch $n --threads $threads --player-speed 9 --view-range 12 --min-route 30, $(date -u +%F)"
levels=("$maps"/*.map)
if "$kinema" pursue --map data/levels/corner_ramp.obj --batch 1 --threads 1 > /dev/null 2>&1; then
  levels+=("$meshes"/*.obj data/levels/corner_ramp.obj)
fi
for map in "${levels[@]}"; do
  [[ -f $map ]] || continue
  start=$(date +%s.%N)
  if ! "$kinema" pursue --map "$map" --batch "$n" --threads "$threads" --player-speed 9 --view-range 12 \
    --min-route 30 2> /dev/null; then
    "$kinema" pursue --map "$map" --batch "$n" --threads "$threads" --player-speed 9 --view-range 12 \
      --min-route 20
  fi
  printf '  (%.1f s wall)\n\n' "$(echo "$(date +%s.%N) - $start" | bc)"
done
