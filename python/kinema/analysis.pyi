from typing import Any, Optional, Tuple

import numpy as np
import numpy.typing as npt

class TurnSolution:
    reachable: bool
    input_direction: Tuple[float, float]
    input_angle_deg: Optional[float]
    normalized_speed: float
    speed: float
    keeps_full_speed: bool

class Turn(TurnSolution):
    fps: float
    speed_scale: float
    angle_deg: float
    def to_json(self) -> str: ...

class MaxTurn:
    full_speed_rad: float
    reachable_rad: float
    full_speed: float
    reachable: float
    fps: float
    speed_scale: float
    max_speed: float
    full_speed_turn_deg_per_frame: float
    full_speed_turn_radius: float
    reachable_turn_deg_per_frame: float
    continuous_deg_per_second: float
    def to_json(self) -> str: ...

class StopPrediction:
    stops: bool
    distance: float
    time: float
    frames: int

class Pivot(StopPrediction):
    speed: float
    fps: float
    epic_distance: float
    def to_json(self) -> str: ...

class Stop:
    stops: bool
    distance: float
    frames: int
    time: float
    epic_estimate: float
    continuous: StopPrediction
    speed: float
    fps: float
    braking_friction: float
    braking_deceleration: float
    def to_json(self) -> str: ...

class SweepRow:
    fps: float
    top_speed: float
    time_to_90: float
    stop_distance: float
    turn_rate: float

class Sweep:
    model: str
    length_unit: str
    fps: npt.NDArray[np.float64]
    top_speed: npt.NDArray[np.float64]
    time_to_90: npt.NDArray[np.float64]
    stop_distance: npt.NDArray[np.float64]
    turn_rate: npt.NDArray[np.float64]
    continuous: SweepRow
    rest_speed: float
    def to_json(self) -> str: ...

class DistanceCurve:
    def __init__(self, times: npt.ArrayLike, distances: npt.ArrayLike, marker_time: float) -> None: ...
    times: npt.NDArray[np.float64]
    distances: npt.NDArray[np.float64]
    marker_time: float

class CurveTime:
    time: float
    extrapolated: bool

def turn(angle_deg: float, dt: float, *, speed_scale: float = ..., friction: float = ...,
         acceleration: float = ...) -> Turn: ...
def max_turn(dt: float, *, speed_scale: float = ..., friction: float = ..., acceleration: float = ...) -> MaxTurn: ...
def stop(speed: float, fps: float, *, ground_friction: float = ..., max_walk_speed: float = ...,
         max_acceleration: float = ..., braking_deceleration_walking: float = ...,
         braking_friction_factor: float = ..., braking_friction: float = ...,
         use_separate_braking_friction: bool = ..., braking_sub_step_time: float = ...,
         max_simulation_time_step: float = ..., max_simulation_iterations: int = ...,
         min_analog_walk_speed: float = ...) -> Stop: ...
def pivot(speed: float, fps: float, *, ground_friction: float = ..., max_walk_speed: float = ...,
          max_acceleration: float = ..., braking_deceleration_walking: float = ...,
          braking_friction_factor: float = ..., braking_friction: float = ...,
          use_separate_braking_friction: bool = ..., braking_sub_step_time: float = ...,
          max_simulation_time_step: float = ..., max_simulation_iterations: int = ...,
          min_analog_walk_speed: float = ...) -> Pivot: ...
def sweep(model: str, fps: npt.ArrayLike, *, sweep_settings: Optional[dict] = ..., **settings: Any) -> Sweep: ...
def bake_distance_curve(times: npt.ArrayLike, positions: npt.ArrayLike, *, sample_rate: float = ...,
                        stop_speed_threshold: float = ..., axes: str = ..., stop_at_end: bool = ...,
                        epic_threshold_quirk: bool = ...) -> DistanceCurve: ...
def distance_at(curve: DistanceCurve, time: float) -> float: ...
def time_for_distance(curve: DistanceCurve, distance: float) -> CurveTime: ...
def time_for_remaining_distance(curve: DistanceCurve, remaining: float) -> CurveTime: ...
