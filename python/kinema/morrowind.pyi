from typing import Any, Optional, Sequence, Tuple

class Speed:
    mode: str
    walk_speed: float
    run_speed: float
    max_speed: float
    move_speed: float
    strafing: bool
    playback_scale: float
    real_speed: float

class Jump:
    can_jump: bool
    jump_term: float
    take_off_speed: float
    velocity: Tuple[float, float, float]
    fatigue_cost: float
    air_control: float
    apex_height: float
    airtime: float

class JumpArc:
    steps: int
    airtime: float
    apex_height: float

class Fall:
    soft_landing: bool
    damage_term: float
    health_loss: float
    knockdown: bool

def speed(*, gmsts: Optional[dict] = ..., settings: Optional[dict] = ..., input: Sequence[float] = ...,
          run: bool = ..., sneak: bool = ..., swimming: bool = ..., weapon_ready: bool = ...,
          incapacitated: bool = ..., **actor: Any) -> Speed: ...
def jump(*, gmsts: Optional[dict] = ..., settings: Optional[dict] = ..., direction: Sequence[float] = ...,
         run: bool = ..., sneak: bool = ..., **actor: Any) -> Jump: ...
def jump_arc(take_off_speed: float, *, gmsts: Optional[dict] = ..., settings: Optional[dict] = ...) -> JumpArc: ...
def fall(height: float, *, gmsts: Optional[dict] = ..., settings: Optional[dict] = ..., **actor: Any) -> Fall: ...
def settings_fields(which: str = ...) -> list[dict[str, str]]: ...
