"""kinema.analysis and kinema.morrowind: the hand-derived numbers of tests/analysis and tests/movement."""

import math

import numpy as np
import pytest

from kinema import analysis, morrowind


def test_stop_reference_table():
    # unreal-cmc.md section 8 (tests/analysis/stop_test.cpp "defaults"): 600 cm/s; Epic 15.45, continuous
    # 23.59; 240 fps 21.56, 144 fps 20.22, 60 fps 15.62 (6 frames), 30 fps 11.53, 20 fps 6.70.
    s = analysis.stop(600, 60)
    assert s.distance == pytest.approx(15.62, abs=0.005)
    assert s.frames == 6
    assert s.time == pytest.approx(6 / 60)
    assert s.epic_estimate == pytest.approx(15.45, abs=0.005)
    assert s.continuous.distance == pytest.approx(23.594, abs=0.0005)
    for fps, d in ((240, 21.56), (144, 20.22), (30, 11.53), (20, 6.70)):
        assert analysis.stop(600, fps).distance == pytest.approx(d, abs=0.005)


def test_stop_with_settings():
    # "friction only": braking_deceleration_walking = 0: Epic 18.75 = 600 / (2 x 16), 60 fps 27.50.
    s = analysis.stop(600, 60, braking_deceleration_walking=0)
    assert s.epic_estimate == pytest.approx(18.75, abs=0.005)
    assert s.distance == pytest.approx(27.50, abs=0.005)
    with pytest.raises(ValueError, match="braking_deceleration_walking"):
        analysis.stop(600, 60, braking_deceleration_walking=-1)
    with pytest.raises(ValueError, match="fps"):
        analysis.stop(600, 0)


def test_turn_and_max_turn():
    # A zero turn keeps full speed: d = (1, 0), m' >= 1. The max full-speed turn is below the reachable one.
    t = analysis.turn(0.0, 1 / 60)
    assert t.reachable and t.input_direction[0] == pytest.approx(1.0) and t.speed == pytest.approx(400)
    m = analysis.max_turn(1 / 60)
    assert 0 < m.full_speed <= m.reachable <= math.pi
    # At dt >= 1/(a + 2f) every direction is reachable: a = 2000, f = 8 -> 1/2016 s... at 8 fps surely.
    assert analysis.max_turn(1 / 8).reachable == pytest.approx(math.pi)


def test_pivot_and_sweep():
    p = analysis.pivot(600, 60)
    assert p.distance > 0 and p.frames > 0
    fps = np.array([30.0, 60.0, 120.0])
    s = analysis.sweep("unreal", fps)
    assert s.fps.shape == (3,) and s.stop_distance.dtype == np.float64
    # The sweep's Unreal stop distance is the exact CMC prediction from the top speed 600.
    assert s.stop_distance[1] == pytest.approx(15.62, abs=0.005)
    assert s.top_speed[0] == pytest.approx(600)


def test_distance_curve():
    curve = analysis.DistanceCurve([0.0, 1.0, 2.0], [-10.0, 0.0, 5.0], 1.0)
    assert analysis.distance_at(curve, 0.5) == pytest.approx(-5.0)
    assert analysis.time_for_remaining_distance(curve, 5.0).time == pytest.approx(0.5)
    assert analysis.time_for_distance(curve, 2.5).time == pytest.approx(1.5)
    with pytest.raises(ValueError):
        analysis.DistanceCurve([0.0, 0.0], [0.0, 1.0], 0.0)
    # A root moving at 100 cm/s for 1 s then standing: marker at the stop, 100 cm before it.
    times = np.linspace(0, 2, 241)
    positions = np.zeros((241, 3))
    positions[:, 0] = np.minimum(times, 1.0) * 100
    baked = analysis.bake_distance_curve(times, positions)
    assert baked.distances[0] == pytest.approx(-100, abs=1e-9)


def test_morrowind_speeds():
    # morrowind_test.cpp: Speed 50, Athletics 30, encumbrance 0.5: walk 150 x 0.85 = 127.5, run x 2.05 = 261.375.
    assert morrowind.speed(speed=50, athletics=30, normalized_encumbrance=0.5).move_speed == pytest.approx(127.5)
    r = morrowind.speed(run=True, speed=50, athletics=30, normalized_encumbrance=0.5)
    assert r.move_speed == pytest.approx(261.375) and r.mode == "run"
    # A heavy GMST makes walk negative before the clamp: 150 x (1 - 2 x 0.9) -> 0.
    assert morrowind.speed(gmsts={"fEncumberedMoveEffect": 2.0}, speed=50, athletics=30,
                           normalized_encumbrance=0.9).move_speed == 0.0


def test_morrowind_jump_and_fall():
    # fJumpRunMultiplier 1.5 with the run stance: (270 x 1.5 + 627.2) / 3; without: (270 + 627.2) / 3.
    g = {"fJumpRunMultiplier": 1.5}
    assert morrowind.jump(gmsts=g, run=True, acrobatics=30).take_off_speed == pytest.approx(1032.2 / 3)
    assert morrowind.jump(gmsts=g, acrobatics=30).take_off_speed == pytest.approx(897.2 / 3)
    # Fall 1000 u with Acrobatics 30: x = 555 x 0.07 x 0.95 = 36.9075, loss 25.37390625, no knockdown.
    f = morrowind.fall(1000, acrobatics=30)
    assert f.damage_term == pytest.approx(36.9075, abs=1e-9)
    assert f.health_loss == pytest.approx(25.37390625, abs=1e-9)
    assert not f.knockdown and not f.soft_landing


def test_morrowind_errors():
    with pytest.raises(ValueError, match="fMinWalkSpeed"):
        morrowind.speed(gmsts={"fMinWalkSpeed": float("nan")})
    with pytest.raises(ValueError, match="fNoSuchGmst"):
        morrowind.speed(gmsts={"fNoSuchGmst": 1})
    with pytest.raises(ValueError, match="athletics"):
        morrowind.speed(athletics=-5)
    with pytest.raises(TypeError, match="athletics"):
        morrowind.speed(athletics=[1])
