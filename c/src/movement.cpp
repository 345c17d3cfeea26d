// The movement models through the C ABI: one frame (each model's checked step) and a whole run through the
// driver's simulate_frames, the loop `kinema simulate` runs, so the numbers are the command's.
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "finite.hpp"
#include "guard.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/movement/model.hpp"
#include "movement_mirrors.hpp"

namespace kinema::c_abi {
namespace {

template <class CSettings>
kinema_status step_model(const char* function, const CSettings* settings, const kinema_planar_state* state,
                         kinema_vec2 input, double dt, kinema_planar_state* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require(settings, function, "settings");
        require(state, function, "state");
        require(out, function, "out");
        require_usable_state(function, "state", *state);
        require_finite(function, "input.x", input.x);
        require_finite(function, "input.y", input.y);
        require_finite(function, "dt", dt);
        // SettingsError names the bad settings fields, dt or input.
        const auto model = from_mirror(*settings);
        const auto next = to_mirror<kinema_planar_state>(
            movement::step(model, from_mirror(*state), from_mirror(input), dt));
        if (!finite(next)) {
            // Each argument passed its checks and together they overflow: the same frame from rest tells
            // whether the state's numbers or the settings' are too large.
            const auto from_rest =
                to_mirror<kinema_planar_state>(movement::step(model, PlanarState{}, from_mirror(input), dt));
            require_finite_result(function, finite(from_rest) ? "state" : "settings", "the next state",
                                  state_fields(next));
        }
        *out = next;
    });
}

void check_frames(const char* function, int frames) {
    if (frames < 0 || static_cast<std::size_t>(frames) > movement::max_simulation_frames) {
        throw std::invalid_argument(std::string(function) + ": frames must be in [0, " +
                                    std::to_string(movement::max_simulation_frames) + "], got " +
                                    std::to_string(frames));
    }
}

std::array<ResultField, 4> record_fields(const movement::FrameRecord& record) {
    return state_fields({{record.position.x, record.position.y}, {record.velocity.x, record.velocity.y}});
}

// A run whose states overflow (a start or settings each within their checks, too large together) is refused
// naming the first such frame, before any state is written.
void require_finite_run(const char* function, const movement::AnyModel& model, std::span<const Vec2> inputs,
                        std::span<const double> frame_times,
                        const std::vector<movement::FrameRecord>& records) {
    for (std::size_t i = 1; i < records.size(); ++i) {
        const auto fields = record_fields(records[i]);
        if (all_finite(fields)) {
            continue;
        }
        // The same frames from rest tell whether the start's numbers or the settings' are too large.
        std::vector<movement::FrameRecord> from_rest;
        movement::simulate_frames(model, PlanarState{}, inputs.first(i), frame_times.first(i), from_rest);
        bool settings_overflow = false;
        for (const movement::FrameRecord& record : from_rest) {
            settings_overflow = settings_overflow || !all_finite(record_fields(record));
        }
        require_finite_result(function, settings_overflow ? "settings" : "start",
                              "frame " + std::to_string(i - 1) + "'s state", fields);
    }
}

template <class CSettings>
kinema_status simulate_model(const char* function, const CSettings* settings,
                             const kinema_planar_state* start, const kinema_vec2* inputs,
                             const double* frame_times, int frames, kinema_planar_state* states_out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require(settings, function, "settings");
        require(start, function, "start");
        require_usable_state(function, "start", *start);
        check_frames(function, frames);
        if (frames > 0) {
            require(inputs, function, "inputs");
            require(frame_times, function, "frame_times");
            require(states_out, function, "states_out");
        }
        const auto count = static_cast<std::size_t>(frames);
        std::vector<Vec2> wish(count);
        for (std::size_t i = 0; i < count; ++i) {
            wish[i] = from_mirror(inputs[i]);
        }
        std::vector<movement::FrameRecord> records;
        const movement::AnyModel model{from_mirror(*settings)};
        // std::invalid_argument names the first bad frame; SettingsError the settings and the start.
        const std::span<const double> times(frame_times, count);
        movement::simulate_frames(model, from_mirror(*start), wish, times, records);
        require_finite_run(function, model, wish, times, records);
        for (std::size_t i = 0; i < count; ++i) {
            states_out[i] = {{records[i + 1].position.x, records[i + 1].position.y},
                             {records[i + 1].velocity.x, records[i + 1].velocity.y}};
        }
    });
}

}  // namespace
}  // namespace kinema::c_abi

using namespace kinema::c_abi;

extern "C" kinema_dishonored_settings kinema_dishonored_settings_default(void) {
    return to_mirror<kinema_dishonored_settings>(DishonoredSettings{});
}

extern "C" kinema_status kinema_dishonored_step(const kinema_dishonored_settings* settings,
                                                const kinema_planar_state* state, kinema_vec2 input,
                                                double dt, kinema_planar_state* out) {
    return step_model("kinema_dishonored_step", settings, state, input, dt, out);
}

extern "C" kinema_status kinema_dishonored_simulate(const kinema_dishonored_settings* settings,
                                                    const kinema_planar_state* start,
                                                    const kinema_vec2* inputs, const double* frame_times,
                                                    int frames, kinema_planar_state* states_out) {
    return simulate_model("kinema_dishonored_simulate", settings, start, inputs, frame_times, frames,
                          states_out);
}

extern "C" kinema_crosscode_settings kinema_crosscode_settings_default(void) {
    return to_mirror<kinema_crosscode_settings>(CrossCodeSettings{});
}

extern "C" kinema_status kinema_crosscode_step(const kinema_crosscode_settings* settings,
                                               const kinema_planar_state* state, kinema_vec2 input, double dt,
                                               kinema_planar_state* out) {
    return step_model("kinema_crosscode_step", settings, state, input, dt, out);
}

extern "C" kinema_status kinema_crosscode_simulate(const kinema_crosscode_settings* settings,
                                                   const kinema_planar_state* start,
                                                   const kinema_vec2* inputs, const double* frame_times,
                                                   int frames, kinema_planar_state* states_out) {
    return simulate_model("kinema_crosscode_simulate", settings, start, inputs, frame_times, frames,
                          states_out);
}

extern "C" kinema_unreal_settings kinema_unreal_settings_default(void) {
    return to_mirror<kinema_unreal_settings>(UnrealSettings{});
}

extern "C" kinema_status kinema_unreal_step(const kinema_unreal_settings* settings,
                                            const kinema_planar_state* state, kinema_vec2 input, double dt,
                                            kinema_planar_state* out) {
    return step_model("kinema_unreal_step", settings, state, input, dt, out);
}

extern "C" kinema_status kinema_unreal_simulate(const kinema_unreal_settings* settings,
                                                const kinema_planar_state* start, const kinema_vec2* inputs,
                                                const double* frame_times, int frames,
                                                kinema_planar_state* states_out) {
    return simulate_model("kinema_unreal_simulate", settings, start, inputs, frame_times, frames, states_out);
}
