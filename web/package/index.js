// kinema for JavaScript: the chase of Couvidou's Dishonored 2 chapter ("Flooding the Influence Map for Chase in Dishonored 2", Game AI Pro Online Edition 2021)
// in WebAssembly, over kinema's C ABI (include/kinema/kinema.h) compiled by emscripten. Spaces from memory, the
// time-sliced flood, the chase JSON of `kinema chase --json` and the runtime pursuer a game ticks (docs/web.md,
// "The npm package").
//
// Handles hold WebAssembly memory that JavaScript's garbage collector does not see: free each with dispose()
// (delete() is the same, as embind's objects spell it). A FinalizationRegistry frees what a program forgets,
// but only when the collector gets to it, which may be never.
"use strict";

const createKinemaCore = require("./kinema_core.js");

let core = null;
let loading = null;

/** Loads the WebAssembly module once; every other call needs it. Resolves to this module's exports. */
function init(options) {
    if (loading === null) {
        loading = createKinemaCore(options || {}).then((instance) => {
            core = instance;
            return module.exports;
        });
    }
    return loading;
}

function loaded(what) {
    if (core === null) {
        throw new Error(`${what}: kinema is not loaded yet (await init() first)`);
    }
    return core;
}

const KINEMA_OK = 0;

// Throws the C ABI's message for a failed call: the text the kinema command prints after "kinema: error: ".
function check(status) {
    if (status !== KINEMA_OK) {
        throw new Error(core.UTF8ToString(core._kinema_last_error()));
    }
}

// Runs body(pointer) with `bytes` of WebAssembly memory that is freed afterwards.
function withScratch(bytes, body) {
    const pointer = core._malloc(Math.max(bytes, 8));
    if (pointer === 0) {
        throw new Error("out of memory");
    }
    try {
        return body(pointer);
    } finally {
        core._free(pointer);
    }
}

function withString(text, body) {
    const bytes = core.lengthBytesUTF8(text) + 1;
    return withScratch(bytes, (pointer) => {
        core.stringToUTF8(text, pointer, bytes);
        return body(pointer, bytes - 1);
    });
}

// A call that returns a handle through an out pointer.
function createHandle(call) {
    return withScratch(4, (out) => {
        check(call(out));
        return core.HEAPU32[out >> 2];
    });
}

function requireInteger(value, where, name) {
    if (!Number.isInteger(value)) {
        throw new Error(`${where}: ${name} must be an integer, got ${value}`);
    }
}

const freeHandles = new FinalizationRegistry(({ destroy, handle, scratch }) => {
    core[destroy](handle);
    core._free(scratch);
});

// The one owner of a C handle, and of `scratch` (WebAssembly memory the object reuses every call, or 0):
// dispose() frees them once; use after dispose throws.
class Handle {
    constructor(handle, destroy, scratch = 0) {
        this._handle = handle;
        this._destroy = destroy;
        this._scratch = scratch;
        freeHandles.register(this, { destroy, handle, scratch }, this);
    }
    _live(where) {
        if (this._handle === 0) {
            throw new Error(`${where}: the ${this.constructor.name.toLowerCase()} has been disposed`);
        }
        return this._handle;
    }
    /** Frees the WebAssembly memory; the object is unusable afterwards. Calling it again does nothing. */
    dispose() {
        if (this._handle !== 0) {
            freeHandles.unregister(this);
            core[this._destroy](this._handle);
            core._free(this._scratch);
            this._handle = 0;
            this._scratch = 0;
        }
    }
    /** The same as dispose(). */
    delete() {
        this.dispose();
    }
    get disposed() {
        return this._handle === 0;
    }
}

// The space of a level file's `length` bytes at `pointer` in WebAssembly memory, read as the file `name`.
function levelSpace(m, pointer, length, name, connectivity) {
    return withString(name, (namePointer) =>
        createHandle((out) => m._kinema_js_space_from_level_text(pointer, length, namePointer, connectivity, out)),
    );
}

/** Connectivity of grids when none is given: kinema's default (chase::GridSpaceSettings, 8). */
const defaultConnectivity = 8;

