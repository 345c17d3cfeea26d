#!/usr/bin/env bash
# The README's first command: installs what is missing, builds kinema, and runs the main job on the built-in
# default level: the Dishonored 2 chase flood, its summary on stdout and its picture in chase.png
# (docs/render.md explains how to read it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
./build/bin/kinema chase --png chase.png
