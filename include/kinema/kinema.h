/* kinema's C ABI: the movement models (Dishonored, CrossCode, Unreal's Character Movement Component), their
 * exact stop, pivot and turn, Morrowind's speed, jump and fall, and the chase of Couvidou's Dishonored 2
 * chapter ("Flooding the Influence Map for Chase in Dishonored 2", Game AI Pro Online Edition 2021) on a
 * game's own levels, from C and from any language that calls C (C# through P/Invoke, LuaJIT's FFI, Rust's
 * bindgen).
 *
 * Plain C99 and C++. Every declaration is plain C apart from KINEMA_API, the export macro; a tool that reads
 * declarations without a preprocessor (LuaJIT's ffi.cdef) can be given this file with KINEMA_API removed.
 *
 * Conventions (docs/engines.md, "The C ABI"):
 * - Objects are opaque handles made by a kinema_*_create, kinema_*_from_* or kinema_*_load function and freed
 *   by the matching kinema_*_destroy (which accepts NULL). The library keeps a registry of its live handles:
 *   a destroyed handle, or one of another kind (a kinema_flood passed as a kinema_space), is refused with
 *   KINEMA_ERROR_ARGUMENT naming the function and the kind ("kinema_flood_start: space is not a live
 *   kinema_space (a kinema_flood)", "... (destroyed, or never made by kinema)") instead of being read;
 *   destroying one is a no-op. (A handle destroyed and its memory given to a new handle of the same kind
 *   cannot be told apart.) Spaces, floods, pursuers and teams carry a user_data pointer of the caller's
 *   (kinema_*_set_user_data), NULL when made.
 * - Settings are plain structs: fill one with its kinema_*_default() function, then change fields. The
 *   defaults, units and ranges are those of the C++ library (docs/chase.md, `kinema chase --help`). Every
 *   settings struct ends with `internal_check`, which its _default() function sets to KINEMA_INTERNAL_CHECK
 *   (Box2D's internalValue): a struct zeroed or left uninitialised instead is refused with
 *   KINEMA_ERROR_ARGUMENT, "kinema_flood_settings: not made by kinema_flood_settings_default()
 *   (internal_check is 0)".
 * - Yes/no fields and out parameters are C99 `bool` (<stdbool.h>); counts are integers.
 * - Every function that can fail returns a kinema_status; KINEMA_OK is 0. On failure, kinema_last_error()
 *   gives the calling thread's message, the text the kinema command prints after "kinema: error: " (a
 *   settings field is named as the struct names it, max_steps, where the command names its flag), and the out
 *   parameters are left untouched. A null handle or array, a negative count, a NaN or a bad file is an error,
 *   never a crash; no C++ exception leaves the library. NaN and infinity never enter or leave: every step,
 *   run, pursuer update and query refuses a non-finite argument, and arguments whose result would not be
 *   finite (KINEMA_ERROR_ARGUMENT naming the argument that overflows). A kinema_flood_start refused for its
 *   position or direction leaves the flood as it was; after any other failure of a start the flood is
 *   unstarted until the next start.
 * - Units: grids are in tiles (a tile is one unit, x = column, y = row, z ignored); 3D levels are in the
 *   mesh's units with y up.
 * - Threads: a handle is used by one thread at a time; different handles may be used by different threads.
 */
#ifndef KINEMA_H
#define KINEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef KINEMA_API
#if defined(_WIN32) && defined(KINEMA_C_BUILDING)
#define KINEMA_API __declspec(dllexport)
#elif defined(_WIN32) && !defined(KINEMA_C_STATIC)
#define KINEMA_API __declspec(dllimport)
#elif defined(__GNUC__)
#define KINEMA_API __attribute__((visibility("default")))
#else
#define KINEMA_API
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header's ABI: raised whenever a declaration or a struct layout changes. Version 6 is
 * the one issue 42 calls "version 4" (written before versions 4 and 5 shipped): a distinct name for the flood
 * result getter (kinema_flood_get_result), integer counts in kinema_nav_settings, `bool` for every yes/no,
 * internal_check in every settings struct, user_data on handles, destroyed and foreign handles refused, and
 * a host's task system for the navmesh build. Migrating from 5: docs/engines.md "Version 6". */
#define KINEMA_C_API_VERSION 6

/* What every _default() function puts in its struct's internal_check (0x4B4E0006, "KN" and 6): a settings
 * struct whose internal_check differs was not made by its _default() function and is refused. */
#define KINEMA_INTERNAL_CHECK 1263403014

typedef enum kinema_status {
    KINEMA_OK = 0,
    KINEMA_ERROR_ARGUMENT = 1, /* a null pointer, a count or a setting out of its range, a NaN */
    KINEMA_ERROR_INPUT = 2,    /* a level file or level data that cannot be read or used */
    KINEMA_ERROR_STATE = 3,    /* a call out of order, such as a result before a start */
    KINEMA_ERROR_MEMORY = 4,   /* the machine ran out of memory; nothing was changed */
    KINEMA_ERROR_INTERNAL = 5  /* a bug in kinema: please report the message */
} kinema_status;

/* A point or a direction. */
typedef struct kinema_vec3 {
    double x, y, z;
} kinema_vec3;

/* The library's version, "MAJOR.MINOR.PATCH". */
KINEMA_API const char* kinema_version(void);
/* KINEMA_C_API_VERSION as the library was built: compare it with the header's to catch a stale library. */
KINEMA_API int kinema_c_api_version(void);
/* The calling thread's last error message ("" when there was none); valid until its next failing call. */
KINEMA_API const char* kinema_last_error(void);

/* ---- Spaces: the cells a chase floods ---- */

typedef struct kinema_space kinema_space;

/* A grid level from memory: `tiles` holds width x height bytes, row-major (row 0 first), non-zero = floor.
 * width and height in [1, 4096]; connectivity 4 or 8 (8: diagonal moves, never cutting a wall's corner). */
KINEMA_API kinema_status kinema_space_from_grid(int width, int height, const unsigned char* tiles,
                                                int connectivity, kinema_space** out);
