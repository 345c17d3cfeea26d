// The C ABI under hostile arguments (kinema.h: "a null handle, a null array, a negative count, NaN or a bad
// file is an error, never a crash"): sizes, connectivities, settings, positions and buffer capacities from
// the input, NULL in place of any handle or array, and the calls in any order; then the movement models, the
// stop, pivot and turn and Morrowind with hostile settings, states, inputs, frame times and counts; and
// meshes and polygons from memory with hostile arrays, counts and nav settings; and the runtime pursuer and a
// team of pursuers with hostile sizes, modes, inputs and event buffers. A crash,
// a sanitizer report or a status outside kinema_status is a finding; the statuses themselves are the ABI's
// business. NaN and infinity never leave the ABI (issue 40): a call that succeeds answers finite numbers only
// (a stop prediction's distance and time may be infinite when the character never stops, as kinema.h says),
// a step that fails leaves its out parameter untouched, and no message says "-nan". The hostile numbers
// include huge finite ones (1e308, the largest double, 1e154 whose square overflows) and C#'s double.NaN,
// whose sign bit is set.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <vector>

#include "kinema/kinema.h"

namespace {

void check(kinema_status status) {
    if (status < KINEMA_OK || status > KINEMA_ERROR_INTERNAL || kinema_last_error() == nullptr) {
        std::abort();
    }
    if (status == KINEMA_ERROR_INTERNAL) {
        std::abort();  // every failure the fuzzer can cause is the caller's, never a bug
    }
    if (status != KINEMA_OK && std::strstr(kinema_last_error(), "-nan") != nullptr) {
        std::abort();  // a message writes a NaN as a person reads it
    }
}

// Whether every number is finite.
bool finite(std::initializer_list<double> values) {
    return std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
}

// A call that succeeded answers finite numbers only.
void check_finite(kinema_status status, std::initializer_list<double> values) {
    check(status);
    if (status == KINEMA_OK && !finite(values)) {
        std::abort();
    }
}

bool finite(const kinema_vec3& v) {
    return finite({v.x, v.y, v.z});
}

bool finite(const kinema_planar_state& s) {
    return finite({s.position.x, s.position.y, s.velocity.x, s.velocity.y});
}

bool finite(const kinema_pursuer_output& o) {
    return finite(o.goal) && std::isfinite(o.time);
}

double hostile_double(FuzzedDataProvider& in) {
    switch (in.ConsumeIntegralInRange<int>(0, 6)) {
        case 0:
            // A NaN either way round: C#'s double.NaN (0.0 / 0.0 on x86) has the sign bit set.
            return in.ConsumeBool() ? std::numeric_limits<double>::quiet_NaN()
                                    : -std::numeric_limits<double>::quiet_NaN();
        case 1:
            return in.ConsumeBool() ? std::numeric_limits<double>::infinity() : -1e308;
        case 2:
            return in.ConsumeFloatingPoint<double>();
        case 3:
            // Huge but finite: sums and squares of these overflow inside a call.
            return in.PickValueInArray({1e308, -std::numeric_limits<double>::max(),
                                        std::numeric_limits<double>::max(), 1e154, -1e200, 1e150,
                                        -std::numeric_limits<double>::infinity(),
                                        std::numeric_limits<double>::denorm_min()});
        default:
            return in.ConsumeFloatingPointInRange<double>(-3.0, 40.0);
    }
}

kinema_vec3 hostile_vec3(FuzzedDataProvider& in) {
    return {hostile_double(in), hostile_double(in), hostile_double(in)};
}

kinema_space* make_space(FuzzedDataProvider& in) {
    const int width = in.ConsumeIntegralInRange<int>(-2, 40);
    const int height = in.ConsumeIntegralInRange<int>(-2, 40);
    const int connectivity = in.PickValueInArray({4, 8, 8, 0, 6, -8});
    // The ABI cannot check an array's length: give it width x height bytes, as its contract asks. Only some
    // of them come from the input (the rest are floor), so that a short input still reaches the calls below.
    const std::size_t area =
        static_cast<std::size_t>(std::max(width, 1)) * static_cast<std::size_t>(std::max(height, 1));
    std::vector<unsigned char> tiles = in.ConsumeBytes<unsigned char>(
        in.ConsumeIntegralInRange<std::size_t>(0, std::min<std::size_t>(area, 64)));
    tiles.resize(area, 1);
    const bool null_tiles = in.ConsumeIntegralInRange<int>(0, 15) == 0;
    kinema_space* space = nullptr;
    check(kinema_space_from_grid(width, height, null_tiles ? nullptr : tiles.data(), connectivity, &space));
    return space;
}

kinema_flood* make_flood(FuzzedDataProvider& in) {
    kinema_flood_settings settings = kinema_flood_settings_default();
    if (in.ConsumeBool()) {
        settings.hot = in.ConsumeIntegralInRange<int>(-2, 1000002);
        settings.max_heated = in.ConsumeIntegral<int>();
        settings.max_steps = in.ConsumeIntegralInRange<int>(-2, 200);
        settings.max_restarts = in.ConsumeIntegralInRange<int>(-3, 3);
        settings.destination = in.ConsumeIntegralInRange<int>(-1, 2);
    }
    kinema_flood* flood = nullptr;
    check(kinema_flood_create(in.ConsumeIntegralInRange<int>(0, 15) == 0 ? nullptr : &settings, &flood));
    return flood;
}

void read_json(FuzzedDataProvider& in, const kinema_flood* flood) {
    std::size_t length = 0;
    const std::size_t capacity = in.ConsumeIntegralInRange<std::size_t>(0, 70000);
    std::vector<char> buffer(capacity);
    const kinema_status status =
        kinema_flood_json(flood, in.ConsumeBool() ? nullptr : "fuzz", capacity == 0 ? nullptr : buffer.data(),
                          capacity, in.ConsumeIntegralInRange<int>(0, 15) == 0 ? nullptr : &length);
    check(status);
    if (status == KINEMA_OK && capacity > 0 && (length >= capacity || buffer[length] != '\0')) {
        std::abort();
    }
}

template <class T>
const T* maybe_null(FuzzedDataProvider& in, const T* pointer) {
    return in.ConsumeIntegralInRange<int>(0, 15) == 0 ? nullptr : pointer;
}

template <class T>
T* maybe_null(FuzzedDataProvider& in, T* pointer) {
    return in.ConsumeIntegralInRange<int>(0, 15) == 0 ? nullptr : pointer;
}

// A field left at its default or replaced by a hostile number.
void maybe_hostile(FuzzedDataProvider& in, double& field) {
    if (in.ConsumeBool()) {
        field = hostile_double(in);
    }
}

kinema_vec2 hostile_vec2(FuzzedDataProvider& in) {
    return {hostile_double(in), hostile_double(in)};
}

kinema_unreal_settings hostile_unreal(FuzzedDataProvider& in) {
    kinema_unreal_settings s = kinema_unreal_settings_default();
    if (in.ConsumeBool()) {
        for (double* field :
             {&s.ground_friction, &s.max_walk_speed, &s.max_acceleration, &s.braking_deceleration_walking,
              &s.braking_friction_factor, &s.braking_friction, &s.braking_sub_step_time,
              &s.max_simulation_time_step, &s.min_analog_walk_speed}) {
            maybe_hostile(in, *field);
        }
        s.use_separate_braking_friction = in.ConsumeBool();
        s.max_simulation_iterations = in.ConsumeIntegralInRange<int>(-2, 30);
    }
    return s;
}

// One model's step and run: `frames` from the input, the arrays as long as the contract asks (or NULL).
template <class Settings, class Step, class Simulate>
void drive_model(FuzzedDataProvider& in, const Settings& settings, Step step, Simulate simulate) {
    const kinema_planar_state state{hostile_vec2(in), hostile_vec2(in)};
    const kinema_planar_state untouched{{-7.0, -7.0}, {-7.0, -7.0}};
    kinema_planar_state out = untouched;
    const kinema_status stepped = step(maybe_null(in, &settings), maybe_null(in, &state), hostile_vec2(in),
                                       hostile_double(in), maybe_null(in, &out));
    check_finite(stepped, {out.position.x, out.position.y, out.velocity.x, out.velocity.y});
    if (stepped != KINEMA_OK && std::memcmp(&out, &untouched, sizeof out) != 0) {
        std::abort();  // a failed call leaves its out parameter as it was
    }
    const int frames = in.ConsumeIntegralInRange<int>(-2, 40);
    const std::size_t length = static_cast<std::size_t>(std::max(frames, 1));
    std::vector<kinema_vec2> inputs(length);
    std::vector<double> frame_times(length, 1.0 / 60.0);
    for (std::size_t i = 0; i < length && in.ConsumeBool(); ++i) {
        inputs[i] = hostile_vec2(in);
        frame_times[i] = hostile_double(in);
    }
    std::vector<kinema_planar_state> states(length);
    const kinema_status ran =
        simulate(maybe_null(in, &settings), maybe_null(in, &state), maybe_null(in, inputs.data()),
                 maybe_null(in, frame_times.data()), frames, maybe_null(in, states.data()));
    check(ran);
    for (int i = 0; ran == KINEMA_OK && i < frames; ++i) {
        if (!finite(states[static_cast<std::size_t>(i)])) {
            std::abort();
        }
    }
}

void call_movement(FuzzedDataProvider& in) {
    switch (in.ConsumeIntegralInRange<int>(0, 2)) {
        case 0: {
            kinema_dishonored_settings s = kinema_dishonored_settings_default();
            maybe_hostile(in, s.speed_scale);
            maybe_hostile(in, s.friction);
            drive_model(in, s, &kinema_dishonored_step, &kinema_dishonored_simulate);
            break;
        }
        case 1: {
            kinema_crosscode_settings s = kinema_crosscode_settings_default();
            for (double* field : {&s.max_vel, &s.accel_speed, &s.friction, &s.air_friction}) {
                maybe_hostile(in, *field);
            }
            s.grounded = in.ConsumeBool();
            drive_model(in, s, &kinema_crosscode_step, &kinema_crosscode_simulate);
            break;
        }
        default:
            drive_model(in, hostile_unreal(in), &kinema_unreal_step, &kinema_unreal_simulate);
            break;
    }
}

// A prediction's distance and time: finite, or infinite when the character never stops; never NaN.
void check_prediction(kinema_status status, const kinema_stop_prediction& stop) {
    check(status);
    if (status == KINEMA_OK && (std::isnan(stop.distance) || std::isnan(stop.time) ||
                                (stop.stops && !finite({stop.distance, stop.time})))) {
        std::abort();
    }
}

void call_analysis(FuzzedDataProvider& in) {
    const kinema_unreal_settings settings = hostile_unreal(in);
    kinema_stop_prediction stop{};
    switch (in.ConsumeIntegralInRange<int>(0, 4)) {
        case 0:
            check_prediction(kinema_unreal_stop(maybe_null(in, &settings), hostile_double(in),
                                                hostile_double(in), maybe_null(in, &stop)),
                             stop);
            break;
        case 1:
            check_prediction(kinema_unreal_pivot(maybe_null(in, &settings), hostile_double(in),
                                                 hostile_double(in), maybe_null(in, &stop)),
                             stop);
            break;
        case 2: {
            const int count = in.ConsumeIntegralInRange<int>(-2, 20);
            std::vector<double> trace(static_cast<std::size_t>(std::max(count, 1)), 1.0 / 30.0);
            for (double& frame_time : trace) {
                maybe_hostile(in, frame_time);
            }
            check_prediction(
                kinema_unreal_stop_trace(maybe_null(in, &settings), hostile_double(in),
                                         maybe_null(in, trace.data()), count, maybe_null(in, &stop)),
                stop);
            break;
        }
        case 3:
            check_prediction(kinema_unreal_stop_continuous(maybe_null(in, &settings), hostile_double(in),
                                                           maybe_null(in, &stop)),
                             stop);
            break;
        default: {
            kinema_turn_settings turn = kinema_turn_settings_default();
            maybe_hostile(in, turn.speed_scale);
            maybe_hostile(in, turn.friction);
            maybe_hostile(in, turn.acceleration);
            kinema_turn_solution solution{};
            check_finite(kinema_dishonored_turn(maybe_null(in, &turn), hostile_double(in), hostile_double(in),
                                                maybe_null(in, &solution)),
                         {solution.input_direction.x, solution.input_direction.y, solution.normalized_speed,
                          solution.speed});
            double full = 0.0;
            double reachable = 0.0;
            check_finite(kinema_dishonored_turn_limits(maybe_null(in, &turn), hostile_double(in),
                                                       maybe_null(in, &full), maybe_null(in, &reachable)),
                         {full, reachable});
            break;
        }
    }
}

void call_morrowind(FuzzedDataProvider& in) {
    kinema_morrowind_settings settings = kinema_morrowind_settings_default();
    if (in.ConsumeBool()) {
        for (double* field :
             {&settings.gmsts.min_walk_speed, &settings.gmsts.jump_acrobatics_base,
              &settings.gmsts.jump_acro_multiplier, &settings.gmsts.fall_distance_mult,
              &settings.animation.walk, &settings.max_playback_scale, &settings.physics_step}) {
            maybe_hostile(in, *field);
        }
        settings.rules.gravity = in.ConsumeIntegralInRange<int>(-1, 2);
        settings.rules.speed_cap = in.ConsumeIntegralInRange<int>(-1, 2);
    }
    kinema_morrowind_actor actor = kinema_morrowind_actor_default();
    actor.kind = in.ConsumeIntegralInRange<int>(-1, 2);
    for (double* field : {&actor.speed, &actor.athletics, &actor.acrobatics, &actor.normalized_encumbrance,
                          &actor.fatigue_ratio, &actor.levitate, &actor.jump_magnitude}) {
        maybe_hostile(in, *field);
    }
    actor.werewolf = in.ConsumeBool();
    actor.flies = in.ConsumeBool();
    kinema_morrowind_stance stance = kinema_morrowind_stance_default();
    stance.input = hostile_vec2(in);
    stance.run = in.ConsumeBool();
    stance.sneak = in.ConsumeBool();
    stance.swimming = in.ConsumeBool();
    kinema_morrowind_speed_result speed{};
    kinema_morrowind_jump_result jump{};
    kinema_morrowind_fall_result fall{};
    check_finite(kinema_morrowind_speed(maybe_null(in, &settings), maybe_null(in, &actor),
                                        maybe_null(in, &stance), maybe_null(in, &speed)),
                 {speed.walk_speed, speed.run_speed, speed.max_speed, speed.speed_factor, speed.move_speed});
    check_finite(kinema_morrowind_jump(maybe_null(in, &settings), maybe_null(in, &actor),
                                       maybe_null(in, &stance), hostile_vec2(in), maybe_null(in, &jump)),
                 {jump.jump_term, jump.take_off_speed, jump.velocity.x, jump.velocity.y, jump.velocity.z,
                  jump.fatigue_cost, jump.air_control, jump.apex_height, jump.airtime});
    check_finite(kinema_morrowind_fall(maybe_null(in, &settings), maybe_null(in, &actor), hostile_double(in),
                                       maybe_null(in, &fall)),
                 {fall.damage_term, fall.health_loss});
}

float hostile_float(FuzzedDataProvider& in) {
    switch (in.ConsumeIntegralInRange<int>(0, 7)) {
        case 0:
            return std::numeric_limits<float>::quiet_NaN();
        case 1:
            return in.ConsumeBool() ? std::numeric_limits<float>::infinity() : -3e38F;
        case 2:
            return in.ConsumeFloatingPoint<float>();
        default:
            // Mostly a small level, so that a build gets past the checks into Recast, Detour and the cells.
            return static_cast<float>(in.ConsumeIntegralInRange<int>(-2, 8)) * 0.75F;
    }
}

kinema_nav_settings hostile_nav(FuzzedDataProvider& in) {
    kinema_nav_settings s = kinema_nav_settings_default();
    if (in.ConsumeBool()) {
        for (double* field : {&s.agent_height, &s.agent_radius, &s.agent_max_climb, &s.agent_max_slope,
                              &s.cell_size, &s.cell_height, &s.chase_cell_size, &s.snap_extents.x}) {
            maybe_hostile(in, *field);
        }
        for (int* field : {&s.tile_size, &s.verts_per_poly}) {
            if (in.ConsumeBool()) {
                *field = in.ConsumeIntegral<int>();
            }
        }
    }
    if (in.ConsumeIntegralInRange<int>(0, 15) == 0) {
        s.internal_check = in.ConsumeIntegral<int32_t>();  // not made by kinema_nav_settings_default()
    }
    return s;
}

/// A floor of columns x rows squares (vertex (i, j) at (i side, a step height, j side)), as squares or as two
/// triangles each: a level the calls accept, so that the hostile changes of bend_floor reach the builds, the
/// cells and the flood rather than stopping at the first check.
struct Floor {
    std::vector<float> xyz;
    std::vector<int> indices;
    std::vector<int> sizes;  // polygons only: corners of each
    int vertex_count = 0;
};

Floor make_floor(FuzzedDataProvider& in, bool triangles) {
    const int columns = in.ConsumeIntegralInRange<int>(1, 4);
    const int rows = in.ConsumeIntegralInRange<int>(1, 4);
    const float side = in.PickValueInArray({0.75F, 1.5F, 3.0F, 0.1F});
    Floor f;
    f.vertex_count = (columns + 1) * (rows + 1);
    for (int j = 0; j <= rows; ++j) {
        for (int i = 0; i <= columns; ++i) {
            const float height = static_cast<float>(in.ConsumeIntegralInRange<int>(0, 3)) * 0.25F;
            f.xyz.insert(f.xyz.end(), {static_cast<float>(i) * side, height, static_cast<float>(j) * side});
        }
    }
    for (int j = 0; j < rows; ++j) {
        for (int i = 0; i < columns; ++i) {
            const int a = j * (columns + 1) + i;
            const int b = a + 1;
            const int c = a + columns + 2;
            const int d = a + columns + 1;
            if (triangles) {
                f.indices.insert(f.indices.end(), {a, b, c, a, c, d});
            } else {
                f.indices.insert(f.indices.end(), {a, b, c, d});
                f.sizes.push_back(4);
            }
        }
    }
    return f;
}

/// A few hostile changes: a coordinate (NaN, infinite, huge, elsewhere), an index (negative, out of range,
/// another corner), a polygon's size (then the indices grow or shrink to the sizes' sum, as the contract
/// asks).
void bend_floor(FuzzedDataProvider& in, Floor& f) {
    const int changes = in.ConsumeIntegralInRange<int>(0, 3);
    for (int k = 0; k < changes; ++k) {
        switch (in.ConsumeIntegralInRange<int>(0, 2)) {
            case 0:
                f.xyz[in.ConsumeIntegralInRange<std::size_t>(0, f.xyz.size() - 1)] = hostile_float(in);
                break;
            case 1:
                f.indices[in.ConsumeIntegralInRange<std::size_t>(0, f.indices.size() - 1)] =
                    in.ConsumeIntegralInRange<int>(-2, f.vertex_count + 1);
                break;
            default:
                if (!f.sizes.empty()) {
                    f.sizes[in.ConsumeIntegralInRange<std::size_t>(0, f.sizes.size() - 1)] =
                        in.ConsumeIntegralInRange<int>(-1, 8);
                }
                break;
        }
    }
    std::size_t corners = 0;
    for (const int n : f.sizes) {
        corners += static_cast<std::size_t>(std::max(n, 0));
    }
    while (!f.sizes.empty() && f.indices.size() < corners) {
        f.indices.push_back(in.ConsumeIntegralInRange<int>(0, f.vertex_count - 1));
    }
}

// A mesh or polygons from memory: a floor bent by hostile changes, counts cut below what the arrays hold
// (down to -2), NULL arrays and settings, hostile nav settings, then a flood on whatever space was made.
void call_mesh(FuzzedDataProvider& in) {
    const bool triangles = in.ConsumeBool();
    Floor f = make_floor(in, triangles);
    bend_floor(in, f);
    const kinema_nav_settings settings = hostile_nav(in);
    // A count may be lower than the arrays (the call reads less), never higher (the contract).
    const auto count = [&](int full) {
        return in.ConsumeBool() ? full : in.ConsumeIntegralInRange<int>(-2, full);
    };
    const int vertex_count = count(f.vertex_count);
    kinema_space* space = nullptr;
    if (triangles) {
        check(kinema_space_from_mesh(maybe_null(in, f.xyz.data()), vertex_count,
                                     maybe_null(in, f.indices.data()),
                                     count(static_cast<int>(f.indices.size() / 3)), maybe_null(in, &settings),
                                     maybe_null(in, &space)));
    } else {
        // Fewer polygons read fewer sizes and indices.
        check(kinema_space_from_polygons(maybe_null(in, f.xyz.data()), vertex_count,
                                         maybe_null(in, f.indices.data()), maybe_null(in, f.sizes.data()),
                                         count(static_cast<int>(f.sizes.size())), maybe_null(in, &settings),
                                         maybe_null(in, &space)));
    }
    if (space != nullptr) {
        kinema_flood* flood = make_flood(in);
        check(kinema_flood_start(flood, space, hostile_vec3(in), hostile_vec3(in)));
        check(kinema_flood_advance(flood, in.ConsumeIntegralInRange<int>(0, 60), nullptr));
        read_json(in, flood);
        kinema_flood_destroy(flood);
        kinema_space_destroy(space);
    }
}

// The runtime pursuer and a team of them: hostile settings, inputs, stimuli and event buffers, on the fuzzed
// space.
kinema_pursuer_settings hostile_pursuer_settings(FuzzedDataProvider& in) {
    kinema_pursuer_settings settings = kinema_pursuer_settings_default();
    if (in.ConsumeBool()) {
        settings.strategy = in.ConsumeIntegralInRange<int>(-1, 5);
        settings.view_range = hostile_double(in);
        settings.search_time = in.ConsumeBool() ? hostile_double(in) : 0.5;
        settings.player_speed = in.ConsumeBool() ? hostile_double(in) : 6.0;
        settings.flood_steps_per_tick = in.ConsumeIntegralInRange<int>(-2, 5);
        settings.flood.max_restarts = in.ConsumeIntegralInRange<int>(-2, 3);
    }
    return settings;
}

kinema_pursuer* make_pursuer(FuzzedDataProvider& in, const kinema_space* space) {
    const kinema_pursuer_settings settings = hostile_pursuer_settings(in);
    kinema_pursuer* pursuer = nullptr;
    check(kinema_pursuer_create(in.ConsumeIntegralInRange<int>(0, 15) == 0 ? nullptr : space,
                                in.ConsumeIntegralInRange<int>(0, 15) == 0 ? nullptr : &settings, &pursuer));
    return pursuer;
}

kinema_pursuer_input hostile_pursuer_input(FuzzedDataProvider& in) {
    kinema_pursuer_input input{};
    input.dt = in.ConsumeBool() ? hostile_double(in) : 1.0 / 60.0;
    input.npc_position = hostile_vec3(in);
    input.npc_facing = hostile_vec3(in);
    input.sees_player = in.ConsumeBool();
    input.player_position = hostile_vec3(in);
    input.player_velocity = hostile_vec3(in);
    input.arrived = in.ConsumeBool();
    return input;
}

void call_pursuer(FuzzedDataProvider& in, kinema_pursuer* pursuer) {
    kinema_pursuer_output output{};
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
        case 0: {
            const kinema_pursuer_input input = hostile_pursuer_input(in);
            const kinema_status status =
                kinema_pursuer_update(pursuer, maybe_null(in, &input), maybe_null(in, &output));
            check_finite(status, {output.goal.x, output.goal.y, output.goal.z, output.time});
            break;
        }
        case 1: {
            kinema_pursuer_output* out = maybe_null(in, &output);
            const kinema_status status =
                kinema_pursuer_stimulus(pursuer, hostile_vec3(in), hostile_double(in), out);
            check(status);
            if (status == KINEMA_OK && out != nullptr && !finite(output)) {
                std::abort();
            }
            break;
        }
        case 2: {
            kinema_pursuer_event events[4];
            int count = 0;
            const int capacity = in.ConsumeIntegralInRange<int>(-2, 4);
            const kinema_status status =
                kinema_pursuer_events(pursuer, maybe_null(in, events), capacity, maybe_null(in, &count));
            check(status);
            for (int i = 0; status == KINEMA_OK && i < std::min(count, capacity); ++i) {
                if (!finite(events[i].position) || !finite(events[i].direction) ||
                    !std::isfinite(events[i].t)) {
                    std::abort();
                }
            }
            break;
        }
        default:
            check(kinema_pursuer_reset(pursuer));
            break;
    }
}

