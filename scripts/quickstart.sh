#!/usr/bin/env bash
# The README's first command: installs what is missing, builds the kinema CLI, and runs the main job on the
# built-in default level: the Dishonored 2 chase flood, its summary on stdout and its picture in chase.png
# (docs/render.md explains how to read it).
#
# It builds only the `kinema_cli` target and the libraries it links (the core parts, report, output, render,
# nav): no tests, benchmarks, C ABI, Python module, C# binding or web playground. It configures the same build/
# directory as scripts/test.sh with the same (default) options and only narrows what `cmake --build` builds, so
# the README's second command reuses every object built here and has no option to turn back on; the CLI stays
# at build/bin/kinema, where the README's tour calls it.
# Measured 2026-11-26 on a fresh clone (packages present, CCACHE_DISABLE=1, shared 2-core VM at load 14-17):
# 125 build steps, 501 s user + 24 s system CPU, so at least 4.4 min of wall time even on two idle cores (not
# measured: no idle machine); the CLI's own sources (CLI11 templates at -O3) are 38 % of the compile time.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target kinema_cli
./build/bin/kinema chase --png chase.png

cli="$PWD/build/bin/kinema"
cat <<EOF

The kinema CLI is $cli. Call it by that path:
  $cli --help
or put it on PATH for this shell (add the line to ~/.bashrc to keep it):
  export PATH="$PWD/build/bin:\$PATH"
  kinema --help
scripts/test.sh builds the rest (tests, benchmarks, C ABI, Python module) and runs the whole suite.
EOF
