// Issue 40's bounds on `kinema chase`, end to end: an animation shows at most render::max_animation_frames
// frames (a longer flood is sampled, its first and last steps always shown) and a flood too large to animate
// is refused in one line before anything is recorded or written; 3D levels (when built with kinema::nav):
// stacked floors beyond Recast's 63 per column are refused naming the column, a navmesh that a file could not
// hold is refused by `navmesh build`, and a floor wound clockwise is a floor. No test is timed.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "cli_runner.hpp"

namespace {

namespace fs = std::filesystem;
using kinema::test::read_file;
using kinema::test::run_kinema;
using kinema::test::scratch_path;
using kinema::test::write_file;

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
        ++n;
    }
    return n;
}

// A Moving AI map of `width` x `height` open tiles.
fs::path open_map(const std::string& name, int width, int height) {
    std::string text =
        "type octile\nheight " + std::to_string(height) + "\nwidth " + std::to_string(width) + "\nmap\n";
    for (int y = 0; y < height; ++y) {
        text += std::string(static_cast<std::size_t>(width), '.') + "\n";
    }
    const fs::path path = scratch_path(name);
    write_file(path, text);
    return path;
}

#if KINEMA_HAVE_RENDER
// A corridor 700 tiles long, seeded at its west end: the flood runs 699 steps, 700 frames before the bound.
TEST(ChaseAnimationBound, ALongFloodIsSampledToAtMost256FramesFirstAndLastIncluded) {
    const fs::path map = open_map("corridor700.map", 700, 1);
    const fs::path svg = scratch_path("corridor700.svg");
    const fs::path frames = scratch_path("corridor700-frames");
    fs::remove_all(frames);
    const kinema::test::CliRun r = run_kinema("chase --map '" + map.string() +
                                              "' --from 0.5,0.5 --dir 1,0 --max-steps 1000000 --animate '" +
                                              svg.string() + "' --frames '" + frames.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_NE(r.out.find("steps        699 (stop: exhausted)"), std::string::npos) << r.out;
    const std::string text = read_file(svg);
    EXPECT_EQ(count(text, "showing step "), 256U);  // was 700
    EXPECT_EQ(count(text, "showing step 0 of 699"), 1U);
    EXPECT_EQ(count(text, "showing step 699 of 699"), 1U);
    EXPECT_EQ(count(text, "showing step 3 of 699"), 1U);  // round(1 x 699 / 255) = 3
    std::size_t pngs = 0;
    for (const auto& entry : fs::directory_iterator(frames)) {
        (void)entry;
        ++pngs;
    }
    EXPECT_EQ(pngs, 256U);
    EXPECT_TRUE(fs::exists(frames / "step-000.png"));
    EXPECT_TRUE(fs::exists(frames / "step-699.png"));
}

// A flood of at most 256 steps is animated step by step, as before.
TEST(ChaseAnimationBound, AShortFloodShowsEveryStep) {
    const fs::path map = open_map("corridor200.map", 200, 1);
    const fs::path svg = scratch_path("corridor200.svg");
    const kinema::test::CliRun r =
        run_kinema("chase --map '" + map.string() +
                   "' --from 0.5,0.5 --dir 1,0 --max-steps 1000 --animate '" + svg.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(count(read_file(svg), "showing step "), 200U);  // steps 0..199
}

// 600 x 600 open tiles all touched: 360,000 tiles x 256 frames, more than the 2^24 tile-frames an animation
// may draw. Refused in one line, nothing written (it grew without bound: 1.75 GB after 100 s on 4096 x 4096).
TEST(ChaseAnimationBound, AFloodTooLargeToAnimateIsRefusedBeforeAnythingIsWritten) {
    const fs::path map = open_map("open600.map", 600, 600);
    const fs::path svg = scratch_path("open600.svg");
    fs::remove(svg);
    const kinema::test::CliRun r = run_kinema("chase --map '" + map.string() +
                                              "' --from 300.5,300.5 --dir 0,0 --max-heated 1000000 "
                                              "--max-steps 1000000 --animate '" +
                                              svg.string() + "'");
    kinema::test::expect_one_line_error(
        r,
        "--animate: the flood touches 360000 tiles in 300 steps: 256 frames of "
        "them are 92160000 tile-frames, more than the 16777216 an animation "
        "may draw");
    EXPECT_FALSE(fs::exists(svg));
}
#endif

#if KINEMA_HAVE_NAV
// `floors` 10 x 10 m floors 2.5 m apart from y = base up, as an OBJ file; clockwise seen from above when
// asked.
fs::path stacked_obj(const std::string& name, int floors, bool clockwise = false, double base = 0.0) {
    std::string text;
    for (int i = 0; i < floors; ++i) {
        const std::string y = std::to_string(base + 2.5 * i);
        text += "v 0 " + y + " 0\nv 0 " + y + " 10\nv 10 " + y + " 10\nv 10 " + y + " 0\n";
    }
    for (int i = 0; i < floors; ++i) {
        const std::string a = std::to_string(4 * i + 1);
        const std::string b = std::to_string(4 * i + 2);
        const std::string c = std::to_string(4 * i + 3);
        const std::string d = std::to_string(4 * i + 4);
        text += clockwise ? "f " + a + " " + d + " " + c + "\nf " + a + " " + c + " " + b + "\n"
                          : "f " + a + " " + b + " " + c + "\nf " + a + " " + c + " " + d + "\n";
    }
    const fs::path path = scratch_path(name);
    write_file(path, text);
    return path;
}

// 81 floors: the one at y = 200 was dropped without a word ("farther than 2 from every walkable cell").
TEST(ChaseLevelBounds, StackedFloorsBeyondRecastsLimitAreRefusedNamingTheColumn) {
    const fs::path obj = stacked_obj("floors81.obj", 81);
    kinema::test::expect_one_line_error(
        run_kinema("chase --map '" + obj.string() + "' --from 5,200,5"),
        obj.string() +
            ": the voxel column at x = 0.45, z = 0.45 holds 81 walkable floors one above another (the "
            "highest at y = 200.2), more than the 63 Recast connects in one column");
}

// A floor at y = 9999999: navmesh build wrote a file that it could not read back.
TEST(ChaseLevelBounds, NavmeshBuildRefusesWhatANavmeshFileCannotHold) {
    const fs::path obj = stacked_obj("high.obj", 1, false, 9999999.0);
    const fs::path nav = scratch_path("high.nav");
    fs::remove(nav);
    kinema::test::expect_one_line_error(
        run_kinema("navmesh build '" + obj.string() + "' -o '" + nav.string() + "'"),
        obj.string() + ": a navmesh tile reaches 10000001 world units from the origin");
    EXPECT_FALSE(fs::exists(nav));
}

// A floor wound clockwise was refused ("none of the 2 triangles is flatter than ... 45 degrees").
TEST(ChaseLevelBounds, AClockwiseFloorChasesAsTheCounterClockwiseOne) {
    const fs::path cw = stacked_obj("floor_cw.obj", 2, true);
    const fs::path ccw = stacked_obj("floor_ccw.obj", 2, false);
    const kinema::test::CliRun a =
        run_kinema("chase --map '" + cw.string() + "' --from 5,2.5,5 --dir 1,0,0 --json");
    const kinema::test::CliRun b =
        run_kinema("chase --map '" + ccw.string() + "' --from 5,2.5,5 --dir 1,0,0 --json");
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    std::string renamed = a.out;
    renamed.replace(renamed.find(cw.string()), cw.string().size(), ccw.string());
    EXPECT_EQ(renamed, b.out);
}
#endif

}  // namespace
