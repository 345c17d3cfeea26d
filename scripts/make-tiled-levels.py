#!/usr/bin/env python3
"""Writes our ASCII levels (data/levels/*.txt) as Tiled maps: data/levels/tiled/NAME.tmx and NAME.tmj.

    scripts/make-tiled-levels.py [--levels data/levels] [--out data/levels/tiled]

Each map is the same level as its .txt (the same tiles, title and player marker; docs/levels.md "Tiled maps"),
so `kinema chase --json` gives the same output for both apart from the file name (tests/cli/
tiled_levels_cli_test.cpp). The maps vary what they exercise, one way of Tiled's per file (see STYLES below):

- tile layer data: CSV, base64 uncompressed, base64 + zlib, base64 + gzip, old TMX <tile gid> elements, JSON
  arrays (zstd needs a library Python's standard one lacks: tests/formats/tiled_test.cpp covers it);
- tilesets: embedded, external .tsx (kinema-tiles.tsx) and .tsj (kinema-tiles.tsj), whose wall tile has the
  bool property `collides`; a plain tileset without it where a `walls` layer marks the walls;
- walls by `collides`, by a layer named `walls` (or `Walls` alone, every other tile floor), by rectangles,
  polygons and rotated rectangles in an object layer `collision`;
- group layers, an infinite map whose chunks start at negative coordinates, flipped and rotated tiles.

The player is a point object named `player` (or of class `player`) at the marked tile's centre with the
string property `direction` ("DX,DY"); the map's property `name` is the level's title. ' ' (outside the level)
is an empty tile. The output depends only on the input levels: the same command writes the same bytes.
Standard library only.
"""

import argparse
import base64
import gzip
import json
import pathlib
import struct
import zlib

from ascii_level import MARKER_DIRECTIONS, read_ascii_level

FLOOR, WALL = 0, 1  # local tile ids in kinema-tiles (wall has collides = true)
TILE = 32  # pixels
FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000


def is_floor(ch):
    return ch == "." or ch in MARKER_DIRECTIONS


def gids_collides(rows, flips=False):
    """One layer: floor and wall tiles of kinema-tiles (first GID 1), ' ' empty; optionally flipped."""
    out = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            gid = 0 if ch == " " else 1 + (FLOOR if is_floor(ch) else WALL)
            if flips and gid and (r * 7 + c * 3) % 5 == 0:  # flips and rotations change nothing in kinema
                gid |= (FLIP_H, FLIP_V, FLIP_D, FLIP_H | FLIP_D, FLIP_V | FLIP_D)[(r + c) % 5]
            out.append(gid)
    return out


def gids_where(rows, keep):
    """GID 1 where keep(ch), else empty."""
    return [1 if keep(ch) else 0 for row in rows for ch in row]


def encode(gids, compression):
    raw = struct.pack("<%dI" % len(gids), *gids)
    if compression == "zlib":
        raw = zlib.compress(raw, 9)
    elif compression == "gzip":
        raw = gzip.compress(raw, 9, mtime=0)  # mtime 0: the same bytes every run
    return base64.b64encode(raw).decode("ascii")


# ---- tilesets ----------------------------------------------------------------------------------------------

def png(width, height, pixel):
    """A small RGB PNG: pixel(x, y) -> (r, g, b)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + bytes(v for x in range(width) for v in pixel(x, y)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def tiles_png(x, y):
    if x < TILE:  # floor: light grey with a faint grid line
        return (200, 200, 190) if x % TILE and y % TILE else (170, 170, 160)
    return (60, 60, 70) if (x // 8 + y // 8) % 2 else (80, 80, 90)  # wall: dark checks


TSX_TILES = """ <image source="kinema-tiles.png" width="64" height="32"/>
 <tile id="0" type="floor"/>
 <tile id="1" type="wall">
  <properties>
   <property name="collides" type="bool" value="true"/>
  </properties>
 </tile>
