#!/usr/bin/env bash
# Cross-builds kinema for Windows x86-64 with Debian's mingw-w64 (issue 43), in Release:
#   scripts/build-windows.sh [DIR]     (DIR defaults to build-windows)
# Layout of DIR:
#   DIR/bin/kinema.exe          the command-line tool
#   DIR/bin/kinema_c.dll        the C ABI (include/kinema/kinema.h), what a game or Unity loads
#   DIR/lib/libkinema_c.dll.a   its import library, to link a program against the DLL (MinGW, clang)
#   DIR/lib/kinema_c.def        its exports, for MSVC: `lib /def:kinema_c.def /machine:x64` makes kinema_c.lib
#   DIR/lib/libkinema_*.a       the static libraries: libkinema_c.a (the C ABI, KINEMA_C_STATIC) and the C++ parts
# Both the exe and the DLL link MinGW's runtime statically (cmake/toolchains/mingw-w64-x86_64.cmake), and the
# script fails unless `objdump -p` lists only Windows' own DLLs among their imports. What the build holds: the
# core, report, output, nav with Recast/Detour compiled from ../shared/vendor (KINEMA_RECAST_FROM_SOURCE), and
# formats with pugixml, zlib and zstd from there (KINEMA_FORMATS_VENDORED); no cairo pictures and no Assimp
# (neither has a Windows build here), no tests, benchmarks, Python or C#. CLI11, nlohmann-json, {fmt} and stb are
# Debian's header-only packages (KINEMA_HOST_HEADER_LIBS). Needs g++-mingw-w64-x86-64-posix and
# binutils-mingw-w64 (scripts/install-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${1:-build-windows}
for tool in x86_64-w64-mingw32-g++-posix x86_64-w64-mingw32-objdump; do
  command -v "$tool" >/dev/null ||
    { echo "scripts/build-windows.sh: $tool not found: run scripts/install-deps.sh (mingw-w64)" >&2; exit 2; }
done
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi

dir_abs=$(realpath -m "$dir")
cmake -S . -B "$dir" -G Ninja --toolchain cmake/toolchains/mingw-w64-x86_64.cmake -DCMAKE_BUILD_TYPE=Release \
  "${launcher[@]}" -DCMAKE_RUNTIME_OUTPUT_DIRECTORY="$dir_abs/bin" -DCMAKE_ARCHIVE_OUTPUT_DIRECTORY="$dir_abs/lib" \
  -DKINEMA_BUILD_RENDER=OFF -DKINEMA_FORMATS_ASSIMP=OFF -DKINEMA_BUILD_NAV=ON -DKINEMA_RECAST_FROM_SOURCE=ON \
  -DKINEMA_BUILD_FORMATS=ON -DKINEMA_FORMATS_VENDORED=ON -DKINEMA_HOST_HEADER_LIBS=ON \
  -DKINEMA_BUILD_TESTS=OFF -DKINEMA_BUILD_BENCH=OFF -DKINEMA_BUILD_PYTHON=OFF -DKINEMA_BUILD_CSHARP=OFF >/dev/null
cmake --build "$dir" -j"${KINEMA_JOBS:-2}" --target kinema_cli kinema_c kinema_c_static

# Only Windows' own DLLs: a MinGW runtime DLL (libstdc++-6, libgcc_s_seh-1, libwinpthread-1) or any other
# would have to ship beside kinema; kinema.exe does not use kinema_c.dll.
system_dlls='^(kernel32|msvcrt|user32|advapi32|ws2_32|bcrypt|shell32|ole32|ucrtbase|api-ms-win-.*)\.dll$'
for file in "$dir/bin/kinema.exe" "$dir/bin/kinema_c.dll"; do
  dlls=$(x86_64-w64-mingw32-objdump -p "$file" | sed -n 's/^[[:space:]]*DLL Name: //p')
  others=$(grep -viE "$system_dlls" <<<"$dlls" || true)
  if [[ -n $others ]]; then
    echo "scripts/build-windows.sh: $file needs DLLs that are not Windows' own: $others" >&2
    exit 1
  fi
  echo "$file imports only Windows DLLs: $(tr '\n' ' ' <<<"$dlls")"
done
