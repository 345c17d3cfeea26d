#!/usr/bin/env bash
# Runs the same kinema commands with the Windows build under wine and the Linux build, and compares what they
# print and write (issue 43): stdout byte for byte once the Windows text mode's \r\n is read as \n, the exit
# code, and every file written byte for byte. Prints one line per command and exits 1 when any differs, 77 (a
# skip) when wine, mingw-w64 or the Windows build is missing.
#   scripts/compare-windows.sh [WINDOWS_DIR [LINUX_KINEMA]]
# WINDOWS_DIR is scripts/build-windows.sh's folder (default build-windows: its bin/kinema.exe), LINUX_KINEMA a
# Linux kinema (default build/bin/kinema). wine runs in a prefix of its own, WINDOWS_DIR/wine-prefix (made on the
# first run, which takes a few seconds). The commands run in the checkout with relative paths, so both programs
# see the same arguments (and because CLI11 on Windows reads an argument starting with / as a Windows-style
# option where an option's value is optional, as --json [FILE]'s is).
set -euo pipefail
cd "$(dirname "$0")/.."

windows_dir=${1:-build-windows}
linux=${2:-build/bin/kinema}
# What is missing makes it a skip (exit 77, ctest's SKIP_RETURN_CODE), not a failure: the machine cannot run it.
for tool in wine winepath x86_64-w64-mingw32-gcc-posix; do
  command -v "$tool" >/dev/null || { echo "SKIPPED: $tool not found (scripts/install-deps.sh installs it)" >&2; exit 77; }
done
[[ -x $windows_dir/bin/kinema.exe ]] || { echo "SKIPPED: no $windows_dir/bin/kinema.exe: run scripts/build-windows.sh" >&2; exit 77; }
[[ -x $linux ]] || { echo "no $linux: build kinema for Linux first" >&2; exit 2; }
export WINEPREFIX
WINEPREFIX=$(realpath "$windows_dir")/wine-prefix
export WINEDEBUG=-all
# wine turns the arguments into Windows' UTF-16 by the locale: a UTF-8 one, for the non-ASCII names below.
export LC_ALL=C.UTF-8
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

# bv_tree_only_differs A.nav B.nav: true when two navmesh files (the MSET layout of docs/nav.md, Detour's 32-bit
# polygon references) are equal but for each tile's bounding-volume tree, whose leaves (one per polygon, its
# quantised bounds) are the same set in another order; the inner nodes' bounds follow from that order.
bv_tree_only_differs() {
  python3 - "$1" "$2" <<'PYTHON'
import struct, sys

def parts(path):
    data = open(path, "rb").read()
    tiles = struct.unpack_from("<i", data, 8)[0]
    at, outside, leaves = 40, [], []  # 'MSET', version, tile count, dtNavMeshParams (28 bytes)
    for _ in range(tiles):
        size = struct.unpack_from("<i", data, at + 4)[0]  # after the tile's reference
        tile = at + 8
        header = struct.unpack_from("<15i", data, tile)  # dtMeshHeader's integers
        polys, verts, links, details, detail_verts, detail_tris, nodes = header[6:13]
        align = lambda n: (n + 3) & ~3
        tree = tile + 100 + align(verts * 12) + align(polys * 32) + align(links * 12) + align(details * 12) \
            + align(detail_verts * 12) + align(detail_tris * 4)  # dtMeshHeader is 100 bytes, dtBVNode 16
        records = [data[tree + 16 * i:tree + 16 * (i + 1)] for i in range(nodes)]
        leaves.append(sorted(r for r in records if struct.unpack_from("<i", r, 12)[0] >= 0))
        outside += [data[at:tree], data[tree + 16 * nodes:tile + size]]
        at = tile + size
    return outside + [data[at:]], leaves

sys.exit(0 if parts(sys.argv[1]) == parts(sys.argv[2]) else 1)
PYTHON
}

