#!/usr/bin/env python3
"""scripts/check-unity-package.py can fail: a small package it accepts, then the same package broken one way at a
time (a missing .meta, a duplicate GUID, a plugin without platforms or on the wrong one, a stray .meta, a wrong
top folder, a manifest without a licence, a missing plugin, another DllImport name), each refused with its
message and exit code 1.

    check_unity_package_test.py CHECKER
"""
import hashlib
import io
import os
import subprocess
import sys
import tarfile
import tempfile

# The smallest files the checker takes for plugins: an x86-64 PE header and an x86-64 ELF header.
PE = b"MZ" + b"\0" * 0x3A + (0x40).to_bytes(4, "little") + b"PE\0\0" + (0x8664).to_bytes(2, "little")
ELF = b"\x7fELF\x02\x01\x01" + b"\0" * 11 + (62).to_bytes(2, "little")

TAIL = "  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n"


def guid(path):
    return hashlib.md5(("test/" + path).encode()).hexdigest()


def plugin_meta(path, player, editor_os):
    lines = ["PluginImporter:", "  serializedVersion: 2", "  platformData:",
             "  - first:", "      : Any", "    second:", "      enabled: 0", "      settings:",
             "        Exclude Editor: 0", f"        Exclude Linux64: {0 if player == 'Linux64' else 1}",
             f"        Exclude Win64: {0 if player == 'Win64' else 1}",
             "  - first:", "      Editor: Editor", "    second:", "      enabled: 1", "      settings:",
             "        CPU: x86_64", f"        OS: {editor_os}"]
    for standalone in ("Linux64", "OSXUniversal", "Win", "Win64"):
        on = standalone == player
        lines += ["  - first:", f"      Standalone: {standalone}", "    second:", f"      enabled: {int(on)}",
                  "      settings:", f"        CPU: {'x86_64' if on else 'None'}"]
    return f"fileFormatVersion: 2\nguid: {guid(path)}\n" + "\n".join(lines) + "\n  userData: \n"


def good_package():
    """package/ path -> bytes, a package the checker accepts."""
    manifest = ('{"name": "com.kinema.kinema", "version": "1.2.3", "displayName": "kinema", "description": "d",'
                ' "unity": "2021.3", "license": "UNLICENSED", "samples": [{"path": "Samples~/Guard"}]}')
    files = {
        "package.json": manifest.encode(),
        "Runtime/Native.cs": b'static class N { internal const string Library = "kinema_c"; }\n',
        "Runtime/Kinema.Runtime.asmdef": b'{"name": "Kinema.Runtime"}\n',
        "Samples~/Guard/Guard.cs": b"class Guard {}\n",
        "Plugins/Windows/x86_64/kinema_c.dll": PE,
        "Plugins/Linux/x86_64/libkinema_c.so": ELF,
    }
    folders = ["Runtime", "Samples~/Guard", "Plugins", "Plugins/Windows", "Plugins/Windows/x86_64",
               "Plugins/Linux", "Plugins/Linux/x86_64"]
    for folder in folders:
        files[folder + ".meta"] = f"fileFormatVersion: 2\nguid: {guid(folder)}\nfolderAsset: yes\nDefaultImporter:\n{TAIL}"
    for script in ("Runtime/Native.cs", "Samples~/Guard/Guard.cs"):
        files[script + ".meta"] = f"fileFormatVersion: 2\nguid: {guid(script)}\nMonoImporter:\n{TAIL}"
    files["Runtime/Kinema.Runtime.asmdef.meta"] = (
        f"fileFormatVersion: 2\nguid: {guid('asmdef')}\nAssemblyDefinitionImporter:\n{TAIL}")
    files["package.json.meta"] = f"fileFormatVersion: 2\nguid: {guid('package.json')}\nPackageManifestImporter:\n{TAIL}"
    for path, player, editor_os in (("Plugins/Windows/x86_64/kinema_c.dll", "Win64", "Windows"),
                                    ("Plugins/Linux/x86_64/libkinema_c.so", "Linux64", "Linux")):
        files[path + ".meta"] = plugin_meta(path, player, editor_os)
    return {k: v.encode() if isinstance(v, str) else v for k, v in files.items()}


def write_tgz(path, files, top="package/"):
    with tarfile.open(path, "w:gz") as tar:
        for name in sorted(files):
            info = tarfile.TarInfo(top + name)
            info.size = len(files[name])
            tar.addfile(info, io.BytesIO(files[name]))


def broken(change):
    files = good_package()
    change(files)
    return files


