"""kinema.chase's split destinations for a team (destinations=K, docs/chase.md "Split destinations for a team"):
the T junction by hand, K = 1 as the flood's own destination, the JSON equal to `kinema chase --json
--destinations K` on kinema's own levels, and bad K as the library's one-line errors."""

import json
import subprocess

import numpy as np
import pytest

from kinema import chase

LEVELS = ["corner.txt", "corridor_into_room.txt", "long_corridor.txt", "side_exit_behind.txt",
          "t_junction_equal.txt", "t_junction_unequal.txt", "warehouse_loop.txt"]


def cli_json(cli, *args):
    out = subprocess.run([cli, "chase", "--json", *args], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def test_t_junction_puts_one_destination_in_each_branch(levels_dir):
    # tests/chase/split_test.cpp works it out by hand: the stem is column 16, the cross corridor row 2 (columns
    # 1-31); a cell of the west branch at column c holds 21 - c, so the west region (columns 1-14) has heat
    # sum_{c=1..14} (21 - c) = 189 and centroid x = 1284.5 / 189, nearest column 6; the east region (the rest,
    # the junction and the stem with it) has heat 216 over 23 cells, destination (24, 2).
    r = chase.run(levels_dir / "t_junction_equal.txt", destinations=2)
    assert r.destination_cell == chase.Cell(16, 2)  # the one destination stays the junction
    assert r.destinations == ((24.5, 2.5), (6.5, 2.5))
    east, west = r.destination_regions
    assert isinstance(east, chase.DestinationRegion)
    assert (east.destination_cell, east.destination, east.heat, east.cells) == (chase.Cell(24, 2), (24.5, 2.5), 216, 23)
    assert (west.destination_cell, west.destination, west.heat, west.cells) == (chase.Cell(6, 2), (6.5, 2.5), 189, 14)
    assert west.centroid == pytest.approx((1284.5 / 189, 2.5), abs=1e-12)
    assert east.heat + west.heat == sum(int(v) for v in r.values[r.values > 0])
    assert east.cells + west.cells == r.heated_cells


def test_one_destination_is_the_floods_own(levels_dir):
    for name in LEVELS:
        r = chase.run(levels_dir / name, destinations=1)
        assert r.destinations == (r.destination,), name
        (region,) = r.destination_regions
        assert region.destination_cell == r.destination_cell and region.centroid == r.centroid, name
        assert region.cells == r.heated_cells, name


def test_without_destinations_nothing_changes(levels_dir):
    path = levels_dir / "t_junction_equal.txt"
    plain = chase.run(path)
    assert plain.destinations is None and plain.destination_regions is None
    assert "destinations" not in plain.to_dict() and "destination_regions" not in plain.to_dict()
    assert "destinations=" not in repr(plain)
    split = chase.run(path, destinations=2).to_dict()
    del split["destinations"], split["destination_regions"]
    assert split == plain.to_dict()


@pytest.mark.parametrize("name", LEVELS)
def test_split_json_equals_the_cli(cli, levels_dir, name):
    path = str(levels_dir / name)
    r = chase.run(path, destinations=3)
    text = cli_json(cli, "--map", path, "--destinations", "3")
    assert r.to_json() == text  # the library's one writer: byte for byte
    document = json.loads(text)
    assert [list(p) for p in r.destinations] == document["destinations"]
    assert [{"destination_cell": list(g.destination_cell), "centroid": list(g.centroid), "heat": g.heat,
             "cells": g.cells} for g in r.destination_regions] == document["destination_regions"]
    assert [list(g.destination) for g in r.destination_regions] == document["destinations"]


def test_explicit_seed_and_settings_equal_the_cli(cli, levels_dir):
    path = str(levels_dir / "warehouse_loop.txt")
    level = chase.load_level(path)
    (x, y), _ = level.seed
    r = chase.run(path, (x, y), (0, 1), destinations=4, connectivity=4, hot=30, max_heated=60)
    text = cli_json(cli, "--map", path, "--from", f"{x},{y}", "--dir", "0,1", "--destinations", "4",
                    "--connectivity", "4", "--hot", "30", "--max-heated", "60")
    assert r.to_json() == text
    assert len(r.destinations) == 4
    heats = [g.heat for g in r.destination_regions]
    assert heats == sorted(heats, reverse=True)  # largest heat first


def test_flood_start_with_destinations_equals_run(levels_dir):
    path = levels_dir / "t_junction_unequal.txt"
    f = chase.Flood(path).start(destinations=2)
    while not f.advance(3):
        assert len(f.result.destinations) <= 2  # the split so far, mid-run
    assert f.result.to_json() == chase.run(path, destinations=2).to_json()


def test_repr_lists_the_destinations_with_units(levels_dir):
    r = chase.run(levels_dir / "t_junction_equal.txt", destinations=2)
    assert repr(r).endswith(", destinations=[(24.5, 2.5), (6.5, 2.5)] map units)")
    assert repr(r.destination_regions[1]) == (
        "DestinationRegion(destination_cell=Cell(col=6, row=2), destination=(6.5, 2.5) map units, "
        "centroid=(6.7963, 2.5) map units, heat=189, cells=14)")


def test_bad_destinations_are_the_librarys_one_line_errors(cli, levels_dir):
    path = levels_dir / "t_junction_equal.txt"
    for k in (0, 17, -1, 10**30):
        with pytest.raises(ValueError) as bad:
            chase.run(path, destinations=k)
        assert str(bad.value) == f"invalid chase query: destinations must be in [1, 16], got {k}"
    for k, shown in ((1.5, "1.5"), (2.0, "2.0"), ("3", "'3'"), (True, "True"), ([2], "[2]")):
        with pytest.raises(ValueError) as bad:
            chase.run(path, destinations=k)
        assert str(bad.value) == f"invalid chase query: destinations must be a whole number in [1, 16], got {shown}"
    with pytest.raises(ValueError, match="destinations must be in"):
        chase.Flood(path).start(destinations=0)
    # numpy's integers are whole numbers.
    assert chase.run(path, destinations=np.int64(2)).destinations == ((24.5, 2.5), (6.5, 2.5))
    # The CLI says the same about its flag.
    done = subprocess.run([cli, "chase", "--map", str(path), "--destinations", "0"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr == "kinema: error: --destinations: must be in [1, 16], got 0\n"


@pytest.mark.skipif(not chase.HAS_NAV, reason="kinema::nav not built")
def test_3d_split_equals_the_cli(cli, levels_dir):
    path = str(levels_dir / "corner_ramp.obj")
    r = chase.run_3d(path, (1, 0, 2), (1, 0, 0), destinations=3)
    assert r.to_json() == cli_json(cli, "--map", path, "--from", "1,0,2", "--dir", "1,0,0", "--destinations", "3")
    assert len(r.destinations) == 3 and all(len(p) == 3 for p in r.destinations)
    assert [len(g.destination_cell) for g in r.destination_regions] == [3, 3, 3]
