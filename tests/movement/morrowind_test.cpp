// The Morrowind model against the reference note's test vectors (../shared/reference/morrowind.md section 5
// and the "about 1030" table of section 4, computed there with OpenMW's gravity 627.1216) and against values
// derived by hand from the OpenMW research notes' formulas (the arithmetic is in the comments).
#include "kinema/movement/morrowind.hpp"

#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>

namespace {

using kinema::Vec2;
using kinema::Vec3;
using namespace kinema::movement;

// The note rounds its tables to 2 or 3 decimals; exact hand-derived values are checked to 1e-9.
constexpr double kExact = 1e-9;

MorrowindModel openmw_model() {
    MorrowindSettings settings;
    settings.rules = MorrowindRules::openmw();
    return MorrowindModel(settings);
}

MorrowindActor npc(double speed, double athletics) {
    MorrowindActor a;
    a.speed = speed;
    a.athletics = athletics;
    return a;
}

MorrowindStance stance(bool run = false) {
    MorrowindStance s;
    s.run = run;
    return s;
}

// ---------------------------------------------------------------------------------------------------------------
// GMSTs

TEST(MorrowindGmsts, DefaultsAreVanillaNoteSection1) {
    const MorrowindGmsts g;
    const std::pair<const char*, double> expected[] = {
        {"fMinWalkSpeed", 100},          {"fMaxWalkSpeed", 200},         {"fEncumberedMoveEffect", 0.3},
        {"fSneakSpeedMultiplier", 0.75}, {"fMinWalkSpeedCreature", 5},   {"fMaxWalkSpeedCreature", 300},
        {"fAthleticsRunBonus", 1.0},     {"fBaseRunMultiplier", 1.75},   {"fMinFlySpeed", 5},
        {"fMaxFlySpeed", 300},           {"fSwimRunAthleticsMult", 0.1}, {"fSwimRunBase", 0.5},
        {"fWereWolfRunMult", 1.3},       {"fJumpEncumbranceBase", 0.5},  {"fJumpEncumbranceMultiplier", 1.0},
        {"fJumpAcrobaticsBase", 128},    {"fJumpAcroMultiplier", 4},     {"fJumpRunMultiplier", 1.0},
        {"fJumpMoveBase", 0.5},          {"fJumpMoveMult", 0.5},         {"fFallDamageDistanceMin", 400},
        {"fFallAcroBase", 0.25},         {"fFallAcroMult", 0.01},        {"fFallDistanceBase", 0},
        {"fFallDistanceMult", 0.07},     {"fFatigueJumpBase", 5},        {"fFatigueJumpMult", 0},
        {"fFatigueBase", 1.25},          {"fFatigueMult", 0.5},          {"fEncumbranceStrMult", 5},
    };
    EXPECT_EQ(kinema::list_fields(kinema::settings_description<MorrowindGmsts>()).size(),
              std::size(expected));
    for (const auto& [name, value] : expected) {
        EXPECT_EQ(kinema::get_field(g, name), value) << name;
    }
    EXPECT_TRUE(g.validate().empty());
}

TEST(MorrowindGmsts, SetByNameAndRejectUnknownNamesListingValidOnes) {
    MorrowindGmsts g;
    kinema::set_field(g, "fMinWalkSpeed", 120.0);
    kinema::set_field(g, "fWereWolfRunMult", 1.5);
    EXPECT_EQ(g.min_walk_speed, 120.0);
    EXPECT_EQ(g.werewolf_run_mult, 1.5);
    try {
        kinema::set_field(g, "fMinWalkSpeeed", 1.0);
        FAIL() << "expected std::invalid_argument";
    } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("fMinWalkSpeeed is not a field; valid fields: "), std::string::npos) << what;
        EXPECT_NE(what.find("fMinWalkSpeed, fMaxWalkSpeed"), std::string::npos) << what;
        EXPECT_NE(what.find("fEncumbranceStrMult"), std::string::npos) << what;
    }
    // Names are exact: GMST lookups in the game are case-insensitive, ours are not, to catch typos early.
    EXPECT_THROW(kinema::set_field(g, "fminwalkspeed", 1.0), std::invalid_argument);
    EXPECT_THROW((void)kinema::get_field(g, ""), std::invalid_argument);
}

TEST(MorrowindGmsts, ValidateNamesEveryBadGmst) {
    MorrowindGmsts g;
    g.max_walk_speed = -1.0;
    g.jump_acro_multiplier = -4.0;
    g.fall_distance_base = std::numeric_limits<double>::quiet_NaN();
    g.fall_acro_base = -3.0;  // may be negative: only finiteness is required
    const auto errors = g.validate();
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].field, "fMaxWalkSpeed");
    EXPECT_EQ(errors[1].field, "fJumpAcroMultiplier");
    EXPECT_EQ(errors[2].field, "fFallDistanceBase");
}

TEST(MorrowindSettings, ModelRejectsBadSettingsByFieldName) {
    MorrowindSettings s;
    s.gmsts.min_fly_speed = std::numeric_limits<double>::infinity();
    s.animation.run = -1.0;
    s.max_playback_scale = 0.0;
    s.physics_step = 0.0;
    try {
        MorrowindModel model(s);
        FAIL() << "expected SettingsError";
    } catch (const kinema::SettingsError& e) {
        ASSERT_EQ(e.errors().size(), 4u);
        EXPECT_EQ(e.errors()[0].field, "gmsts.fMinFlySpeed");
        EXPECT_EQ(e.errors()[1].field, "animation.run");
        EXPECT_EQ(e.errors()[2].field, "max_playback_scale");
        EXPECT_EQ(e.errors()[3].field, "physics_step");
    }
}

