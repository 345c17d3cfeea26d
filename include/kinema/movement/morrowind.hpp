// Morrowind actor movement as OpenMW researched and implements it: target speeds (walk, run, sneak, swim,
// fly), strafing and analog input, animation playback scale and its 10x cap, jump take-off, midair control,
// fall damage and the fatigue term. Sources: the OpenMW research notes (the OpenMW wiki page
// "Research:Movement") and ../shared/reference/morrowind.md (the note: vanilla GMST defaults, OpenMW's code
// paths, test vectors).
//
// Units are Morrowind units: u (64 u = 1 yard), u/s, u/s^2, seconds. Attributes, skills and magic magnitudes
// are the game's plain numbers (modified values, as the game reads them).
//
// Where the seed (wiki) and OpenMW's code differ, MorrowindRules picks one; the default follows the seed and
// MorrowindRules::openmw() selects every OpenMW behaviour (docs/morrowind.md lists each decision).
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"

namespace kinema::movement {

struct MorrowindGmsts;
/// The registry of the GMSTs, by their GMST names ("fMinWalkSpeed", exact spelling): kinema::set_field(gmsts,
/// "fMinWalkSpeed", 120) sets one, list_fields() lists them in declaration order.
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<MorrowindGmsts>) noexcept;

/// The game settings (GMSTs) the movement formulas read, with vanilla Morrowind's defaults (note section 1,
/// where the OpenMW-CS list and MWSE agree). Field names are the GMST names in snake_case; the registry
/// (describe_settings) and validate() use the GMST names themselves ("fMinWalkSpeed"). "dimensionless"
/// factors multiply a speed or a term.
struct MorrowindGmsts {
    // Walking and running (note 2.1).
    /// fMinWalkSpeed, u/s, [0, 1e6]. NPC walk speed at Speed 0.
    double min_walk_speed = 100.0;
    /// fMaxWalkSpeed, u/s, [0, 1e6]. NPC walk speed at Speed 100.
    double max_walk_speed = 200.0;
    /// fEncumberedMoveEffect, dimensionless, [0, 1e6]. NPC walk/fly slow-down at normalized encumbrance 1.
    double encumbered_move_effect = 0.3;
    /// fSneakSpeedMultiplier, dimensionless, [0, 1e6]. Sneak speed = walk speed x this.
    double sneak_speed_multiplier = 0.75;
    /// fMinWalkSpeedCreature, u/s, [0, 1e6]. Creature walk (= run) speed at Speed 0.
    double min_walk_speed_creature = 5.0;
    /// fMaxWalkSpeedCreature, u/s, [0, 1e6]. Creature walk (= run) speed at Speed 100.
    double max_walk_speed_creature = 300.0;
    /// fAthleticsRunBonus, dimensionless, [0, 1e6]. Run/walk ratio added per 100 Athletics.
    double athletics_run_bonus = 1.0;
    /// fBaseRunMultiplier, dimensionless, [0, 1e6]. Run/walk ratio at Athletics 0.
    double base_run_multiplier = 1.75;

    // Flying and swimming (note 2.1).
    /// fMinFlySpeed, u/s, [0, 1e6]. Fly speed at Speed + Levitate = 0.
    double min_fly_speed = 5.0;
    /// fMaxFlySpeed, u/s, [0, 1e6]. Fly speed at Speed + Levitate = 100.
    double max_fly_speed = 300.0;
    /// fSwimRunAthleticsMult, dimensionless, [0, 1e6]. Swim factor added per 100 Athletics. OpenMW uses the
    /// SwimRun pair for swimming at walk too; fSwimWalk* are never read (note 1).
    double swim_run_athletics_mult = 0.1;
    /// fSwimRunBase, dimensionless, [0, 1e6]. Swim factor at Athletics 0.
    double swim_run_base = 0.5;
    /// fWereWolfRunMult, dimensionless, [0, 1e6]. 1.3 is Bloodmoon's real value; 1.5 is the Construction
    /// Set's "dirty" value that only the OpenMW-CS default list carries (note 1).
    double werewolf_run_mult = 1.3;