/* Any level file the kinema command reads, its format chosen by its extension (docs/levels.md "Which loader
 * reads a file"): a Moving AI map (.map), an ASCII level (.txt), where kinema was built with its formats part
 * a designer's level (Tiled .tmx/.tmj, LDtk .ldtk, a collision image .png/.bmp) and, with its navmesh part, a
 * triangle mesh (.obj; with Assimp also .gltf, .glb, .fbx, .dae, ...) or a navmesh (.nav); 8-connected grids.
 * An extension no format reads is KINEMA_ERROR_INPUT "PATH: format not supported: ...". */
KINEMA_API kinema_status kinema_space_load(const char* path, kinema_space** out);
/* kinema_space_load with the options of `kinema chase --level NAME --walls NAME`: `level` picks a level of a
 * file holding several (an LDtk level's identifier; NULL or "" = the first), `walls` adds what marks walls
 * (a Tiled tile layer's name, an LDtk IntGrid value's identifier, an image's wall colour "#rrggbb"; NULL or
 * "" = only the format's conventions). An option the file's format does not read changes nothing and is
 * refused: KINEMA_ERROR_ARGUMENT "kinema_space_load_options: level: has no effect on corner.txt: ...". Since
 * KINEMA_C_API_VERSION 5. */
KINEMA_API kinema_status kinema_space_load_options(const char* path, const char* level, const char* walls,
                                                   kinema_space** out);
KINEMA_API void kinema_space_destroy(kinema_space* space);
/* How many cells the space has (floor tiles on grids). */
KINEMA_API kinema_status kinema_space_cell_count(const kinema_space* space, int64_t* out);
/* The caller's pointer carried by the space (NULL when made): kinema never reads it. The getter returns NULL
 * for a NULL, destroyed or foreign handle (kinema_last_error() says which). Since KINEMA_C_API_VERSION 6. */
KINEMA_API kinema_status kinema_space_set_user_data(kinema_space* space, void* user_data);
KINEMA_API void* kinema_space_user_data(const kinema_space* space);

/* ---- Spaces from an engine's meshes and navmeshes in memory (docs/engines.md, "Your navmesh in") ---- */

/* A host's task system (Box2D's enqueueTask/finishTask), so that kinema's navmesh build runs on a game's
 * job threads instead of threads of its own (kinema::TaskSystem, kinema/core/parallel_for.hpp).
 * kinema_task_fn is what a worker runs: the host calls task(worker, kinema_state) once, on any thread.
 * kinema_enqueue_task_fn starts it and returns a handle that kinema later passes to kinema_finish_task_fn,
 * which waits for that task to end; it may instead run the task before returning, or not start it at all
 * (the other workers then take its share), and return NULL: finish is then not called for it. `task_context`
 * is kinema_nav_settings.task_context, passed back untouched. Since KINEMA_C_API_VERSION 6. */
typedef void kinema_task_fn(int worker, void* kinema_state);
typedef void* kinema_enqueue_task_fn(kinema_task_fn* task, int worker, void* kinema_state,
                                     void* task_context);
typedef void kinema_finish_task_fn(void* task, void* task_context);

/* How a 3D level is built: RecastDemo's agent and voxels, and the chase cells (docs/nav.md). Lengths are in
 * the mesh's units (the defaults suit metres), y is up. Ranges: `kinema chase --help`; every field but the
 * task system and internal_check is a field of the C++ NavSettings (kinema/nav/settings.hpp). */
typedef struct kinema_nav_settings {
    double agent_height;       /* (0.002, 250000]; 3 to 250 cell heights; default 2 */
    double agent_radius;       /* [0, 250000]; at most 250 cell sizes; default 0.6 */
    double agent_max_climb;    /* highest step walked up, [0, 250000]; default 0.9 */
    double agent_max_slope;    /* steepest walkable triangle, degrees, [0, 90); default 45 */
    double cell_size;          /* navmesh voxel width on x and z, [0.001, 1000]; default 0.3 */
    double cell_height;        /* voxel height on y (navmesh and chase cells), [0.001, 1000]; default 0.2 */
    double chase_cell_size;    /* width of the chase flood's cells, [0.001, 1000]; default 0.75 */
    int64_t max_chase_columns; /* most chase columns over the level's bounds, [1, 2^28] */
    int64_t max_voxels;        /* most navmesh voxels of a build, [1, 2^28] */
    int tile_size;             /* navmesh tile side in voxels: 0 one tile, else [16, 4096] */
    int threads;               /* workers building tiles, [1, 64]; the same navmesh for any */
    double region_min_size;    /* smallest isolated region kept, cells per side, [0, 1000]; default 8 */
    double region_merge_size;  /* regions smaller than size^2 cells merge, [0, 1000]; default 20 */
    double edge_max_length;    /* longest polygon edge, [0, 1e6], 0 = no limit; default 12 */
    double edge_max_error;     /* contour simplification error, cell sizes, [0, 1e6]; default 1.3 */
    int verts_per_poly;        /* [3, 6]; default 6 */
    double detail_sample_distance;  /* detail mesh sampling, cell sizes, [0, 1e6]; default 6 */
    double detail_sample_max_error; /* detail mesh height error, cell heights, [0, 1e6]; default 1 */
    kinema_vec3
        snap_extents; /* half extents of the box a point is snapped to the navmesh in, each (0, 1e6] */
    /* The host's task system: both NULL (the default) = kinema starts its own threads; both set = the
     * `threads` workers but the calling one run as the host's tasks; one alone is refused. */
    kinema_enqueue_task_fn* enqueue_task;
    kinema_finish_task_fn* finish_task;
    void* task_context;     /* passed to both, untouched */
    int32_t internal_check; /* KINEMA_INTERNAL_CHECK, set by kinema_nav_settings_default() */
} kinema_nav_settings;

