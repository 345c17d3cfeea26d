// The replay report: the totals and one entry per frame, the same text whole or in chunks of any size.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "kinema/report/replay.hpp"

namespace kinema::report {
namespace {

analysis::ReplayResult three_frames() {
    analysis::ReplayResult r;
    r.model = "unreal";
    r.length_unit = "cm";
    r.tolerance = 1e-6;
    for (std::size_t i = 0; i < 3; ++i) {
        analysis::ReplayFrame f;
        f.frame = i;
        f.line = static_cast<int>(i) + 2;
        f.time = 0.016 * static_cast<double>(i);
        f.engine_position = {1.5 * static_cast<double>(i), 0.0};
        f.position = {1.5 * static_cast<double>(i), 0.0};
        f.position_error = i == 2 ? 0.25 : 0.0;
        f.velocity_error = i == 2 ? std::nan("") : 0.0;
        r.frames.push_back(f);
    }
    r.max_position_error = 0.25;
    r.max_position_frame = 2;
    r.first_differing = 2;
    return r;
}

TEST(ReplayReport, TotalsAndFramesAreTheResultsNumbers) {
    const analysis::ReplayResult r = three_frames();
    const auto j = nlohmann::json::parse(replay_json(r, "log.csv"));
    EXPECT_EQ(j["log"], "log.csv");
    EXPECT_EQ(j["frames_compared"].get<int>(), 2);
    EXPECT_EQ(j["matches"].get<bool>(), false);
    EXPECT_EQ(j["first_differing_frame"].get<int>(), 2);
    EXPECT_EQ(j["max_position_error"].get<double>(), 0.25);
    ASSERT_EQ(j["frames"].size(), 3u);
    EXPECT_EQ(j["frames"][2]["line"].get<int>(), 4);
    EXPECT_EQ(j["frames"][2]["time"].get<double>(), 0.032);
    EXPECT_EQ(j["frames"][2]["engine_position"][0].get<double>(), 3.0);
    EXPECT_TRUE(j["frames"][2]["velocity_error"].is_null());  // NaN: JSON has none
}

TEST(ReplayReport, ChunkedTextIsTheWholeText) {
    const analysis::ReplayResult r = three_frames();
    const std::string whole = replay_json(r, "log.csv");
    std::string chunked;
    std::string buffer;
    int chunks = 0;
    write_replay_json(
        r, "log.csv", buffer,
        [&](std::string& text) {
            chunked += text;
            text.clear();
            ++chunks;
        },
        64);
    EXPECT_EQ(chunked, whole);
    EXPECT_GE(chunks, 3);  // one per frame at 64 bytes, and the end
    EXPECT_TRUE(buffer.empty());
}

}  // namespace
}  // namespace kinema::report
