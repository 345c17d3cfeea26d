// The pursuit simulation on our own levels: the chapter's situations (Couvidou's Dishonored 2 chase chapter
// Figures 1, 5 and 6) with every strategy, and for every run the NPC's frames are its model's exact steps
// with the recorded input, never faster than the model's maximum, always on walkable space, stopping near
// each goal; runs are deterministic and the chase events carry exactly what `kinema chase --json` prints.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/report/pursuit_json.hpp"
#include "pursuit_levels.hpp"

namespace kinema::pursuit {
namespace {

using Level = test::PursuitLevel;
using test::config_for;
using test::corner_config;
using test::corner_scenario;
using test::junction_config;
using test::junction_scenario;
using test::our_level;

const PursuitEvent* find_event(const PursuitResult& r, EventKind kind) {
    for (const PursuitEvent& e : r.events) {
        if (e.kind == kind) {
            return &e;
        }
    }
    return nullptr;
}

// A grid's pursuit lines (ChasePursuitSpace::clear_line, which walks the tiles from the start's tile
// directly) answer what the space's locate and dead reckoning say, on many segments of a level with corners.
TEST(PursuitLines, GridLinesAgreeWithDeadReckoning) {
    const Level lv("corner");
    ChasePursuitSpace ps(lv.space);
    EXPECT_EQ(ps.frame(), kinema::PlanarFrame::xy);  // a grid: the plane (x, y), positions [x, y]
    EXPECT_EQ(ps.dimensions(), 2);
    std::uint64_t state = 99;
    const auto next = [&state] {  // a fixed linear congruential sequence in [0, 1)
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    const double w = lv.level.width;
    const double h = lv.level.height;
    int clear = 0;
    int blocked = 0;
    for (int i = 0; i < 5000; ++i) {
        const Vec3 a{next() * w, next() * h, 0.0};
        // Every fourth segment has zero length (the walkable test alone).
        const Vec3 b = i % 4 == 0 ? a : Vec3{next() * w, next() * h, 0.0};
        const Vec3 d = b - a;
        const double len = length(d);
        const bool expected =
            !lv.space.locate(a).snapped && (len == 0.0 || !lv.space.dead_reckoning(a, d, len).blocked);
        ASSERT_EQ(ps.clear_line(a, b), expected) << i;
        ++(expected ? clear : blocked);
    }
    EXPECT_GT(clear, 100);
    EXPECT_GT(blocked, 100);
}

// The documented arrival distance (docs/pursuit.md "Arrival").
constexpr double kArrive = 0.25;

// Every NPC frame is the model's own step from the previous frame with the recorded input, bit for bit; the
// speed never exceeds the CMC's maximum; every position is walkable and every move between frames is a clear
// line (no wall crossed, no wall corner cut); at every `arrived` the NPC stands within kArrive of the goal.
void expect_physical(const Level& lv, const PursuitConfig& config, const PursuitResult& r) {
    const double dt = 1.0 / config.settings.hz;
    const double scale = config.settings.model_scale;
    // The CMC's maximum; the other models' top speeds come from their own step (tested in tests/movement).
    const auto* unreal = std::get_if<movement::UnrealSettings>(&config.model);
    const double max_speed = unreal ? unreal->max_walk_speed : std::numeric_limits<double>::infinity();
    ASSERT_FALSE(r.frames.empty());
    for (std::size_t k = 0; k < r.frames.size(); ++k) {
        const PursuitFrame& f = r.frames[k];
        EXPECT_FALSE(lv.grid.locate(f.npc).snapped) << "frame " << k;
        // The CMC clamps to max_walk_speed by scaling, which rounds: a relative 1e-12 above it.
        EXPECT_LE(length(f.model.velocity), max_speed * (1.0 + 1e-12)) << "frame " << k;
        EXPECT_EQ(f.npc, f.model.position / scale);
        if (k == 0) {
            continue;
        }
        const PursuitFrame& prev = r.frames[k - 1];
        const movement::PlanarState expected = movement::step(config.model, prev.model, f.npc_input, dt);
        EXPECT_EQ(f.model.position, expected.position) << "frame " << k;
        EXPECT_EQ(f.model.velocity, expected.velocity) << "frame " << k;
        const Vec2 d = f.npc - prev.npc;
        if (length(d) > 0.0) {
            EXPECT_FALSE(chase::dead_reckoning(lv.grid, prev.npc, d, length(d)).blocked) << "frame " << k;
        }
    }
    for (const PursuitEvent& e : r.events) {
        if (e.kind == EventKind::arrived) {
            const std::size_t k = static_cast<std::size_t>(std::llround(e.t * config.settings.hz));
            ASSERT_LT(k, r.frames.size());
            EXPECT_LE(length(r.frames[k].npc - e.position), kArrive) << "arrived at t=" << e.t;
            // The CMC snaps to rest; the other models count as stopped at rest_speed (model units/s).
            if (unreal != nullptr) {
                EXPECT_EQ(r.frames[k].npc_velocity, (Vec2{0.0, 0.0}));
            } else {
                EXPECT_LE(length(r.frames[k].model.velocity), config.settings.rest_speed);
            }
        }
    }
}

// The chase events of flood strategies carry the result of a fresh chase from the lost_sight event, written
// as its chase_json.
void expect_chase_json(const Level& lv, const PursuitConfig& config, const PursuitResult& r) {
    const PursuitEvent* lost = find_event(r, EventKind::lost_sight);
    const PursuitEvent* chase_event = find_event(r, EventKind::chase);
    ASSERT_NE(lost, nullptr);
    ASSERT_NE(chase_event, nullptr);
    chase::ChaseQuery q;
    q.position = {lost->position.x, lost->position.y, 0.0};
    q.direction = {lost->direction.x, lost->direction.y, 0.0};
    chase::Flood flood(config.flood);
    const chase::ChaseResult expected = chase::run_chase(lv.space, flood, q);
    EXPECT_EQ(report::chase_event_json(lv.space, config, *chase_event),
              chase::chase_json(lv.space, flood, expected, config.map));
    ASSERT_TRUE(chase_event->chase.has_value());
    EXPECT_EQ(chase_event->chase->flood.destination, expected.flood.destination);
    EXPECT_EQ(chase_event->chase->flood.steps, expected.flood.steps);
}

// Figure 1 (tests/support/pursuit_levels.hpp): the corner scenario.
TEST(PursuitFigure1, LostWhileRunningTowardTheCorner) {
    const Level lv("corner");
    const PursuitResult r = run_pursuit(lv.space, corner_scenario(), corner_config(Strategy::flood));
    const PursuitEvent* lost = find_event(r, EventKind::lost_sight);
    ASSERT_NE(lost, nullptr);
    // Frame 0 sees the player at exactly the view range; one step later the sprinting player is beyond it.
    EXPECT_EQ(lost->t, 1.0 / 60.0);
    EXPECT_EQ(lost->position, (Vec2{12.5, 2.5}));
    EXPECT_EQ(lost->direction, (Vec2{1.0, 0.0}));
}

TEST(PursuitFigure1, DeadReckoningHitsTheWallAndSearches) {
    const Level lv("corner");
    const PursuitConfig config = corner_config(Strategy::dead_reckoning);
    const PursuitResult r = run_pursuit(lv.space, corner_scenario(), config);
    expect_physical(lv, config, r);
    const PursuitEvent* chase_event = find_event(r, EventKind::chase);
    ASSERT_NE(chase_event, nullptr);
    // Straight east from (12.5, 2.5): the last open tile before the east wall (column 19) is column 18.
    EXPECT_EQ(chase_event->position, (Vec2{18.5, 2.5}));
    EXPECT_FALSE(chase_event->chase.has_value());
    EXPECT_TRUE(report::chase_event_json(lv.space, config, *chase_event).empty());
    ASSERT_NE(find_event(r, EventKind::arrived), nullptr);
    ASSERT_NE(find_event(r, EventKind::search), nullptr);
    EXPECT_NE(r.reacquired_in, NpcState::chase);
    EXPECT_FALSE(r.outcome == Outcome::reacquired && r.reacquired_in == NpcState::chase);
}

TEST(PursuitFigure1, FloodFollowsRoundTheCornerAndReacquires) {
    const Level lv("corner");
    const PursuitConfig config = corner_config(Strategy::flood);
    const PursuitResult r = run_pursuit(lv.space, corner_scenario(), config);
    expect_physical(lv, config, r);
    expect_chase_json(lv, config, r);
    const PursuitEvent* chase_event = find_event(r, EventKind::chase);
    ASSERT_NE(chase_event, nullptr);
    EXPECT_GT(chase_event->position.y, 10.0);  // down the south corridor
    EXPECT_EQ(r.outcome, Outcome::reacquired);
    EXPECT_EQ(r.reacquired_in, NpcState::chase);
    EXPECT_EQ(find_event(r, EventKind::search), nullptr);
}

// Figure 5 (right), test::junction_scenario: the flood tilts into the long branch and re-acquires during the
// chase; running to the last known position leaves the NPC searching at the junction's foot.
TEST(PursuitFigure5, FloodTiltsIntoTheLongCorridor) {
    const Level lv("t_junction_unequal");
    const PursuitConfig config = junction_config(Strategy::flood);
    const PursuitResult r = run_pursuit(lv.space, junction_scenario(), config);
    expect_physical(lv, config, r);
    expect_chase_json(lv, config, r);
    const PursuitEvent* lost = find_event(r, EventKind::lost_sight);
    ASSERT_NE(lost, nullptr);
    EXPECT_EQ(lost->position, (Vec2{16.5, 3.5}));
    EXPECT_EQ(lost->direction, (Vec2{0.0, -1.0}));
    const PursuitEvent* chase_event = find_event(r, EventKind::chase);
    ASSERT_NE(chase_event, nullptr);
    EXPECT_EQ(chase_event->position.y, 2.5);
    EXPECT_GT(chase_event->position.x, 20.0);  // in the long east branch (columns 17..41)
    EXPECT_EQ(r.outcome, Outcome::reacquired);
    EXPECT_EQ(r.reacquired_in, NpcState::chase);
}

TEST(PursuitFigure5, LastKnownSearches) {
    const Level lv("t_junction_unequal");
    const PursuitConfig config = junction_config(Strategy::last_known);
    const PursuitResult r = run_pursuit(lv.space, junction_scenario(), config);
    expect_physical(lv, config, r);
    const PursuitEvent* chase_event = find_event(r, EventKind::chase);
    ASSERT_NE(chase_event, nullptr);
    EXPECT_EQ(chase_event->position, (Vec2{16.5, 3.5}));
    ASSERT_NE(find_event(r, EventKind::search), nullptr);
    EXPECT_FALSE(r.outcome == Outcome::reacquired && r.reacquired_in == NpcState::chase);
}

// Figure 6 (left): lost in a corridor opening into a wide room, the flood stops early near the entrance
// (too many cells heat up at once) and the search takes over.
TEST(PursuitFigure6, WideRoomStopsTheChaseEarlyAndTheSearchTakesOver) {
    const Level lv("corridor_into_room");
    PursuitScenario sc;
    sc.route = {{8.5, 12.5}, {20.5, 12.5}, {30.5, 3.5}};
    sc.npc = {2.5, 12.5};
    PursuitConfig config = config_for(Strategy::flood, "corridor_into_room");
    config.settings.view_range = 8.0;
    config.settings.player_speed = 7.5;
    const PursuitResult r = run_pursuit(lv.space, sc, config);
    expect_physical(lv, config, r);
    expect_chase_json(lv, config, r);
    const PursuitEvent* chase_event = find_event(r, EventKind::chase);
    ASSERT_NE(chase_event, nullptr);
    EXPECT_NE(
        report::chase_event_json(lv.space, config, *chase_event).find("\"stop_reason\":\"too_many_heated\""),
        std::string::npos);
    EXPECT_EQ(chase_event->chase->flood.stop_reason, chase::StopReason::too_many_heated);
    EXPECT_LE(chase_event->position.x, 16.0);  // the room starts at column 11
    ASSERT_NE(find_event(r, EventKind::search), nullptr);
    EXPECT_EQ(r.outcome, Outcome::reacquired);
    EXPECT_EQ(r.reacquired_in, NpcState::search);
    // The search's occupancy is a distribution over the cells.
    double total = 0.0;
    for (const double p : r.occupancy) {
        EXPECT_GE(p, 0.0);
        total += p;
    }
    EXPECT_NEAR(total, 1.0, 1e-9);
}

// On a straight approach the NPC brakes on the frame whose exact stop lands nearest the goal: it stops within
// half a frame's travel at full speed (600 cm/s / 60 Hz / 2 = 0.05 level units) of it.
TEST(PursuitLocomotion, StraightArrivalWithinHalfAFrame) {
    const Level lv("corner");
    const PursuitConfig config = corner_config(Strategy::dead_reckoning);
    const PursuitResult r = run_pursuit(lv.space, corner_scenario(), config);
    const PursuitEvent* arrived = find_event(r, EventKind::arrived);
    ASSERT_NE(arrived, nullptr);
    const std::size_t k = static_cast<std::size_t>(std::llround(arrived->t * 60.0));
    EXPECT_LE(length(r.frames[k].npc - arrived->position), 0.05);
    EXPECT_EQ(r.frames[k].npc.y, 2.5);
}

TEST(PursuitScenarioChecks, NamesTheBadSegmentAndPoints) {
    const Level lv("corner");
    PursuitScenario s = corner_scenario();
    s.route = {{2.5, 2.5}, {17.5, 2.5}, {2.5, 10.5}};
    FieldErrors e = s.validate(lv.space);
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].field, "route");
    EXPECT_EQ(e[0].message, "waypoint 3 (2.5,10.5) is not on walkable space");
    s.route = {{2.5, 2.5}, {17.5, 2.5}, {10.5, 2.5}, {17.5, 9.5}};
    e = s.validate(lv.space);
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].message, "segment 3 (10.5,2.5)-(17.5,9.5) crosses a wall or cuts a wall corner");
    // Exactly through the corner of the wall block at (16, 4): corner cutting.
    s.route = {{14.0, 2.0}, {18.0, 6.0}};
    e = s.validate(lv.space);
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].message, "segment 1 (14,2)-(18,6) crosses a wall or cuts a wall corner");
    s = corner_scenario();
    s.npc = {0.5, 0.5};
    e = s.validate(lv.space);
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].field, "npc");
    s = corner_scenario();
    s.route.clear();
    EXPECT_EQ(s.validate(lv.space).at(0).field, "route");
    EXPECT_THROW((void)run_pursuit(lv.space, s, corner_config(Strategy::flood)), SettingsError);
}