KINEMA_API kinema_nav_settings kinema_nav_settings_default(void);
/* A triangle mesh from memory, built exactly as `kinema chase --map LEVEL.obj` builds the same triangles
 * (Recast's voxels, a Detour navmesh, the chase cells sampled from it), so the same chase: `xyz` holds
 * vertex_count x 3 floats (x, y, z; y up), `triangles` triangle_count x 3 vertex indices (0-based, any
 * winding). `settings` may be NULL for the defaults. Errors name the argument and the index (a NaN vertex, an
 * index out of range: KINEMA_ERROR_ARGUMENT) or say why the mesh makes no level (no walkable triangle:
 * KINEMA_ERROR_INPUT). Needs kinema's navmesh part, as .obj files do. */
KINEMA_API kinema_status kinema_space_from_mesh(const float* xyz, int vertex_count, const int* triangles,
                                                int triangle_count, const kinema_nav_settings* settings,
                                                kinema_space** out);
/* An engine's own navmesh from memory, its convex polygons made the chase's cells without voxelising them
 * again (Godot's NavigationMesh vertices and polygons, the polygons of Unreal's Recast tiles, Unity's
 * NavMesh.CalculateTriangulation as triangles). `xyz` as above; polygon p has polygon_sizes[p] corners (3 to
 * 6, either winding), whose vertex indices follow polygon p - 1's in `polygon_indices`. Polygons are
 * neighbours where they share an edge (its two end points; vertices at equal coordinates are one point).
 * Of `settings` (NULL for the defaults) the agent's height, radius and climb, chase_cell_size, cell_height,
 * max_chase_columns and snap_extents apply. A polygon that is not convex in plan view (x, z), has no area
 * there, uses a point twice or has more than 6 corners is refused by number; so are an edge of three
 * polygons, more than 32767 polygons or 65534 distinct points (one Detour tile): KINEMA_ERROR_INPUT. */
KINEMA_API kinema_status kinema_space_from_polygons(const float* xyz, int vertex_count,
                                                    const int* polygon_indices, const int* polygon_sizes,
                                                    int polygon_count, const kinema_nav_settings* settings,
                                                    kinema_space** out);

/* ---- The chase flood (the chapter's heat and barrier propagation) ---- */

/* Which heated cells may be the destination. */
typedef enum kinema_destination_rule {
    KINEMA_DESTINATION_NEAREST_HEATED = 0, /* every heated cell, cooled ones included (the default) */
    KINEMA_DESTINATION_NEAREST_WARM = 1    /* only cells still warm (value > 0) */
} kinema_destination_rule;

/* The chapter's constants (its Table 1). Defaults: hot 20, max_heated 25, max_steps 40 (difficulty 3). */
typedef struct kinema_flood_settings {
    int hot;          /* H, the value a newly heated cell gets; [1, 1000000] */
    int max_heated;   /* M_H, more newly heated cells than this in one step stops the flood; [1, 2^31 - 1] */
    int max_steps;    /* M_S, propagation steps at most; [0, 1000000] */
    int max_restarts; /* re-seeds accepted per chase after new stimuli; -1 = no cap; [-1, 2^31 - 1] */
    int destination;  /* a kinema_destination_rule */
    int32_t internal_check; /* KINEMA_INTERNAL_CHECK, set by kinema_flood_settings_default() */
} kinema_flood_settings;

KINEMA_API kinema_flood_settings kinema_flood_settings_default(void);

typedef enum kinema_stop_reason {
    KINEMA_STOP_EXHAUSTED = 0,       /* no untouched cell next to the heat front */
    KINEMA_STOP_TOO_MANY_HEATED = 1, /* a step would have heated more than max_heated cells (not counted) */
    KINEMA_STOP_MAX_STEPS = 2        /* max_steps steps ran */
} kinema_stop_reason;

/* The flood's result (kinema_flood_get_result). Version 5 named its getter kinema_flood_result, so the struct
 * was a tag only; `struct kinema_flood_result` still names it, and the typedef below is left out when version
 * 5's names are asked for (KINEMA_C_API_V5_NAMES). */
struct kinema_flood_result {
    kinema_vec3 destination;   /* where to look: the centre of the heated cell nearest the centroid; on grids
                                  x = column + 0.5, y = row + 0.5, z = 0 */
    kinema_vec3 centroid;      /* the heat-weighted mean of the warm cells' centres */
    kinema_vec3 seed_position; /* the centre of the cell the flood started from */
    int64_t seed_cell;         /* cell ids: 0 .. cell_count - 1; -1 for none */
    int64_t destination_cell;
    int64_t heated_cells;  /* cells ever heated, the seed included */
    int64_t warm_cells;    /* heated cells still warm */
    int64_t barrier_cells; /* cells made barrier (behind the player's direction) */
    int steps;             /* propagation steps that happened */
    int stop_reason;       /* a kinema_stop_reason; meaningful when finished */
    bool finished;         /* the flood has stopped (false in the middle of a time-sliced run) */
    bool seed_snapped;     /* the position was on no cell and moved to the nearest one */
};
#ifndef KINEMA_C_API_V5_NAMES
typedef struct kinema_flood_result kinema_flood_result;
#endif

typedef struct kinema_flood kinema_flood;

KINEMA_API kinema_status kinema_flood_create(const kinema_flood_settings* settings, kinema_flood** out);
/* Seeds the flood at the player's last known position, running along `direction` (any length; zero = no
 * barrier). The space must stay alive while the flood uses it (until the next start or the destroy). */
KINEMA_API kinema_status kinema_flood_start(kinema_flood* flood, const kinema_space* space,
                                            kinema_vec3 position, kinema_vec3 direction);
/* Runs at most max_steps (>= 0) propagation steps: the chapter's fixed number of steps per frame. *finished
 * (may be NULL) is set to true once the flood has stopped. After the first start on a space, no allocation.
 */
KINEMA_API kinema_status kinema_flood_advance(kinema_flood* flood, int max_steps, bool* finished);
/* The result so far (after the last step: the final one). Since KINEMA_C_API_VERSION 6; version 5's name
 * below. */
