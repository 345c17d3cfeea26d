"""The PEP 517 backend of `pip install ./python` (python/pyproject.toml): setuptools' build_meta, with a build_ext
(used by python/setup.py) that builds the module with the project's CMake build instead of compiling sources itself.

The project is this file's grandparent (python/..). The CMake build folder is, in order:
  KINEMA_BUILD_DIR   an existing, configured build of the project (`cmake -S . -B build`): its kinema_python
                     target is brought up to date and its module taken as is (the ctest python_pip_install uses
                     this so that the library is not compiled twice);
  otherwise          build-pip/cmake in the project, configured here: Release, module target only, with ccache
                     when present; CMAKE_ARGS (as scikit-build reads it) adds options, CMAKE_BUILD_PARALLEL_LEVEL
                     (read by CMake itself) limits the jobs.
A missing tool or Debian package stops the build with its name and scripts/install-deps.sh (issue 44, "Bad input").
"""

import glob
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig

INSTALL_HINT = ("scripts/install-deps.sh in the kinema checkout installs every Debian package kinema needs "
                "(docs/python.md)")

try:
    from setuptools import build_meta as _setuptools_backend
    from setuptools.command.build_ext import build_ext as _setuptools_build_ext
    import wheel  # noqa: F401  (bdist_wheel, which build_meta needs for a wheel)
except ImportError as missing:
    sys.exit(f"kinema: building the Python package needs setuptools and wheel in {sys.executable} ({missing}); "
             f"for Debian's python3: sudo apt-get install python3-setuptools python3-wheel, or {INSTALL_HINT}; "
             f"a venv sees them when made with `python3 -m venv --system-site-packages`. Then run pip with "
             f"--no-build-isolation (pip cannot download setuptools here).")

# The PEP 517 hooks are setuptools'; setup.py adds the CMake build through CMakeBuildExt.
build_wheel = _setuptools_backend.build_wheel
get_requires_for_build_wheel = _setuptools_backend.get_requires_for_build_wheel
get_requires_for_build_sdist = _setuptools_backend.get_requires_for_build_sdist
prepare_metadata_for_build_wheel = _setuptools_backend.prepare_metadata_for_build_wheel

PROJECT_DIR = pathlib.Path(__file__).resolve().parents[2]
MODULE_TARGET = "kinema_python"  # python/CMakeLists.txt

# CMake's words for a missing dependency -> the Debian package that provides it (scripts/install-deps.sh). Only
# failure messages: find_package's 'provided by "X"', FindZLIB's and FindPkgConfig's 'Could NOT find X', find_path
# and find_library's 'Could not find VAR', pkg-config's "No package 'X' found".
DEBIAN_PACKAGES = [
    (r'provided by\s+"pybind11"', "pybind11-dev"),
    (r'provided by\s+"fmt"', "libfmt-dev"),
    (r'provided by\s+"nlohmann_json"', "nlohmann-json3-dev"),
    (r'provided by\s+"CLI11"', "libcli11-dev"),
    (r'provided by\s+"pugixml"', "libpugixml-dev"),
    (r'provided by\s+"zstd"', "libzstd-dev"),
    (r'provided by\s+"assimp"', "libassimp-dev"),
    (r'Could NOT find ZLIB', "zlib1g-dev"),
    (r'Could NOT find PkgConfig', "pkg-config"),
    (r'Could not find KINEMA_STB_INCLUDE_DIR', "libstb-dev"),
    (r'Could not find KINEMA_(RECAST|DETOUR)_', "librecast-dev"),
    (r"No package 'cairo' found", "libcairo2-dev"),
    (r'No CMAKE_CXX_COMPILER could be found', "g++ (build-essential)"),
]


def fail(message):
    sys.exit(f"kinema: {message}")


def build_sdist(sdist_directory, config_settings=None):
    # An sdist of python/ alone would lack the C++ project it builds (python/..).
    fail("no source distribution: the package builds from the kinema checkout (pip install ./python "
         "--no-build-isolation, or pip wheel ./python for a wheel)")


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # setuptools would build the extension into python/kinema, in the sources; the build tree already serves.
    fail("no editable install: for a module that follows the sources, build with CMake and use "
         "PYTHONPATH=build/python (docs/python.md)")


def project_version():
    """kinema's version, from the top-level CMakeLists.txt's project() (the one the module reports)."""
    text = (PROJECT_DIR / "CMakeLists.txt").read_text()
    found = re.search(r"project\(kinema\s+VERSION\s+([0-9.]+)", text)
    if not found:
        fail(f"no project(kinema VERSION ...) in {PROJECT_DIR / 'CMakeLists.txt'}: is python/.. the kinema checkout?")
    return found.group(1)