// max_time x hz is capped at max_pursuit_steps (one hour at 60 Hz): the ranges alone allowed 3.6 million.
TEST(PursuitScenarioChecks, StepsCapped) {
    PursuitSettings s;
    s.max_time = 3600.0;
    s.hz = 60.0;  // exactly 216,000 steps: allowed
    EXPECT_TRUE(s.validate().empty());
    s.max_time = 216.0;
    s.hz = 1000.0;  // 216,000 again
    EXPECT_TRUE(s.validate().empty());
    s.max_time = 216.001;  // 216,001 steps
    FieldErrors e = s.validate();
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].field, "max_time");
    EXPECT_EQ(e[0].message,
              "216.001 s x --hz 1000 = 216001 steps, more than the 216000 allowed (one hour at 60 Hz): lower "
              "--max-time or --hz");
    s.max_time = 3600.0;
    e = s.validate();
    ASSERT_EQ(e.size(), 1u);
    EXPECT_NE(e[0].message.find("= 3600000 steps"), std::string::npos);
    s.hz = 0.0;  // a field out of range is reported alone
    e = s.validate();
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].field, "hz");
    const Level lv("corner");
    PursuitConfig c = corner_config(Strategy::flood);
    c.settings.max_time = 3600.0;
    c.settings.hz = 61.0;
    EXPECT_THROW((void)run_pursuit(lv.space, corner_scenario(), c), SettingsError);
}

