#include "kinema/analysis/turn.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "kinema/core/format.hpp"
#include "kinema/movement/state.hpp"

namespace kinema::analysis {

namespace {

// The DhTas notes normalise by MaxSpeed = 400 s: the velocity is w (unit) and the input acceleration a dt d
// with a = |a| / (400 s) (= 5/s for |a| = 2000). k = dt f - 1 and r = dt (a + f) are the two coefficients of
// the closed forms: the reachable set before the clamp is the circle of centre -k w and radius r (reference
// section 2).
struct Coefficients {
    double k;
    double r;
};

Coefficients coefficients(double dt, const TurnSettings& s) {
    const double a = s.acceleration / (400.0 * s.speed_scale);
    return {dt * s.friction - 1.0, dt * (a + s.friction)};
}

// m' is a difference of terms of size |k| and r: a result within rounding of zero (the circle passing through
// the origin, e.g. straight back at exactly 21 fps for walking) leaves the velocity zero and the direction
// undefined, so it counts as not reachable.
double degenerate_speed(double k, double r) {
    return 64.0 * std::numeric_limits<double>::epsilon() * (std::abs(k) + r);
}

// The frame time of every turn query: (0, movement::max_step_dt], the range of a Dishonored step's dt.
void check(double dt, const TurnSettings& settings) {
    throw_if_invalid("TurnSettings", settings.validate());
    if (!(dt > 0.0 && dt <= movement::max_step_dt)) {
        FieldErrors errors;
        require_greater(errors, "dt", dt, 0.0);
        if (errors.empty()) {
            errors.push_back({"dt", "must be in (0, " + format_number(movement::max_step_dt) + "], got " +
                                        format_number(dt)});
        }
        throw_if_invalid("turn solver", errors);
    }
}

}  // namespace

namespace {

constexpr std::array kParts{part<TurnSettings, movement::DishonoredSettings>("")};
// acceleration up to 1e8 u/s^2, as Unreal's accelerations (issue 40): the turn rates a / (400 s) stay finite
// down to speed_scale 1e-6 (DishonoredSettings: at most 2.5e11 rad/s).
constexpr std::array kFields{field<TurnSettings, &TurnSettings::acceleration>(
    "acceleration", "u/s^2", interval(0.0, false, 1e8, true),
    "|a| in the DhTas notes: input acceleration, at most MaxAccel")};
constexpr SettingsDescription kDescription{"TurnSettings", kFields, kParts};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<TurnSettings>) noexcept {
    return kDescription;
}

TurnSolution solve_turn(Vec2 w, Vec2 u, double dt, const TurnSettings& settings) {
    check(dt, settings);
    w = normalized_or_zero(w);
    u = normalized_or_zero(u);
    TurnSolution out;
    if (w == Vec2{} || u == Vec2{}) {
        return out;
    }
    const auto [k, r] = coefficients(dt, settings);
    // m' = sqrt(r^2 - (k u.w')^2) - k u.w with w' = (-w2, w1) (the DhTas notes). The larger root is the one
    // the seed takes; it is also the faster of the two inputs that reach u.
    const double along = dot(u, w);
    const double across = dot(u, perpendicular(w));
    const double radicand = r * r - (k * across) * (k * across);
    if (radicand < 0.0) {
        return out;
    }
    const double m = std::sqrt(radicand) - k * along;
    if (!(m > degenerate_speed(k, r))) {
        return out;
    }
    out.reachable = true;
    out.normalized_speed = m;
    // d = (m' u + (dt f - 1) w) / (dt (a + f)) (the DhTas notes); unit by construction of m'.
    out.input_direction = (u * m + w * k) / r;
    const double max_speed = 400.0 * settings.speed_scale;
    out.speed = std::min(m * max_speed, max_speed);
    return out;
}

TurnSolution solve_turn_by_angle(double angle, double dt, const TurnSettings& settings) {
    check(dt, settings);
    if (!std::isfinite(angle)) {
        // A NaN angle is a caller's bug, not a direction the circle misses ("unreachable" would hide it).
        FieldErrors errors;
        require_finite(errors, "angle", angle);
        throw_if_invalid("turn solver", errors);
    }
    TurnSolution out;
    const auto [k, r] = coefficients(dt, settings);
    const Vec2 u{std::cos(angle), std::sin(angle)};
    // The w = (1, 0) form of the DhTas notes: m' = sqrt(r^2 - (k u2)^2) - k u1, d = (m' u + (k, 0)) / r.
    const double radicand = r * r - (k * u.y) * (k * u.y);
    if (radicand < 0.0) {
        return out;
    }
    const double m = std::sqrt(radicand) - k * u.x;
    if (!(m > degenerate_speed(k, r))) {
        return out;
    }
    out.reachable = true;
    out.normalized_speed = m;
    out.input_direction = (u * m + Vec2{k, 0.0}) / r;
    const double max_speed = 400.0 * settings.speed_scale;
    out.speed = std::min(m * max_speed, max_speed);
    return out;
}

double max_full_speed_turn(double dt, const TurnSettings& settings) {
    check(dt, settings);
    const auto [k, r] = coefficients(dt, settings);
    // For k >= 0 (dt >= 1/f) m' grows with the turn angle and is 1 + a dt >= 1 straight ahead, so every
    // direction keeps full speed. For k < 0 m' falls monotonically from 1 + a dt (ahead) to r + k (behind);
    // the boundary m' = 1 is where the reachable circle |x + k w| = r meets the unit circle: 1 + 2 k
    // cos(theta) + k^2 = r^2.
    if (k >= 0.0) {
        return std::numbers::pi;
    }
    const double c = (r * r - 1.0 - k * k) / (2.0 * k);
    return std::acos(std::clamp(c, -1.0, 1.0));
}

double max_reachable_turn(double dt, const TurnSettings& settings) {
    check(dt, settings);
    const auto [k, r] = coefficients(dt, settings);
    // The circle contains the origin (r >= |k|): every direction is reachable. Otherwise the extreme
    // direction is tangent to the circle: sin(theta_max) = r / |k| = dt (a + f) / (1 - f dt) (reference
    // section 2); k < 0 there because r > k always.
    if (r >= std::abs(k)) {
        return std::numbers::pi;
    }
    return std::asin(r / -k);
}

double continuous_full_speed_turn_rate(const TurnSettings& settings) {
    throw_if_invalid("TurnSettings", settings.validate());
    const double v = 400.0 * settings.speed_scale;
    const double fv = settings.friction * v;
    const double total = fv + settings.acceleration;
    const double cos_phi = fv / total;
    const double sin_phi = std::sqrt(std::max(0.0, 1.0 - cos_phi * cos_phi));
    return total * sin_phi / v;
}

double all_directions_reachable_fps(const TurnSettings& settings) {
    throw_if_invalid("TurnSettings", settings.validate());
    const double a = settings.acceleration / (400.0 * settings.speed_scale);
    return a + 2.0 * settings.friction;
}

double all_directions_full_speed_fps(const TurnSettings& settings) {
    throw_if_invalid("TurnSettings", settings.validate());
    const double a = settings.acceleration / (400.0 * settings.speed_scale);
    return (a + 2.0 * settings.friction) / 2.0;
}

namespace {

constexpr std::array kYawFields{field<YawQuantization, &YawQuantization::units_per_turn>(
    "units_per_turn", "count", closed_range(1.0, 4294967296.0),
    "whole yaw units per full turn; 65536: Unreal rotator units, as DhTas sends them")};
constexpr SettingsDescription kYawDescription{"YawQuantization", kYawFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<YawQuantization>) noexcept {
    return kYawDescription;
}

FieldErrors YawQuantization::validate() const {
    return validate_settings(*this);
}

double YawQuantization::radians_per_unit() const noexcept {
    return 2.0 * std::numbers::pi / static_cast<double>(units_per_turn);
}

double dt_from_ticks(std::int64_t ticks) noexcept {
    return static_cast<double>(ticks) / 1e7;
}

double round_half_even(double x) noexcept {
    const double r = std::round(x);  // halves away from zero
    if (std::abs(x - std::trunc(x)) == 0.5) {
        return 2.0 *
               std::round(x / 2.0);  // exact: x/2 is a quarter-integer, rounds to the even neighbour / 2
    }
    return r;
}

QuantizedTurn solve_turn_units(std::int64_t wanted_units, double dt, const TurnSettings& settings,
                               const YawQuantization& yaw) {
    check(dt, settings);
    throw_if_invalid("YawQuantization", yaw.validate());
    FieldErrors errors;
    const double half = static_cast<double>(yaw.units_per_turn) / 2.0;
    require_in_range(errors, "wanted_units", static_cast<double>(wanted_units), -half, half);
    throw_if_invalid("quantised turn", errors);
    const double unit = yaw.radians_per_unit();
    QuantizedTurn out;
    out.wanted_units = wanted_units;
    out.wanted_angle = static_cast<double>(wanted_units) * unit;
    const TurnSolution exact = solve_turn_by_angle(out.wanted_angle, dt, settings);
    if (!exact.reachable) {
        return out;
    }
    out.reachable = true;
    out.exact_input_angle = std::atan2(exact.input_direction.y, exact.input_direction.x);
    // DhTas: round(RAD_TO_TURN * atan2(d2, d1)), Python's round (halves to even).
    const double units = round_half_even(out.exact_input_angle / unit);
    out.input_units = static_cast<std::int64_t>(units);
    out.input_angle = units * unit;
    // The step from w = (1, 0) with the sent input d (the DhTas notes normalised): m'u = w - dt f (w - d) + a
    // dt d.
    const auto [k, r] = coefficients(dt, settings);
    const Vec2 d{std::cos(out.input_angle), std::sin(out.input_angle)};
    const Vec2 v = Vec2{-k, 0.0} + d * r;
    out.taken_angle = std::atan2(v.y, v.x);
    out.angle_error = std::remainder(out.taken_angle - out.wanted_angle, 2.0 * std::numbers::pi);
    out.normalized_speed = length(v);
    out.full_speed = out.normalized_speed >= 1.0;
    out.speed = std::min(out.normalized_speed, 1.0) * 400.0 * settings.speed_scale;
    return out;
}

QuantizedTurn solve_turn_quantized(double wanted_angle, double dt, const TurnSettings& settings,
                                   const YawQuantization& yaw) {
    throw_if_invalid("YawQuantization", yaw.validate());
    FieldErrors errors;
    require_in_range(errors, "wanted_angle", wanted_angle, -std::numbers::pi, std::numbers::pi);
    throw_if_invalid("quantised turn", errors);
    const double units = round_half_even(wanted_angle / yaw.radians_per_unit());
    return solve_turn_units(static_cast<std::int64_t>(units), dt, settings, yaw);
}

QuantizedTurn best_full_speed_turn_units(double dt, const TurnSettings& settings,
                                         const YawQuantization& yaw) {
    throw_if_invalid("YawQuantization", yaw.validate());
    const double limit = max_full_speed_turn(dt, settings);
    auto units = static_cast<std::int64_t>(std::floor(limit / yaw.radians_per_unit()));
    // floor can land one unit high when limit / unit rounds up to a whole number.
    while (units > 0 && static_cast<double>(units) * yaw.radians_per_unit() > limit) {
        --units;
    }
    return solve_turn_units(std::min(units, yaw.units_per_turn / 2), dt, settings, yaw);
}

}  // namespace kinema::analysis
