// kinema::render and kinema::nav from the installed package, each through its dependency: a chart drawn to
// PNG by cairo, and a navmesh built by Recast from the level mesh given as the first argument.
#include <cstdio>
#include <string>
#include <vector>

#include <kinema/nav/level_files.hpp>
#include <kinema/render/chart.hpp>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: render_nav_consumer LEVEL.obj\n");
        return 2;
    }
    const std::vector<kinema::render::ChartPanel> panels{
        {"speed", "cm/s", {{"stop", {0.0, 1.0}, {600.0, 0.0}}}}};
    const std::string png = kinema::render::chart_png(panels);
    const kinema::nav::Level level = kinema::nav::load_mesh_level(argv[1], kinema::nav::NavSettings{});
    std::printf("render: %s PNG; nav: %zu polygons\n", png.compare(1, 3, "PNG") == 0 ? "a" : "not a",
                level.stats().nav_polygons);
    return 0;
}
