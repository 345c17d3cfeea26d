// From the chase library's state to the plain scene the flood pictures draw.
#include "kinema/render/chase_scene.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <span>
#include <stdexcept>

#include "kinema/core/format.hpp"

namespace kinema::render {
namespace {

// At most 6 significant digits, locale independent: the legend is for reading (the CLI's JSON has every
// digit).
std::string number(double v) {
    return format_significant(v, 6);
}

std::string point(Vec2 p) {
    // Appended piece by piece: GCC 12's -Wrestrict misfires on "(" + std::string + ... chains.
    std::string out = "(";
    out.append(number(p.x));
    out.append(", ");
    out.append(number(p.y));
    out.append(")");
    return out;
}

std::string tile_text(const chase::GridSpace& grid, chase::CellId c) {
    const chase::Tile t = grid.tile_of(c);
    std::string out = "tile ";
    out.append(std::to_string(t.col));
    out.append(",");
    out.append(std::to_string(t.row));
    return out;
}

void require_same_space(const chase::GridSpace& grid, const chase::Flood& flood) {
    if (flood.space() != &grid.cells()) {
        throw std::invalid_argument("flood picture: the flood was not started on this grid");
    }
}

Vec2 planar(Vec3 p) {
    return {p.x, p.y};
}

}  // namespace

std::vector<std::int32_t> flood_tiles(const chase::GridSpace& grid, const chase::Flood& flood) {
    require_same_space(grid, flood);
    std::vector<std::int32_t> tiles(
        static_cast<std::size_t>(grid.width()) * static_cast<std::size_t>(grid.height()), tile::wall);
    for (int row = 0; row < grid.height(); ++row) {
        for (int col = 0; col < grid.width(); ++col) {
            const chase::CellId c = grid.cell_at(col, row);
            if (c != chase::no_cell) {
                // chase::untouched_value (-2) and barrier_value (-1) are the same codes as tile::untouched
                // and tile::barrier; heat is 0..H in both.
                tiles[static_cast<std::size_t>(row) * static_cast<std::size_t>(grid.width()) +
                      static_cast<std::size_t>(col)] = flood.value(c);
            }
        }
    }
    return tiles;
}

FloodFrame flood_frame(const chase::GridSpace& grid, const chase::Flood& flood) {
    FloodFrame frame;
    frame.step = flood.steps();
    frame.tiles = flood_tiles(grid, flood);
    const chase::FloodResult r = flood.result();
    frame.centroid = planar(r.centroid);
    if (r.destination_cell != chase::no_cell) {
        frame.destination = planar(r.destination);
    }
    return frame;
}

std::vector<int> animation_steps(int steps, int max_frames) {
    if (steps < 0 || max_frames < 2) {
        throw std::invalid_argument("animation_steps: steps must be >= 0 and max_frames >= 2");
    }
    std::vector<int> shown;
    if (steps < max_frames) {  // steps + 1 frames fit
        for (int s = 0; s <= steps; ++s) {
            shown.push_back(s);
        }
        return shown;
    }
    // steps >= max_frames, so consecutive samples are more than one step apart: never the same step twice.
    for (int i = 0; i < max_frames; ++i) {
        shown.push_back(static_cast<int>(std::llround(static_cast<double>(i) * steps / (max_frames - 1))));
    }
    return shown;
}

void FloodRecorder::record(const chase::Flood& flood) {
    require_same_space(*grid_, flood);
    changes_.clear();
    const auto note = [&](chase::CellId c) {
        const chase::Tile t = grid_->tile_of(c);
        const auto tile =
            static_cast<std::uint32_t>(static_cast<std::size_t>(t.row) * grid_->width() + t.col);
        const std::int32_t value = flood.value(c);
        const auto [it, inserted] = last_.try_emplace(tile, value);
        if (inserted || it->second != value) {
            it->second = value;
            changes_.push_back({tile, value});
        }
    };
    for (const chase::CellId c : flood.heated_cells()) {
        note(c);
    }
    for (const chase::CellId c : flood.barrier_cells()) {
        note(c);
    }
    const chase::FloodResult r = flood.result();
    std::optional<Vec2> destination;
    if (r.destination_cell != chase::no_cell) {
        destination = planar(r.destination);
    }
    recording_.add_frame(flood.steps(), changes_, planar(r.centroid), destination);
}

std::vector<LegendLine> flood_numbers(const chase::FloodResult& result, const chase::FloodSettings& settings,
                                      const std::optional<chase::DeadReckoningResult>& dead_reckoning) {
    std::vector<LegendLine> lines;
    lines.push_back({"steps", std::to_string(result.steps) + " of " + std::to_string(settings.max_steps)});
    lines.push_back({"stop reason", result.finished ? std::string(chase::to_string(result.stop_reason))
                                                    : std::string("running")});
    lines.push_back({"heated cells", std::to_string(result.heated_cells)});
    lines.push_back({"warm cells", std::to_string(result.warm_cells)});
    lines.push_back({"barrier cells", std::to_string(result.barrier_cells)});
    lines.push_back({"H, M_H", std::to_string(settings.hot) + ", " + std::to_string(settings.max_heated)});
    lines.push_back({"centroid", point(planar(result.centroid))});
    lines.push_back({"destination", point(planar(result.destination))});
    if (dead_reckoning) {
        lines.push_back({"dead reckoning", point(dead_reckoning->position)});
    }
    return lines;
}

// The tile edges between two heated tiles of different regions of a split, right and bottom neighbours.
std::vector<std::array<Vec2, 2>> region_borders(const chase::GridSpace& grid, const chase::Flood& flood,
                                                const chase::SplitDestinations& split) {
    const std::span<const chase::CellId> heated = flood.heated_cells();
    std::vector<std::pair<chase::CellId, int>> region_of;
    for (std::size_t i = 0; i < heated.size(); ++i) {
        region_of.emplace_back(heated[i], split.region_of[i]);
    }
    std::sort(region_of.begin(), region_of.end());
    const auto region_at = [&](int col, int row) {
        const chase::CellId c = grid.cell_at(col, row);
        const auto it = std::lower_bound(region_of.begin(), region_of.end(), std::pair{c, -1});
        return c != chase::no_cell && it != region_of.end() && it->first == c ? it->second : -1;
    };
    const double s = grid.cell_size();
    std::vector<std::array<Vec2, 2>> borders;
    for (const auto& [cell, region] : region_of) {
        const chase::Tile t = grid.tile_of(cell);
        const int right = region_at(t.col + 1, t.row);
        const int below = region_at(t.col, t.row + 1);
        if (right >= 0 && right != region) {
            borders.push_back({Vec2{(t.col + 1) * s, t.row * s}, Vec2{(t.col + 1) * s, (t.row + 1) * s}});
        }
        if (below >= 0 && below != region) {
            borders.push_back({Vec2{t.col * s, (t.row + 1) * s}, Vec2{(t.col + 1) * s, (t.row + 1) * s}});
        }
    }
    return borders;
}

FloodScene flood_scene(const chase::GridSpace& grid, const chase::Flood& flood, Vec2 direction,
                       const std::optional<chase::DeadReckoningResult>& dead_reckoning, std::string title) {
    const chase::FloodResult r = flood.result();
    FloodScene scene;
    scene.columns = grid.width();
    scene.rows = grid.height();
    scene.cell_size = grid.cell_size();
    scene.tiles = flood_tiles(grid, flood);
    scene.hot_value = flood.settings().hot;
    scene.seed_position = planar(grid.cells().position(r.seed_cell));
    scene.direction = direction;
    scene.centroid = planar(r.centroid);
    if (r.destination_cell != chase::no_cell) {
        scene.destination = planar(r.destination);
    }
    if (dead_reckoning && dead_reckoning->cell != chase::no_cell) {
        scene.dead_reckoning = dead_reckoning->position;
    }
    scene.title = std::move(title);
    scene.numbers = flood_numbers(r, flood.settings(), dead_reckoning);
    if (r.destination_cell != chase::no_cell) {
        scene.numbers.insert(scene.numbers.end() - (dead_reckoning ? 1 : 0),
                             {"destination cell", tile_text(grid, r.destination_cell)});
    }
    return scene;
}

FloodScene flood_scene(const chase::GridSpace& grid, const chase::Flood& flood,
                       const chase::ChaseResult& result, std::string title) {
    const auto xy = [](Vec3 p) { return Vec2{p.x, p.y}; };
    const chase::DeadReckoning& d = result.dead_reckoning;
    const chase::DeadReckoningResult dead_reckoning{d.cell, xy(d.position), xy(d.end_point), d.blocked,
                                                    false};
    FloodScene scene = flood_scene(grid, flood, xy(result.direction), dead_reckoning, std::move(title));
    if (result.split) {
        for (const chase::DestinationRegion& region : result.split->regions) {
            scene.split_destinations.push_back(xy(region.destination));
        }
        scene.region_borders = region_borders(grid, flood, *result.split);
    }
    return scene;
}

}  // namespace kinema::render