"""


def tsx_embedded(firstgid=1):
    return (f' <tileset firstgid="{firstgid}" name="kinema-tiles" tilewidth="{TILE}" tileheight="{TILE}" '
            f'tilecount="2" columns="2">\n' + "\n".join(" " + l for l in TSX_TILES.splitlines()) + "\n </tileset>\n")


def tsx_file():
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<tileset version="1.10" tiledversion="1.10.2" name="kinema-tiles" tilewidth="{TILE}" '
            f'tileheight="{TILE}" tilecount="2" columns="2">\n' + TSX_TILES + "</tileset>\n")


def tsj_tileset():
    return {"columns": 2, "image": "kinema-tiles.png", "imagewidth": 64, "imageheight": 32, "margin": 0,
            "name": "kinema-tiles", "spacing": 0, "tilecount": 2, "tileheight": TILE, "tilewidth": TILE,
            "tiles": [{"id": 0, "type": "floor"},
                      {"id": 1, "type": "wall",
                       "properties": [{"name": "collides", "type": "bool", "value": True}]}]}


def tsj_file():
    return dict(tsj_tileset(), type="tileset", version="1.10", tiledversion="1.10.2")


PLAIN_TSX = (f' <tileset firstgid="1" name="plain" tilewidth="{TILE}" tileheight="{TILE}" tilecount="1" '
             'columns="1">\n  <image source="kinema-tiles.png" width="32" height="32"/>\n </tileset>\n')
PLAIN_TSJ = {"firstgid": 1, "name": "plain", "tilewidth": TILE, "tileheight": TILE, "tilecount": 1, "columns": 1,
             "image": "kinema-tiles.png", "imagewidth": 32, "imageheight": 32, "margin": 0, "spacing": 0}


# ---- objects ------------------------------------------------------------------------------------------------

def wall_objects(rows):
    """Objects covering exactly the '#' tiles: a rectangle per horizontal run of 2+ walls on even rows, a
    polygon on odd rows; a single wall with walls below it starts a vertical run, a rectangle turned 90
    degrees about its top-left corner. Each object is (kind, x, y, width, height, rotation, points)."""
    covered = set()
    objects = []
    height, width = len(rows), len(rows[0])
    for r in range(height):
        c = 0
        while c < width:
            if rows[r][c] != "#" or (c, r) in covered:
                c += 1
                continue
            end = c
            while end < width and rows[r][end] == "#" and (end, r) not in covered:
                end += 1
            if end - c == 1:  # a single wall: run downwards
                down = r
                while down < height and rows[down][c] == "#" and (c, down) not in covered:
                    down += 1
                # A w x h rectangle turned 90 degrees clockwise about (x, y) covers [x - h, x] x [y, y + w].
                objects.append(("rect", (c + 1) * TILE, r * TILE, (down - r) * TILE, TILE, 90, None))
                covered.update((c, k) for k in range(r, down))
            elif r % 2 == 0:
                objects.append(("rect", c * TILE, r * TILE, (end - c) * TILE, TILE, 0, None))
                covered.update((k, r) for k in range(c, end))
            else:
                w = (end - c) * TILE
                objects.append(("polygon", c * TILE, r * TILE, 0, 0, 0, [(0, 0), (w, 0), (w, TILE), (0, TILE)]))
                covered.update((k, r) for k in range(c, end))
            c = end
    return objects


def marker(level, use_class=False):
    """The player's point object, or None."""
    _, _, at, direction = level
    if at is None:
        return None
    return {"x": (at[0] + 0.5) * TILE, "y": (at[1] + 0.5) * TILE, "direction": direction, "class": use_class}


# ---- TMX ----------------------------------------------------------------------------------------------------

def tmx_data(gids, width, encoding, indent="  "):
    if encoding == "csv":
        lines = [",".join(str(g) for g in gids[i:i + width]) for i in range(0, len(gids), width)]
        return f'{indent}<data encoding="csv">\n' + ",\n".join(lines) + f"\n{indent}</data>\n"
    if encoding == "tiles":  # the oldest TMX layout, one element per tile
        return f"{indent}<data>\n" + "".join(f'{indent} <tile gid="{g}"/>\n' if g else f"{indent} <tile/>\n"
                                             for g in gids) + f"{indent}</data>\n"
    compression = encoding.split("+")[1] if "+" in encoding else None
    attrs = ' encoding="base64"' + (f' compression="{compression}"' if compression else "")
    return f"{indent}<data{attrs}>\n{indent} {encode(gids, compression)}\n{indent}</data>\n"


def tmx_layer(layer_id, name, gids, width, height, encoding, indent=" "):
    return (f'{indent}<layer id="{layer_id}" name="{name}" width="{width}" height="{height}">\n' +
            tmx_data(gids, width, encoding, indent + " ") + f"{indent}</layer>\n")


