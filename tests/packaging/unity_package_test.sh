#!/usr/bin/env bash
# The Unity package as a user gets it: scripts/package-unity.sh with the Windows build's kinema_c.dll and this
# build's libkinema_c.so, then scripts/check-unity-package.py on the tarball; the same inputs give the same bytes
# twice; the package's Runtime/ and sample are csharp/'s own files, the ones the mono tests compile.
#   unity_package_test.sh SOURCE_DIR LINUX_BUILD OUT_DIR WINDOWS_BUILD
# The Windows build is $KINEMA_WINDOWS_BUILD when it is set, else WINDOWS_BUILD; without its DLL the test is
# skipped (exit 77) and says why.
set -euo pipefail
source_dir=$1 linux_build=$2 out_dir=$3
windows_build=${KINEMA_WINDOWS_BUILD:-$4}

if [ ! -f "$windows_build/bin/kinema_c.dll" ]; then
  if [ -n "${KINEMA_WINDOWS_BUILD:-}" ]; then
    echo "unity_package: KINEMA_WINDOWS_BUILD=$KINEMA_WINDOWS_BUILD holds no bin/kinema_c.dll" >&2
    exit 1
  fi
  echo "SKIPPED: no Windows build ($windows_build/bin/kinema_c.dll); scripts/build-windows.sh makes one" \
       "(scripts/test.sh does before the tests), or set KINEMA_WINDOWS_BUILD to a Windows build folder"
  exit 77
fi

export KINEMA_WINDOWS_BUILD=$windows_build KINEMA_LINUX_BUILD=$linux_build
rm -rf "$out_dir"
tarball=$(bash "$source_dir/scripts/package-unity.sh" "$out_dir/first")
bash "$source_dir/scripts/package-unity.sh" "$out_dir/second" >/dev/null
cmp "$tarball" "$out_dir/second/$(basename "$tarball")" || {
  echo "unity_package: two runs on the same inputs wrote different tarballs" >&2
  exit 1
}
tar -tvzf "$tarball"
python3 "$source_dir/scripts/check-unity-package.py" "$tarball"

mkdir -p "$out_dir/unpacked"
tar -xzf "$tarball" -C "$out_dir/unpacked"
diff -r -x '*.meta' -x '*.asmdef' "$source_dir/csharp/Runtime" "$out_dir/unpacked/package/Runtime"
diff "$source_dir/csharp/Runtime/Kinema.Runtime.asmdef" "$out_dir/unpacked/package/Runtime/Kinema.Runtime.asmdef"
diff -r -x '*.meta' "$source_dir/csharp/Samples~/GuardChase" "$out_dir/unpacked/package/Samples~/GuardChase"
cmp "$linux_build/c/libkinema_c.so" "$out_dir/unpacked/package/Plugins/Linux/x86_64/libkinema_c.so"
cmp "$windows_build/bin/kinema_c.dll" "$out_dir/unpacked/package/Plugins/Windows/x86_64/kinema_c.dll"
echo "unity_package: $tarball holds csharp/'s runtime and sample and both plugins, checked as Unity reads them"
