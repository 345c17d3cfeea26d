"""Shared fixtures: where kinema's own levels and the C++ CLI are (set by ctest; see python/CMakeLists.txt)."""

import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("KINEMA_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
DATA_DIR = pathlib.Path(os.environ.get("KINEMA_DATA_DIR", SOURCE_DIR / "data"))


@pytest.fixture
def levels_dir():
    return DATA_DIR / "levels"


@pytest.fixture
def cli():
    path = os.environ.get("KINEMA_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("the kinema CLI is not built (KINEMA_BUILD_CLI=OFF)")
    return path
