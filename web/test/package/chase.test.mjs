// The npm package against the CLI (docs/web.md, "The npm package"): the same level and query give the chase
// JSON of `kinema chase --json` byte for byte, through a grid from memory, a level file's text and a shared
// Moving AI map; time-slicing gives what one advance gives; bad input throws the CLI's message.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { before, describe, test } from "node:test";

import { chaseFlags, cliError, cliOutput, levelsDir, loadPackage, sharedMaps } from "./helpers.mjs";

let kinema;
before(async () => {
    kinema = await loadPackage();
});

/** Floods `space` for `query` in one advance and returns the JSON naming `map`, disposing the flood. */
function floodJson(space, query, map) {
    const flood = new kinema.Flood(query.settings);
    try {
        flood.start(space, query.from, query.dir);
        assert.equal(flood.advance(1_000_000), true);
        return flood.json(map);
    } finally {
        flood.dispose();
    }
}

function chaseOfLevelText(file, query) {
    const space = kinema.Space.fromLevelText(fs.readFileSync(file, "utf8"), file, query.connectivity);
    try {
        return floodJson(space, query);
    } finally {
        space.dispose();
    }
}

const levelQueries = [
    ["corner.txt", { from: { x: 2.5, y: 2.5 }, dir: { x: 1, y: 0 } }],
    ["t_junction_unequal.txt", { from: { x: 3.5, y: 5.5 }, dir: { x: 1, y: 0 }, settings: { hot: 12 } }],
    ["corridor_into_room.txt", { from: { x: 2.5, y: 2.5 }, dir: { x: 1, y: 0.5 }, settings: { maxHeated: 8 } }],
    ["long_corridor.txt",
     { from: { x: 1.5, y: 1.5 }, dir: { x: 1, y: 0.25 }, connectivity: 4, settings: { maxSteps: 12 } }],
    ["side_exit_behind.txt", { from: { x: 0, y: 0 }, dir: { x: -1, y: 0 } }],
];

describe("a level file's text equals kinema chase --map FILE --json", () => {
    for (const [name, query] of levelQueries) {
        test(name, () => {
            const file = path.join(levelsDir, name);
            const expected = cliOutput(["chase", "--map", file, ...chaseFlags(query), "--json"]);
            assert.equal(chaseOfLevelText(file, query), expected);
        });
    }
});

// A deterministic grid with walls inside: a border, pillars every few tiles and a long wall with one gap.
function sampleGrid(width, height) {
    const tiles = new Uint8Array(width * height);
    for (let row = 0; row < height; ++row) {
        for (let column = 0; column < width; ++column) {
            const border = row === 0 || column === 0 || row === height - 1 || column === width - 1;
            const pillar = row % 4 === 2 && column % 5 === 3;
            const wall = column === 17 && row !== 21;
            tiles[row * width + column] = border || pillar || wall ? 0 : 1;
        }
    }
    return tiles;
}

function asciiLevel(width, height, tiles) {
    const rows = [];
    for (let row = 0; row < height; ++row) {
        let line = "";
        for (let column = 0; column < width; ++column) {
            line += tiles[row * width + column] ? "." : "#";
        }
        rows.push(line);
    }
    return rows.join("\n") + "\n";
}

describe("a grid from memory equals the CLI on the same tiles as a level file", () => {
    const width = 31;
    const height = 24;
    const tiles = sampleGrid(width, height);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kinema-npm-")), "grid.txt");
    fs.writeFileSync(file, asciiLevel(width, height, tiles));
    for (const connectivity of [4, 8]) {
        test(`connectivity ${connectivity}`, () => {
            const query = { from: { x: 4.5, y: 5.5 }, dir: { x: 1, y: 1 }, connectivity, settings: { maxSteps: 60 } };
            const expected = cliOutput(["chase", "--map", file, ...chaseFlags(query), "--json"]);
            const space = kinema.Space.fromGrid(width, height, tiles, connectivity);
            try {
                assert.equal(space.name, "grid");
                assert.equal(space.cellCount, tiles.reduce((sum, tile) => sum + tile, 0));
                assert.equal(floodJson(space, query, file), expected);
            } finally {
                space.dispose();
            }
        });
    }
});

