// libFuzzer target for the Tiled map readers (src/formats/tiled_*.cpp, layer_data.cpp): the first byte
// chooses .tmx (even) or .tmj (odd) and, with its second bit, whether LevelReadOptions::walls names the
// layer "ground"; the rest is the map's text. Whatever is accepted then runs a grid space, a flood and dead
// reckoning (fuzz_flood.hpp). Any input either loads or throws LevelError; nothing crashes, hangs, leaks or
// inflates past a layer's size. The map is named in a directory that does not exist, so its relative
// external tilesets are never found (their reading is covered by tests/formats). Run by scripts/fuzz.sh with
// data/levels/tiled as seeds (each seed file's first byte is part of its text: '<' tmx, '{' tmj).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_flood.hpp"
#include "kinema/formats/designer_formats.hpp"
#include "kinema/levels/level_formats.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) {
        return 0;
    }
    kinema::formats::register_designer_formats();
    const bool json = (data[0] & 1u) != 0;
    kinema::levels::LevelReadOptions options;
    if ((data[0] & 2u) != 0) {
        options.walls = "ground";
    }
    // The choosing byte stays in the text: the seeds are whole maps, whose first byte ('<' 0x3c even, '{'
    // 0x7b odd) picks their own format, so mutations start from readable files.
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string name = json ? "/nonexistent-kinema-fuzz/fuzz.tmj" : "/nonexistent-kinema-fuzz/fuzz.tmx";
    kinema::levels::GridLevel level;
    try {
        level = kinema::levels::parse_level(text, name, options);
    } catch (const kinema::levels::LevelError&) {
        return 0;  // rejected with a message naming the file and the element: fine
    }
    kinema::fuzz::exercise_level(level, data, size);
    return 0;
}
