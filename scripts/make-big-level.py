#!/usr/bin/env python3
"""Writes kinema's generated test level as an OBJ file: y up, metres.

    scripts/make-big-level.py [--size METRES] -o LEVEL.obj

The level is SIZE x SIZE metres (default 512, at least 128, a multiple of 64) of rolling terrain, with one
site every 64 m (a 64 m block): two of three sites hold a two-storey building, the third an overpass bridge.
The output depends only on --size (no randomness, fixed number format), so the same command always writes the
same bytes; the benchmark uses the full size and the ctest 128 m (the same generator, four sites).

- Terrain: y = 6 sin(2 pi x / 90) sin(2 pi z / 110) + 2.5 sin(2 pi (x + 0.6 z) / 47), sampled every 2 m. Its
  gradient is at most 6 * 2 pi / 90 + 2.5 * 2 pi / 47 * sqrt(1.36) = 0.81: slopes up to 39 degrees, under
  Recast's default 45 (the triangles, chords of the surface, are no steeper).
- Each site stands on a flat pad; the terrain blends to the pad's height over 8 m around it (a smoothstep,
  steeper than 45 degrees in places: those patches are not walkable).
- Building: 14 x 10 m, walls 0.3 m thick and 6.4 m high with a 2 m door (2.4 m high) on the -z side; the upper
  floor (a 0.2 m slab at 3.2 m) covers the plan except a stairwell along the -x wall, where 16 steps of 0.2 m
  rise x 0.3 m tread (33.7 degrees, 2.4 m wide, a railing on the open side) climb from the ground floor. The
  stairs are the only way up.
- Bridge: a 4 m wide deck 4.5 m above the pad, 20 m long along x, with a 25 degree ramp at each end; the pad
  continues under it (4.2 m of clearance under the deck).

Each site is described by comment lines that tests read (OBJ readers ignore them):
    # probe NAME X Y Z
with NAME building-ground (inside, on the ground floor), building-upper (above it on the upper floor),
building-stairs (the foot of the stairs; the stairs rise along +z), bridge-ground (on the pad beside the
deck), bridge-deck (the middle of the deck).
"""

import argparse
import math
import os
import sys

BLOCK = 64.0  # one site per block
STEP = 2.0  # terrain sampling
BLEND = 8.0  # terrain blends to a pad's height over this distance
STOREY = 3.2
WALL = 0.3
DECK_RISE = 4.5
RAMP_DEG = 25.0
# Recast erodes the agent radius (0.6 m) from both sides of a flight of stairs: 2.4 m leaves 1.2 m.
STAIR_WIDTH = 2.4


def terrain(x, z):
    return 6.0 * math.sin(2 * math.pi * x / 90.0) * math.sin(2 * math.pi * z / 110.0) + 2.5 * math.sin(
        2 * math.pi * (x + 0.6 * z) / 47.0
    )


class Obj:
    """Vertices and faces; faces are wound so that up-facing surfaces have normals along +y."""

    def __init__(self):
        self.lines = []
        self.count = 0

    def comment(self, text):
        self.lines.append("# " + text)

    def vertex(self, x, y, z):
        self.lines.append("v %.3f %.3f %.3f" % (x, y, z))
        self.count += 1
        return self.count

    def face(self, *ids):
        self.lines.append("f " + " ".join(str(i) for i in ids))

    def quad(self, a, b, c, d):
        """Corners (x, y, z); a -> b -> c -> d clockwise seen from above makes the normal point up."""
        ids = [self.vertex(*p) for p in (a, b, c, d)]
        self.face(*ids)

    def floor(self, x0, x1, z0, z1, y):
        self.quad((x0, y, z0), (x0, y, z1), (x1, y, z1), (x1, y, z0))

    def box(self, x0, x1, y0, y1, z0, z1):
        self.floor(x0, x1, z0, z1, y1)  # top, facing up
        self.quad((x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1))  # bottom, facing down
        self.quad((x0, y0, z0), (x0, y1, z0), (x1, y1, z0), (x1, y0, z0))
        self.quad((x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1))
        self.quad((x0, y0, z0), (x0, y0, z1), (x0, y1, z1), (x0, y1, z0))
        self.quad((x1, y0, z0), (x1, y1, z0), (x1, y1, z1), (x1, y0, z1))


class Site:
    def __init__(self, kind, cx, cz, half_x, half_z):
        self.kind = kind
        self.cx, self.cz = cx, cz
        self.half_x, self.half_z = half_x, half_z
        self.y = round(terrain(cx, cz), 1)

    def distance(self, x, z):
        """Distance in plan from the pad (0 inside)."""
        dx = max(abs(x - self.cx) - self.half_x, 0.0)
        dz = max(abs(z - self.cz) - self.half_z, 0.0)
        return math.hypot(dx, dz)


