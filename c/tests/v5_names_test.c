/* Version 5's names still build and run against version 6 (kinema.h, KINEMA_C_API_V5_NAMES): a program that
 * asks for them gets the deprecated kinema_flood_result getter, and it answers what kinema_flood_get_result
 * answers. Strict C99, as c99_test.c. */
#define KINEMA_C_API_V5_NAMES
#include <stdio.h>
#include <string.h>

#include "kinema/kinema.h"

int main(void) {
    const unsigned char tiles[7] = {1, 1, 1, 1, 1, 1, 1};
    kinema_space* space = NULL;
    kinema_flood* flood = NULL;
    kinema_flood_settings settings = kinema_flood_settings_default();
    const kinema_vec3 from = {2.5, 0.5, 0.0}, dir = {1.0, 0.0, 0.0};
    struct kinema_flood_result old_name, new_name;
    int failures = 0;
    memset(&old_name, 0, sizeof old_name);
    memset(&new_name, 0, sizeof new_name);
    if (kinema_space_from_grid(7, 1, tiles, 8, &space) != KINEMA_OK ||
        kinema_flood_create(&settings, &flood) != KINEMA_OK ||
        kinema_flood_start(flood, space, from, dir) != KINEMA_OK ||
        kinema_flood_advance(flood, 100, NULL) != KINEMA_OK) {
        fprintf(stderr, "setup: %s\n", kinema_last_error());
        return 1;
    }
    if (kinema_flood_result(flood, &old_name) != KINEMA_OK ||
        kinema_flood_get_result(flood, &new_name) != KINEMA_OK) {
        fprintf(stderr, "getter: %s\n", kinema_last_error());
        return 1;
    }
    /* c99_test.c's corridor chase: 4 steps, seed cell 2, destination cell 4. */
    if (!(old_name.steps == 4 && old_name.seed_cell == 2 && old_name.destination_cell == 4 &&
          old_name.finished && old_name.destination.x == 4.5)) {
        fprintf(stderr, "kinema_flood_result: steps %d, seed %ld, destination %ld\n", old_name.steps,
                (long)old_name.seed_cell, (long)old_name.destination_cell);
        ++failures;
    }
    if (memcmp(&old_name, &new_name, sizeof old_name) != 0) {
        fprintf(stderr, "kinema_flood_result and kinema_flood_get_result differ\n");
        ++failures;
    }
    /* The old name refuses what the new one refuses. */
    if (kinema_flood_result(NULL, &old_name) != KINEMA_ERROR_ARGUMENT) {
        fprintf(stderr, "kinema_flood_result(NULL) was not refused\n");
        ++failures;
    }
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
    if (failures == 0) {
        printf("version 5's names: ok\n");
    }
    return failures == 0 ? 0 : 1;
}
