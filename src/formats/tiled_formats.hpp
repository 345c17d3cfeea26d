// The Tiled map formats kinema::formats adds to levels' registry (register.cpp): the readers of .tmx
// (tiled_tmx.cpp) and .tmj/.json (tiled_tmj.cpp), each giving the GridLevel of docs/levels.md's "Tiled maps".
#pragma once

#include <string>
#include <string_view>

#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_formats.hpp"

namespace kinema::formats::detail {

/// A TMX map's level; external tilesets are read relative to `name`'s directory. Throws levels::LevelError
/// "NAME:LINE: ..." naming the element.
levels::GridLevel parse_tmx(std::string_view text, const std::string& name,
                            const levels::LevelReadOptions& options);

/// A Tiled JSON map's level (a JSON file whose "type" is not "map" is refused as not a Tiled map). Throws
/// levels::LevelError "NAME: ELEMENT (JSON PATH): ...".
levels::GridLevel parse_tmj(std::string_view text, const std::string& name,
                            const levels::LevelReadOptions& options);

/// "Tiled map (XML)" {".tmx"} and "Tiled map (JSON)" {".tmj", ".json"}.
levels::LevelFormat tiled_xml_format();
levels::LevelFormat tiled_json_format();

}  // namespace kinema::formats::detail
