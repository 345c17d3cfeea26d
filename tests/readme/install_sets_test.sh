#!/usr/bin/env bash
# The quick start installs only what the CLI needs; the test command the rest (issue 40): scripts/install-deps.sh's
# `cli` set holds none of the web's, C#'s, Lua's, fuzzers' or Python's packages, the `all` set holds every package
# of `cli`, scripts/quickstart.sh installs `cli` and scripts/test.sh `all`. Prints what fails; exits 1 if any.
set -uo pipefail
cd "$(dirname "$0")/../.."
failed=0
fail() { echo "FAILED: $*"; failed=1; }

cli=$(bash scripts/install-deps.sh --list cli) || fail "install-deps.sh --list cli exited $?"
all=$(bash scripts/install-deps.sh --list all) || fail "install-deps.sh --list all exited $?"
[ "$(bash scripts/install-deps.sh --list)" = "$all" ] || fail "the default set is not 'all' (.ci/run relies on it)"
for p in emscripten chromium nodejs mono-runtime mono-mcs nunit-console luajit clang python3-pytest; do
  grep -qx "$p" <<<"$cli" && fail "the cli set installs $p"
  grep -qx "$p" <<<"$all" || fail "the all set misses $p"
done
for p in cmake ninja-build libcli11-dev libfmt-dev nlohmann-json3-dev libcairo2-dev librecast-dev libgtest-dev; do
  grep -qx "$p" <<<"$cli" || fail "the cli set misses $p (the default configuration needs it)"
done
while read -r p; do
  grep -qx "$p" <<<"$all" || fail "the all set misses the cli set's $p"
done <<<"$cli"
grep -qx 'bash scripts/install-deps.sh cli' scripts/quickstart.sh || fail "scripts/quickstart.sh does not install the cli set"
grep -qx 'bash scripts/install-deps.sh all' scripts/test.sh || fail "scripts/test.sh does not install the all set"
bash scripts/install-deps.sh --list bogus >/dev/null 2>&1 && fail "an unknown set is accepted"
((failed)) || echo "install sets: ok"
exit "$failed"