TEST(PursuitStimuli, ReseedWithinTheRestartCap) {
    const Level lv("corner");
    PursuitScenario sc = corner_scenario();
    sc.stimuli = {{0.5, {17.5, 20.5}}, {0.6, {17.5, 21.5}}, {0.7, {17.5, 22.5}}};
    PursuitConfig config = corner_config(Strategy::last_known);
    config.flood.max_restarts = 2;
    const PursuitResult r = run_pursuit(lv.space, sc, config);
    expect_physical(lv, config, r);
    int accepted = 0;
    int refused = 0;
    for (const PursuitEvent& e : r.events) {
        if (e.kind == EventKind::stimulus) {
            (e.accepted ? accepted : refused) += 1;
        }
    }
    EXPECT_EQ(accepted, 2);
    EXPECT_EQ(refused, 1);
    EXPECT_EQ(r.destination_changes, 2);
}

TEST(PursuitInvariants, EveryStrategyOnTheCorner) {
    const Level lv("corner");
    for (const Strategy s : all_strategies) {
        SCOPED_TRACE(std::string(to_string(s)));
        const PursuitConfig config = corner_config(s);
        const PursuitResult r = run_pursuit(lv.space, corner_scenario(), config);
        expect_physical(lv, config, r);
        if (s == Strategy::flood || s == Strategy::flood_paced) {
            expect_chase_json(lv, config, r);
        }
    }
}