def check_tools():
    """What a build needs before CMake can say anything: CMake, a C++ compiler, this Python's headers, numpy."""
    if not shutil.which("cmake"):
        fail(f"cmake was not found on PATH: sudo apt-get install cmake, or {INSTALL_HINT}")
    compiler = os.environ.get("CXX") or next((c for c in ("c++", "g++", "clang++") if shutil.which(c)), None)
    if not compiler:
        fail(f"no C++ compiler (c++, g++ or clang++) on PATH: sudo apt-get install build-essential, or {INSTALL_HINT}")
    headers = pathlib.Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        fail(f"{headers} is missing, the headers of {sys.executable} (Python {sysconfig.get_python_version()}): "
             f"sudo apt-get install python3-dev, or {INSTALL_HINT}")
    try:
        import numpy  # noqa: F401
    except ImportError:
        fail(f"numpy is not importable by {sys.executable}: sudo apt-get install python3-numpy, and make the "
             f"virtual environment with `python3 -m venv --system-site-packages` so that it sees Debian's numpy")


def missing_packages(cmake_output):
    return [package for pattern, package in DEBIAN_PACKAGES if re.search(pattern, cmake_output)]


def run_cmake(args, step, log_path):
    print(f"kinema: cmake {shlex.join(args)}", flush=True)
    done = subprocess.run(["cmake", *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log_path.write_text(done.stdout)
    if done.returncode == 0:
        return done.stdout
    tail = "\n".join(done.stdout.splitlines()[-30:])
    packages = missing_packages(done.stdout)
    if packages:
        fail(f"CMake could not {step} the module: missing Debian package(s) {', '.join(packages)}: "
             f"sudo apt-get install {' '.join(p.split()[0] for p in packages)}, or {INSTALL_HINT}.\n"
             f"CMake's output ({log_path}), last lines:\n{tail}")
    fail(f"CMake could not {step} the module (exit {done.returncode}); if a package is missing, {INSTALL_HINT}.\n"
         f"CMake's output ({log_path}), last lines:\n{tail}")


def configure(build_dir):
    args = ["-S", str(PROJECT_DIR), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
            "-DKINEMA_BUILD_PYTHON=ON", "-DKINEMA_BUILD_TESTS=OFF", "-DKINEMA_BUILD_BENCH=OFF",
            "-DKINEMA_BUILD_CSHARP=OFF", f"-DPYTHON_EXECUTABLE={sys.executable}",
            f"-DPython_EXECUTABLE={sys.executable}"]
    if shutil.which("ninja") and not (build_dir / "CMakeCache.txt").exists():
        args += ["-G", "Ninja"]
    if shutil.which("ccache"):
        args += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
    args += shlex.split(os.environ.get("CMAKE_ARGS", ""))
    run_cmake(args, "configure", build_dir / "kinema-pip-configure.log")


def existing_build_dir():
    """KINEMA_BUILD_DIR, a relative one taken from the checkout's root (pip runs the backend in python/)."""
    existing = os.environ.get("KINEMA_BUILD_DIR")
    if not existing:
        return None
    build_dir = (PROJECT_DIR / existing).resolve()
    if not (build_dir / "CMakeCache.txt").exists():
        fail(f"KINEMA_BUILD_DIR={build_dir} is not a configured CMake build of kinema (no CMakeCache.txt)")
    if "KINEMA_BUILD_PYTHON:BOOL=ON" not in (build_dir / "CMakeCache.txt").read_text():
        fail(f"KINEMA_BUILD_DIR={build_dir} does not build the Python module: configure it with "
             f"-DKINEMA_BUILD_PYTHON=ON (which needs pybind11-dev; {INSTALL_HINT})")
    return build_dir


def build_module(suffix):
    """Builds the kinema_python target and returns the path of the extension it made (kinema/_kinema<suffix>)."""
    check_tools()
    build_dir = existing_build_dir()
    if not build_dir:
        build_dir = PROJECT_DIR / "build-pip" / "cmake"
        configure(build_dir)
    run_cmake(["--build", str(build_dir), "--target", MODULE_TARGET], "build", build_dir / "kinema-pip-build.log")
    built = build_dir / "python" / "kinema" / f"_kinema{suffix}"
    if not built.exists():
        others = glob.glob(str(build_dir / "python" / "kinema" / "_kinema*"))
        fail(f"{built} was not built" + (f"; {', '.join(others)} is for another Python than {sys.executable} "
                                         f"(configure that build with -DPython_EXECUTABLE={sys.executable})"
                                         if others else ""))
    return built


def setuptools_build_base():
    """Where setuptools' own build/ and egg-info go: beside the CMake build, not in python/ (pip builds in place)."""
    existing = existing_build_dir()
    base = existing / "python" / "pip" if existing else PROJECT_DIR / "build-pip"
    base.mkdir(parents=True, exist_ok=True)
    return base


class CMakeBuildExt(_setuptools_build_ext):
    """build_ext for the one extension, kinema._kinema: CMake builds it, this copies it where the wheel takes it."""

    def build_extension(self, ext):
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        built = build_module(sysconfig.get_config_var("EXT_SUFFIX"))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)
        print(f"kinema: {built} -> {target}", flush=True)
