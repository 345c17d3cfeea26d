#include "kinema/levels/grid_level.hpp"

#include <algorithm>

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

GridLevel load_level(const std::string& path, std::uintmax_t max_bytes) {
    const bool moving_ai = has_extension(path, ".map");
    return parse_level(
        detail::read_level_file(path, max_bytes, moving_ai ? detail::check_moving_ai_start : nullptr), path);
}

GridLevel parse_level(std::string_view text, const std::string& name) {
    return has_extension(name, ".map") ? parse_moving_ai_map(text, name) : parse_ascii_level(text, name);
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
