#!/usr/bin/env bash
# Measures how often the Windows build's libm functions give other doubles than glibc's: builds
# scripts/measure-libm.cpp natively and twice with mingw-w64 (MinGW's and msvcrt's functions alone, and with the
# Windows build's replacements, web/compat/hypot.cpp and libm-windows.cpp, linked ahead as kinema_core links
# them), runs the Windows ones under wine and prints, per function and argument range, the share of arguments
# whose result differs from glibc's before and after the replacements.
#   scripts/measure-libm-windows.sh [COUNT]     (COUNT arguments per function and range, default 100000)
# Works in a temporary folder with a wine prefix of its own (the first run takes a few seconds more).
set -euo pipefail
cd "$(dirname "$0")/.."

count=${1:-100000}
for tool in g++ x86_64-w64-mingw32-g++-posix wine; do
  command -v "$tool" >/dev/null || { echo "scripts/measure-libm-windows.sh: $tool not found (scripts/install-deps.sh)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-O2 -std=c++20 -Wall -Wextra -Werror)
g++ "${flags[@]}" scripts/measure-libm.cpp -o "$work/measure-linux"
x86_64-w64-mingw32-g++-posix "${flags[@]}" -static scripts/measure-libm.cpp -o "$work/measure-mingw.exe"
x86_64-w64-mingw32-g++-posix "${flags[@]}" -static scripts/measure-libm.cpp web/compat/hypot.cpp \
  web/compat/libm-windows.cpp -o "$work/measure-replaced.exe"

export WINEPREFIX=$work/wine-prefix WINEDEBUG=-all
"$work/measure-linux" "$count" >"$work/linux"
wine "$work/measure-mingw.exe" "$count" | sed 's/\r$//' >"$work/mingw"
wine "$work/measure-replaced.exe" "$count" | sed 's/\r$//' >"$work/replaced"
wine "$work/measure-mingw.exe" "$count" x87-53 | sed 's/\r$//' >"$work/mingw53"
wine "$work/measure-replaced.exe" "$count" x87-53 | sed 's/\r$//' >"$work/replaced53"

echo "Share of $count arguments per function and range whose double differs from glibc's, with MinGW's and"
echo "msvcrt's functions (before) and with the replacements (after), in a MinGW program (x87 at 64 bits) and with"
echo "the x87 precision control at Windows' 53 bits (as in a program that loads kinema_c.dll):"
echo "function range     before    after   53-bit: before    after"
paste -d' ' "$work/linux" "$work/mingw" "$work/replaced" "$work/mingw53" "$work/replaced53" |
  awk '{ key = sprintf("%-8s %-7s", $1, $2); n[key]++
         for (i = 1; i <= 4; i++) if ($3 != $(3 + 3 * i)) d[key, i]++ }
       END { for (key in n) printf "%s %8.3f%% %7.3f%% %14.3f%% %7.3f%%\n", key, 100 * d[key, 1] / n[key],
                                   100 * d[key, 2] / n[key], 100 * d[key, 3] / n[key], 100 * d[key, 4] / n[key] }' |
  sort