def tmx_chunked_layer(layer_id, name, gids, width, height, encoding, origin):
    """An infinite map's layer in four chunks whose corner is `origin` (negative): the level's top-left
    tile lands on Tiled's tile `origin`, the chunks split it 16 columns and 8 rows in."""
    ox, oy = origin
    out = f' <layer id="{layer_id}" name="{name}" width="{width}" height="{height}">\n  <data encoding="csv">\n'
    for (c0, c1) in ((0, 16), (16, width)):
        for (r0, r1) in ((0, 8), (8, height)):
            part = [gids[r * width + c] for r in range(r0, r1) for c in range(c0, c1)]
            rows = [",".join(str(g) for g in part[i:i + c1 - c0]) for i in range(0, len(part), c1 - c0)]
            out += (f'   <chunk x="{ox + c0}" y="{oy + r0}" width="{c1 - c0}" height="{r1 - r0}">\n' +
                    ",\n".join(rows) + "\n   </chunk>\n")
    return out + "  </data>\n </layer>\n"


def tmx_objects(layer_id, name, objects, offset=(0, 0)):
    ox, oy = offset[0] * TILE, offset[1] * TILE
    out = f' <objectgroup id="{layer_id}" name="{name}">\n'
    for i, (kind, x, y, w, h, rotation, points) in enumerate(objects, start=1):
        attrs = f'id="{100 + i}" x="{x + ox}" y="{y + oy}"'
        if kind == "rect":
            rot = f' rotation="{rotation}"' if rotation else ""
            out += f"  <object {attrs} width=\"{w}\" height=\"{h}\"{rot}/>\n"
        else:
            pts = " ".join(f"{px},{py}" for px, py in points)
            out += f'  <object {attrs}>\n   <polygon points="{pts}"/>\n  </object>\n'
    return out + " </objectgroup>\n"


def tmx_marker_layer(layer_id, player, offset=(0, 0)):
    if player is None:
        return ""
    who = 'name="Start" class="player"' if player["class"] else 'name="player"'
    props = ""
    if player["direction"]:
        props = (f'\n   <properties>\n    <property name="direction" value="{player["direction"]}"/>\n'
                 "   </properties>\n   <point/>\n  ")
    else:
        props = "\n   <point/>\n  "
    x, y = player["x"] + offset[0] * TILE, player["y"] + offset[1] * TILE
    return (f' <objectgroup id="{layer_id}" name="markers">\n  <object id="1" {who} x="{x}" y="{y}">{props}'
            "</object>\n </objectgroup>\n")


def tmx_map(title, width, height, body, infinite=False):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
            f'width="{width}" height="{height}" tilewidth="{TILE}" tileheight="{TILE}" '
            f'infinite="{1 if infinite else 0}" nextlayerid="9" nextobjectid="1000">\n'
            f' <properties>\n  <property name="name" value="{title}"/>\n </properties>\n' + body + "</map>\n")


# ---- TMJ ----------------------------------------------------------------------------------------------------

def tmj_data(layer, gids, encoding):
    if encoding == "array":
        layer["data"] = gids
    else:
        compression = encoding.split("+")[1] if "+" in encoding else ""
        layer.update(encoding="base64", compression=compression, data=encode(gids, compression or None))
    return layer


def tmj_layer(layer_id, name, gids, width, height, encoding):
    return tmj_data({"id": layer_id, "name": name, "type": "tilelayer", "x": 0, "y": 0, "width": width,
                     "height": height, "opacity": 1, "visible": True}, gids, encoding)


def tmj_chunked_layer(layer_id, name, gids, width, height, encoding, origin):
    ox, oy = origin
    chunks = []
    for (c0, c1) in ((0, 16), (16, width)):
        for (r0, r1) in ((0, 8), (8, height)):
            part = [gids[r * width + c] for r in range(r0, r1) for c in range(c0, c1)]
            chunks.append(tmj_data({"x": ox + c0, "y": oy + r0, "width": c1 - c0, "height": r1 - r0}, part,
                                   encoding))
    layer = {"id": layer_id, "name": name, "type": "tilelayer", "x": 0, "y": 0, "startx": ox, "starty": oy,
             "width": width, "height": height, "opacity": 1, "visible": True, "chunks": chunks}
    if encoding != "array":
        layer.update(encoding="base64", compression=encoding.split("+")[1] if "+" in encoding else "")
        for chunk in chunks:
            chunk.pop("encoding"), chunk.pop("compression")
    return layer


def tmj_objects(layer_id, name, objects):
    out = []
    for i, (kind, x, y, w, h, rotation, points) in enumerate(objects, start=1):
        o = {"id": 100 + i, "name": "", "type": "", "x": x, "y": y, "width": w, "height": h,
             "rotation": rotation, "visible": True}
        if kind == "polygon":
            o["polygon"] = [{"x": px, "y": py} for px, py in points]
        out.append(o)
    return {"id": layer_id, "name": name, "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
            "opacity": 1, "visible": True, "objects": out}


