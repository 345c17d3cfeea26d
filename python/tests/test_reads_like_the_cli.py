"""Python that reads like the CLI (docs/python.md): angles in degrees as `kinema turn --angle`, a readable repr
for every result class, one documented (col, row) order for cells, a warning when a chase seed is moved, -3 for
walls and -2 for untouched floor in values, and typed batch results."""

import inspect
import json
import math
import subprocess
import warnings

import numpy as np
import pytest

import kinema
from conftest import DATA_DIR
from kinema import analysis, chase, morrowind, movement, pursuit

# A 7 x 4 level: a room of three columns, a wall column, and a closed pocket of floor at column 5 the flood can
# never reach (untouched floor).
SMALL_LEVEL = """name: small
#######
#...#.#
#...#.#
#######
"""


DATA_LEVELS = DATA_DIR / "levels"


def cli_json(cli, *args):
    out = subprocess.run([cli, *args, "--json"], check=True, capture_output=True, text=True).stdout
    assert out.endswith("\n")
    return out[:-1]


@pytest.fixture
def small_level(tmp_path):
    path = tmp_path / "small.txt"
    path.write_text(SMALL_LEVEL)
    return path


# 1. Angles in degrees.

@pytest.mark.parametrize("fps", [15, 20, 30])
def test_turn_at_45_degrees_is_the_clis(cli, fps):
    t = analysis.turn(45, 1 / fps)
    text = cli_json(cli, "turn", "--fps", str(fps), "--angle", "45")
    assert t.to_json() == text
    d = json.loads(text)
    assert t.angle_deg == d["angle_deg"] == 45.0 and t.reachable is d["reachable"]
    if fps == 30:
        # At 30 fps the largest reachable turn is 36.2 degrees: 45 is out of reach.
        assert not t.reachable and t.input_angle_deg is None and not t.keeps_full_speed
        return
    assert list(t.input_direction) == d["input_direction"]
    assert t.input_angle_deg == d["input_angle_deg"]
    assert t.speed == d["speed"] and t.keeps_full_speed is d["keeps_full_speed"]
    # At 15 fps the input is 67.38 degrees off the velocity: (5/13, 12/13), m' = 0.8 sqrt(2) keeps full speed.
    if fps == 15:
        assert t.input_angle_deg == pytest.approx(math.degrees(math.atan2(12, 5)), abs=1e-12)
        assert t.input_direction == pytest.approx((5 / 13, 12 / 13), abs=1e-15)
        assert t.normalized_speed == pytest.approx(0.8 * math.sqrt(2)) and t.keeps_full_speed


def test_turn_takes_degrees_not_radians():
    assert list(inspect.signature(analysis.turn).parameters)[:2] == ["angle_deg", "dt"]
    # 180 degrees at 8 fps is reachable (every direction is, docs/analysis.md); 180 radians is not a half turn.
    t = analysis.turn(angle_deg=180, dt=1 / 8)
    assert t.reachable and t.input_angle_deg == pytest.approx(180.0)
    assert "degrees" in analysis.turn.__doc__ and "radians" in analysis.turn.__doc__


def test_max_turn_names_its_units():
    m = analysis.max_turn(1 / 30)
    assert m.full_speed_rad == m.full_speed and m.reachable_rad == m.reachable
    assert m.full_speed_turn_deg_per_frame == m.full_speed_rad * (180 / math.pi)
    assert m.reachable_turn_deg_per_frame == m.reachable_rad * (180 / math.pi)


# 2. A readable repr for every result.

