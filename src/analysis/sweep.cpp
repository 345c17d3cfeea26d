#include "kinema/analysis/sweep.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <variant>

#include "kinema/analysis/turn.hpp"
#include "kinema/core/format.hpp"

namespace kinema::analysis {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDegPerRad = 180.0 / std::numbers::pi;

void check_frame_time(double frame_time) {
    FieldErrors errors;
    require_greater(errors, "frame_time", frame_time, 0.0);
    throw_if_invalid("frame rate", errors);
}

// CrossCode's coasting multiplies the velocity by 1 - 12 f dt with no speed cap: past 12 f dt = 2
// (movement::longest_stable_dt) it grows every frame until it overflows, and a stop predicted by stepping
// read NaN distances (issue 40: friction 1e5 at 60 fps). Dishonored's clamp keeps its overshoot finite.
bool stepped_stop_diverges(const movement::AnyModel& model, double frame_time) {
    return std::holds_alternative<movement::CrossCodeSettings>(model) &&
           frame_time > movement::longest_stable_dt(model);
}

// The nominal top speed the model's clamp allows with full input.
double nominal_top_speed(const movement::AnyModel& model) {
    return std::visit(
        [](const auto& s) -> double {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, movement::DishonoredSettings>) {
                return s.max_speed();
            } else if constexpr (std::is_same_v<S, movement::CrossCodeSettings>) {
                return s.max_vel;
            } else {
                return std::max(s.max_walk_speed, s.min_analog_walk_speed);
            }
        },
        model);
}

// Continuous full-speed turn rate (rad/s) when friction f turns the velocity toward the input and the input
// acceleration is A, with the speed pinned at V by a clamp (reference section 2; the same structure holds for
// the CMC turning rule, unreal-cmc.md section 3 step 7, without the min(., 1)).
double pinned_turn_rate(double f, double v, double a) {
    if (!(v > 0.0) || !(f * v + a > 0.0)) {
        return kNaN;
    }
    const double total = f * v + a;
    const double c = f * v / total;
    return total * std::sqrt(std::max(0.0, 1.0 - c * c)) / v;
}

}  // namespace

