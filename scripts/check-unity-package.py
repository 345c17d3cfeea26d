#!/usr/bin/env python3
"""Checks a Unity package tarball (scripts/package-unity.sh's com.kinema.kinema-VERSION.tgz) as Unity reads it.

    scripts/check-unity-package.py TGZ

Unity's Package Manager unpacks the tarball's top folder `package/` into the project's package cache, read-only.
There an asset without a `.meta` is ignored (Unity cannot write one), a `.meta` whose asset is missing is a
warning, two assets with one GUID break references, and a native plugin loads on the platforms its `.meta`'s
PluginImporter enables. This script fails, naming every problem, unless:
  - every entry is under package/, and package/package.json is a manifest Unity accepts (name, version,
    displayName, description, unity, license) whose version is the tarball's name's;
  - every asset (file or folder) has a .meta, except folders Unity skips (a name ending in '~' or starting with
    '.'), which must have none; their contents keep a .meta each, as kinema's package writes them, so an imported
    sample keeps its GUIDs; every .meta has its asset;
  - every GUID is 32 lowercase hexadecimal digits and no two are the same; folders are folderAsset: yes, scripts
    MonoImporter, plugins PluginImporter;
  - Plugins/Windows/x86_64/kinema_c.dll is an x86-64 PE file enabled for Win64 (x86_64) and the Editor on Windows
    only, Plugins/Linux/x86_64/libkinema_c.so an x86-64 ELF file enabled for Linux64 (x86_64) and the Editor on
    Linux only;
  - the runtime's DllImport library name is kinema_c, the name both plugins carry (kinema_c.dll, libkinema_c.so).
Only Python's standard library: it runs wherever the tests do.
"""
import json
import re
import sys
import tarfile

TOP = "package/"
GUID = re.compile(r"^[0-9a-f]{32}$")
# The plugins, by path in the package: the standalone player and the Editor's OS that must load each.
PLUGINS = {
    "Plugins/Windows/x86_64/kinema_c.dll": ("Win64", "Windows"),
    "Plugins/Linux/x86_64/libkinema_c.so": ("Linux64", "Linux"),
}
STANDALONE_PLAYERS = ("Linux64", "OSXUniversal", "Win", "Win64")
LIBRARY_NAME = "kinema_c"


def skipped_by_unity(name):
    """Unity imports no file or folder whose name ends in '~' or starts with '.' (Unity manual, "Special folder
    names": hidden assets)."""
    return name.endswith("~") or name.startswith(".")


def read_tarball(path, problems):
    """The package's files (path relative to package/ -> bytes) and folders (set of paths), folders implied by
    file paths included (npm pack writes no folder entries)."""
    files, folders = {}, set()
    with tarfile.open(path, "r:gz") as tar:
        for member in tar.getmembers():
            name = member.name.rstrip("/")
            if name == "package":
                continue
            if not name.startswith(TOP) or ".." in name.split("/"):
                problems.append(f"{member.name}: outside the top folder {TOP} Unity unpacks")
                continue
            relative = name[len(TOP):]
            if member.isdir():
                folders.add(relative)
            elif member.isfile():
                files[relative] = tar.extractfile(member).read()
            else:
                problems.append(f"{member.name}: neither a file nor a folder (Unity reads only those)")
    for relative in list(files) + list(folders):
        parts = relative.split("/")
        for depth in range(1, len(parts)):
            folders.add("/".join(parts[:depth]))
    return files, folders


