// The npm package as a user gets it: `npm pack` makes the tarball, `npm install` of that file puts it in an
// app's node_modules, and the app imports it by name (ES module and CommonJS) and gets the CLI's chase JSON.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { before, test } from "node:test";

import { chaseFlags, cliOutput, levelsDir, packageDir, root } from "./helpers.mjs";

const npmEnv = {
    ...process.env,
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
};
const work = fs.mkdtempSync(path.join(os.tmpdir(), "kinema-npm-pack-"));
let tarball;
let app;

function npm(args, cwd) {
    return execFileSync("npm", args, { cwd, env: npmEnv, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

before(() => {
    const packed = JSON.parse(npm(["pack", "--json", "--pack-destination", work], packageDir));
    tarball = path.join(work, packed[0].filename);
    app = path.join(work, "app");
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true }));
    npm(["install", "--offline", "--no-package-lock", tarball], app);
});

test("npm pack makes a tarball of the package's files, versioned as the project", () => {
    const packed = JSON.parse(npm(["pack", "--dry-run", "--json"], packageDir))[0];
    assert.deepEqual(packed.files.map((file) => file.path).sort(),
                     ["README.md", "index.d.ts", "index.js", "index.mjs", "kinema_abi.g.d.ts", "kinema_abi.g.js",
                      "kinema_core.js", "package.json"]);
    assert.equal(packed.name, "kinema");
    assert.equal(`kinema ${packed.version}`, cliOutput(["--version"]));
    assert.ok(fs.statSync(tarball).size > 100_000, "the WebAssembly is inside the tarball");
});

const corner = path.join(levelsDir, "corner.txt");
const query = { from: { x: 2.5, y: 2.5 }, dir: { x: 1, y: 0 }, settings: { maxSteps: 30 } };
const appCode = (load) => `${load}
const fs = require("node:fs");
(async () => {
    const kinema = await init();
    const space = kinema.Space.fromLevelText(fs.readFileSync(${JSON.stringify(corner)}, "utf8"), ${JSON.stringify(corner)});
    const flood = new kinema.Flood({ maxSteps: 30 });
    flood.start(space, { x: 2.5, y: 2.5 }, { x: 1, y: 0 });
    while (!flood.advance(4)) {}
    process.stdout.write(flood.json());
    flood.dispose();
    space.dispose();
})();
`;

test("an app imports the installed package as an ES module and gets the CLI's JSON", () => {
    const file = path.join(app, "check.mjs");
    const load = ['import { init } from "kinema";', 'import { createRequire } from "node:module";',
                  "const require = createRequire(import.meta.url);"];
    fs.writeFileSync(file, appCode(load.join("\n")));
    const expected = cliOutput(["chase", "--map", corner, ...chaseFlags(query), "--json"]);
    assert.equal(execFileSync(process.execPath, [file], { cwd: app, encoding: "utf8" }), expected);
});

test("an app requires the installed package as CommonJS and gets the CLI's JSON", () => {
    const file = path.join(app, "check.cjs");
    fs.writeFileSync(file, appCode('const { init } = require("kinema");'));
    const expected = cliOutput(["chase", "--map", corner, ...chaseFlags(query), "--json"]);
    assert.equal(execFileSync(process.execPath, [file], { cwd: app, encoding: "utf8" }), expected);
});

test("index.d.ts declares exactly what the package exports", async () => {
    const installed = path.join(app, "node_modules/kinema");
    const types = fs.readFileSync(path.join(installed, "index.d.ts"), "utf8");
    const declared = [...types.matchAll(/^export declare (?:class|function|const) (\w+)/gm)].map((m) => m[1]).sort();
    const exported = Object.keys(await import(path.join(installed, "index.mjs"))).filter((name) => name !== "default");
    assert.deepEqual(declared, exported.sort());
    assert.ok(declared.includes("Pursuer") && declared.includes("Flood"));
});

// TypeScript's own compiler (web/'s pinned devDependency) checks an app against the installed index.d.ts with
// --strict: every export used as documented compiles, and misuses the types exist to catch do not.
const tsc = path.join(root, "web/node_modules/.bin/tsc");