// The same physical checks on a real map with many corners: the first batch scenarios of den011d (Dragon
// Age, a shared Moving AI map), every strategy, the player sprinting away.
TEST(PursuitInvariants, EveryStrategyOnASharedMap) {
    const std::string path = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/den011d.map";
    if (!std::filesystem::exists(path)) {
        GTEST_SKIP() << "shared map " << path << " not found";
    }
    const Level lv(levels::load_level(path));
    BatchSettings batch;
    batch.min_route = 30.0;
    for (int i = 0; i < 3; ++i) {
        PursuitConfig base = config_for(Strategy::flood, path);
        base.settings.player_speed = 9.0;
        base.settings.view_range = 12.0;
        base.settings.search_time = 10.0;
        const std::optional<PursuitScenario> sc = batch_scenario(lv.space, base, batch, i);
        ASSERT_TRUE(sc.has_value());
        for (const Strategy s : all_strategies) {
            SCOPED_TRACE(std::string(to_string(s)) + " scenario " + std::to_string(i));
            PursuitConfig config = base;
            config.settings.strategy = s;
            const PursuitResult r = run_pursuit(lv.space, *sc, config);
            expect_physical(lv, config, r);
        }
    }
}

// The other step models drive the NPC the same way: exact steps, walkable positions, clear moves.
TEST(PursuitInvariants, OtherModelsOnTheCorner) {
    const Level lv("corner");
    for (const std::string_view name : {"dishonored", "crosscode"}) {
        for (const Strategy s : {Strategy::flood, Strategy::dead_reckoning}) {
            SCOPED_TRACE(std::string(name) + " " + std::string(to_string(s)));
            PursuitConfig config = corner_config(s);
            config.model = movement::make_model(name);
            const PursuitResult r = run_pursuit(lv.space, corner_scenario(), config);
            expect_physical(lv, config, r);
            EXPECT_EQ(r.outcome, Outcome::reacquired);
        }
    }
}

