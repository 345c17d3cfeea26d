// The designers' level formats through the npm package (docs/web.md "Level formats"): Tiled maps (.tmx, .tmj)
// and LDtk projects (.ldtk) as text, PNG and BMP collision masks as bytes, read by the loaders of
// kinema::formats compiled to WebAssembly with pugixml, zlib and zstd from ../shared/vendor. Each level's
// chase JSON equals `kinema chase --json` on the same file (the native build, Debian's libraries) byte for
// byte, and its twin's in kinema ASCII apart from the file name; what the browser cannot do (a tileset in
// another file) is refused saying so.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import zlib from "node:zlib";

import { bmp, gidBytes, png, refersToFiles, tmj, tmx, twinText, wallGids, zstdLayer } from "../level_files.mjs";

import { cliError, cliOutput, levelsDir, loadPackage } from "./helpers.mjs";

let kinema;
let scratch;
before(async () => {
    kinema = await loadPackage();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-formats-"));
});
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

const binary = (name) => /\.(png|bmp)$/i.test(name);

/** The space of a level file's content (text or bytes) through the package, as the page reads a file. */
function spaceOf(content, name) {
    return typeof content === "string"
        ? kinema.Space.fromLevelText(content, name)
        : kinema.Space.fromLevelBytes(content, name);
}

/** The chase JSON of the file `name` holding `content`, from `from` along `dir`, through the package. */
function packageJson(content, name, from, dir) {
    const space = spaceOf(content, name);
    const flood = new kinema.Flood();
    try {
        flood.start(space, from, dir);
        assert.equal(flood.advance(1_000_000), true);
        return flood.json(name);
    } finally {
        flood.dispose();
        space.dispose();
    }
}

function cliJson(file, from, dir) {
    return cliOutput(["chase", "--map", file, "--from", `${from.x},${from.y}`, "--dir", `${dir.x},${dir.y}`, "--json"]);
}

/** The chase JSON without its "map" field (the file's name), to compare a level with its twin. */
const withoutMap = (json) => json.replace(/^\{"map":"[^"]*",/, "{");

// ---- small levels written here (level_files.mjs), each with its twin in kinema ASCII ----------------------

const from = { x: 1.5, y: 1.5 };
const dir = { x: 1, y: 0 };

const inlineLevels = [
    ["room.tmx", () => tmx()],
    ["room.tmj", () => tmj(wallGids)],
    ["room_base64.tmj", () => tmj(gidBytes().toString("base64"))],
    ["room_zlib.tmj", () => tmj(zlib.deflateSync(gidBytes()).toString("base64"), "zlib")],
    ["room_gzip.tmj", () => tmj(zlib.gzipSync(gidBytes()).toString("base64"), "gzip")],
    ["room_zstd.tmj", () => tmj(zstdLayer, "zstd")],
    ["room.png", () => png()],
    ["room.bmp", () => bmp()],
];

describe("levels written here equal the CLI's reading of the same file, and their ASCII twin", () => {
    test("the zstd layer is the level's GIDs", { skip: !fs.existsSync("/usr/bin/zstd") && "no zstd command" }, () => {
        const decoded = execFileSync("/usr/bin/zstd", ["-d", "-q", "-c"], { input: Buffer.from(zstdLayer, "base64") });
        assert.deepEqual(decoded, gidBytes());
    });
    for (const [name, make] of inlineLevels) {
        test(name, () => {
            const content = make();
            const file = path.join(scratch, name);
            fs.writeFileSync(file, content);
            const twin = path.join(scratch, "room.txt");
            fs.writeFileSync(twin, twinText);
            const got = packageJson(content, file, from, dir);
            assert.equal(got, cliJson(file, from, dir));
            assert.equal(withoutMap(got), withoutMap(cliJson(twin, from, dir)));
            assert.equal(JSON.parse(got).cells, 8);
        });
    }
    test("fromLevelBytes reads a text format's UTF-8 bytes as fromLevelText reads its text", () => {
        const text = tmj(wallGids);
        assert.equal(packageJson(new TextEncoder().encode(text), "room.tmj", from, dir),
            packageJson(text, "room.tmj", from, dir));
    });
});

// ---- our own levels in the designers' formats (data/levels), when they are there -----------------------

// Tiled maps (data/levels/tiled), LDtk projects (data/levels/ldtk) and image masks (data/levels/images; the
// tileset pictures beside the Tiled maps are not levels).
function designerLevels(dir) {
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return designerLevels(file);
        const image = /\.(png|bmp)$/i.test(entry.name) && path.basename(dir) === "images";
        return /\.(tmx|tmj|ldtk)$/i.test(entry.name) || image ? [file] : [];
    });
}

