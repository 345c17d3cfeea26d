"""Designers' levels (issue 41): load_level and load_level_3d take the CLI's --level and --walls as level= and
walls=, refused where the file's format ignores them, and a Level shows the markers its file has."""

import pytest

from kinema import chase


def test_load_level_without_options_is_load_level(levels_dir):
    corner = str(levels_dir / "corner.txt")
    plain = chase.load_level(corner)
    given = chase.load_level(corner, level=None, walls=None)
    assert (given.width, given.height) == (plain.width, plain.height) == (21, 32)
    assert (given.passable == plain.passable).all()
    # An ASCII level marks the player; no format of the core marks an NPC.
    assert given.seed == ((3.5, 2.5), (1.0, 0.0))
    assert given.npc_start is None
    assert given.title == "corner"  # its name: header


def test_an_option_the_format_ignores_is_refused(levels_dir):
    corner = str(levels_dir / "corner.txt")
    with pytest.raises(ValueError) as error:
        chase.load_level(corner, level="Level_1")
    assert str(error.value).startswith(
        f"level: has no effect on {corner}: the kinema ASCII level format holds one level (")
    with pytest.raises(ValueError) as error:
        chase.load_level(corner, walls="lava")
    assert str(error.value).startswith(
        f"walls: has no effect on {corner}: the kinema ASCII level format marks its own walls (")
    with pytest.raises(TypeError) as error:
        chase.load_level(corner, level=2)
    assert str(error.value) == "level: expected a str or None, got int"
    with pytest.raises(ValueError) as error:
        chase.load_level(corner, walls="la\0va")
    assert str(error.value) == "walls: contains a NUL character (at index 2)"


@pytest.mark.skipif(not chase.HAS_NAV, reason="kinema::nav not built")
def test_load_level_3d_refuses_an_option_the_mesh_ignores(levels_dir):
    ramp = str(levels_dir / "corner_ramp.obj")
    assert chase.load_level_3d(ramp, level=None, walls="").cells == 227
    with pytest.raises(ValueError) as error:
        chase.load_level_3d(ramp, walls="walls")
    assert str(error.value).startswith(
        f"walls: has no effect on {ramp}: the OBJ triangle mesh format marks its own walls (")
