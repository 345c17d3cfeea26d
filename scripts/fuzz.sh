#!/usr/bin/env bash
# Builds the fuzzers (fuzz/, clang libFuzzer with AddressSanitizer + UndefinedBehaviorSanitizer) in build-fuzz
# and runs each for a bounded time: the loaders KINEMA_FUZZ_SECONDS (default 20) each (the OBJ fuzzer also
# builds every mesh with Recast), the navmesh files, the C ABI, merge's partial reports and the Tiled maps
# KINEMA_FUZZ_{NAVMESH,C_ABI,MERGE,TILED}_SECONDS (default 18 each), the reports `audit --reuse` reads, LDtk
# projects, PNG/BMP images and 3D scenes through Assimp KINEMA_FUZZ_{REUSE,LDTK,IMAGE,MESH_SCENE}_SECONDS
# (default 15 each; scenes need KINEMA_FORMATS_ASSIMP), the command line's argument parsing (one
# cli_<command>_fuzz for each of the 10 commands, fuzz/cli_fuzz.cpp, with the files of fuzz/fixtures to name)
# KINEMA_CLI_FUZZ_SECONDS (default 6) each: about 4 minutes of fuzzing in all, so that the whole suite stays
# within its 45 minutes on 2 cores (the longer runs are this script with larger values). The Python module and
# the C# binding are not built here: no fuzzer uses them. Exits non-zero when a target crashes; the crashing
# input is left in build-fuzz/crashes/ (make it a regression test under tests/levels/regressions/).
#
# Corpus: our own levels (data/levels, fuzz/corpus) are copied into build-fuzz/corpus/<target> (libFuzzer adds
# the inputs it finds there); the shared real-game maps (../shared/data) are read as an extra corpus when present,
# never copied into the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${KINEMA_FUZZ_SECONDS:-20}"
# Leaks inside Assimp itself are its own (fuzz/lsan-assimp.supp); kinema's are reported.
export LSAN_OPTIONS="suppressions=$PWD/fuzz/lsan-assimp.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
cli_seconds="${KINEMA_CLI_FUZZ_SECONDS:-6}"

CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKINEMA_BUILD_FUZZ=ON \
  -DKINEMA_BUILD_TESTS=OFF -DKINEMA_BUILD_BENCH=OFF -DKINEMA_BUILD_CLI=ON -DKINEMA_BUILD_RENDER=OFF \
  -DKINEMA_BUILD_NAV=ON -DKINEMA_BUILD_PYTHON=OFF -DKINEMA_BUILD_CSHARP=OFF >/dev/null
cmake --build build-fuzz

