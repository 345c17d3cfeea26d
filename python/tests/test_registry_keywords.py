"""kinema.analysis and kinema.morrowind take their keyword settings' names, types, defaults and docs from the
settings registry (kinema._settings.with_settings, as kinema.chase does), and the Morrowind stance's defaults
from the library's MorrowindStance: nothing is typed again in Python."""

import ast
import inspect
import pathlib

import pytest

from kinema import analysis, morrowind
from kinema._kinema import analysis as _a
from kinema._kinema import morrowind as _mw

TYPES = {"int": int, "float": float, "bool": bool, "str": str}


def wrapped():
    """Each wrapped function, the registry fields of its keywords, and a call with any other arguments."""
    return {
        "turn": (analysis.turn, _a.keyword_fields("turn"), lambda **k: analysis.turn(0.5, 1 / 30, **k)),
        "max_turn": (analysis.max_turn, _a.keyword_fields("turn"), lambda **k: analysis.max_turn(1 / 30, **k)),
        "stop": (analysis.stop, _a.keyword_fields("unreal"), lambda **k: analysis.stop(600.0, 60.0, **k)),
        "pivot": (analysis.pivot, _a.keyword_fields("unreal"), lambda **k: analysis.pivot(600.0, 60.0, **k)),
        "bake_distance_curve": (analysis.bake_distance_curve, _a.keyword_fields("bake"),
                                lambda **k: analysis.bake_distance_curve(
                                    [0.0, 0.5, 1.0], [[0, 0, 0], [50, 0, 0], [60, 0, 0]], **k)),
        "morrowind.speed": (morrowind.speed, _mw.actor_keyword_fields(), lambda **k: morrowind.speed(**k)),
        "morrowind.jump": (morrowind.jump, _mw.actor_keyword_fields(), lambda **k: morrowind.jump(**k)),
        "morrowind.fall": (morrowind.fall, _mw.actor_keyword_fields(), lambda **k: morrowind.fall(300.0, **k)),
    }


def snapshot(result):
    """A result's public attributes (arrays as lists), to compare two results field by field."""
    out = {}
    for name in dir(result):
        value = getattr(result, name)
        if not name.startswith("_") and not callable(value):
            if type(value).__module__.startswith("kinema"):  # a nested result (Stop.continuous)
                value = snapshot(value)
            out[name] = value.tolist() if hasattr(value, "tolist") else value
    return out


def registry_keywords(function, fields):
    keywords = {f["keyword"] for f in fields}
    return [p for p in inspect.signature(function).parameters.values() if p.name in keywords]


@pytest.mark.parametrize("name", list(wrapped()))
def test_keyword_defaults_and_docs_are_the_registrys(name):
    function, fields, _ = wrapped()[name]
    settings = registry_keywords(function, fields)
    assert [p.name for p in settings] == [f["keyword"] for f in fields]
    for p, f in zip(settings, fields):
        assert p.kind is inspect.Parameter.KEYWORD_ONLY, p.name
        assert p.default == f["default"] and type(p.default) is TYPES[f["type"]], p.name
        assert f"{f['keyword']}: {f['type']} = {f['default']!r} ({f['unit']}, {f['range']})" in function.__doc__
    # No **settings left in the signature: every keyword help() shows is one the registry holds.
    assert all(p.kind is not inspect.Parameter.VAR_KEYWORD for p in inspect.signature(function).parameters.values())


@pytest.mark.parametrize("name", list(wrapped()))
def test_every_keyword_is_accepted_and_its_default_changes_nothing(name):
    _, fields, call = wrapped()[name]
    baseline = snapshot(call())
    assert baseline
    assert snapshot(call(**{f["keyword"]: f["default"] for f in fields})) == baseline


def test_the_unreal_keywords_are_the_registrys_defaults():
    # movement/unreal.hpp: walking braking deceleration 2048 cm/s^2 (UE5's CharacterMovementComponent default).
    fields = {f["keyword"]: f for f in _a.keyword_fields("unreal")}
    assert fields["braking_deceleration_walking"]["default"] == 2048.0
    assert inspect.signature(analysis.stop).parameters["braking_deceleration_walking"].default == 2048.0


def test_sweep_lists_its_settings_from_the_registry():
    for f in _a.keyword_fields("sweep"):
        assert f"{f['keyword']}: {f['type']} = {f['default']!r} ({f['unit']}, {f['range']})" in analysis.sweep.__doc__


def test_the_stance_defaults_are_the_librarys():
    # movement/morrowind.hpp MorrowindStance: input (0, 1) straight ahead, every state off.
    stance = _mw.stance_defaults()
    assert stance == {"input": (0.0, 1.0), "run": False, "sneak": False, "swimming": False, "weapon_ready": False,
                      "incapacitated": False}
    parameters = inspect.signature(morrowind.speed).parameters
    for name, value in stance.items():
        assert parameters[name].default == value, name
    assert inspect.signature(morrowind.jump).parameters["run"].default is False
    # A default call is the explicit default stance.
    assert morrowind.speed().move_speed == morrowind.speed(**stance).move_speed


def stub_functions(module):
    tree = ast.parse(pathlib.Path(module.__file__).with_suffix(".pyi").read_text())
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


@pytest.mark.parametrize("name", list(wrapped()))
def test_stubs_list_the_registrys_keywords_and_type_no_default(name):
    function, fields, _ = wrapped()[name]
    module = morrowind if name.startswith("morrowind.") else analysis
    args = stub_functions(module)[function.__name__].args
    keywords = {f["keyword"] for f in fields}
    listed = [a for a in args.kwonlyargs if a.arg in keywords]
    assert [a.arg for a in listed] == [f["keyword"] for f in fields]
    assert [a.annotation.id for a in listed] == [f["type"] for f in fields]
    # Defaults are the registry's (inspect.signature); the stub writes none, so none can drift.
    assert all(isinstance(d, ast.Constant) and d.value is Ellipsis for d in args.kw_defaults)
    assert args.kwarg is None
