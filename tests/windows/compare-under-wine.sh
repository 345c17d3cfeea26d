#!/usr/bin/env bash
# The Windows build against the Linux build, command by command (issue "kinema on Windows"): each command runs
# once with the Linux `kinema` and once with `kinema.exe` under wine, in folders of their own, and must print
# the same stdout (a Windows program in text mode ends its lines with \r\n: that alone is allowed), the same
# stderr, the same exit code and write the same files, byte for byte. One exception, by design: a saved navmesh
# (`kinema navmesh build`) may differ in the order of Detour's bounding-volume tree, which Detour sorts with the C
# library's qsort (../shared/reference/formats-and-platforms.md); it is checked instead by loading each side's
# navmesh with the other side's program, which must print the same chase.
#   tests/windows/compare-under-wine.sh LINUX_KINEMA WINDOWS_KINEMA_EXE OUT_DIR
# Exit 0 when every command agrees, 1 when one differs (the differences are printed), 2 on bad arguments, and 77
# (ctest's skip) when wine or the Windows build is absent. WINEPREFIX defaults to OUT_DIR/wineprefix (the first
# start of a new prefix takes a while).
set -euo pipefail
if [[ $# -ne 3 ]]; then
  echo "usage: tests/windows/compare-under-wine.sh LINUX_KINEMA WINDOWS_KINEMA_EXE OUT_DIR" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
linux_bin=$(realpath "$1")
windows_exe=$(realpath -m "$2")
out=$(realpath -m "$3")
shared=$(realpath -m "$root/../shared/data")
if ! command -v wine >/dev/null; then
  echo "SKIPPED: wine is not installed (Debian: wine64; scripts/install-deps.sh installs it)" >&2
  exit 77
fi
if [[ ! -f $windows_exe ]]; then
  echo "SKIPPED: no Windows build at $windows_exe (scripts/build-windows.sh makes it)" >&2
  exit 77
fi
if [[ ! -d $shared ]]; then
  echo "note: $shared is absent; the commands on the shared levels are left out" >&2
fi
export WINEDEBUG=-all WINEPREFIX=${WINEPREFIX:-$out/wineprefix}
rm -rf "$out/linux" "$out/windows"
mkdir -p "$out/linux" "$out/windows" "$WINEPREFIX"
wine cmd /c exit >/dev/null 2>&1 || true # starts the prefix once, so no command's output carries its messages

compared=0
differences=0
# side_folder SIDE NAME: a fresh folder for one run, where `levels` and `shared` lead to the levels, so that
# both programs are given the same relative paths and print the same text.
side_folder() {
  local dir=$out/$1/$2
  mkdir -p "$dir"
  ln -sfn "$root/data/levels" "$dir/levels"
  ln -sfn "$shared" "$dir/shared"
  echo "$dir"
}
# run_side SIDE NAME ARGS...: runs one program in its folder, keeping stdout, stderr and the exit code.
run_side() {
  local side=$1 name=$2
  shift 2
  local dir code=0
  dir=$(side_folder "$side" "$name")
  if [[ $side == linux ]]; then
    (cd "$dir" && "$linux_bin" "$@") >"$dir.stdout" 2>"$dir.stderr" || code=$?
  else
    (cd "$dir" && wine "$windows_exe" "$@") >"$dir.stdout" 2>"$dir.stderr" || code=$?
    sed -i 's/\r$//' "$dir.stdout" "$dir.stderr"
  fi
  echo "$code" >"$dir.code"
}
# differ NAME WHAT: reports one difference.
differ() {
  echo "DIFFERENT: $1: $2" >&2
  differences=$((differences + 1))
}
# compare NAME [SKIP_GLOB]: both sides' stdout, stderr, exit code and files (but those matching SKIP_GLOB).
compare() {
  local name=$1 skip=${2:-} part file
  for part in stdout stderr code; do
    cmp -s "$out/linux/$name.$part" "$out/windows/$name.$part" || differ "$name" "$part
$(diff "$out/linux/$name.$part" "$out/windows/$name.$part" | head -8)"
  done
  while IFS= read -r file; do
    [[ -n $skip && $file == $skip ]] && continue
    cmp -s "$out/linux/$name/$file" "$out/windows/$name/$file" || differ "$name" "file $file"
  done < <(cd "$out/linux/$name" && find . -type f | sort)
  local linux_files windows_files
  linux_files=$(cd "$out/linux/$name" && find . -type f | sort)
  windows_files=$(cd "$out/windows/$name" && find . -type f | sort)
  [[ $linux_files == "$windows_files" ]] || differ "$name" "the files written: [$linux_files] against [$windows_files]"
  compared=$((compared + 1))
}
# both NAME ARGS...: runs ARGS with both programs and compares everything.
both() {
  local name=$1
  shift
  run_side linux "$name" "$@"
  run_side windows "$name" "$@"
  compare "$name"
}

L=levels
R='12.5,2.5;17.5,2.5;17.5,28.5'
T='16.5,6.5;16.5,2.5;3.5,2.5'
both chase-default chase --json
both chase-grid chase --map $L/t_junction_equal.txt --json
both chase-text chase --map $L/corner.txt --destinations 2
both chase-3d chase --map $L/corner_ramp.obj --from 10,0,2 --dir 1,0,0 --npc 1,0,2 --json
both chase-gltf chase --map $L/corner_ramp_cm.gltf --from 1,0,2 --dir 1,0,0 --json
both chase-tiled chase --map $L/tiled/corner.tmx --json
both chase-bad chase --map $L/corner.txt --from 1000,1000
both chase-missing chase --map $L/no_such_level.txt
both audit-2d audit --map $L/warehouse_loop.txt --json a.json --csv a.csv --places-csv p.csv --quiet
both audit-3d audit --map $L/corner_ramp.obj --json a.json --quiet
both pursue-single pursue --map $L/corner.txt --route "$R" --npc 2.5,2.5 --json --view-range 10 \
  --player-speed 7.5 --strategy dead-reckoning
both pursue-team pursue --map $L/t_junction_equal.txt --route "$T" --npc 16.5,9.5 --npc 16.5,8.5 --view-range 3 \
  --player-speed 7.5 --team shared --json
both pursue-batch pursue --map $L/warehouse_loop.txt --batch 20 --threads 2 --json b.json --csv b.csv
both pursue-team-batch pursue --map $L/warehouse_loop.txt --batch 8 --npcs 2 --threads 2 --json t.json --csv t.csv
both pursue-3d pursue --map $L/corner_ramp.obj --batch 6 --min-route 5 --threads 2 --json b.json
both pursue-shard pursue --map $L/corner.txt --batch 10 --shard 2/2 --json part-2.json
both simulate simulate --model dishonored --dt 0.125 --frames 4 --input '0:1,0;2:0,0'
both simulate-csv simulate --model unreal --dt 0.016666666666666666 --frames 7 --input 0:0,0 \
  --start-velocity 600,0 --csv
both stop-crosscode stop --model crosscode --speed 300 --fps 60 --json
both stop-table stop --speed 600 --table
both stop-pivot stop --speed 600 --fps 30 --pivot
both turn turn --fps 30 --angle 20
both sweep sweep --model unreal --fps 20,30,60,144,240 --metric stop_distance --metric turn_rate
both morrowind morrowind speed --speed 90 --athletics 50 --werewolf --run --json
both replay replay --model unreal "$root/data/replay/example.csv"
if [[ -d $shared ]]; then
  both shared-maze chase --map shared/maps/maze-32-32-2.map --from 1.5,1.5 --dir 1,0 --json
  both shared-dungeon chase --map shared/meshes/dungeon.obj --from -19.39,3.8,-2.67 --dir 0,0,-1 --difficulty 2 --json
  both shared-audit audit --map shared/maps/room-32-32-4.map --directions 4 --json a.json --quiet
fi

# The saved navmesh: everything but the navmesh file itself must agree, and each program must read the other's.
run_side linux navmesh navmesh build $L/corner_ramp.obj --output ramp.navmesh
run_side windows navmesh navmesh build $L/corner_ramp.obj --output ramp.navmesh
compare navmesh ./ramp.navmesh
cmp -s "$out/linux/navmesh/ramp.navmesh" "$out/windows/navmesh/ramp.navmesh" ||
  echo "note: the saved navmeshes differ (Detour's bounding-volume tree order, allowed); each is read by the other side" >&2
for made_on in linux windows; do
  for side in linux windows; do
    cp "$out/$made_on/navmesh/ramp.navmesh" "$(side_folder $side "navmesh-from-$made_on")/"
    run_side $side "navmesh-from-$made_on" chase --navmesh ramp.navmesh --from 10,0,2 --dir 1,0,0 --json
  done
  compare "navmesh-from-$made_on"
done
cmp -s "$out/linux/navmesh-from-linux.stdout" "$out/linux/navmesh-from-windows.stdout" ||
  differ navmesh "the chase on the Windows navmesh differs from the chase on the Linux navmesh"

echo "compare-under-wine: $compared commands compared, $differences differences" >&2
((differences == 0))
