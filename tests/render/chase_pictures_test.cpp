// A chase's picture set and its recorded animation (kinema/render/chase_pictures.hpp): the pictures are the
// flood pictures of the same chase, the plan's numbers are the flood's, and the recording holds the planned
// steps.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/render/chase_pictures.hpp"
#include "kinema/render/chase_scene.hpp"

namespace kinema::render {
namespace {

// A 10 x 5 room; the player was last seen at tile (3,1) running east.
constexpr const char* room_text =
    "##########\n"
    "#..>.....#\n"
    "#........#\n"
    "#........#\n"
    "##########\n";

struct RoomChase {
    levels::GridLevel level = levels::parse_ascii_level(room_text, "room");
    chase::GridSpace grid{level};
    chase::GridChaseSpace space{grid};
    chase::ChaseQuery query;
    RoomChase() {
        query.position = {3.5, 1.5, 0.0};
        query.direction = {1.0, 0.0, 0.0};
    }
};

chase::Flood flood_of(int max_steps) {
    chase::FloodSettings s;
    s.max_steps = max_steps;
    return chase::Flood(s);
}

TEST(ChaseAnimation, ThePlanHasTheFloodsStepsAndTouchedTiles) {
    const RoomChase room;
    chase::Flood direct = flood_of(4);
    chase::run_chase(room.space, direct, room.query);
    chase::Flood flood = flood_of(4);
    const AnimationPlan plan = plan_chase_animation(room.space, flood, room.query);
    EXPECT_EQ(plan.flood_steps, direct.steps());
    EXPECT_EQ(plan.flood_steps, 4);
    EXPECT_EQ(plan.touched, direct.heated_cells().size() + direct.barrier_cells().size());
    EXPECT_EQ(plan.shown, (std::vector<int>{0, 1, 2, 3, 4}));
    EXPECT_DOUBLE_EQ(plan.tile_frames(), static_cast<double>(plan.touched) * 5.0);
    EXPECT_FALSE(plan.too_large());
}

TEST(ChaseAnimation, TheRecordedChaseHoldsTheShownStepsAndTheSameResult) {
    const RoomChase room;
    chase::Flood direct = flood_of(4);
    const chase::ChaseResult expected = chase::run_chase(room.space, direct, room.query);
    chase::Flood flood = flood_of(4);
    FloodRecording frames;
    const chase::ChaseResult result = run_recorded_chase(room.space, flood, room.query, {0, 2, 4}, frames);
    EXPECT_EQ(result.flood.steps, expected.flood.steps);
    EXPECT_EQ(result.flood.destination_cell, expected.flood.destination_cell);
    ASSERT_EQ(frames.size(), 3u);
    EXPECT_EQ(frames.frames()[0].step, 0);
    EXPECT_EQ(frames.frames()[1].step, 2);
    EXPECT_EQ(frames.frames()[2].step, 4);
    FloodRecording none;
    run_recorded_chase(room.space, flood, room.query, {}, none);
    EXPECT_EQ(none.size(), 0u);
}

// 100,000 tiles x 256 frames (a flood of 300 steps is sampled to 256) is more than 2^24 tile-frames.
TEST(ChaseAnimation, ATooLargePlanSaysWhy) {
    AnimationPlan plan;
    plan.flood_steps = 300;
    plan.shown = animation_steps(300);
    plan.touched = 1000;
    EXPECT_FALSE(plan.too_large());
    plan.touched = 100000;
    ASSERT_TRUE(plan.too_large());
    EXPECT_EQ(
        plan.refusal(),
        "the flood touches 100000 tiles in 300 steps: 256 frames of them are 25600000 tile-frames, more "
        "than the 16777216 an animation may draw (render::max_animation_tile_frames)");
}

TEST(ChasePictures, AreTheFloodPicturesOfTheChase) {
    const RoomChase room;
    chase::Flood flood = flood_of(4);
    FloodRecording frames;
    const chase::ChaseResult result = run_recorded_chase(room.space, flood, room.query, {0, 3, 4}, frames);
    const ChasePictures none = grid_chase_pictures(room.grid, flood, result, "room", frames, {});
    EXPECT_TRUE(none.png.empty() && none.svg.empty() && none.animated_svg.empty() && none.png_frames.empty());
    const ChasePictures all =
        grid_chase_pictures(room.grid, flood, result, "room", frames, {true, true, true, true});
    const FloodScene scene = flood_scene(room.grid, flood, result, "room");
    EXPECT_EQ(all.png, flood_png(scene));
    EXPECT_EQ(all.svg, flood_svg(scene));
    EXPECT_EQ(all.animated_svg, recorded_flood_animated_svg(scene, frames));
    const std::vector<std::string> pngs = recorded_flood_png_frames(scene, frames);
    ASSERT_EQ(all.png_frames.size(), 3u);
    EXPECT_EQ(all.png_frames[0].first, "step-000.png");
    EXPECT_EQ(all.png_frames[1].first, "step-003.png");
    EXPECT_EQ(all.png_frames[2].first, "step-004.png");
    EXPECT_EQ(all.png_frames[2].second, pngs[2]);
    const ChasePictures svg_only =
        grid_chase_pictures(room.grid, flood, result, "room", frames, {false, true});
    EXPECT_TRUE(svg_only.png.empty());
    EXPECT_EQ(svg_only.svg, all.svg);
}

}  // namespace
}  // namespace kinema::render
