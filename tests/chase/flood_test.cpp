// Hand-worked floods on tiny levels: every cell's value after every step, derived by hand from the rules in
// chase-flood-spec.md (steps A and B, result). Cell ids are the row-major order of passable tiles.
#include <gtest/gtest.h>

#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"

namespace kinema::chase {
namespace {

constexpr int B = barrier_value;
constexpr int U = untouched_value;

std::vector<int> values(const Flood& flood) {
    std::vector<int> v;
    for (CellId c = 0; c < flood.space()->size(); ++c) {
        v.push_back(flood.value(c));
    }
    return v;
}

GridSpace space_of(const char* text, Connectivity connectivity) {
    return GridSpace(levels::parse_ascii_level(text, "test"), {connectivity, 1.0});
}

// A 7-tile corridor, 4-connected, seed at column 2 running east, H = 3. Cell id = column; centres x = col +
// 0.5.
TEST(FloodHandWorked, CorridorCoolsAndExhausts) {
    const GridSpace grid = space_of(".......\n", Connectivity::four);
    FloodSettings settings;
    settings.hot = 3;
    settings.max_steps = 10;
    Flood flood(settings);
    flood.start(grid.cells(), CellId{2}, Vec2{1.0, 0.0});
    // A.1: seed = H = 3. A.2: neighbour 1 has dot((1.5 - 2.5, 0), (1, 0)) = -1 < 0 -> barrier; 3 has +1 ->
    // not.
    EXPECT_EQ(values(flood), (std::vector<int>{U, B, 3, U, U, U, U}));
    EXPECT_FALSE(flood.advance(1));
    // Step 1: new = {3} (1 is barrier); seed cools to 2; 3 = H. Barrier: 0 is west of 1 -> barrier.
    EXPECT_EQ(values(flood), (std::vector<int>{B, B, 2, 3, U, U, U}));
    flood.advance(1);
    // Step 2: new = {4}; 2 -> 1, 3 -> 2. The barrier frontier {0} has no untouched neighbour.
    EXPECT_EQ(values(flood), (std::vector<int>{B, B, 1, 2, 3, U, U}));
    flood.advance(1);
    EXPECT_EQ(values(flood), (std::vector<int>{B, B, 0, 1, 2, 3, U}));
    flood.advance(1);
    // Step 4: 2 stays at 0 (it never goes below), 6 = H.
    EXPECT_EQ(values(flood), (std::vector<int>{B, B, 0, 0, 1, 2, 3}));
    // Step 5: no untouched neighbour of {6}: exhausted, and the step did not happen.
    EXPECT_TRUE(flood.advance(1));
    EXPECT_EQ(values(flood), (std::vector<int>{B, B, 0, 0, 1, 2, 3}));
    const FloodResult r = flood.result();
    EXPECT_EQ(r.steps, 4);
    EXPECT_EQ(r.stop_reason, StopReason::exhausted);
    EXPECT_TRUE(r.finished);
    EXPECT_EQ(r.seed_cell, 2u);
    EXPECT_EQ(r.heated_cells, 5u);
    EXPECT_EQ(r.warm_cells, 3u);
    EXPECT_EQ(r.barrier_cells, 2u);
    // Centroid x = (1 * 4.5 + 2 * 5.5 + 3 * 6.5) / (1 + 2 + 3) = 35 / 6; y = 0.5.
    EXPECT_DOUBLE_EQ(r.centroid.x, 35.0 / 6.0);
    EXPECT_DOUBLE_EQ(r.centroid.y, 0.5);
    // Nearest heated centre: 5.5 (distance 1/3) beats 6.5 (2/3).
    EXPECT_EQ(r.destination_cell, 5u);
    EXPECT_EQ(r.destination, (Vec3{5.5, 0.5, 0.0}));
}

// A 3x3 room, 8-connected, seed in the middle (id 4) running east, default constants.
//   ids: 0 1 2 / 3 4 5 / 6 7 8
TEST(FloodHandWorked, RoomOneStepThenExhausted) {
    const GridSpace grid = space_of("...\n...\n...\n", Connectivity::eight);
    Flood flood;
    flood.start(grid.cells(), CellId{4}, Vec2{1.0, 0.0});
    // A.2: the west column (dx = -1) is barrier.
    EXPECT_EQ(values(flood), (std::vector<int>{B, U, U, B, 20, U, B, U, U}));
    flood.advance(1);
    // Step 1: five new cells (<= 25), all H; the seed cools to 19. The barrier has nowhere to go west.
    EXPECT_EQ(values(flood), (std::vector<int>{B, 20, 20, B, 19, 20, B, 20, 20}));
    EXPECT_TRUE(flood.advance(5));
    const FloodResult r = flood.result();
    EXPECT_EQ(r.steps, 1);
    EXPECT_EQ(r.stop_reason, StopReason::exhausted);
    // Weight 19 + 5 * 20 = 119. x: 19 * 1.5 + 20 * (1.5 + 2.5 + 2.5 + 1.5 + 2.5) = 238.5;
    // y: 19 * 1.5 + 20 * (0.5 + 0.5 + 1.5 + 2.5 + 2.5) = 178.5.
    EXPECT_DOUBLE_EQ(r.centroid.x, 238.5 / 119.0);
    EXPECT_DOUBLE_EQ(r.centroid.y, 1.5);
    // 238.5 / 119 = 2.00420..: cell 5 (x 2.5, distance 0.4958) beats the seed (x 1.5, distance 0.5042).
    EXPECT_EQ(r.destination_cell, 5u);
    EXPECT_EQ(r.warm_cells, 6u);
    EXPECT_EQ(r.heated_cells, 6u);
    EXPECT_EQ(r.barrier_cells, 3u);
}

// Same room with M_H = 4: step 1 would heat 5 cells, so it is discarded and the map stays as seeded.
TEST(FloodHandWorked, OverflowStepIsDiscarded) {
    const GridSpace grid = space_of("...\n...\n...\n", Connectivity::eight);
    FloodSettings settings;
    settings.max_heated = 4;
    Flood flood(settings);
    flood.start(grid.cells(), CellId{4}, Vec2{1.0, 0.0});
    EXPECT_TRUE(flood.advance(1));
    EXPECT_EQ(values(flood), (std::vector<int>{B, U, U, B, 20, U, B, U, U}));
    const FloodResult r = flood.result();
    EXPECT_EQ(r.steps, 0);
    EXPECT_EQ(r.stop_reason, StopReason::too_many_heated);
    EXPECT_EQ(r.destination_cell, 4u);
    EXPECT_EQ(r.centroid, (Vec3{1.5, 1.5, 0.0}));
    EXPECT_EQ(r.heated_cells, 1u);
    // M_H = 5 lets exactly five through (the test is "more than M_H").
    settings.max_heated = 5;
    flood.set_settings(settings);
    flood.start(grid.cells(), CellId{4}, Vec2{1.0, 0.0});
    EXPECT_TRUE(flood.run().stop_reason == StopReason::exhausted);
    EXPECT_EQ(flood.steps(), 1);
}

// A diagonal direction (1, 1): only neighbours with dx + dy < 0 are barrier; the two on the line (dx + dy =
// 0, cells 2 and 6) are not, so they heat at step 1 (the half-plane test is strict).
TEST(FloodHandWorked, CellsOnTheLineAreNotBarrier) {
    const GridSpace grid = space_of("...\n...\n...\n", Connectivity::eight);
    Flood flood;
    flood.start(grid.cells(), CellId{4}, Vec2{1.0, 1.0});
    EXPECT_EQ(values(flood), (std::vector<int>{B, B, U, B, 20, U, U, U, U}));
    flood.advance(1);
    EXPECT_EQ(values(flood), (std::vector<int>{B, B, 20, B, 19, 20, 20, 20, 20}));
}

// The barrier's own half-plane test is strict too. 3x3 room, 4-connected, seed (1,1) = id 4 running east.
TEST(FloodHandWorked, BarrierDoesNotSpreadAlongItsLine) {
    const GridSpace grid = space_of("...\n...\n...\n", Connectivity::four);
    Flood flood;
    flood.start(grid.cells(), CellId{4}, Vec2{1.0, 0.0});
    // A.2: only (0,1) = id 3 is west of the seed.
    EXPECT_EQ(values(flood), (std::vector<int>{U, U, U, B, 20, U, U, U, U}));
    flood.advance(1);
    // Step 1 heat: 1, 5, 7. Barrier from 3: its neighbours 0 and 6 are straight above/below (dot = 0), not
    // west.
    EXPECT_EQ(values(flood), (std::vector<int>{U, 20, U, B, 19, 20, U, 20, U}));
    flood.advance(1);
    // Step 2 heat: 0, 2, 6, 8 (next to 1, 5, 7) -- including the two cells beside the barrier.
    EXPECT_EQ(values(flood), (std::vector<int>{20, 19, 20, B, 18, 19, 20, 19, 20}));
}

// M_S = 0: the seed alone, reason max_steps (the barrier is still seeded).
TEST(FloodHandWorked, ZeroMaxSteps) {
    const GridSpace grid = space_of("...\n...\n...\n", Connectivity::eight);
    FloodSettings settings;
    settings.max_steps = 0;
    const FloodResult r = run_flood(grid.cells(), {4, false}, {1.0, 0.0}, settings);
    EXPECT_EQ(r.steps, 0);
    EXPECT_EQ(r.stop_reason, StopReason::max_steps);
    EXPECT_EQ(r.destination_cell, 4u);
    EXPECT_EQ(r.heated_cells, 1u);
    EXPECT_EQ(r.barrier_cells, 3u);
}

// Barrier propagation in its own half-plane, and heat that turns the barrier's corner. 5x3 room, 8-connected,
// seed at (2,1) = id 7 running east, H = 20. ids: row 0: 0..4, row 1: 5..9, row 2: 10..14.
TEST(FloodHandWorked, BarrierGrowsWestAndStaysBarrier) {
    const GridSpace grid = space_of(".....\n.....\n.....\n", Connectivity::eight);
    Flood flood;
    flood.start(grid.cells(), CellId{7}, Vec2{1.0, 0.0});
    // A.2: (1,0) (1,1) (1,2) = ids 1, 6, 11.
    EXPECT_EQ(values(flood), (std::vector<int>{U, B, U, U, U, U, B, 20, U, U, U, B, U, U, U}));
    flood.advance(1);
    // Heat first: neighbours of 7 untouched: 2, 3, 8, 12, 13 -> 20; seed 19. Then barrier: column 0 (0, 5,
    // 10).
    EXPECT_EQ(values(flood), (std::vector<int>{B, B, 20, 20, U, B, B, 19, 20, U, B, B, 20, 20, U}));
    flood.advance(1);
    // Heat: untouched neighbours of {2, 3, 8, 12, 13}: 4, 9, 14. Others cool by one.
    EXPECT_EQ(values(flood), (std::vector<int>{B, B, 19, 19, 20, B, B, 18, 19, 20, B, B, 19, 19, 20}));
    EXPECT_TRUE(flood.advance(1));
    EXPECT_EQ(flood.result().stop_reason, StopReason::exhausted);
    EXPECT_EQ(flood.steps(), 2);
}

TEST(FloodSettingsTest, DefaultsAndPresets) {
    const FloodSettings d;
    EXPECT_EQ(d.hot, 20);
    EXPECT_EQ(d.max_heated, 25);
    EXPECT_EQ(d.max_steps, 40);
    EXPECT_TRUE(d.validate().empty());
    EXPECT_EQ(FloodSettings::difficulty(1).max_steps, 20);
    EXPECT_EQ(FloodSettings::difficulty(2).max_steps, 30);
    EXPECT_EQ(FloodSettings::difficulty(3).max_steps, 40);
    EXPECT_EQ(FloodSettings::difficulty(1).hot, 20);
    EXPECT_THROW(FloodSettings::difficulty(4), SettingsError);
}

TEST(FloodSettingsTest, ValidateNamesEveryBadField) {
    FloodSettings s;
    s.hot = 0;
    s.max_heated = 0;
    s.max_steps = -1;
    s.max_restarts = -2;
    const FieldErrors errors = s.validate();
    ASSERT_EQ(errors.size(), 4u);
    EXPECT_EQ(errors[0].field, "hot");
    EXPECT_EQ(errors[1].field, "max_heated");
    EXPECT_EQ(errors[2].field, "max_steps");
    EXPECT_EQ(errors[3].field, "max_restarts");
    EXPECT_THROW(Flood{s}, SettingsError);
}

TEST(FloodApi, RejectsBadInput) {
    const GridSpace grid = space_of("...\n", Connectivity::eight);
    Flood flood;
    EXPECT_THROW(flood.result(), std::logic_error);
    EXPECT_THROW(flood.advance(1), std::logic_error);
    EXPECT_THROW(flood.restart({0, false}, {1.0, 0.0}), std::logic_error);
    EXPECT_THROW(flood.start(grid.cells(), CellId{3}, Vec2{1.0, 0.0}), std::invalid_argument);
    EXPECT_THROW(flood.start(grid.cells(), CellId{0}, Vec2{std::nan(""), 0.0}), std::invalid_argument);
    flood.start(grid.cells(), CellId{0}, Vec2{1.0, 0.0});
    EXPECT_THROW(flood.advance_until(1.0, 0.0), SettingsError);
    EXPECT_EQ(to_string(StopReason::too_many_heated), "too_many_heated");
}

// A zero direction seeds no barrier: the corridor floods both ways.
TEST(FloodHandWorked, ZeroDirectionMeansNoBarrier) {
    const GridSpace grid = space_of(".....\n", Connectivity::four);
    Flood flood;
    flood.start(grid.cells(), CellId{2}, Vec2{0.0, 0.0});
    flood.advance(1);
    EXPECT_EQ(values(flood), (std::vector<int>{U, 20, 19, 20, U}));
    const FloodResult r = flood.run();
    EXPECT_EQ(r.barrier_cells, 0u);
    // Symmetric values 19, 18, 17, 18, 19 around x = 2.5: the destination is the seed.
    EXPECT_EQ(r.destination_cell, 2u);
}

// The nearest_warm option: in the cooled corridor of CorridorCoolsAndExhausts the nearest heated cell is
// already warm, so use a case where it is not. 4-connected corridor of 9, seed in the middle (4), no
// direction, H = 2: step 1 heats 3 and 5 (seed -> 1), step 2 heats 2 and 6 (3, 5 -> 1, seed -> 0), step 3
// heats 1 and 7, step 4 heats 0 and 8, step 5 is empty. Final values 2 1 0 0 0 0 0 1 2: the warm cells are
// symmetric around x = 4.5, the centroid is the seed's centre. Spec rule: the seed (value 0, distance 0).
// Option: the nearest warm cells are 1 and 7 (distance 3), the lower id wins.
TEST(FloodOptions, NearestWarmDestination) {
    const GridSpace grid = space_of(".........\n", Connectivity::four);
    FloodSettings settings;
    settings.hot = 2;
    const FloodResult spec = run_flood(grid.cells(), {4, false}, {0.0, 0.0}, settings);
    EXPECT_EQ(spec.steps, 4);
    EXPECT_DOUBLE_EQ(spec.centroid.x, 4.5);
    EXPECT_EQ(spec.destination_cell, 4u);
    settings.destination = DestinationRule::nearest_warm;
    const FloodResult warm = run_flood(grid.cells(), {4, false}, {0.0, 0.0}, settings);
    EXPECT_EQ(warm.destination_cell, 1u);
}

// Re-seeding: the restart replaces the whole state, and the cap is honoured.
TEST(FloodRestart, RestartReplacesStateAndHonoursCap) {
    const GridSpace grid = space_of(".......\n", Connectivity::four);
    FloodSettings settings;
    settings.hot = 3;
    settings.max_restarts = 1;
    Flood flood(settings);
    flood.start(grid.cells(), CellId{2}, Vec2{1.0, 0.0});
    flood.advance(2);
    ASSERT_TRUE(flood.restart({4, false}, {-1.0, 0.0}));
    EXPECT_EQ(flood.restarts(), 1);
    EXPECT_EQ(flood.steps(), 0);
    EXPECT_EQ(values(flood), (std::vector<int>{U, U, U, U, 3, B, U}));
    const FloodResult fresh = run_flood(grid.cells(), {4, false}, {-1.0, 0.0}, settings);
    const FloodResult restarted = flood.run();
    EXPECT_EQ(restarted.destination_cell, fresh.destination_cell);
    EXPECT_EQ(restarted.centroid, fresh.centroid);
    EXPECT_EQ(restarted.steps, fresh.steps);
    // Second restart refused: nothing changes.
    EXPECT_FALSE(flood.restart({0, false}, {1.0, 0.0}));
    EXPECT_EQ(flood.result().seed_cell, 4u);
    // start() begins a new chase with a fresh restart budget.
    flood.start(grid.cells(), CellId{0}, Vec2{1.0, 0.0});
    EXPECT_TRUE(flood.restart({1, false}, {1.0, 0.0}));
}

// Paced propagation: cell size 2, run speed 4 -> step k at k * 2 / 4 = k / 2 seconds.
TEST(FloodPaced, StepsFollowRunSpeed) {
    const GridSpace grid(levels::parse_ascii_level("..........\n"), {Connectivity::four, 2.0});
    Flood flood;
    flood.start(grid.cells(), CellId{0}, Vec2{1.0, 0.0});
    flood.advance_until(0.49, 4.0);
    EXPECT_EQ(flood.steps(), 0);
    flood.advance_until(0.5, 4.0);
    EXPECT_EQ(flood.steps(), 1);
    // Destination so far after step 1: seed (19 at x = 1) and cell 1 (20 at x = 3): centroid x = 79 / 39
    // = 2.0256, nearest centre is cell 1 (x = 3, distance 0.97) rather than the seed (x = 1, distance 1.03).
    EXPECT_EQ(flood.result().destination_cell, 1u);
    EXPECT_FALSE(flood.result().finished);
    flood.advance_until(2.0, 4.0);
    EXPECT_EQ(flood.steps(), 4);
    std::vector<int> seen;
    flood.advance_until(100.0, 4.0, [&](const Flood& f) { seen.push_back(f.steps()); });
    EXPECT_EQ(seen, (std::vector<int>{5, 6, 7, 8, 9}));
    EXPECT_TRUE(flood.finished());
    EXPECT_EQ(flood.result().stop_reason, StopReason::exhausted);
}

TEST(FloodCallback, CalledOncePerStepThatHappened) {
    const GridSpace grid = space_of(".......\n", Connectivity::four);
    Flood flood;
    flood.start(grid.cells(), CellId{2}, Vec2{1.0, 0.0});
    std::vector<std::size_t> heated;
    const FloodResult r = flood.run([&](const Flood& f) { heated.push_back(f.heated_cells().size()); });
    EXPECT_EQ(heated, (std::vector<std::size_t>{2, 3, 4, 5}));
    EXPECT_EQ(r.steps, 4);
}

}  // namespace
}  // namespace kinema::chase

