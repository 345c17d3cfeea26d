// The analysis through the C ABI: the exact Unreal stop and pivot (kinema/analysis/stop.hpp), the functions
// `kinema stop` prints, and Dishonored's turn solver (kinema/analysis/turn.hpp), the one `kinema turn` uses.
#include <array>
#include <cmath>
#include <span>
#include <string>

#include "finite.hpp"
#include "guard.hpp"
#include "movement_mirrors.hpp"

namespace kinema::c_abi {
namespace {

// A prediction's distance and time are finite, or infinite when the character never stops (kinema.h); never
// NaN. The speed is the argument without a bound of its own in some of the calls (the continuous limit).
kinema_stop_prediction sound_prediction(const char* function, const StopPrediction& prediction) {
    const auto out = to_mirror<kinema_stop_prediction>(prediction);
    for (const ResultField& field : {ResultField{"distance", out.distance}, ResultField{"time", out.time}}) {
        if (std::isnan(field.second) || (out.stops && std::isinf(field.second))) {
            require_finite_result(function, "speed", "the prediction", std::span(&field, 1));
        }
    }
    return out;
}

std::array<ResultField, 4> fields_of(const kinema_turn_solution& s) {
    return {ResultField{"input_direction.x", s.input_direction.x},
            ResultField{"input_direction.y", s.input_direction.y},
            ResultField{"normalized_speed", s.normalized_speed}, ResultField{"speed", s.speed}};
}

using StopFunction = StopPrediction (*)(const UnrealSettings&, double, double);

kinema_status predict(const char* function, StopFunction predictor, const kinema_unreal_settings* settings,
                      double speed, double frame_time, kinema_stop_prediction* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require(settings, function, "settings");
        require(out, function, "out");
        // SettingsError names the bad settings fields, the speed or the frame time.
        *out = sound_prediction(function, predictor(from_mirror(*settings), speed, frame_time));
    });
}

}  // namespace
}  // namespace kinema::c_abi

using namespace kinema::c_abi;
namespace an = kinema::analysis;

extern "C" kinema_status kinema_unreal_stop(const kinema_unreal_settings* settings, double speed,
                                            double frame_time, kinema_stop_prediction* out) {
    return predict(
        "kinema_unreal_stop",
        [](const UnrealSettings& s, double v0, double dt) { return an::unreal_stop(s, v0, dt); }, settings,
        speed, frame_time, out);
}

extern "C" kinema_status kinema_unreal_pivot(const kinema_unreal_settings* settings, double speed,
                                             double frame_time, kinema_stop_prediction* out) {
    return predict("kinema_unreal_pivot", &an::unreal_pivot, settings, speed, frame_time, out);
}

extern "C" kinema_status kinema_unreal_stop_trace(const kinema_unreal_settings* settings, double speed,
                                                  const double* frame_times, int count,
                                                  kinema_stop_prediction* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require(settings, "kinema_unreal_stop_trace", "settings");
        require(frame_times, "kinema_unreal_stop_trace", "frame_times");
        require(out, "kinema_unreal_stop_trace", "out");
        if (count < 1) {
            throw std::invalid_argument("kinema_unreal_stop_trace: count must be >= 1, got " +
                                        std::to_string(count));
        }
        const std::span<const double> trace(frame_times, static_cast<std::size_t>(count));
        *out = sound_prediction("kinema_unreal_stop_trace",
                                an::unreal_stop_trace(from_mirror(*settings), speed, trace));
    });
}

extern "C" kinema_status kinema_unreal_stop_continuous(const kinema_unreal_settings* settings, double speed,
                                                       kinema_stop_prediction* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require(settings, "kinema_unreal_stop_continuous", "settings");
        require(out, "kinema_unreal_stop_continuous", "out");
        require_finite("kinema_unreal_stop_continuous", "speed", speed);
        *out = sound_prediction("kinema_unreal_stop_continuous",
                                an::unreal_stop_continuous(from_mirror(*settings), speed));
    });
}

extern "C" kinema_turn_settings kinema_turn_settings_default(void) {
    return turn_settings_to_c(an::TurnSettings{});
}

extern "C" kinema_status kinema_dishonored_turn(const kinema_turn_settings* settings, double angle, double dt,
                                                kinema_turn_solution* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require(settings, "kinema_dishonored_turn", "settings");
        require(out, "kinema_dishonored_turn", "out");
        const auto solution = to_mirror<kinema_turn_solution>(
            an::solve_turn_by_angle(angle, dt, turn_settings_from_c(*settings)));
        // The angle and dt are checked by the solver; settings within their ranges can still overflow.
        require_finite_result("kinema_dishonored_turn", "settings", "the solution", fields_of(solution));
        *out = solution;
    });
}

extern "C" kinema_status kinema_dishonored_turn_limits(const kinema_turn_settings* settings, double dt,
                                                       double* max_full_speed_turn,
                                                       double* max_reachable_turn) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require(settings, "kinema_dishonored_turn_limits", "settings");
        const an::TurnSettings s = turn_settings_from_c(*settings);
        const double full = an::max_full_speed_turn(dt, s);
        const double reachable = an::max_reachable_turn(dt, s);
        const std::array<ResultField, 2> limits{ResultField{"max_full_speed_turn", full},
                                                ResultField{"max_reachable_turn", reachable}};
        require_finite_result("kinema_dishonored_turn_limits", "settings", "the limits", limits);
        if (max_full_speed_turn != nullptr) {
            *max_full_speed_turn = full;
        }
        if (max_reachable_turn != nullptr) {
            *max_reachable_turn = reachable;
        }
    });
}
