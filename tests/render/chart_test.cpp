// Charts (kinema/render/chart.hpp): one Scene drawn as PNG, SVG and JSON; the SVG is deterministic (no
// cairo surface ids, text as text) and the series colours come from the palette.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "kinema/render/chart.hpp"
#include "kinema/render/palette.hpp"
#include "png_reader.hpp"

namespace kinema::render {
namespace {

std::vector<ChartPanel> panels() {
    ChartPanel a;
    a.title = "Stop distance";
    a.y_label = "ratio";
    a.reference_y = 1.0;
    a.reference_label = "continuous";
    a.series.push_back({"unreal", {30, 60, 90, 120}, {0.5, 0.7, std::nan(""), 0.9}});
    a.series.push_back({"dishonored", {30, 60, 90, 120}, {1.1, 1.05, 1.02, 1.01}});
    ChartPanel b;
    b.title = "Top speed";
    b.series.push_back({"unreal", {30, 120}, {1.0, 1.0}});
    return {a, b};
}

ChartSettings settings() {
    ChartSettings s;
    s.title = "Frame-rate dependence";
    s.x_label = "frames per second";
    return s;
}

TEST(Chart, SvgIsDeterministicWithRealText) {
    const std::vector<ChartPanel> p = panels();
    const std::string svg = chart_svg(p, settings());
    EXPECT_EQ(svg, chart_svg(p, settings()));
    // cairo's SVG surface wrote glyph outlines and "surface<N>" ids from a process-wide counter.
    EXPECT_EQ(svg.find("surface"), std::string::npos);
    EXPECT_EQ(svg.find("glyph"), std::string::npos);
    EXPECT_NE(svg.find("width=\"1120\" height=\"376\""), std::string::npos);  // 2 x 560, 340 + 36 title
    for (const char* text :
         {">Frame-rate dependence</text>", ">Stop distance</text>", ">Top speed</text>",
          ">frames per second</text>", ">unreal</text>", ">continuous</text>", ">dishonored</text>"}) {
        EXPECT_NE(svg.find(text), std::string::npos) << text;
    }
    EXPECT_NE(svg.find("<clipPath id=\"panel0\">"), std::string::npos);
    EXPECT_NE(svg.find("<clipPath id=\"panel1\">"), std::string::npos);
    EXPECT_NE(svg.find("stroke=\"" + test::hex(palette::series[0]) + "\""), std::string::npos);
    EXPECT_NE(svg.find("stroke=\"" + test::hex(palette::series[1]) + "\""), std::string::npos);
    EXPECT_NE(svg.find("stroke-dasharray=\"6 4\""), std::string::npos);  // the reference line
    EXPECT_NE(svg.find("transform=\"rotate(-90 "), std::string::npos);   // the y label
}

TEST(Chart, NonFiniteValuesBreakTheLine) {
    const Scene s = chart_scene(panels(), settings());
    // Series "unreal" of panel 0 is (30, 0.5), (60, 0.7), NaN, (120, 0.9): one line of two points, the
    // single point after the gap draws nothing.
    int unreal_lines = 0;
    for (const Shape& shape : s.shapes) {
        if (shape.kind == ShapeKind::polyline && shape.clip == 0 && shape.stroke == palette::series[0]) {
            ++unreal_lines;
            EXPECT_EQ(shape.points.size(), 2u);
        }
    }
    EXPECT_EQ(unreal_lines, 1);
}

TEST(Chart, PngAndJsonDrawTheSameScene) {
    const std::vector<ChartPanel> p = panels();
    const test::Image image = test::decode(chart_png(p, settings()));
    EXPECT_EQ(image.width(), 1120);
    EXPECT_EQ(image.height(), 376);
    EXPECT_EQ(chart_png(p, settings()), chart_png(p, settings()));
    const nlohmann::json j = nlohmann::json::parse(chart_json(p, settings()));
    EXPECT_EQ(j["width"], 1120);
    EXPECT_EQ(j["height"], 376);
    EXPECT_EQ(j["clips"].size(), 2u);
    EXPECT_EQ(j["shapes"].size(), chart_scene(p, settings()).shapes.size());
    // The top speed panel's line (1.0 everywhere) runs through the middle of its plot area; the PNG has the
    // series colour there.
    const ClipRect plot = chart_scene(p, settings()).clips[1];
    EXPECT_TRUE(test::same(image.at(plot.x + plot.w / 4, plot.y + plot.h / 2), palette::series[0]));
}

TEST(Chart, BadSettingsThrow) {
    EXPECT_THROW((void)chart_svg({}, settings()), std::invalid_argument);
    ChartSettings bad = settings();
    bad.columns = 0;
    EXPECT_THROW((void)chart_json(panels(), bad), std::invalid_argument);
}

}  // namespace
}  // namespace kinema::render
