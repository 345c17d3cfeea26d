// Model-generic analysis by stepping: the stop predictor for any movement model, and frame-rate sweeps of top
// speed, time to 90 % of it, stop distance and full-speed turn rate beside their continuous-time limits
// (reference dishonored-crosscode-and-tas.md section 6, "Metrics to quantify frame-rate dependence").
// Lengths are in the model's own unit (movement::length_unit), times in seconds, angles in degrees.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kinema/analysis/stop.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/movement/model.hpp"

namespace kinema::analysis {

struct GenericStopSettings;
/// The registry of GenericStopSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<GenericStopSettings>) noexcept;

/// Limits of the generic stop predictor.
struct GenericStopSettings {
    std::int64_t max_frames = 1'000'000;  ///< frames, [1, 1e6]. Give up (stops = false, at_limit) after this
                                          ///< many; 1e7 steps take a few tens of milliseconds.
    double rest_speed = 0.0;  ///< model length unit/s, [0, 1e6]. Stopped once the speed is at or below it; 0
                              ///< waits for exactly zero (the CMC and any model with a snap reach it).

    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

/// Steps `model` with zero input from `velocity` at a constant frame time (s, > 0) until it stops. distance
/// is the displacement along the starting direction (a model that overshoots, like Dishonored below 8 fps,
/// can come back); frames counts the steps; time = frames x frame_time. stops = false and at_limit when the
/// frame cap is hit, with distance and frames so far and time = inf.
[[nodiscard]] StopPrediction predict_stop_by_stepping(const movement::AnyModel& model, Vec2 velocity,
                                                      double frame_time,
                                                      const GenericStopSettings& limits = {});

/// The largest turn (degrees) one frame can make from full speed `speed` along +x while keeping that speed
/// (to a relative 1e-9), searched over input directions by stepping the model once per candidate. NaN when
/// no input keeps full speed.
[[nodiscard]] double max_full_speed_turn_by_stepping(const movement::AnyModel& model, double speed,
                                                     double frame_time);

/// The four sweep metrics at one frame rate (or their continuous limits).
struct SweepRow {
    double fps = 0.0;            ///< 1/s; inf for the continuous limit.
    double top_speed = 0.0;      ///< length/s: the highest speed reached from rest with full input along +x.
    double time_to_90 = 0.0;     ///< s: first frame time at which the speed is >= 90 % of top_speed.
    double stop_distance = 0.0;  ///< length: from top_speed with zero input (the exact CMC prediction for
                                 ///< Unreal; the generic predictor otherwise).
    double turn_rate = 0.0;      ///< deg/s: largest turn per frame keeping top_speed, times fps. NaN when the
                                 ///< model has no continuous limit for it.
};

struct SweepSettings;
/// The registry of SweepSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<SweepSettings>) noexcept;

/// Sweep settings.
struct SweepSettings {
    double horizon = 10.0;     ///< s, (0, 100]. Longest acceleration run when looking for the top speed.
    double rest_speed = 0.01;  ///< length/s, [0, 1e6]. Stop threshold for models without a snap (Dishonored,
                               ///< CrossCode), whose speed decays exponentially; Unreal uses its own snap.

    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

/// One model's sweep.
struct SweepResult {
    std::string_view model;        ///< movement::model_name
    std::string_view length_unit;  ///< movement::length_unit
    std::vector<SweepRow> rows;    ///< one per requested frame rate, in order
    SweepRow continuous;           ///< the dt -> 0 limits (fps = inf), NaN where none is known
};

/// Frame rates a sweep accepts (docs/errors.md, "Limits"): each in [sweep_min_fps, sweep_max_fps] (1/s),
/// at most sweep_max_rates of them. Each rate steps at most horizon x fps frames to the top speed and
/// sweep_max_stop_seconds x fps frames to the stop, so the worst sweep is bounded (1000 rates up to 1000 fps
/// of a model that never stops: 5e6 stop frames, well under a second); all are checked before any work.
inline constexpr double sweep_min_fps = 0.1;
inline constexpr double sweep_max_fps = 1000.0;
inline constexpr std::size_t sweep_max_rates = 1000;
/// The stepping stop predictor's cap inside a sweep, in game time: stop_distance is inf when the model has
/// not stopped within this many seconds (ceil(10 x fps) frames), the same horizon at every frame rate.
inline constexpr double sweep_max_stop_seconds = 10.0;

/// Runs every metric at every frame rate (see the limits above). Throws SettingsError naming "fps" for a rate
/// out of range or too many rates.
[[nodiscard]] SweepResult sweep(const movement::AnyModel& model, std::span<const double> fps,
                                const SweepSettings& settings = {});

/// The continuous-time limits of the sweep metrics for a model (see docs/analysis.md for each derivation).
[[nodiscard]] SweepRow continuous_limits(const movement::AnyModel& model, const SweepSettings& settings = {});

/// from, from + step, ... up to `to` inclusive (all > 0; step > 0; at most sweep_max_rates values). Throws
/// SettingsError otherwise.
[[nodiscard]] std::vector<double> fps_range(double from, double to, double step = 1.0);

}  // namespace kinema::analysis
