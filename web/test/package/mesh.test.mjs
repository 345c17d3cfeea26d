// 3D levels in the npm package against the CLI (docs/web.md, "3D levels in the npm package"): an .obj level's
// text, its triangles as arrays (Space.fromMesh) and a navmesh's polygons (Space.fromPolygons) give the chase
// JSON of `kinema chase --json` byte for byte, with the navmesh Recast and Detour build in WebAssembly (compiled
// from source) equal to Debian's native library's; bad arrays and files throw naming the argument.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { before, describe, test } from "node:test";

import { cli, cliError, cliOutput, levelsDir, loadPackage, root } from "./helpers.mjs";

let kinema;
before(async () => {
    kinema = await loadPackage();
});

const sharedMeshes = path.join(root, "../shared/data/meshes");

// The levels and queries of scripts/check-recast-source.sh (the stairs query of docs/nav.md on dungeon.obj).
const levels = [
    { file: path.join(levelsDir, "corner_ramp.obj"), from: { x: 10, y: 0, z: 2 } },
    { file: path.join(levelsDir, "corner_ramp.obj"), from: { x: 1, y: 0, z: 2 }, tileSize: 32 },
    { file: path.join(sharedMeshes, "dungeon.obj"), from: { x: -19.39, y: 3.8, z: -2.67 } },
    { file: path.join(sharedMeshes, "nav_test.obj"), from: { x: -13.380321, y: -1.115499, z: -4.944578 } },
];
const directions = [{ x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: -1 }];

const point = (p) => `${p.x},${p.y},${p.z}`;

function cliChase(mapFlags, from, dir, extra = []) {
    return cliOutput(["chase", ...mapFlags, "--from", point(from), "--dir", point(dir), ...extra, "--json"]);
}

/** Floods `space` from `from` along `dir` to the end; the JSON naming `map`. Disposes the space. */
function chaseJson(space, from, dir, map) {
    const flood = new kinema.Flood();
    try {
        flood.start(space, from, dir);
        assert.equal(flood.advance(1_000_000), true);
        return flood.json(map);
    } finally {
        flood.dispose();
        space.dispose();
    }
}

/** An OBJ file's vertices and triangles, read as kinema's loader reads them (faces as fans, 1-based indices). */
function readObj(file) {
    const xyz = [];
    const triangles = [];
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
        const [statement, ...rest] = line.trim().split(/\s+/);
        if (statement === "v") {
            xyz.push(...rest.slice(0, 3).map(Number));
        } else if (statement === "f") {
            const corners = rest.map((corner) => {
                const index = parseInt(corner, 10);
                return index < 0 ? xyz.length / 3 + index : index - 1;
            });
            for (let i = 1; i + 1 < corners.length; ++i) {
                triangles.push(corners[0], corners[i], corners[i + 1]);
            }
        }
    }
    return { xyz: new Float32Array(xyz), triangles };
}

const available = (file) => fs.existsSync(file);

describe("an .obj level's text equals kinema chase --map FILE.obj --json", () => {
    for (const level of levels.filter((l) => l.tileSize === undefined)) {
        for (const dir of directions) {
            test(`${path.basename(level.file)} from ${point(level.from)} along ${point(dir)}`,
                 { skip: !available(level.file) && "the shared meshes are absent" }, () => {
                const space = kinema.Space.fromLevelText(fs.readFileSync(level.file, "utf8"), level.file);
                const expected = cliChase(["--map", level.file], level.from, dir);
                assert.equal(chaseJson(space, level.from, dir), expected);
            });
        }
    }
});

describe("Space.fromMesh equals kinema chase --map FILE.obj --json on the same triangles", () => {
    for (const level of levels) {
        const settings = level.tileSize === undefined ? {} : { tileSize: level.tileSize, threads: 2 };
        const flags = level.tileSize === undefined ? [] : ["--tile-size", String(level.tileSize), "--threads", "2"];
        test(`${path.basename(level.file)} ${JSON.stringify(settings)}`,
             { skip: !available(level.file) && "the shared meshes are absent" }, () => {
            const { xyz, triangles } = readObj(level.file);
            const expected = cliChase(["--map", level.file], level.from, directions[0], flags);
            for (const indices of [new Uint32Array(triangles), new Int32Array(triangles)]) {
                const space = kinema.Space.fromMesh(xyz, indices, settings);
                assert.equal(space.name, "mesh");
                assert.equal(chaseJson(space, level.from, directions[0], level.file), expected);
            }
        });
    }

    test("settings change the build as the CLI's flags do", () => {
        const file = path.join(levelsDir, "corner_ramp.obj");
        const { xyz, triangles } = readObj(file);
        const from = { x: 1, y: 0, z: 2 };
        const settings = { agentRadius: 0.3, agentHeight: 1.8 };
        const space = kinema.Space.fromMesh(xyz, new Uint32Array(triangles), settings);
        const expected = cliChase(["--map", file], from, directions[0],
                                  ["--agent-radius", "0.3", "--agent-height", "1.8"]);
        assert.equal(chaseJson(space, from, directions[0], file), expected);
        const defaults = cliChase(["--map", file], from, directions[0]);
        assert.notEqual(expected, defaults, "the settings matter on this level");
    });
});

