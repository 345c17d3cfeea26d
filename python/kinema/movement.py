"""The step models: Dishonored ("dishonored", u), CrossCode ("crosscode", px) and Unreal's Character Movement
Component walking ("unreal", cm). Lengths are in the model's unit (length_unit(model)), speeds per second,
times in seconds.

Each model's settings are keyword arguments named as in its settings registry (settings_fields(model) lists
them with unit, valid range, default and doc; `kinema simulate --model M --help` prints the same). Values out
of range raise ValueError naming the field; unknown names raise ValueError listing the valid ones.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _arguments
from ._kinema import movement as _m

MODELS: tuple = _m.MODELS
"""The model names: ("dishonored", "crosscode", "unreal")."""


class Trajectory:
    """A recorded run: frame 0 is the start state, frame i the state after i steps.

    Attributes (numpy float64 arrays):
        time:     (frames + 1,) s; frame x dt.
        position: (frames + 1, 2) model length unit.
        velocity: (frames + 1, 2) model length unit per second.
        speed:    (frames + 1,) |velocity|.
    """

    __slots__ = ("model", "dt", "time", "position", "velocity", "speed")

    def __init__(self, model: str, dt: float, time: np.ndarray, position: np.ndarray, velocity: np.ndarray,
                 speed: np.ndarray) -> None:
        self.model = model
        self.dt = dt
        self.time = time
        self.position = position
        self.velocity = velocity
        self.speed = speed

    def __len__(self) -> int:
        return len(self.time)

    def __repr__(self) -> str:
        return (f"Trajectory(model={self.model!r}, dt={self.dt}, frames={len(self.time) - 1}, "
                f"final_position={tuple(self.position[-1])}, final_speed={self.speed[-1]})")


def simulate(model: str, dt: float, frames: int, inputs: Any, start_velocity=(0.0, 0.0), *,
             start_position=(0.0, 0.0), **settings: Any) -> Trajectory:
    """Runs `model` for `frames` fixed steps of `dt` seconds (movement/driver.hpp), all in C++.

    inputs: an array-like of shape (frames, 2) -- row i is the wish direction of the step leaving frame i --
        or a schedule string as `kinema simulate --input` takes: "FRAME:X,Y[;FRAME:X,Y...]" (e.g.
        "0:1,0;30:0,0": full input along +x, released at frame 30).
    start_velocity, start_position: (x, y) in the model's length unit (per second).
    **settings: the model's settings by registry name (see below).

    Returns a Trajectory of frames + 1 records. Raises ValueError for a bad dt, schedule, shape, NaN input or
    setting (naming it) or frames outside [0, 200000], TypeError for a non-numeric inputs array or frames that
    is not a whole number.
    """
    # The library's own check and message ("invalid simulation: ..."), for the values pybind11 cannot convert.
    frames = _arguments.whole_number(frames, "frames", 0, _m.MAX_FRAMES, "invalid simulation")
    arrays = _m.simulate(model, dt, frames, inputs, start_velocity, start_position, settings)
    return Trajectory(model, dt, *arrays)


def step(model: str, position, velocity, input, dt: float, **settings: Any):
    """One step of `model` from (position, velocity) with the wish direction `input` for `dt` seconds.

    Returns ((x, y), (vx, vy)) in the model's length unit (per second). ValueError naming "dt" or "input" for a
    non-finite or non-positive dt or a non-finite input, or naming a bad setting.
    """
    return _m.step(model, position, velocity, input, dt, settings)


def settings_fields(model: str) -> list:
    """The model's settings registry: one dict per field with name, unit, range, default and doc."""
    return _m.settings_fields(model)


def length_unit(model: str) -> str:
    """The model's length unit: "u" (Dishonored), "px" (CrossCode), "cm" (Unreal); speeds are per second."""
    return _m.length_unit(model)


# The keyword arguments of simulate() and step(), from the registry (never a second list).
simulate.__doc__ += "\nSettings per model (name, unit, valid range, default, doc):\n" + "".join(
    f"\n{name}:\n{_m.settings_help(name)}" for name in MODELS)
