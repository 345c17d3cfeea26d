#include "kinema/movement/morrowind.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace kinema::movement {
namespace {

// The GMSTs by their own names (what users write in --gmst files and --set), with units and docs from
// morrowind.hpp. Speeds and the multipliers of speeds are in [0, 1e6], the other terms in [-1e6, 1e6], and
// the exponent fJumpAcroMultiplier in [0, 100] (issue 40: unbounded, 1e308 gave infinite speeds, jump terms
// and fall damage). Every formula multiplies at most a few of these with the actor's points (at most
// morrowind_max_points), so every result stays below about 1e40 and finite; the exponent is bounded on its
// own: (50/15)^100 = 1.6e52 (a bound near 590 would overflow by itself).
using G = MorrowindGmsts;
constexpr FieldRange kSpeed = closed_range(0.0, 1e6);
constexpr FieldRange kTerm = closed_range(-1e6, 1e6);
constexpr FieldRange kPoints = closed_range(0.0, morrowind_max_points);
constexpr std::array kGmstFields{
    field<G, &G::min_walk_speed>("fMinWalkSpeed", "u/s", kSpeed, "NPC walk speed at Speed 0"),
    field<G, &G::max_walk_speed>("fMaxWalkSpeed", "u/s", kSpeed, "NPC walk speed at Speed 100"),
    field<G, &G::encumbered_move_effect>("fEncumberedMoveEffect", "1", kSpeed,
                                         "NPC walk/fly slow-down at normalized encumbrance 1"),
    field<G, &G::sneak_speed_multiplier>("fSneakSpeedMultiplier", "1", kSpeed,
                                         "sneak speed = walk speed x this"),
    field<G, &G::min_walk_speed_creature>("fMinWalkSpeedCreature", "u/s", kSpeed,
                                          "creature walk (= run) speed at Speed 0"),
    field<G, &G::max_walk_speed_creature>("fMaxWalkSpeedCreature", "u/s", kSpeed,
                                          "creature walk (= run) speed at Speed 100"),
    field<G, &G::athletics_run_bonus>("fAthleticsRunBonus", "1", kSpeed,
                                      "run/walk ratio added per 100 Athletics"),
    field<G, &G::base_run_multiplier>("fBaseRunMultiplier", "1", kSpeed, "run/walk ratio at Athletics 0"),
    field<G, &G::min_fly_speed>("fMinFlySpeed", "u/s", kSpeed, "fly speed at Speed + Levitate = 0"),
    field<G, &G::max_fly_speed>("fMaxFlySpeed", "u/s", kSpeed, "fly speed at Speed + Levitate = 100"),
    field<G, &G::swim_run_athletics_mult>("fSwimRunAthleticsMult", "1", kSpeed,
                                          "swim factor added per 100 Athletics"),
    field<G, &G::swim_run_base>("fSwimRunBase", "1", kSpeed, "swim factor at Athletics 0"),
    field<G, &G::werewolf_run_mult>("fWereWolfRunMult", "1", kSpeed,
                                    "werewolf run bonus (Bloodmoon 1.3; the CS's dirty 1.5)"),
    field<G, &G::jump_encumbrance_base>("fJumpEncumbranceBase", "1", kSpeed,
                                        "encumbrance term at encumbrance 1"),
    field<G, &G::jump_encumbrance_multiplier>("fJumpEncumbranceMultiplier", "1", kSpeed,
                                              "encumbrance term added at encumbrance 0"),
    field<G, &G::jump_acrobatics_base>("fJumpAcrobaticsBase", "u/s", kTerm, "jump term x at Acrobatics 0"),
    field<G, &G::jump_acro_multiplier>("fJumpAcroMultiplier", "1", closed_range(0.0, 100.0),
                                       "exponent of (Acrobatics / 15) up to Acrobatics 50"),
    field<G, &G::jump_run_multiplier>("fJumpRunMultiplier", "1", kSpeed, "jump term multiplier when running"),
    field<G, &G::jump_move_base>("fJumpMoveBase", "1", kSpeed, "midair control factor at Acrobatics 0"),
    field<G, &G::jump_move_mult>("fJumpMoveMult", "1", kSpeed, "midair control added per 100 Acrobatics"),
    field<G, &G::fall_damage_distance_min>("fFallDamageDistanceMin", "u", kSpeed, "safe fall height"),
    field<G, &G::fall_acro_base>("fFallAcroBase", "1", kTerm, "Acrobatics factor at Acrobatics 100"),
    field<G, &G::fall_acro_mult>("fFallAcroMult", "1/point", kTerm,
                                 "Acrobatics factor added per point below 100"),
    field<G, &G::fall_distance_base>("fFallDistanceBase", "health", kTerm, "damage term at the threshold"),
    field<G, &G::fall_distance_mult>("fFallDistanceMult", "health/u", kTerm,
                                     "damage term per u beyond the safe distance"),
    field<G, &G::fatigue_jump_base>("fFatigueJumpBase", "fatigue", kTerm, "fatigue cost per jump"),
    field<G, &G::fatigue_jump_mult>("fFatigueJumpMult", "fatigue", kTerm,
                                    "fatigue cost per jump added at encumbrance 1"),
    field<G, &G::fatigue_base>("fFatigueBase", "1", kTerm, "fatigueTerm at full fatigue"),
    field<G, &G::fatigue_mult>("fFatigueMult", "1", kTerm, "fatigueTerm drop from full to empty fatigue"),
    field<G, &G::encumbrance_str_mult>("fEncumbranceStrMult", "weight", kSpeed,
                                       "NPC carrying capacity per Strength point"),
};
constexpr SettingsDescription kGmstDescription{"MorrowindGmsts", kGmstFields, {}};

constexpr std::array<FieldChoice, 2> kWikiOpenmw{{{"wiki", 0}, {"openmw", 1}}};
constexpr std::array<FieldChoice, 2> kVanillaOpenmw{{{"vanilla", 0}, {"openmw", 1}}};
using M = MorrowindSettings;
using A = MorrowindAnimationSpeeds;
using R = MorrowindRules;
constexpr std::array kSettingsParts{part<M, MorrowindGmsts, &M::gmsts>("gmsts.")};
constexpr std::array kSettingsFields{
    field<M, &M::animation, &A::walk>("animation.walk", "u/s", kSpeed,
                                      "WalkForward root speed (also flying, creatures); 0 unknown"),
    field<M, &M::animation, &A::run>("animation.run", "u/s", kSpeed, "RunForward root speed (NPCs)"),
    field<M, &M::animation, &A::sneak>("animation.sneak", "u/s", kSpeed, "SneakForward root speed"),
    field<M, &M::animation, &A::swim_walk>("animation.swim_walk", "u/s", kSpeed,
                                           "SwimWalkForward root speed; 0 unknown"),
    field<M, &M::animation, &A::swim_run>("animation.swim_run", "u/s", kSpeed,
                                          "SwimRunForward root speed; 0 unknown"),
    field<M, &M::rules, &R::gravity>("rules.gravity", "choice", {}, "wiki 627.2 or openmw 627.1216 u/s^2",
                                     kWikiOpenmw),
    field<M, &M::rules, &R::air_control>("rules.air_control", "choice", {},
                                         "midair control uncapped (wiki) or <= 1", kWikiOpenmw),
    field<M, &M::rules, &R::speed_cap>("rules.speed_cap", "choice", {},
                                       "real speed capped by the animation (vanilla) or not", kVanillaOpenmw),
    field<M, &M::rules, &R::fall_threshold>("rules.fall_threshold", "choice", {},
                                            "h <= min is soft (wiki) or h >= min damages", kWikiOpenmw),
    field<M, &M::rules, &R::truncate_base_speed>("rules.truncate_base_speed", "bool", {},
                                                 "use int(base speed) as the wiki writes it"),
    field<M, &M::max_playback_scale>("max_playback_scale", "1", interval(0.0, false, 1e6, true),
                                     "cap on the animation playback rate"),
    field<M, &M::physics_step>("physics_step", "s", closed_range(1.0e-4, 1.0), "fixed step of the jump arc"),
};
constexpr SettingsDescription kSettingsDescription{"MorrowindSettings", kSettingsFields, kSettingsParts};

constexpr std::array<FieldChoice, 2> kKinds{{{"npc", 0}, {"creature", 1}}};
using T = MorrowindActor;
constexpr std::array kActorFields{
    field<T, &T::kind>("kind", "choice", {}, "NPC or creature", kKinds),
    field<T, &T::speed>("speed", "points", kPoints, "Speed attribute"),
    field<T, &T::athletics>("athletics", "points", kPoints, "Athletics skill (creatures: combat stat)"),
    field<T, &T::acrobatics>("acrobatics", "points", kPoints, "Acrobatics skill (creatures: stealth stat)"),
    field<T, &T::normalized_encumbrance>("normalized_encumbrance", "1", closed_range(0.0, 1e6),
                                         "carried weight / capacity; > 1 cannot move"),
    field<T, &T::fatigue_ratio>("fatigue_ratio", "1", closed_range(-1e6, 1e6),
                                "current / maximum fatigue; clamped at 0"),
    field<T, &T::levitate>("levitate", "points", kPoints, "Levitate magnitude; > 0 flies"),
    field<T, &T::swift_swim>("swift_swim", "points", kPoints, "Swift Swim magnitude"),
    field<T, &T::jump_magnitude>("jump_magnitude", "points", kPoints, "Jump magnitude"),
    field<T, &T::werewolf>("werewolf", "bool", {}, "in werewolf form (NPCs only)"),
    field<T, &T::flies>("flies", "bool", {}, "creature with the Flies flag"),
};
constexpr SettingsDescription kActorDescription{"MorrowindActor", kActorFields, {}};

// The strafe factor is a hard-coded constant in both the seed ("moveSpeed *= 0.75") and OpenMW, not a GMST.
constexpr double kStrafeFactor = 0.75;
// The moving take-off splits v into 0.707 v up and 0.707 v along the ground (the OpenMW research notes "On
// jumping").
constexpr double kMovingJumpFactor = 0.707;

// Per-query checks: cheap comparisons first, and the allocating validate() only when something is wrong, so
// that valid queries never allocate.
bool actor_looks_valid(const MorrowindActor& a) {
    const auto ok = [](double v) { return v >= 0.0 && v <= morrowind_max_points; };  // false for NaN
    return ok(a.speed) && ok(a.athletics) && ok(a.acrobatics) && ok(a.normalized_encumbrance) &&
           std::abs(a.fatigue_ratio) <= 1e6 && ok(a.levitate) && ok(a.swift_swim) && ok(a.jump_magnitude) &&
           !(a.kind == MorrowindActorKind::creature && a.werewolf) &&
           !(a.kind == MorrowindActorKind::npc && a.flies);
}

void check_actor(const MorrowindActor& actor) {
    if (!actor_looks_valid(actor)) {
        throw_if_invalid("MorrowindActor", actor.validate());
    }
}

void check_vector(std::string_view what, std::string_view field, Vec2 v) {
    if (!is_finite(v)) {
        FieldErrors errors;
        require_finite(errors, std::string(field) + ".x", v.x);
        require_finite(errors, std::string(field) + ".y", v.y);
        throw_if_invalid(what, errors);
    }
}

bool is_flying(const MorrowindActor& actor) {
    // NPCs fly only with Levitate; creatures with the Flies flag always fly (note 2.1).
    return actor.levitate > 0.0 || (actor.kind == MorrowindActorKind::creature && actor.flies);
}

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<MorrowindGmsts>) noexcept {
    return kGmstDescription;
}
const SettingsDescription& describe_settings(std::type_identity<MorrowindSettings>) noexcept {
    return kSettingsDescription;
}
const SettingsDescription& describe_settings(std::type_identity<MorrowindActor>) noexcept {
    return kActorDescription;
}

