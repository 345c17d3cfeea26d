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


# Each designer's format read from data/levels chases as its original (the files other changes add: a test of
# a file not yet in data/ is skipped by name).
def _twin(levels_dir, name):
    path = levels_dir / name
    if not path.exists():
        pytest.skip(f"{path} is not in data/ yet")
    return str(path)


def _chase_json(level):
    return chase.run(level, (3.5, 2.5), (1, 0)).to_json().replace(level.map, "LEVEL")


@pytest.mark.parametrize("name", ["tiled/corner.tmx", "tiled/corner.tmj", "ldtk/corner.ldtk", "images/corner.png"])
def test_a_designers_level_chases_as_its_original(levels_dir, name):
    twin = chase.load_level(_twin(levels_dir, name))
    original = chase.load_level(str(levels_dir / "corner.txt"))
    assert (twin.passable == original.passable).all()
    assert _chase_json(twin) == _chase_json(original)


def test_the_level_keyword_picks_a_projects_level(levels_dir):
    project = _twin(levels_dir, "ldtk/all_levels.ldtk")
    for name in ("t_junction_equal", "warehouse_loop"):
        picked = chase.load_level(project, level=name)
        original = chase.load_level(str(levels_dir / f"{name}.txt"))
        assert (picked.passable == original.passable).all()
        assert picked.seed == original.seed
    with pytest.raises(ValueError, match="no_such_level"):
        chase.load_level(project, level="no_such_level")


@pytest.mark.skipif(not chase.HAS_NAV, reason="kinema::nav not built")
def test_a_gltf_scene_builds_the_objs_level(levels_dir):
    gltf = _twin(levels_dir, "corner_ramp.gltf")
    try:
        scene = chase.load_level_3d(gltf)
    except ValueError as error:
        if "format not supported" in str(error):
            pytest.skip(f"this kinema reads no glTF (built without Assimp): {error}")
        raise
    obj = chase.load_level_3d(str(levels_dir / "corner_ramp.obj"))
    assert scene.cells == obj.cells == 227
    a = chase.run_3d(scene, (10, 0, 2), (1, 0, 0))
    b = chase.run_3d(obj, (10, 0, 2), (1, 0, 0))
    assert a.to_json().replace(gltf, "LEVEL") == b.to_json().replace(str(levels_dir / "corner_ramp.obj"), "LEVEL")