def _instances():
    level = chase.default_level()
    flood = chase.Flood(level)
    curve = analysis.bake_distance_curve([0, 1], [[0, 0, 0], [1, 0, 0]])
    out = {
        analysis.TurnSolution: analysis.turn(30, 1 / 15),
        analysis.Turn: analysis.turn(30, 1 / 15),
        analysis.MaxTurn: analysis.max_turn(1 / 30),
        analysis.Stop: analysis.stop(600, 60),
        analysis.StopPrediction: analysis.stop(600, 60).continuous,
        analysis.Pivot: analysis.pivot(600, 60),
        analysis.Sweep: analysis.sweep("unreal", [30, 60]),
        analysis.SweepRow: analysis.sweep("unreal", [30, 60]).continuous,
        analysis.DistanceCurve: curve,
        analysis.CurveTime: analysis.time_for_distance(curve, 0.5),
        morrowind.Speed: morrowind.speed(),
        morrowind.Jump: morrowind.jump(),
        morrowind.JumpArc: morrowind.jump_arc(300),
        morrowind.Fall: morrowind.fall(500),
        movement.Trajectory: movement.simulate("unreal", 1 / 60, 4, "0:1,0"),
        chase.ChaseResult: chase.run(level),
        chase.DestinationRegion: chase.run(level, destinations=2).destination_regions[0],
        chase.BatchResult: chase.run_batch(level, [[3.5, 2.5]], [[1, 0]]),
        chase.Level: level,
        chase.Flood: flood,
    }
    batch = pursuit.run_batch(DATA_LEVELS / "corner.txt", scenarios=1)
    out[pursuit.BatchResult] = batch
    out[pursuit.StrategySummary] = batch.summaries[0]
    out[pursuit.BatchRun] = batch.runs[0]
    return out


def _exposed_classes():
    classes = set()
    for module in (analysis, chase, morrowind, movement, pursuit):
        for name, value in vars(module).items():
            if name.startswith("_") or not inspect.isclass(value) or issubclass(value, (Warning, tuple)):
                continue
            if not value.__module__.startswith("kinema"):
                continue  # typing's Any and the like
            classes.add(value)
    if chase.HAS_NAV:
        classes.discard(chase.Level3D)  # needs an OBJ build; its repr is checked in test_level3d_repr
    return classes


def test_every_result_class_has_a_readable_repr():
    instances = _instances()
    assert _exposed_classes() <= set(instances), _exposed_classes() - set(instances)
    for cls, obj in instances.items():
        text = repr(obj)
        assert " object at 0x" not in text, cls
        assert text.startswith(type(obj).__name__ + "("), text


def test_reprs_name_fields_with_units():
    assert repr(analysis.stop(600, 60)).startswith(
        "Stop(speed=600 cm/s, fps=60 1/s, distance=15.6235 cm, frames=6, time=0.1 s, epic_estimate=15.4533 cm")
    t = repr(analysis.turn(45, 1 / 15))
    assert t.startswith("Turn(angle_deg=45, fps=15 1/s, reachable=True, input_angle_deg=67.3801, "
                        "input_direction=(0.384615, 0.923077), ")
    assert "speed=400 u/s" in t
    r = repr(chase.run(chase.default_level()))
    assert "destination_cell=Cell(col=17, row=24)" in r and "stop_reason='max_steps'" in r
    assert repr(morrowind.fall(500)).startswith("Fall(height=500 u, soft_landing=False, health_loss=")


@pytest.mark.skipif(not chase.HAS_NAV, reason="kinema::nav not built")
def test_level3d_repr(tmp_path):
    obj = tmp_path / "floor.obj"
    obj.write_text("v 0 0 0\nv 10 0 0\nv 10 0 10\nv 0 0 10\nf 1 3 2\nf 1 4 3\n")
    level = chase.load_level_3d(obj)
    assert repr(level) == f"Level3D(map={str(obj)!r}, cells={level.cells})"


# 3. One (x, y) order for cells.

def test_cells_are_col_row_and_values_row_col(small_level):
    r = chase.run(small_level, (1.5, 1.5), (1, 0))
    cell = r.destination_cell
    assert isinstance(cell, chase.Cell) and cell._fields == ("col", "row")
    assert (cell.col, cell.row) == tuple(cell) and cell == (cell.col, cell.row)
    assert r.values.shape == (4, 7)  # [row, col]: 4 rows, 7 columns
    assert r.value_at(cell.col, cell.row) == r.values[cell.row, cell.col]
    # Column 6, row 1 is a wall; values[6, 1] would be out of the 4 rows, value_at reads it in (x, y) order.
    assert r.value_at(6, 1) == r.values[1, 6] == chase.WALL
    with pytest.raises(IndexError, match=r"\(col 1, row 6\) is outside the 7 x 4 level"):
        r.value_at(1, 6)
    assert r.seed_cell == chase.Cell(col=1, row=1)
    f = chase.Flood(small_level).start((1.5, 1.5), (1, 0))
    assert f.value_at(1, 1) == f.values[1, 1] and f.value_at(5, 2) == chase.UNTOUCHED
    with pytest.raises(IndexError):
        f.value_at(7, 0)
    assert "values[row, col]" in chase.ChaseResult.values.__doc__


