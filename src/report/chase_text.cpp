#include "kinema/report/chase_text.hpp"
#include "kinema/core/file.hpp"

#include <algorithm>
#include <filesystem>
#include <utility>

#include <fmt/format.h>

#include "kinema/core/format.hpp"
#include "kinema/core/point_text.hpp"
#include "text_numbers.hpp"

namespace kinema::report {
namespace {

// A grid's positions are Vec3 with z = 0.
Vec2 xy(Vec3 p) {
    return {p.x, p.y};
}

std::string tile_text(const chase::CellCoords& c) {
    return fmt::format("({}, {})", c.values[0], c.values[1]);
}

char ascii_tile(const chase::Flood& flood, const chase::ChaseResult& result, chase::CellId c) {
    if (c == result.flood.seed_cell) {
        return 'S';
    }
    if (c == result.flood.destination_cell) {
        return 'D';
    }
    if (c != chase::no_cell && c == result.dead_reckoning.cell) {
        return 'R';
    }
    if (c == chase::no_cell) {
        return '#';
    }
    const int v = flood.value(c);
    const int hot = flood.settings().hot;
    if (v == chase::untouched_value) {
        return '.';
    }
    if (v == chase::barrier_value) {
        return 'x';
    }
    return v == 0 ? ':' : static_cast<char>('0' + std::clamp((9 * v + hot - 1) / hot, 1, 9));
}

// A share of `total` in percent with one decimal ("12.5%"); 0% of nothing.
std::string share_text(std::size_t count, std::size_t total) {
    const double share = total == 0 ? 0.0 : 100.0 * static_cast<double>(count) / static_cast<double>(total);
    return fmt::format("{:.1f}%", share);
}

// A distance to three decimals, as the audit's table shows them.
std::string rounded(double value) {
    return format_number(thousandths(value));
}

// The split destinations (ChaseQuery::destinations), one line each, largest heat first.
std::string split_lines(const chase::ChaseResult& r, bool grid) {
    if (!r.split) {
        return {};
    }
    const auto& regions = r.split->regions;
    std::string out =
        fmt::format("split        {} destination{} (heat split along the level, largest first)\n",
                    regions.size(), regions.size() == 1 ? "" : "s");
    for (std::size_t i = 0; i < regions.size(); ++i) {
        const std::string where = grid ? fmt::format("tile {} at {}", tile_text(r.split_cells[i]),
                                                     point_text(xy(regions[i].destination)))
                                       : point_text(regions[i].destination);
        out +=
            fmt::format("  {:<11}{}: {} cells, heat {}\n", i + 1, where, regions[i].cells, regions[i].heat);
    }
    if (r.split->at_work_bound) {
        out += fmt::format(
            "  (rounds stopped at the work bound after {}: 4 x heated cells + 2^22 settled; "
            "docs/chase.md)\n",
            r.split->rounds);
    }
    return out;
}

}  // namespace

std::string ascii_chase_picture(const chase::GridSpace& grid, const chase::Flood& flood,
                                const chase::ChaseResult& result) {
    std::string out;
    for (int row = 0; row < grid.height(); ++row) {
        for (int col = 0; col < grid.width(); ++col) {
            out += ascii_tile(flood, result, grid.cell_at(col, row));
        }
        out += '\n';
    }
    out +=
        "S seed  D destination  R dead reckoning  1-9 heat (9 = hottest)  : cooled  x barrier  "
        ". not reached  # wall\n";
    return out;
}

std::string grid_chase_summary(const chase::GridChaseSpace& space, const chase::Flood& flood,
                               const chase::ChaseResult& r, std::string_view title) {
    const chase::GridSpace& grid = space.grid();
    const chase::FloodSettings& settings = flood.settings();
    std::string out;
    out += fmt::format("map          {} ({} x {} tiles, {} cells, cell size {}, {}-connected)\n", title,
                       grid.width(), grid.height(), grid.cells().size(), format_number(grid.cell_size()),
                       static_cast<int>(grid.settings().connectivity));
    out += fmt::format("seed         tile {} at {}, direction {}\n", tile_text(r.seed),
                       point_text(xy(r.seed_position)), point_text(xy(r.direction)));
    out += fmt::format("constants    H = {}, M_H = {}, M_S = {}\n", settings.hot, settings.max_heated,
                       settings.max_steps);
    out += fmt::format("steps        {} (stop: {})\n", r.flood.steps, chase::to_string(r.flood.stop_reason));
    out += fmt::format("cells        {} heated, {} warm, {} barrier\n", r.flood.heated_cells,
                       r.flood.warm_cells, r.flood.barrier_cells);
    out += fmt::format("centroid     {}\n", point_text(xy(r.flood.centroid)));
    out += fmt::format("destination  tile {} at {}\n", tile_text(r.destination),
                       point_text(xy(r.flood.destination)));
    out += split_lines(r, true);
    out += fmt::format("dead reckon  tile {} at {}{}\n", tile_text(space.coords(r.dead_reckoning.cell)),
                       point_text(xy(r.dead_reckoning.position)),
                       r.dead_reckoning.blocked ? " (stopped by a wall)" : "");
    if (grid.width() <= ascii_picture_max_width && grid.height() <= ascii_picture_max_height) {
        out += '\n';
        out += ascii_chase_picture(grid, flood, r);
    }
    return out;
}

std::string level_chase_summary(const chase::ChaseSpace& space, const chase::Flood& flood,
                                const chase::ChaseResult& r, std::string_view map) {
    const chase::FloodResult& f = r.flood;
    double max_levels = 1.0;
    for (const chase::SpaceField& field : space.report_fields()) {
        if (field.name == "max_levels") {
            max_levels = field.value;
        }
    }
    std::string out;
    out += fmt::format("map          {} ({} cells of {} m, up to {} level{} per column)\n", map,
                       space.cells().size(), format_number(space.cells().cell_size()),
                       format_number(max_levels), max_levels == 1.0 ? "" : "s");
    out +=
        fmt::format("seed         {}{}\n", point_text(r.seed_position), f.seed_snapped ? " (snapped)" : "");
    out += fmt::format("steps        {} of {}, stopped: {}\n", f.steps, flood.settings().max_steps,
                       chase::to_string(f.stop_reason));
    out += fmt::format("cells        {} heated, {} warm, {} barrier\n", f.heated_cells, f.warm_cells,
                       f.barrier_cells);
    out += fmt::format("centroid     {}\n", point_text(f.centroid));
    out += fmt::format("destination  {}\n", point_text(f.destination));
    out += split_lines(r, false);
    out += fmt::format("dead reckon  {}{}\n", point_text(r.dead_reckoning.position),
                       r.dead_reckoning.blocked ? " (blocked)" : "");
    if (r.path) {
        out += fmt::format("path         {}, {} corners, {} m\n", chase::to_string(r.path->status),
                           r.path->points.size(), format_number(r.path->length));
    }
    return out;
}

std::string chase_pictures_text(const ChasePictureFiles& files) {
    std::string out;
    for (const auto& [path, kind] :
         {std::pair{files.png, "PNG"}, {files.svg, "SVG"}, {files.animated_svg, "animated SVG"}}) {
        if (!path.empty()) {
            out += fmt::format("wrote {} {}\n", kind, path);
        }
    }
    if (!files.frames_directory.empty()) {
        out += fmt::format("wrote one PNG per step in {}\n", files.frames_directory);
    }
    return out;
}

std::string seed_snap_note(const chase::ChaseResult& r) {
    if (!r.flood.seed_snapped) {
        return {};
    }
    return fmt::format(
        "kinema: note: the seed point {} is not on a passable tile; snapped to the nearest cell, tile {} "
        "centred at {}\n",
        point_text(xy(r.position)), tile_text(r.seed), point_text(xy(r.seed_position)));
}

std::vector<std::string> level_chase_legend(const chase::FloodSettings& settings, const chase::ChaseResult& r,
                                            std::string_view map) {
    const chase::FloodResult& f = r.flood;
    std::vector<std::string> legend;
    legend.push_back(fmt::format("{}: top view (x right, z down), floors lighter when higher",
                                 utf8_text(utf8_path(std::string(map)).filename())));
    legend.push_back(fmt::format("{} steps of {}, {}; {} heated, {} warm, {} barrier", f.steps,
                                 settings.max_steps, chase::to_string(f.stop_reason), f.heated_cells,
                                 f.warm_cells, f.barrier_cells));
    // The marks are named by the picture's legend (kinema/render/legend.hpp); these lines are its notes.
    if (r.path) {
        legend.push_back(fmt::format("black line: NPC path, {:.2f} m", r.path->length));
    }
    return legend;
}

std::string audit_summary(std::string_view title, const chase::FloodSettings& flood,
                          const chase::AuditSettings& settings, const chase::AuditResult& r) {
    const chase::AuditTotals& t = r.totals;
    std::string out = fmt::format("kinema audit: {}\n", title);
    out += fmt::format("  {} cells x {} directions = {} seeds (H = {}, M_H = {}, M_S = {}; K = {}, R = {})\n",
                       t.cells, r.directions, t.rows, flood.hot, flood.max_heated, flood.max_steps,
                       settings.give_up_steps, settings.corner_radius);
    out += fmt::format("\n  {:<22}{:>10}{:>9}\n", "stop reason", "seeds", "share");
    constexpr chase::StopReason reasons[] = {chase::StopReason::exhausted, chase::StopReason::too_many_heated,
                                             chase::StopReason::max_steps};
    for (std::size_t i = 0; i < 3; ++i) {
        out += fmt::format("  {:<22}{:>10}{:>9}\n", chase::to_string(reasons[i]), t.stop_reasons[i],
                           share_text(t.stop_reasons[i], t.rows));
    }
    out += fmt::format("\n  {:<22}{:>10}{:>9}{:>16}\n", "finding", "seeds", "share", "cells with any");
    for (std::size_t i = 0; i < chase::all_findings.size(); ++i) {
        const auto cells_with = static_cast<std::size_t>(std::count_if(
            r.cells.begin(), r.cells.end(), [&](const auto& c) { return c.finding_share[i] > 0.0; }));
        out += fmt::format("  {:<22}{:>10}{:>9}{:>16}\n", chase::to_string(chase::all_findings[i]),
                           t.findings[i], share_text(t.findings[i], t.rows), cells_with);
    }
    out += fmt::format("\n  mean chase distance     {} (straight), {} (along the cells)\n",
                       rounded(t.mean_chase_distance), rounded(t.mean_along_cells_distance));
    out += fmt::format("  mean dead reckoning gap {}\n", rounded(t.mean_dead_reckoning_gap));
    return out;
}

}  // namespace kinema::report