KINEMA_API kinema_status kinema_flood_get_result(const kinema_flood* flood, struct kinema_flood_result* out);
#ifdef KINEMA_C_API_V5_NAMES
/* Deprecated: version 5's name of kinema_flood_get_result, still exported for programs built against version
 * 5, declared only when KINEMA_C_API_V5_NAMES is defined before this header (then the struct is named
 * `struct kinema_flood_result` only, as in version 5). */
#if defined(__cplusplus) && defined(__GNUC__)
/* In C++ the function hides the struct's implicit constructor, which g++'s -Wshadow reports. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
#endif
KINEMA_API kinema_status kinema_flood_result(const kinema_flood* flood, struct kinema_flood_result* out);
#if defined(__cplusplus) && defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#endif
/* The whole chase as JSON, byte for byte what `kinema chase --json` prints for the same level and query
 * (dead reckoning and every touched cell included; `map` as the "map" field, NULL for the space's own name).
 * Writes at most `capacity` bytes including the terminating NUL into `buffer` (may be NULL when capacity is
 * 0); *length (required) receives the text's length without the NUL. When the buffer is too small nothing is
 * written and KINEMA_ERROR_ARGUMENT is returned: call again with capacity >= *length + 1. */
KINEMA_API kinema_status kinema_flood_json(const kinema_flood* flood, const char* map, char* buffer,
                                           size_t capacity, size_t* length);
KINEMA_API void kinema_flood_destroy(kinema_flood* flood);
/* The caller's pointer carried by the flood, as kinema_space_user_data. Since KINEMA_C_API_VERSION 6. */
KINEMA_API kinema_status kinema_flood_set_user_data(kinema_flood* flood, void* user_data);
KINEMA_API void* kinema_flood_user_data(const kinema_flood* flood);

/* ---- Dead reckoning: the baseline the flood is measured against ----
 * A guard that runs straight on from the last known position along the player's direction until a wall: the
 * "dead_reckoning" fields of `kinema chase --json`. */

typedef struct kinema_dead_reckoning_result {
    kinema_vec3
        position; /* where the guard is sent: the last open cell's centre (navmeshes: the line's end) */
    kinema_vec3 end_point; /* where the straight line stops: at the wall, or after `distance` */
    int64_t cell;          /* the cell of position on grids; -1 where the space has none */
    bool blocked;          /* a wall (a grid edge, a navmesh border) stopped the line before `distance` */
    bool on_space;         /* false when the start is off the space (a navmesh: beyond the snap box) */
    double distance;       /* the distance asked for, world units */
} kinema_dead_reckoning_result;

/* Dead reckoning on `space` from `position` along `direction` (only the planar part counts; zero = stay) for
 * `distance` world units, [0, 1e9]. `kinema chase` runs it for M_S cell sizes (max_steps x the space's cell
 * size: 40 tiles with the defaults), as far as the heat front can run straight ahead. */
KINEMA_API kinema_status kinema_dead_reckoning(const kinema_space* space, kinema_vec3 position,
                                               kinema_vec3 direction, double distance,
                                               kinema_dead_reckoning_result* out);

/* ---- The runtime pursuer (docs/pursuit.md "Runtime pursuer"): the NPC's chase reasoning, ticked each frame
 * ---- The state machine of Couvidou's chapter (engage, chase, search, give up), every strategy of `kinema
 * pursue`, the occupancy-map search (Isla, GDC 2013) cleared with kinema's own line of sight, and stimuli.
 * The game moves the NPC to the goal it answers and reports what the NPC perceives. `kinema pursue` is this
 * pursuer driven by a simulated player: ticked with the same frames it takes the same decisions. Any space:
 * world points as the space takes them (grids: x, y, z ignored; meshes and navmeshes: x, y, z, y up). */

typedef enum kinema_pursuit_state {
    KINEMA_PURSUIT_ENGAGE = 0, /* sees the player: the goal is the player */
    KINEMA_PURSUIT_CHASE = 1,  /* lost them: the goal is the strategy's destination */
    KINEMA_PURSUIT_SEARCH = 2, /* arrived without contact: the goal is the occupancy map's target */
    KINEMA_PURSUIT_GAVE_UP = 3 /* searched search_time seconds: the goal stays */
} kinema_pursuit_state;

typedef enum kinema_pursuit_strategy {
    KINEMA_STRATEGY_FLOOD = 0,          /* the chapter's flood, single shot (section 3) */
    KINEMA_STRATEGY_FLOOD_PACED = 1,    /* the flood advanced at the player's run speed (section 6) */
    KINEMA_STRATEGY_DEAD_RECKONING = 2, /* straight on from the last seen position until a wall */
    KINEMA_STRATEGY_BREADCRUMBS = 3,    /* the player's real trail (the original Dishonored; omniscient) */
    KINEMA_STRATEGY_LAST_KNOWN = 4,     /* the last seen position */
    KINEMA_STRATEGY_INTERCEPT = 5       /* the flood weighted toward its front and the last seen direction, or
                                           straight on in the open (docs/pursuit.md "Intercept"); its constants
                                           keep their defaults from C */
} kinema_pursuit_strategy;

/* Bits of kinema_pursuer_output.events and kinds of kinema_pursuer_event (bit = 1 << kind). */
typedef enum kinema_pursuit_event_kind {
    KINEMA_PURSUIT_EVENT_LOST_SIGHT = 0,
    KINEMA_PURSUIT_EVENT_CHASE = 1,
    KINEMA_PURSUIT_EVENT_ARRIVED = 2,
    KINEMA_PURSUIT_EVENT_SEARCH = 3,
    KINEMA_PURSUIT_EVENT_REACQUIRED = 4,
    KINEMA_PURSUIT_EVENT_STIMULUS = 5,
    KINEMA_PURSUIT_EVENT_GAVE_UP = 6
} kinema_pursuit_event_kind;