FieldErrors MorrowindActor::validate() const {
    // The registry checks each field; the kind decides which of werewolf and flies may be set.
    FieldErrors errors = validate_settings(*this);
    if (kind == MorrowindActorKind::creature && werewolf) {
        errors.push_back({"werewolf", "applies to NPCs only"});
    }
    if (kind == MorrowindActorKind::npc && flies) {
        errors.push_back({"flies", "applies to creatures only (NPCs fly with levitate > 0)"});
    }
    return errors;
}

std::string_view to_string(MorrowindMoveMode mode) {
    switch (mode) {
        case MorrowindMoveMode::none:
            return "none";
        case MorrowindMoveMode::walk:
            return "walk";
        case MorrowindMoveMode::sneak:
            return "sneak";
        case MorrowindMoveMode::run:
            return "run";
        case MorrowindMoveMode::swim_walk:
            return "swim_walk";
        case MorrowindMoveMode::swim_run:
            return "swim_run";
        case MorrowindMoveMode::fly:
            return "fly";
    }
    return "none";
}

double fatigue_term(const MorrowindGmsts& gmsts, double ratio) {
    // Negative fatigue counts as empty: the ratio is clamped at 0 but not at 1 (Fortify Fatigue can exceed
    // max).
    return gmsts.fatigue_base - gmsts.fatigue_mult * (1.0 - std::max(0.0, ratio));
}

