#!/usr/bin/env bash
# Runs a broad set of kinema commands (2D and 3D chase, audit, pursue single, team and batch, shards and merge,
# pictures, the movement commands) with one kinema binary and keeps every stdout, stderr, exit code and written
# file in OUT_DIR. Run it with the binary before a change and after, then `diff -r` the two folders: a refactor
# that keeps behaviour leaves no difference (issue "Behaviour stays exactly as it is").
#   scripts/cli-outputs.sh KINEMA_BINARY OUT_DIR
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: scripts/cli-outputs.sh KINEMA_BINARY OUT_DIR" >&2
  exit 2
fi
bin=$(realpath "$1")
out=$(realpath -m "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
shared=../shared/data  # relative: the runs start in the checkout, and print the path they were given
rm -rf "$out"
mkdir -p "$out"
cd "$root"
count=0
# run NAME ARGS...: stdout, stderr and exit code of `kinema ARGS` as NAME.*; @/ in ARGS is this run's folder.
run() {
  local name=$1
  shift
  local dir=$out/$name.files
  mkdir -p "$dir"
  local args=("${@//@\//$dir/}")
  local code=0
  (cd "$root" && "$bin" "${args[@]}") >"$out/$name.stdout" 2>"$out/$name.stderr" || code=$?
  echo "$code" >"$out/$name.code"
  sed -i "s|$out/|OUT/|g" "$out/$name.stdout" "$out/$name.stderr"  # the same text wherever OUT_DIR is
  rmdir "$dir" 2>/dev/null || true
  count=$((count + 1))
}
L=data/levels
run chase-default chase
run chase-json chase --map $L/t_junction_equal.txt --json
run chase-split chase --map $L/t_junction_equal.txt --destinations 2
run chase-pictures chase --map $L/corner.txt --png @/c.png --svg @/c.svg
run chase-3d chase --map $L/corner_ramp.obj --from 10,0,2 --dir 1,0,0 --npc 1,0,2 --json --png @/ramp.png
run chase-gltf chase --map $L/corner_ramp_cm.gltf --from 1,0,2 --dir 1,0,0 --json
run chase-tiled chase --map $L/tiled/corner.tmx --json
run chase-bad chase --map $L/corner.txt --from 1000,1000
run audit-2d audit --map $L/warehouse_loop.txt --json @/a.json --csv @/a.csv --places-csv @/p.csv --png @/a
run audit-text audit --map $L/corner.txt
run audit-3d audit --map $L/corner_ramp.obj --json @/a.json --quiet
run audit-shard1 audit --map $L/corner.txt --shard 1/2 --json @/part-1.json
run audit-shard2 audit --map $L/corner.txt --shard 2/2 --json @/part-2.json
run audit-merge merge "$out/audit-shard1.files/part-1.json" "$out/audit-shard2.files/part-2.json" \
  --json @/audit.json --csv @/audit.csv
run pursue-single pursue --map $L/corner.txt --route '12.5,2.5;17.5,2.5;17.5,28.5' --npc 2.5,2.5 --json \
  --view-range 10 --player-speed 7.5 --strategy dead-reckoning
run pursue-text pursue --map $L/corner.txt --route '12.5,2.5;17.5,2.5;17.5,28.5' --npc 2.5,2.5 --png @/p.png
run pursue-team pursue --map $L/t_junction_equal.txt --route '16.5,6.5;16.5,2.5;3.5,2.5' --npc 16.5,9.5 \
  --npc 16.5,8.5 --view-range 3 --player-speed 7.5 --team shared --json
run pursue-team-split pursue --map $L/t_junction_equal.txt --route '16.5,6.5;16.5,2.5;3.5,2.5' --npc 16.5,9.5 \
  --npc 16.5,8.5 --view-range 3 --player-speed 7.5 --png @/team.png
run pursue-batch-npcs pursue --map $L/warehouse_loop.txt --batch 8 --npcs 2 --threads 2 --json @/t.json --csv @/t.csv
for threads in 1 3; do
  run pursue-batch-t$threads pursue --map $L/warehouse_loop.txt --batch 20 --threads $threads --json @/b.json \
    --csv @/b.csv
done
run pursue-shard1 pursue --map $L/corner.txt --batch 10 --shard 1/2 --json @/part-1.json
run pursue-shard2 pursue --map $L/corner.txt --batch 10 --shard 2/2 --json @/part-2.json
run pursue-merge merge "$out/pursue-shard1.files/part-1.json" "$out/pursue-shard2.files/part-2.json" \
  --json @/batch.json --csv @/batch.csv
run pursue-3d pursue --map $L/corner_ramp.obj --batch 6 --min-route 5 --json @/b.json
run navmesh-build navmesh build $L/corner_ramp.obj --output @/ramp.navmesh
run simulate simulate --model dishonored --dt 0.125 --frames 4 --input '0:1,0;2:0,0'
run simulate-csv simulate --model unreal --dt 0.016666666666666666 --frames 7 --input 0:0,0 --start-velocity 600,0 --csv
run stop-table stop --speed 600 --table
run stop-pivot stop --speed 600 --fps 30 --pivot
run turn turn --fps 30 --angle 20
run sweep sweep --model unreal --fps 20,30,60,144,240 --metric stop_distance --metric turn_rate
run sweep-png sweep --png @/sweep.png
run morrowind morrowind speed --speed 90 --athletics 50 --werewolf --run --json
run replay replay --model unreal data/replay/example.csv
run help-top --help
for command in simulate turn stop sweep chase replay audit pursue merge navmesh "navmesh build" morrowind \
  "morrowind speed" "morrowind jump" "morrowind fall"; do
  run "help-${command// /-}" $command --help
done
run bad-sweep-fps sweep --fps 0.01
run bad-sweep-range sweep --fps-from 60 --fps-to 30
run bad-sweep-rest sweep --model unreal --rest-speed 5
run bad-sweep-mw sweep --model morrowind --fps 5000
run bad-stop stop --speed -1
run bad-turn turn --fps 0 --angle 20
run bad-simulate simulate --model unreal --frames 0
run bad-morrowind morrowind jump --speed -5
run bad-chase-dest chase --map $L/corner.txt --destinations 1.5
run bad-chase-bytes chase --map $L/corner.txt --max-file-bytes 0
run bad-chase-3d chase --map $L/corner_ramp.obj --connectivity 4 --from 1,0,2
run bad-audit-sweep audit --map $L/corner.txt --sweep hott=1,2
run bad-audit-sweep2 audit --map $L/corner.txt --sweep hot=10,20 --hot 30
run bad-audit-threads audit --map $L/corner.txt --threads 0
run bad-pursue-batch pursue --map $L/corner.txt --batch 4 --route '1.5,1.5;2.5,1.5'
run bad-pursue-csv pursue --map $L/corner.txt --route '12.5,2.5;17.5,2.5' --csv @/x.csv
run bad-pursue-flood pursue --map $L/corner.txt --route '12.5,2.5;17.5,2.5' --strategy last-known --hot 5
run bad-pursue-fit pursue --map $L/corner.txt --batch 4 --min-route 10000
run bad-merge merge
run audit-sweep audit --map $L/corner.txt --sweep hot=10,20 --directions 4 --json @/s.json --quiet
run chase-animate chase --map $L/corner.txt --animate @/a.svg --frames @/frames
run chase-navmesh-3d chase --map $L/corner_ramp.obj --from 10,0,2 --dir 1,0,0 --svg @/r.svg
run pursue-3d-single pursue --map $L/corner_ramp.obj --route '10,0,2;2,0,2' --npc 1,0,2 --svg @/p.svg --json
run sweep-mw sweep --model morrowind --speed 50 --run --direction 0,1 --fps 30,60 --json
run sweep-csv sweep --model crosscode --metric stop_distance --fps 30,60 --csv
run stop-json stop --speed 600 --fps 60 --json
run turn-json turn --fps 60 --angle 45 --json
run morrowind-jump morrowind jump --speed 50 --athletics 30 --acrobatics 30 --run
run morrowind-fall morrowind fall --height 600 --json
run bad-flag pursue --map $L/corner.txt --route '12.5,2.5;17.5,2.5' --npc 2.5,2.5 --npc 3.5,2.5 --team 0
if [[ -d $shared/maps ]]; then
  run shared-chase chase --map "$shared/maps/den520d.map" --from 100.5,100.5 --dir 1,0 --json
  run shared-audit audit --map "$shared/maps/den520d.map" --directions 4 --threads 2 --json @/a.json --quiet
  run shared-batch pursue --map "$shared/maps/den520d.map" --batch 20 --threads 2 --player-speed 9 --json @/b.json
else
  echo "cli-outputs.sh: ../shared/data is absent: the shared-level runs are skipped" >&2
fi
echo "cli-outputs.sh: $count runs of $bin in $out"