// The library entry points refuse a model whose explicit friction diverges at the pursuit's step (CrossCode:
// 12 x friction x dt <= 2, so at friction 1 at least 6 Hz), naming "hz": the single pursuit and the batch
// alike.
// A config's one check, as every face runs it: its settings against the NPC model, then its flood.
TEST(PursuitScenarioChecks, AConfigChecksItsSettingsAgainstTheModelThenItsFlood) {
    PursuitConfig config = corner_config(Strategy::flood);
    EXPECT_TRUE(config.validate().empty());
    config.model = movement::make_model("crosscode");
    config.settings.hz = 5.0;  // 12 x 1 x 1/5 > 2: the model diverges at this step
    config.flood.hot = 0;      // H in [1, 1e6]
    const FieldErrors e = config.validate();
    ASSERT_EQ(e.size(), 2u);
    EXPECT_EQ(e[0].field, "hz");
    EXPECT_EQ(e[1].field, "hot");
    config.settings.hz = 6.0;
    config.flood.hot = 1;
    EXPECT_TRUE(config.validate().empty());
}

TEST(PursuitScenarioChecks, ModelThatWouldDivergeAtTheStepIsRefused) {
    const Level lv("corner");
    PursuitConfig config = corner_config(Strategy::flood);
    config.model = movement::make_model("crosscode");
    config.settings.hz = 5.0;
    const FieldErrors e = config.settings.validate(config.model);
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].field, "hz");
    EXPECT_THROW((void)run_pursuit(lv.space, corner_scenario(), config), SettingsError);
    BatchSettings batch;
    batch.scenarios = 1;
    EXPECT_THROW((void)run_batch(lv.space, config, batch), SettingsError);
    config.settings.hz = 6.0;  // 12 x 1 x 1/6 = 2: the bound itself runs
    EXPECT_TRUE(config.settings.validate(config.model).empty());
    EXPECT_NO_THROW((void)run_pursuit(lv.space, corner_scenario(), config));
}

