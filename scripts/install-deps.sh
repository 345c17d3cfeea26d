#!/usr/bin/env bash
# The one list of Debian 12 packages kinema needs to build, test, benchmark, fuzz and draw.
# Used by the README's quick start and by .ci/run, so a fresh machine and CI install the same things.
# The web playground (docs/web.md) needs emscripten, chromium and nodejs (Node 20 from NodeSource where it is
# configured; it bundles npm: never install Debian's npm package, which conflicts with it); its two npm
# dependencies, playwright-core (the browser test) and typescript (the npm package's types checked by tsc), are
# pinned in web/package-lock.json and installed by `npm ci` below.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  clang libclang-rt-14-dev clang-format
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev
  libcairo2-dev librecast-dev
  python3 python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-matplotlib
  python3-distributed
  mono-mcs mono-runtime nunit-console libnunit-framework2.6.3-cil luajit
  emscripten chromium nodejs
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all ${#packages[@]} packages present" >&2
fi

# The browser test's driver, exactly as locked (nothing else is downloaded; browsers come from apt).
if [ -f "$(dirname "$0")/../web/package-lock.json" ] && command -v npm >/dev/null; then
  (cd "$(dirname "$0")/../web" && npm ci --no-audit --no-fund --loglevel=error) ||
    echo "install-deps: npm ci in web/ failed; only the browser test needs it (scripts/test.sh retries)" >&2
fi
