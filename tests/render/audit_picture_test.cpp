// render::audit_map_scene: the colour classes of the per-cell heat maps (docs/audit.md "Pictures"), one
// rectangle per run of equal colours, and bad maps named by field.
#include <gtest/gtest.h>

#include "kinema/render/audit_picture.hpp"
#include "kinema/render/palette.hpp"

namespace kinema::render {
namespace {

TEST(AuditPicture, ColoursByClass) {
    EXPECT_EQ(audit_colour(-1.0, 1.0), palette::wall);
    EXPECT_EQ(audit_colour(0.0, 1.0), palette::floor);
    // Eight equal classes over (0, max]: 1/8 is the first anchor, 1/8 + tiny the second, max and above the
    // last.
    EXPECT_EQ(audit_colour(0.125, 1.0), palette::heat_ramp[0]);
    EXPECT_EQ(audit_colour(0.126, 1.0), palette::heat_ramp[1]);
    EXPECT_EQ(audit_colour(1.0, 1.0), palette::heat_ramp[7]);
    EXPECT_EQ(audit_colour(30.0, 20.0), palette::heat_ramp[7]);
    EXPECT_EQ(audit_colour(1e-9, 20.0), palette::heat_ramp[0]);
}

TEST(AuditPicture, OneRectanglePerRunOfEqualColours) {
    AuditMap map;
    map.columns = 4;
    map.rows = 2;
    // Row 0: wall, 0, 0, 1 -> three runs; row 1: 0.5 x 4 -> one run.
    map.values = {-1, 0, 0, 1, 0.5, 0.5, 0.5, 0.5};
    const Scene scene = audit_map_scene(map, 64);
    ASSERT_GE(scene.shapes.size(), 4u);
    EXPECT_EQ(scene.shapes[0].fill, palette::wall);
    EXPECT_EQ(scene.shapes[1].fill, palette::floor);
    EXPECT_EQ(scene.shapes[1].w, 2 * scene.shapes[0].w);
    EXPECT_EQ(scene.shapes[2].fill, palette::heat_ramp[7]);
    EXPECT_EQ(scene.shapes[3].fill, palette::heat_ramp[3]);
    EXPECT_EQ(scene.shapes[3].w, 4 * scene.shapes[0].w);
    EXPECT_TRUE(scene.validate().empty());
}

TEST(AuditPicture, BadMapsAreNamed) {
    AuditMap map;
    map.columns = 2;
    map.rows = 2;
    map.values = {0, 0, 0};
    map.max_value = 0.0;
    try {
        (void)audit_map_scene(map);
        FAIL();
    } catch (const SettingsError& e) {
        ASSERT_EQ(e.errors().size(), 2u);
        EXPECT_EQ(e.errors()[0].field, "values");
        EXPECT_EQ(e.errors()[1].field, "max_value");
    }
}

}  // namespace
}  // namespace kinema::render
