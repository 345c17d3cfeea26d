// libFuzzer target for images as levels (kinema/formats/image_level.hpp: stb_image's PNG and BMP decoders
// and kinema's threshold), then a grid space, a flood and dead reckoning on whatever it accepts
// (fuzz_flood.hpp). Any input either loads or throws LevelError; nothing crashes, hangs or leaks. Run by
// scripts/fuzz.sh (seeds: data/levels/images, fuzz/corpus/image).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_flood.hpp"
#include "kinema/formats/image_level.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    kinema::levels::GridLevel level;
    try {
        level = kinema::formats::parse_image_level(bytes, "fuzz.png");
    } catch (const kinema::levels::LevelError&) {
        return 0;  // refused: fine
    }
    kinema::fuzz::check(level.width <= kinema::formats::max_image_side &&
                        level.height <= kinema::formats::max_image_side && !level.seed);
    kinema::fuzz::exercise_level(level, data, size);
    return 0;
}
