#include "chase_report.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "kinema/chase/json.hpp"
#include "output_files.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/flood_picture.hpp"
#include "kinema/render/level_view.hpp"
#endif

namespace kinema::cli {
namespace {

// Maps at most this many tiles wide and high get the ASCII picture in the summary.
constexpr int ascii_max_width = 100;
constexpr int ascii_max_height = 50;

std::string point_text(Vec2 p) {
    return fmt::format("({}, {})", format_number(p.x), format_number(p.y));
}
Vec2 planar_xy(Vec3 p) {
    return {p.x, p.y};
}
std::string tile_text(const chase::CellCoords& c) {
    return fmt::format("({}, {})", c.values[0], c.values[1]);
}

// One character per tile: '#' blocked, '.' not reached, 'x' barrier, ':' heated and cooled to 0, '1'..'9'
// warm heat in ninths of H (rounded up), and the marks S (seed), D (destination), R (dead reckoning).
char ascii_tile(const ChaseReport& report, chase::CellId c) {
    const chase::FloodResult& r = report.result.flood;
    if (c == r.seed_cell) {
        return 'S';
    }
    if (c == r.destination_cell) {
        return 'D';
    }
    if (c != chase::no_cell && c == report.result.dead_reckoning.cell) {
        return 'R';
    }
    if (c == chase::no_cell) {
        return '#';
    }
    const int v = report.flood->value(c);
    const int hot = report.flood->settings().hot;
    if (v == chase::untouched_value) {
        return '.';
    }
    if (v == chase::barrier_value) {
        return 'x';
    }
    return v == 0 ? ':' : static_cast<char>('0' + std::clamp((9 * v + hot - 1) / hot, 1, 9));
}

std::string ascii_picture(const ChaseReport& report) {
    const chase::GridSpace& grid = *report.grid;
    std::string out;
    for (int row = 0; row < grid.height(); ++row) {
        for (int col = 0; col < grid.width(); ++col) {
            out += ascii_tile(report, grid.cell_at(col, row));
        }
        out += '\n';
    }
    out +=
        "S seed  D destination  R dead reckoning  1-9 heat (9 = hottest)  : cooled  x barrier  "
        ". not reached  # wall\n";
    return out;
}

std::string level_summary(const ChaseReport& report);

std::string summary(const ChaseReport& report, const ChaseOutputs& outputs) {
    std::string out = report.grid != nullptr ? grid_summary(report) : level_summary(report);
    for (const auto& [path, kind] :
         {std::pair{outputs.png, "PNG"}, {outputs.svg, "SVG"}, {outputs.animate, "animated SVG"}}) {
        if (!path.empty()) {
            out += fmt::format("wrote {} {}\n", kind, path);
        }
    }
    if (!outputs.frames.empty()) {
        out += fmt::format("wrote one PNG per step in {}\n", outputs.frames);
    }
    return out;
}

void print_snap_note(const ChaseReport& report) {
    if (report.grid == nullptr || !report.result.flood.seed_snapped) {
        return;
    }
    fmt::print(
        stderr,
        "kinema: note: the seed point {} is not on a passable tile; snapped to the nearest cell, tile {} "
        "centred at {}\n",
        point_text(planar_xy(report.result.position)), tile_text(report.result.seed),
        point_text(planar_xy(report.result.seed_position)));
}

#if KINEMA_HAVE_RENDER
// The 2D flood pictures of render (docs/render.md), fed the grid's dead reckoning in its own type.
void add_grid_pictures(const ChaseReport& report, const ChaseOutputs& outputs, OutputFiles& files) {
    if (outputs.png.empty() && outputs.svg.empty() && !outputs.animated()) {
        return;
    }
    const chase::DeadReckoning& d = report.result.dead_reckoning;
    const chase::DeadReckoningResult dr{d.cell, planar_xy(d.position), planar_xy(d.end_point), d.blocked,
                                        false};
    const render::FloodScene scene = render::flood_scene(
        *report.grid, *report.flood, planar_xy(report.result.direction), dr, report.title);
    const render::PictureSettings picture;
    if (!outputs.png.empty()) {
        files.add("--png", outputs.png, render::flood_png(scene, picture));
    }
    if (!outputs.svg.empty()) {
        files.add("--svg", outputs.svg, render::flood_svg(scene, picture));
    }
    if (!outputs.animate.empty()) {
        files.add("--animate", outputs.animate,
                  render::recorded_flood_animated_svg(scene, report.frames, picture));
    }
    if (!outputs.frames.empty()) {
        std::vector<std::string> pngs = render::recorded_flood_png_frames(scene, report.frames, picture);
        std::vector<std::pair<std::string, std::string>> steps;
        for (std::size_t i = 0; i < pngs.size(); ++i) {
            steps.emplace_back(fmt::format("step-{:03}.png", report.frames.frames()[i].step),
                               std::move(pngs[i]));
        }
        files.add_directory("--frames", outputs.frames, "step-", ".png", std::move(steps));
    }
}
#endif

#if KINEMA_HAVE_NAV
std::string point_text(Vec3 p) {
    return fmt::format("({}, {}, {})", format_number(p.x), format_number(p.y), format_number(p.z));
}

std::string level_summary(const ChaseReport& report) {
    const nav::NavCells& cells = report.level->nav_cells();
    const chase::ChaseResult& r = report.result;
    const chase::FloodResult& f = r.flood;
    std::string out;
    out += fmt::format("map          {} ({} cells of {} m, up to {} levels per column)\n", report.map,
                       cells.size(), format_number(cells.grid().cell_size), cells.max_column_size());
    out +=
        fmt::format("seed         {}{}\n", point_text(r.seed_position), f.seed_snapped ? " (snapped)" : "");
    out += fmt::format("steps        {} of {}, stopped: {}\n", f.steps, report.flood->settings().max_steps,
                       chase::to_string(f.stop_reason));
    out += fmt::format("cells        {} heated, {} warm, {} barrier\n", f.heated_cells, f.warm_cells,
                       f.barrier_cells);
    out += fmt::format("centroid     {}\n", point_text(f.centroid));
    out += fmt::format("destination  {}\n", point_text(f.destination));
    out += fmt::format("dead reckon  {}{}\n", point_text(r.dead_reckoning.position),
                       r.dead_reckoning.blocked ? " (blocked)" : "");
    if (r.path) {
        out += fmt::format("path         {}, {} corners, {} m\n", chase::to_string(r.path->status),
                           r.path->points.size(), format_number(r.path->length));
    }
    return out;
}

#if KINEMA_HAVE_RENDER
std::vector<std::string> level_view_legend(const ChaseReport& report) {
    const chase::FloodResult& f = report.result.flood;
    std::vector<std::string> legend;
    legend.push_back(fmt::format("{}: top view (x right, z down), floors lighter when higher",
                                 std::filesystem::path(report.map).filename().string()));
    legend.push_back(fmt::format("{} steps of {}, {}; {} heated, {} warm, {} barrier", f.steps,
                                 report.flood->settings().max_steps, chase::to_string(f.stop_reason),
                                 f.heated_cells, f.warm_cells, f.barrier_cells));
    legend.push_back("white disc: seed; cross: centroid; green: destination; magenta: dead reckoning");
    if (report.result.path) {
        legend.push_back(fmt::format("black line: NPC path, {:.2f} m", report.result.path->length));
    }
    return legend;
}

render::LevelView level_view(const ChaseReport& report) {
    const chase::ChaseResult& r = report.result;
    const auto planar = [](Vec3 p) { return Vec2{p.x, p.z}; };
    const chase::Flood& flood = *report.flood;
    render::LevelView view =
        level_top_view(*report.level, flood.settings().hot, [&](chase::CellId c) { return flood.value(c); });
    view.seed = planar(r.seed_position);
    view.direction = planar(r.direction);
    view.centroid = planar(r.flood.centroid);
    view.destination = planar(r.flood.destination);
    view.dead_reckoning = planar(r.dead_reckoning.position);
    if (r.path) {
        for (const Vec3& p : r.path->points) {
            view.path.push_back(planar(p));
        }
    }
    view.legend = level_view_legend(report);
    return view;
}
#endif
#else
std::string level_summary(const ChaseReport&) {
    throw std::logic_error("a 3D chase report without kinema::nav");
}
#endif

void add_pictures([[maybe_unused]] const ChaseReport& report, [[maybe_unused]] const ChaseOutputs& outputs,
                  [[maybe_unused]] OutputFiles& files) {
#if KINEMA_HAVE_RENDER
    if (report.grid != nullptr) {
        add_grid_pictures(report, outputs, files);
        return;
    }
#if KINEMA_HAVE_NAV
    if (!outputs.png.empty()) {
        files.add("--png", outputs.png, render::level_view_png(level_view(report)));
    }
    if (!outputs.svg.empty()) {
        files.add("--svg", outputs.svg, render::level_view_svg(level_view(report)));
    }
#endif
#endif
}

}  // namespace

std::string grid_summary(const ChaseReport& report) {
    const chase::GridSpace& grid = *report.grid;
    const chase::ChaseResult& r = report.result;
    const chase::FloodSettings& settings = report.flood->settings();
    std::string out;
    out += fmt::format("map          {} ({} x {} tiles, {} cells, cell size {}, {}-connected)\n",
                       report.title, grid.width(), grid.height(), grid.cells().size(),
                       format_number(grid.cell_size()), static_cast<int>(grid.settings().connectivity));
    out += fmt::format("seed         tile {} at {}, direction {}\n", tile_text(r.seed),
                       point_text(planar_xy(r.seed_position)), point_text(planar_xy(r.direction)));
    out += fmt::format("constants    H = {}, M_H = {}, M_S = {}\n", settings.hot, settings.max_heated,
                       settings.max_steps);
    out += fmt::format("steps        {} (stop: {})\n", r.flood.steps, chase::to_string(r.flood.stop_reason));
    out += fmt::format("cells        {} heated, {} warm, {} barrier\n", r.flood.heated_cells,
                       r.flood.warm_cells, r.flood.barrier_cells);
    out += fmt::format("centroid     {}\n", point_text(planar_xy(r.flood.centroid)));
    out += fmt::format("destination  tile {} at {}\n", tile_text(r.destination),
                       point_text(planar_xy(r.flood.destination)));
    out +=
        fmt::format("dead reckon  tile {} at {}{}\n", tile_text(report.space->coords(r.dead_reckoning.cell)),
                    point_text(planar_xy(r.dead_reckoning.position)),
                    r.dead_reckoning.blocked ? " (stopped by a wall)" : "");
    if (grid.width() <= ascii_max_width && grid.height() <= ascii_max_height) {
        out += "\n" + ascii_picture(report);
    }
    return out;
}

void write_chase_report(const ChaseReport& report, const ChaseOutputs& outputs) {
    OutputFiles files;
    add_pictures(report, outputs, files);
    files.commit();
    print_snap_note(report);
    if (outputs.json) {
        fmt::print("{}\n", chase::chase_json(*report.space, *report.flood, report.result, report.map));
    } else {
        fmt::print("{}", summary(report, outputs));
    }
}

#if KINEMA_HAVE_NAV && KINEMA_HAVE_RENDER
render::LevelView level_top_view(const nav::Level& level, int hot_value,
                                 const std::function<int(chase::CellId)>& value) {
    const nav::NavCells& cells = level.nav_cells();
    const nav::ColumnGrid& grid = cells.grid();
    render::LevelView view;
    view.columns = std::max(grid.width, 1);
    view.rows = std::max(grid.depth, 1);
    view.cell_size = grid.cell_size;
    view.origin = {grid.origin.x, grid.origin.z};
    view.hot_value = hot_value;
    for (int z = 0; z < grid.depth; ++z) {
        for (int x = 0; x < grid.width; ++x) {
            const nav::NavCells::Column col = cells.column(x, z);
            if (col.count == 0) {
                continue;
            }
            chase::CellId shown = col.first + col.count - 1;
            for (chase::CellId c = col.first + col.count; c-- > col.first;) {
                if (value(c) != chase::untouched_value) {
                    shown = c;
                    break;
                }
            }
            view.cells.push_back({x, z, cells.position(shown).y, value(shown)});
        }
    }
    // The navmesh under the heat, so that a reader sees the cells cover it (issue 9).
    for (const std::vector<Vec3>& polygon : level.navmesh_polygons()) {
        std::vector<Vec2>& corners = view.navmesh.emplace_back();
        for (const Vec3& p : polygon) {
            corners.push_back({p.x, p.z});
        }
    }
    return view;
}
#endif

}  // namespace kinema::cli
