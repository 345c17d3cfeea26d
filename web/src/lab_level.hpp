// The level loading the web labs share (the flood page's FloodLab, the pursuit page's PursuitLab): a level
// file's text from the page's file picker, read as the CLI's load_level reads a file, and the methods that
// show the level to JavaScript.
#pragma once

#include <emscripten/bind.h>

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

/// Binds the level methods every lab has (loadLevel, width, height, passable) on `lab`, for chaining.
template <typename Lab>
const emscripten::class_<Lab>& bind_level_methods(const emscripten::class_<Lab>& lab) {
    return lab.function("loadLevel", &Lab::load_level)
        .function("width", &Lab::width)
        .function("height", &Lab::height)
        .function("passable", &Lab::passable);
}

}  // namespace kinema::web
