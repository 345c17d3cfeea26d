// The level loading the web labs share (the flood page's FloodLab, the pursuit page's PursuitLab): a level
// file's text from the page's file picker, read as the CLI's load_level reads a file, and the methods that
// show the level to JavaScript.
#pragma once

#include <emscripten/bind.h>

#include <emscripten/val.h>

#include <exception>
#include <string>
#include <utility>

#include "kinema/levels/grid_level.hpp"

namespace kinema::web {

/// Parses a level file's text into `level`: ".map" names are Moving AI, anything else kinema ASCII
/// (levels::parse_level). Returns "" on success; on error `level` stays as it was and the message
/// ("NAME:LINE: ...") is returned, since errors never cross into JavaScript as exceptions.
inline std::string read_level_text(levels::GridLevel& level, const std::string& text,
                                   const std::string& name) {
    try {
        level = levels::parse_level(text, name);
        return {};
    } catch (const std::exception& e) {
        return e.what();
    }
}

/// Replaces `level` by width x height tiles whose floor bytes are `floor_bytes` (a Uint8Array of width *
/// height bytes, 1 floor), the marked seed `seed` ([x, y, dx, dy] or []) and `name`: a worker's copy of the
/// page's level, without parsing a file (the flood and audit pages). "" or the message; `level` unchanged
/// on error.
inline std::string set_level_floor(levels::GridLevel& level, int width, int height,
                                   const emscripten::val& floor_bytes, const emscripten::val& seed,
                                   const std::string& name) {
    if (width < 1 || height < 1 || width > levels::max_level_dimension ||
        height > levels::max_level_dimension ||
        floor_bytes["length"].as<double>() != double(width) * double(height)) {
        return "set_level: " + std::to_string(width) + " x " + std::to_string(height) +
               " tiles do not match the floor bytes";
    }
    level.width = width;
    level.height = height;
    level.passable.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
    emscripten::val(emscripten::typed_memory_view(level.passable.size(), level.passable.data()))
        .call<void>("set", floor_bytes);
    level.seed.reset();
    if (seed["length"].as<int>() == 4) {
        level.seed = levels::LevelSeed{{seed[0].as<double>(), seed[1].as<double>()},
                                       {seed[2].as<double>(), seed[3].as<double>()}};
    }
    level.name = name;
    return {};
}

/// The level as a Moving AI .map file (Sturtevant's benchmark format, movingai.com/benchmarks/formats.html):
/// "type octile", its height and width, "map", then one line per row, '.' floor and '@' wall; the marked
/// seed is not part of the format.
inline std::string moving_ai_text(const levels::GridLevel& level) {
    std::string out = "type octile\nheight " + std::to_string(level.height) + "\nwidth " +
                      std::to_string(level.width) + "\nmap\n";
    out.reserve(out.size() + level.passable.size() + static_cast<std::size_t>(level.height));
    for (int row = 0; row < level.height; ++row) {
        for (int col = 0; col < level.width; ++col) {
            out += level.is_passable(col, row) ? '.' : '@';
        }
        out += '\n';
    }
    return out;
}

/// Binds the level methods every lab has (loadLevel, width, height, passable) on `lab`, for chaining.
template <typename Lab>
const emscripten::class_<Lab>& bind_level_methods(const emscripten::class_<Lab>& lab) {
    return lab.function("loadLevel", &Lab::load_level)
        .function("width", &Lab::width)
        .function("height", &Lab::height)
        .function("passable", &Lab::passable);
}

}  // namespace kinema::web