TEST(MorrowindActor, QueriesRejectBadActorsAndInputs) {
    const MorrowindModel model;
    MorrowindActor a;
    a.speed = -1.0;
    a.acrobatics = std::numeric_limits<double>::quiet_NaN();
    try {
        (void)model.speed(a, stance());
        FAIL() << "expected SettingsError";
    } catch (const kinema::SettingsError& e) {
        ASSERT_EQ(e.errors().size(), 2u);
        EXPECT_EQ(e.errors()[0].field, "speed");
        EXPECT_EQ(e.errors()[1].field, "acrobatics");
    }
    MorrowindActor creature_wolf;
    creature_wolf.kind = MorrowindActorKind::creature;
    creature_wolf.werewolf = true;
    EXPECT_THROW((void)model.speed(creature_wolf, stance()), kinema::SettingsError);
    MorrowindActor flying_npc;
    flying_npc.flies = true;
    EXPECT_THROW((void)model.jump(flying_npc, stance(), {}), kinema::SettingsError);
    MorrowindStance nan_input;
    nan_input.input = {std::nan(""), 0.0};
    EXPECT_THROW((void)model.speed(MorrowindActor{}, nan_input), kinema::SettingsError);
    EXPECT_THROW((void)model.fall(MorrowindActor{}, -1.0), kinema::SettingsError);
    EXPECT_THROW((void)model.fall(MorrowindActor{}, std::numeric_limits<double>::infinity()),
                 kinema::SettingsError);
    EXPECT_THROW((void)model.simulate_jump(-5.0), kinema::SettingsError);
}

// ---------------------------------------------------------------------------------------------------------------
// Speeds (note 5.1)

struct SpeedRow {
    double s, a, walk, sneak, run, strafe_run, swim_walk, swim_run;
};

TEST(MorrowindSpeed, NoteTable51) {
    // walk = 100 + S; run = walk (1.75 + A/100); swim = base (0.5 + 0.001 A); strafe = 0.75 run.
    // e.g. S 30, A 5: walk 130, run 130 x 1.80 = 234, swim walk 130 x 0.505 = 65.65, swim run 234 x 0.505 =
    // 118.17.
    const SpeedRow rows[] = {
        {0, 0, 100, 75, 175, 131.25, 50, 87.5},        {30, 5, 130, 97.5, 234, 175.5, 65.65, 118.17},
        {40, 20, 140, 105, 273, 204.75, 72.8, 141.96}, {50, 30, 150, 112.5, 307.5, 230.625, 79.5, 162.975},
        {100, 100, 200, 150, 550, 412.5, 120, 330},
    };
    const MorrowindModel model = openmw_model();
    for (const SpeedRow& r : rows) {
        const MorrowindActor actor = npc(r.s, r.a);
        MorrowindStance st = stance();
        EXPECT_NEAR(model.speed(actor, st).move_speed, r.walk, kExact) << r.s;
        EXPECT_EQ(model.speed(actor, st).mode, MorrowindMoveMode::walk);
        st.sneak = true;
        EXPECT_NEAR(model.speed(actor, st).move_speed, r.sneak, kExact) << r.s;
        EXPECT_EQ(model.speed(actor, st).mode, MorrowindMoveMode::sneak);
        st = stance(true);
        EXPECT_NEAR(model.speed(actor, st).move_speed, r.run, kExact) << r.s;
        st.input = {1.0, 0.0};
        EXPECT_NEAR(model.speed(actor, st).move_speed, r.strafe_run, kExact) << r.s;
        st = stance();
        st.swimming = true;
        EXPECT_NEAR(model.speed(actor, st).move_speed, r.swim_walk, kExact) << r.s;
        EXPECT_EQ(model.speed(actor, st).mode, MorrowindMoveMode::swim_walk);
        st.run = true;
        EXPECT_NEAR(model.speed(actor, st).move_speed, r.swim_run, kExact) << r.s;
        EXPECT_EQ(model.speed(actor, st).mode, MorrowindMoveMode::swim_run);
    }
}

TEST(MorrowindSpeed, EncumbranceSlowsWalkAndRunAndStopsAboveOne) {
    const MorrowindModel model;
    MorrowindActor a = npc(50, 30);
    // enc 0.5: 150 x (1 - 0.3 x 0.5) = 127.5; run 127.5 x 2.05 = 261.375 (note 5.1).
    a.normalized_encumbrance = 0.5;
    EXPECT_NEAR(model.speed(a, stance()).move_speed, 127.5, kExact);
    EXPECT_NEAR(model.speed(a, stance(true)).move_speed, 261.375, kExact);
    // enc 1.0: 150 x 0.7 = 105 (note 5.1). Exactly 1 still moves: only enc > 1 stops.
    a.normalized_encumbrance = 1.0;
    EXPECT_NEAR(model.speed(a, stance()).move_speed, 105.0, kExact);
    a.normalized_encumbrance = 1.0 + 1e-12;
    const MorrowindSpeed stopped = model.speed(a, stance(true));
    EXPECT_EQ(stopped.move_speed, 0.0);
    EXPECT_EQ(stopped.mode, MorrowindMoveMode::none);
    // A heavy GMST makes walk negative before the clamp: 150 x (1 - 2 x 0.9) = -120 -> 0.
    MorrowindSettings s;
    s.gmsts.encumbered_move_effect = 2.0;
    a.normalized_encumbrance = 0.9;
    EXPECT_EQ(MorrowindModel(s).speed(a, stance(true)).move_speed, 0.0);
}

