"""Movement analysis (docs/analysis.md): the Dishonored turn solver, Unreal's stop and pivot, frame-rate sweeps
of any model, and distance matching. Units: Dishonored u, u/s, s, radians; Unreal cm, cm/s, s; sweeps in the
model's length unit, s and deg/s.
"""

from __future__ import annotations

from typing import Any, Optional

from ._kinema import analysis as _a

TurnSolution = _a.TurnSolution
MaxTurn = _a.MaxTurn
Stop = _a.Stop
StopPrediction = _a.StopPrediction
Sweep = _a.Sweep
SweepRow = _a.SweepRow
DistanceCurve = _a.DistanceCurve
CurveTime = _a.CurveTime


def turn(angle: float, dt: float, **settings: Any) -> TurnSolution:
    """The input that turns a full-speed Dishonored velocity by `angle` (rad, from the velocity) in one frame
    of `dt` s (seed 000 closed form). settings: TurnSettings (Dishonored's fields plus acceleration, u/s^2)."""
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


def pivot(speed: float, fps: float, **unreal_settings: Any) -> StopPrediction:
    """The CMC's pivot: walking along +x at `speed` cm/s the input reverses at full strength; .distance (cm)
    still travelled forward, .frames and .time (s) until the velocity points backwards."""
    return _a.pivot(speed, fps, unreal_settings)


def sweep(model: str, fps, *, sweep_settings: Optional[dict] = None, **settings: Any) -> Sweep:
    """Top speed (length/s), time to 90 % (s), stop distance (length) and full-speed turn rate (deg/s) of
    `model` at every frame rate of the 1D array `fps` (1/s), with .continuous limits. The GIL is released
    while it runs. sweep_settings: SweepSettings fields (horizon s, rest_speed length/s)."""
    return _a.sweep(model, fps, sweep_settings or {}, settings)


def bake_distance_curve(times, positions, **bake_settings: Any) -> DistanceCurve:
    """Bakes a distance curve from root motion: times (N,) s from 0, positions (N, 3) length. bake_settings:
    BakeSettings fields (sample_rate Hz, stop_speed_threshold, axes, stop_at_end, epic_threshold_quirk)."""
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


def _unreal_settings_help() -> str:
    from ._kinema import movement as _m

    return "\nUnrealSettings (name, unit, valid range, default, doc), from the settings registry:\n" + \
        _m.settings_help("unreal")


stop.__doc__ += _unreal_settings_help()
pivot.__doc__ += _unreal_settings_help()
