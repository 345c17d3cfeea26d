#!/usr/bin/env bash
# Installs what is missing (scripts/install-deps.sh all), builds kinema and runs the whole test suite (the
# README's test command; .ci/run runs it too):
#   1. Release build: unit tests, CLI tests, the installed-package example (ctest), and the Windows cross build
#      (scripts/build-windows.sh) compared with it under wine and packaged for Unity;
#   2. the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer;
#   3. the loader and command-line fuzzers (clang libFuzzer) for a bounded time, when fuzz targets exist;
#   4. the web playground and the npm package: the WebAssembly build, the npm package's tests (node --test)
#      and the browser test in headless chromium (docs/web.md), skipped with a message only when
#      KINEMA_SKIP_WEB is set.
# Tests that need ../shared/data say so and skip when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."

# Everything the suite needs beyond the quick start's `cli` set (the Python module, the C# binding, LuaJIT,
# clang's fuzzers, the web playground); installs nothing when it is all present (as after .ci/run's own call).
bash scripts/install-deps.sh all

# stage TITLE: a heading with the time since the start, so a slow stage shows in the log (CI's budget).
stage() {
  echo "== $1 ($SECONDS s in)"
}

stage "Release build and tests"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
# The Windows build the Release suite compares with under wine (tests/windows, tests/packaging): only what those
# tests need (kinema.exe, kinema_c.dll and its import library), cross-built with mingw-w64.
stage "Windows cross build (mingw-w64), tested under wine by the Release suite"
bash scripts/build-windows.sh build-windows
ctest --test-dir build --output-on-failure -j "$(nproc)"

stage "AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKINEMA_SANITIZE=ON \
      -DKINEMA_BUILD_BENCH=OFF >/dev/null
cmake --build build-asan
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$(nproc)" -LE "install|windows"

if [ -f scripts/fuzz.sh ]; then
  stage "Fuzzing the loaders and the command line (bounded)"
  bash scripts/fuzz.sh
fi

stage "Web playground and npm package: WebAssembly build, package tests and browser test"
if [ -n "${KINEMA_SKIP_WEB:-}" ]; then
  echo "SKIPPED: the web playground's build, the npm package's tests and the browser test (KINEMA_SKIP_WEB is set)"
else
  bash scripts/web.sh --build-only
  [ -d web/node_modules/playwright-core ] || (cd web && npm ci --no-audit --no-fund --loglevel=error)
  node web/test/charconv_test.mjs
  stage "The npm package: its tests against the CLI (node --test)"
  node --test web/test/package/
  node web/test/browser_test.mjs
fi
