#!/usr/bin/env bash
# Fails, listing the files, when a tracked C++ file is not formatted as .clang-format says (run by ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
unformatted=$(clang-format --dry-run --Werror "${files[@]}" 2>&1 | grep -E '^[^ ].*: error:' | cut -d: -f1 | sort -u || true)
if [ -n "$unformatted" ]; then
  echo "not clang-format clean (run clang-format -i on them):"
  echo "$unformatted"
  exit 1
fi
echo "clang-format clean: ${#files[@]} files"
