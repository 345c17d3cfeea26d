/* A chase from C: floods a level (a Moving AI .map, say) from the player's last known position and direction
 * and prints what `kinema chase --map MAP --from X,Y --dir DX,DY --json` prints. Usage: flood_map MAP X Y DX
 * DY */
#include <stdio.h>
#include <stdlib.h>

#include "kinema/kinema.h"

int main(int argc, char** argv) {
    kinema_space* space = NULL;
    kinema_flood* flood = NULL;
    kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_vec3 from = {0.0, 0.0, 0.0}, dir = {0.0, 0.0, 0.0};
    size_t length = 0;
    char* json = NULL;
    if (argc != 6) {
        fprintf(stderr, "usage: flood_map MAP X Y DX DY\n");
        return 2;
    }
    from.x = atof(argv[2]), from.y = atof(argv[3]), dir.x = atof(argv[4]), dir.y = atof(argv[5]);
    if (kinema_space_load(argv[1], &space) != KINEMA_OK ||
        kinema_flood_create(&settings, &flood) != KINEMA_OK ||
        kinema_flood_start(flood, space, from, dir) != KINEMA_OK ||
        kinema_flood_advance(flood, settings.max_steps, NULL) != KINEMA_OK ||
        kinema_flood_json(flood, NULL, NULL, 0, &length) != KINEMA_OK) {
        fprintf(stderr, "kinema: error: %s\n", kinema_last_error());
        return 2;
    }
    if (!(json = malloc(length + 1)) ||
        kinema_flood_json(flood, NULL, json, length + 1, &length) != KINEMA_OK) {
        fprintf(stderr, "kinema: error: %s\n", json ? kinema_last_error() : "out of memory");
        return 2;
    }
    printf("%s\n", json);
    free(json);
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
    return 0;
}
