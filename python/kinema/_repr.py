"""Readable reprs for the extension's result classes (docs/python.md "Results"): the class name and its main
fields, each with its unit, e.g. Stop(distance=15.6191 cm, frames=6, time=0.1 s, ...). The fields and units
are the attributes' own (their docstrings); this only says which to show."""

from __future__ import annotations

import math
from typing import Iterable, Optional, Tuple

import numpy as np

Field = Tuple[str, Optional[str]]


def _number(value: float) -> str:
    if isinstance(value, float) and math.isfinite(value):
        return f"{value:.6g}"
    return repr(value)


def _value(value) -> str:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return repr(value)
    if isinstance(value, (int, float)):
        return _number(value)
    if isinstance(value, np.ndarray):
        if value.size <= 8:
            return _value(value.tolist())
        return f"<{value.dtype} array {value.shape}>"
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return f"{type(value).__name__}(" + ", ".join(f"{k}={_value(v)}" for k, v in zip(value._fields, value)) + ")"
    if isinstance(value, (tuple, list)):
        inner = ", ".join(_value(v) for v in value[:6]) + ("" if len(value) <= 6 else ", ...")
        return "(" + inner + ")" if isinstance(value, tuple) else "[" + inner + "]"
    return repr(value)


def value_text(value) -> str:
    """A value as the reprs show it: numbers to 6 significant digits, named tuples with their field names."""
    return _value(value)


def fields_repr(obj, name: str, fields: Iterable[Field]) -> str:
    parts = []
    for attribute, unit in fields:
        text = _value(getattr(obj, attribute))
        parts.append(f"{attribute}={text} {unit}" if unit else f"{attribute}={text}")
    return f"{name}(" + ", ".join(parts) + ")"


def install(cls, fields: Iterable[Field], name: Optional[str] = None) -> None:
    """Gives `cls` a __repr__ listing `fields` ((attribute, unit or None) pairs) under its Python name."""
    fields = tuple(fields)
    shown = name or cls.__name__
    cls.__repr__ = lambda self: fields_repr(self, shown, fields)
