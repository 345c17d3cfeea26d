"""kinema: game character movement models, movement analysis and the Dishonored 2 chase flood.

The Python face of the C++ library (docs/python.md). Parts:

- kinema.movement: the Dishonored, CrossCode and Unreal step models; simulate() and step().
- kinema.morrowind: Morrowind (OpenMW) speeds, jumps and falls, GMST overrides as a dict.
- kinema.analysis: turns, stops, pivots, frame-rate sweeps, distance matching.
- kinema.chase: levels, the chase flood (Flood, run), dead reckoning, 3D levels from OBJ meshes.
- kinema.pursuit: the pursuit batch, every chase strategy on random scenarios (`kinema pursue --batch`).

Settings are keyword arguments named as in the C++ settings registry (`kinema simulate --help` lists the same
names, units, ranges and defaults); bad values raise ValueError naming the field. Angles are in degrees, as
the CLI's --angle takes them (`angle_deg`); every result has a repr with its main fields and their units.
"""

from . import _kinema

__version__: str = _kinema.__version__

from . import analysis, chase, morrowind, movement, pursuit  # noqa: E402
from ._warnings import SeedMovedWarning  # noqa: E402

__all__ = ["__version__", "SeedMovedWarning", "analysis", "chase", "morrowind", "movement", "pursuit"]
