// The scene and its three backends (kinema/render/scene.hpp) on small hand-made scenes: PNG pixels read
// back through cairo at known points, the SVG's elements and text, the JSON parsed back with nlohmann_json,
// animation frames, determinism and validation.
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "kinema/render/legend.hpp"
#include "kinema/render/palette.hpp"
#include "kinema/render/scene.hpp"
#include "png_reader.hpp"

namespace kinema::render {
namespace {

using test::decode;
using test::hex;
using test::same;

constexpr Rgb red{200, 10, 10};
constexpr Rgb green{10, 200, 10};
constexpr Rgb blue{10, 10, 200};
constexpr Rgb grey{90, 90, 90};
constexpr Rgb back{250, 240, 230};

// 60 x 40 px: a red rect, a green disc with a blue outline, a dashed blue line, a grey triangle, a clipped
// rect (only x in [40, 50) shows) and a bold centred text.
Scene sample() {
    Scene s;
    s.width = 60;
    s.height = 40;
    s.background = back;
    s.clips.push_back({"box", 40.0, 0.0, 10.0, 40.0});
    s.shapes.push_back(shapes::rect(0.0, 0.0, 20.0, 10.0, red));
    s.shapes.push_back(shapes::circle({30.0, 20.0}, 6.0, green, blue, 1.0));
    Shape dashed = shapes::line({{0.0, 30.5}, {20.0, 30.5}}, blue, 2.0);
    dashed.dash = {4.0, 2.0};
    s.shapes.push_back(dashed);
    s.shapes.push_back(shapes::polygon({{2.0, 38.0}, {18.0, 38.0}, {10.0, 32.0}}, grey));
    Shape clipped = shapes::rect(30.0, 30.0, 30.0, 10.0, red);
    clipped.clip = 0;
    s.shapes.push_back(clipped);
    s.shapes.push_back(shapes::text(40.0, 8.0, "Hi <&>", 7.0, palette::ink, true, Anchor::middle));
    return s;
}

TEST(ScenePng, PixelsAtKnownPoints) {
    const test::Image image = decode(scene_png(sample()));
    ASSERT_EQ(image.width(), 60);
    ASSERT_EQ(image.height(), 40);
    EXPECT_TRUE(same(image.at(5, 5), red));  // the rect, drawn without antialiasing: exact to its edge
    EXPECT_TRUE(same(image.at(19, 9), red));
    EXPECT_TRUE(same(image.at(20, 5), back));    // just right of it
    EXPECT_TRUE(same(image.at(30, 20), green));  // the disc's centre
    EXPECT_TRUE(same(image.at(10, 36), grey));   // inside the triangle
    EXPECT_TRUE(same(image.at(45, 35), red));    // the clipped rect inside its clip
    EXPECT_TRUE(same(image.at(35, 35), back));   // ... and outside it
    EXPECT_TRUE(same(image.at(55, 35), back));
    EXPECT_TRUE(same(image.at(59, 0), back));
}

TEST(ScenePng, DashesLeaveGaps) {
    const test::Image image = decode(scene_png(sample()));
    // Dash 4 on, 2 off with butt caps along y = 30.5: x in [0, 4) drawn, [4, 6) empty, [6, 10) drawn.
    EXPECT_TRUE(same(image.at(2, 30), blue));
    EXPECT_TRUE(same(image.at(5, 30), back));
    EXPECT_TRUE(same(image.at(8, 30), blue));
}

TEST(SceneSvg, HasEveryElement) {
    const std::string svg = scene_svg(sample());
    EXPECT_EQ(
        svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"", 0),
        0u);
    EXPECT_NE(svg.find("width=\"60\" height=\"40\" viewBox=\"0 0 60 40\""), std::string::npos);
    EXPECT_NE(
        svg.find("<defs><clipPath id=\"box\"><rect x=\"40\" y=\"0\" width=\"10\" height=\"40\"/></clipPath>"),
        std::string::npos);
    EXPECT_NE(svg.find("<rect width=\"100%\" height=\"100%\" fill=\"" + hex(back) + "\"/>"),
              std::string::npos);
    EXPECT_NE(svg.find("<rect x=\"0\" y=\"0\" width=\"20\" height=\"10\" fill=\"#c80a0a\""),
              std::string::npos);
    EXPECT_NE(svg.find("<circle cx=\"30\" cy=\"20\" r=\"6\" fill=\"#0ac80a\" stroke=\"#0a0ac8\""),
              std::string::npos);
    EXPECT_NE(
        svg.find("<polyline points=\"0,30.5 20,30.5\" fill=\"none\" stroke=\"#0a0ac8\" stroke-width=\"2\" "
                 "stroke-linejoin=\"round\" stroke-dasharray=\"4 2\"/>"),
        std::string::npos);
    EXPECT_NE(svg.find("<polygon points=\"2,38 18,38 10,32\" fill=\"#5a5a5a\""), std::string::npos);
    EXPECT_NE(svg.find("clip-path=\"url(#box)\""), std::string::npos);
    EXPECT_NE(svg.find("font-weight=\"bold\" text-anchor=\"middle\""), std::string::npos);
    EXPECT_NE(svg.find(">Hi &lt;&amp;&gt;</text>"), std::string::npos);
    EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(SceneSvg, RotatedText) {
    Scene s = sample();
    s.shapes.back().angle = -90.0;
    EXPECT_NE(scene_svg(s).find("transform=\"rotate(-90 40 8)\""), std::string::npos);
}

TEST(SceneJson, ParsesWithEveryShape) {
    const nlohmann::json j = nlohmann::json::parse(scene_json(sample()));
    EXPECT_EQ(j.at("format"), "kinema-scene");
    EXPECT_EQ(j.at("version"), 1);
    EXPECT_EQ(j.at("width"), 60);
    EXPECT_EQ(j.at("height"), 40);
    EXPECT_EQ(j.at("background"), hex(back));
    EXPECT_EQ(j.at("frame_count"), 1);
    ASSERT_EQ(j.at("clips").size(), 1u);
    EXPECT_EQ(j.at("clips")[0], (nlohmann::json{{"id", "box"}, {"x", 40}, {"y", 0}, {"w", 10}, {"h", 40}}));
    const nlohmann::json& shapes = j.at("shapes");
    ASSERT_EQ(shapes.size(), 6u);
    EXPECT_EQ(
        shapes[0],
        (nlohmann::json{{"type", "rect"}, {"x", 0}, {"y", 0}, {"w", 20}, {"h", 10}, {"fill", "#c80a0a"}}));
    EXPECT_EQ(shapes[1].at("type"), "circle");
    EXPECT_EQ(shapes[1].at("r"), 6);
    EXPECT_EQ(shapes[1].at("stroke"), "#0a0ac8");
    EXPECT_EQ(shapes[1].at("stroke_width"), 1);
    EXPECT_EQ(shapes[2].at("type"), "polyline");
    EXPECT_EQ(shapes[2].at("points"), (nlohmann::json{{0, 30.5}, {20, 30.5}}));
    EXPECT_EQ(shapes[2].at("dash"), (nlohmann::json{4, 2}));
    EXPECT_FALSE(shapes[2].contains("fill"));  // a polyline is never filled
    EXPECT_EQ(shapes[3].at("type"), "polygon");
    EXPECT_EQ(shapes[3].at("fill"), "#5a5a5a");
    EXPECT_FALSE(shapes[3].contains("stroke"));
    EXPECT_EQ(shapes[4].at("clip"), 0);
    EXPECT_FALSE(shapes[0].contains("clip"));
    EXPECT_EQ(shapes[5].at("text"), "Hi <&>");
    EXPECT_EQ(shapes[5].at("anchor"), "middle");
    EXPECT_EQ(shapes[5].at("bold"), true);
    EXPECT_EQ(shapes[5].at("font_size"), 7);
}

TEST(SceneJson, NumbersRoundTripAndStringsAreEscaped) {
    Scene s;
    s.width = 10;
    s.height = 10;
    s.shapes.push_back(shapes::rect(0.1, 1.0 / 3.0, 2e-7, -0.0, red));
    s.shapes.push_back(shapes::text(0, 0, std::string("a\"b\\c\nd\x01") + "\xff" + "\xc3\xa9", 10.0, red));
    const std::string text = scene_json(s);
    EXPECT_NE(text.find("\"x\":0.1,"), std::string::npos);  // shortest form, not 0.10000000000000001
    EXPECT_NE(text.find("\"h\":0,"), std::string::npos);    // no -0
    const nlohmann::json j = nlohmann::json::parse(text);
    EXPECT_EQ(j["shapes"][0]["y"].get<double>(), 1.0 / 3.0);  // exactly
    EXPECT_EQ(j["shapes"][0]["w"].get<double>(), 2e-7);
    // Quotes, backslashes and control characters escaped; an invalid byte becomes U+FFFD; UTF-8 kept.
    EXPECT_EQ(j["shapes"][1]["text"], "a\"b\\c\nd\x01\xef\xbf\xbd\xc3\xa9");
}

Scene animated() {
    Scene s;
    s.width = 20;
    s.height = 20;
    s.frame_count = 3;
    s.frame_seconds = 0.5;
    s.hold_seconds = 1.0;
    Shape tile = shapes::rect(0, 0, 10, 10, blue);
    tile.frame_fill = {red, green, blue};
    s.shapes.push_back(tile);
    Shape only_second = shapes::rect(10, 10, 10, 10, grey);
    only_second.frame_visible = {0, 1, 0};
    s.shapes.push_back(only_second);
    return s;
}

TEST(SceneAnimation, EveryBackendSeesTheFrames) {
    const Scene s = animated();
    const Rgb fills[] = {red, green, blue};
    for (int frame = 0; frame < 3; ++frame) {
        const test::Image image = decode(scene_png(s, frame));
        EXPECT_TRUE(same(image.at(5, 5), fills[frame])) << frame;
        EXPECT_TRUE(same(image.at(15, 15), frame == 1 ? grey : palette::background)) << frame;
    }
    const std::string svg = scene_animated_svg(s);
    // 3 frames x 0.5 s + 1 s hold = 2.5 s; frames start at 0, 0.2 and 0.4 of it.
    EXPECT_NE(svg.find("<animate attributeName=\"fill\" calcMode=\"discrete\" dur=\"2.5s\" "
                       "repeatCount=\"indefinite\" values=\"#c80a0a;#0ac80a;#0a0ac8\" "
                       "keyTimes=\"0.00000;0.20000;0.40000\"/>"),
              std::string::npos);
    EXPECT_NE(svg.find("values=\"hidden;visible;hidden\""), std::string::npos);
    // The still SVG shows the last frame: blue fill, the second rect hidden (left out).
    const std::string still = scene_svg(s);
    EXPECT_EQ(still.find("<animate"), std::string::npos);
    EXPECT_NE(still.find("fill=\"#0a0ac8\""), std::string::npos);
    EXPECT_EQ(still.find("#5a5a5a"), std::string::npos);
    const nlohmann::json j = nlohmann::json::parse(scene_json(s));
    EXPECT_EQ(j["frame_count"], 3);
    EXPECT_EQ(j["frame_seconds"], 0.5);
    EXPECT_EQ(j["hold_seconds"], 1);
    EXPECT_EQ(j["shapes"][0]["frame_fill"], (nlohmann::json{"#c80a0a", "#0ac80a", "#0a0ac8"}));
    EXPECT_EQ(j["shapes"][1]["frame_visible"], (nlohmann::json{0, 1, 0}));
}

TEST(Scene, EveryBackendIsDeterministic) {
    for (const Scene& s : {sample(), animated()}) {
        EXPECT_EQ(scene_png(s), scene_png(s));
        EXPECT_EQ(scene_svg(s), scene_svg(s));
        EXPECT_EQ(scene_animated_svg(s), scene_animated_svg(s));
        EXPECT_EQ(scene_json(s), scene_json(s));
    }
    // And the output depends on the scene.
    Scene other = sample();
    other.shapes[0].fill = blue;
    EXPECT_NE(scene_png(other), scene_png(sample()));
    EXPECT_NE(scene_json(other), scene_json(sample()));
}

TEST(Scene, BadScenesAreNamed) {
    Scene s = animated();
    s.shapes[0].frame_fill.pop_back();
    EXPECT_THROW((void)scene_json(s), SettingsError);
    s = sample();
    s.shapes[0].clip = 1;
    EXPECT_THROW((void)scene_svg(s), SettingsError);
    s = sample();
    s.clips.push_back({"box", 0, 0, 1, 1});  // duplicate id
    EXPECT_THROW((void)scene_svg(s), SettingsError);
    s = sample();
    s.width = 0;
    EXPECT_THROW((void)scene_png(s), SettingsError);
    EXPECT_THROW((void)scene_png(sample(), 1), SettingsError);  // one frame only
    s = sample();
    s.shapes[2].points[0].x = std::numeric_limits<double>::infinity();
    const FieldErrors errors = s.validate();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].field, "shapes[2]");
}

