// Dishonored turn solver: the input direction that redirects a full-speed velocity into a wanted direction in
// one frame, and the largest turns per frame. Source: the DhTas notes (closed forms for d and m') and
// ../shared/reference/dishonored-crosscode-and-tas.md section 2 (reachable-set geometry, reference tables).
// Units are Dishonored's: u (world units), u/s, seconds, radians unless a name says degrees.
#pragma once

#include <cstdint>

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/movement/dishonored.hpp"

namespace kinema::analysis {

struct TurnSettings;
/// The registry of TurnSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<TurnSettings>) noexcept;

/// The model constants the solver needs (the DhTas notes, Algorithm 1 with |a| = 2000): Dishonored's settings
/// (speed_scale s, friction f; their registry is shared, not repeated) plus the input acceleration.
struct TurnSettings : movement::DishonoredSettings {
    /// |a|, u/s^2, (0, 1e8]. Input acceleration, at most MaxAccel = 2000 s.
    double acceleration = movement::dishonored_input_acceleration;

    /// Every bad field by name (DishonoredSettings's and acceleration); empty when usable.
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

/// One frame's solution of m' u = w - dt f (w - d) + a dt d (the DhTas notes) for unit d and m'.
struct TurnSolution {
    bool reachable = false;       ///< false when the radicand is negative or m' <= 0: no input reaches u.
    Vec2 input_direction;         ///< d, unit vector. Zero when not reachable.
    double normalized_speed = 0;  ///< m' = |v_new before clamp| / MaxSpeed, dimensionless.
    double speed = 0;             ///< u/s: min(m' * 400 s, MaxSpeed), the speed after the step's clamp.
};

/// General form: velocity MaxSpeed * w (w unit), wanted direction u (unit), frame time dt (s, > 0).
/// w and u need not be exactly unit: they are normalised first (zero vectors give reachable = false).
[[nodiscard]] TurnSolution solve_turn(Vec2 w, Vec2 u, double dt, const TurnSettings& settings = {});

/// The w = (1, 0) form of the DhTas notes: u is given by its angle from the current velocity (radians).
[[nodiscard]] TurnSolution solve_turn_by_angle(double angle, double dt, const TurnSettings& settings = {});

/// Largest turn per frame (radians, [0, pi]) after which the speed is still MaxSpeed (m' >= 1).
[[nodiscard]] double max_full_speed_turn(double dt, const TurnSettings& settings = {});

/// Largest turn per frame (radians, [0, pi]) reachable at all (radicand >= 0 and m' > 0). pi when the
/// reachable circle contains the origin (every direction reachable).
[[nodiscard]] double max_reachable_turn(double dt, const TurnSettings& settings = {});

/// Continuous-time limit of the full-speed turn rate (rad/s): speed pinned at V = 400 s, best input angle phi
/// with cos phi = f V / (f V + A), omega = (f V + A) sin phi / V (reference section 2).
[[nodiscard]] double continuous_full_speed_turn_rate(const TurnSettings& settings = {});

/// Frame rate (1/s) at and below which every direction is reachable in one frame: dt >= 1/(a + 2f).
[[nodiscard]] double all_directions_reachable_fps(const TurnSettings& settings = {});
/// Frame rate (1/s) at and below which every direction keeps full speed: dt (a + 2f) >= 2.
[[nodiscard]] double all_directions_full_speed_fps(const TurnSettings& settings = {});

// ---- Quantised inputs, as the Dishonored TAS tool sends them ----------------------------------------------
// DhTas (reference section 1, datafiles/scripts/utilities.py compute_turn) takes the wanted turn as a whole
// number of yaw units (Unreal rotator units, 65536 per turn), solves the w = (1, 0) closed form and rounds
// the input yaw with Python's round(): to the nearest whole unit, halves to even. Frame times are set in 100
// ns ticks (set_frame_time, FREQUENCY = 10 000 000).

struct YawQuantization;
/// The registry of YawQuantization's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<YawQuantization>) noexcept;

/// How finely yaw is quantised.
struct YawQuantization {
    std::int64_t units_per_turn = 65536;  ///< whole yaw units per full turn, [1, 2^32]. 65536: Unreal rotator
                                          ///< units, as DhTas (pi/32768 rad per unit).

    /// Every bad field by name; empty when usable.
    [[nodiscard]] FieldErrors validate() const;
    /// rad per unit: 2 pi / units_per_turn.
    [[nodiscard]] double radians_per_unit() const noexcept;
};

/// Frame time of `ticks` 100 ns ticks (s): ticks / 10 000 000 (DhTas set_frame_time units).
[[nodiscard]] double dt_from_ticks(std::int64_t ticks) noexcept;

/// Python's round(): the nearest integer, halves to even (round(0.5) = 0, round(1.5) = 2, round(-2.5) = -2).
[[nodiscard]] double round_half_even(double x) noexcept;

/// One frame's turn with whole-unit angles.
struct QuantizedTurn {
    std::int64_t wanted_units = 0;  ///< the wanted turn, whole units (relative to the current velocity).
    double wanted_angle = 0.0;      ///< rad, wanted_units as an angle.
    bool reachable = false;  ///< the continuous solver reaches the wanted direction (else the rest is 0).
    double exact_input_angle =
        0.0;                       ///< rad, the continuous solver's input yaw (angle of d from the velocity).
    std::int64_t input_units = 0;  ///< exact_input_angle rounded to whole units, halves to even (DhTas).
    double input_angle = 0.0;      ///< rad, input_units as an angle: the input actually sent.
    double taken_angle = 0.0;      ///< rad, direction of the velocity after the step with the sent input.
    double angle_error = 0.0;      ///< rad, taken_angle - wanted_angle (wrapped to (-pi, pi]).
    double normalized_speed = 0.0;  ///< m' after the step before the clamp (the DhTas notes), dimensionless.
    double speed = 0.0;             ///< u/s after the step's clamp: min(m', 1) x MaxSpeed.
    bool full_speed = false;        ///< m' >= 1: the turn keeps full speed.
};

/// The wanted turn in whole units (|wanted_units| <= units_per_turn / 2), the input yaw rounded as DhTas
/// rounds it, and the step that input really makes from full speed along (1, 0) (the DhTas notes Algorithm 1
/// with |a| = settings.acceleration). dt in s, > 0. Throws SettingsError for bad settings, dt or units.
[[nodiscard]] QuantizedTurn solve_turn_units(std::int64_t wanted_units, double dt,
                                             const TurnSettings& settings = {},
                                             const YawQuantization& yaw = {});
/// Same with the wanted turn as an angle (rad, finite, [-pi, pi]), first rounded to whole units (halves to
/// even).
[[nodiscard]] QuantizedTurn solve_turn_quantized(double wanted_angle, double dt,
                                                 const TurnSettings& settings = {},
                                                 const YawQuantization& yaw = {});
/// The largest whole-unit wanted turn not exceeding max_full_speed_turn(dt), solved as above (its sent input
/// may still lose a little speed: full_speed says).
[[nodiscard]] QuantizedTurn best_full_speed_turn_units(double dt, const TurnSettings& settings = {},
                                                       const YawQuantization& yaw = {});

}  // namespace kinema::analysis