// tsc's errors for these files ({name: code}) written into the app ("" when they compile).
function typeCheck(files) {
    const paths = Object.entries(files).map(([name, code]) => {
        fs.writeFileSync(path.join(app, name), code);
        return path.join(app, name);
    });
    const flags = ["--noEmit", "--strict", "--target", "es2020", "--module", "node16", "--moduleResolution", "node16"];
    try {
        execFileSync(tsc, [...flags, ...paths], { cwd: app, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
        return "";
    } catch (failure) {
        return failure.stdout || String(failure);
    }
}

test("a TypeScript app type-checks against index.d.ts, and misuses do not", { skip: !fs.existsSync(tsc) &&
     `TypeScript's tsc not found at ${tsc} (npm ci in web/ installs it)` }, () => {
    const use = `import { init, version, floodSettingsDefault, pursuerSettingsDefault, eventBit, defaultConnectivity,
    Space, Flood, Pursuer, FloodResult, PursuerOutput, PursuerEvent, navSettingsDefault, NavSettings } from "kinema";
export function level3d(xyz: Float32Array, index: Uint32Array, sizes: Int32Array, obj: string): Space[] {
    const settings: NavSettings = { ...navSettingsDefault(), agentRadius: 0.4 };
    return [Space.fromMesh(xyz, index), Space.fromMesh(xyz, new Int32Array(index), { tileSize: 32 }),
            Space.fromMesh(xyz, index, settings), Space.fromPolygons(xyz, index, sizes, { chaseCellSize: 0.5 }),
            Space.fromLevelText(obj, "level.obj")];
}
export async function run(tiles: Uint8Array): Promise<string> {
    await init();
    const space: Space = Space.fromGrid(7, 1, tiles, defaultConnectivity);
    const fromBytes = (bytes: Uint8Array): Space => Space.fromLevelBytes(bytes, "level.png", 4);
    const flood = new Flood({ ...floodSettingsDefault(), maxSteps: 30 });
    flood.start(space, { x: 2.5, y: 0.5 }, { x: 1, y: 0, z: 0 });
    while (!flood.advance(4)) {}
    const result: FloodResult = flood.result;
    const blocked: boolean = space.deadReckoning({ x: 2.5, y: 0.5 }, { x: 1, y: 0 }, 40).blocked;
    const pursuer = new Pursuer(space, { strategy: "flood-paced", viewRange: 10, flood: { maxRestarts: 1 } });
    const out: PursuerOutput = pursuer.update({ dt: 1 / 60, npcPosition: { x: 0.5, y: 0.5 }, npcFacing: { x: 1, y: 0 },
                                                seesPlayer: false, arrived: false });
    const events: PursuerEvent[] = pursuer.events();
    const chased = (out.events & eventBit("chase")) !== 0 && out.state === "chase";
    pursuer.stimulus({ x: 6.5, y: 0.5 }, 0.1, out);
    pursuer.reset();
    pursuer.dispose();
    flood.dispose();
    space.dispose();
    return version() + typeof fromBytes + result.stopReason + blocked + events.length + chased + pursuerSettingsDefault().flood.hot + flood.json();
}
`;
    assert.equal(typeCheck({ "use.ts": use }), "");
    const misuses = [
        'new Pursuer(Space.fromGrid(1, 1, new Uint8Array(1)), { strategy: "wander" });',
        "new Flood({ hot: \"20\" });",
        'eventBit("spotted");',
        "Space.fromGrid(1, 1, [1]);",
        'Space.fromLevelBytes("#.#", "level.txt");',
        "Space.fromMesh(new Float64Array(9), new Int32Array(3));",
        "Space.fromMesh(new Float32Array(9), [0, 1, 2]);",
        "Space.fromPolygons(new Float32Array(9), new Int32Array(3), new Int32Array(1), { radius: 1 });",
    ];
    const files = Object.fromEntries(misuses.map((line, i) => [`misuse${i}.ts`,
        `import { Space, Flood, Pursuer, eventBit } from "kinema";\n${line}\n`]));
    const errors = typeCheck(files);
    misuses.forEach((line, i) => assert.match(errors, new RegExp(`misuse${i}\\.ts\\(2,\\d+\\): error TS`), line));
});
