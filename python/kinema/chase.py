"""The Dishonored 2 chase flood (docs/chase.md; Couvidou's Dishonored 2 chase chapter section 3): seed heat at the player's last known cell
and a barrier behind them, let a heat wave spread and cool for a bounded number of steps, and send the NPC to
the heated cell nearest the warm cells' temperature-weighted centroid.

Levels: a path to a Moving AI .map or kinema ASCII level, a 2D numpy bool array (True = floor, indexed
[row, col]), or a Level. Positions are map units (tile (col, row) covers [col, col+1) x [row, row+1) at
cell_size 1), cells are Cell(col, row), x first. Results carry the fields of `kinema chase --json` (the JSON
contract of docs/chase.md, written by the library's one writer, chase_json) plus `values`, the per-cell values
as a 2D int array indexed values[row, col] (y first, as numpy and imshow index images): WALL (-3) a wall, UNTOUCHED
(-2) floor the flood never reached, BARRIER (-1), 0..H heat. value_at(col, row) reads it in the cells' order.

A seed on a wall or off the floor is moved to the nearest cell, as the CLI does; Flood.start and run then warn
with a kinema.SeedMovedWarning saying from where to where (the CLI's note on stderr).

Split destinations for a team (docs/chase.md): destinations=K (1-16) divides the flood's heat into K regions that
follow the level, each with its own destination by the chapter's rule, as `kinema chase --destinations K`; the
result's `destinations` and `destination_regions` then list them, largest heat first.
"""

from __future__ import annotations

import json as _json
import os
import warnings as _warnings
from typing import Any, Optional

import numpy as np

from . import _arguments
from ._kinema import chase as _c
from ._settings import settings_help as _settings_help
from ._settings import with_settings as _with_settings
from ._warnings import SeedMovedWarning
from ._repr import install as _install_repr
from ._repr import value_text as _repr_value

Level = _c.Level
HAS_NAV: bool = _c.HAS_NAV
"""True where kinema::nav (Recast/Detour) was built: Level3D and run_3d work."""

WALL: int = _c.WALL
"""values of a wall tile, -3 (not a cell; the renderer's and the web playground's tile code)."""
UNTOUCHED: int = _c.UNTOUCHED
"""values of floor the flood never reached, -2 (walls read -2 too before; now WALL)."""
BARRIER: int = _c.BARRIER
"""values of a barrier cell (the chapter's -1)."""
Cell = _c.Cell
"""A grid cell as a named tuple Cell(col, row) = (x, y) in tiles: destination_cell, seed_cell, touched's first
two; values is indexed the other way round, values[row, col]."""


def load_level(path, level: Optional[str] = None, walls: Optional[str] = None) -> Level:
    """Loads a grid level with the loader the CLI's --map uses (docs/levels.md "Which loader reads a file"):
    .map Moving AI, .txt or no extension kinema ASCII (any case; a file without an extension whose first line
    is "type octile" Moving AI) and, where kinema has them, designers' levels: Tiled .tmx/.tmj, LDtk .ldtk and
    collision images .png/.bmp. level: which level of a file holding several (an LDtk level's identifier;
    None = the first); walls: what else marks walls (a Tiled tile layer's name, an LDtk IntGrid value's
    identifier, an image's wall colour "#rrggbb"), as the CLI's --level and --walls; a format that ignores one
    refuses it (ValueError "level: has no effect on corner.txt: ..."). OSError when the file cannot be read,
    ValueError "FILE:LINE: message" for a bad line, "FILE: format not supported: ..." for another extension
    and "FILE: a 3D level (...), not a grid level" for 3D levels (load_level_3d reads those). Level.seed and
    Level.npc_start are the player and NPC markers the file has. The GIL is released while loading."""
    return _c.Level.load(_arguments.path(path, "path"), _arguments.option(level, "level"),
                         _arguments.option(walls, "walls"))


def default_level() -> Level:
    """The built-in default level of `kinema chase` (data/levels/default.txt, its seed marked)."""
    return _c.Level.default()


def _as_level(level) -> Level:
    if isinstance(level, _c.Level):
        return level
    if isinstance(level, np.ndarray):
        return _c.Level.from_array(level)
    if isinstance(level, (str, bytes, os.PathLike)):
        return load_level(_arguments.path(level, "level"))
    raise TypeError(f"level: expected a path, a 2D bool numpy array or a kinema.chase.Level, got "
                    f"{type(level).__name__}")


ChaseResult = _c.ChaseResult
BatchResult = _c.BatchResult
DestinationRegion = _c.DestinationRegion
"""One region of a split chase (destinations=K): destination_cell, destination and centroid (map units), heat
(the sum of its cells' values) and cells (heated cells), as the JSON's destination_regions objects."""


def _to_dict(self) -> dict:
    """The JSON document as a dict (the CLI's `--json`, field for field)."""
    return _json.loads(self.to_json())


