// render::audit_map_scene: the colour classes of the per-cell heat maps (docs/audit.md "Pictures"), one
// rectangle per run of equal colours, and bad maps named by field; render::audit_maps: cells placed by their
// tiles.
#include <gtest/gtest.h>

#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
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

TEST(AuditPicture, MapsPlaceEachCellOnItsTile) {
    // Tile (0, 0) is a wall; the cells in row-major order are (1, 0), (2, 0), (0, 1), (1, 1), (2, 1).
    const levels::GridLevel level = levels::parse_ascii_level("#..\n...\n", "l");
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    chase::AuditResult r;
    r.directions = 4;
    r.totals.cells = 5;
    for (int c = 0; c < 5; ++c) {
        r.cells.push_back({c + 1.0, {c == 3 ? 0.75 : 0.0, 0.0, 0.0, 0.0}});
    }
    const auto maps = audit_maps(space, r, "l.txt");
    ASSERT_EQ(maps.size(), 1 + chase::all_findings.size());
    const auto& [name, distance] = maps[0];
    EXPECT_EQ(name, "distance");
    EXPECT_EQ(distance.columns, 3);
    EXPECT_EQ(distance.rows, 2);
    EXPECT_EQ(distance.values, (std::vector<double>{-1.0, 1.0, 2.0, 3.0, 4.0, 5.0}));
    EXPECT_EQ(distance.max_value, 5.0);
    EXPECT_FALSE(distance.share);
    EXPECT_EQ(distance.title, "l.txt");
    EXPECT_EQ(distance.caption, "mean chase distance (straight, world units)");
    EXPECT_EQ(distance.notes, (std::vector<std::string>{"5 cells x 4 directions"}));
    EXPECT_EQ(maps[1].first, "wrong_way");
    EXPECT_EQ(maps[1].second.values, (std::vector<double>{-1.0, 0.0, 0.0, 0.0, 0.75, 0.0}));
    EXPECT_EQ(maps[1].second.max_value, 1.0);
    EXPECT_EQ(maps[1].second.caption, "share of directions: wrong_way");
    EXPECT_EQ(maps[4].first, "barrier_blocks_exit");
}

}  // namespace
}  // namespace kinema::render
