"""Movement analysis (docs/analysis.md): the Dishonored turn solver, Unreal's stop and pivot, frame-rate sweeps
of any model, and distance matching. Units: Dishonored u, u/s, s, radians; Unreal cm, cm/s, s; sweeps in the
model's length unit, s and deg/s.
"""

from __future__ import annotations

from typing import Any, Optional

from ._kinema import analysis as _a
from ._settings import settings_help as _settings_help
from ._settings import with_settings as _with_settings

TurnSolution = _a.TurnSolution
Turn = _a.Turn
MaxTurn = _a.MaxTurn
Stop = _a.Stop
StopPrediction = _a.StopPrediction
Pivot = _a.Pivot
Sweep = _a.Sweep
SweepRow = _a.SweepRow
DistanceCurve = _a.DistanceCurve
CurveTime = _a.CurveTime


def turn(angle: float, dt: float, **settings: Any) -> Turn:
    """The input that turns a full-speed Dishonored velocity by `angle` (rad, from the velocity) in one frame
    of `dt` s (the DhTas notes closed form). A Turn is a TurnSolution with .fps, .speed_scale and .angle_deg."""
    return _a.turn(angle, dt, settings)


def max_turn(dt: float, **settings: Any) -> MaxTurn:
    """Largest Dishonored turns per frame of `dt` s: .full_speed (rad, keeping MaxSpeed) and .reachable (rad)."""
    return _a.max_turn(dt, settings)


def stop(speed: float, fps: float, **unreal_settings: Any) -> Stop:
    """The exact stop of Unreal's CMC walking with no input from `speed` cm/s at `fps` frames per second.

    Returns .distance (cm), .frames, .time (s), .stops, .epic_estimate (cm, Epic's
    PredictGroundMovementStopLocation) and .continuous (the dt -> 0 model, a StopPrediction).
    unreal_settings: UnrealSettings fields by registry name (e.g. braking_deceleration_walking=2048)."""
    return _a.stop(speed, fps, unreal_settings)


def pivot(speed: float, fps: float, **unreal_settings: Any) -> Pivot:
    """The CMC's pivot: walking along +x at `speed` cm/s the input reverses at full strength; .distance (cm)
    still travelled forward, .frames and .time (s) until the velocity points backwards, .epic_distance (cm,
    Epic's PredictGroundMovementPivotLocation). A Pivot is a StopPrediction."""
    return _a.pivot(speed, fps, unreal_settings)


def sweep(model: str, fps, *, sweep_settings: Optional[dict] = None, **settings: Any) -> Sweep:
    """Top speed (length/s), time to 90 % (s), stop distance (length) and full-speed turn rate (deg/s) of
    `model` at every frame rate of the 1D array `fps` (1/s), with .continuous limits. The GIL is released
    while it runs. sweep_settings: a dict of SweepSettings fields (listed below); **settings: the model's
    (kinema.movement.settings_fields(model))."""
    return _a.sweep(model, fps, sweep_settings or {}, settings)


def bake_distance_curve(times, positions, **bake_settings: Any) -> DistanceCurve:
    """Bakes a distance curve from root motion: times (N,) s from 0, positions (N, 3) length."""
    return _a.bake_distance_curve(times, positions, bake_settings)


def distance_at(curve: DistanceCurve, time: float) -> float:
    """The curve's signed distance (length) at `time` s (linear, held flat beyond the ends)."""
    return _a.distance_at(curve, time)


def time_for_distance(curve: DistanceCurve, distance: float) -> CurveTime:
    """The animation time (s) at which the curve reaches `distance` (length)."""
    return _a.time_for_distance(curve, distance)


def time_for_remaining_distance(curve: DistanceCurve, remaining: float) -> CurveTime:
    """DistanceMatchToTarget: the time (s) for a remaining distance (length, >= 0) to the marker."""
    return _a.time_for_remaining_distance(curve, remaining)


_with_settings(turn, _a.keyword_fields("turn"), "TurnSettings")
_with_settings(max_turn, _a.keyword_fields("turn"), "TurnSettings")
_with_settings(stop, _a.keyword_fields("unreal"), "UnrealSettings")
_with_settings(pivot, _a.keyword_fields("unreal"), "UnrealSettings")
_with_settings(bake_distance_curve, _a.keyword_fields("bake"), "BakeSettings")
sweep.__doc__ += "\n\nsweep_settings (key, type = default (unit, valid range): doc), from the settings registry:" + \
    _settings_help(_a.keyword_fields("sweep")) + "\n"
