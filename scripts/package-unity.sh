#!/usr/bin/env bash
# Writes the Unity package tarball OUTDIR/com.kinema.kinema-VERSION.tgz (default OUTDIR: build/unity), the file
# Unity's Package Manager installs with "Add package from tarball" (docs/engines.md "Unity (C#)"):
#   package/package.json                        csharp/package.json with the version of CMakeLists.txt's project()
#   package/Runtime/                            the binding, csharp/Runtime/ (the sources the mono tests compile)
#   package/Samples~/GuardChase/                the sample package.json lists (Unity imports it on request)
#   package/Plugins/Windows/x86_64/kinema_c.dll   from $KINEMA_WINDOWS_BUILD/bin/, or scripts/build-windows.sh
#   package/Plugins/Linux/x86_64/libkinema_c.so   from the Linux build ($KINEMA_LINUX_BUILD, default build/)
# and the .meta file Unity needs beside every asset: a package installed from a tarball is read-only, and Unity
# ignores an asset there that has no .meta. Each GUID is the MD5 of "com.kinema.kinema/" and the asset's path in
# the package, the same in every run and every version, so an upgrade keeps the references a project holds. The
# plugins' .meta files enable each for its own platform and CPU only, the Editor on the same OS. The tarball is
# byte for byte the same for the same inputs (sorted entries, mtime 0, owner 0, gzip without a name or time).
# scripts/check-unity-package.py TGZ checks it as Unity reads it.
set -euo pipefail
cd "$(dirname "$0")/.."

out_dir=${1:-build/unity}
linux_build=${KINEMA_LINUX_BUILD:-build}
package_name=com.kinema.kinema

fail() {
  echo "package-unity: $*" >&2
  exit 2
}

