// The movement, analysis and Morrowind structs of kinema.h as mirrors of the C++ ones (JoltC's practice, as
// mirrors.hpp): every size, alignment and field offset is asserted below, so that a copy of the bytes
// (mirror_cast) is a field-for-field copy, and a change on either side fails the build. A settings struct is
// its C++ struct followed by internal_check (kinema.h): the C++ struct's bytes are its prefix.
#pragma once

#include <bit>
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "guard.hpp"
#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/kinema.h"
#include "kinema/movement/crosscode.hpp"
#include "kinema/movement/dishonored.hpp"
#include "kinema/movement/morrowind.hpp"
#include "kinema/movement/state.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::c_abi {

/// The C struct C and the C++ struct Cpp have the same size, alignment and plain bytes.
template <class C, class Cpp>
constexpr bool same_shape = sizeof(C) == sizeof(Cpp) && alignof(C) == alignof(Cpp) &&
                            std::is_trivially_copyable_v<C>&& std::is_trivially_copyable_v<
                                Cpp>&& std::is_standard_layout_v<C>&& std::is_standard_layout_v<Cpp>;

/// The C settings struct C is the C++ struct Cpp's fields, then internal_check after them all.
template <class C, class Cpp>
constexpr bool settings_shape = sizeof(C) >= sizeof(Cpp) && alignof(C) == alignof(Cpp) &&
                                std::is_trivially_copyable_v<C>&& std::is_trivially_copyable_v<
                                    Cpp>&& std::is_standard_layout_v<C>&& std::is_standard_layout_v<Cpp>;

// Each field at the same offset with the same type (enums: an int of the same size).
#define KINEMA_C_SAME_FIELD(C, Cpp, field)                                                              \
    static_assert(offsetof(C, field) == offsetof(Cpp, field) && sizeof(C::field) == sizeof(Cpp::field), \
                  #C "." #field " mirrors " #Cpp "." #field)

static_assert(same_shape<kinema_vec2, Vec2>);
KINEMA_C_SAME_FIELD(kinema_vec2, Vec2, x);
KINEMA_C_SAME_FIELD(kinema_vec2, Vec2, y);

using movement::PlanarState;
static_assert(same_shape<kinema_planar_state, PlanarState>);
KINEMA_C_SAME_FIELD(kinema_planar_state, PlanarState, position);
KINEMA_C_SAME_FIELD(kinema_planar_state, PlanarState, velocity);

using movement::DishonoredSettings;
static_assert(settings_shape<kinema_dishonored_settings, DishonoredSettings>);
KINEMA_C_SAME_FIELD(kinema_dishonored_settings, DishonoredSettings, speed_scale);
KINEMA_C_SAME_FIELD(kinema_dishonored_settings, DishonoredSettings, friction);

using movement::CrossCodeSettings;
static_assert(settings_shape<kinema_crosscode_settings, CrossCodeSettings>);
KINEMA_C_SAME_FIELD(kinema_crosscode_settings, CrossCodeSettings, max_vel);
KINEMA_C_SAME_FIELD(kinema_crosscode_settings, CrossCodeSettings, accel_speed);
KINEMA_C_SAME_FIELD(kinema_crosscode_settings, CrossCodeSettings, friction);
KINEMA_C_SAME_FIELD(kinema_crosscode_settings, CrossCodeSettings, air_friction);
KINEMA_C_SAME_FIELD(kinema_crosscode_settings, CrossCodeSettings, grounded);

using movement::UnrealSettings;
static_assert(settings_shape<kinema_unreal_settings, UnrealSettings>);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, ground_friction);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, max_walk_speed);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, max_acceleration);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, braking_deceleration_walking);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, braking_friction_factor);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, braking_friction);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, use_separate_braking_friction);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, braking_sub_step_time);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, max_simulation_time_step);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, max_simulation_iterations);
KINEMA_C_SAME_FIELD(kinema_unreal_settings, UnrealSettings, min_analog_walk_speed);

using analysis::StopPrediction;
static_assert(same_shape<kinema_stop_prediction, StopPrediction>);
KINEMA_C_SAME_FIELD(kinema_stop_prediction, StopPrediction, stops);
KINEMA_C_SAME_FIELD(kinema_stop_prediction, StopPrediction, distance);
KINEMA_C_SAME_FIELD(kinema_stop_prediction, StopPrediction, time);
KINEMA_C_SAME_FIELD(kinema_stop_prediction, StopPrediction, frames);
KINEMA_C_SAME_FIELD(kinema_stop_prediction, StopPrediction, at_limit);

