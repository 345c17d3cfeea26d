#include "chase_report.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/report/chase_text.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/flood_picture.hpp"
#include "kinema/render/level_view.hpp"
#endif

namespace kinema::cli {
namespace {

std::string summary(const ChaseReport& report, const ChaseOutputs& outputs) {
    std::string out =
        report.grid != nullptr
            ? report::grid_chase_summary(*report.grid, *report.flood, report.result, report.title)
            : report::level_chase_summary(*report.space, *report.flood, report.result, report.map);
    out += report::chase_pictures_text({outputs.png, outputs.svg, outputs.animate, outputs.frames});
    return out;
}

#if KINEMA_HAVE_RENDER
// The 2D flood pictures of render (docs/render.md).
void add_grid_pictures(const ChaseReport& report, const ChaseOutputs& outputs, output::OutputFiles& files) {
    if (outputs.png.empty() && outputs.svg.empty() && !outputs.animated()) {
        return;
    }
    const render::FloodScene scene =
        render::flood_scene(report.grid->grid(), *report.flood, report.result, report.title);
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

#if KINEMA_HAVE_NAV && KINEMA_HAVE_RENDER
render::LevelView level_view(const ChaseReport& report) {
    const chase::Flood& flood = *report.flood;
    render::LevelView view =
        level_top_view(*report.level, flood.settings().hot, [&](chase::CellId c) { return flood.value(c); });
    render::mark_chase(view, report.result);
    view.legend = report::level_chase_legend(flood.settings(), report.result, report.map);
    return view;
}
#endif

void add_pictures([[maybe_unused]] const ChaseReport& report, [[maybe_unused]] const ChaseOutputs& outputs,
                  [[maybe_unused]] output::OutputFiles& files) {
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

void write_chase_report(const ChaseReport& report, const ChaseOutputs& outputs) {
    output::OutputFiles files(outputs.inputs);
    add_pictures(report, outputs, files);
    files.commit();
    if (report.grid != nullptr) {
        fmt::print(stderr, "{}", report::seed_snap_note(report.result));
    }
    if (outputs.json) {
        // Written as it is made (1 MiB pieces): a flood over a big level touches millions of cells.
        std::string buffer;
        chase::write_chase_json(*report.space, *report.flood, report.result, report.map, buffer,
                                [](std::string& piece) {
                                    std::fwrite(piece.data(), 1, piece.size(), stdout);
                                    piece.clear();
                                });
        std::fputc('\n', stdout);
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
    // The navmesh under the heat, so that a reader sees the cells cover it.
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
