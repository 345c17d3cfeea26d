// libFuzzer target for the Moving AI .map loader (kinema/levels/moving_ai.hpp), then a grid space, a flood
// and dead reckoning on whatever it accepts (fuzz_flood.hpp). Any input either loads or throws LevelError
// naming a line; nothing crashes, hangs or leaks. Run by scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_flood.hpp"
#include "kinema/levels/moving_ai.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    kinema::levels::GridLevel level;
    try {
        level = kinema::levels::parse_moving_ai_map(text, "fuzz.map");
    } catch (const kinema::levels::LevelError&) {
        return 0;  // rejected with a message naming the line: fine
    }
    kinema::fuzz::exercise_level(level, data, size);
    return 0;
}