// analysis::TurnSettings derives from DishonoredSettings and adds a field, so it is not standard layout:
// kinema_turn_settings is a plain C struct converted field by field (turn_settings_from_c).
using analysis::TurnSolution;
static_assert(same_shape<kinema_turn_solution, TurnSolution>);
KINEMA_C_SAME_FIELD(kinema_turn_solution, TurnSolution, reachable);
KINEMA_C_SAME_FIELD(kinema_turn_solution, TurnSolution, input_direction);
KINEMA_C_SAME_FIELD(kinema_turn_solution, TurnSolution, normalized_speed);
KINEMA_C_SAME_FIELD(kinema_turn_solution, TurnSolution, speed);

using movement::MorrowindGmsts;
static_assert(same_shape<kinema_morrowind_gmsts, MorrowindGmsts>);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, min_walk_speed);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, max_walk_speed);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, encumbered_move_effect);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, sneak_speed_multiplier);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, min_walk_speed_creature);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, max_walk_speed_creature);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, athletics_run_bonus);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, base_run_multiplier);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, min_fly_speed);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, max_fly_speed);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, swim_run_athletics_mult);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, swim_run_base);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, werewolf_run_mult);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, jump_encumbrance_base);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, jump_encumbrance_multiplier);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, jump_acrobatics_base);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, jump_acro_multiplier);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, jump_run_multiplier);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, jump_move_base);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, jump_move_mult);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, fall_damage_distance_min);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, fall_acro_base);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, fall_acro_mult);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, fall_distance_base);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, fall_distance_mult);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, fatigue_jump_base);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, fatigue_jump_mult);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, fatigue_base);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, fatigue_mult);
KINEMA_C_SAME_FIELD(kinema_morrowind_gmsts, MorrowindGmsts, encumbrance_str_mult);

using movement::MorrowindAnimationSpeeds;
static_assert(same_shape<kinema_morrowind_animation_speeds, MorrowindAnimationSpeeds>);
KINEMA_C_SAME_FIELD(kinema_morrowind_animation_speeds, MorrowindAnimationSpeeds, walk);
KINEMA_C_SAME_FIELD(kinema_morrowind_animation_speeds, MorrowindAnimationSpeeds, run);
KINEMA_C_SAME_FIELD(kinema_morrowind_animation_speeds, MorrowindAnimationSpeeds, sneak);
KINEMA_C_SAME_FIELD(kinema_morrowind_animation_speeds, MorrowindAnimationSpeeds, swim_walk);
KINEMA_C_SAME_FIELD(kinema_morrowind_animation_speeds, MorrowindAnimationSpeeds, swim_run);

using movement::MorrowindRules;
static_assert(same_shape<kinema_morrowind_rules, MorrowindRules>);
KINEMA_C_SAME_FIELD(kinema_morrowind_rules, MorrowindRules, gravity);
KINEMA_C_SAME_FIELD(kinema_morrowind_rules, MorrowindRules, air_control);
KINEMA_C_SAME_FIELD(kinema_morrowind_rules, MorrowindRules, speed_cap);
KINEMA_C_SAME_FIELD(kinema_morrowind_rules, MorrowindRules, fall_threshold);
KINEMA_C_SAME_FIELD(kinema_morrowind_rules, MorrowindRules, truncate_base_speed);
// The C ints are the enums' values, in declaration order: 0 the wiki's rule, 1 OpenMW's.
static_assert(static_cast<int>(movement::MorrowindGravity::openmw) == 1 &&
              static_cast<int>(movement::MorrowindAirControl::openmw) == 1 &&
              static_cast<int>(movement::MorrowindSpeedCap::openmw) == 1 &&
              static_cast<int>(movement::MorrowindFallThreshold::openmw) == 1);

using movement::MorrowindSettings;
static_assert(settings_shape<kinema_morrowind_settings, MorrowindSettings>);
KINEMA_C_SAME_FIELD(kinema_morrowind_settings, MorrowindSettings, gmsts);
KINEMA_C_SAME_FIELD(kinema_morrowind_settings, MorrowindSettings, animation);
KINEMA_C_SAME_FIELD(kinema_morrowind_settings, MorrowindSettings, rules);
KINEMA_C_SAME_FIELD(kinema_morrowind_settings, MorrowindSettings, max_playback_scale);
KINEMA_C_SAME_FIELD(kinema_morrowind_settings, MorrowindSettings, physics_step);

