"""Level files through the one registry of level formats (issue 40): the loader is chosen by the extension in
any case, a .nav is a navmesh (load_level_3d reads it, run refuses it as a 3D level instead of parsing it as
ASCII), and an extension nothing reads is refused as such."""

import shutil
import subprocess

import pytest

from kinema import chase

def test_an_unknown_extension_is_refused(tmp_path, levels_dir):
    # Before: read as an ASCII level, so this renamed corner ran.
    xyz = tmp_path / "corner.xyz"
    shutil.copy(levels_dir / "corner.txt", xyz)
    with pytest.raises(ValueError) as error:
        chase.run(str(xyz))
    # The list goes on with the formats this build registers (designers' formats, Assimp's scenes).
    assert str(error.value).startswith(f"{xyz}: format not supported: .xyz; kinema reads .map, .txt, .obj, .nav")
    assert str(error.value).endswith(" (a file without an extension as .txt)")


def test_a_navmesh_is_not_a_grid_level(tmp_path):
    # Before: chase.run parsed a .nav as ASCII ("x.nav:1: unknown character ...").
    with pytest.raises(ValueError) as error:
        chase.run(str(tmp_path / "x.nav"))
    assert str(error.value) == f"{tmp_path / 'x.nav'}: a 3D level (navmesh), not a grid level"


@pytest.mark.skipif(not chase.HAS_NAV, reason="kinema::nav not built")
def test_load_level_3d_reads_a_navmesh_file(tmp_path, levels_dir, cli):
    # Before: load_level_3d parsed the binary .nav as an OBJ mesh.
    nav = tmp_path / "ramp.NAV"
    subprocess.run([cli, "navmesh", "build", str(levels_dir / "corner_ramp.obj"), "-o", str(nav)], check=True)
    from_nav = chase.load_level_3d(str(nav))
    from_obj = chase.load_level_3d(str(levels_dir / "corner_ramp.obj"))
    assert from_nav.cells == from_obj.cells == 227
    a = chase.run_3d(from_nav, (10, 0, 2), (1, 0, 0))
    b = chase.run_3d(from_obj, (10, 0, 2), (1, 0, 0))
    assert a.destination == b.destination and a.steps == b.steps == 40
    with pytest.raises(ValueError) as error:
        chase.load_level_3d(str(levels_dir / "corner.txt"))
    assert str(error.value).endswith("corner.txt: a grid level (kinema ASCII level), not a 3D level")