    // Jumping (note 2.3, 2.4).
    /// fJumpEncumbranceBase, dimensionless, [0, 1e6]. Encumbrance term at encumbrance 1.
    double jump_encumbrance_base = 0.5;
    /// fJumpEncumbranceMultiplier, dimensionless, [0, 1e6]. Encumbrance term added at encumbrance 0.
    double jump_encumbrance_multiplier = 1.0;
    /// fJumpAcrobaticsBase, u/s (of the jump term x), [-1e6, 1e6]. x at Acrobatics 0.
    double jump_acrobatics_base = 128.0;
    /// fJumpAcroMultiplier, dimensionless, [0, 100]. Exponent of (Acrobatics / 15) up to Acrobatics 50; x
    /// grows by 3 x this per point above 50.
    double jump_acro_multiplier = 4.0;
    /// fJumpRunMultiplier, dimensionless, [0, 1e6]. x multiplier in the run stance.
    double jump_run_multiplier = 1.0;
    /// fJumpMoveBase, dimensionless, [0, 1e6]. Midair control factor at Acrobatics 0.
    double jump_move_base = 0.5;
    /// fJumpMoveMult, dimensionless, [0, 1e6]. Midair control factor added per 100 Acrobatics.
    double jump_move_mult = 0.5;

    // Falling (note 2.5).
    /// fFallDamageDistanceMin, u, [0, 1e6]. Safe fall height.
    double fall_damage_distance_min = 400.0;
    /// fFallAcroBase, dimensionless, [-1e6, 1e6]. Acrobatics factor at Acrobatics 100.
    double fall_acro_base = 0.25;
    /// fFallAcroMult, 1/skill point, [-1e6, 1e6]. Acrobatics factor added per point below 100.
    double fall_acro_mult = 0.01;
    /// fFallDistanceBase, health points, [-1e6, 1e6]. Damage term at the threshold (before the Acrobatics
    /// factor).
    double fall_distance_base = 0.0;
    /// fFallDistanceMult, health points/u, [-1e6, 1e6]. Damage term per u beyond the safe distance.
    double fall_distance_mult = 0.07;

    // Fatigue.
    /// fFatigueJumpBase, fatigue points per jump, [-1e6, 1e6].
    double fatigue_jump_base = 5.0;
    /// fFatigueJumpMult, fatigue points per jump at encumbrance 1, [-1e6, 1e6].
    double fatigue_jump_mult = 0.0;
    /// fFatigueBase, dimensionless, [-1e6, 1e6]. fatigueTerm at full fatigue.
    double fatigue_base = 1.25;
    /// fFatigueMult, dimensionless, [-1e6, 1e6]. fatigueTerm drop from full to empty fatigue.
    double fatigue_mult = 0.5;

    // Encumbrance (note 2.1).
    /// fEncumbranceStrMult, weight per Strength point, [0, 1e6]. NPC carrying capacity = Strength x this.
    double encumbrance_str_mult = 5.0;

