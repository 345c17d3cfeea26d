from typing import Optional, Sequence, Tuple

class Speed:
    mode: str
    walk_speed: float
    run_speed: float
    max_speed: float
    move_speed: float
    strafing: bool
    playback_scale: float
    real_speed: float
    werewolf_bonus: bool
    speed_factor: float
    animation_base_speed: float
    at_cap: bool
    capped_speed: float
    speed_attribute_at_cap: Optional[float]
    def to_json(self) -> str: ...

class Jump:
    can_jump: bool
    jump_term: float
    take_off_speed: float
    velocity: Tuple[float, float, float]
    fatigue_cost: float
    air_control: float
    apex_height: float
    airtime: float
    direction: Tuple[float, float]
    arc: JumpArc
    def to_json(self) -> str: ...

class JumpArc:
    steps: int
    airtime: float
    apex_height: float

class Fall:
    soft_landing: bool
    damage_term: float
    health_loss: float
    knockdown: bool
    height: float
    def to_json(self) -> str: ...

def speed(*, gmsts: Optional[dict] = ..., settings: Optional[dict] = ..., input: Sequence[float] = ...,
          run: bool = ..., sneak: bool = ..., swimming: bool = ..., weapon_ready: bool = ...,
          incapacitated: bool = ..., kind: str = ..., speed: float = ..., athletics: float = ...,
          acrobatics: float = ..., normalized_encumbrance: float = ..., fatigue_ratio: float = ...,
          levitate: float = ..., swift_swim: float = ..., jump_magnitude: float = ..., werewolf: bool = ...,
          flies: bool = ...) -> Speed: ...
def jump(*, gmsts: Optional[dict] = ..., settings: Optional[dict] = ..., direction: Sequence[float] = ...,
         run: bool = ..., sneak: bool = ..., kind: str = ..., speed: float = ..., athletics: float = ...,
         acrobatics: float = ..., normalized_encumbrance: float = ..., fatigue_ratio: float = ...,
         levitate: float = ..., swift_swim: float = ..., jump_magnitude: float = ..., werewolf: bool = ...,
         flies: bool = ...) -> Jump: ...
def jump_arc(take_off_speed: float, *, gmsts: Optional[dict] = ..., settings: Optional[dict] = ...) -> JumpArc: ...
def fall(height: float, *, gmsts: Optional[dict] = ..., settings: Optional[dict] = ..., kind: str = ...,
         speed: float = ..., athletics: float = ..., acrobatics: float = ..., normalized_encumbrance: float = ...,
         fatigue_ratio: float = ..., levitate: float = ..., swift_swim: float = ..., jump_magnitude: float = ...,
         werewolf: bool = ..., flies: bool = ...) -> Fall: ...
def settings_fields(which: str = ...) -> list[dict[str, str]]: ...
