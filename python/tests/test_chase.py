"""kinema.chase: floods on kinema's own levels (data/levels) checked against the C++ CLI's JSON cell by cell,
the numpy level form, Flood stepping, errors, and that a long flood batch releases the GIL."""

import subprocess
import threading
import time

import numpy as np
import pytest

from kinema import chase

LEVELS = ["corner.txt", "corridor_into_room.txt", "long_corridor.txt", "side_exit_behind.txt",
          "t_junction_equal.txt", "t_junction_unequal.txt"]


def cli_json(cli, *args):
    out = subprocess.run([cli, "chase", "--json", *args], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def check_values_against_touched(result, passable=None):
    expected = np.full(result.values.shape, chase.UNTOUCHED, dtype=np.int32)
    if passable is not None:
        expected[~passable] = chase.WALL
    for col, row, value in result.touched:
        expected[row, col] = value
    assert np.array_equal(result.values, expected)


@pytest.mark.parametrize("name", LEVELS)
def test_levels_match_the_cli(cli, levels_dir, name):
    path = str(levels_dir / name)
    result = chase.run(path)
    text = cli_json(cli, "--map", path)
    # The same JSON writer: byte for byte.
    assert result.to_json() == text
    assert result.to_dict()["touched"] == [list(t) for t in result.touched]
    level = chase.load_level(path)
    check_values_against_touched(result, level.passable)
    assert result.values.dtype == np.int32
    assert result.values.shape == (level.height, level.width)
    # Walls are never touched: they read WALL (-3), never a flood value.
    assert np.all(result.values[~level.passable] == chase.WALL)


@pytest.mark.parametrize("connectivity", [4, 8])
def test_explicit_seed_and_constants_match_the_cli(cli, levels_dir, connectivity):
    path = str(levels_dir / "corridor_into_room.txt")
    result = chase.run(path, (3.5, 2.5), (1, 0), hot=7, max_heated=12, max_steps=9, connectivity=connectivity)
    text = cli_json(cli, "--map", path, "--from", "3.5,2.5", "--dir", "1,0", "--hot", "7", "--max-heated", "12",
                    "--max-steps", "9", "--connectivity", str(connectivity))
    assert result.to_json() == text
    check_values_against_touched(result, chase.load_level(path).passable)


def test_default_level(cli):
    # docs/chase.md: the default level runs its 40 steps (max_steps) to tile (17, 24).
    result = chase.run(chase.default_level())
    assert result.to_json() == cli_json(cli)
    assert result.steps == 40 and result.stop_reason == "max_steps"
    assert result.destination_cell == (17, 24) and result.destination == (17.5, 24.5)


def test_numpy_level_equals_the_file(levels_dir):
    path = levels_dir / "t_junction_unequal.txt"
    level = chase.load_level(path)
    (x, y), d = level.seed
    from_file = chase.run(path)
    from_array = chase.run(level.passable, (x, y), d)
    assert np.array_equal(from_array.values, from_file.values)
    for field in ("seed_cell", "steps", "stop_reason", "centroid", "destination_cell", "destination",
                  "heated_cells", "warm_cells", "barrier_cells", "dead_reckoning"):
        assert getattr(from_array, field) == getattr(from_file, field), field
    assert from_array.map == "<array>"


def test_hand_made_corridor():
    # A 1 x 10 corridor [row, col], seed at col 2 running +x: the barrier is col 1 and spreads to col 0 at step 1
    # (spec step B.5); the heat reaches col 9 at step 7 and step 8 finds nothing: exhausted after 7 steps. A cell
    # heated at step k has H - (7 - k): col 9 has H = 20, the seed 13.
    floor = np.ones((1, 10), dtype=bool)
    r = chase.run(floor, (2.5, 0.5), (1, 0), hot=20)
    assert r.steps == 7 and r.stop_reason == "exhausted"
    assert list(r.values[0]) == [-1, -1, 13, 14, 15, 16, 17, 18, 19, 20]
    assert r.barrier_cells == 2 and r.heated_cells == 8
    assert r.dead_reckoning == (9.5, 0.5)


def test_flood_steps_equal_run(levels_dir):
    path = levels_dir / "corner.txt"
    final = chase.run(path)
    f = chase.Flood(path).start()
    pictures = [f.values]
    while not f.advance(1):
        pictures.append(f.values)
    assert f.steps == final.steps
    assert np.array_equal(f.values, final.values)
    assert f.result.to_json() == final.to_json()
    # Each step only adds heat or barrier cells: touched cells stay touched.
    for before, after in zip(pictures, pictures[1:]):
        assert np.all(after[before != chase.UNTOUCHED] != chase.UNTOUCHED)


def test_errors(tmp_path, levels_dir):
    with pytest.raises(OSError, match="no_such_level.txt"):
        chase.run(str(tmp_path / "no_such_level.txt"))
    bad = tmp_path / "bad.map"
    bad.write_text("type octile\nheight 1\nwidth 2\nmap\n.X\n")
    with pytest.raises(ValueError, match=r"bad.map:5"):
        chase.run(str(bad), (0.5, 0.5), (1, 0))
    with pytest.raises(ValueError, match="hot"):
        chase.run(chase.default_level(), hot=0)
    with pytest.raises(ValueError, match="connectivity"):
        chase.run(chase.default_level(), connectivity=6)
    with pytest.raises(ValueError, match="from_xy"):
        chase.run(chase.default_level(), (float("nan"), 1), (1, 0))
    with pytest.raises(ValueError, match="2D"):
        chase.run(np.ones(5, dtype=bool), (0, 0), (1, 0))
    with pytest.raises(TypeError, match="bool"):
        chase.run(np.ones((3, 3)), (0, 0), (1, 0))
    with pytest.raises(ValueError):
        chase.run(np.zeros((3, 3), dtype=bool), (0, 0), (1, 0))  # no floor
    with pytest.raises(ValueError, match="no seed"):
        chase.run(np.ones((3, 3), dtype=bool))
    with pytest.raises(ValueError, match="start"):
        chase.Flood(chase.default_level()).advance(1)
    with pytest.raises(ValueError, match="no_such_setting"):
        chase.Flood(chase.default_level(), no_such_setting=1)


def test_batch_releases_the_gil():
    level = chase.default_level()
    (x, y), d = level.seed
    n = 20000
    starts = np.tile([x, y], (n, 1))
    dirs = np.tile(d, (n, 1))
    single = chase.run(level)
    window = {}

    def work():
        window["start"] = time.perf_counter()
        window["out"] = chase.run_batch(level, starts, dirs)
        window["end"] = time.perf_counter()

    worker = threading.Thread(target=work)
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.perf_counter())
    worker.join()
    out = window["out"]
    assert out["steps"].shape == (n,) and np.all(out["steps"] == single.steps)
    assert tuple(out["destination_cell"][-1]) == single.destination_cell
    inside = [t for t in ticks if window["start"] < t < window["end"]]
    # With the GIL held for the whole batch this thread could not tick inside the window at all.
    assert len(inside) > 100, (len(inside), window["end"] - window["start"])


