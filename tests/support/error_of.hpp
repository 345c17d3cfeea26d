// The message of the std::invalid_argument (or subclass: LevelError, SettingsError) that `run` throws, or
// "no error": for tests that assert a whole message.
#pragma once

#include <stdexcept>
#include <string>

namespace kinema::test {

template <class Run>
std::string error_of(const Run& run) {
    try {
        run();
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace kinema::test
