// kinema chase: the Dishonored 2 chase flood (seed 002; chase-flood-spec.md) on a 2D grid level -- where did
// the player go? A summary (with a small ASCII picture for small maps) or JSON on stdout, and pictures: PNG,
// SVG, an animated SVG and a PNG per step (docs/render.md).
#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "output_files.hpp"
#if KINEMA_HAVE_NAV
#include "chase_mesh.hpp"
#endif
#if KINEMA_HAVE_RENDER
#include "kinema/render/chase_scene.hpp"
#include "kinema/render/flood_picture.hpp"
#endif

namespace kinema::cli {

namespace {

using nlohmann::ordered_json;

struct ChaseOptions {
    std::string map;
    std::string from;
    std::string dir;
    std::string hot;
    std::string max_heated;
    std::string max_steps;
    std::string difficulty;
    std::string connectivity = "8";
    std::string cell_size = "1";
    bool json = false;
    std::string png;
    std::string svg;
    std::string animate;
    std::string frames;
    // 3D levels (.obj) only.
    std::string npc;
    std::string agent_height;
    std::string agent_radius;
    std::string agent_max_climb;
    std::string agent_max_slope;
    bool connectivity_given = false;
    bool cell_size_given = false;
};

// Maps at most this many tiles wide and high get the ASCII picture in the summary.
constexpr int ascii_max_width = 100;
constexpr int ascii_max_height = 50;

int parse_int(std::string_view text, std::string_view what, int min, int max) {
    const double value = parse_number(text, what);
    if (value != std::floor(value) || value < min || value > max) {
        throw UsageError(
            fmt::format("{}: must be a whole number in [{}, {}], got '{}'", what, min, max, text));
    }
    return static_cast<int>(value);
}

chase::FloodSettings flood_settings(const ChaseOptions& o) {
    chase::FloodSettings s;
    if (!o.difficulty.empty()) {
        if (!o.max_steps.empty()) {
            throw UsageError("--difficulty: cannot be combined with --max-steps (it sets M_S)");
        }
        s = chase::FloodSettings::difficulty(parse_int(o.difficulty, "--difficulty", 1, 3));
    }
    if (!o.hot.empty()) {
        s.hot = parse_int(o.hot, "--hot", 1, 1000000);
    }
    if (!o.max_heated.empty()) {
        s.max_heated = parse_int(o.max_heated, "--max-heated", 1, 100000000);
    }
    if (!o.max_steps.empty()) {
        s.max_steps = parse_int(o.max_steps, "--max-steps", 0, 1000000);
    }
    return s;
}

std::string tile_text(chase::Tile t) {
    return fmt::format("({}, {})", t.col, t.row);
}
std::string point_text(Vec2 p) {
    return fmt::format("({}, {})", format_number(p.x), format_number(p.y));
}
ordered_json pair_json(double a, double b) {
    return ordered_json::array({a, b});
}
ordered_json tile_json(chase::Tile t) {
    return ordered_json::array({t.col, t.row});
}

// One character per tile: '#' blocked, '.' not reached, 'x' barrier, ':' heated and cooled to 0, '1'..'9'
// warm heat in ninths of H (rounded up), and the marks S (seed), D (destination), R (dead reckoning).
std::string ascii_picture(const chase::GridSpace& grid, const chase::Flood& flood,
                          const chase::FloodResult& r, const chase::DeadReckoningResult& dr) {
    const int hot = flood.settings().hot;
    std::string out;
    for (int row = 0; row < grid.height(); ++row) {
        for (int col = 0; col < grid.width(); ++col) {
            const chase::CellId c = grid.cell_at(col, row);
            char ch = '#';
            if (c == r.seed_cell) {
                ch = 'S';
            } else if (c == r.destination_cell) {
                ch = 'D';
            } else if (c != chase::no_cell && c == dr.cell) {
                ch = 'R';
            } else if (c != chase::no_cell) {
                const int v = flood.value(c);
                if (v == chase::untouched_value) {
                    ch = '.';
                } else if (v == chase::barrier_value) {
                    ch = 'x';
                } else if (v == 0) {
                    ch = ':';
                } else {
                    ch = static_cast<char>('0' + std::clamp((9 * v + hot - 1) / hot, 1, 9));
                }
            }
            out += ch;
        }
        out += '\n';
    }
    return out;
}

// `--map LEVEL.obj`: the chase on a 3D level through kinema::nav (apps/kinema/chase_mesh.hpp, docs/nav.md).
void run_mesh_chase_command(const ChaseOptions& o, const chase::FloodSettings& settings) {
    for (const auto& [given, name] : {std::pair{!o.svg.empty(), "--svg"},
                                      {!o.animate.empty(), "--animate"},
                                      {!o.frames.empty(), "--frames"},
                                      {o.connectivity_given, "--connectivity"},
                                      {o.cell_size_given, "--cell-size"}}) {
        if (given) {
            throw UsageError(fmt::format("{}: not available for 3D (.obj) levels", name));
        }
    }
#if KINEMA_HAVE_NAV
    MeshChaseInput input;
    input.map_path = o.map;
    if (o.from.empty()) {
        throw UsageError(fmt::format("--from: required for a 3D level ({}): X,Y,Z", o.map));
    }
    input.from = parse_vec3(o.from, "--from");
    input.dir = o.dir.empty() ? Vec3{} : parse_vec3(o.dir, "--dir");
    if (!o.npc.empty()) {
        input.npc = parse_vec3(o.npc, "--npc");
    }
    const auto set = [](const std::string& text, const char* what, double& field) {
        if (!text.empty()) {
            field = parse_number(text, what);
        }
    };
    set(o.agent_height, "--agent-height", input.nav.agent_height);
    set(o.agent_radius, "--agent-radius", input.nav.agent_radius);
    set(o.agent_max_climb, "--agent-max-climb", input.nav.agent_max_climb);
    set(o.agent_max_slope, "--agent-max-slope", input.nav.agent_max_slope);
    input.flood = settings;
    const MeshChaseRun run = run_mesh_chase(input);
    OutputFiles outputs;
#if KINEMA_HAVE_RENDER
    if (!o.png.empty()) {
        outputs.add("--png", o.png, mesh_chase_png(input, run));
    }
#endif
    outputs.commit();
    if (o.json) {
        fmt::print("{}\n", mesh_chase_json(input, run).dump());
    } else {
        fmt::print("{}", mesh_chase_text(input, run));
        if (!o.png.empty()) {
            fmt::print("wrote PNG {}\n", o.png);
        }
    }
#else
    (void)settings;
    throw UsageError(
        fmt::format("--map: {} is a 3D level; this kinema was built without kinema::nav", o.map));
#endif
}

void run_chase(const ChaseOptions& o) {
    // Everything is parsed, checked and computed before any output, so an error leaves no trace.
    chase::GridSpaceSettings grid_settings;
    const int connectivity = parse_int(o.connectivity, "--connectivity", 4, 8);
    if (connectivity != 4 && connectivity != 8) {
        throw UsageError(fmt::format("--connectivity: must be 4 or 8, got '{}'", o.connectivity));
    }
    grid_settings.connectivity = connectivity == 4 ? chase::Connectivity::four : chase::Connectivity::eight;
    grid_settings.cell_size = parse_number(o.cell_size, "--cell-size");
    if (!(grid_settings.cell_size > 0.0 && grid_settings.cell_size <= 1e6)) {
        throw UsageError(fmt::format("--cell-size: must be in (0, 1e6], got '{}'", o.cell_size));
    }
    const chase::FloodSettings settings = flood_settings(o);
    if (!o.map.empty() && is_mesh_path(o.map)) {
        run_mesh_chase_command(o, settings);
        return;
    }
    if (!o.npc.empty() || !o.agent_height.empty() || !o.agent_radius.empty() || !o.agent_max_climb.empty() ||
        !o.agent_max_slope.empty()) {
        throw UsageError("--npc/--agent-*: only for 3D (.obj) levels");
    }
    std::optional<Vec2> from;
    if (!o.from.empty()) {
        from = parse_vec2(o.from, "--from");
    }
    std::optional<Vec2> dir;
    if (!o.dir.empty()) {
        dir = parse_vec2(o.dir, "--dir");
    }
#if !KINEMA_HAVE_RENDER
    if (!o.png.empty() || !o.svg.empty() || !o.animate.empty() || !o.frames.empty()) {
        throw UsageError("--png/--svg/--animate/--frames: this kinema was built without kinema::render");
    }
#endif

    const levels::GridLevel level = o.map.empty() ? levels::default_level() : levels::load_level(o.map);
    const std::string map_name = o.map.empty() ? std::string("built-in default level (") + level.name + ")"
                                               : std::filesystem::path(o.map).filename().string();
    Vec2 seed_point;
    Vec2 direction;
    if (from) {
        seed_point = *from;
        direction = dir.value_or(Vec2{});
    } else if (level.seed) {
        // The marked seed is in tile units; world units scale by the cell size.
        seed_point = level.seed->position * grid_settings.cell_size;
        direction = dir.value_or(level.seed->direction);
    } else {
        throw UsageError(fmt::format("{}: the map marks no seed position; give --from X,Y", o.map));
    }

    const chase::GridSpace grid(level, grid_settings);
    const chase::SeedLocation seed = grid.locate(seed_point);
    chase::Flood flood(settings);
    flood.start(grid.cells(), seed, direction);
#if KINEMA_HAVE_RENDER
    const bool animate = !o.animate.empty() || !o.frames.empty();
    std::vector<render::FloodFrame> frames;
    if (animate) {
        frames.push_back(render::flood_frame(grid, flood));
        flood.run([&](const chase::Flood& f) { frames.push_back(render::flood_frame(grid, f)); });
    }
#endif
    const chase::FloodResult r = flood.run();
    const chase::DeadReckoningResult dr = chase::dead_reckoning(
        grid, seed_point, direction,
        chase::default_dead_reckoning_distance(settings.max_steps, grid_settings.cell_size));

    OutputFiles outputs;
#if KINEMA_HAVE_RENDER
    if (!o.png.empty() || !o.svg.empty() || animate) {
        const render::FloodScene scene = render::flood_scene(grid, flood, direction, dr, map_name);
        const render::PictureSettings picture;
        if (!o.png.empty()) {
            outputs.add("--png", o.png, render::flood_png(scene, picture));
        }
        if (!o.svg.empty()) {
            outputs.add("--svg", o.svg, render::flood_svg(scene, picture));
        }
        if (!o.animate.empty()) {
            outputs.add("--animate", o.animate, render::flood_animated_svg(scene, frames, picture));
        }
        if (!o.frames.empty()) {
            std::vector<std::string> pngs = render::flood_png_frames(scene, frames, picture);
            std::vector<std::pair<std::string, std::string>> files;
            for (std::size_t i = 0; i < pngs.size(); ++i) {
                files.emplace_back(fmt::format("step-{:03}.png", frames[i].step), std::move(pngs[i]));
            }
            outputs.add_directory("--frames", o.frames, "step-", ".png", std::move(files));
        }
    }
#endif
    outputs.commit();

    const chase::Tile seed_tile = grid.tile_of(r.seed_cell);
    if (seed.snapped) {
        const Vec2 centre = grid.tile_centre(seed_tile);
        fmt::print(
            stderr,
            "kinema: note: the seed point ({}, {}) is not on a passable tile; snapped to the nearest cell, "
            "tile {} centred at {}\n",
            format_number(seed_point.x), format_number(seed_point.y), tile_text(seed_tile),
            point_text(centre));
    }
    const chase::Tile dest_tile = grid.tile_of(r.destination_cell);
    if (o.json) {
        ordered_json j;
        j["seed_cell"] = tile_json(seed_tile);
        j["steps"] = r.steps;
        j["stop_reason"] = std::string(chase::to_string(r.stop_reason));
        j["centroid"] = pair_json(r.centroid.x, r.centroid.y);
        j["destination_cell"] = tile_json(dest_tile);
        j["destination"] = pair_json(r.destination.x, r.destination.y);
        j["heated_cells"] = r.heated_cells;
        j["warm_cells"] = r.warm_cells;
        j["barrier_cells"] = r.barrier_cells;
        j["dead_reckoning"] = pair_json(dr.position.x, dr.position.y);
        fmt::print("{}\n", j.dump());
        return;
    }
    std::string out;
    out += fmt::format("map          {} ({} x {} tiles, {} cells, cell size {}, {}-connected)\n", map_name,
                       grid.width(), grid.height(), grid.cells().size(), format_number(grid.cell_size()),
                       connectivity);
    out += fmt::format("seed         tile {} at {}, direction {}\n", tile_text(seed_tile),
                       point_text(grid.tile_centre(seed_tile)), point_text(direction));
    out += fmt::format("constants    H = {}, M_H = {}, M_S = {}\n", settings.hot, settings.max_heated,
                       settings.max_steps);
    out += fmt::format("steps        {} (stop: {})\n", r.steps, chase::to_string(r.stop_reason));
    out += fmt::format("cells        {} heated, {} warm, {} barrier\n", r.heated_cells, r.warm_cells,
                       r.barrier_cells);
    out += fmt::format("centroid     {}\n", point_text({r.centroid.x, r.centroid.y}));
    out += fmt::format("destination  tile {} at {}\n", tile_text(dest_tile),
                       point_text({r.destination.x, r.destination.y}));
    out += fmt::format("dead reckon  tile {} at {}{}\n", tile_text(grid.tile_of(dr.cell)),
                       point_text(dr.position), dr.blocked ? " (stopped by a wall)" : "");
    if (grid.width() <= ascii_max_width && grid.height() <= ascii_max_height) {
        out += "\n" + ascii_picture(grid, flood, r, dr);
        out +=
            "S seed  D destination  R dead reckoning  1-9 heat (9 = hottest)  : cooled  x barrier  "
            ". not reached  # wall\n";
    }
    for (const auto& [path, kind] : {std::pair{o.png, "PNG"}, {o.svg, "SVG"}, {o.animate, "animated SVG"}}) {
        if (!path.empty()) {
            out += fmt::format("wrote {} {}\n", kind, path);
        }
    }
    if (!o.frames.empty()) {
        out += fmt::format("wrote one PNG per step in {}\n", o.frames);
    }
    fmt::print("{}", out);
}

constexpr const char* chase_help = R"(
Units: map units. Tile (col,row) covers [col, col+1) x [row, row+1) times the cell size (--cell-size, default
1); x is the column, y the row, y grows downwards. --from and every printed position are in these units; a
cell's position is its tile's centre.

Seed: without --from, the position marked in the map (our ASCII format: P > < ^ v; docs/levels.md). A seed on a
wall or outside the map snaps to the nearest cell centre (a note on stderr says so). --dir need not be unit
length; 0,0 means no barrier; with --from and no --dir the direction is 0,0. Without --map, the built-in
default level (a corridor turning a corner). Map type by extension: .map = Moving AI, anything else = kinema
ASCII.

The flood (seed 002, chase-flood-spec.md): H = --hot, M_H = --max-heated, M_S = --max-steps (or --difficulty
1|2|3 = M_S 20/30/40). Dead reckoning goes from the seed along --dir for M_S x cell size.

JSON (--json): seed_cell [col,row]; steps run; stop_reason exhausted|too_many_heated|max_steps; centroid [x,y]
(heat-weighted mean of the warm cells); destination_cell [col,row] and destination [x,y] (the heated cell
nearest the centroid); heated_cells, warm_cells, barrier_cells (counts); dead_reckoning [x,y] (the cell where
dead reckoning stops).

Pictures (docs/render.md): walls dark grey, floor beige, heat from pale yellow (1) to dark red (H), cooled cells
pale blue, barrier cells dark blue; the seed is a white disc with the direction arrow, the centroid a black
cross, the destination a green ring, dead reckoning a magenta x at the end of a dashed line; the legend lists
the run's numbers. --animate writes one animated SVG (one frame per step, loops); --frames DIR one PNG per step
(step-000.png is the state after seeding). Files are written atomically: on any error none is left behind.

3D levels (--map LEVEL.obj, needs kinema::nav; docs/nav.md): --from X,Y,Z and --dir DX,DY,DZ in the mesh's
world units, y up (only x and z of --dir count); --npc X,Y,Z adds the NPC's path; --agent-* set the agent;
--json and --png (a top view) as above.)";

}  // namespace

