// The one capped file reader (kinema/core/file.hpp): the byte cap holds for regular files (checked before
// reading) and for devices without a size (read in chunks), and every failure names the file. Its mapping
// form gives the same bytes and the same refusals.
#include "kinema/core/file.hpp"

#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>

#include <gtest/gtest.h>

#include "process_maps.hpp"

namespace kinema {
namespace {

std::filesystem::path scratch_file(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / ("kinema-file-test-" + name);
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

std::string error_of(const std::string& path, std::uintmax_t max_bytes, bool mapped = false) {
    try {
        if (mapped) {
            (void)map_file_capped(path, max_bytes);
        } else {
            (void)read_file_capped(path, max_bytes);
        }
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

// Paths are UTF-8 text: a non-ASCII name is read, and on POSIX any bytes pass through unchanged (a name that
// is not valid UTF-8 still names its file), so nothing changes there; on Windows the same text is the UTF-16
// name.
TEST(Utf8Path, NamesNonAsciiFilesAndKeepsTheirBytes) {
    const std::string name = "kinema-file-test-\xc3\x89t\xc3\xa9-\xe6\x97\xa5\xe6\x9c\xac.txt";  // Été-日本
    const std::filesystem::path path = std::filesystem::temp_directory_path() / utf8_path(name);
    std::ofstream(path, std::ios::binary) << "level";
    EXPECT_EQ(utf8_text(path.filename()), name);
    EXPECT_EQ(read_file_capped(utf8_text(path), 100), "level");
    std::filesystem::remove(path);
    const std::string not_utf8 = "a\xff\xfe b";
    EXPECT_EQ(utf8_text(utf8_path(not_utf8)), not_utf8);
    EXPECT_EQ(utf8_path(not_utf8).native(), not_utf8);
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

TEST(ReadFileCapped, RefusesAFifoInsteadOfWaitingForAWriter) {
    // Before the fix, opening a FIFO without a writer blocked forever (every file input of the CLI and the
    // Python loaders). The read runs on a thread; if it blocks, a writer is attached to free it and the test
    // fails.
    const auto path = std::filesystem::temp_directory_path() / "kinema-file-test-fifo";
    std::filesystem::remove(path);
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
    auto result = std::async(std::launch::async, [&] { return error_of(path.string(), 1000); });
    if (result.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
        std::ofstream(path) << "";  // a writer that leaves at once: the blocked open and read return
        ADD_FAILURE() << "reading a FIFO without a writer blocked";
    }
    EXPECT_EQ(result.get(), "is a FIFO, not a file (a pipe without a writer would block forever)");
    std::filesystem::remove(path);
}

TEST(ReadFileCapped, ReadsARegularFileIntoOneAllocationOfItsSize) {
    // 1.5 MiB + 1 bytes: read in 64 KiB chunks into a growing string, the buffer doubled to 2 MiB or more
    // (a 1 GB file under a 1 GiB cap took 2 GB); the size is known, so the buffer is that size.
    const std::size_t size = (3u << 19) + 1;
    const auto path = scratch_file("sized", std::string(size, 'x'));
    const std::string text = read_file_capped(path.string(), size);
    EXPECT_EQ(text.size(), size);
    EXPECT_LE(text.capacity(), size + 64);
    std::filesystem::remove(path);
}

TEST(MapFileCapped, GivesTheFileBytesAndReadFileCappedsRefusals) {
    const auto path = scratch_file("mapped", "twelve bytes");
    EXPECT_EQ(map_file_capped(path.string(), 12)->text(), "twelve bytes");
    for (const std::uintmax_t cap : {std::uintmax_t{11}, std::uintmax_t{0}}) {
        EXPECT_EQ(error_of(path.string(), cap, true), error_of(path.string(), cap)) << cap;
    }
    const auto empty = scratch_file("empty", "");  // no mapping of 0 bytes: read instead
    EXPECT_EQ(map_file_capped(empty.string(), 0)->text(), "");
    EXPECT_EQ(map_file_capped("/dev/null", 0)->text(), "");
    for (const std::string other : {"/", "/nonexistent/kinema.txt", "/dev/zero"}) {
        EXPECT_EQ(error_of(other, 100, true), error_of(other, 100)) << other;
    }
    std::filesystem::remove(path);
    std::filesystem::remove(empty);
}

TEST(MapFileCapped, RefusesAFifoWithoutWaitingForAWriter) {
    const auto path = std::filesystem::temp_directory_path() / "kinema-file-test-mapped-fifo";
    std::filesystem::remove(path);
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
    auto result = std::async(std::launch::async, [&] { return error_of(path.string(), 1000, true); });
    if (result.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
        std::ofstream(path) << "";
        ADD_FAILURE() << "mapping a FIFO without a writer blocked";
    }
    EXPECT_EQ(result.get(), "is a FIFO, not a file (a pipe without a writer would block forever)");
    std::filesystem::remove(path);
}

// A regular file is mapped, not copied (what makes a re-audit's 70 MB report cheap to read), and what was
// mapped stays whole when the file is replaced by a rename, as kinema writes every output file: `kinema
// audit --reuse report.json --json report.json` reads the old report while writing the new one.
TEST(MapFileCapped, MapsARegularFileAndKeepsItsBytesWhenTheFileIsReplaced) {
    const auto path = scratch_file("replaced", "the old report");
    const auto bytes = map_file_capped(path.string(), 100);
    EXPECT_TRUE(test::process_has_mapped(path.string())) << "not mapped: " << path;
    const auto next = scratch_file("replacement", "a new report, longer than the old one");
    ASSERT_EQ(std::rename(next.c_str(), path.c_str()), 0);
    EXPECT_EQ(bytes->text(), "the old report");
    EXPECT_EQ(map_file_capped(path.string(), 100)->text(), "a new report, longer than the old one");
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace kinema