    /// Every bad GMST, by its GMST name; empty when usable. All must be finite; speeds and the multipliers of
    /// speeds must be >= 0, and so must fJumpAcroMultiplier (a negative exponent makes (0/15)^m infinite).
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

/// Gravity, a constant in both engines (note 1).
enum class MorrowindGravity {
    wiki,   ///< 627.2 u/s^2 = 9.8 "yards"/s^2 x 64 u/yard (the OpenMW research notes, "gravityAcceleration
            ///< [...] -627.2 exactly").
    openmw  ///< 627.1216 u/s^2 = 8.96 x 69.99125109 (OpenMW components/misc/constants.hpp).
};
inline constexpr double kMorrowindGravityWiki = 627.2;       ///< u/s^2
inline constexpr double kMorrowindGravityOpenmw = 627.1216;  ///< u/s^2, as the note rounds OpenMW's product
/// The gravity value of `g`, u/s^2.
[[nodiscard]] constexpr double morrowind_gravity(MorrowindGravity g) {
    return g == MorrowindGravity::wiki ? kMorrowindGravityWiki : kMorrowindGravityOpenmw;
}

/// Midair control factor (note 2.4; note 3 item 10).
enum class MorrowindAirControl {
    wiki,   ///< fJumpMoveBase + fJumpMoveMult x Acro/100, uncapped (the OpenMW research notes, "Midair").
    openmw  ///< the same, capped at 1 (OpenMW CharacterController::update). Differs only above Acrobatics
            ///< 100.
};

/// What limits the real (root motion) ground speed (note 2.2, PR 2833).
enum class MorrowindSpeedCap {
    vanilla,  ///< real speed = min(target speed, max_playback_scale x animation base speed): vanilla moves
              ///< the actor only by the root bone of the animation, whose playback is capped (the OpenMW
              ///< research notes comment).
    openmw    ///< real speed = target speed: OpenMW caps only the playback rate, not the movement.
};

/// Where a fall becomes a soft landing (note 2.5 step 1). Matters only when fFallDistanceBase != 0: with the
/// default GMSTs the damage at exactly fFallDamageDistanceMin is 0 either way.
enum class MorrowindFallThreshold {
    wiki,   ///< height <= fFallDamageDistanceMin is a soft landing (the OpenMW research notes, "On landing").
    openmw  ///< damage is computed when height >= fFallDamageDistanceMin (OpenMW getFallDamage).
};

/// Which of the seed's and OpenMW's behaviours to use where they differ. Defaults follow the seed.
struct MorrowindRules {
    MorrowindGravity gravity = MorrowindGravity::wiki;                     ///< 627.2 u/s^2 by default.
    MorrowindAirControl air_control = MorrowindAirControl::wiki;           ///< Uncapped by default.
    MorrowindSpeedCap speed_cap = MorrowindSpeedCap::vanilla;              ///< Real speed capped by default.
    MorrowindFallThreshold fall_threshold = MorrowindFallThreshold::wiki;  ///< h <= min is soft by default.
    /// Apply the seed's animBaseSpeed = int(dist/dt) to the base speeds. Off by default: the known base
    /// speeds are OpenMW's measured values, and whether OpenMW truncates is unconfirmed (note 3 item 11).
    bool truncate_base_speed = false;

    /// Every behaviour as OpenMW's code has it.
    [[nodiscard]] static constexpr MorrowindRules openmw() {
        return {MorrowindGravity::openmw, MorrowindAirControl::openmw, MorrowindSpeedCap::openmw,
                MorrowindFallThreshold::openmw, false};
    }
};

/// Root-motion base speed of each movement animation: the root bone's distance between the loop start and
/// loop stop keys over the time between them (the OpenMW research notes, "Animation system"). Defaults are
/// OpenMW's hard-coded third-person values (note 2.2). 0 means "not known": no playback scaling is applied
/// (as OpenMW does when an animation is missing) and the vanilla cap does not apply. Swim animations' speeds
/// are not known.
struct MorrowindAnimationSpeeds {
    double walk = 154.064;   ///< u/s, [0, 1e6]. WalkForward; also used for flying and by creatures.
    double run = 222.857;    ///< u/s, [0, 1e6]. RunForward (NPCs).
    double sneak = 33.5452;  ///< u/s, [0, 1e6]. SneakForward (NPCs).
    /// u/s, [0, 1e6]. SwimWalkForward; unknown (0). Creatures use it for all swimming.
    double swim_walk = 0.0;
    /// u/s, [0, 1e6]. SwimRunForward (NPCs); unknown (0).
    double swim_run = 0.0;
};

struct MorrowindSettings;
/// The registry of MorrowindSettings: the GMSTs as "gmsts.<GMST name>", animation.*, rules.*,
/// max_playback_scale, physics_step.
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<MorrowindSettings>) noexcept;