def tmj_marker_layer(layer_id, player, offset=(0, 0)):
    o = {"id": 1, "name": "Start" if player["class"] else "player", "type": "player" if player["class"] else "",
         "point": True, "x": player["x"] + offset[0] * TILE, "y": player["y"] + offset[1] * TILE,
         "width": 0, "height": 0, "rotation": 0, "visible": True}
    if player["direction"]:
        o["properties"] = [{"name": "direction", "type": "string", "value": player["direction"]}]
    return {"id": layer_id, "name": "markers", "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
            "opacity": 1, "visible": True, "objects": [o]}


def tmj_map(title, width, height, layers, tilesets, infinite=False):
    return {"type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
            "renderorder": "right-down", "width": width, "height": height, "tilewidth": TILE, "tileheight": TILE,
            "infinite": infinite, "nextlayerid": 9, "nextobjectid": 1000,
            "properties": [{"name": "name", "type": "string", "value": title}],
            "tilesets": tilesets, "layers": layers}


# ---- the styles ---------------------------------------------------------------------------------------------
# Each writes one level in one of Tiled's ways; STYLES says which level gets which.

def tmx_collides(level, encoding, tileset, flips=False, use_class=False):
    title, rows, _, _ = level
    w, h = len(rows[0]), len(rows)
    tilesets = tsx_embedded() if tileset == "embedded" else f' <tileset firstgid="1" source="{tileset}"/>\n'
    body = tilesets + tmx_layer(1, "ground", gids_collides(rows, flips), w, h, encoding)
    return tmx_map(title, w, h, body + tmx_marker_layer(2, marker(level, use_class)))


def tmx_walls_layer(level, encoding):
    title, rows, _, _ = level
    w, h = len(rows[0]), len(rows)
    body = (PLAIN_TSX + tmx_layer(1, "floor", gids_where(rows, is_floor), w, h, encoding) +
            tmx_layer(2, "walls", gids_where(rows, lambda ch: ch == "#"), w, h, encoding))
    return tmx_map(title, w, h, body + tmx_marker_layer(3, marker(level)))


def tmx_groups(level, encoding):
    title, rows, _, _ = level
    w, h = len(rows[0]), len(rows)
    inner = tmx_layer(3, "ground", gids_collides(rows), w, h, encoding, indent="   ")
    body = (tsx_embedded() + ' <group id="1" name="level">\n  <group id="2" name="terrain">\n' + inner +
            "  </group>\n </group>\n")
    return tmx_map(title, w, h, body + tmx_marker_layer(4, marker(level)))


def tmx_infinite(level, origin=(-16, -8)):
    title, rows, _, _ = level
    w, h = len(rows[0]), len(rows)
    body = tsx_embedded() + tmx_chunked_layer(1, "ground", gids_collides(rows), w, h, "csv", origin)
    return tmx_map(title, 30, 20, body + tmx_marker_layer(2, marker(level), origin), infinite=True)


def tmx_objects_walls(level, encoding, tileset):
    title, rows, _, _ = level
    w, h = len(rows[0]), len(rows)
    tilesets = tsx_embedded() if tileset == "embedded" else f' <tileset firstgid="1" source="{tileset}"/>\n'
    floor = [0 if ch == " " else 1 for row in rows for ch in row]  # floor everywhere; the objects add walls
    body = tilesets + tmx_layer(1, "floor", floor, w, h, encoding) + tmx_objects(2, "collision", wall_objects(rows))
    return tmx_map(title, w, h, body + tmx_marker_layer(3, marker(level)))


def tmj_collides(level, encoding, tileset, flips=False, use_class=False):
    title, rows, _, _ = level
    w, h = len(rows[0]), len(rows)
    sets = [dict(tsj_tileset(), firstgid=1)] if tileset == "embedded" else [{"firstgid": 1, "source": tileset}]
    layers = [tmj_layer(1, "ground", gids_collides(rows, flips), w, h, encoding)]
    player = marker(level, use_class)
    return tmj_map(title, w, h, layers + ([tmj_marker_layer(2, player)] if player else []), sets)


def tmj_walls_only(level, encoding):
    title, rows, _, _ = level
    assert all(ch != " " for row in rows for ch in row), "every tile of a walls-only map is floor or wall"
    w, h = len(rows[0]), len(rows)
    layers = [tmj_layer(1, "Walls", gids_where(rows, lambda ch: ch == "#"), w, h, encoding)]
    return tmj_map(title, w, h, layers + [tmj_marker_layer(2, marker(level))], [PLAIN_TSJ])


