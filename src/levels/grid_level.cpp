#include "kinema/levels/grid_level.hpp"

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "kinema/core/file.hpp"
#include "kinema/core/text.hpp"
#include "kinema/levels/level_formats.hpp"
#include "text_lines.hpp"

namespace kinema::levels {

std::size_t GridLevel::passable_count() const {
    return static_cast<std::size_t>(
        std::count_if(passable.begin(), passable.end(), [](std::uint8_t v) { return v != 0; }));
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

std::string titled_file_name(const std::string& path, const std::string& title) {
    const std::filesystem::path file = utf8_path(path);
    const std::string name = utf8_text(file.filename());
    if (title.empty() || title == utf8_text(file.stem())) {
        return name;
    }
    return name + " (" + title + ")";
}

GridLevel load_level(const std::string& path, std::uintmax_t max_bytes, const LevelReadOptions& options) {
    // The extension alone refuses an unsupported or 3D file before a byte is read; the text then settles a
    // file without an extension.
    const LevelFormat by_name = grid_level_format(path, {});
    const std::string text = detail::read_level_file(path, max_bytes, by_name.check_start);
    return grid_level_format(path, text).parse(text, path, options);
}

GridLevel parse_level(std::string_view text, const std::string& name, const LevelReadOptions& options) {
    return grid_level_format(name, text).parse(text, name, options);
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