def without(*paths):
    return lambda files: [files.pop(path) for path in paths]


def replace(path, old, new):
    def change(files):
        assert old.encode() in files[path], (path, old)
        files[path] = files[path].replace(old.encode(), new.encode())
    return change


def add(path, data):
    return lambda files: files.__setitem__(path, data.encode())


DLL_META = "Plugins/Windows/x86_64/kinema_c.dll.meta"
CASES = [
    ("a script without its .meta", without("Runtime/Native.cs.meta"), "package/Runtime/Native.cs: no .meta"),
    ("a folder without its .meta", without("Plugins/Linux.meta"), "package/Plugins/Linux: no .meta"),
    ("two assets with one GUID", replace("Runtime/Native.cs.meta", guid("Runtime/Native.cs"), guid("Runtime")),
     "is also package/Runtime.meta's"),
    ("a GUID in capitals", replace("Runtime.meta", guid("Runtime"), guid("Runtime").upper()),
     "is not 32 lowercase hexadecimal digits"),
    ("a plugin without platforms", lambda files: files.__setitem__(
        DLL_META, files[DLL_META].split(b"  platformData:")[0]), "no platformData"),
    ("the DLL enabled for Linux64", replace(DLL_META, "Standalone: Linux64\n    second:\n      enabled: 0",
                                            "Standalone: Linux64\n    second:\n      enabled: 1"),
     "enabled for Standalone Linux64"),
    ("the DLL's Win64 player off", replace(DLL_META, "Standalone: Win64\n    second:\n      enabled: 1",
                                           "Standalone: Win64\n    second:\n      enabled: 0"),
     "Standalone Win64 must be enabled with CPU x86_64"),
    ("the .so's Editor on Windows", replace("Plugins/Linux/x86_64/libkinema_c.so.meta", "OS: Linux", "OS: Windows"),
     "the Editor must load it on Linux x86_64 only"),
    ("a stray .meta", add("Runtime/Gone.cs.meta", f"fileFormatVersion: 2\nguid: {guid('gone')}\nMonoImporter:\n"),
     "package/Runtime/Gone.cs.meta: no asset"),
    ("a .meta for Samples~", add("Samples~.meta", f"fileFormatVersion: 2\nguid: {guid('s')}\nfolderAsset: yes\n"),
     "Unity skips 'Samples~'"),
    ("a manifest without a licence", replace("package.json", '"license": "UNLICENSED"', '"licence": "x"'),
     "'license' missing"),
    ("a manifest that is not JSON", replace("package.json", "{", "["), "not valid JSON"),
    ("no Linux plugin", without("Plugins/Linux/x86_64/libkinema_c.so", "Plugins/Linux/x86_64/libkinema_c.so.meta"),
     "package/Plugins/Linux/x86_64/libkinema_c.so: missing"),
    ("an ELF file as the DLL", lambda files: files.__setitem__("Plugins/Windows/x86_64/kinema_c.dll", ELF),
     "not an x86-64 Windows DLL"),
    ("another DllImport name", replace("Runtime/Native.cs", '"kinema_c"', '"kinema"'),
     "the DllImport library names are ['kinema']"),
]


def run(checker, tgz):
    result = subprocess.run([sys.executable, checker, tgz], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def main(argv):
    checker = argv[1]
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        tgz = os.path.join(folder, "com.kinema.kinema-1.2.3.tgz")
        write_tgz(tgz, good_package())
        code, output = run(checker, tgz)
        if code != 0:
            failures.append(f"the good package was refused ({code}):\n{output}")
        cases = CASES + [("a top folder other than package/", None, "outside the top folder package/")]
        for label, change, expected in cases:
            if change is None:
                write_tgz(tgz, good_package(), top="pkg/")
            else:
                write_tgz(tgz, broken(change))
            code, output = run(checker, tgz)
            if code != 1 or expected not in output:
                failures.append(f"{label}: exit {code}, expected 1 and '{expected}' in:\n{output}")
            else:
                print(f"refused as it should be: {label}: {expected}")
        write_tgz(os.path.join(folder, "com.kinema.kinema-9.9.9.tgz"), good_package())
        code, output = run(checker, os.path.join(folder, "com.kinema.kinema-9.9.9.tgz"))
        if code != 1 or "the manifest's name and version make com.kinema.kinema-1.2.3.tgz" not in output:
            failures.append(f"a tarball named for another version: exit {code}:\n{output}")
    for failure in failures:
        print(f"FAIL: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