def tmj_walls_layer(level, encoding):
    title, rows, _, _ = level
    w, h = len(rows[0]), len(rows)
    layers = [tmj_layer(1, "floor", gids_where(rows, is_floor), w, h, encoding),
              tmj_layer(2, "walls", gids_where(rows, lambda ch: ch == "#"), w, h, encoding)]
    return tmj_map(title, w, h, layers + [tmj_marker_layer(3, marker(level))], [PLAIN_TSJ])


def tmj_groups(level, encoding):
    title, rows, _, _ = level
    w, h = len(rows[0]), len(rows)
    inner = tmj_layer(3, "ground", gids_collides(rows), w, h, encoding)
    group = {"id": 1, "name": "level", "type": "group", "x": 0, "y": 0, "opacity": 1, "visible": True,
             "layers": [{"id": 2, "name": "terrain", "type": "group", "x": 0, "y": 0, "opacity": 1,
                         "visible": True, "layers": [inner]}]}
    return tmj_map(title, w, h, [group, tmj_marker_layer(4, marker(level))], [dict(tsj_tileset(), firstgid=1)])


def tmj_infinite(level, encoding, origin=(-16, -8)):
    title, rows, _, _ = level
    w, h = len(rows[0]), len(rows)
    layers = [tmj_chunked_layer(1, "ground", gids_collides(rows), w, h, encoding, origin),
              tmj_marker_layer(2, marker(level), origin)]
    return tmj_map(title, 30, 20, layers, [{"firstgid": 1, "source": "kinema-tiles.tsj"}], infinite=True)


def tmj_objects_walls(level, encoding):
    title, rows, _, _ = level
    w, h = len(rows[0]), len(rows)
    floor = [0 if ch == " " else 1 for row in rows for ch in row]
    layers = [tmj_layer(1, "floor", floor, w, h, encoding), tmj_objects(2, "Collision", wall_objects(rows)),
              tmj_marker_layer(3, marker(level))]
    return tmj_map(title, w, h, layers, [dict(tsj_tileset(), firstgid=1)])


STYLES = {
    # level: (how its .tmx is written, how its .tmj is written)
    "corner": (lambda l: tmx_collides(l, "csv", "embedded"),
               lambda l: tmj_collides(l, "array", "kinema-tiles.tsj")),
    "corridor_end_corner": (lambda l: tmx_objects_walls(l, "csv", "kinema-tiles.tsx"),
                            lambda l: tmj_objects_walls(l, "array")),
    "corridor_into_room": (lambda l: tmx_walls_layer(l, "base64+zlib"),
                           lambda l: tmj_walls_layer(l, "base64+gzip")),
    "long_corridor": (lambda l: tmx_collides(l, "base64", "kinema-tiles.tsx", flips=True),
                      lambda l: tmj_walls_only(l, "base64")),
    "side_exit_behind": (lambda l: tmx_groups(l, "base64+gzip"),
                         lambda l: tmj_groups(l, "base64+zlib")),
    "t_junction_equal": (lambda l: tmx_infinite(l),
                         lambda l: tmj_infinite(l, "base64+zlib")),
    "t_junction_unequal": (lambda l: tmx_collides(l, "tiles", "embedded", flips=True, use_class=True),
                           lambda l: tmj_collides(l, "base64", "kinema-tiles.tsx", flips=True, use_class=True)),
    "warehouse_loop": (lambda l: tmx_objects_walls(l, "base64+gzip", "embedded"),
                       lambda l: tmj_infinite(l, "array", origin=(-20, -12))),
}


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", type=pathlib.Path, default=root / "data" / "levels")
    parser.add_argument("--out", type=pathlib.Path, default=root / "data" / "levels" / "tiled")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "kinema-tiles.png").write_bytes(png(2 * TILE, TILE, tiles_png))
    (args.out / "kinema-tiles.tsx").write_text(tsx_file())
    (args.out / "kinema-tiles.tsj").write_text(json.dumps(tsj_file(), indent=1) + "\n")
    for path in sorted(args.levels.glob("*.txt")):
        if path.stem not in STYLES:
            raise SystemExit(f"{path}: no style for this level: add one to STYLES")
        level = read_ascii_level(path)
        write_tmx, write_tmj = STYLES[path.stem]
        (args.out / (path.stem + ".tmx")).write_text(write_tmx(level))
        (args.out / (path.stem + ".tmj")).write_text(json.dumps(write_tmj(level), indent=1) + "\n")


if __name__ == "__main__":
    main()
