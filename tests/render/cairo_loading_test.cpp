// cairo is loaded when the first PNG is drawn, not when a program linked with kinema::render starts
// (src/render/cairo_library.hpp: linked, it and the libraries it brings cost every kinema process about 3
// ms). A test binary of its own, linked with kinema::render alone: render_tests links cairo itself, to read
// PNG pixels back.
#include <string>

#include <gtest/gtest.h>

#include "kinema/render/scene.hpp"
#include "process_maps.hpp"

namespace kinema::render {
namespace {

using test::process_has_mapped;

TEST(CairoLoading, CairoIsLoadedByTheFirstPngNotAtStartNorBySvg) {
    Scene scene;
    scene.width = 8;
    scene.height = 4;
    scene.shapes.push_back(shapes::rect(0.0, 0.0, 4.0, 4.0, Rgb{200, 10, 10}));
    scene.shapes.push_back(shapes::text(1.0, 3.0, "k", 3.0, Rgb{0, 0, 0}, false, Anchor::start));
    EXPECT_FALSE(process_has_mapped("libcairo.so"));
    EXPECT_NE(scene_svg(scene).find("<svg"), std::string::npos);
    EXPECT_FALSE(process_has_mapped("libcairo.so"));
    const std::string png = scene_png(scene);
    EXPECT_EQ(png.substr(0, 8), "\x89PNG\r\n\x1a\n");
    EXPECT_TRUE(process_has_mapped("libcairo.so"));
    EXPECT_EQ(scene_png(scene), png);  // the same library, the same bytes
}

}  // namespace
}  // namespace kinema::render
