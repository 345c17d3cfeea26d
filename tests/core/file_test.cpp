// The one capped file reader (kinema/core/file.hpp): the byte cap holds for regular files (checked before
// reading) and for devices without a size (read in chunks), and every failure names the file.
#include "kinema/core/file.hpp"

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace kinema {
namespace {

std::filesystem::path scratch_file(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / ("kinema-file-test-" + name);
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

std::string error_of(const std::string& path, std::uintmax_t max_bytes) {
    try {
        (void)read_file_capped(path, max_bytes);
    } catch (const FileError& e) {
        EXPECT_EQ(e.path(), path);
        EXPECT_EQ(std::string(e.what()), path + ": " + e.why());
        return e.why();
    }
    return "no error";
}

TEST(ReadFileCapped, ReadsUpToTheCapExactly) {
    const auto path = scratch_file("twelve", "twelve bytes");
    EXPECT_EQ(read_file_capped(path.string(), 12), "twelve bytes");
    EXPECT_EQ(error_of(path.string(), 11), "larger than the limit of 11 bytes (12 bytes)");
    std::filesystem::remove(path);
}

TEST(ReadFileCapped, DevicesWithoutASizeStopPastTheCap) {
    // /dev/zero never ends: the reader gives up one chunk (64 KiB) past a 100-byte cap.
    EXPECT_EQ(error_of("/dev/zero", 100), "larger than the limit of 100 bytes");
    EXPECT_EQ(read_file_capped("/dev/null", 0), "");
}

TEST(ReadFileCapped, NamesDirectoriesAndMissingFiles) {
    EXPECT_EQ(error_of("/", 1000), "is a directory, not a file");
    EXPECT_EQ(error_of("/nonexistent/kinema.txt", 1000), "cannot open file: No such file or directory");
}

}  // namespace
}  // namespace kinema
