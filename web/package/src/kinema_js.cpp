// The npm package's few entry points beside the C ABI (include/kinema/kinema.h), which the package calls
// directly for everything else. They exist because JavaScript reaches WebAssembly with numbers only: a C
// struct passed or returned by value has no portable shape there, so these take and give plain numbers and
// arrays, and a level file's text stands in for a file the browser does not have. Each forwards to the C ABI
// or to the code kinema_space_load runs, so the package computes exactly what the C ABI and the CLI do.
#include <emscripten/emscripten.h>

#include <climits>
#include <cmath>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "guard.hpp"
#include "handles.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/core/format.hpp"
#include "kinema/formats/designer_formats.hpp"
#include "kinema/kinema.h"
#include "kinema/levels/grid_level.hpp"
#include "space_files.hpp"

namespace {

// The numbers of a kinema_flood_result, in the order index.js reads them (its readResult()).
constexpr int flood_result_numbers = 19;
// The pursuer's numbers, in the orders index.js writes and reads them (class Pursuer): its settings (8 of
// its own, then the flood's 5), an input (dt, the NPC's position and facing, sees_player, the player's
// position and velocity, arrived), an output (state, goal_changed, goal_in_sight, events, goal, time, and
// the count itself, as the flood's result ends) and one event (kind, accepted, t, position, direction).
constexpr int pursuer_settings_numbers = 13;
constexpr int pursuer_output_numbers = 9;
constexpr int pursuer_event_numbers = 9;

// The designers' formats (Tiled, LDtk, PNG/BMP masks; docs/web.md "Level formats") join levels' registry
// when the module starts, before any level text is read, as the CLI adds them at its start.
[[maybe_unused]] const bool designer_formats_registered = [] {
    kinema::formats::register_designer_formats();
    return true;
}();

void put_vec3(double* out, kinema_vec3 v) {
    out[0] = v.x;
    out[1] = v.y;
    out[2] = v.z;
}

kinema_vec3 get_vec3(const double* in) {
    return kinema_vec3{in[0], in[1], in[2]};
}

void put_pursuer_output(double* out, const kinema_pursuer_output& o) {
    out[0] = o.state;
    out[1] = o.goal_changed;
    out[2] = o.goal_in_sight;
    out[3] = o.events;
    put_vec3(out + 4, o.goal);
    out[7] = o.time;
    out[8] = pursuer_output_numbers;
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

/// kinema_dead_reckoning with the position and direction as six numbers; the result as 10 doubles: position
/// (3), end_point (3), cell, blocked, on_space, distance.
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_dead_reckoning(const kinema_space* space, double px, double py,
                                                            double pz, double dx, double dy, double dz,
                                                            double distance, double* out) {
    if (out == nullptr) {
        return fail(KINEMA_ERROR_ARGUMENT, "kinema_js_dead_reckoning: output is NULL");
    }
    kinema_dead_reckoning_result r{};
    const kinema_status status =
        kinema_dead_reckoning(space, kinema_vec3{px, py, pz}, kinema_vec3{dx, dy, dz}, distance, &r);
    if (status != KINEMA_OK) {
        return status;
    }
    put_vec3(out, r.position);
    put_vec3(out + 3, r.end_point);
    out[6] = static_cast<double>(r.cell);
    out[7] = r.blocked;
    out[8] = r.on_space;
    out[9] = r.distance;
    return KINEMA_OK;
}

/// kinema_pursuer_settings_default() as pursuer_settings_numbers doubles: strategy, view_range, view_angle,
/// contact_range, search_time, player_speed, spread, flood_steps_per_tick, then the flood's hot, max_heated,
/// max_steps, max_restarts and destination.
EMSCRIPTEN_KEEPALIVE void kinema_js_pursuer_settings_default(double* out) {
    const kinema_pursuer_settings s = kinema_pursuer_settings_default();
    const double numbers[pursuer_settings_numbers] = {static_cast<double>(s.strategy),
                                                      s.view_range,
                                                      s.view_angle,
                                                      s.contact_range,
                                                      s.search_time,
                                                      s.player_speed,
                                                      s.spread,
                                                      static_cast<double>(s.flood_steps_per_tick),
                                                      static_cast<double>(s.flood.hot),
                                                      static_cast<double>(s.flood.max_heated),
                                                      static_cast<double>(s.flood.max_steps),
                                                      static_cast<double>(s.flood.max_restarts),
                                                      static_cast<double>(s.flood.destination)};
    for (int i = 0; i < pursuer_settings_numbers; ++i) {
        out[i] = numbers[i];
    }
}

/// kinema_pursuer_create with the settings as kinema_js_pursuer_settings_default gives them (index.js
/// checks that the integer fields hold integers before they come here).
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_pursuer_create(const kinema_space* space, const double* fields,
                                                            kinema_pursuer** out) {
    if (fields == nullptr) {
        return fail(KINEMA_ERROR_ARGUMENT, "kinema_js_pursuer_create: fields is NULL");
    }
    // The int fields: a number JavaScript sends that is not a whole int is refused here (converting it
    // would be undefined), naming the field as the C ABI's own checks do.
    static constexpr const char* int_names[] = {
        "strategy", "flood_steps_per_tick", "hot", "max_heated", "max_steps", "max_restarts", "destination"};
    static constexpr int int_at[] = {0, 7, 8, 9, 10, 11, 12};
    int ints[7] = {};
    for (int i = 0; i < 7; ++i) {
        const double value = fields[int_at[i]];
        if (!(value >= INT_MIN && value <= INT_MAX) || value != std::trunc(value)) {
            return fail(KINEMA_ERROR_ARGUMENT, std::string(int_names[i]) + ": must be a whole number in [" +
                                                   std::to_string(INT_MIN) + ", " + std::to_string(INT_MAX) +
                                                   "], got " + kinema::format_number(value));
        }
        ints[i] = static_cast<int>(value);
    }
    kinema_pursuer_settings s{};
    s.strategy = ints[0];
    s.view_range = fields[1];
    s.view_angle = fields[2];
    s.contact_range = fields[3];
    s.search_time = fields[4];
    s.player_speed = fields[5];
    s.spread = fields[6];
    s.flood_steps_per_tick = ints[1];
    s.flood = kinema_flood_settings{ints[2], ints[3], ints[4], ints[5], ints[6]};
    return kinema_pursuer_create(space, &s, out);
}

/// kinema_pursuer_update with the input as its 15 numbers and the output written as
/// pursuer_output_numbers doubles into `out` (the same memory may hold both: the input is read first).
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_pursuer_update(kinema_pursuer* pursuer, const double* in,
                                                            double* out) {
    if (in == nullptr || out == nullptr) {
        return fail(KINEMA_ERROR_ARGUMENT, "kinema_js_pursuer_update: input or output is NULL");
    }
    // sees_player and arrived: index.js sends booleans as 1 or 0; any other number counts as true.
    const kinema_pursuer_input input{in[0],
                                     get_vec3(in + 1),
                                     get_vec3(in + 4),
                                     in[7] != 0.0 ? 1 : 0,
                                     get_vec3(in + 8),
                                     get_vec3(in + 11),
                                     in[14] != 0.0 ? 1 : 0};
    kinema_pursuer_output output{};
    const kinema_status status = kinema_pursuer_update(pursuer, &input, &output);
    if (status == KINEMA_OK) {
        put_pursuer_output(out, output);
    }
    return status;
}

/// kinema_pursuer_stimulus with the noise's position as three numbers; the output as the update's.
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_pursuer_stimulus(kinema_pursuer* pursuer, double x, double y,
                                                              double z, double delay, double* out) {
    if (out == nullptr) {
        return fail(KINEMA_ERROR_ARGUMENT, "kinema_js_pursuer_stimulus: output is NULL");
    }
    kinema_pursuer_output output{};
    const kinema_status status = kinema_pursuer_stimulus(pursuer, kinema_vec3{x, y, z}, delay, &output);
    if (status == KINEMA_OK) {
        put_pursuer_output(out, output);
    }
    return status;
}

/// kinema_pursuer_events: the last call's events (at most 4), pursuer_event_numbers doubles each, into `out`
/// (room for 4); *count receives how many.
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_pursuer_events(const kinema_pursuer* pursuer, double* out,
                                                            int* count) {
    if (out == nullptr || count == nullptr) {
        return fail(KINEMA_ERROR_ARGUMENT, "kinema_js_pursuer_events: output or count is NULL");
    }
    kinema_pursuer_event events[4];
    const kinema_status status = kinema_pursuer_events(pursuer, events, 4, count);
    if (status != KINEMA_OK) {
        return status;
    }
    for (int i = 0; i < *count; ++i) {
        double* e = out + static_cast<std::ptrdiff_t>(i) * pursuer_event_numbers;
        e[0] = events[i].kind;
        e[1] = events[i].accepted;
        e[2] = events[i].t;
        put_vec3(e + 3, events[i].position);
        put_vec3(e + 6, events[i].direction);
    }
    return KINEMA_OK;
}

/// A grid level from a level file's bytes (`length` of them at `text`: text or binary, such as a PNG), read
/// as kinema_space_load reads the file `name`: the loader chosen by name's extension through levels' registry
/// (.map Moving AI, .txt kinema ASCII, .tmx/.tmj Tiled, .ldtk LDtk, .png/.bmp masks; the loaders' messages
/// name it and the line), with connectivity 4 or 8. Files a level refers to (a Tiled map's external
/// tilesets) cannot be found: there is no file beside it. The space's chase JSON names `name` as its map.
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