def check_manifest(files, tarball, problems):
    data = files.get("package.json")
    if data is None:
        problems.append("package/package.json: missing (Unity needs the manifest at the top of the package)")
        return
    try:
        manifest = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        problems.append(f"package/package.json: not valid JSON: {error}")
        return
    if not isinstance(manifest, dict):
        problems.append("package/package.json: not a JSON object")
        return
    for field in ("name", "version", "displayName", "description", "unity", "license"):
        if not isinstance(manifest.get(field), str) or not manifest[field]:
            problems.append(f"package/package.json: '{field}' missing or not a non-empty string")
    name, version, unity = manifest.get("name"), manifest.get("version"), manifest.get("unity")
    # Unity's rules for the manifest (Unity manual, "Package manifest"): a lowercase reverse-domain name, a
    # Semantic Versioning version, "unity" as MAJOR.MINOR.
    if isinstance(name, str) and not re.fullmatch(r"[a-z0-9][a-z0-9_-]*(\.[a-z0-9_-]+)+", name):
        problems.append(f"package/package.json: name '{name}' is not a lowercase reverse-domain name")
    if isinstance(version, str) and not re.fullmatch(r"\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?", version):
        problems.append(f"package/package.json: version '{version}' is not MAJOR.MINOR.PATCH")
    if isinstance(unity, str) and not re.fullmatch(r"\d{4}\.\d+", unity):
        problems.append(f"package/package.json: unity '{unity}' is not a Unity version like 2021.3")
    expected = f"{name}-{version}.tgz"
    if tarball.rsplit("/", 1)[-1] != expected and isinstance(name, str) and isinstance(version, str):
        problems.append(f"{tarball}: the manifest's name and version make {expected}")
    for sample in manifest.get("samples", []):
        path = sample.get("path", "") if isinstance(sample, dict) else ""
        if not any(f.startswith(path + "/") for f in files):
            problems.append(f"package/package.json: sample path '{path}' holds no file")


def meta_fields(text):
    """The top-level scalar fields of a .meta (fileFormatVersion, guid, folderAsset) and its importer's name."""
    fields, importer = {}, None
    for line in text.splitlines():
        match = re.fullmatch(r"([A-Za-z]+):\s*(.*?)\s*", line)
        if match:
            key, value = match.groups()
            if value == "" and key.endswith("Importer"):
                importer = key
            else:
                fields[key] = value
    return fields, importer


def platform_data(text):
    """PluginImporter's platformData (serializedVersion 2, a list of first/second pairs):
    {"Standalone: Win64": {"enabled": "1", "CPU": "x86_64"}, "Editor: Editor": {...}, ": Any": {...}}."""
    platforms, current, platform_line = {}, None, -1
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line == "  - first:" and index + 1 < len(lines):
            current = platforms.setdefault(lines[index + 1].strip(), {})
            platform_line = index + 1
        elif index == platform_line:
            continue
        elif current is not None and re.fullmatch(r" {6,8}[A-Za-z][A-Za-z0-9 ]*: \S.*", line):
            key, value = line.strip().split(": ", 1)
            current[key] = value
        elif not line.startswith("    ") and line != "  platformData:" and not line.startswith("  - first:"):
            current = None
    return platforms


def check_plugin(path, data, meta_text, player, editor_os, problems):
    where = f"package/{path}"
    if player == "Win64":
        pe_offset = int.from_bytes(data[0x3C:0x40], "little") if len(data) >= 0x40 else -1
        if not (data[:2] == b"MZ" and data[pe_offset:pe_offset + 4] == b"PE\0\0"
                and data[pe_offset + 4:pe_offset + 6] == (0x8664).to_bytes(2, "little")):
            problems.append(f"{where}: not an x86-64 Windows DLL (PE machine 0x8664)")
    elif not (data[:5] == b"\x7fELF\x02" and data[18:20] == (62).to_bytes(2, "little")):
        problems.append(f"{where}: not an x86-64 ELF shared library (ELFCLASS64, EM_X86_64)")
    platforms = platform_data(meta_text)
    if not platforms:
        problems.append(f"{where}.meta: no platformData, so Unity would load it on no platform")
        return
    for standalone in STANDALONE_PLAYERS:
        settings = platforms.get(f"Standalone: {standalone}", {})
        enabled, cpu = settings.get("enabled"), settings.get("CPU")
        if standalone == player and (enabled != "1" or cpu != "x86_64"):
            problems.append(f"{where}.meta: Standalone {standalone} must be enabled with CPU x86_64"
                            f" (enabled {enabled}, CPU {cpu})")
        elif standalone != player and enabled == "1":
            problems.append(f"{where}.meta: enabled for Standalone {standalone}, a platform it does not run on")
    editor = platforms.get("Editor: Editor", {})
    if editor.get("enabled") != "1" or editor.get("OS") != editor_os or editor.get("CPU") != "x86_64":
        problems.append(f"{where}.meta: the Editor must load it on {editor_os} x86_64 only (enabled "
                        f"{editor.get('enabled')}, OS {editor.get('OS')}, CPU {editor.get('CPU')})")
    for key in (": Any", "'': Any", "Any:"):
        if platforms.get(key, {}).get("enabled") == "1":
            problems.append(f"{where}.meta: enabled for Any platform, so every player would load it")
    excludes = platforms.get(": Any", platforms.get("'': Any", {}))
    if excludes.get(f"Exclude {player}") != "0" or excludes.get("Exclude Editor") != "0":
        problems.append(f"{where}.meta: 'Exclude {player}' and 'Exclude Editor' must be 0")


