"""Readable reprs for the extension's result classes (docs/python.md "Results"): the class name and its main
fields, each with its unit, e.g. Stop(distance=15.6191 cm, frames=6, time=0.1 s, ...). The fields and units
are the attributes' own (their docstrings); this only says which to show."""

from __future__ import annotations

import math
from typing import Iterable, Optional, Tuple

import numpy as np

Field = Tuple  # (attribute, unit or None) or (attribute, unit, show): show(obj) -> text, or None for the value

HIDDEN = object()
"""What a field's show(obj) returns to leave the field out of the repr (a field that means nothing here)."""


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
    for attribute, unit, *show in fields:
        # A field's own wording for a value that is a marker, not a quantity (-1 for "never"): no unit then.
        shown = show[0](obj) if show else None
        if shown is HIDDEN:
            continue
        if shown is not None:
            parts.append(f"{attribute}={shown}")
            continue
        text = _value(getattr(obj, attribute))
        parts.append(f"{attribute}={text} {unit}" if unit else f"{attribute}={text}")
    return f"{name}(" + ", ".join(parts) + ")"


def install(cls, fields: Iterable[Field], name: Optional[str] = None) -> None:
    """Gives `cls` a __repr__ listing `fields` ((attribute, unit or None) pairs, or (attribute, unit, show)
    where show(obj) gives the text for a marker value, None otherwise, HIDDEN to leave the field out) under its
    Python name."""
    fields = tuple(fields)
    shown = name or cls.__name__
    cls.__repr__ = lambda self: fields_repr(self, shown, fields)