void add_chase_command(CLI::App& app) {
    auto options = std::make_shared<ChaseOptions>();
    CLI::App* cmd = app.add_subcommand(
        "chase",
        "Dishonored 2 chase flood on a 2D grid level: where did the player go? (summary, JSON, pictures)");
    cmd->footer(chase_help);
    cmd->add_option("--map", options->map,
                    "Level file (.map Moving AI, else kinema ASCII); default: built-in");
    cmd->add_option("--from", options->from, "Player's last known position X,Y (map units)");
    cmd->add_option("--dir", options->dir,
                    "Player's last known direction DX,DY (any length; 0,0 = no barrier)");
    cmd->add_option("--hot", options->hot, "H: heat of a newly heated cell, [1, 1000000] (default 20)");
    cmd->add_option("--max-heated", options->max_heated,
                    "M_H: more new cells than this in one step stops the flood (default 25)");
    cmd->add_option("--max-steps", options->max_steps,
                    "M_S: propagation steps at most, [0, 1000000] (default 40)");
    cmd->add_option("--difficulty", options->difficulty, "Preset 1|2|3: M_S = 20/30/40 (Dishonored 2)");
    cmd->add_option("--connectivity", options->connectivity, "8 (no corner cutting, default) or 4")
        ->each([options](const std::string&) { options->connectivity_given = true; });
    cmd->add_option("--cell-size", options->cell_size, "Map units per tile, (0, 1e6] (default 1)")
        ->each([options](const std::string&) { options->cell_size_given = true; });
    cmd->add_flag("--json", options->json, "Print the result as JSON (fields: see below)");
    cmd->add_option("--png", options->png, "Write the flood picture as PNG");
    cmd->add_option("--svg", options->svg, "Write the flood picture as SVG");
    cmd->add_option("--animate", options->animate, "Write an animated SVG of the steps");
    cmd->add_option("--frames", options->frames, "Write one PNG per step into this directory");
    cmd->add_option("--npc", options->npc,
                    "3D levels: the NPC's position X,Y,Z; adds its path to the destination");
    cmd->add_option("--agent-height", options->agent_height,
                    "3D levels: agent height, world units (default 2)");
    cmd->add_option("--agent-radius", options->agent_radius,
                    "3D levels: agent radius, world units (default 0.6)");
    cmd->add_option("--agent-max-climb", options->agent_max_climb,
                    "3D levels: highest step, world units (default 0.9)");
    cmd->add_option("--agent-max-slope", options->agent_max_slope,
                    "3D levels: steepest walkable slope, degrees (default 45)");
    cmd->callback([options] { run_chase(*options); });
}

}  // namespace kinema::cli
