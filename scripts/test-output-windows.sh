#!/usr/bin/env bash
# The output-file rule's tests (tests/output) cross-built for Windows with mingw-w64 and run under wine:
#   scripts/test-output-windows.sh [BUILD_DIR]     (default build-output-windows)
# Builds only what they need, by hand rather than through the whole Windows build: GoogleTest from Debian's
# sources (/usr/src/googletest), the output part (src/output, its Windows file calls) and the tests, linked
# -static so that the .exe needs no MinGW runtime DLL. wine runs in a prefix of its own inside BUILD_DIR (the
# first start initialises it, slowly, once). Skips, saying why, with exit code 0 (or $KINEMA_SKIP_CODE, for a
# ctest's SKIP_RETURN_CODE) when mingw-w64, wine or the GoogleTest sources are absent.
# Extra arguments after BUILD_DIR go to the test program (--gtest_filter=...).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=build-output-windows
if [[ $# -gt 0 && $1 != -* ]]; then
    build=$1
    shift
fi
mkdir -p "$build"
build=$(cd "$build" && pwd)

cxx=${KINEMA_MINGW_CXX:-x86_64-w64-mingw32-g++-posix}
gtest=${KINEMA_GTEST_SOURCES:-/usr/src/googletest/googletest}
skip() {
    echo "test-output-windows: SKIPPED: $1" >&2
    exit "${KINEMA_SKIP_CODE:-0}"
}
command -v "$cxx" >/dev/null || skip "$cxx not found (Debian: g++-mingw-w64-x86-64-posix)"
command -v wine >/dev/null || skip "wine not found (Debian: wine64)"
[[ -f $gtest/src/gtest-all.cc ]] || skip "no GoogleTest sources in $gtest (Debian: googletest)"

# The include root the CMake build makes (src/CMakeLists.txt): kinema/output/ is src/output/.
mkdir -p "$build/include/kinema" "$build/obj"
ln -sfn "$root/src/output" "$build/include/kinema/output"

launcher=()
command -v ccache >/dev/null && launcher=(ccache)
common=(-std=c++20 -O1 -DNOMINMAX -DWIN32_LEAN_AND_MEAN)
warnings=(-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Wnull-dereference
          -Wdouble-promotion -Wimplicit-fallthrough -Werror)
gtest_flags=(-isystem "$gtest/include" -I"$gtest")

# compile SOURCE OBJECT FLAGS...: only when the object is older than the source (ccache does the rest).
compile() {
    local source=$1 object=$2
    shift 2
    if [[ ! -f $object || $source -nt $object || $0 -nt $object ]]; then
        "${launcher[@]}" "$cxx" "${common[@]}" "$@" -c "$source" -o "$object"
    fi
}
compile "$gtest/src/gtest-all.cc" "$build/obj/gtest-all.o" "${gtest_flags[@]}"
compile "$gtest/src/gtest_main.cc" "$build/obj/gtest_main.o" "${gtest_flags[@]}"
ours=(src/output/output_files.cpp src/output/file_system_windows.cpp tests/output/output_files_test.cpp
      tests/output/output_files_windows_test.cpp)
objects=("$build/obj/gtest-all.o" "$build/obj/gtest_main.o")
for source in "${ours[@]}"; do
    object="$build/obj/$(basename "$source" .cpp).o"
    # Always rebuilt (the headers they include change too); ccache makes it quick.
    rm -f "$object"
    compile "$root/$source" "$object" "${warnings[@]}" -I"$build/include" -I"$root/tests/support" -isystem "$gtest/include"
    objects+=("$object")
done
"$cxx" -static -o "$build/output_tests.exe" "${objects[@]}"

# What the .exe imports: Windows' own DLLs only.
if command -v x86_64-w64-mingw32-objdump >/dev/null; then
    echo "output_tests.exe imports: $(x86_64-w64-mingw32-objdump -p "$build/output_tests.exe" |
        sed -n 's/.*DLL Name: //p' | sort | tr '\n' ' ')"
fi

export WINEPREFIX=${WINEPREFIX:-$build/prefix}
export WINEDEBUG=${WINEDEBUG:--all}
# The scratch files go to a folder of this build (TEST_TMPDIR is GoogleTest's TempDir()), seen by the program as
# a Windows path on wine's Z: drive.
mkdir -p "$build/tmp"
export TEST_TMPDIR="Z:${build//\//\\}\\tmp\\"
cd "$build"
wine "$build/output_tests.exe" "$@"
