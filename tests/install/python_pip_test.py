"""The ctest python_pip_install (python/CMakeLists.txt): kinema installed the way Python users install things
(docs/python.md, issue 44 item 3), in temporary virtual environments made from Debian's python3.

1. `python3 -m venv --system-site-packages` (Debian's numpy and pip), then `pip install ./python --no-build-isolation`
   with KINEMA_BUILD_DIR pointing at this build, so that the library is not compiled a second time;
2. that venv's kinema, imported from an empty folder, floods levels as `kinema chase --json` does, byte for byte;
3. `pip wheel ./python --no-build-isolation`, and the wheel installed into a second fresh venv imports there.
Skips (exit 77) when python3-venv or python3-pip is missing, saying which.

Usage: python3 python_pip_test.py SOURCE_DIR BUILD_DIR WORK_DIR [KINEMA_CLI]
"""

import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time
import zipfile

SKIP = 77

CHECK_FIRST_VENV = r"""
import json, pathlib, subprocess, sys
import kinema
from kinema import chase
venv, levels, cli = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
assert pathlib.Path(kinema.__file__).is_relative_to(venv), kinema.__file__
def cli_json(*args):
    return subprocess.run([cli, "chase", "--json", *args], check=True, capture_output=True, text=True).stdout.strip()
for name in ["t_junction_equal.txt", "corridor_into_room.txt"]:
    path = str(levels / name)
    assert chase.run(path).to_json() == cli_json("--map", path), name
if chase.HAS_NAV:
    path = str(levels / "corner_ramp.obj")
    assert chase.run_3d(path, (1, 0, 2), (1, 0, 0)).to_json() == cli_json("--map", path, "--from", "1,0,2",
                                                                          "--dir", "1,0,0")
print(kinema.__version__, kinema.__file__, "nav" if chase.HAS_NAV else "no nav")
"""

CHECK_SECOND_VENV = r"""
import pathlib, sys
import kinema
from kinema import chase
assert pathlib.Path(kinema.__file__).is_relative_to(pathlib.Path(sys.argv[1])), kinema.__file__
steps = chase.run(chase.default_level()).steps
assert steps == 40, steps  # docs/chase.md: the default level's flood runs its 40 steps
print(kinema.__version__, kinema.__file__, steps)
"""


def run(args, cwd, env, what):
    started = time.monotonic()
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        sys.exit(f"{what} failed (exit {done.returncode}):\n{' '.join(map(str, args))}\n{done.stdout}\n{done.stderr}")
    print(f"{what}: {seconds:.1f} s")
    return done.stdout


def make_venv(path, env, work_dir):
    # --without-pip: the venv runs Debian's pip from the system site-packages, which installs into the venv;
    # ensurepip would add 20 s per venv on a loaded machine for the same pip 23.0.1.
    done = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(path)],
                          cwd=work_dir, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"SKIP: `{sys.executable} -m venv` cannot make a virtual environment here (install Debian's "
              f"python3-venv, or run scripts/install-deps.sh):\n{done.stdout}{done.stderr}")
        sys.exit(SKIP)
    return path / "bin" / "python"


def main():
    source_dir, build_dir, work_dir = (pathlib.Path(a).resolve() for a in sys.argv[1:4])
    cli = sys.argv[4] if len(sys.argv) > 4 else ""
    for module in ("setuptools", "wheel", "pip"):
        if importlib.util.find_spec(module) is None:
            print(f"SKIP: Debian's python3-{module} is not installed (scripts/install-deps.sh installs it)")
            sys.exit(SKIP)
    shutil.rmtree(work_dir, ignore_errors=True)
    run_dir = work_dir / "run"  # empty: nothing here to import kinema from but the venv
    run_dir.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PIP_REQUIRE_VIRTUALENV")}
    env.update(KINEMA_BUILD_DIR=str(build_dir), PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INDEX="1",
               PYTHONDONTWRITEBYTECODE="1")

    first = make_venv(work_dir / "venv", env, run_dir)
    run([first, "-m", "pip", "install", "--no-build-isolation", source_dir / "python"], run_dir, env,
        "pip install ./python")
    if cli and os.path.exists(cli):
        print(run([first, "-c", CHECK_FIRST_VENV, work_dir / "venv", source_dir / "data" / "levels", cli], run_dir,
                  env, "chase JSON equal to the CLI's"), end="")
    else:
        print("the kinema CLI is not built: the JSON comparison is skipped")

    wheels = work_dir / "wheels"
    run([first, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-w", wheels, source_dir / "python"],
        run_dir, env, "pip wheel ./python")
    wheel = next(wheels.glob("kinema-*.whl"))
    with zipfile.ZipFile(wheel) as archive:  # a wheel for another machine: no path into this build
        for name in archive.namelist():
            assert str(build_dir).encode() not in archive.read(name), f"{name} in {wheel.name} names {build_dir}"
    second = make_venv(work_dir / "venv2", env, run_dir)
    env.pop("KINEMA_BUILD_DIR")  # the wheel alone, no build tree
    run([second, "-m", "pip", "install", wheel], run_dir, env, f"pip install {wheel.name}")
    print(run([second, "-c", CHECK_SECOND_VENV, work_dir / "venv2"], run_dir, env, "import from the wheel"), end="")
    print(json.dumps({"wheel": wheel.name, "bytes": wheel.stat().st_size}))


if __name__ == "__main__":
    main()
