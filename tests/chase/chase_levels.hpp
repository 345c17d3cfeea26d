// Loads kinema's own levels from data/levels (KINEMA_DATA_DIR) for the chase tests.
#pragma once

#include <cstddef>
#include <random>
#include <string>

#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "test_data.hpp"

namespace kinema::chase::testing {

using test::our_level;

/// Seed location and direction marked in a level.
struct MarkedSeed {
    SeedLocation location;
    Vec2 direction;
};

/// A one-tile corridor running east, then turning south: no junction and no loop anywhere (the audit's
/// barrier_blocks_exit tests).
inline constexpr const char* l_bend_corridor =
    "####################\n"
    "#..................#\n"
    "##################.#\n"
    "##################.#\n"
    "##################.#\n"
    "##################.#\n"
    "####################\n";

inline MarkedSeed marked_seed(const levels::GridLevel& level, const GridSpace& grid) {
    return {grid.locate(level.seed->position * grid.cell_size()), level.seed->direction};
}

/// A width x height level whose tiles are walls with probability `walls`, drawn from `random`.
inline levels::GridLevel random_level(std::mt19937& random, int width, int height, double walls) {
    levels::GridLevel level;
    level.name = "random";
    level.width = width;
    level.height = height;
    std::bernoulli_distribution wall(walls);
    level.passable.resize(static_cast<std::size_t>(width * height));
    for (auto& p : level.passable) {
        p = wall(random) ? 0 : 1;
    }
    return level;
}

}  // namespace kinema::chase::testing
