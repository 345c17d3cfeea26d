"""Movement analysis (docs/analysis.md): the Dishonored turn solver, Unreal's stop and pivot, frame-rate sweeps
of any model, and distance matching. Units: Dishonored u, u/s, s, and angles in degrees as the CLI's --angle
takes them (angle_deg; turn() took radians before); Unreal cm, cm/s, s; sweeps in the model's length
unit, s and deg/s. Every result's repr lists its main fields with their units.
"""

from __future__ import annotations

from typing import Any, Optional

from ._kinema import analysis as _a
from ._settings import settings_help as _settings_help
from ._settings import with_settings as _with_settings
from ._repr import install as _install_repr

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


def turn(angle_deg: float, dt: float, **settings: Any) -> Turn:
    """The input that turns a full-speed Dishonored velocity by `angle_deg` degrees (from the velocity,
    counter-clockwise positive) in one frame of `dt` s (the DhTas notes closed form), as `kinema turn --fps
    1/dt --angle DEG`. It took radians before; it takes degrees now, as the CLI does.

    A Turn is a TurnSolution (.reachable, .input_direction, .input_angle_deg (deg, None when not reachable),
    .normalized_speed, .speed u/s, .keeps_full_speed) with .fps (1/s), .speed_scale and .angle_deg (deg, the
    angle asked for); to_json() is the CLI's --json."""
    return _a.turn(angle_deg, dt, settings)


def max_turn(dt: float, **settings: Any) -> MaxTurn:
    """Largest Dishonored turns per frame of `dt` s, as `kinema turn --fps 1/dt --max`: in degrees
    .full_speed_turn_deg_per_frame (keeping MaxSpeed), .reachable_turn_deg_per_frame and
    .continuous_deg_per_second, as the CLI prints them; in radians .full_speed_rad and .reachable_rad (also
    readable by their older names .full_speed and .reachable)."""
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

_install_repr(TurnSolution, [("reachable", None), ("input_angle_deg", None), ("input_direction", None),
                             ("normalized_speed", None), ("speed", "u/s"), ("keeps_full_speed", None)])
_install_repr(Turn, [("angle_deg", None), ("fps", "1/s"), ("reachable", None), ("input_angle_deg", None),
                     ("input_direction", None), ("normalized_speed", None), ("speed", "u/s"),
                     ("keeps_full_speed", None)])
_install_repr(MaxTurn, [("fps", "1/s"), ("full_speed_turn_deg_per_frame", None),
                        ("reachable_turn_deg_per_frame", None), ("continuous_deg_per_second", None),
                        ("full_speed_turn_radius", "u"), ("max_speed", "u/s")])
_install_repr(StopPrediction, [("stops", None), ("distance", "cm"), ("frames", None), ("time", "s")])
_install_repr(Pivot, [("speed", "cm/s"), ("fps", "1/s"), ("distance", "cm"), ("frames", None), ("time", "s"),
                      ("epic_distance", "cm")])
_install_repr(Stop, [("speed", "cm/s"), ("fps", "1/s"), ("distance", "cm"), ("frames", None), ("time", "s"),
                     ("epic_estimate", "cm"), ("continuous", None)])
_install_repr(Sweep, [("model", None), ("length_unit", None), ("fps", "1/s"), ("top_speed", "length/s"),
                      ("time_to_90", "s"), ("stop_distance", "length"), ("turn_rate", "deg/s")])
_install_repr(SweepRow, [("fps", "1/s"), ("top_speed", "length/s"), ("time_to_90", "s"),
                         ("stop_distance", "length"), ("turn_rate", "deg/s")])
_install_repr(DistanceCurve, [("times", "s"), ("distances", "length"), ("marker_time", "s")])
_install_repr(CurveTime, [("time", "s"), ("extrapolated", None)])