// A team of a hostile size (-2 to 18) and mode (-1 to 3).
kinema_pursuer_team* make_team(FuzzedDataProvider& in, const kinema_space* space) {
    const kinema_pursuer_settings settings = hostile_pursuer_settings(in);
    kinema_pursuer_team* team = nullptr;
    check(kinema_pursuer_team_create(maybe_null(in, space), maybe_null(in, &settings),
                                     in.ConsumeIntegralInRange<int>(-2, 18),
                                     in.ConsumeIntegralInRange<int>(-1, 3), &team));
    return team;
}

// The arrays hold `count` entries, as the contract asks; the count need not be the team's size.
void call_team(FuzzedDataProvider& in, kinema_pursuer_team* team) {
    const int count = in.ConsumeIntegralInRange<int>(-2, 18);
    const std::size_t length = static_cast<std::size_t>(std::max(count, 1));
    std::vector<kinema_pursuer_output> outputs(std::max<std::size_t>(length, KINEMA_TEAM_MAX_NPCS));
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
        case 0: {
            std::vector<kinema_pursuer_input> inputs(length);
            for (kinema_pursuer_input& input : inputs) {
                input = hostile_pursuer_input(in);
            }
            const kinema_status status = kinema_pursuer_team_update(team, maybe_null(in, inputs.data()),
                                                                    count, maybe_null(in, outputs.data()));
            check(status);
            for (int i = 0; status == KINEMA_OK && i < count; ++i) {
                if (!finite(outputs[static_cast<std::size_t>(i)])) {
                    std::abort();
                }
            }
            break;
        }
        case 1:
            check(kinema_pursuer_team_stimulus(team, hostile_vec3(in), hostile_double(in),
                                               maybe_null(in, outputs.data())));
            break;
        case 2: {
            kinema_pursuer_event events[4];
            int events_count = 0;
            check(kinema_pursuer_team_events(team, in.ConsumeIntegralInRange<int>(-2, 18),
                                             maybe_null(in, events), in.ConsumeIntegralInRange<int>(-2, 4),
                                             maybe_null(in, &events_count)));
            break;
        }
        default:
            check(kinema_pursuer_team_reset(team));
            break;
    }
}

