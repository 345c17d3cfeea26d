// libFuzzer target for the LDtk loader (kinema/formats/ldtk.hpp), then a grid space, a flood and dead
// reckoning on whatever it accepts (fuzz_flood.hpp). Any input either loads or throws LevelError naming the
// file and the JSON path; nothing crashes, hangs or leaks. The project "lives" in a folder that does not
// exist, so an external level (externalRelPath, relative only) is never found on the fuzzing machine.
// Run by scripts/fuzz.sh (seeds: data/levels/ldtk, fuzz/corpus/ldtk).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_flood.hpp"
#include "kinema/formats/ldtk.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    kinema::levels::GridLevel level;
    try {
        level = kinema::formats::parse_ldtk(text, "/nonexistent-kinema-fuzz/fuzz.ldtk");
    } catch (const kinema::levels::LevelError&) {
        return 0;  // refused with a message naming the JSON path: fine
    }
    kinema::fuzz::check(level.passable_count() >= 1);
    // Markers are the centres of tiles inside the level.
    const auto inside = [&](kinema::Vec2 p) {
        return level.in_bounds(static_cast<int>(p.x), static_cast<int>(p.y));
    };
    kinema::fuzz::check(!level.seed || inside(level.seed->position));
    kinema::fuzz::check(!level.npc_start || inside(*level.npc_start));
    kinema::fuzz::exercise_level(level, data, size);
    return 0;
}
