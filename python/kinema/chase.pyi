import os
from typing import Any, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

HAS_NAV: bool
UNTOUCHED: int
BARRIER: int

class Level:
    name: str
    map: str
    width: int
    height: int
    passable: npt.NDArray[np.bool_]
    seed: Optional[Tuple[Tuple[float, float], Tuple[float, float]]]
    @staticmethod
    def load(path: str) -> Level: ...
    @staticmethod
    def from_array(passable: npt.NDArray[np.bool_], name: str = ...) -> Level: ...
    @staticmethod
    def default() -> Level: ...

LevelLike = Union[str, os.PathLike, npt.NDArray[np.bool_], Level]

class ChaseResult:
    json: str
    values: npt.NDArray[np.int32]
    map: str
    cells: int
    cell_size: float
    connectivity: int
    from_: Tuple[float, ...]
    dir: Tuple[float, ...]
    seed_cell: Tuple[int, ...]
    seed: Tuple[int, ...]
    seed_position: Tuple[float, ...]
    seed_snapped: bool
    hot: int
    max_heated: int
    max_steps: int
    steps: int
    stop_reason: str
    centroid: Tuple[float, ...]
    destination_cell: Tuple[int, ...]
    destination: Tuple[float, ...]
    heated_cells: int
    warm_cells: int
    barrier_cells: int
    dead_reckoning: Tuple[float, ...]
    dead_reckoning_blocked: bool
    dead_reckoning_distance: float
    touched: Tuple[Tuple[int, ...], ...]
    def __init__(self, json_text: str, values: np.ndarray) -> None: ...
    def to_dict(self) -> dict: ...
    def to_json(self) -> str: ...

class Flood:
    level: Level
    def __init__(self, level: LevelLike, hot: int = ..., max_heated: int = ..., max_steps: int = ...,
                 connectivity: int = ..., **settings: Any) -> None: ...
    def start(self, from_xy: Optional[Sequence[float]] = ..., direction: Optional[Sequence[float]] = ...) -> Flood: ...
    def advance(self, k: int = ...) -> bool: ...
    def run(self) -> ChaseResult: ...
    @property
    def result(self) -> ChaseResult: ...
    @property
    def values(self) -> npt.NDArray[np.int32]: ...
    @property
    def steps(self) -> int: ...
    @property
    def finished(self) -> bool: ...

def load_level(path: Union[str, os.PathLike]) -> Level: ...
def default_level() -> Level: ...
def run(level: LevelLike, from_xy: Optional[Sequence[float]] = ..., direction: Optional[Sequence[float]] = ...,
        hot: int = ..., max_heated: int = ..., max_steps: int = ..., connectivity: int = ...,
        **settings: Any) -> ChaseResult: ...
def run_batch(level: LevelLike, from_xy: npt.ArrayLike, direction: npt.ArrayLike, hot: int = ...,
              max_heated: int = ..., max_steps: int = ..., connectivity: int = ..., **settings: Any) -> dict: ...

class Level3D:
    map: str
    cells: int

def load_level_3d(path: Union[str, os.PathLike], **nav_settings: Any) -> Level3D: ...
def run_3d(level: Union[Level3D, str, os.PathLike], from_xyz: Sequence[float], direction: Sequence[float],
           npc: Optional[Sequence[float]] = ..., hot: int = ..., max_heated: int = ..., max_steps: int = ...,
           **settings: Any) -> ChaseResult: ...
