// Scratch files for tests. ctest runs every test case as its own process, several at once (-j), and the
// sanitizer build may run beside the Release build: a name unique to this process and test case keeps them
// from overwriting each other's files.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
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
