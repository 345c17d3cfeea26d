#!/usr/bin/env bash
# The one list of Debian 12 packages kinema needs, in two sets:
#   scripts/install-deps.sh cli   what the README's quick start needs to configure the build and build the CLI
#                                 (compilers, CMake, the CLI's and the optional render, nav and formats parts' libraries,
#                                 and the test and benchmark headers the default configuration looks for);
#   scripts/install-deps.sh all   (the default) everything to build, test, benchmark, fuzz and draw: the cli set,
#                                 clang and its fuzzer runtime, clang-format, the Python module's (with pip, venv,
#                                 setuptools and wheel for `pip install ./python`), the bindings
#                                 generator's (pycparser: scripts/bindings.py), the C# binding's (mono, NUnit), LuaJIT,
#                                 the web playground's (emscripten, chromium, nodejs and `npm ci` in web/) and the
#                                 Windows cross build's (mingw-w64 with posix threads, and wine to run it:
#                                 scripts/build-windows.sh, docs/windows.md).
# scripts/quickstart.sh installs `cli`; scripts/test.sh and .ci/run install `all`, so a fresh machine and CI
# install the same things. Run again, it installs nothing that is present (and `npm ci` only when
# web/package-lock.json changed since the last one).
# The web playground (docs/web.md) needs emscripten, chromium and nodejs (Node 20 from NodeSource where it is
# configured; it bundles npm: never install Debian's npm package, which conflicts with it); its two npm
# dependencies, playwright-core (the browser test) and typescript (the npm package's types checked by tsc), are
# pinned in web/package-lock.json and installed by `npm ci` below.
#   scripts/install-deps.sh --list [cli|all]   prints the set's packages, one a line, and installs nothing.
set -euo pipefail

set_name=all
list=0
for arg in "$@"; do
  case "$arg" in
    --list) list=1 ;;
    *) set_name="$arg" ;;
  esac
done
cli_packages=(
  build-essential cmake ninja-build pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev
  libcairo2-dev librecast-dev
  libpugixml-dev zlib1g-dev libzstd-dev libstb-dev libassimp-dev
)
other_packages=(
  clang libclang-rt-14-dev clang-format
  python3 python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-matplotlib
  python3-pip python3-venv python3-setuptools python3-wheel
  python3-distributed python3-pycparser
  mono-mcs mono-runtime nunit-console libnunit-framework2.6.3-cil luajit
  assimp-utils
  emscripten chromium nodejs
  g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 wine wine64
)
case "$set_name" in
  cli) packages=("${cli_packages[@]}") ;;
  all) packages=("${cli_packages[@]}" "${other_packages[@]}") ;;
  *) echo "install-deps: unknown set '$set_name' (use cli or all; default all)" >&2; exit 2 ;;
esac

if ((list)); then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

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
  echo "install-deps: all ${#packages[@]} packages of the '$set_name' set present" >&2
fi

# The browser test's driver, exactly as locked (nothing else is downloaded; browsers come from apt); only for
# `all`, and only when the lock file changed since the last `npm ci` here (a stamp in node_modules/).
web="$(dirname "$0")/../web"
if [ "$set_name" = all ] && [ -f "$web/package-lock.json" ] && command -v npm >/dev/null; then
  stamp="$web/node_modules/.kinema-package-lock.json"
  if ! cmp -s "$web/package-lock.json" "$stamp"; then
    if (cd "$web" && npm ci --no-audit --no-fund --loglevel=error); then
      cp "$web/package-lock.json" "$stamp"
    else
      echo "install-deps: npm ci in web/ failed; only the browser test needs it (scripts/test.sh retries)" >&2
    fi
  fi
fi