TEST(Legend, LinesStackAtTheLineHeight) {
    Scene s;
    s.width = 200;
    s.height = 100;
    LegendBuilder legend(s, 10.0, 20.0, {16.0, 11.0, 13.0, 8.0});
    legend.swatch(palette::barrier, "barrier");
    legend.value("steps", "3 of 40", 100.0);
    legend.line_sample(palette::series[0], 2.0, {6.0, 4.0}, "unreal");
    EXPECT_DOUBLE_EQ(legend.baseline(), 20.0 + 3 * 16.0);
    ASSERT_EQ(s.shapes.size(), 6u);
    // Swatch: 13 px square whose bottom is 2 px below the baseline, label 8 px right of it.
    EXPECT_EQ(s.shapes[0].fill, palette::barrier);
    EXPECT_DOUBLE_EQ(s.shapes[0].y, 20.0 - 13.0 + 2.0);
    EXPECT_DOUBLE_EQ(s.shapes[1].x, 10.0 + 13.0 + 8.0);
    EXPECT_EQ(s.shapes[1].text, "barrier");
    // Value: bold, at the offset, on the second line.
    EXPECT_TRUE(s.shapes[3].bold);
    EXPECT_DOUBLE_EQ(s.shapes[3].x, 110.0);
    EXPECT_DOUBLE_EQ(s.shapes[3].y, 36.0);
    // Line sample: dashed, 4 px above the third baseline.
    EXPECT_EQ(s.shapes[4].dash, (std::vector<double>{6.0, 4.0}));
    EXPECT_DOUBLE_EQ(s.shapes[4].points[0].y, 52.0 - 4.0);
}

TEST(Palette, CellCodesAreTheFloodsOwn) {
    EXPECT_EQ(tile::untouched, chase::untouched_value);
    EXPECT_EQ(tile::barrier, chase::barrier_value);
    EXPECT_LT(tile::wall, tile::untouched);
    EXPECT_TRUE(same(floor_grey(5.0, 0.0, 10.0), Rgb{140, 140, 140}));  // halfway from 80 to 200
    EXPECT_TRUE(same(series_colour(7), palette::series[0]));            // cycles
}

}  // namespace
}  // namespace kinema::render
