/* kinema's C ABI: the chase of Couvidou's Dishonored 2 chapter (Game AI Pro 3, "Chasing the player") on a
 * game's own levels, from C and from any language that calls C (C# through P/Invoke, LuaJIT's FFI, Rust's
 * bindgen).
 *
 * Plain C99 and C++. Every declaration is plain C apart from KINEMA_API, the export macro; a tool that reads
 * declarations without a preprocessor (LuaJIT's ffi.cdef) can be given this file with KINEMA_API removed.
 *
 * Conventions (docs/engines.md, "The C ABI"):
 * - Objects are opaque handles made by a kinema_*_create, kinema_*_from_* or kinema_*_load function and freed
 *   by the matching kinema_*_destroy (which accepts NULL).
 * - Settings are plain structs: fill one with its kinema_*_default() function, then change fields. The
 *   defaults, units and ranges are those of the C++ library (docs/chase.md, `kinema chase --help`).
 * - Every function that can fail returns a kinema_status; KINEMA_OK is 0. On failure, kinema_last_error()
 *   gives the calling thread's message, the text the kinema command prints after "kinema: error: " (a
 *   settings field is named as the struct names it, max_steps, where the command names its flag), and the out
 *   parameters are left untouched. A null handle or array, a negative count, a NaN or a bad file is an error,
 *   never a crash; no C++ exception leaves the library. A kinema_flood_start refused for its position or
 *   direction leaves the flood as it was; after any other failure of a start the flood is unstarted until the
 *   next start.
 * - Units: grids are in tiles (a tile is one unit, x = column, y = row, z ignored); 3D levels are in the
 *   mesh's units with y up.
 * - Threads: a handle is used by one thread at a time; different handles may be used by different threads.
 */
#ifndef KINEMA_H
#define KINEMA_H

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

/* The version of this header's ABI: raised whenever a declaration or a struct layout changes. */
#define KINEMA_C_API_VERSION 1

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
/* Any level file the kinema command reads: a Moving AI map (.map), an ASCII level (.txt), or, when kinema was
 * built with its navmesh part, a triangle mesh (.obj) or a navmesh (.nav); 8-connected grids. */
KINEMA_API kinema_status kinema_space_load(const char* path, kinema_space** out);
KINEMA_API void kinema_space_destroy(kinema_space* space);
/* How many cells the space has (floor tiles on grids). */
KINEMA_API kinema_status kinema_space_cell_count(const kinema_space* space, int64_t* out);

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
    int max_restarts; /* re-seeds accepted per chase after new stimuli; -1 = no cap */
    int destination;  /* a kinema_destination_rule */
} kinema_flood_settings;

KINEMA_API kinema_flood_settings kinema_flood_settings_default(void);

typedef enum kinema_stop_reason {
    KINEMA_STOP_EXHAUSTED = 0,       /* no untouched cell next to the heat front */
    KINEMA_STOP_TOO_MANY_HEATED = 1, /* a step would have heated more than max_heated cells (not counted) */
    KINEMA_STOP_MAX_STEPS = 2        /* max_steps steps ran */
} kinema_stop_reason;

/* A struct tag only (no typedef): kinema_flood_result is also the function that fills it. */
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
    int finished;          /* 1 when the flood has stopped, 0 in the middle of a time-sliced run */
    int seed_snapped;      /* 1 when the position was on no cell and moved to the nearest one */
};

typedef struct kinema_flood kinema_flood;

KINEMA_API kinema_status kinema_flood_create(const kinema_flood_settings* settings, kinema_flood** out);
/* Seeds the flood at the player's last known position, running along `direction` (any length; zero = no
 * barrier). The space must stay alive while the flood uses it (until the next start or the destroy). */
KINEMA_API kinema_status kinema_flood_start(kinema_flood* flood, const kinema_space* space,
                                            kinema_vec3 position, kinema_vec3 direction);
/* Runs at most max_steps (>= 0) propagation steps: the chapter's fixed number of steps per frame. *finished
 * (may be NULL) is set to 1 once the flood has stopped. After the first start on a space, no allocation. */
KINEMA_API kinema_status kinema_flood_advance(kinema_flood* flood, int max_steps, int* finished);
/* The result so far (after the last step: the final one). */
#if defined(__cplusplus) && defined(__GNUC__)
/* In C++ the function hides the struct's implicit constructor, which g++'s -Wshadow reports; C has no such
 * thing. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
#endif
KINEMA_API kinema_status kinema_flood_result(const kinema_flood* flood, struct kinema_flood_result* out);
#if defined(__cplusplus) && defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
/* The whole chase as JSON, byte for byte what `kinema chase --json` prints for the same level and query
 * (dead reckoning and every touched cell included; `map` as the "map" field, NULL for the space's own name).
 * Writes at most `capacity` bytes including the terminating NUL into `buffer` (may be NULL when capacity is
 * 0); *length (required) receives the text's length without the NUL. When the buffer is too small nothing is
 * written and KINEMA_ERROR_ARGUMENT is returned: call again with capacity >= *length + 1. */
KINEMA_API kinema_status kinema_flood_json(const kinema_flood* flood, const char* map, char* buffer,
                                           size_t capacity, size_t* length);
KINEMA_API void kinema_flood_destroy(kinema_flood* flood);

#ifdef __cplusplus
}
#endif

#endif /* KINEMA_H */