/* Defaults as `kinema pursue`: flood, 20, 120, 1, 30, 6, 0.5, 0; flood: the flood's with max_restarts 3. */
typedef struct kinema_pursuer_settings {
    int strategy;             /* a kinema_pursuit_strategy */
    double view_range;        /* level units, [0, 1e6]: the search clears what the NPC sees within this */
    double view_angle;        /* degrees, [0, 360]: the full cone of sight */
    double contact_range;     /* level units, [0, 1e6]: seen whatever the facing */
    double search_time;       /* s, [0, 3600]: search without contact, then give up */
    double player_speed;      /* level units/s, (0, 1e6]: the paced flood's pace, the search's spread rate */
    double spread;            /* [0, 1]: the occupancy share spread per player cell-move */
    int flood_steps_per_tick; /* [0, 1e9]: the single-shot flood's steps per update; 0 = all at once */
    kinema_flood_settings flood; /* the chase's constants; max_restarts caps the stimuli accepted */
    int32_t internal_check;      /* KINEMA_INTERNAL_CHECK, set by kinema_pursuer_settings_default() */
} kinema_pursuer_settings;

KINEMA_API kinema_pursuer_settings kinema_pursuer_settings_default(void);

/* What the game reports each frame. */
typedef struct kinema_pursuer_input {
    double dt;                   /* s since the previous update, [0, 3600] */
    kinema_vec3 npc_position;    /* the NPC now */
    kinema_vec3 npc_facing;      /* its facing (normalised by the pursuer) */
    bool sees_player;            /* the NPC sees the player */
    kinema_vec3 player_position; /* read while seen, on the first update, and always by breadcrumbs */
    kinema_vec3 player_velocity; /* only its direction is read (the flood's barrier); zero = standing */
    bool arrived;                /* the agent reached the previous output's goal and stopped */
} kinema_pursuer_input;

/* What the NPC should do now. */
typedef struct kinema_pursuer_output {
    int state;          /* a kinema_pursuit_state */
    bool goal_changed;  /* goal differs from the previous output's: re-path */
    bool goal_in_sight; /* while engaged: the goal is the seen player, a straight line away */
    uint32_t events;    /* 1 << kind for each event this call recorded (kinema_pursuer_events) */
    kinema_vec3 goal;   /* where to go */
    double time;        /* s, the pursuer's clock: the sum of the updates' dt */
} kinema_pursuer_output;

/* One event of the last call. */
typedef struct kinema_pursuer_event {
    int kind;              /* a kinema_pursuit_event_kind */
    bool accepted;         /* stimulus: false when the restart cap or the engaged NPC refused it */
    double t;              /* s, the pursuer's clock */
    kinema_vec3 position;  /* lost_sight: last seen; chase, arrived: the destination; stimulus: the noise;
                              search, gave_up: the NPC; reacquired: the player */
    kinema_vec3 direction; /* lost_sight: the player's direction of motion then; else zero */
} kinema_pursuer_event;

typedef struct kinema_pursuer kinema_pursuer;

/* A pursuer on `space` (which must outlive it), engaged, clock 0. No allocation per update once the first
 * search on the space has built its arrays; docs/pursuit.md gives the cost of an update. */
KINEMA_API kinema_status kinema_pursuer_create(const kinema_space* space,
                                               const kinema_pursuer_settings* settings, kinema_pursuer** out);
/* One frame: the clock advances by dt, the state machine runs on `input`, `out` receives the decision. */
KINEMA_API kinema_status kinema_pursuer_update(kinema_pursuer* pursuer, const kinema_pursuer_input* input,
                                               kinema_pursuer_output* out);
/* A noise at `position` (on floor), heard `delay` s (>= 0) after the last update: restarts the chase there
 * unless the NPC is engaged or max_restarts were accepted. `out` (may be NULL) receives the decision. */
KINEMA_API kinema_status kinema_pursuer_stimulus(kinema_pursuer* pursuer, kinema_vec3 position, double delay,
                                                 kinema_pursuer_output* out);
/* The events of the last update or stimulus: at most `capacity` (>= 0) into `events` (may be NULL when
 * capacity is 0); *count (required) receives how many there were (at most 4). */
KINEMA_API kinema_status kinema_pursuer_events(const kinema_pursuer* pursuer, kinema_pursuer_event* events,
                                               int capacity, int* count);
/* Back to before the first update (engaged, clock 0, no restart used); buffers kept. */
KINEMA_API kinema_status kinema_pursuer_reset(kinema_pursuer* pursuer);
KINEMA_API void kinema_pursuer_destroy(kinema_pursuer* pursuer);
/* The caller's pointer carried by the pursuer, as kinema_space_user_data. Since KINEMA_C_API_VERSION 6. */
KINEMA_API kinema_status kinema_pursuer_set_user_data(kinema_pursuer* pursuer, void* user_data);
KINEMA_API void* kinema_pursuer_user_data(const kinema_pursuer* pursuer);

/* ---- Pursuer teams (docs/pursuit.md "Teams"): the NPCs a game ticks together, sharing what they know ----
 * `kinema pursue --npc ... --team MODE` is this team driven by the simulated player and NPCs: ticked with the
 * same frames it takes the same decisions. NPC i is inputs[i] and outputs[i] in every call. */

/* How a team shares what its NPCs know (kinema_pursuer_team_create's mode). Split also searches one
 * occupancy map for the whole team, no two NPCs heading for the same cell. */
typedef enum kinema_team_mode {
    KINEMA_TEAM_INDEPENDENT = 0, /* each NPC perceives, chases and searches alone */
    KINEMA_TEAM_SHARED = 1,      /* one NPC's sighting is everyone's: the team loses the player together */
    KINEMA_TEAM_SPLIT = 2        /* shared, the flood's heat split into one destination per chasing NPC */
} kinema_team_mode;

/* The most NPCs in a team. */
#define KINEMA_TEAM_MAX_NPCS 16

typedef struct kinema_pursuer_team kinema_pursuer_team;

/* A team of `npcs` ([1, KINEMA_TEAM_MAX_NPCS]) pursuers on `space` (which must outlive it), each engaged,
 * clock 0, sharing by `mode` (a kinema_team_mode). No allocation per update once the first search on the
 * space has built its arrays. */
KINEMA_API kinema_status kinema_pursuer_team_create(const kinema_space* space,
                                                    const kinema_pursuer_settings* settings, int npcs,
                                                    int mode, kinema_pursuer_team** out);
