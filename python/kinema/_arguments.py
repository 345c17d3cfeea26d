"""Checks of the arguments the extension would otherwise take wrongly: a path with a NUL (a C string ends there,
so the file before it was read) and whole numbers out of a C integer's range (pybind11 raised a bare
"incompatible function arguments" TypeError). Each error names the argument, as the CLI's errors name a
flag."""

from __future__ import annotations

import operator
import os


def path(value, name: str) -> str:
    """`value` (str, bytes or os.PathLike) as a str path; ValueError naming `name` when it holds a NUL."""
    text = os.fsdecode(os.fspath(value))
    nul = text.find("\0")
    if nul >= 0:
        raise ValueError(f"{name}: the path contains a NUL character (at index {nul})")
    return text


def integer(value, name: str, where: str) -> int:
    """`value` as an int of any size (operator.index): TypeError naming `name` for a non-integer (a float, a
    bool); `where` begins the message ("value_at: col must be a whole number, got float")."""
    if isinstance(value, bool):
        raise TypeError(f"{where}: {name} must be a whole number, got bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{where}: {name} must be a whole number, got {type(value).__name__}") from None


def mesh_scale(value) -> float:
    """load_level_3d's scale as a float; TypeError for a bool or a non-number (the C++ checks the range)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"scale: expected a number, got {type(value).__name__}")
    return float(value)


def option(value, name: str) -> str:
    """A loader option (level, walls: `kinema chase --level NAME --walls NAME`) as a str, "" for None;
    TypeError naming `name` for another type, ValueError when it holds a NUL."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected a str or None, got {type(value).__name__}")
    nul = value.find("\0")
    if nul >= 0:
        raise ValueError(f"{name}: contains a NUL character (at index {nul})")
    return value


def whole_number(value, name: str, low: int, high: int, where: str) -> int:
    """`value` as an int in [low, high]: TypeError naming `name` for a non-integer (a float, a bool),
    ValueError for one out of the range; `where` begins the message as the library's own begin theirs
    ("invalid simulation: frames must be in [0, 200000], got -1")."""
    number = integer(value, name, where)
    if not low <= number <= high:
        raise ValueError(f"{where}: {name} must be in [{low}, {high}], got {number}")
    return number
