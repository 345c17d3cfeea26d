#!/usr/bin/env bash
# The README's first command: installs what is missing, builds kinema, and runs the main job on the built-in
# default.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
./build/bin/kinema simulate --model unreal --dt 0.016666666666666666 --frames 60 --input "0:1,0;30:0,0"
