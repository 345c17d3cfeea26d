#!/usr/bin/env bash
# Runs the same kinema commands with the Windows build under wine and the Linux build, and compares what they
# print and write (issue 43): stdout byte for byte once the Windows text mode's \r\n is read as \n, the exit
# code, and every file written byte for byte. Prints one line per command and exits 1 when any differs.
#   scripts/compare-windows.sh [WINDOWS_DIR [LINUX_KINEMA]]
# WINDOWS_DIR is scripts/build-windows.sh's folder (default build-windows: its bin/kinema.exe), LINUX_KINEMA a
# Linux kinema (default build/bin/kinema). wine runs in a prefix of its own, WINDOWS_DIR/wine-prefix (made on the
# first run, which takes a few seconds). The commands run in the checkout with relative paths, so both programs
# see the same arguments.
set -euo pipefail
cd "$(dirname "$0")/.."

windows_dir=${1:-build-windows}
linux=${2:-build/bin/kinema}
command -v wine >/dev/null || { echo "scripts/compare-windows.sh: wine not found (scripts/install-deps.sh)" >&2; exit 2; }
[[ -x $windows_dir/bin/kinema.exe ]] || { echo "no $windows_dir/bin/kinema.exe: run scripts/build-windows.sh" >&2; exit 2; }
[[ -x $linux ]] || { echo "no $linux: build kinema for Linux first" >&2; exit 2; }
export WINEPREFIX
WINEPREFIX=$(realpath "$windows_dir")/wine-prefix
export WINEDEBUG=-all
windows=$windows_dir/bin/kinema.exe
work=$windows_dir/compare
rm -rf "$work"

compared=0
differing=()
# compare NAME ARGS...: runs `kinema ARGS` with both, @/ in ARGS standing for that run's own (relative) folder.
compare() {
  local name=$1
  shift
  local side
  for side in linux windows; do
    local dir=$work/$side/$name
    mkdir -p "$dir/files"
    local args=("${@//@\//$dir/files/}")
    local code=0
    if [[ $side == windows ]]; then
      wine "$windows" "${args[@]}" >"$dir/stdout.crlf" 2>"$dir/stderr.crlf" || code=$?
      sed 's/\r$//' "$dir/stdout.crlf" >"$dir/stdout"
      sed 's/\r$//' "$dir/stderr.crlf" >"$dir/stderr"
      rm "$dir/stdout.crlf" "$dir/stderr.crlf"
    else
      "$linux" "${args[@]}" >"$dir/stdout" 2>"$dir/stderr" || code=$?
    fi
    echo "$code" >"$dir/code"
    sed -i "s|$dir/files/|@/|g" "$dir/stdout" "$dir/stderr"
  done
  compared=$((compared + 1))
  # stderr is compared too, but only reported: wine may add its own lines there.
  if diff -r -x stderr "$work/linux/$name" "$work/windows/$name" >"$work/$name.diff"; then
    local note=""
    cmp -s "$work/linux/$name/stderr" "$work/windows/$name/stderr" || note=" (stderr differs)"
    echo "same      $name$note"
  else
    differing+=("$name")
    local files
    files=$(diff -rq -x stderr "$work/linux/$name" "$work/windows/$name" | sed -E 's|.*/'"$name"'/([^ ]*) .*|\1|' |
      tr '\n' ' ' || true)
    echo "DIFFERENT $name: $files(see $work/$name.diff)"
  fi
}

L=data/levels
compare chase-2d-json chase --map $L/t_junction_equal.txt --json
compare chase-2d-default chase
compare chase-2d-split chase --map $L/t_junction_equal.txt --destinations 2 --json
compare chase-2d-tiled chase --map $L/tiled/corner.tmx --json
compare chase-3d-json chase --map $L/corner_ramp.obj --from 10,0,2 --dir 1,0,0 --npc 1,0,2 --json
compare chase-2d-ldtk chase --map $L/ldtk/corner.ldtk --json
if [[ -f ../shared/data/meshes/dungeon.obj ]]; then  # the stairs query of docs/nav.md
  compare chase-3d-dungeon chase --map ../shared/data/meshes/dungeon.obj --from -19.39,3.8,-2.67 --dir 0,0,-1 \
    --npc 5,10.2,-6.4 --json
fi
compare chase-bad chase --map $L/corner.txt --from 1000,1000
compare audit-2d-json audit --map $L/warehouse_loop.txt --json @/a.json --csv @/a.csv --quiet
compare audit-3d-json audit --map $L/corner_ramp.obj --json @/a.json --quiet
compare pursue-single pursue --map $L/corner.txt --route '12.5,2.5;17.5,2.5;17.5,28.5' --npc 2.5,2.5 --json \
  --view-range 10 --player-speed 7.5 --strategy dead-reckoning
compare pursue-team pursue --map $L/t_junction_equal.txt --route '16.5,6.5;16.5,2.5;3.5,2.5' --npc 16.5,9.5 \
  --npc 16.5,8.5 --view-range 3 --player-speed 7.5 --team shared --json
compare pursue-batch-t2 pursue --map $L/warehouse_loop.txt --batch 20 --threads 2 --json @/b.json --csv @/b.csv
compare pursue-team-batch pursue --map $L/warehouse_loop.txt --batch 8 --npcs 2 --threads 2 --json @/t.json
compare pursue-3d-batch pursue --map $L/corner_ramp.obj --batch 6 --min-route 5 --json @/b.json
# Detour sorts its bounding-volume tree with qsort, whose order of equal keys differs between glibc and msvcrt
# (../shared/reference/formats-and-platforms.md): the .nav files may differ in that order alone.
compare navmesh-build navmesh build $L/corner_ramp.obj --output @/ramp.nav
compare simulate simulate --model dishonored --dt 0.125 --frames 4 --input '0:1,0;2:0,0'
compare simulate-csv simulate --model unreal --dt 0.016666666666666666 --frames 7 --input 0:0,0 \
  --start-velocity 600,0 --csv
compare stop-table stop --speed 600 --table
compare stop-pivot stop --speed 600 --fps 30 --pivot
compare turn turn --fps 30 --angle 20
compare sweep sweep --model unreal --fps 20,30,60,144,240 --metric stop_distance --metric turn_rate
compare morrowind morrowind speed --speed 90 --athletics 50 --werewolf --run --json
compare replay replay --model unreal data/replay/example.csv
compare help chase --help

echo "$compared commands, ${#differing[@]} different (Windows under wine vs Linux)${differing[*]:+: ${differing[*]}}"
[[ ${#differing[@]} -eq 0 ]]
