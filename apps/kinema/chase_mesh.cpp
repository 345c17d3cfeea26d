#include "chase_mesh.hpp"

#if defined(KINEMA_HAVE_NAV)

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "cli_common.hpp"

#if defined(KINEMA_HAVE_RENDER)
#include "kinema/render/level_view.hpp"
#endif

namespace kinema::cli {
namespace {

nlohmann::json xyz(Vec3 p) {
    return nlohmann::json::array({p.x, p.y, p.z});
}
nlohmann::json xyz(nav::CellCoord c) {
    return nlohmann::json::array({c.x, c.y, c.z});
}

std::string point(Vec3 p) {
    return fmt::format("({}, {}, {})", format_number(p.x), format_number(p.y), format_number(p.z));
}

/// "level: message" from the library becomes "FILE: message".
std::string for_file(const std::string& path, const std::string& message) {
    const std::string prefix = "level: ";
    return path + ": " + (message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message);
}

const char* status_name(nav::NavPath::Status status) {
    switch (status) {
        case nav::NavPath::Status::found:
            return "found";
        case nav::NavPath::Status::partial:
            return "partial";
        case nav::NavPath::Status::start_off_mesh:
            return "start_off_mesh";
        case nav::NavPath::Status::goal_off_mesh:
            return "goal_off_mesh";
    }
    return "unknown";
}

}  // namespace

MeshChaseRun run_mesh_chase(const MeshChaseInput& input) {
    throw_if_invalid("nav settings", input.nav.validate());
    throw_if_invalid("flood settings", input.flood.validate());
    const levels::TriangleMesh mesh = levels::load_obj(input.map_path);
    std::optional<nav::Level> level;
    try {
        level.emplace(nav::Level::build(mesh, input.nav));
    } catch (const nav::LevelError& e) {
        throw std::invalid_argument(for_file(input.map_path, e.what()));
    }
    nav::ChaseQuery query;
    query.position = input.from;
    query.direction = input.dir;
    query.npc = input.npc;
    nav::PathFinder finder(*level);
    chase::Flood flood(input.flood);
    nav::ChaseResult result;
    try {
        result = nav::run_chase(*level, finder, flood, query);
    } catch (const nav::LevelError&) {
        throw UsageError(fmt::format("--from: {} is farther than {} from every walkable cell of {}",
                                     point(input.from), format_number(query.max_seed_distance),
                                     input.map_path));
    }
    if (result.path && (result.path->status == nav::NavPath::Status::start_off_mesh)) {
        throw UsageError(fmt::format("--npc: {} is not on the navmesh of {} (searched {} around it)",
                                     point(*input.npc), input.map_path, point(input.nav.snap_extents)));
    }
    std::vector<int> values(level->cells().size());
    for (chase::CellId c = 0; c < values.size(); ++c) {
        values[c] = flood.value(c);
    }
    return MeshChaseRun{std::move(*level), std::move(result), std::move(values)};
}

nlohmann::json mesh_chase_json(const MeshChaseInput& input, const MeshChaseRun& run) {
    const chase::FloodResult& f = run.result.flood;
    const nav::ColumnSpace& cells = run.level.cells();
    nlohmann::json j;
    j["map"] = input.map_path;
    j["cells"] = cells.size();
    j["cell_size"] = cells.grid().cell_size;
    j["cell_height"] = cells.grid().cell_height;
    j["max_levels"] = cells.max_column_size();
    j["from"] = xyz(input.from);
    j["dir"] = xyz(input.dir);
    j["seed"] = xyz(run.result.seed);
    j["seed_position"] = xyz(cells.position(f.seed_cell));
    j["seed_snapped"] = f.seed_snapped;
    j["hot"] = input.flood.hot;
    j["max_heated"] = input.flood.max_heated;
    j["max_steps"] = input.flood.max_steps;
    j["steps"] = f.steps;
    j["stop_reason"] = std::string(chase::to_string(f.stop_reason));
    j["heated_cells"] = f.heated_cells;
    j["warm_cells"] = f.warm_cells;
    j["barrier_cells"] = f.barrier_cells;
    j["centroid"] = xyz(f.centroid);
    j["destination"] = xyz(f.destination);
    j["destination_cell"] = xyz(run.result.destination);
    j["dead_reckoning"] = xyz(run.result.dead_reckoning.end);
    j["dead_reckoning_blocked"] = run.result.dead_reckoning.blocked;
    if (run.result.path) {
        const nav::NavPath& path = *run.result.path;
        j["npc"] = xyz(*input.npc);
        j["path_status"] = status_name(path.status);
        nlohmann::json points = nlohmann::json::array();
        for (const Vec3& p : path.points) {
            points.push_back(xyz(p));
        }
        j["path"] = std::move(points);
        j["path_length"] = path.length;
    }
    // Touched cells by their integer coordinates, in id order: [x, y, z, value] (value -1 = barrier).
    nlohmann::json touched = nlohmann::json::array();
    for (chase::CellId c = 0; c < run.values.size(); ++c) {
        if (run.values[c] != chase::untouched_value) {
            const nav::CellCoord k = cells.coord(c);
            touched.push_back(nlohmann::json::array({k.x, k.y, k.z, run.values[c]}));
        }
    }
    j["touched"] = std::move(touched);
    return j;
}

std::string mesh_chase_text(const MeshChaseInput& input, const MeshChaseRun& run) {
    const chase::FloodResult& f = run.result.flood;
    const nav::ColumnSpace& cells = run.level.cells();
    std::string out;
    out += fmt::format("map          {} ({} cells of {} m, up to {} levels per column)\n", input.map_path,
                       cells.size(), format_number(cells.grid().cell_size), cells.max_column_size());
    out += fmt::format("seed         {}{}\n", point(cells.position(f.seed_cell)),
                       f.seed_snapped ? " (snapped)" : "");
    out += fmt::format("steps        {} of {}, stopped: {}\n", f.steps, input.flood.max_steps,
                       chase::to_string(f.stop_reason));
    out += fmt::format("cells        {} heated, {} warm, {} barrier\n", f.heated_cells, f.warm_cells,
                       f.barrier_cells);
    out += fmt::format("centroid     {}\n", point(f.centroid));
    out += fmt::format("destination  {}\n", point(f.destination));
    out += fmt::format("dead reckon  {}{}\n", point(run.result.dead_reckoning.end),
                       run.result.dead_reckoning.blocked ? " (blocked)" : "");
    if (run.result.path) {
        const nav::NavPath& path = *run.result.path;
        out += fmt::format("path         {}, {} corners, {} m\n", status_name(path.status),
                           path.points.size(), format_number(path.length));
    }
    return out;
}

#if defined(KINEMA_HAVE_RENDER)
std::string mesh_chase_png(const MeshChaseInput& input, const MeshChaseRun& run) {
    const nav::ColumnSpace& cells = run.level.cells();
    const nav::ColumnGrid& grid = cells.grid();
    const chase::FloodResult& f = run.result.flood;
    render::LevelView view;
    view.columns = std::max(grid.width, 1);
    view.rows = std::max(grid.depth, 1);
    view.cell_size = grid.cell_size;
    view.origin = {grid.origin.x, grid.origin.z};
    view.hot_value = input.flood.hot;
    for (int z = 0; z < grid.depth; ++z) {
        for (int x = 0; x < grid.width; ++x) {
            const nav::ColumnSpace::Column col = cells.column(x, z);
            if (col.count == 0) {
                continue;
            }
            // From the top down: the first touched cell, else the top cell.
            chase::CellId shown = col.first + col.count - 1;
            for (chase::CellId c = col.first + col.count; c-- > col.first;) {
                if (run.values[c] != chase::untouched_value) {
                    shown = c;
                    break;
                }
            }
            view.cells.push_back({x, z, cells.position(shown).y, run.values[shown]});
        }
    }
    const auto planar = [](Vec3 p) { return Vec2{p.x, p.z}; };
    view.seed = planar(cells.position(f.seed_cell));
    view.direction = {input.dir.x, input.dir.z};
    view.centroid = planar(f.centroid);
    view.destination = planar(f.destination);
    view.dead_reckoning = planar(run.result.dead_reckoning.end);
    if (run.result.path) {
        for (const Vec3& p : run.result.path->points) {
            view.path.push_back(planar(p));
        }
    }
    view.legend.push_back(fmt::format("{}: top view (x right, z down), floors lighter when higher",
                                      std::filesystem::path(input.map_path).filename().string()));
    view.legend.push_back(fmt::format("{} steps of {}, {}; {} heated, {} warm, {} barrier", f.steps,
                                      input.flood.max_steps, chase::to_string(f.stop_reason), f.heated_cells,
                                      f.warm_cells, f.barrier_cells));
    view.legend.push_back("white disc: seed; cross: centroid; green: destination; magenta: dead reckoning");
    if (run.result.path) {
        view.legend.push_back(fmt::format("black line: NPC path, {:.2f} m", run.result.path->length));
    }
    return render::level_view_png(view);
}
#endif

}  // namespace kinema::cli

#endif