/** The cells a chase floods: a grid from memory or from a level file's text. */
class Space extends Handle {
    constructor(handle, name) {
        super(handle, "_kinema_space_destroy");
        this.name = name;
    }

    /**
     * A grid: `tiles` holds width x height bytes, row-major (row 0 first), non-zero = floor; width and height
     * in [1, 4096]; connectivity 4 or 8. Positions are tiles: x = column, y = row.
     */
    static fromGrid(width, height, tiles, connectivity = defaultConnectivity) {
        const m = loaded("Space.fromGrid");
        requireInteger(width, "Space.fromGrid", "width");
        requireInteger(height, "Space.fromGrid", "height");
        requireInteger(connectivity, "Space.fromGrid", "connectivity");
        if (!(tiles instanceof Uint8Array)) {
            throw new Error("Space.fromGrid: tiles must be a Uint8Array");
        }
        const needed = width > 0 && height > 0 ? width * height : 0;
        if (tiles.length !== needed && needed > 0) {
            throw new Error(`Space.fromGrid: tiles holds ${tiles.length} bytes; width x height is ${needed}`);
        }
        const handle = withScratch(tiles.length, (pointer) => {
            m.HEAPU8.set(tiles, pointer);
            return createHandle((out) => m._kinema_space_from_grid(width, height, pointer, connectivity, out));
        });
        return new Space(handle, "grid");
    }

    /**
     * A grid from the text of a level file the kinema command reads, read as that command reads the file
     * `name`, whose extension chooses the loader: .map Moving AI, .txt (or none) kinema ASCII, .tmx/.tmj/.json
     * Tiled, .ldtk LDtk (docs/levels.md). Errors name `name` and the line or element, as the command's do.
     * `name` is also the "map" of the chase JSON. A Tiled map's external tilesets cannot be read (there is no
     * file beside the text): embed them in the map. Images (.png, .bmp) are bytes: Space.fromLevelBytes.
     */
    static fromLevelText(text, name, connectivity = defaultConnectivity) {
        const m = loaded("Space.fromLevelText");
        if (typeof text !== "string" || typeof name !== "string") {
            throw new Error(
                "Space.fromLevelText: text and name must be strings (a file's bytes, such as a PNG's: Space.fromLevelBytes)",
            );
        }
        requireInteger(connectivity, "Space.fromLevelText", "connectivity");
        const handle = withString(text, (textPointer, length) => levelSpace(m, textPointer, length, name, connectivity));
        return new Space(handle, name);
    }

    /**
     * fromLevelText for a level file's bytes (a Uint8Array, e.g. Node's fs.readFileSync(path) or
     * new Uint8Array(await file.arrayBuffer())), as the kinema command reads them: needed for the binary
     * formats (.png and .bmp collision masks: one pixel a tile, dark pixels walls), and the same as
     * fromLevelText for the text formats in UTF-8.
     */
    static fromLevelBytes(bytes, name, connectivity = defaultConnectivity) {
        const m = loaded("Space.fromLevelBytes");
        if (!(bytes instanceof Uint8Array) || typeof name !== "string") {
            throw new Error("Space.fromLevelBytes: bytes must be a Uint8Array and name a string");
        }
        requireInteger(connectivity, "Space.fromLevelBytes", "connectivity");
        const handle = withScratch(bytes.length, (pointer) => {
            m.HEAPU8.set(bytes, pointer);
            return levelSpace(m, pointer, bytes.length, name, connectivity);
        });
        return new Space(handle, name);
    }

    // Space.fromMesh(xyz, triangles): a triangle mesh, built as `kinema chase --map LEVEL.obj` builds it, goes
    // here once the package's WebAssembly has kinema's navmesh part (Recast/Detour); see docs/web.md.

