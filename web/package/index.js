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
// The header's shapes in wasm32 (scripts/bindings.py): struct sizes and field offsets, enums, constants.
const abi = require("./kinema_abi.g.js");

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

const KINEMA_OK = abi.enums.kinema_status.KINEMA_OK;

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

// ---- The C structs in WebAssembly memory, at kinema_abi.g.js's offsets ----

function readField(kind, at) {
    switch (kind) {
        case "f64":
            return core.HEAPF64[at >> 3];
        case "f32":
            return core.HEAPF32[at >> 2];
        case "i32":
            return core.HEAP32[at >> 2];
        case "u32":
            return core.HEAPU32[at >> 2];
        case "u8":
            return core.HEAPU8[at];
        case "i64":
            return core.HEAPU32[at >> 2] + core.HEAP32[(at >> 2) + 1] * 2 ** 32;
        default:
            return readStruct(kind, at);
    }
}

function writeField(kind, at, value) {
    switch (kind) {
        case "f64":
            core.HEAPF64[at >> 3] = value;
            break;
        case "f32":
            core.HEAPF32[at >> 2] = value;
            break;
        case "i32":
        case "u32":
            core.HEAP32[at >> 2] = value;
            break;
        case "u8":
            core.HEAPU8[at] = value;
            break;
        case "i64":
            core.HEAPU32[at >> 2] = value >>> 0;
            core.HEAP32[(at >> 2) + 1] = Math.floor(value / 2 ** 32);
            break;
        default:
            writeStruct(kind, at, value);
    }
}

// The C struct `name` at `pointer` as an object of its C field names (nested structs as objects).
function readStruct(name, pointer) {
    const object = {};
    for (const [field, { offset, kind }] of Object.entries(abi.structs[name].fields)) {
        object[field] = readField(kind, pointer + offset);
    }
    return object;
}

// Writes the fields `values` has (C names) into the C struct `name` at `pointer`; the others keep their bytes.
function writeStruct(name, pointer, values) {
    for (const [field, { offset, kind }] of Object.entries(abi.structs[name].fields)) {
        if (values[field] !== undefined) {
            writeField(kind, pointer + offset, values[field]);
        }
    }
}

const sizeOf = (name) => abi.structs[name].size;
const offsetOf = (name, field) => abi.structs[name].fields[field].offset;

// An enum's member names by value, lower case without the common prefix (KINEMA_STOP_MAX_STEPS: "max_steps").
function enumNames(name, prefix) {
    const names = [];
    for (const [member, value] of Object.entries(abi.enums[name])) {
        names[value] = member.slice(prefix.length).toLowerCase();
    }
    return names;
}

const camelCase = (name) => name.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());
const snakeCase = (name) => name.replace(/[A-Z]/g, (letter) => "_" + letter.toLowerCase());

// A call that returns a handle through an out pointer.
function createHandle(call) {
    return withScratch(4, (out) => {
        check(call(out));
        return core.HEAPU32[out >> 2];
    });
}