def sites(size):
    out = []
    blocks = int(size // BLOCK)
    for j in range(blocks):
        for i in range(blocks):
            cx = BLOCK * i + BLOCK / 2
            cz = BLOCK * j + BLOCK / 2
            if (i + j) % 3 == 2:
                out.append(Site("bridge", cx, cz, 24.0, 6.0))
            else:
                out.append(Site("building", cx, cz, 10.0, 8.0))
    return out


def height(x, z, pads):
    for pad in pads:
        d = pad.distance(x, z)
        if d < BLEND:
            t = d / BLEND
            w = t * t * (3.0 - 2.0 * t)  # smoothstep: flat at the pad's edge
            return pad.y + (terrain(x, z) - pad.y) * w
    return terrain(x, z)


def write_terrain(obj, size, pads):
    n = int(size / STEP)
    first = obj.count + 1
    for j in range(n + 1):
        for i in range(n + 1):
            x, z = i * STEP, j * STEP
            obj.vertex(x, height(x, z, pads), z)

    def vid(i, j):
        return first + j * (n + 1) + i

    for j in range(n):
        for i in range(n):
            a, b, c, d = vid(i, j), vid(i, j + 1), vid(i + 1, j + 1), vid(i + 1, j)
            obj.face(a, b, c)
            obj.face(a, c, d)


def write_building(obj, s):
    x0, x1 = s.cx - 7.0, s.cx + 7.0
    z0, z1 = s.cz - 5.0, s.cz + 5.0
    y0 = s.y
    top = y0 + 2 * STOREY
    # Outer walls; the -z wall has a 2 m door under a lintel.
    obj.box(x0, x1, y0, top, z1 - WALL, z1)
    obj.box(x0, x0 + WALL, y0, top, z0, z1)
    obj.box(x1 - WALL, x1, y0, top, z0, z1)
    obj.box(x0, s.cx - 1.0, y0, top, z0, z0 + WALL)
    obj.box(s.cx + 1.0, x1, y0, top, z0, z0 + WALL)
    obj.box(s.cx - 1.0, s.cx + 1.0, y0 + 2.4, top, z0, z0 + WALL)
    # Stairs along the -x wall, rising along +z.
    sx0, sx1 = x0 + WALL, x0 + WALL + STAIR_WIDTH
    zs = z0 + 2.5
    steps, rise, tread = 16, STOREY / 16, 0.3
    for k in range(steps):
        za, zb = zs + k * tread, zs + (k + 1) * tread
        obj.box(sx0, sx1, y0, y0 + (k + 1) * rise, za, zb)
    ze = zs + steps * tread
    obj.box(sx1, sx1 + 0.1, y0, y0 + STOREY + 1.0, zs, ze)  # railing on the open side
    # Upper floor: the plan less the stairwell.
    yf = y0 + STOREY
    ix0, ix1, iz0, iz1 = x0 + WALL, x1 - WALL, z0 + WALL, z1 - WALL
    obj.box(sx1, ix1, yf - 0.2, yf, iz0, iz1)
    obj.box(ix0, sx1, yf - 0.2, yf, iz0, zs)
    obj.box(ix0, sx1, yf - 0.2, yf, ze, iz1)
    obj.comment("probe building-ground %.3f %.3f %.3f" % (s.cx + 3.0, y0, s.cz))
    obj.comment("probe building-upper %.3f %.3f %.3f" % (s.cx + 3.0, yf, s.cz))
    obj.comment("probe building-stairs %.3f %.3f %.3f" % ((sx0 + sx1) / 2, y0, zs - 1.0))


def write_bridge(obj, s):
    y0 = s.y
    deck = y0 + DECK_RISE
    ramp = DECK_RISE / math.tan(math.radians(RAMP_DEG))
    xa, xb = s.cx - 10.0, s.cx + 10.0
    z0, z1 = s.cz - 2.0, s.cz + 2.0
    obj.box(xa, xb, deck - 0.3, deck, z0, z1)
    # Ramps: up along +x into the deck's west end, down along +x from its east end.
    obj.quad((xa - ramp, y0, z0), (xa - ramp, y0, z1), (xa, deck, z1), (xa, deck, z0))
    obj.quad((xb, deck, z0), (xb, deck, z1), (xb + ramp, y0, z1), (xb + ramp, y0, z0))
    obj.comment("probe bridge-ground %.3f %.3f %.3f" % (s.cx, y0, s.cz + 4.0))
    obj.comment("probe bridge-deck %.3f %.3f %.3f" % (s.cx, deck, s.cz))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=float, default=512.0, help="side in metres (multiple of 64, >= 128)")
    parser.add_argument("-o", "--output", required=True, help="OBJ file to write")
    args = parser.parse_args(argv)
    if args.size < 128 or args.size % BLOCK != 0:
        parser.error("--size: must be a multiple of 64, at least 128, got %g" % args.size)
    pads = sites(args.size)
    obj = Obj()
    obj.comment("kinema generated level (scripts/make-big-level.py --size %g): y up, metres" % args.size)
    write_terrain(obj, args.size, pads)
    for s in pads:
        if s.kind == "building":
            write_building(obj, s)
        else:
            write_bridge(obj, s)
    text = "\n".join(obj.lines) + "\n"
    tmp = args.output + ".tmp"
    with open(tmp, "w", encoding="ascii", newline="\n") as f:
        f.write(text)
    os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
