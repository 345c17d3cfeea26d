// The analysis reports' JSON: append_json_double's layout of a double, by hand at every boundary, and
// JsonWriter's typed layouts against nlohmann-json's dump() and dump(2), one implementation against the
// other.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

#include "kinema/core/json_writer.hpp"
#include "kinema/report/json_number.hpp"

namespace kinema {
namespace {

std::string typed(double value) {
    std::string out;
    report::append_json_double(out, value);
    return out;
}

// nlohmann-json's layout of a double (its to_chars/format_buffer): fixed notation while the decimal point
// falls within 15 digits or at most 4 zeros after it, always with a point; otherwise scientific with a
// two-digit exponent at least.
TEST(TypedJsonNumbers, KeepNlohmannsLayoutAtEveryBoundary) {
    const std::pair<double, const char*> cases[] = {{0.0, "0.0"},
                                                    {-0.0, "-0.0"},
                                                    {1.0, "1.0"},
                                                    {-1.0, "-1.0"},
                                                    {600.0, "600.0"},
                                                    {0.1, "0.1"},
                                                    {0.001, "0.001"},
                                                    {0.0001, "0.0001"},
                                                    {0.00001, "1e-05"},
                                                    {1.5e-5, "1.5e-05"},
                                                    {123.456, "123.456"},
                                                    {1e14, "100000000000000.0"},
                                                    {123456789012345.0, "123456789012345.0"},
                                                    {1e15, "1e+15"},
                                                    {1234567890123456.0, "1.234567890123456e+15"},
                                                    {1e100, "1e+100"},
                                                    {-2.5e-7, "-2.5e-07"},
                                                    {1.0 / 3.0, "0.3333333333333333"}};
    for (const auto& [value, text] : cases) {
        EXPECT_EQ(typed(value), text) << value;
    }
    EXPECT_EQ(typed(std::nan("")), "null");
    EXPECT_EQ(typed(-std::numeric_limits<double>::infinity()), "null");
}

TEST(TypedJsonLayouts, AreNlohmannDumpAndDumpTwo) {
    nlohmann::ordered_json doc{
        {"model", "unreal"},
        {"speed", 600.0},
        {"frames", 12},
        {"stops", true},
        {"none", nullptr},
        {"empty", nlohmann::json::array()},
        {"obj", nlohmann::json::object()},
        {"rows", {{{"fps", 60.0}, {"v", {1.5, -0.0}}}, {{"fps", 30.0}, {"v", {0.1, 2.0}}}}},
        {"text", "tab\there \"q\" \\ new\nline \x01 \x7f ü"}};
    for (const JsonLayout layout : {JsonLayout::typed_compact, JsonLayout::typed_indented}) {
        std::string out;
        JsonWriter w = report::typed_json(out, layout);
        w.begin_object().string("model", "unreal").number("speed", 600.0).integer("frames", 12);
        w.boolean("stops", true).null("none");
        w.key("empty").begin_array().end_array();
        w.key("obj").begin_object().end_object();
        w.key("rows").begin_array();
        for (const auto& [fps, a, b] : {std::tuple{60.0, 1.5, -0.0}, std::tuple{30.0, 0.1, 2.0}}) {
            w.begin_object()
                .number("fps", fps)
                .key("v")
                .begin_array()
                .number(a)
                .number(b)
                .end_array()
                .end_object();
        }
        w.end_array().string("text", "tab\there \"q\" \\ new\nline \x01 \x7f ü").end_object();
        EXPECT_EQ(out, layout == JsonLayout::typed_indented ? doc.dump(2) : doc.dump());
    }
}

}  // namespace
}  // namespace kinema