    /**
     * Dead reckoning: where a guard that runs straight on from `position` along `direction` (only x, y count on
     * grids) ends after `distance` tiles, [0, 1e9], or at the first wall (`kinema chase` uses maxSteps tiles, 40
     * by default). {position (the last open cell's centre), endPoint, cell (-1 for none), blocked, onSpace,
     * distance}: the "dead_reckoning" fields of `kinema chase --json`.
     */
    deadReckoning(position, direction, distance) {
        const handle = this._live("Space.deadReckoning");
        const p = vector(position, "Space.deadReckoning", "position");
        const d = vector(direction, "Space.deadReckoning", "direction");
        return withScratch(80, (out) => {
            check(core._kinema_js_dead_reckoning(handle, ...p, ...d, Number(distance), out));
            const v = core.HEAPF64.subarray(out >> 3, (out >> 3) + 10);
            return {
                position: { x: v[0], y: v[1], z: v[2] },
                endPoint: { x: v[3], y: v[4], z: v[5] },
                cell: v[6],
                blocked: v[7] === 1,
                onSpace: v[8] === 1,
                distance: v[9],
            };
        });
    }

    /** How many cells the space has (floor tiles on grids). */
    get cellCount() {
        const handle = this._live("Space.cellCount");
        return withScratch(8, (out) => {
            check(core._kinema_space_cell_count(handle, out));
            return core.HEAPU32[out >> 2] + core.HEAP32[(out >> 2) + 1] * 2 ** 32;
        });
    }
}

const destinationRules = ["nearest_heated", "nearest_warm"];
const stopReasons = ["exhausted", "too_many_heated", "max_steps"];
const settingFields = ["hot", "maxHeated", "maxSteps", "maxRestarts", "destination"];

// Flood settings from their five numbers (hot, max_heated, max_steps, max_restarts, destination).
function floodFromFields(v) {
    return { hot: v[0], maxHeated: v[1], maxSteps: v[2], maxRestarts: v[3], destination: destinationRules[v[4]] };
}

/**
 * The chapter's constants with kinema's defaults (the settings registry's, through the C ABI): hot (H) 20,
 * maxHeated (M_H) 25, maxSteps (M_S) 40, maxRestarts -1 (no cap), destination "nearest_heated".
 */
function floodSettingsDefault() {
    const m = loaded("floodSettingsDefault");
    return withScratch(20, (out) => {
        m._kinema_js_flood_settings_default(out);
        return floodFromFields(m.HEAP32.subarray(out >> 2, (out >> 2) + 5));
    });
}

function settingsFields(settings) {
    const full = Object.assign(floodSettingsDefault(), settings);
    for (const key of Object.keys(settings)) {
        if (!settingFields.includes(key)) {
            throw new Error(`Flood: unknown setting '${key}' (known: ${settingFields.join(", ")})`);
        }
    }
    const destination = destinationRules.indexOf(full.destination);
    if (destination < 0) {
        throw new Error(`destination: must be ${destinationRules.join(" or ")}, got '${full.destination}'`);
    }
    const fields = [full.hot, full.maxHeated, full.maxSteps, full.maxRestarts];
    fields.forEach((value, i) => requireInteger(value, "Flood", settingFields[i]));
    return [...fields, destination];
}

function vector(value, where, name) {
    if (value === null || typeof value !== "object") {
        throw new Error(`${where}: ${name} must be an object with x, y (and z)`);
    }
    const z = value.z === undefined ? 0 : value.z;
    return [value.x, value.y, z].map(Number);
}

const resultNumbers = 19;

// The flood's result from kinema_js_flood_result's numbers (web/package/src/kinema_js.cpp says the order).
function readResult(v) {
    if (v[18] !== resultNumbers) {
        throw new Error("internal error: kinema_core.js does not match index.js (result layout)");
    }
    const point = (i) => ({ x: v[i], y: v[i + 1], z: v[i + 2] });
    return {
        destination: point(0),
        centroid: point(3),
        seedPosition: point(6),
        seedCell: v[9],
        destinationCell: v[10],
        heatedCells: v[11],
        warmCells: v[12],
        barrierCells: v[13],
        steps: v[14],
        stopReason: stopReasons[v[15]],
        finished: v[16] === 1,
        seedSnapped: v[17] === 1,
    };
}

/** The chapter's heat-and-barrier flood, run a fixed number of steps per frame (advance). */
class Flood extends Handle {
    /** `settings`: any of floodSettingsDefault()'s fields; the others keep their defaults. */
    constructor(settings = {}) {
        const m = loaded("new Flood");
        const fields = settingsFields(settings);
        const handle = withScratch(20, (pointer) => {
            m.HEAP32.set(fields, pointer >> 2);
            return createHandle((out) => m._kinema_js_flood_create(pointer, out));
        });
        super(handle, "_kinema_flood_destroy");
        this._space = null;
    }