/* One frame of every NPC: `count` (the team's size) inputs, one dt for all; `outputs` receives count
 * decisions. In shared and split modes each NPC is told the team's sighting (the player's position and
 * velocity from the first NPC that sees them). */
KINEMA_API kinema_status kinema_pursuer_team_update(kinema_pursuer_team* team,
                                                    const kinema_pursuer_input* inputs, int count,
                                                    kinema_pursuer_output* outputs);
/* A noise at `position` (on floor) heard by the whole team `delay` s (>= 0) after the last update (as
 * kinema_pursuer_stimulus for each NPC). `outputs` (may be NULL) receives the team's size of decisions. */
KINEMA_API kinema_status kinema_pursuer_team_stimulus(kinema_pursuer_team* team, kinema_vec3 position,
                                                      double delay, kinema_pursuer_output* outputs);
/* NPC `npc`'s (0-based) events of the last update or stimulus, as kinema_pursuer_events. */
KINEMA_API kinema_status kinema_pursuer_team_events(const kinema_pursuer_team* team, int npc,
                                                    kinema_pursuer_event* events, int capacity, int* count);
/* Every NPC back to before its first update; buffers kept. */
KINEMA_API kinema_status kinema_pursuer_team_reset(kinema_pursuer_team* team);
KINEMA_API void kinema_pursuer_team_destroy(kinema_pursuer_team* team);
/* The caller's pointer carried by the team, as kinema_space_user_data. Since KINEMA_C_API_VERSION 6. */
KINEMA_API kinema_status kinema_pursuer_team_set_user_data(kinema_pursuer_team* team, void* user_data);
KINEMA_API void* kinema_pursuer_team_user_data(const kinema_pursuer_team* team);

/* ---- Movement models (docs/movement.md): one frame, or a whole run into caller arrays ----
 * The vectors, the state and each model's settings mirror their C++ types (kinema/core/vec.hpp,
 * kinema/movement/state.hpp, dishonored.hpp, crosscode.hpp, unreal.hpp) field for field.
 * Lengths are in each game's own unit (Dishonored: u, CrossCode: px, Unreal: cm), speeds per second, frame
 * times in seconds. A step takes dt in (0, 10] s, a finite input (the wish direction; longer than 1 is
 * clamped to length 1) and a finite state whose velocity coordinates are within +-1e150 (the models square
 * the speed); so does a run's start. A run takes `frames` in [0, 200000] (the kinema command's cap); frame i
 * lasts frame_times[i] s with inputs[i], states_out[i] receives the state after it, and the numbers are those
 * of `kinema simulate` (arrays may be NULL when frames is 0). Settings ranges: `kinema simulate --help`. */

/* A 2D point, direction or velocity on the ground plane. */
typedef struct kinema_vec2 {
    double x, y;
} kinema_vec2;

/* Position and velocity on the ground plane. */
typedef struct kinema_planar_state {
    kinema_vec2 position;
    kinema_vec2 velocity;
} kinema_planar_state;

/* Dishonored's frame step (Algorithm 1 of the DhTas notes). Defaults: walking, speed_scale 1, friction 8. */
typedef struct kinema_dishonored_settings {
    double speed_scale; /* [1e-6, 2500]; walk 1, sprint 1.5, Agility 1.95: MaxSpeed 400 s, MaxAccel 2000 s */
    double friction;    /* 1/s, [0, 1e6] */
    int32_t internal_check; /* KINEMA_INTERNAL_CHECK, set by kinema_dishonored_settings_default() */
} kinema_dishonored_settings;

/* CrossCode's movement physics (Radical Fish Games' devblog). Defaults: 300, 1, 1, 0.2, grounded. */
typedef struct kinema_crosscode_settings {
    double max_vel;      /* px/s, [0, 1e6] */
    double accel_speed;  /* [0, 1e3] */
    double friction;     /* [0, 1e5]; scales acceleration too */
    double air_friction; /* [0, 1e5]; used instead of friction when not grounded */
    bool grounded;
    int32_t internal_check; /* KINEMA_INTERNAL_CHECK, set by kinema_crosscode_settings_default() */
} kinema_crosscode_settings;

/* Unreal Engine's Character Movement Component walking on flat ground, UE 5.8 defaults. */
typedef struct kinema_unreal_settings {
    double ground_friction;              /* 1/s, [0, 1e6]; default 8 */
    double max_walk_speed;               /* cm/s, [0, 1e6]; default 600 */
    double max_acceleration;             /* cm/s^2, [0, 1e8]; default 2048 */
    double braking_deceleration_walking; /* cm/s^2, [0, 1e8]; default 2048 */
    double braking_friction_factor;      /* [0, 1e3]; default 2 */
    double braking_friction;             /* 1/s, [0, 1e6]; used only with use_separate_braking_friction */
    bool use_separate_braking_friction;  /* default false */
    double braking_sub_step_time;        /* s, (0, 10]; default 1/33 */
    double max_simulation_time_step;     /* s, (0, 10]; default 0.05 */
    int max_simulation_iterations;       /* [1, 25]; default 8 */
    double min_analog_walk_speed;        /* cm/s, [0, 1e6]; default 0 */
    int32_t internal_check;              /* KINEMA_INTERNAL_CHECK, set by kinema_unreal_settings_default() */
} kinema_unreal_settings;

KINEMA_API kinema_dishonored_settings kinema_dishonored_settings_default(void);
KINEMA_API kinema_status kinema_dishonored_step(const kinema_dishonored_settings* settings,
                                                const kinema_planar_state* state, kinema_vec2 input,
                                                double dt, kinema_planar_state* out);
KINEMA_API kinema_status kinema_dishonored_simulate(const kinema_dishonored_settings* settings,
                                                    const kinema_planar_state* start,
                                                    const kinema_vec2* inputs, const double* frame_times,
                                                    int frames, kinema_planar_state* states_out);

KINEMA_API kinema_crosscode_settings kinema_crosscode_settings_default(void);
KINEMA_API kinema_status kinema_crosscode_step(const kinema_crosscode_settings* settings,
                                               const kinema_planar_state* state, kinema_vec2 input, double dt,
                                               kinema_planar_state* out);