double fatigue_ratio(double current, double maximum) {
    return std::floor(maximum) == 0.0 ? 1.0 : current / maximum;
}

double normalized_encumbrance(double encumbrance, double capacity) {
    // OpenMW's deliberate deviations from vanilla (note 2.1): nothing carried is 0 even at capacity 0
    // (vanilla's 0/0 gives 1), and a zero capacity with any load is over-encumbered.
    if (encumbrance <= 0.0) {
        return 0.0;
    }
    if (capacity <= 0.0) {
        return std::numeric_limits<double>::infinity();
    }
    return encumbrance / capacity;
}

double morrowind_capacity(const MorrowindGmsts& gmsts, MorrowindActorKind kind, double strength) {
    // Creatures use a hard-coded 5, not the GMST (note 2.1).
    return strength * (kind == MorrowindActorKind::npc ? gmsts.encumbrance_str_mult : 5.0);
}

MorrowindModel::MorrowindModel(const MorrowindSettings& settings)
    : settings_(settings), gravity_(morrowind_gravity(settings.rules.gravity)) {
    throw_if_invalid("MorrowindSettings", settings_.validate());
}

MorrowindSpeed MorrowindModel::speed(const MorrowindActor& actor, const MorrowindStance& stance) const {
    check_actor(actor);
    check_vector("MorrowindStance", "input", stance.input);
    const MorrowindGmsts& g = settings_.gmsts;
    const bool npc = actor.kind == MorrowindActorKind::npc;
    const bool flying = is_flying(actor);
    const bool swimming = stance.swimming && !flying;
    // Sneaking needs solid ground: OpenMW drops the stance in water and in the air; creatures
    // have no sneak factor at all (note 2.1).
    const bool sneaking = npc && stance.sneak && !swimming && !flying;
    const double enc = actor.normalized_encumbrance;

    MorrowindSpeed out;
    if (npc) {
        double walk = g.min_walk_speed + 0.01 * actor.speed * (g.max_walk_speed - g.min_walk_speed);
        walk *= 1.0 - g.encumbered_move_effect * enc;
        walk = std::max(0.0, walk);
        if (sneaking) {
            walk *= g.sneak_speed_multiplier;
        }
        out.walk_speed = walk;
        out.run_speed = walk * (0.01 * actor.athletics * g.athletics_run_bonus + g.base_run_multiplier);
    } else {
        // Creatures are not slowed by encumbrance (the OpenMW research notes comment) and run at walk speed
        // (note 2.1, bug 1136).
        out.walk_speed = g.min_walk_speed_creature +
                         0.01 * actor.speed * (g.max_walk_speed_creature - g.min_walk_speed_creature);
        out.run_speed = out.walk_speed;
    }

    // getMaxSpeed order (note 2.1): incapacitated, over-encumbered, flying, swimming, running, walking.
    if (stance.incapacitated || enc > 1.0) {
        out.mode = MorrowindMoveMode::none;
        out.max_speed = 0.0;
    } else if (flying) {
        double fly = 0.01 * (actor.speed + actor.levitate);
        fly = g.min_fly_speed + fly * (g.max_fly_speed - g.min_fly_speed);
        if (npc) {
            fly *= 1.0 - g.encumbered_move_effect * enc;
            fly = std::max(0.0, fly);
        }
        out.mode = MorrowindMoveMode::fly;
        out.max_speed = fly;
    } else if (swimming) {
        // Both stances use the SwimRun GMST pair; fSwimWalk* are never read (note 1, note 3 item 7).
        double swim = stance.run ? out.run_speed : out.walk_speed;
        swim *= 1.0 + 0.01 * actor.swift_swim;
        swim *= 0.01 * actor.athletics * g.swim_run_athletics_mult + g.swim_run_base;
        out.mode = stance.run ? MorrowindMoveMode::swim_run : MorrowindMoveMode::swim_walk;
        out.max_speed = swim;
    } else if (stance.run && !sneaking) {
        out.mode = MorrowindMoveMode::run;
        out.max_speed = out.run_speed;
    } else {
        out.mode = sneaking ? MorrowindMoveMode::sneak : MorrowindMoveMode::walk;
        out.max_speed = out.walk_speed;
    }

    // The werewolf check reads only the run stance and the draw state, so it also applies while sneaking,
    // swimming or flying with run toggled on (note 2.1).
    if (npc && actor.werewolf && stance.run && !stance.weapon_ready && out.mode != MorrowindMoveMode::none) {
        out.werewolf_bonus = true;
        out.max_speed *= g.werewolf_run_mult;
    }

    out.speed_factor = std::min(1.0, length(stance.input));
    out.strafing = is_strafe(stance.input);
    out.move_speed = out.max_speed * out.speed_factor * (out.strafing ? kStrafeFactor : 1.0);
    return out;
}

