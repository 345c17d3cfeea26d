// Scratch files for tests. ctest runs every test case as its own process, several at once (-j), and the
// sanitizer build may run beside the Release build: a name unique to this process and test case keeps them
// from overwriting each other's files.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace kinema::test {

/// TempDir()/kinema_<pid>_<suite>_<test>_<name>: unique to this process and the running test case.
inline std::filesystem::path scratch_path(std::string_view name) {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    std::string file = "kinema_" + std::to_string(::getpid());
    if (info != nullptr) {
        file.append("_").append(info->test_suite_name()).append("_").append(info->name());
    }
    file.append("_").append(name);
    std::replace(file.begin(), file.end(), '/', '_');  // parameterised tests' names hold slashes
    return std::filesystem::path(testing::TempDir()) / file;
}

/// scratch_path(name) as an empty directory (removed first if a run before left it).
inline std::filesystem::path fresh_directory(std::string_view name) {
    const std::filesystem::path dir = scratch_path(name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

/// How many entries `dir` holds (a temporary file left beside an output counts).
inline int entries(const std::filesystem::path& dir) {
    return static_cast<int>(
        std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator{}));
}

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline void write_file(const std::filesystem::path& path, std::string_view text) {
    std::ofstream out(path, std::ios::binary);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace kinema::test
