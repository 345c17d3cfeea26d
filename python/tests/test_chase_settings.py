"""kinema.chase's keyword settings and results come from the library: signatures, stubs and defaults from the
settings registry's grid chase description (the one `kinema chase` takes), keyword errors naming the keyword,
and typed results whose attributes and to_json() agree with the CLI's --json."""

import ast
import inspect
import json
import pathlib
import subprocess

import numpy as np
import pytest

from kinema import chase
from kinema._kinema import chase as _c

STUB = pathlib.Path(chase.__file__).with_suffix(".pyi")
TYPES = {"int": int, "float": float, "bool": bool, "str": str}


def wrapped():
    """Each wrapped function with the registry description its settings come from."""
    out = {"run": (chase.run, _c.settings_fields()), "run_batch": (chase.run_batch, _c.settings_fields()),
           "Flood.__init__": (chase.Flood.__init__, _c.settings_fields())}
    if chase.HAS_NAV:
        out["run_3d"] = (chase.run_3d, _c.settings_fields_3d("flood"))
        out["load_level_3d"] = (chase.load_level_3d, _c.settings_fields_3d("nav"))
    return out


def keyword_only(parameters):
    return [p for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY]


def test_the_grid_chase_description_is_the_clis():
    # The flood's fields by their bare names, the grid's under "grid." (the CLI's --connectivity and
    # --cell-size), each with the struct's default.
    fields = {f["keyword"]: f for f in _c.settings_fields()}
    assert list(fields) == ["hot", "max_heated", "max_steps", "max_restarts", "destination", "connectivity",
                            "cell_size"]
    assert fields["connectivity"]["field"] == "grid.connectivity"
    assert fields["cell_size"]["field"] == "grid.cell_size"
    # chase/flood_settings.hpp: H = 20, M_H = 25, M_S = 40 (Couvidou's Dishonored 2 chase chapter Table 1); grid.hpp: 8-connected, 1 unit.
    assert [fields[k]["default"] for k in fields] == [20, 25, 40, -1, "nearest_heated", 8, 1.0]


@pytest.mark.parametrize("name", ["run", "run_batch", "Flood.__init__", "run_3d", "load_level_3d"])
def test_signature_defaults_are_the_registrys(name):
    if name not in wrapped():
        pytest.skip("kinema::nav not built")
    function, fields = wrapped()[name]
    settings = keyword_only(inspect.signature(function).parameters.values())
    assert [p.name for p in settings] == [f["keyword"] for f in fields]
    for p, f in zip(settings, fields):
        assert p.default == f["default"] and type(p.default) is TYPES[f["type"]], p.name
        assert p.annotation is TYPES[f["type"]], p.name
        # The docstring lists each setting with its unit and range.
        assert f"{f['keyword']}: {f['type']} = {f['default']!r} ({f['unit']}, {f['range']})" in function.__doc__


def test_a_default_run_reports_the_registrys_defaults():
    r = chase.run(chase.default_level())
    defaults = {f["keyword"]: f["default"] for f in _c.settings_fields()}
    assert (r.hot, r.max_heated, r.max_steps) == (defaults["hot"], defaults["max_heated"], defaults["max_steps"])
    assert (r.connectivity, r.cell_size) == (defaults["connectivity"], defaults["cell_size"])


def stub_functions():
    tree = ast.parse(STUB.read_text())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = node
        elif isinstance(node, ast.ClassDef) and node.name == "Flood":
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    out["Flood.__init__"] = item
    return out


def test_stub_parameters_are_the_registrys_and_type_no_default():
    stubs = stub_functions()
    descriptions = {"run": _c.settings_fields(), "run_batch": _c.settings_fields(),
                    "Flood.__init__": _c.settings_fields()}
    if chase.HAS_NAV:
        descriptions["run_3d"] = _c.settings_fields_3d("flood")
        descriptions["load_level_3d"] = _c.settings_fields_3d("nav")
    for name, fields in descriptions.items():
        args = stubs[name].args
        assert [a.arg for a in args.kwonlyargs] == [f["keyword"] for f in fields], name
        assert [a.annotation.id for a in args.kwonlyargs] == [f["type"] for f in fields], name
        # Defaults are the registry's (help(), inspect.signature); the stub writes none, so none can drift.
        assert all(isinstance(d, ast.Constant) and d.value is Ellipsis for d in args.kw_defaults), name
        assert args.kwarg is None, name