MorrowindAnimation MorrowindModel::animation(const MorrowindActor& actor, const MorrowindSpeed& speed) const {
    check_actor(actor);
    const MorrowindAnimationSpeeds& a = settings_.animation;
    const bool npc = actor.kind == MorrowindActorKind::npc;
    // NPCs scale by the animation they play; creatures by the walking equivalent (the OpenMW research notes
    // "referenceAnim").
    double true_base = 0.0;
    switch (speed.mode) {
        case MorrowindMoveMode::none:
            true_base = 0.0;
            break;
        case MorrowindMoveMode::walk:
        case MorrowindMoveMode::fly:
            true_base = a.walk;
            break;
        case MorrowindMoveMode::sneak:
            true_base = npc ? a.sneak : a.walk;
            break;
        case MorrowindMoveMode::run:
            true_base = npc ? a.run : a.walk;
            break;
        case MorrowindMoveMode::swim_walk:
            true_base = a.swim_walk;
            break;
        case MorrowindMoveMode::swim_run:
            true_base = npc ? a.swim_run : a.swim_walk;
            break;
    }
    const double used_base = settings_.rules.truncate_base_speed ? std::trunc(true_base) : true_base;

    MorrowindAnimation out;
    out.base_speed = used_base;
    if (used_base <= 0.0) {
        // Unknown (or idle) animation: OpenMW applies no scaling, so nothing caps the speed either.
        out.playback_scale = 1.0;
        out.capped_speed = speed.move_speed;
        out.real_speed = speed.move_speed;
        return out;
    }
    const double ratio = speed.move_speed / used_base;
    const double cap = settings_.max_playback_scale;
    out.at_cap = ratio > cap;
    out.playback_scale = std::min(ratio, cap);
    // The root bone moves at its true speed x the playback scale. Vanilla moves the actor only by root
    // motion; OpenMW multiplies root motion by max(1, ratio / cap), which undoes the cap (note 2.2).
    out.capped_speed = out.playback_scale * true_base;
    out.real_speed =
        settings_.rules.speed_cap == MorrowindSpeedCap::vanilla ? out.capped_speed : ratio * true_base;
    return out;
}

