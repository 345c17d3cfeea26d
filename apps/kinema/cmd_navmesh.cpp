// kinema navmesh build LEVEL.obj -o LEVEL.navmesh [--tile-size N --threads T]: builds a level's Detour
// navmesh with Recast and writes it in the tile-set layout of Recast's demo (docs/nav.md "Navmesh files"),
// for `kinema chase --navmesh` and for engines that read that layout. Parse, build and write are separate
// steps.
#include <memory>
#include <string>

#include "cli_common.hpp"
#include "command_settings.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/level_files.hpp"
#include "kinema/output/output_files.hpp"

namespace kinema::cli {
namespace {

struct NavmeshCommand {
    LevelSource level;  // LEVEL as its map, and the level flags
    std::string output;
    FlagBinder flags{{}, "field"};
    std::vector<output::InputFile> inputs;  // the level: the navmesh may not overwrite it
};

void run_navmesh_build(const NavmeshCommand& o) {
    const levels::LevelReadOptions read_options = o.level.read_options();
    nav::NavSettings settings;
    o.flags.apply(settings);
    o.flags.require_valid(settings.validate());
    std::string bytes =
        nav::load_level_3d(o.level.map, settings, levels::default_max_obj_bytes, read_options).save_navmesh();
    output::OutputFiles files(o.inputs);
    files.add("-o", o.output, std::move(bytes));
    files.commit();
}

}  // namespace

void add_navmesh_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("navmesh", "Detour navmesh files (Recast demo tile-set layout)");
    cmd->require_subcommand(1);
    auto options = std::make_shared<NavmeshCommand>();
    CLI::App* build = cmd->add_subcommand("build", "Build a level's navmesh with Recast and write it");
    add_file_option(build, "level", options->level.map,
                    "Level mesh (.obj, y up; or a 3D scene: .gltf, .glb, .fbx, ... where built with Assimp)")
        ->required();
    add_file_option(build, "-o,--output", options->output, "Navmesh file to write")->required();
    add_level_flags(build, options->level.flags);
    const nav::NavSettings defaults;
    options->flags.add_fields(build, settings_description<nav::NavSettings>(), &defaults, agent_fields);
    build->footer(help_page("navmesh-build"));
    build->callback([options, build] {
        options->inputs = input_files(*build);
        run_navmesh_build(*options);
    });
}

}  // namespace kinema::cli