/// Everything that configures the model. Validated once by MorrowindModel's constructor.
struct MorrowindSettings {
    MorrowindGmsts gmsts;
    MorrowindAnimationSpeeds animation;
    MorrowindRules rules;
    double max_playback_scale = 10.0;  ///< dimensionless, (0, 1e6]. Cap on the animation playback rate (seed
                                       ///< 003: "animationScale = min(animationScale, 10)").
    double physics_step = 1.0 / 60.0;  ///< s, [1e-4, 1]. Fixed physics step of OpenMW's jump integration
                                       ///< (note 2.4); used by MorrowindModel::simulate_jump.

    /// Every bad field ("gmsts.fMinWalkSpeed", "animation.walk", ...); empty when usable.
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

enum class MorrowindActorKind { npc, creature };

/// One actor's stats, as the game reads them (modified values). For creatures pass the generalized stats: the
/// combat stat as Athletics (a combat skill) and the stealth stat as Acrobatics (a stealth skill) (the OpenMW
/// research notes comment on creatures).
struct MorrowindActor {
    MorrowindActorKind kind = MorrowindActorKind::npc;
    double speed = 50.0;       ///< Speed attribute, [0, 1e6]. (The game clamps modified values at 0.)
    double athletics = 30.0;   ///< Athletics skill, [0, 1e6].
    double acrobatics = 30.0;  ///< Acrobatics skill, [0, 1e6].
    double normalized_encumbrance = 0.0;  ///< carried weight / capacity, [0, 1e6]. > 1: over-encumbered, no
                                          ///< movement and no jump.
    double fatigue_ratio = 1.0;           ///< current / maximum fatigue, [-1e6, 1e6]; clamped at 0 by
                                          ///< fatigue_term (fatigue can go negative).
    double levitate = 0.0;                ///< Levitate magnitude, [0, 1e6]. > 0: flying (levitation allowed).
    double swift_swim = 0.0;              ///< Swift Swim magnitude, [0, 1e6].
    double jump_magnitude = 0.0;          ///< Jump magnitude, [0, 1e6].
    bool werewolf = false;                ///< In werewolf form (NPCs only).
    bool flies = false;                   ///< Creature with the Flies flag: always uses the fly speed.

    /// Every bad field, by name ("speed", "athletics", ...); empty when usable.
    [[nodiscard]] FieldErrors validate() const;
};

/// The registry of MorrowindActor's fields.
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<MorrowindActor>) noexcept;

/// What the actor is doing this frame.
struct MorrowindStance {
    Vec2 input{0.0, 1.0};   ///< Movement input, x = right, y = forward, finite. Its length, capped at 1, is
                            ///< the analog speed factor; |x| > 2|y| is a strafe (note 2.1).
    bool run = false;       ///< Run stance (always-run toggle or run key).
    bool sneak = false;     ///< Sneak stance. Ignored while swimming or flying (OpenMW, issue 4618).
    bool swimming = false;  ///< In water deep enough to swim.
    bool weapon_ready = false;   ///< A weapon or spell is readied: no werewolf run bonus.
    bool incapacitated = false;  ///< Paralyzed, knocked down or dead: speed 0, no jump.
};

/// Which branch of getMaxSpeed chose the speed (note 2.1), and hence which animation plays.
enum class MorrowindMoveMode { none, walk, sneak, run, swim_walk, swim_run, fly };
[[nodiscard]] std::string_view to_string(MorrowindMoveMode mode);

/// The target speed and how it was reached.
struct MorrowindSpeed {
    MorrowindMoveMode mode = MorrowindMoveMode::none;
    double walk_speed = 0.0;    ///< u/s. Walk speed (sneak factor included when sneaking on land).
    double run_speed = 0.0;     ///< u/s. Run speed (= walk speed for creatures).
    double max_speed = 0.0;     ///< u/s. getMaxSpeed: the mode's speed, werewolf bonus included.
    double speed_factor = 0.0;  ///< [0, 1]. Analog input length, capped at 1.
    bool strafing = false;      ///< |input.x| > 2 |input.y|: speed x 0.75.
    bool werewolf_bonus = false;
    double move_speed = 0.0;  ///< u/s. max_speed x speed_factor x (0.75 when strafing): the speed passed to
                              ///< the animation system (the OpenMW research notes "moveSpeed").
};

