// kinema navmesh build LEVEL.obj -o LEVEL.navmesh [--tile-size N --threads T]: builds a level's Detour
// navmesh with Recast and writes it in the tile-set layout of Recast's demo (docs/nav.md "Navmesh files"),
// for `kinema chase --navmesh` and for engines that read that layout. Parse, build and write are separate
// steps.
#include <fmt/format.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>

#include "cli_common.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/level.hpp"
#include "output_files.hpp"
#include "settings_options.hpp"

namespace kinema::cli {
namespace {

struct NavmeshOptions {
    std::string level;
    std::string output;
    std::string agent_height;
    std::string agent_radius;
    std::string agent_max_climb;
    std::string agent_max_slope;
    std::string tile_size;
    std::string threads;
};

constexpr FieldFlag navmesh_flags[] = {
    {"agent_height", "--agent-height"},
    {"agent_radius", "--agent-radius"},
    {"agent_max_climb", "--agent-max-climb"},
    {"agent_max_slope", "--agent-max-slope"},
    {"tile_size", "--tile-size"},
    {"threads", "--threads"},
};

constexpr std::tuple<std::string_view, std::string_view, std::string NavmeshOptions::*> agent_options[] = {
    {"--agent-height", "agent_height", &NavmeshOptions::agent_height},
    {"--agent-radius", "agent_radius", &NavmeshOptions::agent_radius},
    {"--agent-max-climb", "agent_max_climb", &NavmeshOptions::agent_max_climb},
    {"--agent-max-slope", "agent_max_slope", &NavmeshOptions::agent_max_slope},
    {"--tile-size", "tile_size", &NavmeshOptions::tile_size},
    {"--threads", "threads", &NavmeshOptions::threads},
};

nav::NavSettings parse_settings(const NavmeshOptions& o) {
    nav::NavSettings s;
    for (const auto& [flag, field, member] : agent_options) {
        if (!(o.*member).empty()) {
            set_from_flag(s, field, o.*member, navmesh_flags);
        }
    }
    require_valid(s.validate(), navmesh_flags, "field");
    return s;
}

void run_navmesh_build(const NavmeshOptions& o) {
    const nav::NavSettings settings = parse_settings(o);
    const levels::TriangleMesh mesh = levels::load_obj(o.level);
    std::string bytes;
    try {
        bytes = nav::Level::build(mesh, settings).save_navmesh();
    } catch (const nav::LevelError& e) {
        const std::string prefix = "level: ";
        const std::string message = e.what();
        throw std::invalid_argument(
            o.level + ": " + (message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message));
    }
    OutputFiles files;
    files.add("-o", o.output, std::move(bytes));
    files.commit();
}

}  // namespace

void add_navmesh_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("navmesh", "Detour navmesh files (Recast demo tile-set layout)");
    cmd->require_subcommand(1);
    auto options = std::make_shared<NavmeshOptions>();
    CLI::App* build = cmd->add_subcommand("build", "Build a level's navmesh with Recast and write it");
    build->add_option("level", options->level, "Level mesh (.obj, y up)")->required();
    build->add_option("-o,--output", options->output, "Navmesh file to write")->required();
    for (const auto& [flag, field, member] : agent_options) {
        build->add_option(std::string(flag), (*options).*member, field_help<nav::NavSettings>(field));
    }
    build->footer(R"(
The file is the tile-set layout Recast's demo writes ('MSET', version 1, dtNavMeshParams, then each tile's
reference and Detour data; docs/nav.md "Navmesh files"); `kinema chase --navmesh FILE` reads it. The other
navmesh settings are RecastDemo's defaults. Without --tile-size the navmesh is one tile; --tile-size N builds
tiles of N voxels (0.3 m each; 256 suits a 500 m level) on --threads T threads, the same file for any T.)");
    build->callback([options] { run_navmesh_build(*options); });
}

}  // namespace kinema::cli
