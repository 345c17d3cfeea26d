import os
from typing import Any, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import SeedMovedWarning as SeedMovedWarning

HAS_NAV: bool
WALL: int
UNTOUCHED: int
BARRIER: int

class Cell(NamedTuple):
    col: int
    row: int

class Level:
    name: str
    map: str
    width: int
    height: int
    passable: npt.NDArray[np.bool_]
    seed: Optional[Tuple[Tuple[float, float], Tuple[float, float]]]
    npc_start: Optional[Tuple[float, float]]
    title: str
    @staticmethod
    def load(path: str, level: str = ..., walls: str = ...) -> Level: ...
    @staticmethod
    def from_array(passable: npt.NDArray[np.bool_], name: str = ...) -> Level: ...
    @staticmethod
    def default() -> Level: ...

LevelLike = Union[str, os.PathLike, npt.NDArray[np.bool_], Level]

class DestinationRegion:
    destination_cell: Union[Cell, Tuple[int, ...]]
    destination: Tuple[float, ...]
    centroid: Tuple[float, ...]
    heat: int
    cells: int

class ChaseResult:
    json: str
    values: npt.NDArray[np.int32]
    map: str
    cells: int
    cell_size: float
    connectivity: Optional[int]
    cell_height: Optional[float]
    max_levels: Optional[float]
    from_: Tuple[float, ...]
    dir: Tuple[float, ...]
    seed_cell: Union[Cell, Tuple[int, ...]]
    seed: Union[Cell, Tuple[int, ...]]
    seed_position: Tuple[float, ...]
    seed_snapped: bool
    hot: int
    max_heated: int
    max_steps: int
    steps: int
    stop_reason: str
    centroid: Tuple[float, ...]
    destination_cell: Union[Cell, Tuple[int, ...]]
    destination: Tuple[float, ...]
    heated_cells: int
    warm_cells: int
    barrier_cells: int
    dead_reckoning: Tuple[float, ...]
    dead_reckoning_blocked: bool
    dead_reckoning_distance: float
    touched: Tuple[Tuple[int, ...], ...]
    npc: Optional[Tuple[float, ...]]
    path_status: Optional[str]
    path: Optional[Tuple[Tuple[float, ...], ...]]
    path_length: Optional[float]
    destinations: Optional[Tuple[Tuple[float, ...], ...]]
    destination_regions: Optional[Tuple[DestinationRegion, ...]]
    def value_at(self, col: int, row: int) -> int: ...
    def to_dict(self) -> dict: ...
    def to_json(self) -> str: ...

class BatchResult:
    steps: npt.NDArray[np.int32]
    stop_reason: list[str]
    destination_cell: npt.NDArray[np.int32]
    destination: npt.NDArray[np.float64]
    heated_cells: npt.NDArray[np.int32]
    dead_reckoning: npt.NDArray[np.float64]
    def __len__(self) -> int: ...
    def __getitem__(self, key: str) -> Any: ...
    def to_json(self) -> str: ...

# The settings parameters below are the registry's keywords (kinema.chase.settings_fields()); their defaults
# are the registry's, shown by help() and inspect.signature, never written here (python/tests checks both).
class Flood:
    level: Level
    def __init__(self, level: LevelLike, *, hot: int = ..., max_heated: int = ..., max_steps: int = ...,
                 max_restarts: int = ..., destination: str = ..., connectivity: int = ...,
                 cell_size: float = ...) -> None: ...
    def start(self, from_xy: Optional[Sequence[float]] = ..., direction: Optional[Sequence[float]] = ...,
              destinations: Optional[int] = ...) -> Flood: ...
    def advance(self, k: int = ...) -> bool: ...
    def run(self) -> ChaseResult: ...
    @property
    def result(self) -> ChaseResult: ...
    @property
    def values(self) -> npt.NDArray[np.int32]: ...
    def value_at(self, col: int, row: int) -> int: ...
    @property
    def steps(self) -> int: ...
    @property
    def finished(self) -> bool: ...

def load_level(path: Union[str, os.PathLike], level: Optional[str] = ..., walls: Optional[str] = ...) -> Level: ...
def default_level() -> Level: ...
def run(level: LevelLike, from_xy: Optional[Sequence[float]] = ..., direction: Optional[Sequence[float]] = ...,
        destinations: Optional[int] = ..., *, hot: int = ..., max_heated: int = ..., max_steps: int = ..., max_restarts: int = ...,
        destination: str = ..., connectivity: int = ..., cell_size: float = ...) -> ChaseResult: ...
def run_batch(level: LevelLike, from_xy: npt.ArrayLike, direction: npt.ArrayLike, *, hot: int = ...,
              max_heated: int = ..., max_steps: int = ..., max_restarts: int = ..., destination: str = ...,
              connectivity: int = ..., cell_size: float = ...) -> BatchResult: ...
def settings_fields() -> list[dict[str, Any]]: ...

class Level3D:
    map: str
    cells: int

def load_level_3d(path: Union[str, os.PathLike], level: Optional[str] = ..., walls: Optional[str] = ...,
                  scale: float = ..., up: str = ..., *,
                  agent_height: float = ..., agent_radius: float = ...,
                  agent_max_climb: float = ..., agent_max_slope: float = ..., cell_size: float = ...,
                  cell_height: float = ..., chase_cell_size: float = ..., max_chase_columns: float = ...,
                  max_voxels: float = ..., tile_size: float = ..., threads: float = ...,
                  region_min_size: float = ..., region_merge_size: float = ..., edge_max_length: float = ...,
                  edge_max_error: float = ..., verts_per_poly: float = ..., detail_sample_distance: float = ...,
                  detail_sample_max_error: float = ..., snap_extents_x: float = ..., snap_extents_y: float = ...,
                  snap_extents_z: float = ...) -> Level3D: ...
def run_3d(level: Union[Level3D, str, os.PathLike], from_xyz: Sequence[float], direction: Sequence[float],
           npc: Optional[Sequence[float]] = ..., destinations: Optional[int] = ..., *, hot: int = ..., max_heated: int = ..., max_steps: int = ...,
           max_restarts: int = ..., destination: str = ...) -> ChaseResult: ...