# compare_navmesh NAME ARGS...: compare, then accepts a written .nav that differs in its bounding-volume trees only.
compare_navmesh() {
  local name=$1
  compare "$@"
  if [[ ${differing[-1]:-} == "$name" ]]; then
    local file=$work/linux/$name/files/ramp.nav other=$work/windows/$name/files/ramp.nav
    if cmp -s "$work/linux/$name/stdout" "$work/windows/$name/stdout" && bv_tree_only_differs "$file" "$other"; then
      unset 'differing[-1]'
      echo "          (only the bounding-volume trees' order differs: expected)"
    fi
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
# A level and a report with non-ASCII names (UTF-8 on Linux, UTF-16 names on Windows).
mkdir -p "$work"
cp $L/corner.txt "$work/Été-日本.txt"
compare chase-non-ascii chase --map "$work/Été-日本.txt" --json
compare audit-non-ascii audit --map "$work/Été-日本.txt" --json @/Été-日本.json --quiet
compare chase-missing chase --map $L/no_such_level.txt
compare audit-2d-json audit --map $L/warehouse_loop.txt --json @/a.json --csv @/a.csv --quiet
compare audit-3d-json audit --map $L/corner_ramp.obj --json @/a.json --quiet
compare pursue-single pursue --map $L/corner.txt --route '12.5,2.5;17.5,2.5;17.5,28.5' --npc 2.5,2.5 --json \
  --view-range 10 --player-speed 7.5 --strategy dead-reckoning
compare pursue-team pursue --map $L/t_junction_equal.txt --route '16.5,6.5;16.5,2.5;3.5,2.5' --npc 16.5,9.5 \
  --npc 16.5,8.5 --view-range 3 --player-speed 7.5 --team shared --json
compare pursue-batch-t2 pursue --map $L/warehouse_loop.txt --batch 20 --threads 2 --json @/b.json --csv @/b.csv
compare pursue-team-batch pursue --map $L/warehouse_loop.txt --batch 8 --npcs 2 --threads 2 --json @/t.json
compare pursue-shard pursue --map $L/corner.txt --batch 10 --shard 2/2 --json @/part-2.json
compare pursue-3d-batch pursue --map $L/corner_ramp.obj --batch 6 --min-route 5 --json @/b.json
# Detour sorts its bounding-volume tree with qsort, whose order of equal keys differs between glibc and msvcrt
# (../shared/reference/formats-and-platforms.md): the .nav files may differ in that tree alone (compare_navmesh).
compare_navmesh navmesh-build navmesh build $L/corner_ramp.obj --output @/ramp.nav
if [[ -f ../shared/data/meshes/dungeon.obj ]]; then
  compare_navmesh navmesh-build-tiled navmesh build ../shared/data/meshes/dungeon.obj --tile-size 32 --threads 2 \
    --output @/ramp.nav
fi
# What kinema prints must not depend on that order: both read the Linux build's file.
"$linux" navmesh build $L/corner_ramp.obj --output "$work/ramp.nav" >/dev/null
compare chase-navmesh-file chase --navmesh "$work/ramp.nav" --from 10,0,2 --dir 1,0,0 --npc 1,0,2 --json
compare simulate simulate --model dishonored --dt 0.125 --frames 4 --input '0:1,0;2:0,0'
compare simulate-csv simulate --model unreal --dt 0.016666666666666666 --frames 7 --input 0:0,0 \
  --start-velocity 600,0 --csv
compare stop-table stop --speed 600 --table
compare stop-pivot stop --speed 600 --fps 30 --pivot
compare stop-table-json stop --speed 600 --table --json
compare stop-continuous-json stop --speed 437.3 --continuous --json
compare stop-dishonored-json stop --model dishonored --speed 400 --table --json
compare turn turn --fps 30 --angle 20
compare turn-table-json turn --table --scale 1.5 --friction 6 --json
compare sweep sweep --model unreal --fps 20,30,60,144,240 --metric stop_distance --metric turn_rate
compare morrowind morrowind speed --speed 90 --athletics 50 --werewolf --run --json
compare replay replay --model unreal data/replay/example.csv
compare help chase --help

# The C ABI from C against kinema_c.dll: the strict C99 test program and version 5's names pass, and the C
# example (examples/flood_map.c) prints what the Linux CLI prints (c/tests/example_equals_cli.cmake's queries).
c_dir=$work/c
mkdir -p "$c_dir"
for program in c/tests/c99_test.c c/tests/v5_names_test.c examples/flood_map.c; do
  x86_64-w64-mingw32-gcc-posix -std=c99 -Wall -Wextra -pedantic -Werror -O2 -Iinclude "$program" \
    "$windows_dir/lib/libkinema_c.dll.a" -static-libgcc -o "$c_dir/$(basename "$program" .c).exe"
done
export WINEPATH
WINEPATH=$(winepath -w "$windows_dir/bin" 2>/dev/null)
for test in c99_test v5_names_test; do
  compared=$((compared + 1))
  if wine "$c_dir/$test.exe" >"$c_dir/$test.out" 2>&1; then
    echo "passes    C ABI $test.exe"
  else
    differing+=("$test")
    echo "FAILS     C ABI $test.exe: $(tr -d '\r' <"$c_dir/$test.out" | tail -1)"
  fi
done
compare_example() {
  local name=$1 map=$2 x=$3 y=$4 dx=$5 dy=$6
  compared=$((compared + 1))
  wine "$c_dir/flood_map.exe" "$map" "$x" "$y" "$dx" "$dy" 2>/dev/null | sed 's/\r$//' >"$c_dir/$name.example"
  "$linux" chase --map "$map" --from "$x,$y" --dir "$dx,$dy" --json 2>/dev/null >"$c_dir/$name.cli"
  if [[ -s $c_dir/$name.cli ]] && cmp -s "$c_dir/$name.example" "$c_dir/$name.cli"; then
    echo "same      C example $name"
  else
    differing+=("example-$name")
    echo "DIFFERENT C example $name (see $c_dir/$name.example and .cli)"
  fi
}
compare_example corner $L/corner.txt 3.5 2.5 1 0
if [[ -f ../shared/data/maps/den520d.map ]]; then
  compare_example den520d ../shared/data/maps/den520d.map 128.5 180.5 1 -0.5
fi

echo "$compared commands, ${#differing[@]} different (Windows under wine vs Linux)${differing[*]:+: ${differing[*]}}"
[[ ${#differing[@]} -eq 0 ]]
