#include "kinema/levels/grid_level.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "kinema/core/file.hpp"
#include "kinema/core/text.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "text_lines.hpp"

namespace kinema::levels {

std::size_t GridLevel::passable_count() const {
    return static_cast<std::size_t>(
        std::count_if(passable.begin(), passable.end(), [](std::uint8_t v) { return v != 0; }));
}

LevelFileKind level_file_kind(std::string_view path) {
    if (has_extension(path, ".map")) {
        return LevelFileKind::moving_ai;
    }
    if (has_extension(path, ".obj")) {
        return LevelFileKind::triangle_mesh;
    }
    if (has_extension(path, ".nav")) {
        return LevelFileKind::navmesh;
    }
    return LevelFileKind::ascii;
}

GridLevel grid_from_tiles(std::string name, std::int64_t width, std::int64_t height,
                          const std::uint8_t* tiles) {
    if (width < 1 || height < 1 || width > max_level_dimension || height > max_level_dimension) {
        throw std::invalid_argument("width and height must be in [1, " + std::to_string(max_level_dimension) +
                                    "], got " + std::to_string(width) + " x " + std::to_string(height));
    }
    if (tiles == nullptr) {
        throw std::invalid_argument("tiles is NULL");
    }
    GridLevel level;
    level.name = std::move(name);
    level.width = static_cast<int>(width);
    level.height = static_cast<int>(height);
    level.passable.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    for (std::size_t i = 0; i < level.passable.size(); ++i) {
        level.passable[i] = tiles[i] != 0 ? 1 : 0;
    }
    return level;
}

GridLevel load_level(const std::string& path, std::uintmax_t max_bytes) {
    const bool moving_ai = level_file_kind(path) == LevelFileKind::moving_ai;
    return parse_level(
        detail::read_level_file(path, max_bytes, moving_ai ? detail::check_moving_ai_start : nullptr), path);
}

GridLevel parse_level(std::string_view text, const std::string& name) {
    return level_file_kind(name) == LevelFileKind::moving_ai ? parse_moving_ai_map(text, name)
                                                             : parse_ascii_level(text, name);
}

namespace detail {

std::string read_level_file(const std::string& path, std::uintmax_t max_bytes,
                            void (*check_start)(std::string_view, const std::string&)) {
    try {
        if (check_start == nullptr) {
            return read_file_capped(path, max_bytes);
        }
        return read_file_capped(path, max_bytes,
                                [&](std::string_view first_lines) { check_start(first_lines, path); });
    } catch (const FileError& e) {
        throw LevelError(path, 0, e.why());
    }
}

}  // namespace detail

}  // namespace kinema::levels