TEST(MorrowindSpeed, SwiftSwimAndSneakIgnoredInWater) {
    const MorrowindModel model;
    MorrowindActor a = npc(50, 30);
    a.swift_swim = 50;
    MorrowindStance st = stance(true);
    st.swimming = true;
    // 307.5 x 1.5 x 0.53 = 244.4625 (note 5.1: 244.46).
    EXPECT_NEAR(model.speed(a, st).move_speed, 244.4625, kExact);
    // Sneak has no effect in water (OpenMW drops the stance): swim walk stays 150 x 0.53 = 79.5.
    a.swift_swim = 0;
    st.run = false;
    st.sneak = true;
    EXPECT_NEAR(model.speed(a, st).move_speed, 79.5, kExact);
}

TEST(MorrowindSpeed, FlyAndLevitate) {
    const MorrowindModel model;
    // 5 + 0.01 (S + L) x 295 (note 5.1): 182, 447.5, 595.
    MorrowindActor a = npc(50, 30);
    a.levitate = 10;
    EXPECT_NEAR(model.speed(a, stance()).move_speed, 182.0, kExact);
    EXPECT_EQ(model.speed(a, stance()).mode, MorrowindMoveMode::fly);
    a.levitate = 100;
    EXPECT_NEAR(model.speed(a, stance()).move_speed, 447.5, kExact);
    a.speed = 100;
    EXPECT_NEAR(model.speed(a, stance(true)).move_speed, 595.0,
                kExact);  // running does not matter in the air
    // Levitate beats swimming in getMaxSpeed order; NPC flight is slowed by encumbrance: 595 x 0.85 = 505.75.
    MorrowindStance st = stance();
    st.swimming = true;
    a.normalized_encumbrance = 0.5;
    EXPECT_NEAR(model.speed(a, st).move_speed, 505.75, kExact);
}

TEST(MorrowindSpeed, CreaturesRunAtWalkSpeedAndIgnoreEncumbranceUntilOverloaded) {
    const MorrowindModel model;
    MorrowindActor c;
    c.kind = MorrowindActorKind::creature;
    c.athletics = 80;  // a creature's combat stat: no effect on land
    // 5 + 0.01 S x 295 (note 5.1): S 0 -> 5, S 50 -> 152.5, S 100 -> 300.
    for (const auto& [s, v] : {std::pair{0.0, 5.0}, std::pair{50.0, 152.5}, std::pair{100.0, 300.0}}) {
        c.speed = s;
        EXPECT_NEAR(model.speed(c, stance()).move_speed, v, kExact);
        EXPECT_NEAR(model.speed(c, stance(true)).move_speed, v, kExact);
    }
    c.speed = 50;
    c.normalized_encumbrance = 0.99;
    MorrowindStance sneaking = stance();
    sneaking.sneak = true;
    EXPECT_NEAR(model.speed(c, sneaking).move_speed, 152.5, kExact);  // no sneak factor, no encumbrance
    EXPECT_EQ(model.speed(c, sneaking).mode, MorrowindMoveMode::walk);
    c.normalized_encumbrance = 1.01;
    EXPECT_EQ(model.speed(c, stance()).move_speed,
              0.0);  // "completely stop dead" (the OpenMW research notes comment)
    // A flying creature uses the fly formula without the encumbrance factor: 5 + 0.5 x 295 = 152.5.
    c.normalized_encumbrance = 0.5;
    c.flies = true;
    EXPECT_NEAR(model.speed(c, stance()).move_speed, 152.5, kExact);
    EXPECT_EQ(model.speed(c, stance()).mode, MorrowindMoveMode::fly);
    // Creature swim is based on walk: 152.5 x (0.5 + 0.001 x 80) = 152.5 x 0.58 = 88.45 with or without run.
    c.flies = false;
    c.normalized_encumbrance = 0;
    MorrowindStance swim = stance(true);
    swim.swimming = true;
    EXPECT_NEAR(model.speed(c, swim).move_speed, 88.45, kExact);
}

TEST(MorrowindSpeed, WerewolfRunBonus) {
    const MorrowindModel model;
    MorrowindActor w = npc(90, 50);
    w.werewolf = true;
    // walk 190, run 190 x 2.25 = 427.5, x 1.3 = 555.75 (note 5.1).
    MorrowindSpeed s = model.speed(w, stance(true));
    EXPECT_NEAR(s.move_speed, 555.75, kExact);
    EXPECT_TRUE(s.werewolf_bonus);
    MorrowindStance armed = stance(true);
    armed.weapon_ready = true;
    EXPECT_NEAR(model.speed(w, armed).move_speed, 427.5, kExact);
    EXPECT_NEAR(model.speed(w, stance()).move_speed, 190.0, kExact);  // walking: no bonus
    // The Construction Set's dirty 1.5: 427.5 x 1.5 = 641.25 (note 5.1).
    MorrowindSettings dirty;
    dirty.gmsts.werewolf_run_mult = 1.5;
    EXPECT_NEAR(MorrowindModel(dirty).speed(w, stance(true)).move_speed, 641.25, kExact);
    // Sneaking with run toggled on keeps the bonus (note 2.1 edge case): 190 x 0.75 x 1.3 = 185.25.
    MorrowindStance sneak_run = stance(true);
    sneak_run.sneak = true;
    s = model.speed(w, sneak_run);
    EXPECT_EQ(s.mode, MorrowindMoveMode::sneak);
    EXPECT_NEAR(s.move_speed, 185.25, kExact);
}