namespace kinema::chase {
namespace {

// One Flood reused across spaces of different sizes gives the same results as fresh floods, and a cap of 0
// refuses every restart.
TEST(FloodReuse, AcrossSpacesAndZeroRestartCap) {
    const GridSpace small = space_of(".......\n", Connectivity::four);
    const GridSpace room = space_of(".....\n.....\n.....\n", Connectivity::eight);
    FloodSettings settings;
    settings.max_restarts = 0;
    Flood flood(settings);
    for (int round = 0; round < 3; ++round) {
        flood.start(small.cells(), CellId{2}, Vec2{1.0, 0.0});
        const FloodResult a = flood.run();
        const FloodResult fa = run_flood(small.cells(), {2, false}, {1.0, 0.0}, settings);
        EXPECT_EQ(a.destination_cell, fa.destination_cell);
        EXPECT_EQ(a.centroid, fa.centroid);
        EXPECT_EQ(values(flood), (std::vector<int>{B, B, 16, 17, 18, 19, 20}));
        EXPECT_FALSE(flood.restart({0, false}, {1.0, 0.0}));
        flood.start(room.cells(), CellId{7}, Vec2{1.0, 0.0});
        const FloodResult b = flood.run();
        const FloodResult fb = run_flood(room.cells(), {7, false}, {1.0, 0.0}, settings);
        EXPECT_EQ(b.destination_cell, fb.destination_cell);
        EXPECT_EQ(b.centroid, fb.centroid);
        EXPECT_EQ(b.steps, 2);
    }
}

}  // namespace
}  // namespace kinema::chase
