"""The pursuit batch (docs/pursuit.md): every chase strategy of the NPC on the same random scenarios of a 2D
grid level, as `kinema pursue --map LEVEL --batch N` runs them. The result is typed: .scenarios, .summaries
(one StrategySummary per strategy, the CLI's table rows), .runs (one BatchRun per scenario and strategy), a
readable repr, and to_json(), byte for byte the CLI's `--json FILE` without its final newline.
"""

from __future__ import annotations

import os
from typing import Any

from ._kinema import pursuit as _p
from ._repr import install as _install_repr
from ._settings import with_settings as _with_settings

BatchResult = _p.BatchResult
BatchRun = _p.BatchRun
StrategySummary = _p.StrategySummary

_BATCH_KEYWORDS = frozenset(f["keyword"] for f in _p.keyword_fields("batch"))


def run_batch(level, *, npc_model: str = "unreal", **settings: Any) -> BatchResult:
    """Runs `kinema pursue --map LEVEL --batch N` on the level file `level` (a path), GIL released.

    Keywords: the batch's (scenarios = N, seed, threads, min_route, npc_behind, npcs: BatchSettings; npcs > 1
    runs every strategy with every team mode, as `kinema pursue --batch N --npcs K`) and the
    pursuit's (PursuitSettings and the flood's, named as `kinema pursue`'s flags without their dashes:
    hot, max_steps, strategy, ...; kinema.pursuit.settings_fields() lists them); npc_model one of
    kinema.movement.MODELS. The result does not depend on threads. Angles are in degrees (view_angle), as
    the CLI's flags take them."""
    batch = {k: v for k, v in settings.items() if k in _BATCH_KEYWORDS}
    rest = {k: v for k, v in settings.items() if k not in _BATCH_KEYWORDS}
    return _p.run_batch(os.fspath(level), npc_model, batch, rest)


def settings_fields() -> list:
    """The keywords of run_batch from the registry: the batch's, then the pursuit's and its flood's."""
    return _p.keyword_fields("batch") + _p.keyword_fields("config")


_with_settings(run_batch, settings_fields(), "Settings (the batch's, then the pursuit's)")
_install_repr(BatchResult, [("scenarios", None), ("summaries", None), ("runs", None)])
_install_repr(StrategySummary, [("strategy", None), ("runs", None), ("reacquired_chase", None),
                                ("reacquired_search", None), ("gave_up", None), ("timeout", None),
                                ("median_time_to_reacquire", "s"), ("mean_npc_distance", "level units"),
                                ("max_heading_rate", "deg/s")])
_install_repr(BatchRun, [("scenario", None), ("strategy", None), ("outcome", None), ("reacquired_in", None),
                         ("time_to_reacquire", "s"), ("npc_distance", "level units"), ("chases", None)])
