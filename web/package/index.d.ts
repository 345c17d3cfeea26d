// Types of the npm package "kinema" (index.js; docs/web.md, "The npm package"). Written by hand over the C
// ABI's declarations (include/kinema/kinema.h): each call here is one C call, and its errors are the C ABI's
// messages, the text the kinema command prints after "kinema: error: ". The enums' names come from the header
// through kinema_abi.g.d.ts (scripts/bindings.py), as index.js takes them from kinema_abi.g.js.
import type { enums } from "./kinema_abi.g";

/** A C enum's member names, lower case without `Prefix` (KINEMA_STOP_MAX_STEPS: "max_steps"), as index.js names them. */
type EnumNames<E, Prefix extends string> = keyof E extends infer Name
    ? Name extends `${Prefix}${infer Rest}`
        ? Lowercase<Rest>
        : never
    : never;
/** `flood_paced` as `flood-paced`: the CLI's spelling of the strategies. */
type Hyphenated<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}-${Hyphenated<Tail>}` : S;

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
export type DestinationRule = EnumNames<typeof enums.kinema_destination_rule, "KINEMA_DESTINATION_">;

/** Why the flood stopped: no untouched cell by the front, a step over maxHeated, or maxSteps steps ran. */
export type StopReason = EnumNames<typeof enums.kinema_stop_reason, "KINEMA_STOP_">;

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

/** Where dead reckoning sends the guard: `Space.deadReckoning`. */
export interface DeadReckoning {
    /** The last open cell's centre reached. */
    position: Vec3;
    /** Where the straight line stops: at the wall, or after `distance`. */
    endPoint: Vec3;
    /** The cell of `position`; -1 for none. */
    cell: number;
    /** A wall stopped the line before `distance`. */
    blocked: boolean;
    /** False when the start is off the space. */
    onSpace: boolean;
    /** The distance asked for, tiles. */
    distance: number;
}

/**
 * How a 3D level is built (`navSettingsDefault()`; ranges: `kinema chase --help`): RecastDemo's agent and
 * voxels, and the chase cells. Lengths are in the mesh's units (the defaults suit metres), y is up.
 */
export interface NavSettings {
    /** The agent's height; default 2. */
    agentHeight: number;
    /** The agent's radius, eroded from every edge; default 0.6. */
    agentRadius: number;
    /** Highest step walked up; default 0.9. */
    agentMaxClimb: number;
    /** Steepest walkable triangle, degrees; default 45. */
    agentMaxSlope: number;
    /** Navmesh voxel width on x and z; default 0.3. */
    cellSize: number;
    /** Voxel height on y (navmesh and chase cells); default 0.2. */
    cellHeight: number;
    /** Width of the chase flood's cells; default 0.75. */
    chaseCellSize: number;
    /** Most chase columns over the level's bounds. */
    maxChaseColumns: number;
    /** Most navmesh voxels of a build. */
    maxVoxels: number;
    /** Navmesh tile side in voxels: 0 one tile, else 16 to 4096. */
    tileSize: number;
    /** Workers building tiles; the WebAssembly build has no threads, so one does all (the same navmesh). */
    threads: number;
    regionMinSize: number;
    regionMergeSize: number;
    edgeMaxLength: number;
    edgeMaxError: number;
    vertsPerPoly: number;
    detailSampleDistance: number;
    detailSampleMaxError: number;
    /** Half extents of the box a point is snapped to the navmesh in. */
    snapExtents: Vec3;
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
     * A level from the text of a level file the kinema command reads, read as that command reads the file
     * `name`, whose extension chooses the loader: .map Moving AI, .txt (or none) kinema ASCII, .tmx/.tmj/.json
     * Tiled, .ldtk LDtk, .obj a triangle mesh (a 3D level, built as `kinema chase --map LEVEL.obj` builds it,
     * with navSettingsDefault(); connectivity is for grids); any other extension is refused. Errors name `name`
     * and the line or element. A Tiled map's external tilesets cannot be read (no file is beside the text):
     * embed them in the map.
     */
    static fromLevelText(text: string, name: string, connectivity?: 4 | 8): Space;
    /**
     * fromLevelText for a level file's bytes (Node's fs.readFileSync(path), or
     * new Uint8Array(await file.arrayBuffer()) in a browser): the binary formats, .png and .bmp collision masks
     * (one pixel a tile, dark pixels walls), .nav navmesh files (`kinema navmesh build`), and any text format
     * in UTF-8.
     */
    static fromLevelBytes(bytes: Uint8Array, name: string, connectivity?: 4 | 8): Space;
    /**
     * A triangle mesh, built exactly as `kinema chase --map LEVEL.obj` builds the same triangles (Recast's
     * voxels, a Detour navmesh, the chase cells sampled from it): `xyz` holds x, y, z per vertex (y up),
     * `triangles` three vertex indices per triangle (a three.js BufferGeometry's position attribute and
     * index). Positions are the mesh's x, y, z. The chase JSON names it "mesh" unless `Flood.json` is given a
     * name. Throws naming the argument: a wrong array type, a length not a multiple of 3, an index out of
     * range, a mesh with no walkable triangle.
     */
    static fromMesh(xyz: Float32Array, triangles: Int32Array | Uint32Array, settings?: Partial<NavSettings>): Space;
    /**
     * An engine's own navmesh, its convex polygons made the chase's cells without voxelising them again:
     * `xyz` as fromMesh's, polygon p has sizes[p] corners (3 to 6, either winding), whose vertex indices follow
     * polygon p - 1's in `indices`. Of the settings, agentHeight, agentRadius, agentMaxClimb, chaseCellSize,
     * cellHeight, maxChaseColumns and snapExtents apply. The chase JSON names it "polygons".
     */
    static fromPolygons(
        xyz: Float32Array,
        indices: Int32Array | Uint32Array,
        sizes: Int32Array | Uint32Array,
        settings?: Partial<NavSettings>,
    ): Space;
    //   A triangle mesh built as `kinema chase --map LEVEL.obj` builds it: not in this version (its
    //   WebAssembly has no navmesh part yet; docs/web.md, "The npm package").

    /**
     * Dead reckoning: where a guard that runs straight on from `position` along `direction` ends after
     * `distance` tiles, [0, 1e9], or at the first wall (`kinema chase` uses maxSteps tiles). The
     * "dead_reckoning" fields of `kinema chase --json`.
     */
    deadReckoning(position: VectorLike, direction: VectorLike, distance: number): DeadReckoning;
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

/** `kinema pursue --strategy`'s names. */
export type PursuitStrategy = Hyphenated<EnumNames<typeof enums.kinema_pursuit_strategy, "KINEMA_STRATEGY_">>;
/** What the NPC does: sees the player, chases the strategy's destination, searches, or has given up. */
export type PursuitState = EnumNames<typeof enums.kinema_pursuit_state, "KINEMA_PURSUIT_">;
/** The events of `kinema pursue --json`. */
export type PursuitEventKind = EnumNames<typeof enums.kinema_pursuit_event_kind, "KINEMA_PURSUIT_EVENT_">;

/**
 * The runtime pursuer's constants, the defaults of `kinema pursue` (ranges: `kinema pursue --help`). Lengths
 * in level units (tiles on grids), angles in degrees, times in seconds.
 */
export interface PursuerSettings {
    /** Default "flood" (the chapter's single-shot flood). */
    strategy: PursuitStrategy;
    /** [0, 1e6], default 20: the search clears what the NPC sees within this. */
    viewRange: number;
    /** [0, 360], default 120: the full cone of sight. */
    viewAngle: number;
    /** [0, 1e6], default 1: seen whatever the facing. */
    contactRange: number;
    /** [0, 3600], default 30: search without contact this long, then give up. */
    searchTime: number;
    /** (0, 1e6], default 6: the paced flood's pace and the search's spread rate. */
    playerSpeed: number;
    /** [0, 1], default 0.5: the occupancy map's share spread per player cell-move. */
    spread: number;
    /** [0, 1e9], default 0: the single-shot flood's propagation steps per update; 0 = all in one update. */
    floodStepsPerTick: number;
    /** The chase's constants; maxRestarts (default 3 here) caps the stimuli accepted. */
    flood: FloodSettings;
}

/** What the game reports each frame. */
export interface PursuerInput {
    /** Seconds since the previous update, [0, 3600] (the first: since the alert). */
    dt: number;
    npcPosition: VectorLike;
    /** Its facing (normalised by the pursuer). */
    npcFacing: VectorLike;
    seesPlayer: boolean;
    /** Read while seen, on the first update, and always by "breadcrumbs". Default (0, 0). */
    playerPosition?: VectorLike;
    /** Only its direction is read (the flood's barrier); zero = standing. Default (0, 0). */
    playerVelocity?: VectorLike;
    /** The agent reached the previous output's goal and stopped there. */
    arrived: boolean;
}

/** What the NPC should do now. */
export interface PursuerOutput {
    state: PursuitState;
    /** Where to go (engage: the player). */
    goal: Vec3;
    /** The goal differs from the previous output's: re-path. */
    goalChanged: boolean;
    /** Engaged: the goal is the seen player, a straight line away. */
    goalInSight: boolean;
    /** `eventBit(kind)` for each event this call recorded (`events()` lists them). */
    events: number;
    /** Seconds on the pursuer's clock: the sum of the updates' dt. */
    time: number;
}

/** One event of the last update or stimulus. */
export interface PursuerEvent {
    kind: PursuitEventKind;
    /** A stimulus: false when the restart cap or the engaged NPC refused it; otherwise true. */
    accepted: boolean;
    /** Seconds on the pursuer's clock. */
    t: number;
    /** lost_sight: last seen; chase, arrived: the destination; stimulus: the noise; search, gave_up: the NPC;
     * reacquired: the player. */
    position: Vec3;
    /** lost_sight: the player's direction of motion then; otherwise zero. */
    direction: Vec3;
}

/**
 * The NPC's chase reasoning, ticked once a frame (docs/pursuit.md "Runtime pursuer"): the state machine of
 * Couvidou's chapter, every strategy of `kinema pursue`, the occupancy-map search and stimuli. The game moves
 * the NPC to the goal it answers. Grid spaces; the space must not be disposed while the pursuer uses it.
 */
export declare class Pursuer extends Handle {
    /** Any of pursuerSettingsDefault()'s fields (flood: any of its fields). Throws on a value out of range. */
    constructor(space: Space, settings?: Partial<Omit<PursuerSettings, "flood">> & { flood?: Partial<FloodSettings> });
    /** One frame; fills and returns `out` (pass the same object every frame to allocate nothing). */
    update(input: PursuerInput, out?: PursuerOutput): PursuerOutput;
    /** A noise at `position`, heard `delay` s (>= 0, default 0) after the last update. */
    stimulus(position: VectorLike, delay?: number, out?: PursuerOutput): PursuerOutput;
    /** The events of the last update or stimulus, in order (at most 4). */
    events(): PursuerEvent[];
    /** Back to before the first update (engaged, clock 0, no restart used). */
    reset(): void;
}

/** Loads the WebAssembly module (once; later calls return the same promise). Every other call needs it. */
export declare function init(options?: InitOptions): Promise<typeof import("./index")>;
/** kinema's version, "MAJOR.MINOR.PATCH". */
export declare function version(): string;
/** kinema's flood defaults (its settings registry's, through the C ABI). */
export declare function floodSettingsDefault(): FloodSettings;
/** How 3D levels are built, kinema's defaults (kinema_nav_settings_default). */
export declare function navSettingsDefault(): NavSettings;
/** The connectivity of grids when none is given: 8. */
export declare const defaultConnectivity: 8;
/** kinema pursue's defaults for the runtime pursuer (its settings registry's, through the C ABI). */
export declare function pursuerSettingsDefault(): PursuerSettings;
/** The bit of `PursuerOutput.events` for an event kind: `1 << index` in PursuitEventKind's order. */
export declare function eventBit(kind: PursuitEventKind): number;