@pytest.mark.skipif(not chase.HAS_NAV, reason="kinema::nav not built")
def test_3d_level_from_obj(tmp_path):
    # A flat 10 x 10 floor: the flood runs and its JSON has 3D positions.
    obj = tmp_path / "floor.obj"
    obj.write_text("v 0 0 0\nv 10 0 0\nv 10 0 10\nv 0 0 10\nf 1 3 2\nf 1 4 3\n")  # normal +y
    r = chase.run_3d(str(obj), (2, 0, 5), (1, 0, 0))
    assert len(r.destination) == 3 and r.steps > 0
    assert r.values.shape == (r.cells,)
    with pytest.raises(OSError):
        chase.run_3d(str(tmp_path / "missing.obj"), (0, 0, 0), (1, 0, 0))


@pytest.mark.skipif(not chase.HAS_NAV, reason="kinema::nav not built")
def test_3d_level_cells_and_tiled_builds(tmp_path):
    # Level3D.cells counts the chase cells, one value each in a run: for one tile and for 16-voxel tiles
    # (4.8 m) built on 2 threads.
    obj = tmp_path / "floor.obj"
    obj.write_text("v 0 0 0\nv 20 0 0\nv 20 0 20\nv 0 0 20\nf 1 3 2\nf 1 4 3\n")
    for settings in ({}, {"tile_size": 16, "threads": 2}):
        level = chase.load_level_3d(obj, **settings)
        r = chase.run_3d(level, (2, 0, 5), (1, 0, 0))
        assert r.values.shape == (level.cells,) and r.cells == level.cells
    with pytest.raises(ValueError, match="tile_size"):
        chase.load_level_3d(obj, tile_size=8)


@pytest.mark.skipif(not chase.HAS_NAV, reason="kinema::nav not built")
def test_3d_levels_recast_cannot_build_raise_instead_of_killing_the_interpreter(tmp_path):
    # A triangle 0.1 across (less than half a 0.3 voxel) crashed Recast's rasteriser (SIGSEGV), and a floor
    # 1e7 from the origin overflowed its clipping buffers (SIGABRT): either took the interpreter down. Run in
    # a child interpreter, so that a crash is a failed assertion rather than the end of the test session.
    import os
    import subprocess
    import sys

    tiny = tmp_path / "tiny.obj"
    tiny.write_text("v 0 0 0\nv 0 0 0.1\nv 0.1 0 0\nf 1 2 3\n")
    far = tmp_path / "far.obj"
    far.write_text("v 1e7 0 1e7\nv 1e7 0 10000010\nv 10000010 0 10000010\nv 10000010 0 1e7\nf 1 2 3 4\n")
    script = (
        "import sys\n"
        "from kinema import chase\n"
        "for path in sys.argv[1:]:\n"
        "    try:\n"
        "        chase.load_level_3d(path)\n"
        "    except ValueError as e:\n"
        "        print(e)\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(tiny), str(far)], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    assert "less than half a voxel (0.3) across on x" in lines[0]
    assert "reaches 10000010 world units from the origin on x or z" in lines[1]


def test_example_script_draws_the_pictures(tmp_path):
    import os
    import subprocess
    import sys

    from conftest import SOURCE_DIR

    out = tmp_path / "example.png"
    env = dict(os.environ, MPLBACKEND="Agg")
    subprocess.run([sys.executable, str(SOURCE_DIR / "examples/python/chase_and_frame_rates.py"), str(out)],
                   check=True, env=env, capture_output=True, timeout=240)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