    // The flood's space must outlive its use: a disposed space makes the flood unstarted, not a dangling read.
    _started(where) {
        const handle = this._live(where);
        if (this._space !== null && this._space.disposed) {
            throw new Error(`${where}: the flood's space has been disposed (start the flood on a live space)`);
        }
        return handle;
    }

    /**
     * Seeds the flood at the player's last known position running along `direction` (objects with x, y and
     * an optional z, such as three.js, Babylon.js or PlayCanvas vectors). Grids read x = column, y = row and
     * ignore z; a position off the floor snaps to the nearest cell, as `kinema chase --from` does.
     */
    start(space, position, direction = { x: 0, y: 0, z: 0 }) {
        const handle = this._live("Flood.start");
        if (!(space instanceof Space)) {
            throw new Error("Flood.start: space must be a Space");
        }
        const spaceHandle = space._live("Flood.start");
        const p = vector(position, "Flood.start", "position");
        const d = vector(direction, "Flood.start", "direction");
        check(core._kinema_js_flood_start(handle, spaceHandle, ...p, ...d));
        this._space = space;
    }

    /** Runs at most maxSteps propagation steps; true once the flood has finished. */
    advance(maxSteps) {
        const handle = this._started("Flood.advance");
        requireInteger(maxSteps, "Flood.advance", "maxSteps");
        return withScratch(4, (finished) => {
            check(core._kinema_flood_advance(handle, maxSteps, finished));
            return core.HEAP32[finished >> 2] === 1;
        });
    }

    /** The result so far (after the last step: the final one). */
    get result() {
        const handle = this._started("Flood.result");
        return withScratch(8 * resultNumbers, (out) => {
            check(core._kinema_js_flood_result(handle, out));
            return readResult(core.HEAPF64.slice(out >> 3, (out >> 3) + resultNumbers));
        });
    }

    /**
     * The whole chase as JSON text, exactly what `kinema chase --json` prints (without its newline) for the
     * same level and query: `map` is the "map" field (default: the space's name).
     */
    json(map) {
        const handle = this._started("Flood.json");
        const name = map === undefined ? this._space.name : String(map);
        return withString(name, (mapPointer) =>
            withScratch(4, (length) => {
                check(core._kinema_flood_json(handle, mapPointer, 0, 0, length));
                const bytes = core.HEAPU32[length >> 2] + 1;
                return withScratch(bytes, (buffer) => {
                    check(core._kinema_flood_json(handle, mapPointer, buffer, bytes, length));
                    return core.UTF8ToString(buffer, bytes - 1);
                });
            }),
        );
    }
}

// The runtime pursuer's names: the CLI's --strategy values, and the states and event kinds of `kinema pursue
// --json`, in the C ABI's order (kinema_pursuit_strategy, kinema_pursuit_state, kinema_pursuit_event_kind).
const strategies = ["flood", "flood-paced", "dead-reckoning", "breadcrumbs", "last-known"];
const pursuitStates = ["engage", "chase", "search", "gave_up"];
const eventKinds = ["lost_sight", "chase", "arrived", "search", "reacquired", "stimulus", "gave_up"];
const pursuerFields = ["strategy", "viewRange", "viewAngle", "contactRange", "searchTime", "playerSpeed", "spread",
    "floodStepsPerTick"];
// kinema_js.cpp's counts: the settings' numbers, an output's (its last number is the count) and an event's.
const pursuerSettingsNumbers = 13;
const pursuerOutputNumbers = 9;
const pursuerEventNumbers = 9;
const maxPursuerEvents = 4;

/**
 * The runtime pursuer's constants with kinema's defaults (those of `kinema pursue`, through the C ABI):
 * strategy "flood", viewRange 20, viewAngle 120, contactRange 1, searchTime 30, playerSpeed 6, spread 0.5,
 * floodStepsPerTick 0 (the whole flood in one update), flood: floodSettingsDefault() with maxRestarts 3.
 */
