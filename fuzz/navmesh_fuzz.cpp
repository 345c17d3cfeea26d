// libFuzzer target for the navmesh file loader (Level::from_navmesh, docs/nav.md "Navmesh files"): any input
// either loads into a level whose chase cells a flood and a path query run on, or throws LevelError naming
// the file; never crashes, hangs or leaks. Detour trusts tile data, so everything it reads must have been
// checked by the loader first. scripts/fuzz.sh builds it (with kinema::nav) and runs it on
// fuzz/corpus/navmesh.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kinema/nav/chase.hpp"
#include "kinema/nav/level.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    try {
        // A few bytes can describe kilometres of navmesh; the column budget bounds the cells (an input over
        // it is a LevelError naming the file), here small enough for the sanitizers' pace.
        kinema::nav::NavSettings settings;
        settings.max_chase_columns = 200000.0;
        const kinema::nav::Level level = kinema::nav::Level::from_navmesh(bytes, "fuzz.navmesh", settings);
        const kinema::nav::NavCells& cells = level.nav_cells();
        if (cells.empty()) {
            std::abort();  // an empty cell space must be an error
        }
        kinema::nav::ChaseQuery q;
        q.position = cells.position(0);
        q.direction = {1.0, 0.0, 0.0};
        q.npc = cells.position(static_cast<kinema::nav::CellId>(cells.size() - 1));
        (void)kinema::nav::run_chase(level, q);
    } catch (const kinema::levels::LevelError& e) {
        if (std::string_view(e.what()).rfind("fuzz.navmesh: ", 0) != 0) {
            std::abort();  // errors name the file
        }
    }
    return 0;
}
