"""kinema.movement: the hand-derived numbers of tests/movement (dishonored_test.cpp, crosscode_test.cpp,
unreal_test.cpp), array shapes and dtypes, and errors."""

import math

import numpy as np
import pytest

import kinema
from kinema import movement


def test_version():
    assert kinema.__version__.count(".") == 2


def test_dishonored_eight_fps_turn():
    # dishonored_test.cpp: (400, 0) with input (0, 1) at dt 1/8: friction redirects to (0, 400), + dt a =
    # (0, 250) -> 650 clamped to 400; p = (0, 400) / 8 = (0, 50).
    p, v = movement.step("dishonored", (0, 0), (400, 0), (0, 1), 0.125)
    assert v == (0.0, 400.0)
    assert p == (0.0, 50.0)


def test_dishonored_frames_at_60_fps():
    # From rest, input (1, 0): v = 2000/60, p = 2000/3600; frame 2: v = 4000/60, p = 6000/3600.
    t = movement.simulate("dishonored", 1 / 60, 2, "0:1,0")
    assert t.velocity[1, 0] == pytest.approx(2000 / 60, abs=1e-12)
    assert t.position[1, 0] == pytest.approx(2000 / 3600, abs=1e-12)
    assert t.velocity[2, 0] == pytest.approx(4000 / 60, abs=1e-12)
    assert t.position[2, 0] == pytest.approx(6000 / 3600, abs=1e-12)
    # A turn at full speed: v - (8/60)(400, -400) + (0, 2000/60).
    _, v = movement.step("dishonored", (0, 0), (400, 0), (0, 1), 1 / 60)
    assert v[0] == pytest.approx(400 - 400 * 8 / 60, abs=1e-12)
    assert v[1] == pytest.approx(400 * 8 / 60 + 2000 / 60, abs=1e-12)


def test_crosscode_reaches_max_vel_in_a_tenth_of_a_second():
    # crosscode_test.cpp: 50 per tick at 60 fps; tick 2: 100; tick 6 (0.1 s): 300.
    t = movement.simulate("crosscode", 1 / 60, 6, np.tile([1.0, 0.0], (6, 1)))
    assert t.velocity[1, 0] == pytest.approx(50, abs=1e-12)
    assert t.position[1, 0] == pytest.approx(50 / 60, abs=1e-12)
    assert t.velocity[2, 0] == pytest.approx(100, abs=1e-12)
    assert t.position[2, 0] == pytest.approx(150 / 60, abs=1e-12)
    assert t.velocity[6, 0] == pytest.approx(300, abs=1e-9)


def test_unreal_one_braking_frame():
    # tests/install: one braking frame from 600 cm/s at 60 fps: 600 - (16 * 600 + 2048) / 60 = 405.8667.
    t = movement.simulate("unreal", 1 / 60, 1, "0:0,0", start_velocity=(600, 0))
    assert t.speed[1] == pytest.approx(600 - (16 * 600 + 2048) / 60, abs=1e-9)


def test_settings_change_the_model():
    # Dishonored speed_scale s multiplies MaxSpeed 400 s: the 1/8 s turn clamps at 800 (650 + ... < 800?).
    # With friction 0 the turn is plain acceleration: v = (400, 0) + (0, 2000 s / 8).
    _, v = movement.step("dishonored", (0, 0), (400, 0), (0, 1), 0.125, friction=0.0)
    assert v[0] == pytest.approx(400 * 400 / math.hypot(400, 250))
    assert movement.settings_fields("unreal")[0]["name"]


def test_shapes_and_dtypes_and_frame_zero():
    t = movement.simulate("unreal", 0.01, 50, "0:1,0;30:0,0", start_velocity=(10, 0))
    assert t.time.shape == (51,) and t.time.dtype == np.float64
    assert t.position.shape == (51, 2) and t.velocity.shape == (51, 2) and t.speed.shape == (51,)
    assert t.time[0] == 0.0 and tuple(t.velocity[0]) == (10.0, 0.0) and tuple(t.position[0]) == (0.0, 0.0)
    assert t.time[50] == 50 * 0.01
    assert np.allclose(t.speed, np.hypot(t.velocity[:, 0], t.velocity[:, 1]))


def test_array_inputs_equal_the_schedule_string():
    a = movement.simulate("crosscode", 1 / 30, 40, "0:1,0;10:0,1;25:0,0")
    inputs = np.zeros((40, 2))
    inputs[:10] = (1, 0)
    inputs[10:25] = (0, 1)
    b = movement.simulate("crosscode", 1 / 30, 40, inputs)
    assert np.array_equal(a.position, b.position) and np.array_equal(a.time, b.time)


def test_bad_settings_raise_value_error_naming_the_field():
    with pytest.raises(ValueError, match="max_walk_speed"):
        movement.simulate("unreal", 0.01, 5, "0:1,0", max_walk_speed=-1)
    with pytest.raises(ValueError, match="max_walk_speed"):
        movement.simulate("unreal", 0.01, 5, "0:1,0", max_walk_speed=float("nan"))
    with pytest.raises(ValueError, match="no_such_field"):
        movement.simulate("unreal", 0.01, 5, "0:1,0", no_such_field=1)
    with pytest.raises(ValueError, match="bogus"):
        movement.simulate("bogus", 0.01, 5, "0:1,0")


def test_bad_inputs():
    with pytest.raises(ValueError, match=r"shape \(5, 2\)"):
        movement.simulate("unreal", 0.01, 5, np.zeros((4, 2)))
    with pytest.raises(ValueError, match=r"shape"):
        movement.simulate("unreal", 0.01, 5, np.zeros(10))
    with pytest.raises(TypeError):
        movement.simulate("unreal", 0.01, 2, np.array([["a", "b"], ["c", "d"]]))
    bad = np.zeros((3, 2))
    bad[1, 0] = np.nan
    with pytest.raises(ValueError):
        movement.simulate("unreal", 0.01, 3, bad)
    with pytest.raises(ValueError, match="entry 2"):
        movement.simulate("unreal", 0.01, 3, "0:1,0;x")
    with pytest.raises(ValueError, match="dt"):
        movement.simulate("unreal", float("nan"), 3, "0:1,0")
    with pytest.raises(ValueError, match="input"):
        movement.step("unreal", (0, 0), (0, 0), (float("nan"), 0), 0.01)
    with pytest.raises(ValueError, match="start_velocity"):
        movement.simulate("unreal", 0.01, 3, "0:1,0", start_velocity=(1, 2, 3))