function pursuerSettingsDefault() {
    const m = loaded("pursuerSettingsDefault");
    return withScratch(8 * pursuerSettingsNumbers, (out) => {
        m._kinema_js_pursuer_settings_default(out);
        const v = m.HEAPF64.slice(out >> 3, (out >> 3) + pursuerSettingsNumbers);
        const settings = { strategy: strategies[v[0]] };
        pursuerFields.slice(1).forEach((name, i) => {
            settings[name] = v[i + 1];
        });
        settings.flood = floodFromFields(Array.from(v.slice(8)));
        return settings;
    });
}

function pursuerNumbers(settings) {
    for (const key of Object.keys(settings)) {
        if (key !== "flood" && !pursuerFields.includes(key)) {
            throw new Error(`Pursuer: unknown setting '${key}' (known: ${pursuerFields.join(", ")}, flood)`);
        }
    }
    const defaults = pursuerSettingsDefault();
    const full = Object.assign(defaults, settings, { flood: Object.assign(defaults.flood, settings.flood || {}) });
    const strategy = strategies.indexOf(full.strategy);
    if (strategy < 0) {
        throw new Error(`strategy: must be ${strategies.join(", ")}, got '${full.strategy}'`);
    }
    requireInteger(full.floodStepsPerTick, "Pursuer", "floodStepsPerTick");
    const numbers = pursuerFields.slice(1).map((name) => Number(full[name]));
    return [strategy, ...numbers, ...settingsFields(full.flood)];
}

function writeVector(heap, at, value, where, name) {
    const [x, y, z] = vector(value, where, name);
    heap[at] = x;
    heap[at + 1] = y;
    heap[at + 2] = z;
}

// An output from kinema_js.cpp's numbers, into `out` (its goal object reused when it has one).
function readOutput(heap, at, out) {
    if (heap[at + 8] !== pursuerOutputNumbers) {
        throw new Error("internal error: kinema_core.js does not match index.js (pursuer output layout)");
    }
    out.state = pursuitStates[heap[at]];
    out.goalChanged = heap[at + 1] === 1;
    out.goalInSight = heap[at + 2] === 1;
    out.events = heap[at + 3];
    out.goal = out.goal || {};
    out.goal.x = heap[at + 4];
    out.goal.y = heap[at + 5];
    out.goal.z = heap[at + 6];
    out.time = heap[at + 7];
    return out;
}

/**
 * The NPC's chase reasoning, ticked once a frame (docs/pursuit.md "Runtime pursuer"): the state machine of
 * Couvidou's chapter (engage, chase, search, give up), every strategy of `kinema pursue`, the occupancy-map
 * search cleared with kinema's own line of sight, and stimuli. The game moves the NPC to the goal it answers
 * and reports what the NPC perceives. Grid spaces; world points as the space takes them (x, y; z ignored).
 */
class Pursuer extends Handle {
    /** `settings`: any of pursuerSettingsDefault()'s fields (flood: any of its fields); the space must stay. */
    constructor(space, settings = {}) {
        const m = loaded("new Pursuer");
        if (!(space instanceof Space)) {
            throw new Error("new Pursuer: space must be a Space");
        }
        const spaceHandle = space._live("new Pursuer");
        const numbers = pursuerNumbers(settings);
        const handle = withScratch(8 * pursuerSettingsNumbers, (pointer) => {
            m.HEAPF64.set(numbers, pointer >> 3);
            return createHandle((out) => m._kinema_js_pursuer_create(spaceHandle, pointer, out));
        });
        // Room for the largest exchange, the events (4 x 9 numbers), reused by every call: an update
        // allocates nothing in WebAssembly memory.
        const scratch = m._malloc(8 * maxPursuerEvents * pursuerEventNumbers + 8);
        if (scratch === 0) {
            m._kinema_pursuer_destroy(handle);
            throw new Error("out of memory");
        }
        super(handle, "_kinema_pursuer_destroy", scratch);
        this._space = space;
    }

    _ready(where) {
        const handle = this._live(where);
        if (this._space.disposed) {
            throw new Error(`${where}: the pursuer's space has been disposed`);
        }
        return handle;
    }