double MorrowindModel::air_control(double acrobatics) const {
    const MorrowindGmsts& g = settings_.gmsts;
    const double term = g.jump_move_base + 0.01 * acrobatics * g.jump_move_mult;
    return settings_.rules.air_control == MorrowindAirControl::openmw ? std::min(1.0, term) : term;
}

Vec3 MorrowindModel::airborne_velocity(Vec3 inertia, Vec2 input_velocity, double acrobatics) const {
    const double k = air_control(acrobatics);
    return {inertia.x + k * input_velocity.x, inertia.y + k * input_velocity.y, inertia.z};
}

MorrowindJump MorrowindModel::jump(const MorrowindActor& actor, const MorrowindStance& stance,
                                   Vec2 direction) const {
    check_actor(actor);
    check_vector("MorrowindStance", "input", stance.input);
    check_vector("jump", "direction", direction);
    const MorrowindGmsts& g = settings_.gmsts;
    const double enc = actor.normalized_encumbrance;

    // The OpenMW research notes "On jumping": up to Acrobatics 50 the term grows as (a/15)^m, above it
    // linearly (3 m per point).
    const double a = std::min(actor.acrobatics, 50.0);
    const double b = std::max(0.0, actor.acrobatics - 50.0);
    double x = g.jump_acrobatics_base + std::pow(a / 15.0, g.jump_acro_multiplier);
    x += 3.0 * b * g.jump_acro_multiplier;
    x += 64.0 * actor.jump_magnitude;
    x *= g.jump_encumbrance_base + g.jump_encumbrance_multiplier * (1.0 - enc);
    if (stance.run) {
        x *= g.jump_run_multiplier;
    }
    x *= fatigue_term(g, actor.fatigue_ratio);

    MorrowindJump out;
    out.jump_term = x;
    out.air_control = air_control(actor.acrobatics);
    // Creatures never jump (Class::getJump is 0 except for NPCs); no take-off while sneaking, swimming or
    // flying (note 2.3).
    const bool allowed = actor.kind == MorrowindActorKind::npc && !stance.incapacitated && enc <= 1.0 &&
                         !stance.sneak && !stance.swimming && !is_flying(actor);
    // The seed writes x -= gravity with gravity = -627.2: the same as adding g > 0.
    const double v = (x + gravity_) / 3.0;
    if (!allowed || !(v > 0.0)) {
        return out;
    }
    if (!(v <= morrowind_max_take_off_speed)) {
        // Every face gets the bound here, where the speed is formed, not only those that step the arc.
        FieldErrors errors;
        require_in_range(errors, "take_off_speed", v, 0.0, morrowind_max_take_off_speed);
        throw_if_invalid("jump", errors);
    }
    out.can_jump = true;
    out.take_off_speed = v;
    const double len = length(direction);
    if (len > 0.0) {
        // Moving: the take-off replaces the run velocity (note 2.3).
        const Vec2 d = direction / len;
        out.velocity = Vec3{d.x, d.y, 1.0} * (kMovingJumpFactor * v);
    } else {
        out.velocity = Vec3{0.0, 0.0, v};
    }
    out.fatigue_cost = g.fatigue_jump_base + std::min(1.0, enc) * g.fatigue_jump_mult;
    out.apex_height = out.velocity.z * out.velocity.z / (2.0 * gravity_);
    out.airtime = 2.0 * out.velocity.z / gravity_;
    return out;
}