/// The movement animation's playback and the resulting real ground speed (note 2.2).
struct MorrowindAnimation {
    double base_speed = 0.0;      ///< u/s. The reference animation's root speed (0: unknown, no scaling).
    double playback_scale = 1.0;  ///< min(move_speed / base_speed, max_playback_scale); 1 when base unknown.
    bool at_cap = false;          ///< move_speed / base_speed exceeded max_playback_scale.
    double capped_speed = 0.0;    ///< u/s. Vanilla's real speed: playback_scale x the root's true speed
                                  ///< (= min(move_speed, max_playback_scale x base) without truncation).
    double real_speed = 0.0;      ///< u/s. The speed the actor moves at under the chosen MorrowindSpeedCap.
};

/// Jump take-off (note 2.3) and flight (note 2.4).
struct MorrowindJump {
    bool can_jump = false;        ///< false: over-encumbered, incapacitated, creature, sneaking, swimming,
                                  ///< flying, or take_off_speed <= 0.
    double jump_term = 0.0;       ///< u/s. x before gravity: (base + acrobatics terms) x encumbrance x run x
                                  ///< fatigue.
    double take_off_speed = 0.0;  ///< u/s. v = (jump_term + g) / 3 (0 when !can_jump).
    Vec3 velocity;              ///< u/s. (0, 0, v) standing; 0.707 v (dx, dy, 1) moving along unit (dx, dy).
    double fatigue_cost = 0.0;  ///< fatigue points: fFatigueJumpBase + min(1, enc) x fFatigueJumpMult.
    double air_control = 0.0;   ///< dimensionless: input velocity multiplier while airborne.
    double apex_height = 0.0;   ///< u. Continuous apex v_z^2 / (2 g).
    double airtime = 0.0;       ///< s. Continuous time back to take-off height, 2 v_z / g.
};

/// A fixed-step flight on flat ground (note 2.4: inertia.z -= g dt each step, position advanced with the
/// velocity before the step's gravity).
struct MorrowindJumpArc {
    int steps = 0;             ///< Steps until the height is back to <= 0.
    double airtime = 0.0;      ///< s. steps x physics_step.
    double apex_height = 0.0;  ///< u. Highest height reached at a step end.
};

/// Landing after a fall (note 2.5).
struct MorrowindFall {
    bool soft_landing = true;  ///< Under the threshold: nothing else happens.
    double damage_term = 0.0;  ///< x after the Acrobatics factor (the knockdown compares against it).
    double health_loss = 0.0;  ///< health points: x (1 - 0.25 fatigueTerm) when x > 0.
    bool knockdown = false;    ///< Acrobatics x fatigueTerm < x.
};

/// fatigueTerm = fFatigueBase - fFatigueMult (1 - max(0, ratio)) (note 2.1; CreatureStats::getFatigueTerm).
[[nodiscard]] double fatigue_term(const MorrowindGmsts& gmsts, double fatigue_ratio);
/// current / maximum fatigue as OpenMW forms it: 1 when floor(maximum) == 0 (no division by 0).
[[nodiscard]] double fatigue_ratio(double current, double maximum);
/// Normalized encumbrance as OpenMW computes it (note 2.1): 0 when encumbrance <= 0 (vanilla: 0/0 = 1), +inf
/// (over-encumbered) when capacity <= 0. encumbrance = weight - Feather + Burden, capacity = Strength x
/// fEncumbranceStrMult (NPC) or Strength x 5 (creature) — see morrowind_capacity.
[[nodiscard]] double normalized_encumbrance(double encumbrance, double capacity);
/// Carrying capacity from Strength.
[[nodiscard]] double morrowind_capacity(const MorrowindGmsts& gmsts, MorrowindActorKind kind,
                                        double strength);
/// |x| > 2 |y|: within about 26.6 degrees of pure sideways (note 2.1). Zero input is not a strafe.
[[nodiscard]] constexpr bool is_strafe(Vec2 input) {
    const double ax = input.x < 0.0 ? -input.x : input.x;
    const double ay = input.y < 0.0 ? -input.y : input.y;
    return ax > 2.0 * ay;
}