TEST(MorrowindSpeed, StrafeRuleDiagonalsAndAnalogInput) {
    EXPECT_TRUE(is_strafe({1.0, 0.0}));
    EXPECT_TRUE(is_strafe({-1.0, 0.0}));
    EXPECT_TRUE(is_strafe({1.0, 0.49}));    // 1 > 0.98
    EXPECT_FALSE(is_strafe({1.0, 0.5}));    // 1 > 1 is false: the boundary is not a strafe
    EXPECT_FALSE(is_strafe({1.0, 1.0}));    // diagonal
    EXPECT_FALSE(is_strafe({-0.6, -0.8}));  // back-left diagonal (OpenMW's player.lua test direction)
    EXPECT_FALSE(is_strafe({0.0, 1.0}));
    EXPECT_FALSE(is_strafe({0.0, 0.0}));

    const MorrowindModel model;
    const MorrowindActor a = npc(50, 30);
    MorrowindStance st = stance(true);
    // Unit diagonal: full run speed 307.5, no strafe factor.
    st.input = {std::sqrt(0.5), std::sqrt(0.5)};
    MorrowindSpeed s = model.speed(a, st);
    EXPECT_FALSE(s.strafing);
    EXPECT_NEAR(s.move_speed, 307.5, 1e-9);
    // Pure sideways: 307.5 x 0.75 = 230.625.
    st.input = {-1.0, 0.0};
    s = model.speed(a, st);
    EXPECT_TRUE(s.strafing);
    EXPECT_NEAR(s.move_speed, 230.625, kExact);
    // Half-tilted stick forward: 307.5 x 0.5 = 153.75; the factor is capped at 1 for long inputs.
    st.input = {0.0, 0.5};
    EXPECT_NEAR(model.speed(a, st).move_speed, 153.75, kExact);
    st.input = {3.0, 4.0};  // length 5 -> factor 1, not a strafe
    EXPECT_NEAR(model.speed(a, st).move_speed, 307.5, kExact);
    st.input = {0.0, 0.0};
    EXPECT_EQ(model.speed(a, st).move_speed, 0.0);
    EXPECT_NEAR(model.speed(a, st).max_speed, 307.5, kExact);
    MorrowindStance down = stance(true);
    down.incapacitated = true;
    EXPECT_EQ(model.speed(a, down).move_speed, 0.0);
}

// ---------------------------------------------------------------------------------------------------------------
// Animation playback and the 10x cap (note 2.2, 4, 5.5)

TEST(MorrowindAnimation, PlaybackScaleUsesThePlayingAnimationsBaseSpeed) {
    const MorrowindModel model;
    const MorrowindActor a = npc(50, 30);
    // Run: 307.5 / 222.857; walk: 150 / 154.064; sneak: 112.5 / 33.5452.
    EXPECT_NEAR(model.animation(a, model.speed(a, stance(true))).playback_scale, 307.5 / 222.857, kExact);
    EXPECT_NEAR(model.animation(a, model.speed(a, stance())).playback_scale, 150.0 / 154.064, kExact);
    MorrowindStance sneak = stance();
    sneak.sneak = true;
    const MorrowindAnimation an = model.animation(a, model.speed(a, sneak));
    EXPECT_EQ(an.base_speed, 33.5452);
    EXPECT_NEAR(an.playback_scale, 112.5 / 33.5452, kExact);
    EXPECT_NEAR(an.real_speed, 112.5, kExact);
    // A running creature is scaled by its walk animation: S 100 -> 300 / 154.064.
    MorrowindActor c;
    c.kind = MorrowindActorKind::creature;
    c.speed = 100;
    const MorrowindAnimation ca = model.animation(c, model.speed(c, stance(true)));
    EXPECT_EQ(ca.base_speed, 154.064);
    EXPECT_NEAR(ca.playback_scale, 300.0 / 154.064, kExact);
    // Swim animations' speeds are unknown (0): no scaling, no cap.
    MorrowindStance swim = stance(true);
    swim.swimming = true;
    const MorrowindAnimation sa = model.animation(a, model.speed(a, swim));
    EXPECT_EQ(sa.base_speed, 0.0);
    EXPECT_EQ(sa.playback_scale, 1.0);
    EXPECT_NEAR(sa.real_speed, 162.975, kExact);
}

TEST(MorrowindAnimation, VanillaCapsRealSpeedOpenmwDoesNot) {
    // Speed 2000 walking: 100 + 20 x 100 = 2100 u/s > 10 x 154.064 = 1540.64 (note 5.5: vanilla top walk
    // 1540.6).
    const MorrowindActor a = npc(2000, 0);
    const MorrowindModel vanilla;
    const MorrowindModel openmw = openmw_model();
    const MorrowindAnimation v = vanilla.animation(a, vanilla.speed(a, stance()));
    EXPECT_TRUE(v.at_cap);
    EXPECT_EQ(v.playback_scale, 10.0);
    EXPECT_NEAR(v.real_speed, 1540.64, kExact);
    const MorrowindAnimation o = openmw.animation(a, openmw.speed(a, stance()));
    EXPECT_TRUE(o.at_cap);
    EXPECT_EQ(o.playback_scale, 10.0);
    EXPECT_NEAR(o.capped_speed, 1540.64, kExact);
    EXPECT_NEAR(o.real_speed, 2100.0, kExact);
    // Vanilla top speeds (note 5.5): run 10 x 222.857 = 2228.57, sneak 10 x 33.5452 = 335.452.
    const MorrowindAnimation r = vanilla.animation(a, vanilla.speed(a, stance(true)));
    EXPECT_NEAR(r.real_speed, 2228.57, kExact);
    MorrowindStance sneak = stance();
    sneak.sneak = true;
    EXPECT_NEAR(vanilla.animation(a, vanilla.speed(a, sneak)).real_speed, 335.452, kExact);
    // Below the cap both agree: S 50 run 307.5.
    const MorrowindActor slow = npc(50, 30);
    EXPECT_NEAR(vanilla.animation(slow, vanilla.speed(slow, stance(true))).real_speed, 307.5, kExact);
}