// The flood's calls on the fuzzed space: start, advance, result.
void call_flood(FuzzedDataProvider& in, kinema_flood* flood, const kinema_space* space) {
    switch (in.ConsumeIntegralInRange<int>(0, 2)) {
        case 0:
            check(kinema_flood_start(flood, in.ConsumeIntegralInRange<int>(0, 7) == 0 ? nullptr : space,
                                     hostile_vec3(in), hostile_vec3(in)));
            break;
        case 1: {
            bool finished = false;
            check(kinema_flood_advance(flood, in.ConsumeIntegralInRange<int>(-3, 60),
                                       in.ConsumeBool() ? &finished : nullptr));
            break;
        }
        default: {
            kinema_flood_result result{};
            const kinema_status status =
                kinema_flood_get_result(flood, in.ConsumeIntegralInRange<int>(0, 7) == 0 ? nullptr : &result);
            check(status);
            if (status == KINEMA_OK &&
                !(finite(result.destination) && finite(result.centroid) && finite(result.seed_position))) {
                std::abort();
            }
            break;
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    kinema_space* space = make_space(in);
    kinema_flood* flood = make_flood(in);
    kinema_pursuer* pursuer = make_pursuer(in, space);
    kinema_pursuer_team* team = make_team(in, space);
    while (in.remaining_bytes() > 0) {
        switch (in.ConsumeIntegralInRange<int>(0, 8)) {
            case 0:
                call_flood(in, flood, space);
                break;
            case 1:
                read_json(in, flood);
                break;
            case 2:
                call_movement(in);
                break;
            case 3:
                call_analysis(in);
                break;
            case 4:
                call_morrowind(in);
                break;
            case 5:
                call_mesh(in);
                break;
            case 6:
                call_pursuer(in, pursuer);
                break;
            case 7:
                call_team(in, team);
                break;
            default: {
                std::int64_t cells = 0;
                check(kinema_space_cell_count(space, in.ConsumeBool() ? &cells : nullptr));
                kinema_dead_reckoning_result reckoning{};
                const kinema_status status = kinema_dead_reckoning(
                    in.ConsumeIntegralInRange<int>(0, 7) == 0 ? nullptr : space, hostile_vec3(in),
                    hostile_vec3(in), hostile_double(in), maybe_null(in, &reckoning));
                check(status);
                if (status == KINEMA_OK && !(finite(reckoning.position) && finite(reckoning.end_point) &&
                                             std::isfinite(reckoning.distance))) {
                    std::abort();
                }
                break;
            }
        }
    }
    kinema_pursuer_team_destroy(team);
    kinema_pursuer_destroy(pursuer);
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
    return 0;
}
