from typing import Any, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

MODELS: Tuple[str, ...]
Vec2 = Tuple[float, float]

class Trajectory:
    model: str
    dt: float
    time: npt.NDArray[np.float64]
    position: npt.NDArray[np.float64]
    velocity: npt.NDArray[np.float64]
    speed: npt.NDArray[np.float64]
    def __init__(self, model: str, dt: float, time: np.ndarray, position: np.ndarray, velocity: np.ndarray,
                 speed: np.ndarray) -> None: ...
    def __len__(self) -> int: ...

def simulate(model: str, dt: float, frames: int, inputs: Union[str, npt.ArrayLike],
             start_velocity: Sequence[float] = ..., *, start_position: Sequence[float] = ...,
             **settings: Any) -> Trajectory: ...
def step(model: str, position: Sequence[float], velocity: Sequence[float], input: Sequence[float], dt: float,
         **settings: Any) -> Tuple[Vec2, Vec2]: ...
def settings_fields(model: str) -> list[dict[str, str]]: ...
def length_unit(model: str) -> str: ...