TEST(MorrowindAnimation, TruncatedBaseSpeedAsTheWikiWritesIt) {
    // int(154.064) = 154: S 50 walk scale 150/154; the root bone still moves at 154.064 x scale, so the real
    // speed is 150 x 154.064 / 154 = 150.0623376...; at S 2000 vanilla caps at 10 x 154.064 while OpenMW
    // moves 2100 x 154.064 / 154 = 2100.872727...
    MorrowindSettings s;
    s.rules.truncate_base_speed = true;
    const MorrowindModel vanilla(s);
    const MorrowindActor a = npc(50, 0);
    const MorrowindAnimation an = vanilla.animation(a, vanilla.speed(a, stance()));
    EXPECT_EQ(an.base_speed, 154.0);
    EXPECT_NEAR(an.playback_scale, 150.0 / 154.0, kExact);
    EXPECT_NEAR(an.real_speed, 150.0 * 154.064 / 154.0, kExact);
    const MorrowindActor fast = npc(2000, 0);
    EXPECT_NEAR(vanilla.animation(fast, vanilla.speed(fast, stance())).real_speed, 1540.64, kExact);
    s.rules.speed_cap = MorrowindSpeedCap::openmw;
    const MorrowindModel openmw(s);
    EXPECT_NEAR(openmw.animation(fast, openmw.speed(fast, stance())).real_speed, 2100.0 * 154.064 / 154.0,
                kExact);
}

TEST(MorrowindAnimation, SpeedAttributeAtCapNoteSection4) {
    // S* solves (100 + S) x m = 10 x base: walk m = 1, base 154.064 -> 1440.64; run m = 1.75 + A/100, base
    // 222.857 -> 2228.57 / m - 100; sneak m = 0.75, base 33.5452 -> 335.452 / 0.75 - 100 = 347.269333...
    const MorrowindModel model = openmw_model();
    const auto at_cap = [&](double athletics, bool run, bool sneak) {
        MorrowindStance st = stance(run);
        st.sneak = sneak;
        return model.speed_attribute_at_cap(npc(50, athletics), st).value();
    };
    EXPECT_NEAR(at_cap(0, false, false), 1440.64, 1e-9);
    EXPECT_NEAR(at_cap(0, true, false), 2228.57 / 1.75 - 100.0, 1e-9);  // 1173.47 (note: 1173.5)
    EXPECT_NEAR(at_cap(10, true, false), 1104.6, 0.05);
    EXPECT_NEAR(at_cap(20, true, false), 1042.9, 0.05);
    EXPECT_NEAR(at_cap(22.2, true, false), 1030.0,
                0.5);  // 2228.57 / 1.972 - 100 = 1030.11: the wiki's "1030"
    EXPECT_NEAR(at_cap(25, true, false), 1014.3, 0.05);
    EXPECT_NEAR(at_cap(30, true, false), 987.1, 0.05);
    EXPECT_NEAR(at_cap(50, true, false), 890.5, 0.05);
    EXPECT_NEAR(at_cap(100, true, false), 710.4, 0.05);
    EXPECT_NEAR(at_cap(0, false, true), 335.452 / 0.75 - 100.0, 1e-9);
    // At that attribute the playback is exactly at the cap.
    const MorrowindActor edge = npc(at_cap(22.2, true, false), 22.2);
    EXPECT_NEAR(model.animation(edge, model.speed(edge, stance(true))).playback_scale, 10.0, 1e-12);
    // Unknown swim base speed: no cap attribute.
    MorrowindStance swim = stance(true);
    swim.swimming = true;
    EXPECT_FALSE(model.speed_attribute_at_cap(npc(50, 30), swim).has_value());
}

// ---------------------------------------------------------------------------------------------------------------
// Jump (note 5.2)

TEST(MorrowindJump, TakeOffSpeedsNoteTable52) {
    // Full fatigue 1.25, enc 0 (x1.5): x = (128 + (a/15)^4 + 12 b) x 1.875; v = (x + 627.1216) / 3.
    //   Acro 0:   128 x 1.875 = 240                          -> v = 867.1216 / 3 = 289.04053...
    //   Acro 30:  (128 + 16) x 1.875 = 270                   -> v = 299.04053...
    //   Acro 50:  (128 + 10000/81) x 1.875 = 471.48148...    -> v = 366.20103...
    //   Acro 100: (128 + 10000/81 + 600) x 1.875 = 1596.48.. -> v = 741.20103...
    const MorrowindModel model = openmw_model();
    struct Row {
        double acro, v, moving, apex, control;
    };
    const Row rows[] = {
        {0, 867.1216 / 3.0, 204.35, 66.6, 0.5},
        {30, 897.1216 / 3.0, 211.42, 71.3, 0.65},
        {50, ((128.0 + 10000.0 / 81.0) * 1.875 + 627.1216) / 3.0, 258.90, 106.9, 0.75},
        {100, ((728.0 + 10000.0 / 81.0) * 1.875 + 627.1216) / 3.0, 524.03, 438.0, 1.0},
    };
    for (const Row& r : rows) {
        MorrowindActor a;
        a.acrobatics = r.acro;
        const MorrowindJump standing = model.jump(a, stance(), {});
        ASSERT_TRUE(standing.can_jump);
        EXPECT_NEAR(standing.take_off_speed, r.v, kExact) << r.acro;
        EXPECT_EQ(standing.velocity, (Vec3{0.0, 0.0, r.v}));
        EXPECT_NEAR(standing.apex_height, r.apex, 0.05) << r.acro;
        EXPECT_NEAR(standing.apex_height, r.v * r.v / (2.0 * 627.1216), kExact);
        EXPECT_NEAR(standing.air_control, r.control, kExact);
        EXPECT_EQ(standing.fatigue_cost, 5.0);
        // Moving along +x by any amount: each component 0.707 v (Acro 50's 258.90 = 0.707 x 366.20, own
        // check).
        const MorrowindJump moving = model.jump(a, stance(true), {250.0, 0.0});
        EXPECT_NEAR(moving.velocity.x, r.moving, 0.005) << r.acro;
        EXPECT_EQ(moving.velocity.y, 0.0);
        EXPECT_NEAR(moving.velocity.z, 0.707 * r.v, kExact);
    }
    // Acrobatics 5 vs 100 jump terms: 1596.48148 / (128.0123457 x 1.875) = 6.6514 (note 5.2, Nexus
    // "665.15%").
    MorrowindActor a5;
    a5.acrobatics = 5;
    MorrowindActor a100;
    a100.acrobatics = 100;
    EXPECT_NEAR(model.jump(a100, stance(), {}).jump_term / model.jump(a5, stance(), {}).jump_term, 6.6514,
                5e-5);
}