shared="../shared/data"
mkdir -p build-fuzz/crashes
status=0
for target in moving_ai_fuzz ascii_fuzz obj_fuzz navmesh_fuzz c_abi_fuzz merge_fuzz audit_report_fuzz tiled_fuzz ldtk_fuzz \
  image_fuzz mesh_scene_fuzz; do
  binary="build-fuzz/fuzz/$target"
  [ -x "$binary" ] || continue
  corpus="build-fuzz/corpus/$target"
  mkdir -p "$corpus"
  extra=()
  case "$target" in
    moving_ai_fuzz)
      cp fuzz/corpus/moving_ai/* "$corpus/"
      [ -d "$shared/maps" ] && extra+=("$shared/maps")
      ;;
    ascii_fuzz)
      cp data/levels/*.txt "$corpus/"
      ;;
    navmesh_fuzz)
      # Small navmesh files (kinema navmesh build of a floor, a ramp and a landing; a floor 150 km from the
      # origin; a floor in nine 16-voxel tiles) and past findings (a self-linked polygon, ...); ~20 s is
      # enough here: each input builds cells and runs a chase.
      cp fuzz/corpus/navmesh/* "$corpus/"
      ;;
    c_abi_fuzz)
      # The C ABI's calls (fuzz/c_abi_fuzz.cpp) need no seed files: libFuzzer starts from empty input.
      ;;
    merge_fuzz)
      # Small partial reports of both kinds (audit shards 1/1 and 2/7, a batch, a team's batch), written by
      # `kinema audit --shard` and `kinema pursue --batch --shard` on data/levels.
      cp fuzz/corpus/parts/* "$corpus/"
      ;;
    audit_report_fuzz)
      # The reports `kinema audit --reuse` reads: `kinema audit --json` of the level in fuzz/audit_report_fuzz.cpp
      # (level.json) and of it with the wall at column 4, row 2 made floor (edited.json).
      cp fuzz/corpus/reuse/*.json "$corpus/"
      ;;
    tiled_fuzz)
      # Our levels as Tiled maps (scripts/make-tiled-levels.py): every encoding Python writes, chunks, groups,
      # objects; and fuzz/corpus/tiled: zstd layers (written with the zstd tool), ellipses, turned rectangles,
      # npc markers. Their first byte ('<' or '{') picks the reader (fuzz/tiled_fuzz.cpp).
      cp data/levels/tiled/*.tmx data/levels/tiled/*.tmj fuzz/corpus/tiled/* "$corpus/"
      ;;
    ldtk_fuzz)
      # Our levels' LDtk twins (one level, several, external) and small projects: two IntGrid layers, markers
      # on a finer grid, a project of worlds.
      cp data/levels/ldtk/*.ldtk fuzz/corpus/ldtk/* "$corpus/"
      ;;
    image_fuzz)
      # Our levels' PNG masks (RGBA) and a grey PNG, a 2-bit palette PNG with transparency, a 24-bit BMP.
      cp data/levels/images/*.png fuzz/corpus/image/* "$corpus/"
      ;;
    mesh_scene_fuzz)
      # 3D scenes through Assimp (kinema::formats): corner_ramp.obj's twins (scripts/make-mesh-levels.sh), glTF
      # external, embedded, binary and under a scale node, and ASCII FBX, COLLADA, PLY and STL.
      cp data/levels/corner_ramp*.gltf data/levels/corner_ramp.{glb,fbx,dae,ply,stl} "$corpus/"
      ;;
    obj_fuzz)
      # A floor, and the shapes Recast cannot build: tiny, thin (less than half a voxel across), far from the
      # origin, kilometres wide; and just inside the limits.
      cp fuzz/corpus/obj/* "$corpus/"
      [ -d "$shared/meshes" ] && extra+=("$shared/meshes")
      ;;
  esac
  echo "== $target"
  # -max_len: the shared maps are up to 512 x 512 tiles (~270 KB); let mutations start from whole maps.
  target_seconds="$seconds"
  [ "$target" = navmesh_fuzz ] && target_seconds="${KINEMA_FUZZ_NAVMESH_SECONDS:-18}"
  [ "$target" = c_abi_fuzz ] && target_seconds="${KINEMA_FUZZ_C_ABI_SECONDS:-18}"
  [ "$target" = merge_fuzz ] && target_seconds="${KINEMA_FUZZ_MERGE_SECONDS:-18}"
  [ "$target" = audit_report_fuzz ] && target_seconds="${KINEMA_FUZZ_REUSE_SECONDS:-15}"
  [ "$target" = tiled_fuzz ] && target_seconds="${KINEMA_FUZZ_TILED_SECONDS:-18}"
  [ "$target" = ldtk_fuzz ] && target_seconds="${KINEMA_FUZZ_LDTK_SECONDS:-15}"
  [ "$target" = image_fuzz ] && target_seconds="${KINEMA_FUZZ_IMAGE_SECONDS:-15}"
  [ "$target" = mesh_scene_fuzz ] && target_seconds="${KINEMA_FUZZ_MESH_SCENE_SECONDS:-15}"
  if ! "$binary" -max_total_time="$target_seconds" -max_len=300000 -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix="build-fuzz/crashes/$target-" "$corpus" "${extra[@]}" \
       >"build-fuzz/$target.log" 2>&1; then
    echo "$target: CRASH (see build-fuzz/$target.log and build-fuzz/crashes/)" >&2
    tail -n 40 "build-fuzz/$target.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "build-fuzz/$target.log" || true
  fi
done

# The command line: arguments from the input, outputs in a scratch directory (see fuzz/cli_fuzz.cpp).
# Absolute paths: each CLI fuzzer works in a scratch directory of its own (fuzz/cli_fuzz.cpp changes into it).
for command in simulate morrowind turn stop sweep chase replay audit pursue navmesh; do
  target="cli_${command}_fuzz"
  binary="$PWD/build-fuzz/fuzz/$target"
  [ -x "$binary" ] || continue
  corpus="$PWD/build-fuzz/corpus/$target"
  mkdir -p "$corpus"
  cp fuzz/corpus/cli/"$command"/* "$corpus/"
  echo "== $target for ${cli_seconds} s"
  # -close_fd_mask=2: the commands' one-line errors would flood the log (libFuzzer keeps its own reports).
  # -timeout=60: the largest documented sweep (1000 rates x 3 models, or one model that never stops) takes
  # under a second in Release and about 3 s under the fuzzer's instrumentation; only a real hang should count.
  if ! "$binary" -max_total_time="$cli_seconds" -max_len=2000 -timeout=60 -rss_limit_mb=2048 -close_fd_mask=2 \
       -print_final_stats=1 -artifact_prefix="$PWD/build-fuzz/crashes/$target-" "$corpus" \
       >"build-fuzz/$target.log" 2>&1; then
    echo "$target: CRASH (see build-fuzz/$target.log and build-fuzz/crashes/)" >&2
    tail -n 40 "build-fuzz/$target.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "build-fuzz/$target.log" || true
  fi
done
exit "$status"
