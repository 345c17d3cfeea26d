"""load_level_3d's scale= and up= (issue 41), the CLI's --scale and --up: a twin of corner_ramp.obj in
centimetres and one turned z up build the original's level and chase as it, apart from the file's name."""

import subprocess

import pytest

from kinema import chase

pytestmark = pytest.mark.skipif(not chase.HAS_NAV, reason="kinema::nav not built")


def _twin(levels_dir, tmp_path, name, moved):
    """corner_ramp.obj with every vertex (x, y, z) written as moved(x, y, z) (whole numbers: exact)."""
    lines = []
    for line in (levels_dir / "corner_ramp.obj").read_text().splitlines():
        if line.startswith("v "):
            x, y, z = (int(v) for v in line.split()[1:4])
            line = "v %d %d %d" % moved(x, y, z)
        lines.append(line)
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def _chase_json(level):
    return chase.run_3d(level, (1, 0, 2), (1, 0, 0), npc=(18, 3, 30)).to_json().replace(level.map, "LEVEL")


def test_scale_and_up_read_a_twin_as_the_original(levels_dir, tmp_path):
    original = _chase_json(chase.load_level_3d(str(levels_dir / "corner_ramp.obj")))
    cm = _twin(levels_dir, tmp_path, "ramp_cm.obj", lambda x, y, z: (100 * x, 100 * y, 100 * z))
    z_up = _twin(levels_dir, tmp_path, "ramp_z_up.obj", lambda x, y, z: (x, -z, y))
    assert _chase_json(chase.load_level_3d(cm, scale=0.01)) == original
    assert _chase_json(chase.load_level_3d(z_up, up="z")) == original
    with pytest.raises(ValueError) as error:  # without up="z", the ramp's walls are its only floor: too steep
        chase.load_level_3d(z_up)
    assert "no walkable surface" in str(error.value)


@pytest.mark.parametrize("scale", [0, -1, 2e6, float("nan"), float("inf")])
def test_a_scale_out_of_range_is_a_value_error_naming_it(levels_dir, scale):
    with pytest.raises(ValueError) as error:
        chase.load_level_3d(str(levels_dir / "corner_ramp.obj"), scale=scale)
    assert str(error.value).startswith("scale: must be a number in [1e-06, 1e+06] (metres per unit of the file")


def test_bad_up_and_types_are_refused(levels_dir):
    ramp = str(levels_dir / "corner_ramp.obj")
    with pytest.raises(ValueError) as error:
        chase.load_level_3d(ramp, up="x")
    assert str(error.value) == "up: must be 'y' or 'z' (the file's up axis), got 'x'"
    with pytest.raises(TypeError) as error:
        chase.load_level_3d(ramp, scale="0.01")
    assert str(error.value) == "scale: expected a number, got str"


def test_a_navmesh_refuses_them(levels_dir, tmp_path, cli):
    nav = tmp_path / "ramp.nav"
    subprocess.run([cli, "navmesh", "build", str(levels_dir / "corner_ramp.obj"), "-o", str(nav)], check=True)
    assert chase.load_level_3d(str(nav), scale=1, up="y").cells > 0
    with pytest.raises(ValueError) as error:
        chase.load_level_3d(str(nav), up="z")
    assert str(error.value).startswith(f"up: has no effect on {nav}: the navmesh format is in metres with y up")