TEST(MorrowindJump, VariantsAndWikiGravity) {
    const MorrowindModel openmw = openmw_model();
    MorrowindActor a;
    a.acrobatics = 30;
    // enc 0.5 (x1.0) at half fatigue (term 1.0): 144 -> (144 + 627.1216) / 3 = 257.04053 (note 5.2).
    a.normalized_encumbrance = 0.5;
    a.fatigue_ratio = 0.5;
    EXPECT_NEAR(openmw.jump(a, stance(), {}).take_off_speed, 771.1216 / 3.0, kExact);
    // Exhausted (term 0.75), enc 0: 144 x 1.5 x 0.75 = 162 -> 263.04053.
    a.normalized_encumbrance = 0.0;
    a.fatigue_ratio = 0.0;
    EXPECT_NEAR(openmw.jump(a, stance(), {}).take_off_speed, 789.1216 / 3.0, kExact);
    // Jump 10: (144 + 640) x 1.875 = 1470 -> 699.04053.
    a.fatigue_ratio = 1.0;
    a.jump_magnitude = 10;
    EXPECT_NEAR(openmw.jump(a, stance(), {}).take_off_speed, 2097.1216 / 3.0, kExact);
    // Wiki gravity 627.2 adds (627.2 - 627.1216) / 3 = 0.026133... u/s.
    a.jump_magnitude = 0;
    const MorrowindModel wiki;
    EXPECT_NEAR(wiki.jump(a, stance(), {}).take_off_speed - openmw.jump(a, stance(), {}).take_off_speed,
                0.0784 / 3.0, 1e-9);
    EXPECT_EQ(wiki.gravity(), 627.2);
    EXPECT_EQ(openmw.gravity(), 627.1216);
    // fJumpRunMultiplier applies with the run stance: 1.5 -> (270 x 1.5 + 627.2) / 3 = 344.0666...
    MorrowindSettings s;
    s.gmsts.jump_run_multiplier = 1.5;
    EXPECT_NEAR(MorrowindModel(s).jump(a, stance(true), {}).take_off_speed, 1032.2 / 3.0, kExact);
    EXPECT_NEAR(MorrowindModel(s).jump(a, stance(false), {}).take_off_speed, 897.2 / 3.0, kExact);
}

TEST(MorrowindJump, WhoCannotJumpAndFatigueCost) {
    const MorrowindModel model;
    MorrowindActor a;
    MorrowindStance st = stance();
    st.sneak = true;
    EXPECT_FALSE(model.jump(a, st, {}).can_jump);
    st = stance();
    st.swimming = true;
    EXPECT_FALSE(model.jump(a, st, {}).can_jump);
    st = stance();
    st.incapacitated = true;
    EXPECT_FALSE(model.jump(a, st, {}).can_jump);
    MorrowindActor flying = a;
    flying.levitate = 5;
    EXPECT_FALSE(model.jump(flying, stance(), {}).can_jump);
    MorrowindActor heavy = a;
    heavy.normalized_encumbrance = 1.5;
    const MorrowindJump none = model.jump(heavy, stance(), {});
    EXPECT_FALSE(none.can_jump);
    EXPECT_EQ(none.take_off_speed, 0.0);
    EXPECT_EQ(none.velocity, Vec3{});
    MorrowindActor creature;
    creature.kind = MorrowindActorKind::creature;
    EXPECT_FALSE(model.jump(creature, stance(), {}).can_jump);
    // A GMST set that makes x + g <= 0 gives no jump: fJumpAcrobaticsBase -1000 at Acro 0:
    // -1000 x 1.875 + 627.2 < 0.
    MorrowindSettings s;
    s.gmsts.jump_acrobatics_base = -1000.0;
    MorrowindActor acro0;
    acro0.acrobatics = 0;
    EXPECT_FALSE(MorrowindModel(s).jump(acro0, stance(), {}).can_jump);
    // fFatigueJumpMult 2: 5 + 0.5 x 2 = 6 at enc 0.5; 5 + 1 x 2 = 7 at enc 1.
    s = {};
    s.gmsts.fatigue_jump_mult = 2.0;
    MorrowindActor loaded = a;
    loaded.normalized_encumbrance = 0.5;
    EXPECT_NEAR(MorrowindModel(s).jump(loaded, stance(), {}).fatigue_cost, 6.0, kExact);
    loaded.normalized_encumbrance = 1.0;
    EXPECT_NEAR(MorrowindModel(s).jump(loaded, stance(), {}).fatigue_cost, 7.0, kExact);
}