namespace {

using G = GenericStopSettings;
constexpr std::array kStopFields{
    field<G, &G::max_frames>("max_frames", "frames", closed_range(1.0, 1e6),
                             "give up (stops = false) after this many"),
    field<G, &G::rest_speed>("rest_speed", "L/s", closed_range(0.0, 1e6),
                             "stopped at or below this speed (model length unit L); 0 waits for exactly 0"),
};
constexpr SettingsDescription kStopDescription{"GenericStopSettings", kStopFields, {}};

using W = SweepSettings;
constexpr std::array kSweepFields{
    field<W, &W::horizon>("horizon", "s", interval(0.0, false, 100.0, true),
                          "longest acceleration run looking for top speed"),
    field<W, &W::rest_speed>("rest_speed", "L/s", closed_range(0.0, 1e6),
                             "stop threshold for models without a snap (Dishonored, CrossCode)"),
};
constexpr SettingsDescription kSweepDescription{"SweepSettings", kSweepFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<GenericStopSettings>) noexcept {
    return kStopDescription;
}

const SettingsDescription& describe_settings(std::type_identity<SweepSettings>) noexcept {
    return kSweepDescription;
}

StopPrediction predict_stop_by_stepping(const movement::AnyModel& model, Vec2 velocity, double frame_time,
                                        const GenericStopSettings& limits) {
    movement::throw_if_invalid(model);
    throw_if_invalid("GenericStopSettings", limits.validate());
    check_frame_time(frame_time);
    FieldErrors errors;
    require_finite(errors, "velocity.x", velocity.x);
    require_finite(errors, "velocity.y", velocity.y);
    if (stepped_stop_diverges(model, frame_time)) {
        const double longest = movement::longest_stable_dt(model);
        errors.push_back(
            {"frame_time", "the " + std::string(movement::model_name(model)) +
                               " model's explicit friction overshoots and diverges at this frame "
                               "time: at most " +
                               format_significant(longest, 4) + " s (at least " +
                               format_significant(1.0 / longest, 4) + " fps) at its friction, got " +
                               format_number(frame_time) + " s"});
    }
    throw_if_invalid("stop prediction", errors);
    StopPrediction out;
    const double v0 = length(velocity);
    const Vec2 direction = v0 > 0.0 ? velocity / v0 : Vec2{1.0, 0.0};
    movement::PlanarState state{{0.0, 0.0}, velocity};
    std::int64_t frames = 0;
    while (length(state.velocity) > limits.rest_speed) {
        if (frames == limits.max_frames) {
            out.at_limit = true;
            out.distance = dot(state.position, direction);
            out.frames = frames;
            out.time = kInf;
            return out;
        }
        state = movement::step_unchecked(model, state, {0.0, 0.0}, frame_time);
        ++frames;
    }
    out.stops = true;
    out.distance = dot(state.position, direction);
    out.frames = frames;
    out.time = static_cast<double>(frames) * frame_time;
    return out;
}

double max_full_speed_turn_by_stepping(const movement::AnyModel& model, double speed, double frame_time) {
    movement::throw_if_invalid(model);
    check_frame_time(frame_time);
    const movement::PlanarState start{{0.0, 0.0}, {speed, 0.0}};
    const double keep = speed * (1.0 - 1e-9);
    // Turn (radians) for input direction phi, or -1 when the step loses speed.
    auto turn_for = [&](double phi) {
        const movement::PlanarState next =
            movement::step_unchecked(model, start, {std::cos(phi), std::sin(phi)}, frame_time);
        if (length(next.velocity) < keep) {
            return -1.0;
        }
        return std::atan2(next.velocity.y, next.velocity.x);
    };
    constexpr int kGrid = 2048;
    double best = -1.0;
    int best_i = -1;
    for (int i = 0; i <= kGrid; ++i) {
        const double t = turn_for(std::numbers::pi * i / kGrid);
        if (t > best) {
            best = t;
            best_i = i;
        }
    }
    if (best_i < 0) {
        return kNaN;
    }
    // The largest full-speed turn sits on the edge of the full-speed region: bisect between the best feasible
    // grid input and its infeasible neighbour.
    if (best_i < kGrid && turn_for(std::numbers::pi * (best_i + 1) / kGrid) < 0.0) {
        double lo = std::numbers::pi * best_i / kGrid;
        double hi = std::numbers::pi * (best_i + 1) / kGrid;
        for (int k = 0; k < 80; ++k) {
            const double mid = 0.5 * (lo + hi);
            (turn_for(mid) >= 0.0 ? lo : hi) = mid;
        }
        best = std::max(best, turn_for(lo));
    }
    return best * kDegPerRad;
}

SweepRow continuous_limits(const movement::AnyModel& model, const SweepSettings& settings) {
    movement::throw_if_invalid(model);
    throw_if_invalid("SweepSettings", settings.validate());
    SweepRow row;
    row.fps = kInf;
    const double v = nominal_top_speed(model);
    row.top_speed = v;
    const double vr = std::min(settings.rest_speed, v);
    std::visit(
        [&](const auto& s) {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, movement::DishonoredSettings>) {
                // Along the input friction vanishes (v parallel to d): dv/dt = |a| = min(2000, MaxAccel).
                const double a = std::min(movement::dishonored_input_acceleration, s.max_acceleration());
                row.time_to_90 = 0.9 * v / a;
                // No input: dv/dt = -f v, from V down to the rest speed: (V - vr)/f.
                row.stop_distance = s.friction > 0.0 ? (v - vr) / s.friction : kInf;
                row.turn_rate = pinned_turn_rate(s.friction, v, a) * kDegPerRad;
            } else if constexpr (std::is_same_v<S, movement::CrossCodeSettings>) {
                // Acceleration maxVel * 10 * friction * accelSpeed; the friction along it is trimmed (seed
                // 001).
                const double f = s.active_friction();
                const double a = s.max_vel * movement::crosscode_accel_factor * f * s.accel_speed;
                row.time_to_90 = a > 0.0 ? 0.9 * v / a : kInf;
                const double k = movement::crosscode_friction_factor * f;
                row.stop_distance = k > 0.0 ? (v - vr) / k : kInf;
                row.turn_rate = kNaN;  // the trim and clamp order leave no closed form (reference section 6)
            } else {
                row.time_to_90 = s.max_acceleration > 0.0 ? 0.9 * v / s.max_acceleration : kInf;
                const Braking b = unreal_braking(s);
                row.stop_distance = continuous_stop(b.friction, b.deceleration, v, 0.0).distance;
                row.turn_rate =
                    pinned_turn_rate(std::max(0.0, s.ground_friction), v, s.max_acceleration) * kDegPerRad;
            }
        },
        model);
    return row;
}

