// The npm package's few entry points beside the C ABI (include/kinema/kinema.h), which the package calls
// directly for everything else. They exist because JavaScript reaches WebAssembly with numbers only: a C
// struct passed or returned by value has no portable shape there, so these take and give plain numbers and
// arrays, and a level file's text stands in for a file the browser does not have. Each forwards to the C ABI
// or to the code kinema_space_load runs, so the package computes exactly what the C ABI and the CLI do.
#include <emscripten/emscripten.h>

#include <memory>
#include <string>
#include <string_view>

#include "guard.hpp"
#include "handles.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/kinema.h"
#include "kinema/levels/grid_level.hpp"
#include "space_files.hpp"

namespace {

// The numbers of a kinema_flood_result, in the order index.js reads them (its readResult()).
constexpr int flood_result_numbers = 19;

void put_vec3(double* out, kinema_vec3 v) {
    out[0] = v.x;
    out[1] = v.y;
    out[2] = v.z;
}

}  // namespace

using namespace kinema::c_abi;

extern "C" {

/// kinema_flood_settings_default() as five ints: hot, max_heated, max_steps, max_restarts, destination.
EMSCRIPTEN_KEEPALIVE void kinema_js_flood_settings_default(int* out) {
    const kinema_flood_settings s = kinema_flood_settings_default();
    out[0] = s.hot;
    out[1] = s.max_heated;
    out[2] = s.max_steps;
    out[3] = s.max_restarts;
    out[4] = s.destination;
}

/// kinema_flood_create with the settings as kinema_js_flood_settings_default gives them.
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_flood_create(const int* fields, kinema_flood** out) {
    if (fields == nullptr) {
        return fail(KINEMA_ERROR_ARGUMENT, "kinema_js_flood_create: fields is NULL");
    }
    const kinema_flood_settings settings{fields[0], fields[1], fields[2], fields[3], fields[4]};
    return kinema_flood_create(&settings, out);
}

/// kinema_flood_start with the position and direction as six numbers.
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_flood_start(kinema_flood* flood, const kinema_space* space,
                                                         double px, double py, double pz, double dx,
                                                         double dy, double dz) {
    return kinema_flood_start(flood, space, kinema_vec3{px, py, pz}, kinema_vec3{dx, dy, dz});
}

/// kinema_flood_result as flood_result_numbers doubles: destination (3), centroid (3), seed_position (3),
/// seed_cell, destination_cell, heated_cells, warm_cells, barrier_cells, steps, stop_reason, finished,
/// seed_snapped, and the count itself last (a check that index.js reads the order this file writes).
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_flood_result(const kinema_flood* flood, double* out) {
    struct kinema_flood_result r {};
    const kinema_status status = kinema_flood_result(flood, &r);
    if (status != KINEMA_OK) {
        return status;
    }
    put_vec3(out, r.destination);
    put_vec3(out + 3, r.centroid);
    put_vec3(out + 6, r.seed_position);
    const double counts[] = {static_cast<double>(r.seed_cell), static_cast<double>(r.destination_cell),
                             static_cast<double>(r.heated_cells), static_cast<double>(r.warm_cells),
                             static_cast<double>(r.barrier_cells)};
    for (int i = 0; i < 5; ++i) {
        out[9 + i] = counts[i];
    }
    out[14] = r.steps;
    out[15] = r.stop_reason;
    out[16] = r.finished;
    out[17] = r.seed_snapped;
    out[18] = flood_result_numbers;
    return KINEMA_OK;
}

/// A grid level from a level file's text, read as kinema_space_load reads the file `name` (a Moving AI map
/// when it ends in .map, else kinema's ASCII levels; the loaders' messages name it and the line), with
/// connectivity 4 or 8. The space's chase JSON names `name` as its map.
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_space_from_level_text(const char* text, int length,
                                                                   const char* name, int connectivity,
                                                                   kinema_space** out) {
    if (text == nullptr || name == nullptr || out == nullptr || length < 0) {
        return fail(KINEMA_ERROR_ARGUMENT,
                    "kinema_js_space_from_level_text: a NULL argument or a negative length");
    }
    if (connectivity != 4 && connectivity != 8) {
        return fail(KINEMA_ERROR_ARGUMENT,
                    "kinema_js_space_from_level_text: connectivity must be 4 or 8, got " +
                        std::to_string(connectivity));
    }
    return guarded(KINEMA_ERROR_INPUT, [&] {
        kinema::chase::GridSpaceSettings settings;
        settings.connectivity =
            connectivity == 4 ? kinema::chase::Connectivity::four : kinema::chase::Connectivity::eight;
        auto space = std::make_unique<kinema_space>();
        space->name = name;
        space->holder = grid_holder(
            kinema::levels::parse_level(std::string_view(text, static_cast<std::size_t>(length)), name),
            settings);
        *out = space.release();
    });
}

}  // extern "C"