// The other two outcomes: an NPC that never loses sight runs to the standing player and stops by them (the
// run ends there); a search shorter than the time the NPC needs to find the player gives up.
TEST(PursuitOutcomes, NeverLostAndGaveUp) {
    const Level lv("corner");
    PursuitScenario standing;
    standing.route = {{12.5, 2.5}};
    standing.npc = {2.5, 2.5};
    PursuitConfig config = config_for(Strategy::flood, "corner");
    const PursuitResult never = run_pursuit(lv.space, standing, config);
    expect_physical(lv, config, never);
    EXPECT_EQ(never.outcome, Outcome::never_lost);
    EXPECT_TRUE(never.events.empty());
    EXPECT_LE(never.npc_distance, kArrive);
    EXPECT_EQ(never.frames.back().npc_velocity, (Vec2{0.0, 0.0}));
    EXPECT_LT(never.frames.back().t, 5.0);
    EXPECT_EQ(never.time_to_reacquire, -1.0);

    PursuitConfig short_search = corner_config(Strategy::dead_reckoning);
    short_search.settings.search_time = 0.5;
    const PursuitResult gave_up = run_pursuit(lv.space, corner_scenario(), short_search);
    expect_physical(lv, short_search, gave_up);
    EXPECT_EQ(gave_up.outcome, Outcome::gave_up);
    const PursuitEvent* search = find_event(gave_up, EventKind::search);
    const PursuitEvent* end = find_event(gave_up, EventKind::gave_up);
    ASSERT_NE(search, nullptr);
    ASSERT_NE(end, nullptr);
    // Given up on the first frame at least search_time after the search began.
    EXPECT_GE(end->t - search->t, 0.5);
    EXPECT_LT(end->t - search->t, 0.5 + 1.0 / 60.0);
    EXPECT_EQ(gave_up.frames.back().state, NpcState::gave_up);
}

TEST(PursuitDeterminism, SameInputSameJson) {
    const Level lv("corner");
    for (const Strategy s : all_strategies) {
        const PursuitConfig config = corner_config(s);
        const std::string a = report::pursuit_json(lv.space, corner_scenario(), config,
                                                   run_pursuit(lv.space, corner_scenario(), config));
        const std::string b = report::pursuit_json(lv.space, corner_scenario(), config,
                                                   run_pursuit(lv.space, corner_scenario(), config));
        EXPECT_EQ(a, b);
    }
}

}  // namespace
}  // namespace kinema::pursuit