def check_metas(files, folders, problems):
    assets = {p for p in files if not p.endswith(".meta")} | folders
    metas = {p[: -len(".meta")]: files[p] for p in files if p.endswith(".meta")}
    guids = {}
    for asset in sorted(assets):
        hidden = skipped_by_unity(asset.rsplit("/", 1)[-1])
        if hidden:
            if asset in metas:
                problems.append(f"package/{asset}.meta: Unity skips '{asset}', so this .meta is a stray")
            continue
        if asset not in metas:
            problems.append(f"package/{asset}: no .meta (Unity ignores assets without one in a read-only package)")
    for asset, data in sorted(metas.items()):
        where = f"package/{asset}.meta"
        if asset not in assets:
            problems.append(f"{where}: no asset '{asset}' beside it (a stray .meta)")
            continue
        text = data.decode("utf-8", errors="replace")
        fields, importer = meta_fields(text)
        guid = fields.get("guid", "")
        if fields.get("fileFormatVersion") != "2":
            problems.append(f"{where}: fileFormatVersion is not 2")
        if not GUID.fullmatch(guid):
            problems.append(f"{where}: guid '{guid}' is not 32 lowercase hexadecimal digits")
        elif guid in guids:
            problems.append(f"{where}: guid {guid} is also package/{guids[guid]}.meta's")
        else:
            guids[guid] = asset
        is_folder = asset in folders
        if is_folder != (fields.get("folderAsset") == "yes"):
            problems.append(f"{where}: folderAsset must be {'yes' if is_folder else 'absent'} for a "
                            f"{'folder' if is_folder else 'file'}")
        wanted = ("MonoImporter" if asset.endswith(".cs") else
                  "PluginImporter" if asset in PLUGINS else None)
        if wanted and importer != wanted:
            problems.append(f"{where}: importer {importer}, Unity needs {wanted}")
    return guids


def check_library_name(files, problems):
    """The binding's [DllImport] name must be the plugins' (Unity looks for kinema_c.dll and libkinema_c.so)."""
    names = set()
    for path, data in files.items():
        if path.startswith("Runtime/") and path.endswith(".cs"):
            text = data.decode("utf-8", errors="replace")
            names.update(re.findall(r'const string Library = "([^"]+)"', text))
            names.update(re.findall(r'DllImport\("([^"]+)"', text))
    names.discard("__Internal")  # iOS links the static library into the player
    if names != {LIBRARY_NAME}:
        problems.append(f"package/Runtime: the DllImport library names are {sorted(names)}, not ['{LIBRARY_NAME}']")


def check(tarball):
    problems = []
    try:
        files, folders = read_tarball(tarball, problems)
    except (OSError, tarfile.TarError) as error:
        return [f"{tarball}: not a gzip-compressed tar file: {error}"], {}
    check_manifest(files, tarball, problems)
    guids = check_metas(files, folders, problems)
    for path, (player, editor_os) in PLUGINS.items():
        if path not in files:
            problems.append(f"package/{path}: missing (the {player} plugin)")
        elif path + ".meta" in files:
            check_plugin(path, files[path], files[path + ".meta"].decode("utf-8", errors="replace"), player,
                         editor_os, problems)
    check_library_name(files, problems)
    return problems, {"files": len(files), "folders": len(folders), "guids": len(guids)}


def main(argv):
    if len(argv) != 2:
        print("usage: check-unity-package.py TGZ", file=sys.stderr)
        return 2
    problems, counts = check(argv[1])
    if problems:
        for problem in problems:
            print(f"check-unity-package: {problem}", file=sys.stderr)
        print(f"check-unity-package: {argv[1]}: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"check-unity-package: {argv[1]}: OK ({counts['files']} files, {counts['folders']} folders, "
          f"{counts['guids']} unique GUIDs; kinema_c.dll for Win64 x86_64, libkinema_c.so for Linux64 x86_64)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
