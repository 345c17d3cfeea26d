// The frame rates a face reads from text (kinema/analysis/frame_rates.hpp): the values, the limits checked on
// the whole list, and messages that start with the face's name and echo the text typed.
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kinema/analysis/frame_rates.hpp"

namespace kinema::analysis {
namespace {

// The message of the std::invalid_argument `read` throws, or "(no error)".
template <class Read>
std::string refusal(Read read) {
    try {
        (void)read();
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(no error)";
}

const SweepRatesText kNames{"--fps", "--fps-from", "--fps-to", "--fps-step"};

TEST(FrameRates, OneRateInItsLimits) {
    EXPECT_DOUBLE_EQ(read_rate("+60", "--fps"), 60.0);
    EXPECT_DOUBLE_EQ(read_rate("0.1", "--fps"), sweep_min_fps);
    EXPECT_EQ(refusal([] { return read_rate("2000", "--fps"); }), "--fps: must be in [0.1, 1000], got 2000");
    EXPECT_EQ(refusal([] { return read_rate("1e3x", "--rate"); }), "--rate: expected a number, got '1e3x'");
    const RateLimits narrowed{1.0, 1000.0, 5, " for --model morrowind"};
    EXPECT_EQ(refusal([&] { return read_rate("0.5", "--fps", narrowed); }),
              "--fps: must be in [1, 1000] for --model morrowind, got 0.5");
}

TEST(FrameRates, AListIsCheckedWholeBeforeAnyWork) {
    EXPECT_EQ(read_rate_list("30,60,144", "--fps"), (std::vector<double>{30.0, 60.0, 144.0}));
    const RateLimits two{.min = 1.0, .max = 100.0, .max_count = 2};
    EXPECT_EQ(refusal([&] { return read_rate_list("10,20,30", "--fps-list", two); }),
              "--fps-list: at most 2 frame rates, got 3");
    EXPECT_EQ(refusal([&] { return read_rate_list("10,,30", "--fps-list", two); }),
              "--fps-list: expected a number, got ''");
}

TEST(FrameRates, ASweepTakesItsListElseItsRange) {
    EXPECT_EQ(read_sweep_rates({"24,48", "5", "240", "1"}, kNames), (std::vector<double>{24.0, 48.0}));
    const std::vector<double> range = read_sweep_rates({"", "30", "60", "15"}, kNames);
    EXPECT_EQ(range, (std::vector<double>{30.0, 45.0, 60.0}));
    EXPECT_EQ(read_sweep_rates({"", "5", "240", "1"}, kNames).size(), 236u);
}

TEST(FrameRates, ARangeNamesTheFlagItsProblemIsIn) {
    EXPECT_EQ(refusal([] {
                  return read_sweep_rates({"", "60", "30", "1"}, kNames);
              }),
              "--fps-to: must be >= --fps-from, got 30 < 60");
    EXPECT_EQ(refusal([] {
                  return read_sweep_rates({"", "5", "240", "0"}, kNames);
              }),
              "--fps-step: must be > 0, got 0");
    EXPECT_EQ(refusal([] {
                  return read_sweep_rates({"", "1", "1000", "0.5"}, kNames);
              }),
              "--fps-step: more than 1000 frame rates");
    EXPECT_EQ(refusal([] {
                  return read_sweep_rates({"", "0", "240", "1"}, kNames);
              }),
              "--fps-from: must be in [0.1, 1000], got 0");
}

}  // namespace
}  // namespace kinema::analysis