TEST(MorrowindJump, DiagonalTakeOffIsNormalized) {
    const MorrowindModel model;
    MorrowindActor a;
    a.acrobatics = 30;
    // v = (270 + 627.2) / 3 = 299.0666...; direction (3, 4) -> (0.6, 0.8): 0.707 v (0.6, 0.8, 1).
    const double v = 897.2 / 3.0;
    const MorrowindJump j = model.jump(a, stance(true), {3.0, 4.0});
    EXPECT_NEAR(j.velocity.x, 0.707 * v * 0.6, kExact);
    EXPECT_NEAR(j.velocity.y, 0.707 * v * 0.8, kExact);
    EXPECT_NEAR(j.velocity.z, 0.707 * v, kExact);
    // The closed-form apex uses the vertical component only: (0.707 v)^2 / (2 x 627.2).
    EXPECT_NEAR(j.apex_height, (0.707 * v) * (0.707 * v) / 1254.4, kExact);
}

TEST(MorrowindJump, MidairControlCappedOnlyUnderOpenmwRules) {
    const MorrowindModel wiki;
    const MorrowindModel openmw = openmw_model();
    // 0.5 + 0.005 Acro: 30 -> 0.65; 100 -> 1.0; 150 -> 1.25 (wiki) vs min(1, 1.25) = 1 (OpenMW).
    EXPECT_NEAR(wiki.air_control(30), 0.65, kExact);
    EXPECT_NEAR(openmw.air_control(30), 0.65, kExact);
    EXPECT_NEAR(wiki.air_control(100), 1.0, kExact);
    EXPECT_NEAR(wiki.air_control(150), 1.25, kExact);
    EXPECT_EQ(openmw.air_control(150), 1.0);
    // Total velocity = inertia + input x 0.65: (10, 211.42, 211.42) + 0.65 (0, 307.5) = (10, 411.295,
    // 211.42).
    const Vec3 v = wiki.airborne_velocity({10.0, 211.42, 211.42}, {0.0, 307.5}, 30);
    EXPECT_NEAR(v.x, 10.0, kExact);
    EXPECT_NEAR(v.y, 211.42 + 199.875, kExact);
    EXPECT_EQ(v.z, 211.42);
}

TEST(MorrowindJump, FixedStepArcMatchesNoteAndClosedForm) {
    const MorrowindModel model = openmw_model();
    const double g = 627.1216;
    const double dt = 1.0 / 60.0;
    // Note 5.2, 1/60 s column: apex 69.0 / 73.8 / 110.0 / 444.2, airtime 0.95 / 0.98 / - / 2.38 s.
    struct Row {
        double acro, apex, airtime;
    };
    const Row rows[] = {{0, 69.0, 0.95}, {30, 73.8, 0.98}, {50, 110.0, -1.0}, {100, 444.2, 2.38}};
    for (const Row& r : rows) {
        MorrowindActor a;
        a.acrobatics = r.acro;
        const double v = model.jump(a, stance(), {}).take_off_speed;
        const MorrowindJumpArc arc = model.simulate_jump(v);
        EXPECT_NEAR(arc.apex_height, r.apex, 0.05) << r.acro;
        if (r.airtime > 0) {
            EXPECT_NEAR(arc.airtime, r.airtime, 0.005) << r.acro;
        }
        // Closed form of the stepped arc: z_n = n dt v - g dt^2 n (n - 1) / 2 is a parabola in n with top
        // z* = (v + g dt / 2)^2 / (2 g); the best integer n is within 1/2 of it, so apex in [z* - g dt^2/8,
        // z*].
        const double top = (v + g * dt / 2.0) * (v + g * dt / 2.0) / (2.0 * g);
        EXPECT_LE(arc.apex_height, top + 1e-9);
        EXPECT_GE(arc.apex_height, top - g * dt * dt / 8.0 - 1e-9);
        // z_n <= 0 first when n - 1 >= 2 v / (g dt): steps = floor(2 v / (g dt)) + 2 (non-integer ratio).
        EXPECT_EQ(arc.steps, static_cast<int>(std::floor(2.0 * v / (g * dt))) + 2) << r.acro;
    }
    // Acro 0: 2 v / (g dt) = 55.31 -> 57 steps = 0.95 s (by hand).
    EXPECT_EQ(model.simulate_jump(867.1216 / 3.0).steps, 57);
    EXPECT_EQ(model.simulate_jump(0.0).steps, 0);
}

TEST(MorrowindJump, FineStepsConvergeToContinuousArc) {
    MorrowindSettings s;
    s.physics_step = 1e-4;
    const MorrowindModel fine(s);
    const double v = 300.0;
    const MorrowindJumpArc arc = fine.simulate_jump(v);
    // v^2 / 2g = 90000 / 1254.4 = 71.747...; 2 v / g = 0.95663 s; the stepped arc exceeds them by about
    // v dt / 2 = 0.015 u and dt.
    EXPECT_NEAR(arc.apex_height, 90000.0 / 1254.4, 0.02);
    EXPECT_NEAR(arc.airtime, 600.0 / 627.2, 2e-4);
}

// ---------------------------------------------------------------------------------------------------------------
// Fall damage (note 5.3)