    /**
     * One frame. `input`: dt (s since the previous update), npcPosition, npcFacing, seesPlayer (boolean),
     * playerPosition, playerVelocity (read as kinema_pursuer_input reads them: docs/engines.md), arrived
     * (boolean: the agent reached the previous goal and stopped). Returns `out` filled with state ("engage",
     * "chase", "search", "gave_up"), goal {x, y, z}, goalChanged, goalInSight, events (1 << kind for each
     * event of this call) and time; pass the same `out` every frame to allocate nothing.
     */
    update(input, out = {}) {
        const handle = this._ready("Pursuer.update");
        if (input === null || typeof input !== "object") {
            throw new Error("Pursuer.update: input must be an object");
        }
        const heap = core.HEAPF64;
        const at = this._scratch >> 3;
        heap[at] = Number(input.dt);
        writeVector(heap, at + 1, input.npcPosition, "Pursuer.update", "npcPosition");
        writeVector(heap, at + 4, input.npcFacing, "Pursuer.update", "npcFacing");
        heap[at + 7] = input.seesPlayer ? 1 : 0;
        writeVector(heap, at + 8, input.playerPosition || { x: 0, y: 0 }, "Pursuer.update", "playerPosition");
        writeVector(heap, at + 11, input.playerVelocity || { x: 0, y: 0 }, "Pursuer.update", "playerVelocity");
        heap[at + 14] = input.arrived ? 1 : 0;
        check(core._kinema_js_pursuer_update(handle, this._scratch, this._scratch));
        return readOutput(core.HEAPF64, at, out);
    }

    /**
     * A noise heard at `position` (on floor), `delay` s (>= 0) after the last update: restarts the chase there
     * unless the NPC is engaged or flood.maxRestarts were accepted. Returns the decision as update() does.
     */
    stimulus(position, delay = 0, out = {}) {
        const handle = this._ready("Pursuer.stimulus");
        const [x, y, z] = vector(position, "Pursuer.stimulus", "position");
        check(core._kinema_js_pursuer_stimulus(handle, x, y, z, Number(delay), this._scratch));
        return readOutput(core.HEAPF64, this._scratch >> 3, out);
    }

    /**
     * The events of the last update or stimulus, in order: {kind, accepted, t, position, direction}, with
     * kind as `kinema pursue --json` names it ("lost_sight", "chase", "arrived", "search", "reacquired",
     * "stimulus", "gave_up"); position and direction as kinema_pursuer_event documents them.
     */
    events() {
        const handle = this._ready("Pursuer.events");
        const count = withScratch(4, (countPointer) => {
            check(core._kinema_js_pursuer_events(handle, this._scratch, countPointer));
            return core.HEAP32[countPointer >> 2];
        });
        const heap = core.HEAPF64;
        const events = [];
        for (let i = 0; i < count; ++i) {
            const at = (this._scratch >> 3) + i * pursuerEventNumbers;
            events.push({
                kind: eventKinds[heap[at]],
                accepted: heap[at + 1] === 1,
                t: heap[at + 2],
                position: { x: heap[at + 3], y: heap[at + 4], z: heap[at + 5] },
                direction: { x: heap[at + 6], y: heap[at + 7], z: heap[at + 8] },
            });
        }
        return events;
    }

    /** Back to before the first update (engaged, clock 0, no restart used). */
    reset() {
        check(core._kinema_pursuer_reset(this._ready("Pursuer.reset")));
    }
}

/** The bit of an output's `events` for an event kind ("chase", ...): (output.events & eventBit("chase")) !== 0. */
function eventBit(kind) {
    const index = eventKinds.indexOf(kind);
    if (index < 0) {
        throw new Error(`eventBit: unknown event kind '${kind}' (known: ${eventKinds.join(", ")})`);
    }
    return 1 << index;
}

/** kinema's version, "MAJOR.MINOR.PATCH". */
function version() {
    return loaded("version").UTF8ToString(core._kinema_version());
}

module.exports = {
    init,
    version,
    floodSettingsDefault,
    pursuerSettingsDefault,
    eventBit,
    defaultConnectivity,
    Space,
    Flood,
    Pursuer,
};