def _chase_repr(self) -> str:
    return (f"ChaseResult(steps={self.steps}, stop_reason={self.stop_reason!r}, "
            f"destination_cell={self.destination_cell}, destination={self.destination}, "
            f"heated_cells={self.heated_cells}, dead_reckoning={self.dead_reckoning})")


ChaseResult.to_dict = _to_dict
ChaseResult.__repr__ = _chase_repr


class Flood:
    """A reusable chase flood on one level (C++ kinema::chase::Flood, chase/flood.hpp).

    Time slicing (spec "Beyond"): start(), then advance(k) once per frame until it returns True; `result`
    after the last call equals run() exactly (same operations in the same order). `values` and `result` can be
    read after any step, so a notebook can imshow every step of the wave.

    Cost: a step touches only the current heat and barrier frontiers, so a flood costs O(touched cells x
    degree), bounded by about M_S * M_H heated cells plus the barrier, never by the map size. Cooling is lazy:
    a cell heated at step k has value max(0, H - (step - k)).

    Settings (keyword-only): the chapter's constants (Couvidou's Dishonored 2 chase chapter Table 1: hot = H, max_heated = M_H, max_steps =
    M_S), the restart cap and destination rule, and the grid's connectivity and cell size; listed below with
    their units, ranges and defaults from the settings registry (kinema.chase.settings_fields()).
    """

    def __init__(self, level, **settings: Any) -> None:
        self.level = _as_level(level)
        self._run = _c.FloodRun(self.level, settings)

    def start(self, from_xy=None, direction=None, destinations=None) -> "Flood":
        """Step A (seeding) of a new chase from the last known position `from_xy` (map units) running in
        `direction` (any length; (0, 0) = no barrier). None: the position and direction the level file marks.
        A point on a wall or outside snaps to the nearest cell (seed_snapped) and warns with a
        kinema.SeedMovedWarning saying from where to where. `destinations` K (1-16): every result splits the
        heat into K destinations (run's). Returns self."""
        return self._start(from_xy, direction, destinations, stacklevel=3)

    def _start(self, from_xy, direction, destinations, stacklevel: int) -> "Flood":
        self._run.start(from_xy, direction, destinations)
        note = self._run.seed_note()
        if note:
            _warnings.warn(note, SeedMovedWarning, stacklevel=stacklevel)
        return self

    def advance(self, k: int = 1) -> bool:
        """Runs at most k propagation steps (k in [0, 2^31 - 1], GIL released). Returns finished."""
        return self._run.advance(_arguments.whole_number(k, "k", 0, 2**31 - 1, "advance"))

    def run(self) -> ChaseResult:
        """Runs to the end (GIL released) and returns the result."""
        self._run.finish()
        return self.result

    @property
    def result(self) -> ChaseResult:
        """The result for the current state: after the last step the final result; in the middle of a run,
        the destination so far."""
        return self._run.result()

    @property
    def values(self) -> np.ndarray:
        """Per-cell values now, int32, indexed values[row, col] (y first): -3 wall (WALL), -2 untouched floor
        (UNTOUCHED), -1 barrier, 0..H heat. value_at(col, row) reads one in (x, y) order."""
        return self._run.values()

    def value_at(self, col: int, row: int) -> int:
        """The value now of the cell at column `col`, row `row` (x, y, the order of Cell and
        destination_cell): values[row, col]. IndexError outside the level, TypeError for a non-integer (as
        ChaseResult.value_at)."""
        col = _arguments.integer(col, "col", "value_at")
        row = _arguments.integer(row, "row", "value_at")
        values = self._run.values()
        rows, cols = values.shape
        if not (0 <= col < cols and 0 <= row < rows):
            raise IndexError(f"value_at: (col {col}, row {row}) is outside the {cols} x {rows} level: "
                             f"col in [0, {cols - 1}], row in [0, {rows - 1}]")
        return int(values[row, col])

    def __repr__(self) -> str:
        return (f"Flood(level={self.level.map!r}, steps={self._run.steps}, finished={self._run.finished})"
                if self._run.started else f"Flood(level={self.level.map!r}, not started)")

    @property
    def steps(self) -> int:
        """Propagation steps that happened so far."""
        return self._run.steps

    @property
    def finished(self) -> bool:
        """The flood stopped (exhausted, too_many_heated or max_steps)."""
        return self._run.finished


def run(level, from_xy=None, direction=None, destinations=None, **settings: Any) -> ChaseResult:
    """One chase on `level` from `from_xy` (map units) running in `direction`, as `kinema chase --map LEVEL
    --from X,Y --dir DX,DY --json`. None for both: the seed the level marks. Settings as Flood's. A seed on a
    wall or off the floor warns with a kinema.SeedMovedWarning, as Flood.start.

    destinations: None (no split), or K in [1, 16], as `--destinations K`: the flood's heat divided into K
    regions that follow the level, each with its own destination by the chapter's rule (the heated cell nearest
    its heat-weighted centroid); the result's `destinations` (largest heat first) and `destination_regions`
    list them. Another K is a ValueError with the library's message ("invalid chase query: destinations must be
    in [1, 16], got 0")."""
    return Flood(level, **settings)._start(from_xy, direction, destinations, stacklevel=3).run()