// C's int: a whole number in [-2^31, 2^31 - 1] (written into WebAssembly memory as 32 bits).
function requireInteger(value, where, name) {
    if (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) {
        throw new Error(`${where}: ${name} must be an integer in [-2147483648, 2147483647], got ${value}`);
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

// ---- 3D levels from arrays (fromMesh, fromPolygons) ----

// The vertex count of `xyz`, a Float32Array of x, y, z per vertex (the C ABI's float *).
function vertexCountOf(xyz, where) {
    if (!(xyz instanceof Float32Array)) {
        throw new Error(`${where}: xyz must be a Float32Array (x, y, z per vertex), got ${typeName(xyz)}`);
    }
    if (xyz.length % 3 !== 0 || xyz.length === 0) {
        throw new Error(
            `${where}: xyz holds ${xyz.length} numbers, not a positive multiple of 3 (x, y, z per vertex)`,
        );
    }
    return xyz.length / 3;
}

// Indices are C ints: an Int32Array, or a Uint32Array (a three.js index), whose values past 2^31 - 1 the C
// call sees as negative and refuses as out of range.
function requireIndices(array, where, name) {
    if (!(array instanceof Int32Array || array instanceof Uint32Array)) {
        throw new Error(`${where}: ${name} must be an Int32Array or a Uint32Array, got ${typeName(array)}`);
    }
}

function typeName(value) {
    if (value === null || value === undefined) {
        return String(value);
    }
    return typeof value === "object" ? value.constructor.name : typeof value;
}

// Copies xyz, the index arrays and the settings into WebAssembly memory for body(xyzAt, [arrayAt...],
// settingsAt), and frees them afterwards (the C calls copy what they keep).
function withMeshArrays(m, xyz, arrays, settings, where, body) {
    const settingsSize = sizeOf("kinema_nav_settings");
    const offsets = [];
    let bytes = settingsSize + xyz.byteLength;
    for (const array of arrays) {
        offsets.push(bytes);
        bytes += array.byteLength;
    }
    const fields = navSettingsFields(settings, where);
    return withScratch(bytes, (p) => {
        m._kinema_js_nav_settings_default(p);
        writeStruct("kinema_nav_settings", p, fields);
        m.HEAPF32.set(xyz, (p + settingsSize) >> 2);
        arrays.forEach((array, i) => m.HEAP32.set(new Int32Array(array.buffer, array.byteOffset, array.length),
                                                  (p + offsets[i]) >> 2));
        return body(p + settingsSize, offsets.map((offset) => p + offset), p);
    });
}

// kinema_nav_settings's fields a program sets: not the host's task system (the WebAssembly build runs
// without threads) nor internal_check.
const navSettingFields = settingNames("kinema_nav_settings", ["enqueue_task", "finish_task", "task_context"]);

function navFromFields(s) {
    const settings = {};
    for (const key of navSettingFields) {
        settings[key] = s[snakeCase(key)];
    }
    return settings;
}

/**
 * How 3D levels are built, kinema's defaults (`kinema chase --help`'s 3D settings, through the C ABI's
 * kinema_nav_settings_default): RecastDemo's agent (agentHeight 2, agentRadius 0.6, agentMaxClimb 0.9,
 * agentMaxSlope 45), its voxels (cellSize 0.3, cellHeight 0.2), chaseCellSize 0.75 and the rest.
 */
function navSettingsDefault() {
    const m = loaded("navSettingsDefault");
    return withScratch(sizeOf("kinema_nav_settings"), (out) => {
        m._kinema_js_nav_settings_default(out);
        return navFromFields(readStruct("kinema_nav_settings", out));
    });
}

// The C fields of nav `settings` (navSettingsDefault()'s names), checked: integers where C has one.
function navSettingsFields(settings, where) {
    if (settings === null || typeof settings !== "object") {
        throw new Error(`${where}: settings must be an object of navSettingsDefault()'s fields`);
    }
    const fields = {};
    for (const [key, value] of Object.entries(settings)) {
        if (!navSettingFields.includes(key)) {
            throw new Error(`${where}: unknown setting '${key}' (known: ${navSettingFields.join(", ")})`);
        }
        const field = snakeCase(key);
        const kind = abi.structs.kinema_nav_settings.fields[field].kind;
        if (kind === "kinema_vec3") {
            const [x, y, z] = vector(value, where, key);
            fields[field] = { x, y, z };
        } else if (kind === "i32" || kind === "i64") {
            if (!Number.isSafeInteger(value) || (kind === "i32" && Math.abs(value) >= 2 ** 31)) {
                throw new Error(`${where}: ${key} must be an integer, got ${value}`);
            }
            fields[field] = value;
        } else {
            fields[field] = Number(value);
        }
    }
    return fields;
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
     * A level from the text of a level file the kinema command reads, read as that command reads the file
     * `name`, whose extension chooses the loader: .map Moving AI, .txt (or none) kinema ASCII, .tmx/.tmj/.json
     * Tiled, .ldtk LDtk, .obj a triangle mesh built into a 3D level as `kinema chase --map LEVEL.obj` builds it
     * (navSettingsDefault(); connectivity is for grids) (docs/levels.md). Errors name `name` and the line or
     * element, as the command's do.
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
     * formats (.png and .bmp collision masks: one pixel a tile, dark pixels walls; .nav navmesh files, 3D
     * levels that `kinema navmesh build` writes), and the same as
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

    /**
     * A triangle mesh, built exactly as `kinema chase --map LEVEL.obj` builds the same triangles (Recast's
     * voxels, a Detour navmesh, the chase cells sampled from it), so the same chase: `xyz` a Float32Array of
     * x, y, z per vertex (y up, metres by default), `triangles` an Int32Array or Uint32Array of three vertex
     * indices per triangle (a three.js BufferGeometry's position attribute and index). `settings`: any of
     * navSettingsDefault()'s fields. Positions are the mesh's x, y, z. The chase JSON's "map" is "mesh".
     */
    static fromMesh(xyz, triangles, settings = {}) {
        const m = loaded("Space.fromMesh");
        const where = "Space.fromMesh";
        const vertexCount = vertexCountOf(xyz, where);
        requireIndices(triangles, where, "triangles");
        if (triangles.length % 3 !== 0) {
            throw new Error(`${where}: triangles holds ${triangles.length} indices, not a multiple of 3`);
        }
        const handle = withMeshArrays(m, xyz, [triangles], settings, where, (xyzAt, [trianglesAt], settingsAt) =>
            createHandle((out) =>
                m._kinema_space_from_mesh(xyzAt, vertexCount, trianglesAt, triangles.length / 3, settingsAt, out),
            ),
        );
        return new Space(handle, "mesh");
    }

    /**
     * An engine's own navmesh, its convex polygons made the chase's cells without voxelising them again
     * (Godot's NavigationMesh vertices and polygons, the polygons of Unreal's Recast tiles, Unity's
     * NavMesh.CalculateTriangulation as triangles): `xyz` as fromMesh's; polygon p has sizes[p] corners (3 to
     * 6, either winding), whose vertex indices follow polygon p - 1's in `indices` (both Int32Array or
     * Uint32Array). Of the settings, agentHeight, agentRadius, agentMaxClimb, chaseCellSize, cellHeight,
     * maxChaseColumns and snapExtents apply. The chase JSON's "map" is "polygons".
     */
    static fromPolygons(xyz, indices, sizes, settings = {}) {
        const m = loaded("Space.fromPolygons");
        const where = "Space.fromPolygons";
        const vertexCount = vertexCountOf(xyz, where);
        requireIndices(indices, where, "indices");
        requireIndices(sizes, where, "sizes");
        // The C call reads as many indices as the sizes add up to: the two must agree before it runs.
        const corners = Int32Array.from(sizes).reduce((sum, size) => sum + size, 0);
        if (corners !== indices.length) {
            throw new Error(`${where}: indices holds ${indices.length} indices, sizes adds up to ${corners}`);
        }
        const build = (xyzAt, [indicesAt, sizesAt], settingsAt) =>
            createHandle((out) =>
                m._kinema_space_from_polygons(xyzAt, vertexCount, indicesAt, sizesAt, sizes.length, settingsAt, out),
            );
        const handle = withMeshArrays(m, xyz, [indices, sizes], settings, where, build);
        return new Space(handle, "polygons");
    }

    /**
     * Dead reckoning: where a guard that runs straight on from `position` along `direction` (only x, y count on
     * grids) ends after `distance` tiles, [0, 1e9], or at the first wall (`kinema chase` uses maxSteps tiles, 40
     * by default). {position (the last open cell's centre), endPoint, cell (-1 for none), blocked, onSpace,
     * distance}: the "dead_reckoning" fields of `kinema chase --json`.
     */
    deadReckoning(position, direction, distance) {
        const handle = this._live("Space.deadReckoning");
        const vec3 = sizeOf("kinema_vec3");
        return withScratch(2 * vec3 + sizeOf("kinema_dead_reckoning_result"), (p) => {
            writeVector(p, position, "Space.deadReckoning", "position");
            writeVector(p + vec3, direction, "Space.deadReckoning", "direction");
            const out = p + 2 * vec3;
            check(core._kinema_js_dead_reckoning(handle, p, p + vec3, Number(distance), out));
            const r = readStruct("kinema_dead_reckoning_result", out);
            return {
                position: r.position,
                endPoint: r.end_point,
                cell: r.cell,
                blocked: r.blocked === 1,
                onSpace: r.on_space === 1,
                distance: r.distance,
            };
        });
    }

    /** How many cells the space has (floor tiles on grids). */
    get cellCount() {
        const handle = this._live("Space.cellCount");
        return withScratch(8, (out) => {
            check(core._kinema_space_cell_count(handle, out));
            return readField("i64", out);
        });
    }
}

const destinationRules = enumNames("kinema_destination_rule", "KINEMA_DESTINATION_");
const stopReasons = enumNames("kinema_stop_reason", "KINEMA_STOP_");
// A settings struct's fields a program sets, by their JavaScript names: all but internal_check, which only the
// _default() functions set (settings start from them here) and nested structs (`skip`).
function settingNames(struct, skip = []) {
    return Object.keys(abi.structs[struct].fields)
        .filter((name) => name !== "internal_check" && !skip.includes(name))
        .map(camelCase);
}

const settingFields = settingNames("kinema_flood_settings");

// Flood settings from the C struct's fields.
function floodFromFields(s) {
    return {
        hot: s.hot,
        maxHeated: s.max_heated,
        maxSteps: s.max_steps,
        maxRestarts: s.max_restarts,
        destination: destinationRules[s.destination],
    };
}

/**
 * The chapter's constants with kinema's defaults (the settings registry's, through the C ABI): hot (H) 20,
 * maxHeated (M_H) 25, maxSteps (M_S) 40, maxRestarts -1 (no cap), destination "nearest_heated".
 */
function floodSettingsDefault() {
    const m = loaded("floodSettingsDefault");
    return withScratch(sizeOf("kinema_flood_settings"), (out) => {
        m._kinema_js_flood_settings_default(out);
        return floodFromFields(readStruct("kinema_flood_settings", out));
    });
}

// The C fields of `settings` (floodSettingsDefault()'s names), checked: integers where C has an int.
function settingsFields(settings) {
    for (const key of Object.keys(settings)) {
        if (!settingFields.includes(key)) {
            throw new Error(`Flood: unknown setting '${key}' (known: ${settingFields.join(", ")})`);
        }
    }
    const fields = {};
    for (const key of settingFields) {
        if (settings[key] !== undefined && key !== "destination") {
            requireInteger(settings[key], "Flood", key);
            fields[snakeCase(key)] = settings[key];
        }
    }
    if (settings.destination !== undefined) {
        fields.destination = destinationRules.indexOf(settings.destination);
        if (fields.destination < 0) {
            throw new Error(`destination: must be ${destinationRules.join(" or ")}, got '${settings.destination}'`);
        }
    }
    return fields;
}

function vector(value, where, name) {
    if (value === null || typeof value !== "object") {
        throw new Error(`${where}: ${name} must be an object with x, y (and z)`);
    }
    const z = value.z === undefined ? 0 : value.z;
    return [value.x, value.y, z].map(Number);
}

// A kinema_vec3 at `pointer` from an object with x, y (and z).
function writeVector(pointer, value, where, name) {
    const [x, y, z] = vector(value, where, name);
    writeStruct("kinema_vec3", pointer, { x, y, z });
}

// The flood's result from the C struct.
function readResult(r) {
    return {
        destination: r.destination,
        centroid: r.centroid,
        seedPosition: r.seed_position,
        seedCell: r.seed_cell,
        destinationCell: r.destination_cell,
        heatedCells: r.heated_cells,
        warmCells: r.warm_cells,
        barrierCells: r.barrier_cells,
        steps: r.steps,
        stopReason: stopReasons[r.stop_reason],
        finished: r.finished === 1,
        seedSnapped: r.seed_snapped === 1,
    };
}

/** The chapter's heat-and-barrier flood, run a fixed number of steps per frame (advance). */
class Flood extends Handle {
    /** `settings`: any of floodSettingsDefault()'s fields; the others keep their defaults. */
    constructor(settings = {}) {
        const m = loaded("new Flood");
        const fields = settingsFields(settings);
        // The settings start as kinema_flood_settings_default() gives them; the given fields are written over.
        const handle = withScratch(sizeOf("kinema_flood_settings"), (pointer) => {
            m._kinema_js_flood_settings_default(pointer);
            writeStruct("kinema_flood_settings", pointer, fields);
            return createHandle((out) => m._kinema_flood_create(pointer, out));
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
        const vec3 = sizeOf("kinema_vec3");
        withScratch(2 * vec3, (p) => {
            writeVector(p, position, "Flood.start", "position");
            writeVector(p + vec3, direction, "Flood.start", "direction");
            check(core._kinema_js_flood_start(handle, spaceHandle, p, p + vec3));
        });
        this._space = space;
    }

    /** Runs at most maxSteps propagation steps; true once the flood has finished. */
    advance(maxSteps) {
        const handle = this._started("Flood.advance");
        requireInteger(maxSteps, "Flood.advance", "maxSteps");
        return withScratch(1, (finished) => {
            check(core._kinema_flood_advance(handle, maxSteps, finished));
            return readField("u8", finished) === 1; // a C bool
        });
    }

    /** The result so far (after the last step: the final one). */
    get result() {
        const handle = this._started("Flood.result");
        return withScratch(sizeOf("kinema_flood_result"), (out) => {
            check(core._kinema_flood_get_result(handle, out));
            return readResult(readStruct("kinema_flood_result", out));
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
// --json`, from the C ABI's enums (kinema_pursuit_strategy, kinema_pursuit_state, kinema_pursuit_event_kind).
const strategies = enumNames("kinema_pursuit_strategy", "KINEMA_STRATEGY_").map((name) => name.replace(/_/g, "-"));
const pursuitStates = enumNames("kinema_pursuit_state", "KINEMA_PURSUIT_");
const eventKinds = enumNames("kinema_pursuit_event_kind", "KINEMA_PURSUIT_EVENT_");
const pursuerFields = settingNames("kinema_pursuer_settings", ["flood"]);
// kinema_pursuer_events gives at most this many events a call (kinema.h).
const maxPursuerEvents = 4;

/**
 * The runtime pursuer's constants with kinema's defaults (those of `kinema pursue`, through the C ABI):
 * strategy "flood", viewRange 20, viewAngle 120, contactRange 1, searchTime 30, playerSpeed 6, spread 0.5,
 * floodStepsPerTick 0 (the whole flood in one update), flood: floodSettingsDefault() with maxRestarts 3.
 */
function pursuerSettingsDefault() {
    const m = loaded("pursuerSettingsDefault");
    return withScratch(sizeOf("kinema_pursuer_settings"), (out) => {
        m._kinema_js_pursuer_settings_default(out);
        const s = readStruct("kinema_pursuer_settings", out);
        const settings = { strategy: strategies[s.strategy] };
        pursuerFields.slice(1).forEach((name) => {
            settings[name] = s[snakeCase(name)];
        });
        settings.flood = floodFromFields(s.flood);
        return settings;
    });
}

// The C fields of pursuer `settings` (pursuerSettingsDefault()'s names), checked as settingsFields checks.
function pursuerNumbers(settings) {
    for (const key of Object.keys(settings)) {
        if (key !== "flood" && !pursuerFields.includes(key)) {
            throw new Error(`Pursuer: unknown setting '${key}' (known: ${pursuerFields.join(", ")}, flood)`);
        }
    }
    const fields = { flood: settingsFields(settings.flood || {}) };
    if (settings.strategy !== undefined) {
        fields.strategy = strategies.indexOf(settings.strategy);
        if (fields.strategy < 0) {
            throw new Error(`strategy: must be ${strategies.join(", ")}, got '${settings.strategy}'`);
        }
    }
    if (settings.floodStepsPerTick !== undefined) {
        requireInteger(settings.floodStepsPerTick, "Pursuer", "floodStepsPerTick");
    }
    for (const name of pursuerFields.slice(1)) {
        if (settings[name] !== undefined) {
            fields[snakeCase(name)] = Number(settings[name]);
        }
    }
    return fields;
}

// An output from the C struct at `pointer`, into `out` (its goal object reused when it has one).
function readOutput(pointer, out) {
    const fields = abi.structs.kinema_pursuer_output.fields;
    const read = (field) => readField(fields[field].kind, pointer + fields[field].offset);
    const at = (field) => pointer + fields[field].offset;
    out.state = pursuitStates[read("state")];
    out.goalChanged = read("goal_changed") === 1;
    out.goalInSight = read("goal_in_sight") === 1;
    out.events = read("events");
    out.goal = out.goal || {};
    for (const axis of ["x", "y", "z"]) {
        out.goal[axis] = readField("f64", at("goal") + offsetOf("kinema_vec3", axis));
    }
    out.time = read("time");
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
        const fields = pursuerNumbers(settings);
        // The settings start as kinema_pursuer_settings_default() gives them; the given fields are written over.
        const handle = withScratch(sizeOf("kinema_pursuer_settings"), (pointer) => {
            m._kinema_js_pursuer_settings_default(pointer);
            writeStruct("kinema_pursuer_settings", pointer, fields);
            return createHandle((out) => m._kinema_pursuer_create(spaceHandle, pointer, out));
        });
        // Room for the largest exchange (an input and an output, or the events and their count), reused by
        // every call: an update allocates nothing in WebAssembly memory.
        const exchange = sizeOf("kinema_pursuer_input") + sizeOf("kinema_pursuer_output");
        const scratch = m._malloc(Math.max(exchange, maxPursuerEvents * sizeOf("kinema_pursuer_event")) + 8);
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
        const fields = abi.structs.kinema_pursuer_input.fields;
        const at = (field) => this._scratch + fields[field].offset;
        writeField(fields.dt.kind, at("dt"), Number(input.dt));
        writeVector(at("npc_position"), input.npcPosition, "Pursuer.update", "npcPosition");
        writeVector(at("npc_facing"), input.npcFacing, "Pursuer.update", "npcFacing");
        writeField(fields.sees_player.kind, at("sees_player"), input.seesPlayer ? 1 : 0);
        writeVector(at("player_position"), input.playerPosition || { x: 0, y: 0 }, "Pursuer.update", "playerPosition");
        writeVector(at("player_velocity"), input.playerVelocity || { x: 0, y: 0 }, "Pursuer.update", "playerVelocity");
        writeField(fields.arrived.kind, at("arrived"), input.arrived ? 1 : 0);
        const output = this._scratch + sizeOf("kinema_pursuer_input");
        check(core._kinema_pursuer_update(handle, this._scratch, output));
        return readOutput(output, out);
    }

    /**
     * A noise heard at `position` (on floor), `delay` s (>= 0) after the last update: restarts the chase there
     * unless the NPC is engaged or flood.maxRestarts were accepted. Returns the decision as update() does.
     */
    stimulus(position, delay = 0, out = {}) {
        const handle = this._ready("Pursuer.stimulus");
        const output = this._scratch + sizeOf("kinema_vec3");
        writeVector(this._scratch, position, "Pursuer.stimulus", "position");
        check(core._kinema_js_pursuer_stimulus(handle, this._scratch, Number(delay), output));
        return readOutput(output, out);
    }

    /**
     * The events of the last update or stimulus, in order: {kind, accepted, t, position, direction}, with
     * kind as `kinema pursue --json` names it ("lost_sight", "chase", "arrived", "search", "reacquired",
     * "stimulus", "gave_up"); position and direction as kinema_pursuer_event documents them.
     */
    events() {
        const handle = this._ready("Pursuer.events");
        const eventSize = sizeOf("kinema_pursuer_event");
        const countPointer = this._scratch + maxPursuerEvents * eventSize;
        check(core._kinema_pursuer_events(handle, this._scratch, maxPursuerEvents, countPointer));
        const events = [];
        for (let i = 0; i < readField("i32", countPointer); ++i) {
            const e = readStruct("kinema_pursuer_event", this._scratch + i * eventSize);
            events.push({
                kind: eventKinds[e.kind],
                accepted: e.accepted === 1,
                t: e.t,
                position: e.position,
                direction: e.direction,
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
    navSettingsDefault,
    pursuerSettingsDefault,
    eventBit,
    defaultConnectivity,
    Space,
    Flood,
    Pursuer,
};