MorrowindJumpArc MorrowindModel::simulate_jump(double take_off_speed) const {
    FieldErrors errors;
    require_in_range(errors, "take_off_speed", take_off_speed, 0.0, morrowind_max_take_off_speed);
    throw_if_invalid("simulate_jump", errors);
    MorrowindJumpArc arc;
    if (take_off_speed <= 0.0) {
        return arc;
    }
    const double dt = settings_.physics_step;
    double z = 0.0;
    double vz = take_off_speed;
    do {
        // Position moves with the step's starting velocity, then gravity acts (reproduces the note's 1/60 s
        // apex column: 69.0 u at Acrobatics 0 against 66.6 continuous).
        z += vz * dt;
        vz -= gravity_ * dt;
        ++arc.steps;
        arc.apex_height = std::max(arc.apex_height, z);
    } while (z > 0.0);
    arc.airtime = arc.steps * dt;
    return arc;
}

MorrowindFall MorrowindModel::fall(const MorrowindActor& actor, double height) const {
    check_actor(actor);
    if (!(height >= 0.0 && height <= morrowind_max_fall_height)) {
        FieldErrors errors;
        require_in_range(errors, "height", height, 0.0, morrowind_max_fall_height);
        throw_if_invalid("fall", errors);
    }
    const MorrowindGmsts& g = settings_.gmsts;
    MorrowindFall out;
    const bool soft = settings_.rules.fall_threshold == MorrowindFallThreshold::wiki
                          ? height <= g.fall_damage_distance_min
                          : height < g.fall_damage_distance_min;
    if (soft) {
        return out;
    }
    out.soft_landing = false;
    // Jump magnitude lengthens the safe distance by only 1 u per point (note 2.5, "Asymmetry").
    double x = height - g.fall_damage_distance_min - 1.5 * actor.acrobatics - actor.jump_magnitude;
    x = std::max(0.0, x);
    const double acro_factor = g.fall_acro_base + g.fall_acro_mult * (100.0 - actor.acrobatics);
    x = (g.fall_distance_base + g.fall_distance_mult * x) * acro_factor;
    const double ft = fatigue_term(g, actor.fatigue_ratio);
    out.damage_term = x;
    out.health_loss = x > 0.0 ? x * (1.0 - 0.25 * ft) : 0.0;
    out.knockdown = actor.acrobatics * ft < x;
    return out;
}

std::optional<double> MorrowindModel::speed_attribute_at_cap(const MorrowindActor& actor,
                                                             const MorrowindStance& stance) const {
    MorrowindActor probe = actor;
    probe.speed = 0.0;
    const MorrowindSpeed at0 = speed(probe, stance);
    probe.speed = 100.0;
    const MorrowindSpeed at100 = speed(probe, stance);
    const MorrowindAnimation anim = animation(probe, at100);
    const double slope = (at100.move_speed - at0.move_speed) / 100.0;
    if (!(anim.base_speed > 0.0) || !(slope > 0.0)) {
        return std::nullopt;
    }
    // Every speed formula is affine in the Speed attribute (walk, run, swim and fly), so two samples fix it.
    const double target = settings_.max_playback_scale * anim.base_speed;
    const double at_cap = std::max(0.0, (target - at0.move_speed) / slope);
    // Beyond the largest Speed an actor takes (a tiny slope gave an infinite one) no Speed reaches the cap.
    if (!(at_cap <= morrowind_max_points)) {
        return std::nullopt;
    }
    return at_cap;
}

}  // namespace kinema::movement