def run_batch(level, from_xy, direction, **settings: Any) -> BatchResult:
    """Many chases on one level in one call with the GIL released: from_xy and direction are (N, 2) arrays.
    Returns a BatchResult of arrays: steps (N,), stop_reason (list), destination_cell (N, 2) int whose columns
    are col, row (x, y, as Cell), destination (N, 2), heated_cells (N,), dead_reckoning (N, 2);
    result["steps"] reads the same; to_json() a JSON array with these fields per chase, each as
    `kinema chase --from X,Y --dir DX,DY --json` writes them. Seeds are moved to the nearest cell silently."""
    return _c.run_batch(_as_level(level), from_xy, direction, settings)


def settings_fields() -> list:
    """The keyword settings of Flood, run and run_batch from the registry (the grid chase's description, as
    `kinema chase` takes them): one dict per keyword with keyword, field, type, default, unit, range, doc."""
    return _c.settings_fields()


_install_repr(ChaseResult, [("map", None), ("steps", None), ("stop_reason", None), ("seed_cell", None),
                            ("seed_snapped", None), ("destination_cell", None), ("destination", "map units"),
                            ("heated_cells", None), ("warm_cells", None), ("barrier_cells", None),
                            ("dead_reckoning", "map units")])
_install_repr(DestinationRegion, [("destination_cell", None), ("destination", "map units"),
                                  ("centroid", "map units"), ("heat", None), ("cells", None)])
_chase_fields_repr = ChaseResult.__repr__


def _chase_repr_with_split(self) -> str:
    """The fields above, then the split's destinations when the chase was split (destinations=K)."""
    text = _chase_fields_repr(self)
    if self.destinations is None:
        return text
    return text[:-1] + f", destinations={_repr_value(list(self.destinations))} map units)"


ChaseResult.__repr__ = _chase_repr_with_split
_install_repr(BatchResult, [("steps", None), ("stop_reason", None), ("destination_cell", "(col, row)"),
                            ("destination", "map units"), ("heated_cells", None), ("dead_reckoning", "map units")])
_install_repr(Level, [("map", None), ("width", "tiles"), ("height", "tiles"), ("seed", None)])

_with_settings(Flood.__init__, _c.settings_fields(), "Settings")
Flood.__doc__ += "\nSettings (keyword, type = default (unit, valid range): doc):" + _settings_help(_c.settings_fields())
_with_settings(run, _c.settings_fields(), "Settings")
_with_settings(run_batch, _c.settings_fields(), "Settings")


if HAS_NAV:
    Level3D = _c.Level3D
    _install_repr(Level3D, [("map", None), ("cells", None)])

    def load_level_3d(path, level: Optional[str] = None, walls: Optional[str] = None,
                      scale: float = 1.0, up: str = "y", **nav_settings: Any) -> "Level3D":
        """Builds a 3D level from an OBJ mesh (or, where kinema has Assimp, a glTF, FBX, COLLADA, ... scene)
        with Recast/Detour, or reads a navmesh file (.nav, as `kinema navmesh build` writes it; docs/nav.md;
        GIL released). A grid level or another extension raises ValueError naming the file. level, walls: as
        load_level's, refused by a format that ignores them. scale, up: a mesh's metres per unit of its file
        (0.01 for centimetres, 0.001 millimetres; in [1e-06, 1e+06]) and up axis ("z" for a Blender or CAD
        export with z up), as `kinema chase --scale --up`; ValueError naming the keyword for a bad value or
        for one other than the default on a navmesh. nav_settings:
        NavSettings fields (agent_height, agent_radius, chase_cell_size, ... world units; tile_size and threads
        for a tiled navmesh). Level3D.cells counts the chase cells (one value per cell in run_3d)."""
        return _c.Level3D.load(_arguments.path(path, "path"), nav_settings, _arguments.option(level, "level"),
                               _arguments.option(walls, "walls"), _arguments.mesh_scale(scale),
                               _arguments.option(up, "up"))

    def run_3d(level, from_xyz, direction, npc=None, destinations=None, **settings: Any) -> ChaseResult:
        """One chase on a 3D level (a Level3D or an OBJ path) from `from_xyz` (world units, y up) along
        `direction`; with `npc`, the result holds its navmesh path (path_status, path, path_length). values is
        one int per cell id. destinations: K split destinations, as run's. Settings: the flood's."""
        if not isinstance(level, _c.Level3D):
            level = load_level_3d(level)
        return _c.run_3d(level, from_xyz, direction, npc, destinations, settings)

    _with_settings(load_level_3d, _c.settings_fields_3d("nav"), "Navmesh settings")
    _with_settings(run_3d, _c.settings_fields_3d("flood"), "Settings")
