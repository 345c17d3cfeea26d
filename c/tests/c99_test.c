/* kinema.h from a strict C99 program (-std=c99 -pedantic -Werror): the C ABI's names and structs as a C user
 * sees them, on a corridor whose chase is worked out by hand from the flood's rules (Couvidou's Dishonored 2
 * chase chapter; kinema's chase-flood semantics): seeded at column 2 running east, cells 0 and 1 behind
 * become barrier, one cell heats per step until the east end: 4 steps, exhausted, heat 16..20 on
 * columns 2..6, centroid x = 415 / 90 = 4.61, destination the centre of column 4. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kinema/kinema.h"

static int failures = 0;

#define CHECK(condition)                                                            \
    do {                                                                            \
        if (!(condition)) {                                                         \
            fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #condition); \
            ++failures;                                                             \
        }                                                                           \
    } while (0)

static kinema_vec3 vec3(double x, double y, double z) {
    kinema_vec3 v;
    v.x = x;
    v.y = y;
    v.z = z;
    return v;
}

static void corridor_chase(void) {
    const unsigned char tiles[7] = {1, 1, 1, 1, 1, 1, 1};
    kinema_space* space = NULL;
    kinema_flood* flood = NULL;
    kinema_flood_settings settings = kinema_flood_settings_default();
    struct kinema_flood_result result;
    int finished = -1;
    int64_t cells = 0;

    CHECK(kinema_space_from_grid(7, 1, tiles, 8, &space) == KINEMA_OK);
    CHECK(kinema_space_cell_count(space, &cells) == KINEMA_OK && cells == 7);
    CHECK(kinema_flood_create(&settings, &flood) == KINEMA_OK);
    CHECK(kinema_flood_start(flood, space, vec3(2.5, 0.5, 0.0), vec3(1.0, 0.0, 0.0)) == KINEMA_OK);

    /* Time-sliced: two steps, then the rest. */
    CHECK(kinema_flood_advance(flood, 2, &finished) == KINEMA_OK && finished == 0);
    CHECK(kinema_flood_result(flood, &result) == KINEMA_OK);
    CHECK(result.steps == 2 && result.finished == 0);
    CHECK(kinema_flood_advance(flood, 100, &finished) == KINEMA_OK && finished == 1);
    CHECK(kinema_flood_result(flood, &result) == KINEMA_OK);
    CHECK(result.steps == 4 && result.stop_reason == KINEMA_STOP_EXHAUSTED && result.finished == 1);
    CHECK(result.heated_cells == 5 && result.warm_cells == 5 && result.barrier_cells == 2);
    CHECK(result.seed_cell == 2 && result.destination_cell == 4 && result.seed_snapped == 0);
    CHECK(fabs(result.centroid.x - 415.0 / 90.0) < 1e-12 && result.centroid.y == 0.5);
    CHECK(result.destination.x == 4.5 && result.destination.y == 0.5 && result.destination.z == 0.0);

    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
}

static void errors_are_statuses(void) {
    const unsigned char tiles[4] = {1, 1, 0, 1};
    kinema_space* space = NULL;
    kinema_flood* flood = NULL;
    kinema_flood_settings settings = kinema_flood_settings_default();
    struct kinema_flood_result result;

    CHECK(kinema_space_from_grid(2, 2, NULL, 8, &space) == KINEMA_ERROR_ARGUMENT && space == NULL);
    CHECK(strstr(kinema_last_error(), "tiles is NULL") != NULL);
    CHECK(kinema_space_from_grid(2, 2, tiles, 6, &space) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_space_from_grid(-2, 2, tiles, 8, &space) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_space_load("no/such/level.map", &space) == KINEMA_ERROR_INPUT && space == NULL);
    CHECK(strstr(kinema_last_error(), "no/such/level.map") != NULL);

    settings.max_steps = -1;
    CHECK(kinema_flood_create(&settings, &flood) == KINEMA_ERROR_ARGUMENT && flood == NULL);
    CHECK(strstr(kinema_last_error(), "max_steps") != NULL);
    settings = kinema_flood_settings_default();
    CHECK(kinema_flood_create(&settings, &flood) == KINEMA_OK);
    CHECK(kinema_flood_result(flood, &result) == KINEMA_ERROR_STATE);
    CHECK(kinema_flood_advance(flood, 1, NULL) == KINEMA_ERROR_STATE);
    CHECK(kinema_space_from_grid(2, 2, tiles, 8, &space) == KINEMA_OK);
    CHECK(kinema_flood_start(flood, space, vec3(NAN, 0.5, 0.0), vec3(1.0, 0.0, 0.0)) ==
          KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "position") != NULL);
    CHECK(kinema_flood_start(flood, space, vec3(0.5, 0.5, 0.0), vec3(1.0, 0.0, 0.0)) == KINEMA_OK);
    CHECK(kinema_flood_advance(flood, -1, NULL) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_flood_start(NULL, space, vec3(0.5, 0.5, 0.0), vec3(1.0, 0.0, 0.0)) == KINEMA_ERROR_ARGUMENT);

    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
    kinema_flood_destroy(NULL);
    kinema_space_destroy(NULL);
}

int main(void) {
    CHECK(kinema_c_api_version() == KINEMA_C_API_VERSION);
    CHECK(strlen(kinema_version()) >= 5);
    corridor_chase();
    errors_are_statuses();
    if (failures != 0) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("kinema C ABI from C99: all checks passed\n");
    return 0;
}
