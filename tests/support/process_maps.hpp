// What this process has mapped (Linux's /proc/self/maps): for the tests that a library is loaded when it is
// first needed and not at start (Assimp, cairo), and that a file is mapped rather than copied.
#pragma once

#include <fstream>
#include <string>

namespace kinema::test {

/// Whether this process has mapped a file whose path holds `name`; false where /proc/self/maps is absent.
inline bool process_has_mapped(const std::string& name) {
    std::ifstream maps("/proc/self/maps");
    for (std::string line; std::getline(maps, line);) {
        if (line.find(name) != std::string::npos) {
            return true;
        }
    }
    return false;
}

}  // namespace kinema::test