# 4. A warning when a seed is moved.

def test_a_seed_on_a_wall_warns_from_where_to_where(cli, small_level):
    # (4.5, 1.5) is the wall column 4; the nearest cell is tile (3, 1), centre (3.5, 1.5). Reading order picks
    # the room over the pocket (5, 1), equally near.
    stderr = subprocess.run([cli, "chase", "--map", str(small_level), "--from", "4.5,1.5", "--dir", "1,0"],
                            check=True, capture_output=True, text=True).stderr
    message = ("the seed point (4.5, 1.5) is not on a passable tile; snapped to the nearest cell, tile (3, 1) "
               "centred at (3.5, 1.5)")
    assert stderr == "kinema: note: " + message + "\n"
    with pytest.warns(kinema.SeedMovedWarning) as caught:
        r = chase.run(small_level, (4.5, 1.5), (1, 0))
    assert [str(w.message) for w in caught] == [message]
    assert caught[0].filename == __file__  # points at the caller
    assert r.seed_snapped and r.seed_cell == (3, 1)
    assert issubclass(kinema.SeedMovedWarning, UserWarning)
    assert chase.SeedMovedWarning is kinema.SeedMovedWarning
    with pytest.warns(kinema.SeedMovedWarning, match=r"seed point \(10, -2\) is not on a passable tile"):
        chase.Flood(small_level).start((10, -2), (0, 0))


def test_a_seed_on_the_floor_does_not_warn(small_level):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert not chase.run(small_level, (2.5, 2.5), (0, 1)).seed_snapped


# 5. -3 walls, -2 untouched floor.

def test_walls_and_untouched_floor_have_distinct_codes(small_level):
    assert (chase.WALL, chase.UNTOUCHED, chase.BARRIER) == (-3, -2, -1)
    # Before start: walls are walls, all floor untouched.
    unstarted = chase.Flood(small_level).values
    assert unstarted[0, 0] == -3 and unstarted[1, 1] == -2 and unstarted[1, 4] == -3
    r = chase.run(small_level, (1.5, 1.5), (1, 0))
    assert r.values[0, 0] == -3 and r.value_at(4, 2) == -3  # border and the wall column
    assert r.values[1, 5] == -2 and r.value_at(5, 2) == -2  # the closed pocket: floor never reached
    level = chase.load_level(small_level)
    assert np.array_equal(r.values == -3, ~level.passable)
    assert np.all(r.values[1:3, 1:4] >= -1)  # the room: barrier or heat


# 6. Typed batch results.

def test_batch_is_typed_with_a_repr_and_its_rows_are_the_clis(cli, levels_dir):
    path = levels_dir / "t_junction_equal.txt"
    starts = [[16.5, 8.5], [3.5, 2.5]]
    dirs = [[0, -1], [1, 0]]
    batch = chase.run_batch(path, starts, dirs)
    assert isinstance(batch, chase.BatchResult) and len(batch) == 2
    assert repr(batch).startswith("BatchResult(steps=[21, ")
    assert "destination_cell=[[16, 2], " in repr(batch) and "(col, row)" in repr(batch)
    rows = json.loads(batch.to_json())
    for row, start, d in zip(rows, starts, dirs):
        text = cli_json(cli, "chase", "--map", str(path), "--from", "{},{}".format(*start),
                        "--dir", "{},{}".format(*d))
        document = json.loads(text)
        assert row == {k: document[k] for k in row}
        assert list(row) == ["steps", "stop_reason", "destination_cell", "destination", "heated_cells",
                             "dead_reckoning"]
    assert batch.destination_cell[0].tolist() == [16, 2]  # columns col, row


