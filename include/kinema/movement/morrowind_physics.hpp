// Morrowind jumps and falls stepped at OpenMW's physics rate: take-off, flight under gravity with midair
// control, and landing (apex height, airtime, horizontal distance, fall damage, knockdown), beside the
// closed-form continuous limit. Sources: the OpenMW research notes ("Acrobatics": take-off, "Midair", "On
// landing") and
// ../shared/reference/morrowind.md sections 2.3-2.5 (OpenMW: fixed physics step, 1/60 s by default and
// OPENMW_PHYSICS_FPS to change it; inertia.z -= g dt per step; fall height summed over downward steps).
// Units: u (64 u = 1 yard), u/s, u/s^2, s, Hz.
#pragma once

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/movement/morrowind.hpp"

namespace kinema::movement {

struct MorrowindPhysicsSettings;
/// The registry of MorrowindPhysicsSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(
    std::type_identity<MorrowindPhysicsSettings>) noexcept;

/// How the physics is stepped. Each rendered frame adds its frame time to an accumulator; whole physics steps
/// are taken from it, at most max_steps_per_frame of them, after which the rest of the accumulated time is
/// taken as one longer step and the accumulator emptied (the engine catching up after a slow frame instead of
/// spiralling; docs/morrowind.md "Physics rate" records this choice).
struct MorrowindPhysicsSettings {
    double physics_rate = 60.0;    ///< Hz, [1, 10000]. Fixed physics steps per second (OpenMW: 60).
    double frame_rate = 0.0;       ///< Hz, 0 or [0.1, 10000]. Rendered frames per second; 0: one physics
                                   ///< step per rendered frame (the pure fixed-step limit).
    int max_steps_per_frame = 10;  ///< [1, 1000]. Whole physics steps per rendered frame before the rest is
                                   ///< taken as one step.
    double max_time = 600.0;       ///< s, (0, 3600]. Flight time after which the simulation gives up.

    /// Every bad field by name (the registry's ranges, and frame_rate 0 or >= 0.1); empty when usable.
    [[nodiscard]] FieldErrors validate() const;
};

/// What leaves the ground: the take-off inertia, the held input, and where the ground is at landing.
struct MorrowindLaunch {
    Vec3 velocity;             ///< u/s, finite. Take-off inertia (MorrowindJump::velocity; z up).
    Vec2 air_input;            ///< u/s, finite. Ground velocity the held input asks for while airborne.
    double air_control = 1.0;  ///< dimensionless, [0, inf). Midair factor on air_input
                               ///< (MorrowindModel::air_control).
    double drop = 0.0;         ///< u, [-1e9, 1e9]. How far below the take-off height the landing ground lies
                               ///< (negative: above it, landed on the way down).

    /// Every bad field by name; empty when usable.
    [[nodiscard]] FieldErrors validate() const;
};

/// A flight from take-off to landing.
struct MorrowindFlight {
    bool lands = false;        ///< false: the ground is above the apex, or max_time ran out.
    long long frames = 0;      ///< rendered frames until landing, the landing frame included (stepped only).
    long long steps = 0;       ///< physics steps until landing (stepped only).
    double airtime = 0.0;      ///< s, take-off to landing: the sum of the steps taken.
    double apex_height = 0.0;  ///< u, [0, inf): highest height above take-off (at a step end when stepped).
    double distance = 0.0;     ///< u, horizontal distance from take-off to landing.
    double fall_height = 0.0;  ///< u: apex to landing height (apex_height + drop), what fall damage reads.
    double landing_speed = 0.0;  ///< u/s, vertical speed when landing (>= 0 downward).
    MorrowindFall fall;          ///< MorrowindModel::fall(actor, fall_height) when it lands.
};

/// The launch of a jump: velocity = model.jump(actor, stance, direction).velocity; air_input = the unit
/// ground direction x the stance's real ground speed (MorrowindModel::speed and animation) when `keep_input`,
/// else zero; air_control = model.air_control(actor.acrobatics). Throws like MorrowindModel::jump; a jump
/// that cannot happen gives a zero take-off velocity (a walk off a ledge when drop > 0).
[[nodiscard]] MorrowindLaunch morrowind_launch(const MorrowindModel& model, const MorrowindActor& actor,
                                               const MorrowindStance& stance, Vec2 direction, double drop,
                                               bool keep_input = true);

/// Steps the flight: per physics step of h s the position moves with the velocity at the step's start, then
/// inertia.z -= g h (as MorrowindModel::simulate_jump; g = model.gravity(), so both gravity values are
/// MorrowindRules options); horizontal velocity = inertia + air_input x air_control. It lands at the end of
/// the first step that reaches the ground height while descending; that step's vertical move stops at the
/// ground, its horizontal move is kept (the actor slides on). Bounded: at most max_time x max(rates) steps.
/// Throws SettingsError for bad settings, actor or launch.
[[nodiscard]] MorrowindFlight simulate_flight(const MorrowindModel& model, const MorrowindActor& actor,
                                              const MorrowindLaunch& launch,
                                              const MorrowindPhysicsSettings& physics = {});

/// The dt -> 0 limit: z(t) = v_z t - g t^2 / 2, apex v_z^2 / (2 g) (0 when v_z <= 0), landing at the later
/// root of z(t) = -drop, distance |v_xy + air_control air_input| t. frames and steps are 0.
[[nodiscard]] MorrowindFlight continuous_flight(const MorrowindModel& model, const MorrowindActor& actor,
                                                const MorrowindLaunch& launch);

}  // namespace kinema::movement