/// u/s. The fastest take-off MorrowindModel::jump and simulate_jump accept, so that every flight's step count
/// is bounded: 1e6 u/s is 15.6 km/s (docs/errors.md, "Limits").
inline constexpr double morrowind_max_take_off_speed = 1.0e6;

/// points. The largest attribute, skill or magnitude an actor takes (Speed, Athletics, Acrobatics, Levitate,
/// Swift Swim, Jump; also the largest normalized encumbrance). Far above anything the game reaches, and low
/// enough that every speed, jump and fall formula (a few GMSTs, each at most 1e6, times these) stays finite:
/// unbounded, Speed or Levitate 1e308 printed infinite speeds (issue 40).
inline constexpr double morrowind_max_points = 1.0e6;
/// u. The highest fall MorrowindModel::fall takes: the bound of every world coordinate (1e9).
inline constexpr double morrowind_max_fall_height = 1.0e9;

/// The Morrowind movement model. Construction validates the settings (throws SettingsError); every query is a
/// pure function of its arguments, validates the actor (throws SettingsError naming the bad fields) and does
/// not allocate unless it throws.
class MorrowindModel {
  public:
    explicit MorrowindModel(const MorrowindSettings& settings = {});

    [[nodiscard]] const MorrowindSettings& settings() const noexcept { return settings_; }
    /// u/s^2, from settings().rules.gravity.
    [[nodiscard]] double gravity() const noexcept { return gravity_; }

    /// Target speed (the OpenMW research notes "Actor target speeds"; note 2.1 getMaxSpeed order).
    [[nodiscard]] MorrowindSpeed speed(const MorrowindActor& actor, const MorrowindStance& stance) const;
    /// Playback scale and real speed for a speed() result (the OpenMW research notes "Animation system";
    /// note 2.2).
    [[nodiscard]] MorrowindAnimation animation(const MorrowindActor& actor,
                                               const MorrowindSpeed& speed) const;
    /// Midair control factor for an Acrobatics value (note 2.4).
    [[nodiscard]] double air_control(double acrobatics) const;
    /// Airborne velocity: take-off inertia plus the input ground velocity x air_control (the OpenMW research
    /// notes "Midair").
    [[nodiscard]] Vec3 airborne_velocity(Vec3 inertia, Vec2 input_velocity, double acrobatics) const;
    /// Jump take-off. `direction` is the wanted ground movement (any length); zero means standing still.
    /// Throws SettingsError naming "take_off_speed" when a jump that can happen would leave faster than 1e6
    /// u/s (acrobatics, jump_magnitude or the GMSTs too large), the bound of simulate_jump.
    [[nodiscard]] MorrowindJump jump(const MorrowindActor& actor, const MorrowindStance& stance,
                                     Vec2 direction) const;
    /// Steps a vertical take-off speed at settings().physics_step until it lands on the take-off height.
    /// take_off_speed in u/s, [0, 1e6]; throws SettingsError outside.
    [[nodiscard]] MorrowindJumpArc simulate_jump(double take_off_speed) const;
    /// Landing after falling `height` u ([0, morrowind_max_fall_height]) from the peak (note 2.5).
    [[nodiscard]] MorrowindFall fall(const MorrowindActor& actor, double height) const;
    /// The Speed attribute at which the target speed reaches max_playback_scale x base speed, everything else
    /// in `actor` and `stance` kept (the wiki's "about 1030", note 4). Empty when the speed does not grow
    /// with the attribute or the base speed is unknown; 0 when even Speed 0 reaches the cap. Uses that every
    /// speed formula is affine in the attribute.
    [[nodiscard]] std::optional<double> speed_attribute_at_cap(const MorrowindActor& actor,
                                                               const MorrowindStance& stance) const;

  private:
    MorrowindSettings settings_;
    double gravity_;
};

}  // namespace kinema::movement
