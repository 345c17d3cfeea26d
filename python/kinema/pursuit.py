"""The pursuit batch (docs/pursuit.md): every chase strategy of the NPC on the same random scenarios of a 2D
grid level, as `kinema pursue --map LEVEL --batch N` runs them. The result is typed: .scenarios, .summaries
(one StrategySummary per strategy, the CLI's table rows), .runs (one BatchRun per scenario and strategy), a
readable repr, and to_json(), byte for byte the CLI's `--json FILE` without its final newline.
"""

from __future__ import annotations

from typing import Any

from . import _arguments
from ._kinema import pursuit as _p
from ._repr import HIDDEN as _HIDDEN
from ._repr import install as _install_repr
from ._settings import with_settings as _with_settings

BatchResult = _p.BatchResult
BatchRun = _p.BatchRun
StrategySummary = _p.StrategySummary

_BATCH_KEYWORDS = frozenset(f["keyword"] for f in _p.keyword_fields("batch"))


def _split_settings(settings: dict, function: str) -> tuple:
    """run_batch's keywords as (the batch's, the pursuit's); an unknown keyword is a ValueError listing every
    valid one, the batch's and the pursuit's (not only the pursuit's, which the rest is handed to)."""
    valid = [f["keyword"] for f in settings_fields()]
    unknown = [k for k in settings if k not in valid]
    if unknown:
        raise ValueError(f"{function}: unknown keyword argument '{unknown[0]}'; valid: " + ", ".join(valid))
    batch = {k: v for k, v in settings.items() if k in _BATCH_KEYWORDS}
    rest = {k: v for k, v in settings.items() if k not in _BATCH_KEYWORDS}
    return batch, rest


def run_batch(level, *, npc_model: str = "unreal", **settings: Any) -> BatchResult:
    """Runs `kinema pursue --map LEVEL --batch N` on the level file `level` (a path), GIL released.

    Keywords: the batch's (scenarios = N, seed, threads, min_route, npc_behind, npcs: BatchSettings; npcs > 1
    runs every strategy with every team mode, as `kinema pursue --batch N --npcs K`) and the
    pursuit's (PursuitSettings and the flood's, named as `kinema pursue`'s flags without their dashes:
    hot, max_steps, strategy, ...; kinema.pursuit.settings_fields() lists them); npc_model one of
    kinema.movement.MODELS. The result does not depend on threads. Angles are in degrees (view_angle), as
    the CLI's flags take them. Raises ValueError when no scenario fits on the level (naming min_route, or
    view_range when the NPC cannot see the player from one cell behind), as the CLI exits 2."""
    batch, rest = _split_settings(settings, "kinema.pursuit.run_batch")
    return _p.run_batch(_arguments.path(level, "level"), npc_model, batch, rest)


def settings_fields() -> list:
    """The keywords of run_batch from the registry: the batch's, then the pursuit's and its flood's."""
    return _p.keyword_fields("batch") + _p.keyword_fields("config")


_with_settings(run_batch, settings_fields(), "Settings (the batch's, then the pursuit's)")
_install_repr(BatchResult, [("scenarios", None), ("summaries", None), ("runs", None)])


# -1 s in time_to_reacquire and median_time_to_reacquire marks "no time" (null in `kinema pursue --json`,
# docs/pursuit.md): the reprs say why instead of printing -1 s. The numbers stay -1 (the JSON writers and the
# tests read them).
def _run_reacquire_time(run):
    if run.time_to_reacquire >= 0:
        return None
    return "never lost sight" if run.outcome == "never_lost" else "not re-acquired"


def _median_reacquire_time(summary):
    return "none re-acquired" if summary.median_time_to_reacquire < 0 else None


# team tells apart the rows and runs of one strategy with npcs > 1 (independent, shared, split); with one NPC
# it means nothing and is left out.
def _team(row):
    return None if row.npcs > 1 else _HIDDEN


_install_repr(StrategySummary, [("strategy", None), ("team", None, _team), ("runs", None), ("reacquired_chase", None),
                                ("reacquired_search", None), ("gave_up", None), ("timeout", None),
                                ("median_time_to_reacquire", "s", _median_reacquire_time),
                                ("mean_npc_distance", "level units"), ("max_heading_rate", "deg/s")])
_install_repr(BatchRun, [("scenario", None), ("strategy", None), ("team", None, _team), ("outcome", None),
                         ("reacquired_in", None),
                         ("time_to_reacquire", "s", _run_reacquire_time), ("npc_distance", "level units"),
                         ("chases", None)])