def test_unknown_keyword_names_it_and_lists_the_valid_ones(tmp_path):
    with pytest.raises(ValueError, match=r"kinema.chase: unknown keyword argument 'hotness'; valid: hot, max_heated"):
        chase.run(chase.default_level(), hotness=3)
    with pytest.raises(ValueError, match="unknown keyword argument 'grid.cell_size'"):
        chase.run(chase.default_level(), **{"grid.cell_size": 2})
    if chase.HAS_NAV:
        obj = tmp_path / "floor.obj"
        obj.write_text("v 0 0 0\nv 10 0 0\nv 10 0 10\nv 0 0 10\nf 1 3 2\nf 1 4 3\n")
        with pytest.raises(ValueError, match="kinema.chase.run_3d: unknown keyword argument 'connectivity'"):
            chase.run_3d(str(obj), (2, 0, 5), (1, 0, 0), connectivity=4)
        # NavSettings's nested "snap_extents.x" is the keyword snap_extents_x.
        with pytest.raises(ValueError, match=r"snap_extents_x must be in \(0, 1000000\], got -1"):
            chase.load_level_3d(obj, snap_extents_x=-1)


def test_bad_values_name_the_keyword_not_the_field():
    # The grid's fields are "grid.connectivity" and "grid.cell_size" in the registry; the user typed
    # connectivity= and cell_size=.
    with pytest.raises(ValueError) as bad_connectivity:
        chase.run(chase.default_level(), connectivity=6)
    assert str(bad_connectivity.value) == "invalid GridChaseSettings: connectivity must be 4 or 8, got 6"
    with pytest.raises(ValueError) as bad_size:
        chase.Flood(chase.default_level(), cell_size=-1)
    assert str(bad_size.value) == "invalid GridChaseSettings: cell_size must be in [1e-06, 1000000], got -1"
    with pytest.raises(TypeError, match="max_steps must be a number, a bool or a str, got list"):
        chase.run_batch(chase.default_level(), [[1.5, 1.5]], [[1, 0]], max_steps=[3])


def cli_json(cli, *args):
    return subprocess.run([cli, "chase", "--json", *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def test_attributes_are_the_json_fields(cli, levels_dir):
    path = str(levels_dir / "corridor_into_room.txt")
    r = chase.run(path, (7, 5), (1, 0.5), cell_size=2, connectivity=4, max_steps=12)
    assert r.to_json() == cli_json(cli, "--map", path, "--from", "7,5", "--dir", "1,0.5", "--cell-size", "2",
                                   "--connectivity", "4", "--max-steps", "12")
    document = json.loads(r.to_json())
    for key, value in document.items():
        attribute = getattr(r, "from_" if key == "from" else key)
        expected = tuple(tuple(v) for v in value) if key == "touched" else \
            tuple(value) if isinstance(value, list) else value
        assert attribute == expected, key
    assert r.cell_size == 2.0 and r.connectivity == 4 and r.max_steps == 12
    assert r.npc is None and r.path is None and r.cell_height is None
    assert r.to_dict() == document and r.json == r.to_json()


@pytest.mark.skipif(not chase.HAS_NAV, reason="kinema::nav not built")
def test_3d_result_to_json_is_the_clis(cli, tmp_path):
    obj = tmp_path / "floor.obj"
    obj.write_text("v 0 0 0\nv 10 0 0\nv 10 0 10\nv 0 0 10\nf 1 3 2\nf 1 4 3\n")
    r = chase.run_3d(str(obj), (2, 0, 5), (1, 0, 0), npc=(8, 0, 8), max_steps=6)
    assert r.to_json() == cli_json(cli, "--map", str(obj), "--from", "2,0,5", "--dir", "1,0,0", "--npc", "8,0,8",
                                   "--max-steps", "6")
    document = r.to_dict()
    assert r.path_status == document["path_status"] and r.path == tuple(tuple(p) for p in document["path"])
    assert r.npc == (8.0, 0.0, 8.0) and r.connectivity is None and r.cell_height == document["cell_height"]


def test_batch_result_is_typed_and_each_row_is_a_chase():
    level = chase.default_level()
    starts = np.array([[17.5, 24.5], [3.5, 2.5], [10.5, 10.5]])
    dirs = np.array([[1, 0], [0, 1], [-1, -1]])
    batch = chase.run_batch(level, starts, dirs, max_steps=15, destination="nearest_warm")
    assert isinstance(batch, chase.BatchResult) and len(batch) == 3
    rows = json.loads(batch.to_json())
    for i, (start, d) in enumerate(zip(starts, dirs)):
        single = chase.run(level, start, d, max_steps=15, destination="nearest_warm")
        assert batch.steps[i] == single.steps and batch.stop_reason[i] == single.stop_reason
        assert tuple(batch.destination_cell[i]) == single.destination_cell
        assert tuple(batch.destination[i]) == single.destination
        assert batch.heated_cells[i] == single.heated_cells
        assert tuple(batch.dead_reckoning[i]) == single.dead_reckoning
        document = single.to_dict()
        assert rows[i] == {k: document[k] for k in ("steps", "stop_reason", "destination_cell", "destination",
                                                      "heated_cells", "dead_reckoning")}
    assert np.array_equal(batch["steps"], batch.steps)
    with pytest.raises(KeyError):
        batch["touched"]