KINEMA_API kinema_status kinema_crosscode_simulate(const kinema_crosscode_settings* settings,
                                                   const kinema_planar_state* start,
                                                   const kinema_vec2* inputs, const double* frame_times,
                                                   int frames, kinema_planar_state* states_out);

KINEMA_API kinema_unreal_settings kinema_unreal_settings_default(void);
KINEMA_API kinema_status kinema_unreal_step(const kinema_unreal_settings* settings,
                                            const kinema_planar_state* state, kinema_vec2 input, double dt,
                                            kinema_planar_state* out);
KINEMA_API kinema_status kinema_unreal_simulate(const kinema_unreal_settings* settings,
                                                const kinema_planar_state* start, const kinema_vec2* inputs,
                                                const double* frame_times, int frames,
                                                kinema_planar_state* states_out);

/* ---- Analysis (docs/analysis.md): the exact Unreal stop and pivot, Dishonored's turn ---- */

/* How far and how long a braking character travels. */
typedef struct kinema_stop_prediction {
    bool stops;      /* false: the speed never reaches zero (no braking friction and no deceleration) */
    double distance; /* cm along the starting direction (when !stops: the limit distance or inf) */
    double time;     /* s: frames x frame time (a trace: the sum of the frames taken); inf when !stops */
    int64_t frames;  /* frames until the speed reads zero, the stopping frame included */
    bool at_limit;   /* the work bound was reached (never inside the documented ranges) */
} kinema_stop_prediction;

/* The exact stop of the CMC walking with no input from `speed` (cm/s, [0, 1e6]) at a constant frame time
 * (s, [1e-6, 10]): what `kinema stop --model unreal --speed V --fps F` prints as "exact". */
KINEMA_API kinema_status kinema_unreal_stop(const kinema_unreal_settings* settings, double speed,
                                            double frame_time, kinema_stop_prediction* out);
/* The same over a recorded frame-time trace: frame i lasts frame_times[i] s (count >= 1, each in (0, 10], the
 * last >= 1e-6); the last frame time repeats after the trace (`kinema stop --trace`). */
KINEMA_API kinema_status kinema_unreal_stop_trace(const kinema_unreal_settings* settings, double speed,
                                                  const double* frame_times, int count,
                                                  kinema_stop_prediction* out);
/* The continuous-time limit (no frame rate). */
KINEMA_API kinema_status kinema_unreal_stop_continuous(const kinema_unreal_settings* settings, double speed,
                                                       kinema_stop_prediction* out);
/* The exact pivot: walking at `speed` (cm/s, [0, max_walk_speed]) the input reverses at full strength
 * (max_acceleration > 0): distance is how far the character still moves forward, frames/time until its
 * velocity points back (`kinema stop --pivot`). */
KINEMA_API kinema_status kinema_unreal_pivot(const kinema_unreal_settings* settings, double speed,
                                             double frame_time, kinema_stop_prediction* out);

/* Dishonored's turn solver: Dishonored's settings plus the input acceleration |a| (u/s^2, (0, 1e8], default
 * 2000). A plain C struct of analysis::TurnSettings's fields, copied field by field: the C++ type derives
 * from the model's settings and is not plain. */
typedef struct kinema_turn_settings {
    double speed_scale;     /* as kinema_dishonored_settings */
    double friction;        /* as kinema_dishonored_settings */
    double acceleration;    /* u/s^2, (0, 1e8] */
    int32_t internal_check; /* KINEMA_INTERNAL_CHECK, set by kinema_turn_settings_default() */
} kinema_turn_settings;

/* One frame's solution from full speed along +x towards the wanted direction. */
typedef struct kinema_turn_solution {
    bool reachable;              /* false: no input reaches the wanted direction in one frame */
    kinema_vec2 input_direction; /* the unit input that does; zero when not reachable */
    double normalized_speed;     /* m' = speed before the clamp / MaxSpeed */
    double speed;                /* u/s after the clamp */
} kinema_turn_solution;

KINEMA_API kinema_turn_settings kinema_turn_settings_default(void);
/* The input that turns a full-speed velocity by `angle` radians (finite) in one frame of dt s (> 0): what
 * `kinema turn --angle` solves. */
KINEMA_API kinema_status kinema_dishonored_turn(const kinema_turn_settings* settings, double angle, double dt,
                                                kinema_turn_solution* out);
/* The largest turns per frame (radians, [0, pi]): keeping full speed, and reachable at all. Either out may be
 * NULL. */
KINEMA_API kinema_status kinema_dishonored_turn_limits(const kinema_turn_settings* settings, double dt,
                                                       double* max_full_speed_turn,
                                                       double* max_reachable_turn);

/* ---- Morrowind (docs/morrowind.md): OpenMW's research on actor speed, jumping and falling ----
 * Units are Morrowind units (64 u = 1 yard), u/s; attributes and skills are the game's numbers. Every struct
 * below mirrors its C++ type in kinema/movement/morrowind.hpp field for field (all of them are plain); the
 * C++ enums are ints here. */

/* The game settings (GMSTs) the formulas read, vanilla defaults; the field names are the GMST names in
 * snake_case (min_walk_speed is fMinWalkSpeed). Ranges: `kinema morrowind --help`. */
typedef struct kinema_morrowind_gmsts {
    double min_walk_speed, max_walk_speed, encumbered_move_effect, sneak_speed_multiplier;
    double min_walk_speed_creature, max_walk_speed_creature, athletics_run_bonus, base_run_multiplier;
    double min_fly_speed, max_fly_speed, swim_run_athletics_mult, swim_run_base, werewolf_run_mult;
    double jump_encumbrance_base, jump_encumbrance_multiplier, jump_acrobatics_base, jump_acro_multiplier;
    double jump_run_multiplier, jump_move_base, jump_move_mult;
    double fall_damage_distance_min, fall_acro_base, fall_acro_mult, fall_distance_base, fall_distance_mult;
    double fatigue_jump_base, fatigue_jump_mult, fatigue_base, fatigue_mult;
    double encumbrance_str_mult;
} kinema_morrowind_gmsts;

