import os
from typing import Any, Union

class BatchRun:
    scenario: int
    strategy: str
    outcome: str
    reacquired_in: str
    time_to_reacquire: float
    npc_distance: float
    destination_changes: int
    chases: int
    max_heading_rate: float

class StrategySummary:
    strategy: str
    runs: int
    reacquired_chase: float
    reacquired_search: float
    gave_up: float
    timeout: float
    median_time_to_reacquire: float
    mean_npc_distance: float
    destination_changes_per_chase: float
    max_heading_rate: float

class BatchResult:
    scenarios: int
    summaries: list[StrategySummary]
    runs: list[BatchRun]
    def to_json(self) -> str: ...

def run_batch(level: Union[str, os.PathLike], *, npc_model: str = ..., **settings: Any) -> BatchResult: ...
def settings_fields() -> list[dict[str, Any]]: ...
