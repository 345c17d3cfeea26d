#!/usr/bin/env python3
"""Writes the LDtk and image twins of our ASCII levels (data/levels/*.txt), standard library only.

  data/levels/ldtk/NAME.ldtk        one project per level: an IntGrid layer "Collision" with the values
                                    1 = wall and 2 = floor (0 = outside, the ASCII ' '), and an Entities layer
                                    "Markers" with the entity "player" (its String field "direction" = "DX,DY")
  data/levels/ldtk/all_levels.ldtk  every level in one project (kinema's LevelReadOptions::level / --level)
  data/levels/ldtk/external.ldtk    two levels saved apart (externalLevels), in external/NAME.ldtkl
  data/levels/images/NAME.png       the collision mask: walls black, floor white, outside transparent (no
                                    markers: images carry no seed)

The JSON follows LDtk 1.5.3's layout (ldtk.io/json): the fields a game reads and the editor's own settings.
kinema's tests (tests/cli/ldtk_levels_cli_test.cpp) check that each twin chases, audits and pursues exactly as
its original. Run from anywhere: python3 scripts/make-ldtk-levels.py; with --check it writes nothing and fails,
naming them, when the checked-in files differ from what it would write (the ctest formats_twins_up_to_date).
"""

import json
import pathlib
import struct
import sys
import uuid
import zlib

from ascii_level import read_ascii_level

ROOT = pathlib.Path(__file__).resolve().parent.parent
LEVELS = ROOT / "data" / "levels"
GRID = 16  # pixels per cell, LDtk's default grid size
WALL, FLOOR = 1, 2
EXTERNAL_LEVELS = ["corner", "t_junction_equal"]
OUTPUT = {}  # path -> bytes, written (or compared) at the end


def read_level(path):
    """(name: the level's title, else the file's stem; rows, marker, direction) of an ASCII level."""
    title, rows, marker, direction = read_ascii_level(path)
    return title or path.stem, rows, marker, direction


