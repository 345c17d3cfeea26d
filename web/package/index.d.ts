// Types of the npm package "kinema" (index.js; docs/web.md, "The npm package"). Written by hand over the C
// ABI's declarations (include/kinema/kinema.h): each call here is one C call, and its errors are the C ABI's
// messages, the text the kinema command prints after "kinema: error: ".

/** Any vector with x, y and an optional z: three.js `Vector3`, Babylon.js `Vector3`, PlayCanvas `Vec3`. */
export interface VectorLike {
    x: number;
    y: number;
    z?: number;
}

/** A point or direction the package returns. */
export interface Vec3 {
    x: number;
    y: number;
    z: number;
}

/** Options handed to emscripten's module factory (for example `locateFile`, `print`, `printErr`). */
export type InitOptions = Record<string, unknown>;

/** Which heated cells may be the destination. */
export type DestinationRule = "nearest_heated" | "nearest_warm";

/** Why the flood stopped: no untouched cell by the front, a step over maxHeated, or maxSteps steps ran. */
export type StopReason = "exhausted" | "too_many_heated" | "max_steps";

/**
 * The chapter's constants (its Table 1), kinema's defaults: hot 20, maxHeated 25, maxSteps 40 (difficulty 3),
 * maxRestarts -1, destination "nearest_heated". Ranges: `kinema chase --help`.
 */
export interface FloodSettings {
    /** H, the value a newly heated cell gets; [1, 1000000]. */
    hot: number;
    /** M_H: more newly heated cells than this in one step stops the flood; [1, 2^31 - 1]. */
    maxHeated: number;
    /** M_S: propagation steps at most; [0, 1000000]. */
    maxSteps: number;
    /** Re-seeds accepted per chase after new stimuli; -1 = no cap. */
    maxRestarts: number;
    destination: DestinationRule;
}

/** The flood's state: `Flood.result`. Cells are numbered 0 .. cellCount - 1; -1 for none. */
export interface FloodResult {
    /** Where to look: the centre of the heated cell nearest the centroid; on grids (column + 0.5, row + 0.5, 0). */
    destination: Vec3;
    /** The heat-weighted mean of the warm cells' centres. */
    centroid: Vec3;
    /** The centre of the cell the flood started from. */
    seedPosition: Vec3;
    seedCell: number;
    destinationCell: number;
    /** Cells ever heated, the seed included. */
    heatedCells: number;
    /** Heated cells still warm. */
    warmCells: number;
    /** Cells made barrier (behind the player's direction). */
    barrierCells: number;
    /** Propagation steps that happened. */
    steps: number;
    /** Meaningful once `finished`. */
    stopReason: StopReason;
    finished: boolean;
    /** The position was on no cell and moved to the nearest one. */
    seedSnapped: boolean;
}

/** The WebAssembly memory a handle owns; JavaScript's garbage collector does not see it. */
declare class Handle {
    /** Frees it; the object is unusable afterwards (its calls throw). Calling it again does nothing. */
    dispose(): void;
    /** The same as dispose(), as embind's objects spell it. */
    delete(): void;
    readonly disposed: boolean;
}

/** The cells a chase floods. */
export declare class Space extends Handle {
    private constructor();
    /**
     * A grid: `tiles` holds width x height bytes, row-major (row 0 first), non-zero = floor; width and height
     * in [1, 4096]; connectivity 4 or 8 (default 8: diagonal moves that never cut a wall's corner). Positions
     * are tiles: x = column, y = row, z ignored. The chase JSON names it "grid" unless `Flood.json` is given a
     * name.
     */
    static fromGrid(width: number, height: number, tiles: Uint8Array, connectivity?: 4 | 8): Space;
    /**
     * A grid from the text of a level file the kinema command reads (a Moving AI map when `name` ends in .map,
     * else kinema's ASCII level), read as that command reads the file `name`: errors name it and the line.
     */
    static fromLevelText(text: string, name: string, connectivity?: 4 | 8): Space;
    // static fromMesh(xyz: Float32Array, triangles: Int32Array | Uint32Array): Space;
    //   A triangle mesh built as `kinema chase --map LEVEL.obj` builds it: not in this version (its
    //   WebAssembly has no navmesh part yet; docs/web.md, "The npm package").

    /** The name given (a level's), or "grid". */
    readonly name: string;
    /** How many cells the space has (floor tiles on grids). */
    readonly cellCount: number;
}

/** The chapter's heat-and-barrier flood, time-sliced: a fixed number of propagation steps per frame. */
export declare class Flood extends Handle {
    /** Any of floodSettingsDefault()'s fields; the others keep their defaults. Throws on a value out of range. */
    constructor(settings?: Partial<FloodSettings>);
    /**
     * Seeds the flood at the player's last known position running along `direction` (any length; zero, the
     * default, = no barrier). A position off the floor snaps to the nearest cell. The space must not be
     * disposed while the flood uses it (calls then throw).
     */
    start(space: Space, position: VectorLike, direction?: VectorLike): void;
    /** Runs at most `maxSteps` (>= 0) propagation steps; true once the flood has finished. */
    advance(maxSteps: number): boolean;
    /** The result so far (after the last step: the final one). */
    readonly result: FloodResult;
    /**
     * The whole chase as JSON text: exactly what `kinema chase --json` prints, without its newline, for the
     * same level and query; `map` is its "map" field (default: the space's name).
     */
    json(map?: string): string;
}

// The runtime pursuer (the NPC's chase reasoning as an object a game ticks: engage, chase, search, give up;
// docs/pursuit.md) goes here as `export declare class Pursuer extends Handle`, with its settings, input and
// output, once the C ABI has kinema_pursuer_*. Not in this version.

/** Loads the WebAssembly module (once; later calls return the same promise). Every other call needs it. */
export declare function init(options?: InitOptions): Promise<typeof import("./index")>;
/** kinema's version, "MAJOR.MINOR.PATCH". */
export declare function version(): string;
/** kinema's flood defaults (its settings registry's, through the C ABI). */
export declare function floodSettingsDefault(): FloodSettings;
/** The connectivity of grids when none is given: 8. */
export declare const defaultConnectivity: 8;
