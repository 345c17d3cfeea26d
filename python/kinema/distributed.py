"""Audits and pursuit batches beyond one machine (docs/scale.md, docs/python.md "Distributed"): the shards run
as tasks on a dask.distributed cluster and are merged by the same C++ code as `kinema merge`, so the result is
the single-machine one exactly: batch() returns the BatchResult of kinema.pursuit.run_batch, audit() an
AuditReport; their to_json() is byte for byte the CLI's --json file for the same level and settings (without
its final newline).

    from dask.distributed import Client
    client = Client("scheduler:8786")              # or none: a LocalCluster of processes on this machine
    report = kinema.distributed.audit("level.map", directions=8, client=client, shards=64)
    result = kinema.distributed.batch("level.map", scenarios=10000, client=client)

Dask (Debian's python3-distributed) is imported only when these functions run; every worker must import the
same kinema (docs/python.md).
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Optional

from . import _arguments
from ._kinema import distributed as _d
from ._kinema import pursuit as _p
from .pursuit import _split_settings as _split_batch_settings

AuditReport = _d.AuditReport


def _audit_part(path: str, settings: dict, index: int, count: int) -> str:
    return _d.audit_part(path, settings, index, count)


def _batch_part(path: str, npc_model: str, batch: dict, settings: dict, index: int, count: int) -> str:
    return _p.run_batch_part(path, npc_model, batch, settings, index, count)


def _require_client(client) -> None:
    """A client is a dask.distributed.Client or None (a LocalCluster of this machine's cores); anything else
    would fail later with an AttributeError from inside the run."""
    if client is None:
        return
    from dask.distributed import Client

    if not isinstance(client, Client):
        raise TypeError("client: expected a dask.distributed.Client (or None for a LocalCluster of this "
                        f"machine's cores), got {type(client).__name__}")


def _run_parts(task: Callable[..., str], args: tuple, client, shards: Optional[int],
               progress: Optional[bool]) -> list:
    """The texts of the partial reports of shards 1..N, each computed by `task(*args, I, N)` on the cluster."""
    from dask.distributed import Client, LocalCluster

    def run(c) -> list:
        count = shards if shards is not None else max(1, sum(c.nthreads().values()))
        if not 1 <= count <= 100000:
            raise ValueError(f"shards: expected 1 <= shards <= 100000, got {count}")
        futures = [c.submit(task, *args, i, count, pure=False) for i in range(1, count + 1)]
        if progress if progress is not None else sys.stderr.isatty():
            from dask.distributed import progress as show_progress
            show_progress(futures)
        return c.gather(futures)

    if client is not None:
        return run(client)
    with LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as cluster, Client(cluster) as own:
        return run(own)


def audit(level, *, client=None, shards: Optional[int] = None, progress: Optional[bool] = None,
          **settings: Any) -> AuditReport:
    """`kinema audit --map LEVEL` (a 2D grid level) in `shards` shards on a dask.distributed `client` (a
    LocalCluster of one process per core when None; shards default to the cluster's worker threads).

    Keywords: the audit's (directions, give_up_steps, corner_radius, exit_cells, exit_junction, ...) and the
    flood's (hot, max_steps, ...), as `kinema audit`'s flags without their dashes. `progress`: Dask's progress bar (default:
    when stderr is a terminal). Raises ValueError for bad settings, as the CLI's one-line errors (an unknown
    keyword lists every valid one), TypeError for a client that is not a dask.distributed.Client."""
    path = _arguments.path(level, "level")
    _require_client(client)
    _d.check_audit_settings(dict(settings))  # before a cluster starts: one ValueError naming the keyword
    texts = _run_parts(_audit_part, (path, dict(settings)), client, shards, progress)
    return _d.merge_audit_parts(texts)


def batch(level, *, npc_model: str = "unreal", client=None, shards: Optional[int] = None,
          progress: Optional[bool] = None, **settings: Any) -> _p.BatchResult:
    """kinema.pursuit.run_batch (`kinema pursue --map LEVEL --batch N`) in `shards` shards on a
    dask.distributed `client`: shard I runs the scenarios i with i mod N = I - 1. Same keywords and the same
    result as run_batch, to the bit; `threads` is each task's. Raises ValueError as run_batch does, also when
    no scenario fits (naming min_route or view_range), TypeError for a client that is not a Client."""
    path = _arguments.path(level, "level")
    _require_client(client)
    batch_settings, rest = _split_batch_settings(settings, "kinema.distributed.batch")
    _p.check_batch_settings(npc_model, batch_settings, rest)  # before a cluster starts
    texts = _run_parts(_batch_part, (path, npc_model, batch_settings, rest), client, shards, progress)
    return _p.merge_batch_parts(texts)


__all__ = ["AuditReport", "audit", "batch"]
