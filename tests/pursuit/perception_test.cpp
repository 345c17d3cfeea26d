// The perception's sight box (src/pursuit/perception.hpp), which the search's clearing uses to skip cells
// without testing them: every target sees() accepts lies inside it, for cones up to 360 degrees, facings a
// little off unit length, contact ranges beyond the view range and targets on the cone's edge; and it is
// smaller than the view range's square for a cone of at most 180 degrees, or it would skip nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "kinema/chase/grid.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/space.hpp"
#include "pursuit/perception.hpp"  // private (src/)

namespace kinema::pursuit {
using detail::Eye;
using detail::Perception;
namespace {

struct OpenField {
    OpenField()
        : tiles(static_cast<std::size_t>(kSide) * kSide, 1),
          level(levels::grid_from_tiles("open", kSide, kSide, tiles.data())),
          grid(level),
          chase(grid),
          space(chase) {}
    static constexpr int kSide = 64;
    std::vector<std::uint8_t> tiles;
    levels::GridLevel level;
    chase::GridSpace grid;
    chase::GridChaseSpace chase;
    ChasePursuitSpace space;
};

bool inside(const std::pair<Vec2, Vec2>& box, Vec2 p) {
    return p.x >= box.first.x && p.x <= box.second.x && p.y >= box.first.y && p.y <= box.second.y;
}

TEST(SightBox, HoldsEverySeenTarget) {
    OpenField field;  // no walls: sees() is the range, cone and contact tests alone
    std::mt19937_64 rng(20261127);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::uniform_real_distribution<double> turn(-Perception::kPi, Perception::kPi);
    const Vec2 eye_at{32.0, 32.0};
    int seen = 0;
    int trials = 0;
    for (const double angle : {0.0, 1.0, 45.0, 90.0, 120.0, 179.0, 180.0, 181.0, 270.0, 360.0}) {
        for (const double contact : {0.0, 1.0, 30.0}) {
            ReasoningSettings settings;
            settings.view_range = 12.0;
            settings.view_angle = angle;
            settings.contact_range = contact;
            const Perception perception(field.space, settings);
            for (int k = 0; k < 200; ++k) {
                const double a = turn(rng);
                // Unit, or a rounding or two off it either way.
                const double length = 1.0 + (static_cast<double>(k % 5) - 2.0) * 1e-16;
                const Eye eye{eye_at, 0.0, Vec2{std::cos(a), std::sin(a)} * length};
                const auto box = perception.sight_box(eye);
                for (int j = 0; j < 200; ++j) {
                    // Anywhere in the range's square, or on the cone's edge (the half-angle from the facing).
                    // At the range's end (a hair inside) a quarter of the time: the box's corners.
                    const double r = 12.0 * (j % 4 == 0 ? 1.0 - 1e-12 : std::sqrt(unit(rng)));
                    const double edge = angle * Perception::kPi / 360.0 * (j % 2 == 0 ? 1.0 : -1.0);
                    const double b = j % 4 < 2 ? a + edge : turn(rng);
                    const Vec2 target = eye_at + Vec2{std::cos(b), std::sin(b)} * r;
                    ++trials;
                    if (perception.sees(eye, target, 0.0)) {
                        ++seen;
                        ASSERT_TRUE(inside(box, target)) << "angle " << angle << " contact " << contact;
                    }
                }
            }
        }
    }
    EXPECT_GT(seen, trials / 10);  // the property was tested on many seen targets
}

TEST(SightBox, NarrowerThanTheRangeForACone) {
    OpenField field;
    ReasoningSettings settings;
    settings.view_range = 12.0;
    settings.view_angle = 120.0;
    settings.contact_range = 1.0;
    const Perception perception(field.space, settings);
    // Facing +x: x from -1 (contact) to 12, y within 12 sin 60 = 10.39 (the arc's ends) -- about a third of
    // the 24 x 24 square.
    const auto box = perception.sight_box(Eye{Vec2{32.0, 32.0}, 0.0, Vec2{1.0, 0.0}});
    EXPECT_NEAR(box.first.x, 31.0, 1e-4);
    EXPECT_NEAR(box.second.x, 44.0, 1e-4);
    EXPECT_NEAR(box.first.y, 32.0 - 12.0 * std::sqrt(3.0) / 2.0, 1e-4);
    EXPECT_NEAR(box.second.y, 32.0 + 12.0 * std::sqrt(3.0) / 2.0, 1e-4);
    // Wider than 180 degrees: the whole square.
    settings.view_angle = 200.0;
    const auto square =
        Perception(field.space, settings).sight_box(Eye{Vec2{32.0, 32.0}, 0.0, Vec2{1.0, 0.0}});
    EXPECT_NEAR(square.first.x, 20.0, 1e-4);
    EXPECT_NEAR(square.second.y, 44.0, 1e-4);
}

}  // namespace
}  // namespace kinema::pursuit