using movement::MorrowindActor;
static_assert(same_shape<kinema_morrowind_actor, MorrowindActor>);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, kind);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, speed);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, athletics);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, acrobatics);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, normalized_encumbrance);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, fatigue_ratio);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, levitate);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, swift_swim);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, jump_magnitude);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, werewolf);
KINEMA_C_SAME_FIELD(kinema_morrowind_actor, MorrowindActor, flies);
static_assert(KINEMA_MORROWIND_NPC == static_cast<int>(movement::MorrowindActorKind::npc) &&
              KINEMA_MORROWIND_CREATURE == static_cast<int>(movement::MorrowindActorKind::creature));

using movement::MorrowindStance;
static_assert(same_shape<kinema_morrowind_stance, MorrowindStance>);
KINEMA_C_SAME_FIELD(kinema_morrowind_stance, MorrowindStance, input);
KINEMA_C_SAME_FIELD(kinema_morrowind_stance, MorrowindStance, run);
KINEMA_C_SAME_FIELD(kinema_morrowind_stance, MorrowindStance, sneak);
KINEMA_C_SAME_FIELD(kinema_morrowind_stance, MorrowindStance, swimming);
KINEMA_C_SAME_FIELD(kinema_morrowind_stance, MorrowindStance, weapon_ready);
KINEMA_C_SAME_FIELD(kinema_morrowind_stance, MorrowindStance, incapacitated);

using movement::MorrowindSpeed;
static_assert(same_shape<kinema_morrowind_speed_result, MorrowindSpeed>);
KINEMA_C_SAME_FIELD(kinema_morrowind_speed_result, MorrowindSpeed, mode);
KINEMA_C_SAME_FIELD(kinema_morrowind_speed_result, MorrowindSpeed, walk_speed);
KINEMA_C_SAME_FIELD(kinema_morrowind_speed_result, MorrowindSpeed, run_speed);
KINEMA_C_SAME_FIELD(kinema_morrowind_speed_result, MorrowindSpeed, max_speed);
KINEMA_C_SAME_FIELD(kinema_morrowind_speed_result, MorrowindSpeed, speed_factor);
KINEMA_C_SAME_FIELD(kinema_morrowind_speed_result, MorrowindSpeed, strafing);
KINEMA_C_SAME_FIELD(kinema_morrowind_speed_result, MorrowindSpeed, werewolf_bonus);
KINEMA_C_SAME_FIELD(kinema_morrowind_speed_result, MorrowindSpeed, move_speed);
static_assert(KINEMA_MORROWIND_MOVE_NONE == static_cast<int>(movement::MorrowindMoveMode::none) &&
              KINEMA_MORROWIND_MOVE_WALK == static_cast<int>(movement::MorrowindMoveMode::walk) &&
              KINEMA_MORROWIND_MOVE_SNEAK == static_cast<int>(movement::MorrowindMoveMode::sneak) &&
              KINEMA_MORROWIND_MOVE_RUN == static_cast<int>(movement::MorrowindMoveMode::run) &&
              KINEMA_MORROWIND_MOVE_SWIM_WALK == static_cast<int>(movement::MorrowindMoveMode::swim_walk) &&
              KINEMA_MORROWIND_MOVE_SWIM_RUN == static_cast<int>(movement::MorrowindMoveMode::swim_run) &&
              KINEMA_MORROWIND_MOVE_FLY == static_cast<int>(movement::MorrowindMoveMode::fly));

using movement::MorrowindJump;
static_assert(same_shape<kinema_morrowind_jump_result, MorrowindJump>);
KINEMA_C_SAME_FIELD(kinema_morrowind_jump_result, MorrowindJump, can_jump);
KINEMA_C_SAME_FIELD(kinema_morrowind_jump_result, MorrowindJump, jump_term);
KINEMA_C_SAME_FIELD(kinema_morrowind_jump_result, MorrowindJump, take_off_speed);
KINEMA_C_SAME_FIELD(kinema_morrowind_jump_result, MorrowindJump, velocity);
KINEMA_C_SAME_FIELD(kinema_morrowind_jump_result, MorrowindJump, fatigue_cost);
KINEMA_C_SAME_FIELD(kinema_morrowind_jump_result, MorrowindJump, air_control);
KINEMA_C_SAME_FIELD(kinema_morrowind_jump_result, MorrowindJump, apex_height);
KINEMA_C_SAME_FIELD(kinema_morrowind_jump_result, MorrowindJump, airtime);

