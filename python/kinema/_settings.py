"""Keyword settings from the C++ settings registry: a function that takes settings as **settings gets the
registry's keyword-only parameters (names, types, defaults) as its signature and their units, ranges and docs in
its docstring, so that help() shows them and no default is written in this package. `fields` is what a
settings_fields()/keyword_fields() binding returns: one dict per keyword with keyword, type, default, unit, range
and doc."""

from __future__ import annotations

import inspect

_TYPES = {"int": int, "float": float, "bool": bool, "str": str}


def settings_help(fields: list) -> str:
    """One line per keyword: "keyword: type = default (unit, valid range): doc"."""
    return "".join(f"\n    {f['keyword']}: {f['type']} = {f['default']!r} ({f['unit']}, {f['range']}): {f['doc']}"
                   for f in fields)


def with_settings(function, fields: list, title: str):
    """Gives `function` the registry's keyword-only parameters in place of its **settings and appends their
    help to its docstring under `title`."""
    signature = inspect.signature(function)
    kept = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    settings = [inspect.Parameter(f["keyword"], inspect.Parameter.KEYWORD_ONLY, default=f["default"],
                                  annotation=_TYPES[f["type"]]) for f in fields]
    function.__signature__ = signature.replace(parameters=kept + settings)
    function.__doc__ = (function.__doc__ or "") + f"\n\n{title} (keyword, type = default (unit, valid range): doc), " \
        "from the settings registry:" + settings_help(fields) + "\n"
    return function
