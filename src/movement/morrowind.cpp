#include "kinema/movement/morrowind.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace kinema::movement {
namespace {

// One row per GMST: its name (what users write in --gmst files), the field, and whether negative values are
// rejected (speeds and the multipliers of speeds; the exponent fJumpAcroMultiplier).
struct GmstEntry {
    std::string_view name;
    double MorrowindGmsts::*member;
    bool non_negative;
};

constexpr std::array<GmstEntry, 30> kGmsts{{
    {"fMinWalkSpeed", &MorrowindGmsts::min_walk_speed, true},
    {"fMaxWalkSpeed", &MorrowindGmsts::max_walk_speed, true},
    {"fEncumberedMoveEffect", &MorrowindGmsts::encumbered_move_effect, true},
    {"fSneakSpeedMultiplier", &MorrowindGmsts::sneak_speed_multiplier, true},
    {"fMinWalkSpeedCreature", &MorrowindGmsts::min_walk_speed_creature, true},
    {"fMaxWalkSpeedCreature", &MorrowindGmsts::max_walk_speed_creature, true},
    {"fAthleticsRunBonus", &MorrowindGmsts::athletics_run_bonus, true},
    {"fBaseRunMultiplier", &MorrowindGmsts::base_run_multiplier, true},
    {"fMinFlySpeed", &MorrowindGmsts::min_fly_speed, true},
    {"fMaxFlySpeed", &MorrowindGmsts::max_fly_speed, true},
    {"fSwimRunAthleticsMult", &MorrowindGmsts::swim_run_athletics_mult, true},
    {"fSwimRunBase", &MorrowindGmsts::swim_run_base, true},
    {"fWereWolfRunMult", &MorrowindGmsts::werewolf_run_mult, true},
    {"fJumpEncumbranceBase", &MorrowindGmsts::jump_encumbrance_base, true},
    {"fJumpEncumbranceMultiplier", &MorrowindGmsts::jump_encumbrance_multiplier, true},
    {"fJumpAcrobaticsBase", &MorrowindGmsts::jump_acrobatics_base, false},
    {"fJumpAcroMultiplier", &MorrowindGmsts::jump_acro_multiplier, true},
    {"fJumpRunMultiplier", &MorrowindGmsts::jump_run_multiplier, true},
    {"fJumpMoveBase", &MorrowindGmsts::jump_move_base, true},
    {"fJumpMoveMult", &MorrowindGmsts::jump_move_mult, true},
    {"fFallDamageDistanceMin", &MorrowindGmsts::fall_damage_distance_min, true},
    {"fFallAcroBase", &MorrowindGmsts::fall_acro_base, false},
    {"fFallAcroMult", &MorrowindGmsts::fall_acro_mult, false},
    {"fFallDistanceBase", &MorrowindGmsts::fall_distance_base, false},
    {"fFallDistanceMult", &MorrowindGmsts::fall_distance_mult, false},
    {"fFatigueJumpBase", &MorrowindGmsts::fatigue_jump_base, false},
    {"fFatigueJumpMult", &MorrowindGmsts::fatigue_jump_mult, false},
    {"fFatigueBase", &MorrowindGmsts::fatigue_base, false},
    {"fFatigueMult", &MorrowindGmsts::fatigue_mult, false},
    {"fEncumbranceStrMult", &MorrowindGmsts::encumbrance_str_mult, true},
}};

constexpr std::array<std::string_view, kGmsts.size()> kGmstNames = [] {
    std::array<std::string_view, kGmsts.size()> names{};
    for (std::size_t i = 0; i < kGmsts.size(); ++i) {
        names[i] = kGmsts[i].name;
    }
    return names;
}();

const GmstEntry& find_gmst(std::string_view name) {
    for (const GmstEntry& entry : kGmsts) {
        if (entry.name == name) {
            return entry;
        }
    }
    std::string message = "unknown GMST '" + std::string(name) + "'; valid GMSTs:";
    for (std::size_t i = 0; i < kGmstNames.size(); ++i) {
        message += (i == 0 ? " " : ", ");
        message += kGmstNames[i];
    }
    throw std::invalid_argument(message);
}

// The strafe factor is a hard-coded constant in both the seed ("moveSpeed *= 0.75") and OpenMW, not a GMST.
constexpr double kStrafeFactor = 0.75;
// The moving take-off splits v into 0.707 v up and 0.707 v along the ground (seed 003 "On jumping").
constexpr double kMovingJumpFactor = 0.707;
// Upper bound for simulate_jump's take-off speed, so that a step count is bounded: 1e6 u/s is 15.6 km/s.
constexpr double kMaxSimulatedTakeOff = 1.0e6;

void append_prefixed(FieldErrors& into, std::string_view prefix, const FieldErrors& errors) {
    for (const FieldError& e : errors) {
        into.push_back({std::string(prefix) + e.field, e.message});
    }
}

// Per-query checks: cheap comparisons first, and the allocating validate() only when something is wrong, so
// that valid queries never allocate.
bool actor_looks_valid(const MorrowindActor& a) {
    const auto ok = [](double v) { return std::isfinite(v) && v >= 0.0; };
    return ok(a.speed) && ok(a.athletics) && ok(a.acrobatics) && ok(a.normalized_encumbrance) &&
           std::isfinite(a.fatigue_ratio) && ok(a.levitate) && ok(a.swift_swim) && ok(a.jump_magnitude) &&
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

std::span<const std::string_view> morrowind_gmst_names() {
    return kGmstNames;
}

void set_gmst(MorrowindGmsts& gmsts, std::string_view name, double value) {
    gmsts.*(find_gmst(name).member) = value;
}

double get_gmst(const MorrowindGmsts& gmsts, std::string_view name) {
    return gmsts.*(find_gmst(name).member);
}

FieldErrors MorrowindGmsts::validate() const {
    FieldErrors errors;
    for (const GmstEntry& entry : kGmsts) {
        if (entry.non_negative) {
            require_at_least(errors, entry.name, this->*(entry.member), 0.0);
        } else {
            require_finite(errors, entry.name, this->*(entry.member));
        }
    }
    return errors;
}

FieldErrors MorrowindSettings::validate() const {
    FieldErrors errors;
    append_prefixed(errors, "gmsts.", gmsts.validate());
    require_at_least(errors, "animation.walk", animation.walk, 0.0);
    require_at_least(errors, "animation.run", animation.run, 0.0);
    require_at_least(errors, "animation.sneak", animation.sneak, 0.0);
    require_at_least(errors, "animation.swim_walk", animation.swim_walk, 0.0);
    require_at_least(errors, "animation.swim_run", animation.swim_run, 0.0);
    require_greater(errors, "max_playback_scale", max_playback_scale, 0.0);
    require_in_range(errors, "physics_step", physics_step, 1.0e-4, 1.0);
    return errors;
}

FieldErrors MorrowindActor::validate() const {
    FieldErrors errors;
    require_at_least(errors, "speed", speed, 0.0);
    require_at_least(errors, "athletics", athletics, 0.0);
    require_at_least(errors, "acrobatics", acrobatics, 0.0);
    require_at_least(errors, "normalized_encumbrance", normalized_encumbrance, 0.0);
    require_finite(errors, "fatigue_ratio", fatigue_ratio);
    require_at_least(errors, "levitate", levitate, 0.0);
    require_at_least(errors, "swift_swim", swift_swim, 0.0);
    require_at_least(errors, "jump_magnitude", jump_magnitude, 0.0);
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
    // Sneaking needs solid ground: OpenMW drops the stance in water and in the air (issue 4618); creatures
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
        // Creatures are not slowed by encumbrance (seed 003 comment) and run at walk speed (note 2.1, bug
        // 1136).
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
    // NPCs scale by the animation they play; creatures by the walking equivalent (seed 003 "referenceAnim").
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

    // Seed 003 "On jumping": up to Acrobatics 50 the term grows as (a/15)^m, above it linearly (3 m per
    // point).
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
    require_in_range(errors, "take_off_speed", take_off_speed, 0.0, kMaxSimulatedTakeOff);
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
    if (!(std::isfinite(height) && height >= 0.0)) {
        FieldErrors errors;
        require_at_least(errors, "height", height, 0.0);
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
    return std::max(0.0, (target - at0.move_speed) / slope);
}

}  // namespace kinema::movement