using movement::MorrowindFall;
static_assert(same_shape<kinema_morrowind_fall_result, MorrowindFall>);
KINEMA_C_SAME_FIELD(kinema_morrowind_fall_result, MorrowindFall, soft_landing);
KINEMA_C_SAME_FIELD(kinema_morrowind_fall_result, MorrowindFall, damage_term);
KINEMA_C_SAME_FIELD(kinema_morrowind_fall_result, MorrowindFall, health_loss);
KINEMA_C_SAME_FIELD(kinema_morrowind_fall_result, MorrowindFall, knockdown);

#undef KINEMA_C_SAME_FIELD

/// Which C++ type a C struct mirrors (for mirror_cast).
template <class C>
struct mirror_of;
template <>
struct mirror_of<kinema_vec2> {
    using type = Vec2;
};
template <>
struct mirror_of<kinema_planar_state> {
    using type = PlanarState;
};
template <>
struct mirror_of<kinema_dishonored_settings> {
    using type = DishonoredSettings;
    static constexpr const char* name = "kinema_dishonored_settings";
};
template <>
struct mirror_of<kinema_crosscode_settings> {
    using type = CrossCodeSettings;
    static constexpr const char* name = "kinema_crosscode_settings";
};
template <>
struct mirror_of<kinema_unreal_settings> {
    using type = UnrealSettings;
    static constexpr const char* name = "kinema_unreal_settings";
};
template <>
struct mirror_of<kinema_stop_prediction> {
    using type = StopPrediction;
};
template <>
struct mirror_of<kinema_turn_solution> {
    using type = TurnSolution;
};
template <>
struct mirror_of<kinema_morrowind_settings> {
    using type = MorrowindSettings;
    static constexpr const char* name = "kinema_morrowind_settings";
};
template <>
struct mirror_of<kinema_morrowind_actor> {
    using type = MorrowindActor;
};
template <>
struct mirror_of<kinema_morrowind_stance> {
    using type = MorrowindStance;
};
template <>
struct mirror_of<kinema_morrowind_speed_result> {
    using type = MorrowindSpeed;
};
template <>
struct mirror_of<kinema_morrowind_jump_result> {
    using type = MorrowindJump;
};
template <>
struct mirror_of<kinema_morrowind_fall_result> {
    using type = MorrowindFall;
};

/// A settings struct: it ends with internal_check.
template <class C>
concept checked_settings = requires(const C& c) {
    c.internal_check;
};

/// The C++ value of a C mirror. Enum fields (Morrowind's rules and actor kind) come across as the caller's
/// ints: the library's validation (the settings registry, MorrowindActor::validate) rejects values that
/// are not a choice's. A settings struct not made by its _default() function is refused
/// (UnmadeSettingsError).
template <class C>
typename mirror_of<C>::type from_mirror(const C& c) {
    using Cpp = typename mirror_of<C>::type;
    if constexpr (checked_settings<C>) {
        static_assert(settings_shape<C, Cpp>);
        require_made_by_default(c.internal_check, mirror_of<C>::name);
        Cpp out;
        std::memcpy(static_cast<void*>(&out), &c, sizeof(Cpp));
        return out;
    } else {
        static_assert(same_shape<C, Cpp>);
        return std::bit_cast<Cpp>(c);
    }
}

/// The C mirror of a C++ value (a settings struct's internal_check set: what its _default() function gives).
template <class C>
C to_mirror(const typename mirror_of<C>::type& cpp) {
    using Cpp = typename mirror_of<C>::type;
    if constexpr (checked_settings<C>) {
        static_assert(settings_shape<C, Cpp>);
        C out{};
        std::memcpy(static_cast<void*>(&out), &cpp, sizeof(Cpp));
        out.internal_check = KINEMA_INTERNAL_CHECK;
        return out;
    } else {
        static_assert(same_shape<C, Cpp>);
        return std::bit_cast<C>(cpp);
    }
}

inline kinema_turn_settings turn_settings_to_c(const analysis::TurnSettings& s) {
    return {s.speed_scale, s.friction, s.acceleration, KINEMA_INTERNAL_CHECK};
}

inline analysis::TurnSettings turn_settings_from_c(const kinema_turn_settings& s) {
    require_made_by_default(s.internal_check, "kinema_turn_settings");
    analysis::TurnSettings out;
    out.speed_scale = s.speed_scale;
    out.friction = s.friction;
    out.acceleration = s.acceleration;
    return out;
}

}  // namespace kinema::c_abi