// A navmesh file's polygons (Recast demo tile-set layout, docs/nav.md "Navmesh files"; one tile): the header
// 'MSET', version, tile count, dtNavMeshParams (40 bytes), each tile's reference and size (8), then Detour's
// tile data: dtMeshHeader (100 bytes), the vertices (3 floats each), the polygons (dtPoly, 32 bytes: first
// link, 6 vertex indices, 6 neighbours, flags, vertex count, area and type).
function navmeshPolygons(file) {
    const bytes = fs.readFileSync(file);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    assert.equal(view.getInt32(8, true), 1, "one tile");
    const tile = 40 + 8;
    const polyCount = view.getInt32(tile + 24, true);
    const vertCount = view.getInt32(tile + 28, true);
    const verts = tile + 100;
    const xyz = new Float32Array(3 * vertCount);
    for (let i = 0; i < xyz.length; ++i) {
        xyz[i] = view.getFloat32(verts + 4 * i, true);
    }
    const indices = [];
    const sizes = [];
    const polys = verts + 12 * vertCount;
    for (let p = 0; p < polyCount; ++p) {
        const at = polys + 32 * p;
        const size = view.getUint8(at + 30);
        for (let v = 0; v < size; ++v) {
            indices.push(view.getUint16(at + 4 + 2 * v, true));
        }
        sizes.push(size);
    }
    return { xyz, indices: new Int32Array(indices), sizes: new Int32Array(sizes) };
}

describe("navmeshes: a .nav file and its polygons equal kinema chase --navmesh FILE --json", () => {
    // A flat L of corridors: where the floor is flat, polygons carry the heights of Recast's detail mesh
    // (tests/nav/polygon_level_test.cpp), so the polygons give the navmesh file's cells exactly.
    const flatObj = ["v 0 0 0", "v 0 0 4", "v 16 0 4", "v 16 0 0", "f 1 2 3 4", "v 16 0 0", "v 16 0 4", "v 20 0 4",
                     "v 20 0 0", "f 5 6 7 8", "v 16 0 4", "v 16 0 20", "v 20 0 20", "v 20 0 4", "f 9 10 11 12"];
    let folder;
    let nav;
    before(() => {
        folder = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-npm-mesh-"));
        fs.writeFileSync(path.join(folder, "flat.obj"), flatObj.join("\n") + "\n");
        nav = path.join(folder, "flat.nav");
        execFileSync(cli, ["navmesh", "build", path.join(folder, "flat.obj"), "--output", nav]);
    });
    const from = { x: 1, y: 0, z: 2 };

    test("Space.fromLevelBytes reads the .nav file", () => {
        for (const dir of directions) {
            const space = kinema.Space.fromLevelBytes(fs.readFileSync(nav), nav);
            assert.equal(chaseJson(space, from, dir), cliChase(["--navmesh", nav], from, dir));
        }
    });

    // The one difference: a level's chase columns are numbered from its bounds, which for the polygons are the
    // polygons' own and for the file the tile's (Recast's voxel bounds, a border wider): every cell's (i, j, k)
    // is shifted by the same amount, its position and everything else the same.
    test("Space.fromPolygons of its polygons: the same chase, cells numbered from the polygons' bounds", () => {
        const { xyz, indices, sizes } = navmeshPolygons(nav);
        assert.ok(sizes.length >= 2, "an L is more than one polygon");
        for (const dir of directions) {
            const unsigned = [new Uint32Array(indices), new Uint32Array(sizes)];
            for (const [indexArray, sizeArray] of [[indices, sizes], unsigned]) {
                const space = kinema.Space.fromPolygons(xyz, indexArray, sizeArray);
                assert.equal(space.name, "polygons");
                const given = JSON.parse(chaseJson(space, from, dir, nav));
                const file = JSON.parse(cliChase(["--navmesh", nav], from, dir));
                const shift = file.seed_cell.map((c, axis) => c - given.seed_cell[axis]);
                const shifted = (cell) => cell.map((c, axis) => c + shift[axis]);
                assert.deepEqual(given.touched.map((t) => [...shifted(t.slice(0, 3)), t[3]]), file.touched);
                assert.deepEqual(shifted(given.destination_cell), file.destination_cell);
                for (const key of ["seed_cell", "seed", "destination_cell", "touched"]) {
                    delete given[key];
                    delete file[key];
                }
                assert.deepEqual(given, file);
            }
        }
    });
});