/* Root-motion base speeds of the movement animations, u/s; 0 = unknown (no playback scaling). */
typedef struct kinema_morrowind_animation_speeds {
    double walk, run, sneak, swim_walk, swim_run;
} kinema_morrowind_animation_speeds;

/* Where the OpenMW wiki and OpenMW's code differ (0 = the wiki's rule, the default; 1 = OpenMW's). */
typedef struct kinema_morrowind_rules {
    int gravity;     /* 0: 627.2 u/s^2, 1: 627.1216 */
    int air_control; /* 0: uncapped, 1: capped at 1 */
    int speed_cap;   /* 0: vanilla (real speed capped by the animation's playback), 1: OpenMW (not capped) */
    int fall_threshold; /* 0: height <= fFallDamageDistanceMin is soft, 1: damage from that height on */
    bool truncate_base_speed;
} kinema_morrowind_rules;

typedef struct kinema_morrowind_settings {
    kinema_morrowind_gmsts gmsts;
    kinema_morrowind_animation_speeds animation;
    kinema_morrowind_rules rules;
    double max_playback_scale; /* (0, 1e6]; default 10 */
    double physics_step;       /* s, [1e-4, 1]; default 1/60 */
    int32_t internal_check;    /* KINEMA_INTERNAL_CHECK, set by kinema_morrowind_settings_default() */
} kinema_morrowind_settings;

typedef enum kinema_morrowind_actor_kind {
    KINEMA_MORROWIND_NPC = 0,
    KINEMA_MORROWIND_CREATURE = 1
} kinema_morrowind_actor_kind;

/* One actor's stats (modified values). Defaults: an NPC with Speed 50, Athletics 30, Acrobatics 30. */
typedef struct kinema_morrowind_actor {
    int kind;                      /* a kinema_morrowind_actor_kind */
    double speed;                  /* Speed attribute, [0, 1e6] */
    double athletics;              /* [0, 1e6] */
    double acrobatics;             /* [0, 1e6] */
    double normalized_encumbrance; /* carried / capacity, [0, 1e6]; > 1: no movement, no jump */
    double fatigue_ratio;          /* current / maximum fatigue */
    double levitate;               /* Levitate magnitude, [0, 1e6] */
    double swift_swim;             /* [0, 1e6] */
    double jump_magnitude;         /* [0, 1e6] */
    bool werewolf;
    bool flies; /* a creature with the Flies flag */
} kinema_morrowind_actor;

/* What the actor does this frame. Default: forward input (0, 1), walking. */
typedef struct kinema_morrowind_stance {
    kinema_vec2 input; /* x = right, y = forward, finite; its length (capped at 1) is the analog factor */
    bool run;
    bool sneak;
    bool swimming;
    bool weapon_ready;
    bool incapacitated;
} kinema_morrowind_stance;

typedef enum kinema_morrowind_move_mode {
    KINEMA_MORROWIND_MOVE_NONE = 0,
    KINEMA_MORROWIND_MOVE_WALK = 1,
    KINEMA_MORROWIND_MOVE_SNEAK = 2,
    KINEMA_MORROWIND_MOVE_RUN = 3,
    KINEMA_MORROWIND_MOVE_SWIM_WALK = 4,
    KINEMA_MORROWIND_MOVE_SWIM_RUN = 5,
    KINEMA_MORROWIND_MOVE_FLY = 6
} kinema_morrowind_move_mode;

/* The target speed and how it was reached (getMaxSpeed). */
typedef struct kinema_morrowind_speed_result {
    int mode;            /* a kinema_morrowind_move_mode */
    double walk_speed;   /* u/s */
    double run_speed;    /* u/s */
    double max_speed;    /* u/s: the mode's speed */
    double speed_factor; /* [0, 1]: analog input length */
    bool strafing;       /* speed x 0.75 */
    bool werewolf_bonus;
    double move_speed; /* u/s: max_speed x speed_factor (x 0.75 strafing) */
} kinema_morrowind_speed_result;

/* Jump take-off. */
typedef struct kinema_morrowind_jump_result {
    bool can_jump;
    double jump_term;      /* u/s */
    double take_off_speed; /* u/s */
    kinema_vec3 velocity;  /* u/s, z up */
    double fatigue_cost;   /* fatigue points */
    double air_control;    /* input velocity multiplier while airborne */
    double apex_height;    /* u */
    double airtime;        /* s */
} kinema_morrowind_jump_result;

/* Landing after a fall. */
typedef struct kinema_morrowind_fall_result {
    bool soft_landing;
    double damage_term;
    double health_loss; /* health points */
    bool knockdown;
} kinema_morrowind_fall_result;

KINEMA_API kinema_morrowind_settings kinema_morrowind_settings_default(void);
KINEMA_API kinema_morrowind_actor kinema_morrowind_actor_default(void);
KINEMA_API kinema_morrowind_stance kinema_morrowind_stance_default(void);
/* The target speed of `actor` in `stance`. */
KINEMA_API kinema_status kinema_morrowind_speed(const kinema_morrowind_settings* settings,
                                                const kinema_morrowind_actor* actor,
                                                const kinema_morrowind_stance* stance,
                                                kinema_morrowind_speed_result* out);
/* Jump take-off along `direction` (the wanted ground movement, any length; zero = standing). */
KINEMA_API kinema_status kinema_morrowind_jump(const kinema_morrowind_settings* settings,
                                               const kinema_morrowind_actor* actor,
                                               const kinema_morrowind_stance* stance, kinema_vec2 direction,
                                               kinema_morrowind_jump_result* out);
/* Landing after falling `height` u ([0, 1e9]). */
KINEMA_API kinema_status kinema_morrowind_fall(const kinema_morrowind_settings* settings,
                                               const kinema_morrowind_actor* actor, double height,
                                               kinema_morrowind_fall_result* out);

#ifdef __cplusplus
}
#endif

#endif /* KINEMA_H */
