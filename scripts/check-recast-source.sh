#!/usr/bin/env bash
# Checks that Recast/Detour compiled from source (KINEMA_RECAST_FROM_SOURCE, cmake/KinemaVendoredRecast.cmake:
# commit e75adf8 from ../shared/vendor) gives kinema the same navmeshes and 3D chases as Debian's librecast-dev
# (1.5.1+git20210215.e75adf8), as issue 43 asks before the Windows build relies on it. Both kinemas run the same
# commands on our 3D levels (data/levels) and the shared meshes (../shared/data/meshes): `navmesh build` (the
# .nav file), `chase --json` on the mesh and on that navmesh file, and a small pursuit batch; every stdout and
# every written file must be byte-identical.
#   scripts/check-recast-source.sh [DEBIAN_BUILD_DIR [SOURCE_BUILD_DIR]]
# The build folders default to build and build-recast-src; each is configured and its `kinema` built when missing
# (Release, ccache, -j2). Prints one line per comparison and exits 1 when any differs.
set -euo pipefail
cd "$(dirname "$0")/.."

debian_dir=${1:-build}
source_dir=${2:-build-recast-src}

# build_kinema DIR [CMAKE_OPTIONS...]: configures DIR when it has no build system yet and builds kinema there.
build_kinema() {
  local dir=$1
  shift
  if [[ ! -f $dir/build.ninja ]]; then
    cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
      -DCMAKE_C_COMPILER_LAUNCHER=ccache -DKINEMA_BUILD_BENCH=OFF "$@" >/dev/null
  fi
  cmake --build "$dir" -j2 --target kinema_cli >/dev/null
}
build_kinema "$debian_dir"
build_kinema "$source_dir" -DKINEMA_RECAST_FROM_SOURCE=ON
debian=$(realpath "$debian_dir/bin/kinema")
from_source=$(realpath "$source_dir/bin/kinema")
# The two must really differ in where Detour comes from, or the comparison proves nothing.
ldd "$debian" | grep -q libDetour || { echo "$debian does not link Debian's libDetour" >&2; exit 2; }
if ldd "$from_source" | grep -q libDetour; then
  echo "$from_source links Debian's libDetour: configure $source_dir with -DKINEMA_RECAST_FROM_SOURCE=ON" >&2
  exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compared=0
differing=0
# compare NAME ARGS...: runs `kinema ARGS` with both, @/ in ARGS standing for that run's own folder, and
# compares stdout, exit code and every file written.
compare() {
  local name=$1
  shift
  local side
  for side in debian from_source; do
    local dir=$work/$side/$name
    mkdir -p "$dir"
    local args=("${@//@\//$dir/}")
    local code=0
    "${!side}" "${args[@]}" >"$dir/stdout" 2>"$dir/stderr" || code=$?
    echo "$code" >"$dir/code"
    sed -i "s|$dir/|@/|g" "$dir/stdout" "$dir/stderr"
  done
  compared=$((compared + 1))
  if diff -r "$work/debian/$name" "$work/from_source/$name" >"$work/$name.diff"; then
    echo "same      $name ($(cat "$work/debian/$name/code"))"
  else
    differing=$((differing + 1))
    echo "DIFFERENT $name:"
    head -5 "$work/$name.diff" | cut -c1-200
  fi
}

# level NAME FILE FROM NPC: the comparisons for one 3D level, FROM and NPC being points on its floor.
level() {
  local name=$1 file=$2 from=$3 npc=$4
  compare "$name-navmesh" navmesh build "$file" --output @/level.nav
  compare "$name-navmesh-tiled" navmesh build "$file" --tile-size 32 --threads 2 --output @/level.nav
  compare "$name-chase" chase --map "$file" --from "$from" --dir 1,0,0 --npc "$npc" --json
  compare "$name-chase-destinations" chase --map "$file" --from "$from" --dir 0,0,-1 --destinations 3 --json
  "$debian" navmesh build "$file" --output "$work/$name.nav" >/dev/null
  compare "$name-chase-navmesh-file" chase --navmesh "$work/$name.nav" --from "$from" --dir 1,0,0 --npc "$npc" \
    --json
  compare "$name-pursue-batch" pursue --map "$file" --batch 3 --seed 5 --max-time 40 --search-time 10 \
    --json @/batch.json
}

level corner_ramp data/levels/corner_ramp.obj 10,0,2 1,0,2
level corner_ramp_gltf data/levels/corner_ramp.gltf 10,0,2 1,0,2
shared=../shared/data/meshes
if [[ -d $shared ]]; then
  # The stairs query of docs/nav.md.
  level dungeon "$shared/dungeon.obj" -19.39,3.8,-2.67 5,10.2,-6.4
  level nav_test "$shared/nav_test.obj" -13.380321,-1.115499,-4.944578 53.085579,-3.269352,-5.365912
else
  echo "skipped   the shared meshes: $shared is absent"
fi

echo "$compared comparisons, $differing different (Recast/Detour from source vs Debian's library)"
[[ $differing -eq 0 ]]