describe("bad 3D input throws naming the argument", () => {
    const square = new Float32Array([0, 0, 0, 4, 0, 0, 4, 0, 4, 0, 0, 4]);
    const triangles = new Int32Array([0, 1, 2, 0, 2, 3]);
    const cases = [
        ["xyz a Float64Array", () => kinema.Space.fromMesh(new Float64Array(square), triangles),
         "Space.fromMesh: xyz must be a Float32Array (x, y, z per vertex), got Float64Array"],
        ["xyz a plain array", () => kinema.Space.fromMesh([0, 0, 0], triangles),
         "Space.fromMesh: xyz must be a Float32Array (x, y, z per vertex), got Array"],
        ["xyz of 4 numbers", () => kinema.Space.fromMesh(new Float32Array(4), triangles),
         "Space.fromMesh: xyz holds 4 numbers, not a positive multiple of 3 (x, y, z per vertex)"],
        ["xyz empty", () => kinema.Space.fromMesh(new Float32Array(0), new Int32Array(0)),
         "Space.fromMesh: xyz holds 0 numbers, not a positive multiple of 3 (x, y, z per vertex)"],
        ["triangles a Uint16Array", () => kinema.Space.fromMesh(square, new Uint16Array(triangles)),
         "Space.fromMesh: triangles must be an Int32Array or a Uint32Array, got Uint16Array"],
        ["triangles of 5 indices", () => kinema.Space.fromMesh(square, new Int32Array(5)),
         "Space.fromMesh: triangles holds 5 indices, not a multiple of 3"],
        ["an index out of range", () => kinema.Space.fromMesh(square, new Int32Array([0, 1, 2, 0, 2, 9])),
         "kinema_space_from_mesh: triangles[5] = 9 is not a vertex index: vertex_count is 4 (triangle 1)"],
        ["an index past 2^31 - 1", () => kinema.Space.fromMesh(square, new Uint32Array([0, 1, 2 ** 32 - 1])),
         /^kinema_space_from_mesh: triangles\[2\] = -1 /],
        ["a NaN vertex", () => kinema.Space.fromMesh(new Float32Array([NaN, 0, 0, 4, 0, 0, 4, 0, 4]),
                                                     new Int32Array([0, 1, 2])),
         /^kinema_space_from_mesh: xyz\[0\]/],
        ["no triangles", () => kinema.Space.fromMesh(square, new Int32Array(0)), /^kinema_space_from_mesh: /],
        ["an unknown setting", () => kinema.Space.fromMesh(square, triangles, { radius: 1 }),
         /^Space\.fromMesh: unknown setting 'radius' \(known: agentHeight, /],
        ["a setting out of range", () => kinema.Space.fromMesh(square, triangles, { agentMaxSlope: 90 }),
         /agent_max_slope/],
        ["a fractional tileSize", () => kinema.Space.fromMesh(square, triangles, { tileSize: 1.5 }),
         "Space.fromMesh: tileSize must be an integer, got 1.5"],
        ["sizes not adding up to the indices", () =>
             kinema.Space.fromPolygons(square, new Int32Array([0, 1, 2, 3]), new Int32Array([4, 4])),
         "Space.fromPolygons: indices holds 4 indices, sizes adds up to 8"],
        ["sizes a Float32Array", () => kinema.Space.fromPolygons(square, new Int32Array(4), new Float32Array([4])),
         "Space.fromPolygons: sizes must be an Int32Array or a Uint32Array, got Float32Array"],
        ["a polygon of 7 corners", () => kinema.Space.fromPolygons(square, new Int32Array(7), new Int32Array([7])),
         /^kinema_space_from_polygons: /],
        ["a bow tie", () => kinema.Space.fromPolygons(square, new Int32Array([0, 1, 3, 2]), new Int32Array([4])),
         "kinema_space_from_polygons: polygon 0 has no area in plan view (x and z; y is up)"],
        ["an .obj that is not one", () => kinema.Space.fromLevelText("hello world\n", "mine.obj"),
         "mine.obj:1: no faces: the mesh is empty"],
        ["an .obj with a bad number", () => kinema.Space.fromLevelText("v 0 zero 0\n", "mine.obj"),
         /^mine\.obj:1: /],
        ["an .obj with connectivity 4", () => kinema.Space.fromLevelText("v 0 0 0\n", "mine.obj", 4),
         "mine.obj: connectivity: not available for 3D levels (grids only)"],
        ["a .nav that is not one", () => kinema.Space.fromLevelBytes(new Uint8Array(8), "mine.nav"),
         /^mine\.nav: /],
    ];
    for (const [name, call, message] of cases) {
        test(name, () => {
            assert.throws(call, (error) => {
                assert.ok(error instanceof Error);
                if (message instanceof RegExp) {
                    assert.match(error.message, message);
                } else {
                    assert.equal(error.message, message);
                }
                return true;
            });
        });
    }

    test("an .obj's loader messages are the CLI's", () => {
        const folder = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-npm-badobj-"));
        const file = path.join(folder, "broken.obj");
        fs.writeFileSync(file, "v 0 0 0\nv 1 0 0\nf 1 2 7\n");
        const run = () => kinema.Space.fromLevelText(fs.readFileSync(file, "utf8"), file);
        assert.throws(run, { message: cliError(["chase", "--map", file, "--from", "0,0,0", "--json"]) });
    });
});
