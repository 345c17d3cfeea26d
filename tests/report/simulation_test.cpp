// The simulation report: one CSV row and one JSON object per frame, holding the frame's numbers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kinema/report/simulation.hpp"

namespace kinema::report {
namespace {

std::vector<movement::FrameRecord> three_frames() {
    std::vector<movement::FrameRecord> frames;
    for (std::size_t i = 0; i < 3; ++i) {
        const double v = 3.0 * static_cast<double>(i);
        frames.push_back({i, 0.125 * static_cast<double>(i), {0.5 * v, -1.0}, {v, 4.0}, std::hypot(v, 4.0)});
    }
    frames[2].velocity.y = std::nan("");  // a diverged state: null in JSON, nan in CSV
    return frames;
}

TEST(SimulationReport, CsvHasTheHeaderAndOneRowPerFrame) {
    std::string csv(simulation_csv_header);
    for (const movement::FrameRecord& r : three_frames()) {
        append_frame_csv(csv, r);
    }
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4);
    EXPECT_NE(csv.find("\n1,0.125,1.5,-1,3,4,5\n"), std::string::npos);
    EXPECT_NE(csv.find("\n2,0.25,3,-1,6,nan,"), std::string::npos);
}

TEST(SimulationReport, JsonHoldsEachFramesNumbers) {
    std::string json;
    const std::vector<movement::DtChange> schedule{{0, 0.125}, {2, 0.5}};
    begin_simulation_json(json, "dishonored", frame_times_dt_schedule(schedule));
    bool first = true;
    for (const movement::FrameRecord& r : three_frames()) {
        append_frame_json(json, r, first);
        first = false;
    }
    end_simulation_json(json);
    const auto j = nlohmann::json::parse(json);
    EXPECT_EQ(j["model"], "dishonored");
    EXPECT_EQ(j["dt_schedule"][1]["dt"].get<double>(), 0.5);
    ASSERT_EQ(j["frames"].size(), 3u);
    EXPECT_EQ(j["frames"][1]["position"][0].get<double>(), 1.5);
    EXPECT_EQ(j["frames"][1]["speed"].get<double>(), 5.0);
    EXPECT_TRUE(j["frames"][2]["velocity"][1].is_null());
    EXPECT_EQ(frame_times_dt(0.016), "\"dt\": 0.016");
    EXPECT_EQ(frame_times_input_file("a\"b.csv"), "\"input_file\": \"a\\\"b.csv\"");
}

}  // namespace
}  // namespace kinema::report
