"""to_json(): each result's JSON is the one the CLI's --json prints for the same arguments (both come from the
library's report writers, kinema_report), and it holds the result's attribute values."""

import json
import math
import subprocess

import pytest

from kinema import analysis


def cli_json(cli, *args):
    """The CLI's --json stdout without its final newline."""
    out = subprocess.run([cli, *args, "--json"], check=True, capture_output=True, text=True).stdout
    assert out.endswith("\n")
    return out[:-1]


def same(json_value, attribute):
    """A JSON number against an attribute: null stands for NaN (the library's "none")."""
    if json_value is None:
        return math.isnan(attribute)
    return json_value == attribute


def test_stop_json_is_the_clis(cli):
    s = analysis.stop(600, 60, braking_deceleration_walking=1000)
    text = s.to_json()
    assert text == cli_json(cli, "stop", "--model", "unreal", "--speed", "600", "--fps", "60", "--set",
                            "braking_deceleration_walking=1000")
    d = json.loads(text)
    assert d["model"] == "unreal" and d["speed"] == s.speed == 600 and d["fps"] == s.fps == 60
    assert d["braking_deceleration"] == s.braking_deceleration == 1000
    assert d["braking_friction"] == s.braking_friction
    assert (d["stops"], d["distance"], d["time"], d["frames"]) == (s.stops, s.distance, s.time, s.frames)
    assert d["epic_distance"] == s.epic_estimate and d["continuous_distance"] == s.continuous.distance
    assert d["epic_error"] == s.epic_estimate - s.distance


def test_pivot_json_is_the_clis(cli):
    p = analysis.pivot(400, 60)
    assert isinstance(p, analysis.StopPrediction)  # a pivot still is the prediction it was
    text = p.to_json()
    assert text == cli_json(cli, "stop", "--model", "unreal", "--speed", "400", "--fps", "60", "--pivot")
    d = json.loads(text)
    assert d["pivot"] is True and d["speed"] == p.speed == 400 and d["fps"] == p.fps == 60
    assert (d["stops"], d["distance"], d["time"], d["frames"]) == (p.stops, p.distance, p.time, p.frames)
    assert d["epic_distance"] == p.epic_distance > 0


def test_max_turn_json_is_the_clis(cli):
    m = analysis.max_turn(1 / 30, speed_scale=1.5)
    text = m.to_json()
    assert text == cli_json(cli, "turn", "--fps", "30", "--scale", "1.5", "--max")
    d = json.loads(text)
    assert d["fps"] == m.fps == 30 and d["scale"] == m.speed_scale == 1.5 and d["max_speed"] == m.max_speed == 600
    assert d["full_speed_turn_deg_per_frame"] == m.full_speed_turn_deg_per_frame == pytest.approx(
        math.degrees(m.full_speed))
    assert d["reachable_turn_deg_per_frame"] == m.reachable_turn_deg_per_frame == pytest.approx(
        math.degrees(m.reachable))
    assert d["full_speed_turn_radius"] == m.full_speed_turn_radius
    # The radius of the circle traced at full speed: v / (turn per second in rad).
    assert m.full_speed_turn_radius == pytest.approx(600 / (m.full_speed * 30))
    assert d["continuous_deg_per_second"] == m.continuous_deg_per_second


def test_sweep_json_is_the_clis(cli):
    s = analysis.sweep("crosscode", [30.0, 60.0, 144.0])
    text = s.to_json()
    assert text == cli_json(cli, "sweep", "--model", "crosscode", "--fps", "30,60,144")
    (model,) = json.loads(text)["models"]
    assert model["model"] == s.model and model["length_unit"] == s.length_unit
    assert model["rest_speed"] == s.rest_speed
    assert [row["fps"] for row in model["rows"]] == s.fps.tolist()
    for name in ("top_speed", "time_to_90", "stop_distance", "turn_rate"):
        values = getattr(s, name).tolist()
        assert all(same(row[name], v) for row, v in zip(model["rows"], values)), name
        assert same(model["continuous"][name], getattr(s.continuous, name)), name


def test_turn_json_is_the_clis(cli):
    # The CLI reads degrees and divides by 180 / pi; the same radians here give the same solution.
    t = analysis.turn(10 / (180 / math.pi), 1 / 30, speed_scale=1.5)
    assert isinstance(t, analysis.TurnSolution)
    text = t.to_json()
    assert text == cli_json(cli, "turn", "--fps", "30", "--scale", "1.5", "--angle", "10")
    d = json.loads(text)
    assert d["fps"] == t.fps == 30 and d["scale"] == t.speed_scale == 1.5 and d["angle_deg"] == t.angle_deg == 10
    assert d["reachable"] is t.reachable is True
    assert d["input_direction"] == list(t.input_direction)
    assert d["normalized_speed"] == t.normalized_speed and d["speed"] == t.speed
    assert d["input_angle_deg"] == pytest.approx(math.degrees(math.atan2(t.input_direction[1], t.input_direction[0])))
