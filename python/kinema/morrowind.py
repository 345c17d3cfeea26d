"""Morrowind (OpenMW) movement (docs/morrowind.md): target speeds and animation playback, jumps and falls.
Units: u (game units), u/s, s.

gmsts: a dict of GMST overrides by GMST name ({"fMinWalkSpeed": 100}); settings: other MorrowindSettings
fields by registry name ({"animation.walk": 0, "rules.gravity": "openmw"}); **actor: MorrowindActor fields as
keywords (each function's help lists them with their defaults from the settings registry). The stance's
defaults are the library's MorrowindStance. Bad values raise ValueError naming the field.
"""

from __future__ import annotations

from typing import Any, Optional

from ._kinema import morrowind as _mw
from ._settings import with_settings as _with_settings
from ._repr import install as _install_repr

Speed = _mw.Speed
Jump = _mw.Jump
JumpArc = _mw.JumpArc
Fall = _mw.Fall

_STANCE: dict = _mw.stance_defaults()


def speed(*, gmsts: Optional[dict] = None, settings: Optional[dict] = None, input=_STANCE["input"],
          run: bool = _STANCE["run"], sneak: bool = _STANCE["sneak"], swimming: bool = _STANCE["swimming"],
          weapon_ready: bool = _STANCE["weapon_ready"], incapacitated: bool = _STANCE["incapacitated"],
          **actor: Any) -> Speed:
    """Target speed (u/s, getMaxSpeed) and the animation's real speed for an actor and stance.
    input: (right, forward), length capped at 1 (the analog factor)."""
    return _mw.speed(gmsts or {}, settings or {}, input, run, sneak, swimming, weapon_ready, incapacitated, actor)


def jump(*, gmsts: Optional[dict] = None, settings: Optional[dict] = None, direction=(0.0, 0.0),
         run: bool = _STANCE["run"], sneak: bool = _STANCE["sneak"], **actor: Any) -> Jump:
    """Jump take-off: take_off_speed (u/s), velocity (u/s), apex_height (u), airtime (s), fatigue_cost.
    direction: the wanted ground movement (any length); (0, 0) = standing jump."""
    return _mw.jump(gmsts or {}, settings or {}, direction, run, sneak, actor)


def jump_arc(take_off_speed: float, *, gmsts: Optional[dict] = None, settings: Optional[dict] = None) -> JumpArc:
    """A vertical take-off of `take_off_speed` u/s stepped at the physics step: steps, airtime (s), apex (u)."""
    return _mw.jump_arc(gmsts or {}, settings or {}, take_off_speed)


def fall(height: float, *, gmsts: Optional[dict] = None, settings: Optional[dict] = None, **actor: Any) -> Fall:
    """Landing after falling `height` u: soft_landing, health_loss (points), knockdown."""
    return _mw.fall(gmsts or {}, settings or {}, height, actor)


def settings_fields(which: str = "settings") -> list:
    """The registry of MorrowindSettings ("settings", GMSTs as "gmsts.NAME") or MorrowindActor ("actor")."""
    return _mw.settings_fields(which)


for _function in (speed, jump, fall):
    _with_settings(_function, _mw.actor_keyword_fields(), "Actor (MorrowindActor)")

_install_repr(Speed, [("mode", None), ("max_speed", "u/s"), ("move_speed", "u/s"), ("real_speed", "u/s"),
                      ("walk_speed", "u/s"), ("run_speed", "u/s"), ("playback_scale", None), ("at_cap", None)])
_install_repr(Jump, [("can_jump", None), ("take_off_speed", "u/s"), ("velocity", "u/s"), ("apex_height", "u"),
                     ("airtime", "s"), ("fatigue_cost", None)])
_install_repr(JumpArc, [("steps", None), ("airtime", "s"), ("apex_height", "u")])
_install_repr(Fall, [("height", "u"), ("soft_landing", None), ("health_loss", "health"), ("knockdown", None)])