SweepResult sweep(const movement::AnyModel& model, std::span<const double> fps,
                  const SweepSettings& settings) {
    movement::throw_if_invalid(model);
    throw_if_invalid("SweepSettings", settings.validate());
    FieldErrors errors;
    if (fps.size() > sweep_max_rates) {
        errors.push_back({"fps", "at most " + std::to_string(sweep_max_rates) + " frame rates, got " +
                                     std::to_string(fps.size())});
    }
    for (const double f : fps) {
        require_in_range(errors, "fps", f, sweep_min_fps, sweep_max_fps);
        if (!errors.empty()) {
            break;
        }
    }
    throw_if_invalid("sweep", errors);
    SweepResult result;
    result.model = movement::model_name(model);
    result.length_unit = movement::length_unit(model);
    result.continuous = continuous_limits(model, settings);
    const auto* unreal = std::get_if<movement::UnrealSettings>(&model);
    for (const double f : fps) {
        const double dt = 1.0 / f;
        SweepRow row;
        row.fps = f;
        // Full input along +x from rest until the speed stops rising (or the horizon).
        movement::PlanarState state;
        const auto max_frames = static_cast<std::int64_t>(std::ceil(settings.horizon / dt));
        std::vector<double> speeds{0.0};
        for (std::int64_t n = 0; n < max_frames; ++n) {
            state = movement::step_unchecked(model, state, {1.0, 0.0}, dt);
            const double s = length(state.velocity);
            if (s <= speeds.back()) {
                break;
            }
            speeds.push_back(s);
        }
        row.top_speed = speeds.back();
        const auto reach = std::find_if(speeds.begin(), speeds.end(),
                                        [&](double s) { return s >= 0.9 * row.top_speed && s > 0.0; });
        row.time_to_90 = static_cast<double>(reach - speeds.begin()) * dt;
        if (unreal != nullptr) {
            row.stop_distance = unreal_stop(*unreal, row.top_speed, dt).distance;
        } else if (stepped_stop_diverges(model, dt)) {
            row.stop_distance = kInf;  // never stops: the speed grows every frame (as stepping found before)
        } else {
            GenericStopSettings limits;
            limits.rest_speed = settings.rest_speed;
            limits.max_frames = static_cast<std::int64_t>(std::ceil(sweep_max_stop_seconds / dt));
            const StopPrediction p = predict_stop_by_stepping(model, {row.top_speed, 0.0}, dt, limits);
            row.stop_distance = p.stops ? p.distance : kInf;
        }
        row.turn_rate = max_full_speed_turn_by_stepping(model, row.top_speed, dt) * f;
        result.rows.push_back(row);
    }
    return result;
}

std::vector<double> fps_range(double from, double to, double step) {
    FieldErrors errors;
    require_greater(errors, "fps_from", from, 0.0);
    require_greater(errors, "fps_to", to, 0.0);
    require_greater(errors, "fps_step", step, 0.0);
    if (errors.empty() && to < from) {
        errors.push_back({"fps_to", "must be >= fps_from"});
    }
    if (errors.empty() && (to - from) / step >= static_cast<double>(sweep_max_rates)) {
        errors.push_back({"fps_step", "more than " + std::to_string(sweep_max_rates) + " frame rates"});
    }
    throw_if_invalid("frame-rate range", errors);
    std::vector<double> out;
    const auto count = static_cast<std::int64_t>(std::floor((to - from) / step + 1e-9));
    for (std::int64_t i = 0; i <= count; ++i) {
        out.push_back(from + static_cast<double>(i) * step);
    }
    return out;
}

}  // namespace kinema::analysis