describe("a shared Moving AI map equals kinema chase --map MAP --json", () => {
    const map = path.join(sharedMaps, "den011d.map");
    const present = fs.existsSync(map);
    test("den011d.map", { skip: present ? false : `${map} is absent (../shared/data is not here)` }, () => {
        const query = { from: { x: 20.5, y: 20.5 }, dir: { x: 0, y: 1 }, settings: { maxHeated: 60, maxSteps: 120 } };
        const expected = cliOutput(["chase", "--map", map, ...chaseFlags(query), "--json"]);
        assert.equal(chaseOfLevelText(map, query), expected);
    });
});

describe("the result and the defaults", () => {
    test("Flood.result holds the JSON's numbers", () => {
        const file = path.join(levelsDir, "corner.txt");
        const query = { from: { x: 2.5, y: 2.5 }, dir: { x: 1, y: 0 } };
        const json = JSON.parse(cliOutput(["chase", "--map", file, ...chaseFlags(query), "--json"]));
        const space = kinema.Space.fromLevelText(fs.readFileSync(file, "utf8"), file);
        const flood = new kinema.Flood();
        flood.start(space, query.from, query.dir);
        flood.advance(1000);
        const result = flood.result;
        assert.equal(result.steps, json.steps);
        assert.equal(result.stopReason, json.stop_reason);
        assert.equal(result.heatedCells, json.heated_cells);
        assert.equal(result.warmCells, json.warm_cells);
        assert.equal(result.barrierCells, json.barrier_cells);
        assert.deepEqual(result.destination, { x: json.destination[0], y: json.destination[1], z: 0 });
        assert.deepEqual(result.seedPosition, { x: json.seed_position[0], y: json.seed_position[1], z: 0 });
        assert.equal(result.seedSnapped, json.seed_snapped);
        assert.equal(result.finished, true);
        // corner.txt's numbers as docs/chase.md derives them: 40 steps, destination (17.5, 23.5).
        assert.deepEqual([result.steps, result.stopReason, result.destination.x, result.destination.y],
                         [40, "max_steps", 17.5, 23.5]);
        // Dead reckoning for the JSON's distance: its point and blockage (east along row 2 to the corridor's end).
        const reckoning = space.deadReckoning(query.from, query.dir, json.dead_reckoning_distance);
        assert.deepEqual(reckoning.position, { x: json.dead_reckoning[0], y: json.dead_reckoning[1], z: 0 });
        assert.equal(reckoning.blocked, json.dead_reckoning_blocked);
        assert.equal(reckoning.distance, 40);
        assert.deepEqual([reckoning.position.x, reckoning.endPoint.x, reckoning.onSpace], [18.5, 19, true]);
        assert.throws(() => space.deadReckoning(query.from, query.dir, -1), /dead_reckoning_distance/);
        flood.dispose();
        space.dispose();
    });

    test("floodSettingsDefault() is what the CLI uses without flags", () => {
        const json = JSON.parse(cliOutput(["chase", "--map", path.join(levelsDir, "corner.txt"), "--json"]));
        const defaults = kinema.floodSettingsDefault();
        assert.deepEqual([defaults.hot, defaults.maxHeated, defaults.maxSteps],
                         [json.hot, json.max_heated, json.max_steps]);
        assert.deepEqual([defaults.maxRestarts, defaults.destination], [-1, "nearest_heated"]);
        assert.equal(kinema.defaultConnectivity, json.connectivity);
    });

    test("version() is the CLI's", () => {
        assert.equal(`kinema ${kinema.version()}`, cliOutput(["--version"]));
    });
});

