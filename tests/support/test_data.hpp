// The repository's data the tests read (KINEMA_DATA_DIR, defined for every test target by
// tests/CMakeLists.txt).
#pragma once

#include <string>

#include "kinema/levels/ascii_level.hpp"

namespace kinema::test {

/// The path of data/levels/FILE, e.g. level_path("corner.txt").
inline std::string level_path(const std::string& file) {
    return std::string(KINEMA_DATA_DIR) + "/levels/" + file;
}

/// One of kinema's own ASCII levels by name, e.g. our_level("corner").
inline levels::GridLevel our_level(const std::string& name) {
    return levels::load_ascii_level(level_path(name + ".txt"));
}

}  // namespace kinema::test