version=$(sed -n 's/^project(kinema VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || fail "no 'project(kinema VERSION x.y.z' line in CMakeLists.txt"

# The Windows plugin: a given Windows build, or one made now by scripts/build-windows.sh in its default folder.
if [ -n "${KINEMA_WINDOWS_BUILD:-}" ]; then
  windows_dll=$KINEMA_WINDOWS_BUILD/bin/kinema_c.dll
elif [ -f scripts/build-windows.sh ]; then
  bash scripts/build-windows.sh build-windows
  windows_dll=build-windows/bin/kinema_c.dll
else
  fail "no Windows plugin: set KINEMA_WINDOWS_BUILD to a Windows build folder (its bin/kinema_c.dll)" \
       "or add scripts/build-windows.sh to build one"
fi
[ -f "$windows_dll" ] || fail "no Windows plugin at $windows_dll"

# The Linux plugin: libkinema_c.so of the Linux build, built now (that target alone) when it is missing.
linux_so=$linux_build/c/libkinema_c.so
if [ ! -f "$linux_so" ]; then
  if [ ! -f "$linux_build/build.ninja" ] && [ ! -f "$linux_build/Makefile" ]; then
    launcher=()
    command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
    cmake -S . -B "$linux_build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DKINEMA_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
  fi
  cmake --build "$linux_build" --target kinema_c
fi
[ -f "$linux_so" ] || fail "no Linux plugin at $linux_so after building kinema_c"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
package=$stage/package
mkdir -p "$package/Runtime/Generated" "$package/Samples~/GuardChase" "$package/Plugins/Windows/x86_64" \
         "$package/Plugins/Linux/x86_64"

python3 - csharp/package.json "$version" "$package/package.json" <<'EOF'
import json, sys
source, version, target = sys.argv[1:]
with open(source, encoding="utf-8") as f:
    manifest = json.load(f)
manifest["version"] = version
with open(target, "w", encoding="utf-8") as f:
    json.dump(manifest, f, indent=2, ensure_ascii=False)
    f.write("\n")
EOF
cp csharp/Runtime/*.cs csharp/Runtime/Kinema.Runtime.asmdef "$package/Runtime/"
cp csharp/Runtime/Generated/*.cs "$package/Runtime/Generated/"
cp csharp/Samples~/GuardChase/*.cs "$package/Samples~/GuardChase/"
cp "$windows_dll" "$package/Plugins/Windows/x86_64/kinema_c.dll"
cp -L "$linux_so" "$package/Plugins/Linux/x86_64/libkinema_c.so"

guid_of() {
  printf '%s' "$package_name/$1" | md5sum | cut -c1-32
}

# The importer settings every .meta ends with, as Unity writes them.
importer_tail() {
  printf '  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n'
}

# One plugin's platformData (PluginImporter serializedVersion 2, what Unity 2021.3 writes): only the standalone
# player $1 (Win64 or Linux64) on x86_64, and the Editor on OS $2 (Windows or Linux), are enabled.
plugin_importer() {
  local player=$1 editor_os=$2 exclude_linux=1 exclude_win=1 platform enabled cpu
  [ "$player" = Linux64 ] && exclude_linux=0
  [ "$player" = Win64 ] && exclude_win=0
  printf 'PluginImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  iconMap: {}\n  executionOrder: {}\n'
  printf '  defineConstraints: []\n  isPreloaded: 0\n  isOverridable: 0\n  isExplicitlyReferenced: 0\n'
  printf '  validateReferences: 1\n  platformData:\n'
  printf '  - first:\n      : Any\n    second:\n      enabled: 0\n      settings:\n'
  printf '        Exclude Editor: 0\n        Exclude Linux64: %s\n        Exclude OSXUniversal: 1\n' "$exclude_linux"
  printf '        Exclude Win: 1\n        Exclude Win64: %s\n' "$exclude_win"
  printf '  - first:\n      Any: \n    second:\n      enabled: 0\n      settings: {}\n'
  printf '  - first:\n      Editor: Editor\n    second:\n      enabled: 1\n      settings:\n'
  printf '        CPU: x86_64\n        DefaultValueInitialized: true\n        OS: %s\n' "$editor_os"
  for platform in Linux64 OSXUniversal Win Win64; do
    enabled=0 cpu=None
    [ "$platform" = "$player" ] && enabled=1 cpu=x86_64
    printf '  - first:\n      Standalone: %s\n    second:\n      enabled: %s\n      settings:\n        CPU: %s\n' \
      "$platform" "$enabled" "$cpu"
  done
  printf '  userData: \n  assetBundleName: \n  assetBundleVariant: \n'
}

# write_meta PATH (relative to package/): the .meta of one asset, by its kind.
write_meta() {
  local path=$1
  {
    printf 'fileFormatVersion: 2\nguid: %s\n' "$(guid_of "$path")"
    case "$path" in
      */kinema_c.dll) plugin_importer Win64 Windows ;;
      */libkinema_c.so) plugin_importer Linux64 Linux ;;
      *.cs)
        printf 'MonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n'
        printf '  executionOrder: 0\n  icon: {instanceID: 0}\n  userData: \n  assetBundleName: \n'
        printf '  assetBundleVariant: \n' ;;
      *.asmdef) printf 'AssemblyDefinitionImporter:\n'; importer_tail ;;
      package.json) printf 'PackageManifestImporter:\n'; importer_tail ;;
      *)
        if [ -d "$package/$path" ]; then
          printf 'folderAsset: yes\nDefaultImporter:\n'
        else
          printf 'DefaultImporter:\n'
        fi
        importer_tail ;;
    esac
  } > "$package/$path.meta"
}

# Every asset but the package folder itself and Samples~ (Unity imports no folder whose name ends in '~', so a
# .meta beside it would be a stray; the sample's own files keep theirs for when Unity copies them into Assets/).
while IFS= read -r path; do
  [ "$path" = "Samples~" ] || write_meta "$path"
done < <(cd "$package" && find . -mindepth 1 ! -name '*.meta' | sed 's|^\./||' | LC_ALL=C sort)

find "$package" -type d -exec chmod 755 {} +
find "$package" -type f -exec chmod 644 {} +
mkdir -p "$out_dir"
tarball=$out_dir/$package_name-$version.tgz
tar -C "$stage" --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf - package | gzip -n -9 > "$tarball.tmp"
mv "$tarball.tmp" "$tarball"
echo "package-unity: wrote $tarball" >&2
realpath "$tarball"