describe("time-slicing", () => {
    const file = path.join(levelsDir, "corridor_into_room.txt");
    const query = { from: { x: 2.5, y: 2.5 }, dir: { x: 1, y: 0 }, settings: { maxHeated: 1000, maxSteps: 300 } };

    for (const slice of [1, 3, 7]) {
        test(`advance(${slice}) per frame gives one advance's result and JSON`, () => {
            const space = kinema.Space.fromLevelText(fs.readFileSync(file, "utf8"), file);
            const whole = new kinema.Flood(query.settings);
            whole.start(space, query.from, query.dir);
            assert.equal(whole.advance(1_000_000), true);
            const sliced = new kinema.Flood(query.settings);
            sliced.start(space, query.from, query.dir);
            let frames = 0;
            let previousSteps = 0;
            while (!sliced.advance(slice)) {
                ++frames;
                const steps = sliced.result.steps;
                assert.equal(steps - previousSteps, slice, "a frame runs exactly its slice until the end");
                previousSteps = steps;
                assert.equal(sliced.result.finished, false);
            }
            assert.ok(frames >= Math.floor(whole.result.steps / slice) - 1, "the run took one frame per slice");
            assert.deepEqual(sliced.result, whole.result);
            assert.equal(sliced.json(), whole.json());
            assert.ok(whole.result.steps > 10, "the run is long enough to be sliced");
            whole.dispose();
            sliced.dispose();
            space.dispose();
        });
    }

    test("k steps of a run are the CLI's run with --max-steps k, apart from max_steps and stop_reason", () => {
        const space = kinema.Space.fromLevelText(fs.readFileSync(file, "utf8"), file);
        const flood = new kinema.Flood(query.settings);
        flood.start(space, query.from, query.dir);
        flood.advance(9);
        const partial = JSON.parse(flood.json());
        const settings = { ...query.settings, maxSteps: 9 };
        const flags = chaseFlags({ ...query, settings });
        const expected = JSON.parse(cliOutput(["chase", "--map", file, ...flags, "--json"]));
        for (const key of ["touched", "heated_cells", "barrier_cells", "destination", "centroid", "steps"]) {
            assert.deepEqual(partial[key], expected[key], key);
        }
        assert.equal(partial.steps, 9);
        flood.dispose();
        space.dispose();
    });
});

describe("bad input throws an Error with the CLI's message", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-npm-bad-"));
    const cases = [
        ["broken.txt", "name: broken\n#.#\n#x#\n"],
        ["walls.txt", "###\n###\n"],
        ["ragged.map", "type octile\nheight 2\nwidth 3\nmap\n...\n..\n"],
    ];
    for (const [name, text] of cases) {
        test(name, () => {
            const file = path.join(dir, name);
            fs.writeFileSync(file, text);
            const message = cliError(["chase", "--map", file, "--from", "1,1", "--json"]);
            assert.throws(() => kinema.Space.fromLevelText(text, file), (error) => {
                assert.ok(error instanceof Error);
                assert.equal(error.message, message);
                return true;
            });
        });
    }

    test("settings out of range name the field as the C ABI does (the CLI names its flag)", () => {
        assert.equal(cliError(["chase", "--map", path.join(levelsDir, "corner.txt"), "--hot", "0", "--json"]),
                     "--hot: must be in [1, 1000000], got 0");
        assert.throws(() => new kinema.Flood({ hot: 0 }),
                      { message: "invalid flood settings: hot must be in [1, 1000000], got 0" });
        assert.throws(() => new kinema.Flood({ hotness: 3 }), { message: /unknown setting 'hotness'/ });
    });

    test("grids, positions and handles", () => {
        assert.throws(() => kinema.Space.fromGrid(0, 5, new Uint8Array(0)),
                      { message: "kinema_space_from_grid: width and height must be in [1, 4096], got 0 x 5" });
        assert.throws(() => kinema.Space.fromGrid(3, 2, new Uint8Array(5)),
                      { message: "Space.fromGrid: tiles holds 5 bytes; width x height is 6" });
        assert.throws(() => kinema.Space.fromGrid(3, 1, new Uint8Array(3), 6),
                      { message: "kinema_space_from_grid: connectivity must be 4 or 8, got 6" });
        const space = kinema.Space.fromGrid(3, 1, new Uint8Array([1, 1, 1]));
        const flood = new kinema.Flood();
        assert.throws(() => flood.advance(1),
                      { message: "kinema_flood_advance: the flood has not been started (call kinema_flood_start)" });
        assert.throws(() => flood.start(space, { x: NaN, y: 0 }),
                      { message: "invalid chase query: position must be finite" });
        flood.start(space, { x: 0.5, y: 0.5 }, { x: 1, y: 0 });
        space.dispose();
        assert.throws(() => flood.advance(1), { message: /the flood's space has been disposed/ });
        assert.throws(() => flood.start(space, { x: 0.5, y: 0.5 }),
                      { message: "Flood.start: the space has been disposed" });
        flood.delete();
        assert.equal(flood.disposed, true);
        assert.throws(() => flood.json(), { message: "Flood.json: the flood has been disposed" });
        flood.dispose(); // a second dispose does nothing
    });
});
