// Dishonored turn solver: the input direction that redirects a full-speed velocity into a wanted direction in
// one frame, and the largest turns per frame. Source: seed 000 (closed forms for d and m') and
// ../shared/reference/dishonored-crosscode-and-tas.md section 2 (reachable-set geometry, reference tables).
// Units are Dishonored's: u (world units), u/s, seconds, radians unless a name says degrees.
#pragma once

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/movement/dishonored.hpp"

namespace kinema::analysis {

struct TurnSettings;
/// The registry of TurnSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<TurnSettings>) noexcept;

/// The model constants the solver needs (seed 000, Algorithm 1 with |a| = 2000): Dishonored's settings
/// (speed_scale s, friction f; their registry is shared, not repeated) plus the input acceleration.
struct TurnSettings : movement::DishonoredSettings {
    /// |a|, u/s^2, (0, inf). Input acceleration, at most MaxAccel = 2000 s.
    double acceleration = movement::dishonored_input_acceleration;

    /// Every bad field by name (DishonoredSettings's and acceleration); empty when usable.
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

/// One frame's solution of m' u = w - dt f (w - d) + a dt d (seed 000) for unit d and m'.
struct TurnSolution {
    bool reachable = false;       ///< false when the radicand is negative or m' <= 0: no input reaches u.
    Vec2 input_direction;         ///< d, unit vector. Zero when not reachable.
    double normalized_speed = 0;  ///< m' = |v_new before clamp| / MaxSpeed, dimensionless.
    double speed = 0;             ///< u/s: min(m' * 400 s, MaxSpeed), the speed after the step's clamp.
};

/// General form: velocity MaxSpeed * w (w unit), wanted direction u (unit), frame time dt (s, > 0).
/// w and u need not be exactly unit: they are normalised first (zero vectors give reachable = false).
[[nodiscard]] TurnSolution solve_turn(Vec2 w, Vec2 u, double dt, const TurnSettings& settings = {});

/// The w = (1, 0) form of seed 000: u is given by its angle from the current velocity (radians).
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

}  // namespace kinema::analysis
