#include "kinema/levels/level_error.hpp"

#include <string_view>
#include <utility>

namespace kinema::levels {

LevelError::LevelError(std::string file, int line, const std::string& message)
    : std::invalid_argument(file + ":" + std::to_string(line) + ": " + message),
      file_(std::move(file)),
      line_(line) {}

LevelError::LevelError(const std::string& message) : std::invalid_argument(message) {}

std::string LevelError::naming_file(const std::string& path) const {
    constexpr std::string_view builder_prefix = "level: ";
    std::string_view message = what();
    if (message.starts_with(builder_prefix)) {
        message.remove_prefix(builder_prefix.size());
    }
    return path + ": " + std::string(message);
}

}  // namespace kinema::levels