def test_pursuit_batch_is_typed_and_its_json_is_the_clis(cli, levels_dir, tmp_path):
    path = levels_dir / "corner.txt"
    out = tmp_path / "batch.json"
    subprocess.run([cli, "pursue", "--map", str(path), "--batch", "4", "--seed", "7", "--max-steps", "30",
                    "--json", str(out)], check=True, capture_output=True)
    # threads does not change the result (scenario i depends only on the seed and i): the CLI uses every core.
    batch = pursuit.run_batch(path, scenarios=4, seed=7, max_steps=30, threads=1)
    assert isinstance(batch, pursuit.BatchResult)
    assert batch.to_json() + "\n" == out.read_text()
    document = json.loads(batch.to_json())
    assert batch.scenarios == document["scenarios"] == 4
    assert [s.strategy for s in batch.summaries] == [s["strategy"] for s in document["summaries"]]
    assert [s.strategy for s in batch.summaries] == ["flood", "flood-paced", "dead-reckoning", "breadcrumbs",
                                                     "last-known", "intercept"]
    keywords = [f["keyword"] for f in pursuit.settings_fields()]
    assert "intercept_straight_cells" in keywords and "intercept_search_heat" in keywords
    for summary, row in zip(batch.summaries, document["summaries"]):
        assert summary.runs == row["runs"] and summary.gave_up == row["gave_up"]
        assert summary.median_time_to_reacquire == row["median_time_to_reacquire"]
        assert summary.max_heading_rate == row["max_heading_rate"]
    assert len(batch.runs) == len(document["runs"]) == 4 * len(batch.summaries)
    for run, row in zip(batch.runs, document["runs"]):
        assert (run.scenario, run.strategy, run.outcome) == (row["scenario"], row["strategy"], row["outcome"])
        assert run.npc_distance == row["npc_distance"]
    text = repr(batch)
    assert text.startswith("BatchResult(scenarios=4, summaries=[StrategySummary(strategy='flood', runs=")
    assert " s, mean_npc_distance=" in text and " deg/s" in text and " object at 0x" not in text
    # The signature's defaults are the pursuit's own (PursuitConfig: the flood caps restarts at 3), not the
    # bare flood's -1.
    assert inspect.signature(pursuit.run_batch).parameters["max_restarts"].default == 3
    assert inspect.signature(pursuit.run_batch).parameters["view_angle"].default == 120.0  # degrees
    with pytest.raises(ValueError, match="hotness"):
        pursuit.run_batch(path, hotness=3)
    with pytest.raises(ValueError, match="scenarios"):
        pursuit.run_batch(path, scenarios=0)


def test_pursuit_batch_of_teams_is_the_clis(cli, levels_dir, tmp_path):
    path = levels_dir / "warehouse_loop.txt"
    out = tmp_path / "team.json"
    subprocess.run([cli, "pursue", "--map", str(path), "--batch", "3", "--npcs", "2", "--min-route", "10",
                    "--max-time", "20", "--json", str(out)], check=True, capture_output=True)
    batch = pursuit.run_batch(path, scenarios=3, npcs=2, min_route=10, max_time=20, threads=1)
    assert batch.to_json() + "\n" == out.read_text()
    assert [(s.strategy, s.team) for s in batch.summaries[:3]] == [
        ("flood", "independent"), ("flood", "shared"), ("flood", "split")]
    assert {run.npcs for run in batch.runs} == {2}
    assert len(batch.runs) == 3 * 18  # 3 scenarios x 6 strategies x 3 team modes
    # The search's coverage, as the CLI's JSON gives it for a team.
    written = json.loads(out.read_text())
    assert [(r.searched_cells, r.search_npc_seconds) for r in batch.runs] == [
        (r["searched_cells"], r["search_npc_seconds"]) for r in written["runs"]]
    assert [s.search_cells_per_npc_second for s in batch.summaries] == [
        s["search_cells_per_npc_second"] for s in written["summaries"]]
    assert any(r.search_npc_seconds > 0 for r in batch.runs)
