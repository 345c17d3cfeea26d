"""to_json(): each result's JSON is the one the CLI's --json prints for the same arguments (both come from the
library's report writers, kinema_report), and it holds the result's attribute values."""

import json
import math
import subprocess

import pytest

from kinema import analysis, morrowind


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


def test_morrowind_speed_json_is_the_clis(cli):
    s = morrowind.speed(run=True, speed=80, athletics=50)
    text = s.to_json()
    assert text == cli_json(cli, "morrowind", "speed", "--run", "--speed", "80", "--athletics", "50")
    d = json.loads(text)
    assert d["command"] == "morrowind speed" and d["stance"]["run"] is True and d["actor"]["speed"] == 80
    r = d["result"]
    for name in ("mode", "walk_speed", "run_speed", "max_speed", "move_speed", "strafing", "playback_scale",
                 "real_speed", "werewolf_bonus", "speed_factor", "animation_base_speed", "at_cap", "capped_speed",
                 "speed_attribute_at_cap"):
        assert r[name] == getattr(s, name), name
    assert s.mode == "run" and s.speed_attribute_at_cap is not None


def test_morrowind_jump_json_is_the_clis(cli):
    j = morrowind.jump(run=True, direction=(0.0, 1.0), acrobatics=60)
    text = j.to_json()
    assert text == cli_json(cli, "morrowind", "jump", "--run", "--direction", "0,1", "--acrobatics", "60")
    d = json.loads(text)
    assert d["direction"] == list(j.direction) == [0.0, 1.0] and d["actor"]["acrobatics"] == 60
    r = d["result"]
    for name in ("can_jump", "jump_term", "take_off_speed", "fatigue_cost", "air_control", "apex_height",
                 "airtime"):
        assert r[name] == getattr(j, name), name
    assert r["velocity"] == list(j.velocity)
    assert (r["stepped_apex_height"], r["stepped_airtime"], r["stepped_steps"]) == (
        j.arc.apex_height, j.arc.airtime, j.arc.steps)
    # The stepped arc is the one jump_arc gives for the take-off's vertical speed.
    arc = morrowind.jump_arc(j.velocity[2])
    assert (arc.steps, arc.airtime, arc.apex_height) == (j.arc.steps, j.arc.airtime, j.arc.apex_height)


def test_morrowind_fall_json_is_the_clis(cli):
    f = morrowind.fall(600.0, acrobatics=20)
    text = f.to_json()
    assert text == cli_json(cli, "morrowind", "fall", "--height", "600", "--acrobatics", "20")
    d = json.loads(text)
    assert d["command"] == "morrowind fall" and d["height"] == f.height == 600
    r = d["result"]
    for name in ("soft_landing", "damage_term", "health_loss", "knockdown"):
        assert r[name] == getattr(f, name), name
    assert f.health_loss > 0 and not f.soft_landing


def test_turn_json_is_the_clis(cli):
    # Degrees in, as the CLI's --angle: the same conversion (/ (180 / pi)) gives the same solution.
    t = analysis.turn(10, 1 / 30, speed_scale=1.5)
    assert isinstance(t, analysis.TurnSolution)
    text = t.to_json()
    assert text == cli_json(cli, "turn", "--fps", "30", "--scale", "1.5", "--angle", "10")
    d = json.loads(text)
    assert d["fps"] == t.fps == 30 and d["scale"] == t.speed_scale == 1.5 and d["angle_deg"] == t.angle_deg == 10
    assert d["reachable"] is t.reachable is True
    assert d["input_direction"] == list(t.input_direction)
    assert d["normalized_speed"] == t.normalized_speed and d["speed"] == t.speed
    assert d["input_angle_deg"] == pytest.approx(math.degrees(math.atan2(t.input_direction[1], t.input_direction[0])))