const ourLevels = designerLevels(levelsDir).sort();

describe("our levels in the designers' formats equal the CLI's reading and their .txt originals", () => {
    test("data/levels has some", { skip: ourLevels.length === 0 && "none in data/levels yet" }, () => {
        assert.ok(ourLevels.length >= 3, ourLevels.join(", "));
    });
    for (const file of ourLevels) {
        test(path.relative(levelsDir, file), () => {
            const content = binary(file) ? new Uint8Array(fs.readFileSync(file)) : fs.readFileSync(file, "utf8");
            if (!binary(file) && refersToFiles(content)) {
                // The package has only the text it is given: the file the level names is not there.
                assert.throws(() => spaceOf(content, file), /cannot be read in the browser/);
                return;
            }
            // The player marker of the .txt original (an image marks none), else of the file itself, as the
            // CLI reads it (kinema chase without --from).
            const twin = path.join(levelsDir, path.basename(file).replace(/\.[^.]*$/, ".txt"));
            const marked = JSON.parse(cliOutput(["chase", "--map", fs.existsSync(twin) ? twin : file, "--json"]));
            const at = { x: marked.from[0], y: marked.from[1] };
            const along = { x: marked.dir[0], y: marked.dir[1] };
            const got = packageJson(content, file, at, along);
            assert.equal(got, cliJson(file, at, along));
            if (fs.existsSync(twin)) {
                assert.equal(withoutMap(got), withoutMap(cliJson(twin, at, along)));
            }
        });
    }
});

describe("what the package refuses", () => {
    test("a tileset in another file cannot be found: the message says why", () => {
        const text = tmj(wallGids, undefined, [{ firstgid: 1, source: "walls.tsj" }]);
        assert.ok(refersToFiles(text));
        assert.throws(() => kinema.Space.fromLevelText(text, "room.tmj"), (e) => {
            assert.match(e.message, /^room\.tmj: .*walls\.tsj.*cannot be read in the browser/);
            return true;
        });
    });
    test("an extension no format reads: the CLI's message, listing what the WebAssembly reads", () => {
        // The CLI built with Assimp also lists its 3D scenes (.gltf, .fbx, ...), which the package does not read.
        const file = path.join(scratch, "room.xyz");
        fs.writeFileSync(file, twinText);
        const [cliHead] = cliError(["chase", "--map", file]).split("; kinema reads ");
        assert.throws(() => kinema.Space.fromLevelText(twinText, file), {
            message: `${cliHead}; kinema reads .map, .txt, .obj, .nav, .tmx, .tmj, .json, .ldtk, .png, .bmp ` +
                "(a file without an extension as .txt)",
        });
        assert.throws(() => kinema.Space.fromLevelBytes(new Uint8Array(4), "scene.glb"),
            { message: /^scene\.glb: format not supported: \.glb;/ });
    });
    test("a broken Tiled map: the CLI's message", () => {
        const file = path.join(scratch, "broken.tmj");
        const text = tmj(gidBytes().subarray(0, 60).toString("base64"));
        fs.writeFileSync(file, text);
        assert.throws(() => kinema.Space.fromLevelText(text, file), { message: cliError(["chase", "--map", file]) });
    });
    test("a PNG's bytes passed as text, and text passed as bytes, are refused naming the right call", () => {
        assert.throws(() => kinema.Space.fromLevelText(png(), "room.png"), /fromLevelBytes/);
        assert.throws(() => kinema.Space.fromLevelBytes(twinText, "room.txt"), /bytes must be a Uint8Array/);
    });
});