def iid(*parts):
    """A stable LDtk iid (a UUID) from names, so the files do not change when regenerated."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "kinema-ldtk:" + ":".join(str(p) for p in parts)))


def cell_value(c):
    return 0 if c == " " else WALL if c == "#" else FLOOR


def layer_instance(level_uid, identifier, kind, def_uid, width, height):
    return {
        "__identifier": identifier, "__type": kind, "__cWid": width, "__cHei": height, "__gridSize": GRID,
        "__opacity": 1, "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": None,
        "__tilesetRelPath": None, "iid": iid(level_uid, identifier), "levelId": level_uid,
        "layerDefUid": def_uid, "pxOffsetX": 0, "pxOffsetY": 0, "visible": True, "optionalRules": [],
        "intGridCsv": [], "autoLayerTiles": [], "seed": level_uid * 1000 + def_uid, "overrideTilesetUid": None,
        "gridTiles": [], "entityInstances": [],
    }


def player_entity(level_uid, marker, direction):
    x, y = marker
    return {
        "__identifier": "player", "__grid": [x, y], "__pivot": [0.5, 0.5], "__tags": [], "__tile": None,
        "__smartColor": "#E03C3C", "__worldX": x * GRID + GRID // 2, "__worldY": y * GRID + GRID // 2,
        "iid": iid(level_uid, "player"), "width": GRID, "height": GRID, "defUid": 3,
        "px": [x * GRID + GRID // 2, y * GRID + GRID // 2],
        "fieldInstances": [{
            "__identifier": "direction", "__type": "String", "__value": direction, "__tile": None,
            "defUid": 4,
            "realEditorValues": [] if direction is None else [{"id": "V_String", "params": [direction]}],
        }],
    }


def level_json(level_uid, path, world_x):
    name, rows, marker, direction = read_level(path)
    width, height = len(rows[0]), len(rows)
    markers = layer_instance(level_uid, "Markers", "Entities", 2, width, height)
    if marker is not None:
        markers["entityInstances"].append(player_entity(level_uid, marker, direction))
    collision = layer_instance(level_uid, "Collision", "IntGrid", 1, width, height)
    collision["intGridCsv"] = [cell_value(c) for row in rows for c in row]
    return {
        "identifier": name, "iid": iid(level_uid, name), "uid": level_uid, "worldX": world_x, "worldY": 0,
        "worldDepth": 0, "pxWid": width * GRID, "pxHei": height * GRID, "__bgColor": "#696A79",
        "bgColor": None, "useAutoIdentifier": False, "bgRelPath": None, "bgPos": None, "bgPivotX": 0.5,
        "bgPivotY": 0.5, "__smartColor": "#ADADB5", "__bgPos": None, "externalRelPath": None,
        "fieldInstances": [], "layerInstances": [markers, collision], "__neighbours": [],
    }


def definitions():
    layer_common = {"displayOpacity": 1, "pxOffsetX": 0, "pxOffsetY": 0, "requiredTags": [],
                    "excludedTags": [], "autoRuleGroups": [], "autoSourceLayerDefUid": None,
                    "tilesetDefUid": None, "tilePivotX": 0, "tilePivotY": 0, "gridSize": GRID, "doc": None}
    collision = dict(layer_common, __type="IntGrid", identifier="Collision", type="IntGrid", uid=1,
                     intGridValues=[
                         {"value": WALL, "identifier": "wall", "color": "#000000", "tile": None, "groupUid": 0},
                         {"value": FLOOR, "identifier": "floor", "color": "#FFFFFF", "tile": None,
                          "groupUid": 0}],
                     intGridValuesGroups=[])
    markers = dict(layer_common, __type="Entities", identifier="Markers", type="Entities", uid=2,
                   intGridValues=[], intGridValuesGroups=[])
    direction = {"identifier": "direction", "doc": "the player's last direction, 'DX,DY' in tiles",
                 "__type": "String", "uid": 4, "type": "F_String", "isArray": False, "canBeNull": True,
                 "defaultOverride": None}
    player = {"identifier": "player", "uid": 3, "tags": [], "width": GRID, "height": GRID, "color": "#E03C3C",
              "pivotX": 0.5, "pivotY": 0.5, "maxCount": 1, "limitScope": "PerLevel", "fieldDefs": [direction]}
    npc = {"identifier": "npc", "uid": 5, "tags": [], "width": GRID, "height": GRID, "color": "#3C8CE0",
           "pivotX": 0.5, "pivotY": 0.5, "maxCount": 1, "limitScope": "PerLevel", "fieldDefs": []}
    return {"layers": [markers, collision], "entities": [player, npc], "tilesets": [], "enums": [],
            "externalEnums": [], "levelFields": []}


def project(name, levels, external=False):
    return {
        "__header__": {"fileType": "LDtk Project JSON", "app": "LDtk", "doc": "https://ldtk.io/json",
                       "schema": "https://ldtk.io/files/JSON_SCHEMA.json", "appAuthor": "Sebastien 'deepnight' Benard",
                       "appVersion": "1.5.3", "url": "https://ldtk.io"},
        "iid": iid("project", name), "jsonVersion": "1.5.3", "appBuildId": 473703, "nextUid": 1000,
        "identifierStyle": "Free", "toc": [], "worldLayout": "Free", "worldGridWidth": 256,
        "worldGridHeight": 256, "defaultLevelWidth": 256, "defaultLevelHeight": 256, "defaultPivotX": 0.5,
        "defaultPivotY": 0.5, "defaultGridSize": GRID, "defaultEntityWidth": GRID, "defaultEntityHeight": GRID,
        "bgColor": "#40465B", "defaultLevelBgColor": "#696A79", "minifyJson": False, "externalLevels": external,
        "exportTiled": False, "simplifiedExport": False, "imageExportMode": "None", "exportLevelBg": True,
        "pngFilePattern": None, "backupOnSave": False, "backupLimit": 10, "backupRelPath": None,
        "levelNamePattern": "Level_%idx", "tutorialDesc": None, "customCommands": [], "flags": [],
        "defs": definitions(), "levels": levels, "worlds": [], "dummyWorldIid": iid("world", name),
    }


def write_json(path, value):
    OUTPUT[path] = (json.dumps(value, indent=1) + "\n").encode()


def png(width, height, rgba_rows):
    """An 8-bit RGBA PNG (PNG spec: signature, IHDR, one IDAT of filter-0 rows, IEND)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + row for row in rgba_rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


PIXELS = {0: b"\x00\x00\x00\x00", WALL: b"\x00\x00\x00\xff", FLOOR: b"\xff\xff\xff\xff"}


def write_png(path, rows):
    OUTPUT[path] = png(len(rows[0]), len(rows), [b"".join(PIXELS[cell_value(c)] for c in r) for r in rows])


def main():
    sources = sorted(LEVELS.glob("*.txt"))
    every = []
    for index, path in enumerate(sources):
        uid = 100 + index
        write_json(LEVELS / "ldtk" / (path.stem + ".ldtk"), project(path.stem, [level_json(uid, path, 0)]))
        every.append(level_json(uid, path, sum(l["pxWid"] + GRID for l in every)))
        write_png(LEVELS / "images" / (path.stem + ".png"), read_level(path)[1])
    write_json(LEVELS / "ldtk" / "all_levels.ldtk", project("all_levels", every))
    external = []
    for index, stem in enumerate(EXTERNAL_LEVELS):
        level = level_json(200 + index, LEVELS / (stem + ".txt"), index * 1024)
        rel = "external/" + stem + ".ldtkl"
        write_json(LEVELS / "ldtk" / rel, level)
        external.append(dict(level, layerInstances=None, externalRelPath=rel))
    write_json(LEVELS / "ldtk" / "external.ldtk", project("external", external, external=True))
    if "--check" in sys.argv[1:]:
        stale = [str(p.relative_to(ROOT)) for p, data in sorted(OUTPUT.items())
                 if not p.exists() or p.read_bytes() != data]
        if stale:
            print("out of date (run scripts/make-ldtk-levels.py): " + ", ".join(stale))
            return 1
        print(f"up to date: {len(OUTPUT)} files")
        return 0
    for path, data in OUTPUT.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