TEST(MorrowindFall, NoteTable53) {
    // x = 0.07 max(0, h - 400 - 1.5 Acro) x (0.25 + 0.01 (100 - Acro)); loss = x (1 - 0.3125); knockdown x
    // > 1.25 Acro.
    //   500 / 0:    100 x 0.07 x 1.25 = 8.75       -> 6.015625; knockdown (8.75 > 0)
    //   1000 / 30:  555 x 0.07 x 0.95 = 36.9075    -> 25.3739;  36.9075 < 37.5
    //   1000 / 100: 450 x 0.07 x 0.25 = 7.875      -> 5.4140625
    //   2000 / 50:  1525 x 0.07 x 0.75 = 80.0625   -> 55.04296875; 80.06 > 62.5
    //   5000 / 5:   4592.5 x 0.07 x 1.2 = 385.77   -> 265.216875
    struct Row {
        double h, acro, x, loss;
        bool knockdown;
    };
    const Row rows[] = {
        {500, 0, 8.75, 6.015625, true},       {1000, 30, 36.9075, 25.37390625, false},
        {1000, 100, 7.875, 5.4140625, false}, {2000, 50, 80.0625, 55.04296875, true},
        {5000, 5, 385.77, 265.216875, true},
    };
    for (const MorrowindModel& model : {MorrowindModel(), openmw_model()}) {
        for (const Row& r : rows) {
            MorrowindActor a;
            a.acrobatics = r.acro;
            const MorrowindFall f = model.fall(a, r.h);
            EXPECT_FALSE(f.soft_landing);
            EXPECT_NEAR(f.damage_term, r.x, 1e-9) << r.h;
            EXPECT_NEAR(f.health_loss, r.loss, 1e-9) << r.h;
            EXPECT_EQ(f.knockdown, r.knockdown) << r.h;
        }
        MorrowindActor a;
        a.acrobatics = 30;
        const MorrowindFall at400 = model.fall(a, 400.0);
        EXPECT_EQ(at400.health_loss, 0.0);
        EXPECT_FALSE(at400.knockdown);
    }
}

TEST(MorrowindFall, ThresholdBoundaryJumpMagnitudeAndFatigue) {
    // With fFallDistanceBase 10 the boundary matters: at exactly 400 the wiki lands softly, OpenMW computes
    // x = (10 + 0) x 0.95 = 9.5 (Acro 30) -> loss 9.5 x 0.6875 = 6.53125, no knockdown (9.5 < 37.5).
    MorrowindSettings s;
    s.gmsts.fall_distance_base = 10.0;
    MorrowindActor a;
    a.acrobatics = 30;
    EXPECT_TRUE(MorrowindModel(s).fall(a, 400.0).soft_landing);
    s.rules.fall_threshold = MorrowindFallThreshold::openmw;
    const MorrowindFall f = MorrowindModel(s).fall(a, 400.0);
    EXPECT_FALSE(f.soft_landing);
    EXPECT_NEAR(f.health_loss, 6.53125, kExact);
    EXPECT_FALSE(f.knockdown);
    EXPECT_TRUE(MorrowindModel(s).fall(a, 399.999).soft_landing);

    const MorrowindModel model;
    // Jump 50 adds only 50 u of safe height: h 500, Acro 0: (100 - 50) x 0.07 x 1.25 = 4.375 (note 2.5).
    MorrowindActor j;
    j.acrobatics = 0;
    j.jump_magnitude = 50;
    EXPECT_NEAR(model.fall(j, 500.0).damage_term, 4.375, kExact);
    // Exhausted (term 0.75): 1000 / 30 -> 36.9075 x (1 - 0.1875) = 29.98734375, knockdown since 30 x 0.75
    // = 22.5.
    a = {};
    a.acrobatics = 30;
    a.fatigue_ratio = -0.2;
    const MorrowindFall tired = model.fall(a, 1000.0);
    EXPECT_NEAR(tired.health_loss, 29.98734375, 1e-9);
    EXPECT_TRUE(tired.knockdown);
    // A high Acrobatics swallows the whole excess: 600 - 1.5 x 400 = 0 -> no damage, no knockdown.
    a.acrobatics = 400;
    a.fatigue_ratio = 1.0;
    const MorrowindFall skilled = model.fall(a, 1000.0);
    EXPECT_EQ(skilled.damage_term, 0.0);
    EXPECT_EQ(skilled.health_loss, 0.0);
    EXPECT_FALSE(skilled.knockdown);
}

// ---------------------------------------------------------------------------------------------------------------
// fatigueTerm and encumbrance (note 5.4, 2.1)

TEST(MorrowindFatigue, FatigueTermNoteTable54) {
    const MorrowindGmsts g;
    EXPECT_EQ(fatigue_term(g, fatigue_ratio(100, 100)), 1.25);
    EXPECT_EQ(fatigue_term(g, fatigue_ratio(50, 100)), 1.0);
    EXPECT_EQ(fatigue_term(g, fatigue_ratio(0, 100)), 0.75);
    EXPECT_EQ(fatigue_term(g, fatigue_ratio(-10, 100)), 0.75);
    // Above full (Fortify Fatigue) the ratio is not clamped: 150/100 -> 1.25 - 0.5 x (1 - 1.5) = 1.5.
    EXPECT_EQ(fatigue_term(g, fatigue_ratio(150, 100)), 1.5);
    // floor(max) == 0: ratio 1 instead of a division by (almost) zero.
    EXPECT_EQ(fatigue_ratio(3.0, 0.5), 1.0);
}

TEST(MorrowindEncumbrance, OpenmwNormalizationAndCapacity) {
    const MorrowindGmsts g;
    EXPECT_EQ(morrowind_capacity(g, MorrowindActorKind::npc, 50), 250.0);
    EXPECT_EQ(normalized_encumbrance(150.0, 250.0), 0.6);
    EXPECT_EQ(normalized_encumbrance(0.0, 0.0), 0.0);  // vanilla would give 1
    EXPECT_EQ(normalized_encumbrance(1.0, 0.0), std::numeric_limits<double>::infinity());
    MorrowindGmsts strong;
    strong.encumbrance_str_mult = 6;
    EXPECT_EQ(morrowind_capacity(strong, MorrowindActorKind::npc, 50), 300.0);
    EXPECT_EQ(morrowind_capacity(strong, MorrowindActorKind::creature, 50), 250.0);  // creatures: always x5
}

}  // namespace
