#!/usr/bin/env bash
# Builds the web playground (docs/web.md) into build-web/site/ and the npm package into build-web/package/,
# and serves the playground on http://127.0.0.1:$PORT/
# (default 8000) with web/test/serve.mjs (Node), which also lists the Moving AI maps of ../shared/data/maps
# under /maps/ without copying them (Python's http.server, without the maps, when Node is missing):
#   scripts/web.sh               build, then serve until Ctrl-C
#   scripts/web.sh --build-only  build only (the browser test and CI use this)
# The WebAssembly core is kinema's C++ core compiled by Debian's emscripten (web/CMakeLists.txt, -O2);
# the pages are plain HTML/CSS/JS from web/site/; our levels (data/levels) are copied beside them.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=serve
case "${1:-}" in
  --build-only) mode=build ;;
  "") ;;
  *) echo "scripts/web.sh: unknown option '$1' (use --build-only or nothing)" >&2; exit 2 ;;
esac

command -v emcmake >/dev/null || { echo "scripts/web.sh: emcmake not found: run scripts/install-deps.sh (emscripten)" >&2; exit 2; }
# Debian's emscripten runs its JS optimizer with the machine's Node; it finds its modules here.
export NODE_PATH=/usr/share/nodejs
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

if [ ! -f build-web/wasm/build.ninja ]; then
  emcmake cmake -S web -B build-web/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
fi
cmake --build build-web/wasm

site=build-web/site
rm -rf "$site"
mkdir -p "$site/levels"
cp web/site/*.html web/site/*.css web/site/*.js "$site/"
cp build-web/wasm/kinema.js build-web/wasm/kinema.wasm "$site/"
# Our grid levels and our OBJ 3D levels (the flood page reads both; the other mesh formats are Assimp's, native only).
cp data/levels/*.txt data/levels/*.obj "$site/levels/"
python3 -c 'import json, os, sys; print(json.dumps(sorted(f for f in os.listdir(sys.argv[1]) if f.endswith((".txt", ".obj")))))' \
  "$site/levels" > "$site/levels/index.json"
echo "scripts/web.sh: built $site" >&2

# The npm package "kinema" (docs/web.md "The npm package"), staged for `npm pack`: the module built above, the
# package.json CMake wrote with the project's version, and web/package's JavaScript and types.
package=build-web/package
rm -rf "$package"
mkdir -p "$package"
cp build-web/wasm/kinema_core.js build-web/wasm/package.json "$package/"
cp web/package/index.js web/package/index.mjs web/package/index.d.ts web/package/README.md "$package/"
cp web/package/kinema_abi.g.js web/package/kinema_abi.g.d.ts "$package/"
echo "scripts/web.sh: staged the npm package in $package (npm pack there makes its tarball)" >&2

if [ "$mode" = serve ]; then
  port="${PORT:-8000}"
  echo "scripts/web.sh: serving http://127.0.0.1:$port/ (flood.html, audit.html, movement.html, pursuit.html); Ctrl-C stops" >&2
  if command -v node >/dev/null; then
    exec node web/test/serve.mjs "$port"
  fi
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
fi
