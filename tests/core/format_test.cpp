// kinema::format_number: shortest round-trip text, in {fmt}'s "{}" layout (the CLI's output before this
// formatter existed, which the default chase outputs keep byte for byte).
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

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

// The formatter's definition as first written (two conversions: the scientific text's exponent picks the
// notation), against which the one-conversion fast path for 0, integers and [1e-3, 1e15) is checked.
std::string reference_number(double value) {
    std::array<char, 64> buffer{};
    const auto text = [&](std::chars_format format) {
        const auto r = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, format);
        return std::string(buffer.data(), r.ptr);
    };
    if (std::isnan(value)) {
        return "nan";
    }
    const std::string scientific = text(std::chars_format::scientific);
    if (!std::isfinite(value)) {
        return scientific;
    }
    const int exponent = std::stoi(scientific.substr(scientific.find('e') + 1));
    return exponent < -4 || exponent >= 16 ? scientific : text(std::chars_format::fixed);
}

TEST(FormatNumber, FastPathIsTheTwoConversionDefinition) {
    std::mt19937_64 random(9);
    std::uniform_real_distribution<double> exponent(-6.0, 17.0);
    std::vector<double> values{
        0.0,  -0.0, 1e-3,       -1e-3,     0.00099999999999999991, 1e15, -1e15, 9.99999999999999875e14, 0.5,
        12.5, -7.0, 1e14 + 0.5, 1.0 / 3.0, std::sqrt(2.0)};
    for (int i = 0; i < 200000; ++i) {
        const double magnitude = std::pow(10.0, exponent(random));
        const double sign = (random() & 1) != 0 ? -1.0 : 1.0;
        values.push_back(sign * magnitude);                       // any digits
        values.push_back(sign * std::round(magnitude));           // integers
        values.push_back(sign * (std::floor(magnitude) + 0.5));   // half cells (grid centres)
        values.push_back(std::nextafter(sign * magnitude, 0.0));  // neighbours of the above
    }
    for (const double v : values) {
        ASSERT_EQ(format_number(v), reference_number(v)) << std::bit_cast<std::uint64_t>(v);
    }
}

TEST(PointText, EveryCoordinateThroughTheFormatter) {
    EXPECT_EQ(kinema::point_text(kinema::Vec2{1.5, -0.0}), "(1.5, -0)");
    EXPECT_EQ(kinema::point_text(kinema::Vec2{3.0, 1e-5}, ","), "(3,1e-05)");
    EXPECT_EQ(kinema::point_text(kinema::Vec3{0.1, 2.0, -7.25}), "(0.1, 2, -7.25)");
    EXPECT_EQ(kinema::point_text(kinema::Vec3{1e20, 0.0, 4.0}, ","), "(1e+20,0,4)");
}
