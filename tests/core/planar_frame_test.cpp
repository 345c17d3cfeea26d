// kinema::PlanarFrame: the one mapping between world points and the plane (and height) that the chase cells
// and the pursuit move in, and point_text of a point as its frame shows it.
#include <gtest/gtest.h>

#include "kinema/core/planar_frame.hpp"
#include "kinema/core/point_text.hpp"

namespace kinema {
namespace {

TEST(PlanarFrame, GridsUseTheXyPlaneWithTheHeightInZ) {
    constexpr PlanarFrame frame = PlanarFrame::xy;
    static_assert(frame == PlanarFrame{});
    static_assert(frame.dimensions() == 2);
    EXPECT_EQ(frame.world({1.5, 2.5}, 0.25), (Vec3{1.5, 2.5, 0.25}));
    EXPECT_EQ(frame.flat({1.0, 2.0, 3.0}), (Vec2{1.0, 2.0}));
    EXPECT_EQ(frame.height({1.0, 2.0, 3.0}), 3.0);
    const ShownPoint shown = frame.shown({1.0, 2.0, 3.0});
    ASSERT_EQ(shown.count, 2u);
    EXPECT_EQ(shown.values[0], 1.0);
    EXPECT_EQ(shown.values[1], 2.0);
    const double typed[] = {4.0, 5.0};
    EXPECT_EQ(frame.from_shown(typed), (Vec3{4.0, 5.0, 0.0}));
}

TEST(PlanarFrame, YUpLevelsUseTheXzPlaneWithTheHeightInY) {
    constexpr PlanarFrame frame = PlanarFrame::xz;
    static_assert(frame != PlanarFrame::xy);
    static_assert(frame.dimensions() == 3);
    // Recast's y-up meshes: the planar (x, z) = (1.5, 2.5) at height 0.25 is the world (1.5, 0.25, 2.5).
    EXPECT_EQ(frame.world({1.5, 2.5}, 0.25), (Vec3{1.5, 0.25, 2.5}));
    EXPECT_EQ(frame.flat({1.0, 2.0, 3.0}), (Vec2{1.0, 3.0}));
    EXPECT_EQ(frame.height({1.0, 2.0, 3.0}), 2.0);
    EXPECT_EQ(frame.on_plane({1.0, 2.0, 3.0}), (Vec3{1.0, 2.0, 3.0}));
    const ShownPoint shown = frame.shown({1.0, 2.0, 3.0});
    ASSERT_EQ(shown.count, 3u);
    EXPECT_EQ(shown.values[2], 3.0);
    const double typed[] = {4.0, 5.0, 6.0};
    EXPECT_EQ(frame.from_shown(typed), (Vec3{4.0, 5.0, 6.0}));
}

TEST(PlanarFrame, OfDimensionsIsTheFrameOfTypedPoints) {
    static_assert(PlanarFrame::of_dimensions(3) == PlanarFrame::xz);
    static_assert(PlanarFrame::of_dimensions(2) == PlanarFrame::xy);
    EXPECT_EQ(PlanarFrame::of_dimensions(PlanarFrame::xz.dimensions()), PlanarFrame::xz);
}

TEST(PlanarFrame, PointTextOfAShownPointIsTheVectorsText) {
    // The same text as point_text(Vec2) and point_text(Vec3), whichever frame shows the point.
    const Vec3 w{1.5, -0.0, 1e-5};
    EXPECT_EQ(point_text(PlanarFrame::xy.shown(w), ","), point_text(Vec2{1.5, -0.0}, ","));
    EXPECT_EQ(point_text(PlanarFrame::xy.shown(w), ","), "(1.5,-0)");
    EXPECT_EQ(point_text(PlanarFrame::xz.shown(w)), point_text(w));
    EXPECT_EQ(point_text(PlanarFrame::xz.shown(w)), "(1.5, -0, 1e-05)");
}

}  // namespace
}  // namespace kinema
