// kinema::format_number: shortest round-trip text, in {fmt}'s "{}" layout (the CLI's output before this
// formatter existed, which the default chase outputs keep byte for byte).
#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include "kinema/core/format.hpp"
#include "kinema/core/point_text.hpp"

namespace {

using kinema::format_number;

TEST(FormatNumber, FixedInsideTheExponentRangeScientificOutside) {
    EXPECT_EQ(format_number(0.0), "0");
    EXPECT_EQ(format_number(-0.0), "-0");
    EXPECT_EQ(format_number(2.5), "2.5");
    EXPECT_EQ(format_number(17.0), "17");
    EXPECT_EQ(format_number(1e6), "1000000");
    EXPECT_EQ(format_number(0.1 + 0.2), "0.30000000000000004");
    EXPECT_EQ(format_number(24.166666666666668), "24.166666666666668");
    EXPECT_EQ(format_number(1e-4), "0.0001");
    EXPECT_EQ(format_number(1.5e-5), "1.5e-05");
    EXPECT_EQ(format_number(9999999999999998.0), "9999999999999998");
    EXPECT_EQ(format_number(1e16), "1e+16");
    EXPECT_EQ(format_number(-1.25e300), "-1.25e+300");
    EXPECT_EQ(format_number(5e-324), "5e-324");
    EXPECT_EQ(format_number(std::numeric_limits<double>::infinity()), "inf");
    EXPECT_EQ(format_number(-std::numeric_limits<double>::infinity()), "-inf");
    EXPECT_EQ(format_number(std::numeric_limits<double>::quiet_NaN()), "nan");
    // A NaN with its sign bit set (C#'s double.NaN, -NaN in C) is "nan" too, never to_chars' "-nan".
    EXPECT_EQ(format_number(-std::numeric_limits<double>::quiet_NaN()), "nan");
}

TEST(FormatNumber, EveryFiniteDoubleReadsBack) {
    std::mt19937_64 random(8);
    for (int i = 0; i < 200000; ++i) {
        const double value = std::bit_cast<double>(random());
        if (!std::isfinite(value)) {
            continue;
        }
        const std::string text = format_number(value);
        double back = 0.0;
        std::from_chars(text.data(), text.data() + text.size(), back);
        ASSERT_EQ(back, value) << text;
    }
}

}  // namespace

TEST(PointText, EveryCoordinateThroughTheFormatter) {
    EXPECT_EQ(kinema::point_text(kinema::Vec2{1.5, -0.0}), "(1.5, -0)");
    EXPECT_EQ(kinema::point_text(kinema::Vec2{3.0, 1e-5}, ","), "(3,1e-05)");
    EXPECT_EQ(kinema::point_text(kinema::Vec3{0.1, 2.0, -7.25}), "(0.1, 2, -7.25)");
    EXPECT_EQ(kinema::point_text(kinema::Vec3{1e20, 0.0, 4.0}, ","), "(1e+20,0,4)");
}
