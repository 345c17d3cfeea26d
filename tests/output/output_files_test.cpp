// The output-file rule called directly (kinema/output/output_files.hpp): the inputs a run is given, and only
// those, are refused as outputs; errors are OutputError with the option and path; a directory of frames holds
// exactly one run's files; temporary files go on SIGTERM only once the program asked for it. The same rule
// seen through the command line is tested in tests/cli/output_files_test.cpp. The same tests run on Windows
// (scripts/test-output-windows.sh, under wine) but those of POSIX signals and FIFOs;
// output_files_windows_test.cpp adds Windows' own cases.
#include <gtest/gtest.h>

#ifndef _WIN32
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <chrono>
#include <filesystem>
#include <new>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "commit_error.hpp"
#include "kinema/output/output_files.hpp"
#include "scratch.hpp"

#ifndef _WIN32
#include "kinema/core/file.hpp"  // map_file_capped, for the SIGBUS case (POSIX only)
#endif

namespace kinema::test {
namespace {

namespace fs = std::filesystem;
using output::OutputError;
using output::OutputFiles;

// The file every output may share, as /dev/null is on POSIX.
#ifdef _WIN32
constexpr const char* null_device = "NUL";
#else
constexpr const char* null_device = "/dev/null";
#endif

TEST(OutputFilesLibrary, WritesNewAndReplacesExistingFiles) {
    const fs::path dir = fresh_directory("write");
    write_file(dir / "old.txt", "old");
    OutputFiles files;
    files.add("first", (dir / "old.txt").string(), "replaced");
    files.add("second", (dir / "new.txt").string(), "new");
    files.commit();
    EXPECT_EQ(read_file(dir / "old.txt"), "replaced");
    EXPECT_EQ(read_file(dir / "new.txt"), "new");
    EXPECT_EQ(entries(dir), 2);  // no temporary or backup file left
    fs::remove_all(dir);
}

TEST(OutputFilesLibrary, AFileWithoutAPathIsNotAskedFor) {
    const fs::path dir = fresh_directory("if-named");
    OutputFiles files;
    files.add_if_named("--png", "", "not asked for");
    files.add_if_named("--svg", (dir / "asked.svg").string(), "asked for");
    files.commit();
    EXPECT_EQ(read_file(dir / "asked.svg"), "asked for");
    EXPECT_EQ(entries(dir), 1);
    fs::remove_all(dir);
}

TEST(OutputFilesLibrary, AnInputGivenToTheConstructorIsRefused) {
    const fs::path dir = fresh_directory("input");
    const std::string level = (dir / "level.map").string();
    write_file(level, "the level");
    OutputFiles files({{"MAP", level}});
    files.add("PNG", level, "a picture");
    EXPECT_EQ(commit_error(files), "PNG: " + level + " is also the input of MAP (refusing to write over it)");
    EXPECT_EQ(read_file(level), "the level");
    fs::remove_all(dir);
}

// write_streamed_file: one file made in pieces, committed on its own under the same rule.
TEST(OutputFilesLibrary, AStreamedFileIsWrittenWholeAndNeverOverAnInput) {
    const fs::path dir = fresh_directory("streamed");
    const std::string part = (dir / "part.json").string();
    const output::PieceWriter write = [](const output::PieceSink& sink) {
        for (const char* text : {"{\"a\": ", "1}", "\n"}) {
            std::string piece = text;
            sink(piece);
        }
    };
    output::write_streamed_file({{"MAP", (dir / "level.map").string()}}, "JSON", part, write);
    EXPECT_EQ(read_file(part), "{\"a\": 1}\n");
    EXPECT_EQ(entries(dir), 1);
    std::string error = "no error";
    try {
        output::write_streamed_file({{"PART", part}}, "JSON", part, write);
    } catch (const OutputError& e) {
        error = e.what();
    }
    EXPECT_EQ(error, "JSON: " + part + " is also the input of PART (refusing to write over it)");
    fs::remove_all(dir);
}

TEST(OutputFilesLibrary, AnInputAddedLaterIsRefusedThroughARelativePath) {
    const fs::path dir = fresh_directory("input-later");
    write_file(dir / "log.csv", "the log");
    OutputFiles files;
    files.add_input("LOG", (dir / "log.csv").string());
    const std::string roundabout = (dir / "." / "log.csv").string();
    files.add("SVG", roundabout, "a picture");
    EXPECT_EQ(commit_error(files),
              "SVG: " + roundabout + " is also the input of LOG (refusing to write over it)");
    EXPECT_EQ(read_file(dir / "log.csv"), "the log");
    fs::remove_all(dir);
}

TEST(OutputFilesLibrary, InputsBelongToOneOutputFilesOnly) {
    // No hidden global: the inputs of one run do not follow into the next.
    const fs::path dir = fresh_directory("no-global");
    const std::string path = (dir / "shared.txt").string();
    write_file(path, "read by the first run");
    OutputFiles first({{"MAP", path}});
    first.add("PNG", path, "refused");
    EXPECT_NE(commit_error(first), "no error");
    OutputFiles second;
    second.add("PNG", path, "written");
    EXPECT_EQ(commit_error(second), "no error");
    EXPECT_EQ(read_file(path), "written");
    fs::remove_all(dir);
}

TEST(OutputFilesLibrary, TwoOutputsOfOneFileAreRefused) {
    const fs::path dir = fresh_directory("twice");
    const std::string path = (dir / "a.png").string();
    OutputFiles files;
    files.add("PNG", path, "one");
    files.add("FRAMES", path, "two");
    EXPECT_EQ(commit_error(files),
              "FRAMES: " + path + " is also the output of PNG (refusing to write over it)");
    EXPECT_FALSE(fs::exists(path));
    // /dev/null is exempt: two outputs may share it.
    OutputFiles discarded;
    discarded.add("PNG", null_device, "one");
    discarded.add("SVG", null_device, "two");
    EXPECT_EQ(commit_error(discarded), "no error");
    fs::remove_all(dir);
}

TEST(OutputFilesLibrary, ErrorsNameTheOptionAndThePath) {
    const fs::path dir = fresh_directory("errors");
    const std::string read_only = (dir / "ro.txt").string();
    write_file(read_only, "keep me");
    fs::permissions(read_only, fs::perms::owner_read);
    OutputFiles files;
    files.add("JSON", read_only, "new");
    EXPECT_EQ(commit_error(files), "JSON: " + read_only + ": is read-only");
    OutputFiles unnamed;
    unnamed.add("", read_only, "new");
    EXPECT_EQ(commit_error(unnamed), read_only + ": is read-only");
    EXPECT_EQ(read_file(read_only), "keep me");
    OutputFiles empty;
    empty.add("CSV", "", "x");
    EXPECT_EQ(commit_error(empty), "CSV: '': empty path");
    // An OutputError is a std::runtime_error, for callers that catch those.
    OutputFiles again;
    again.add("JSON", read_only, "new");
    EXPECT_THROW(again.commit(), std::runtime_error);
    fs::permissions(read_only, fs::perms::owner_all);
    fs::remove_all(dir);
}

TEST(OutputFilesLibrary, ADirectoryHoldsExactlyThisRunsFilesOfItsKind) {
    const fs::path dir = fresh_directory("frames");
    const fs::path frames = dir / "steps";
    OutputFiles first;
    first.add_directory("FRAMES", frames.string(), "step-", ".png",
                        {{"step-000.png", "0"}, {"step-001.png", "1"}, {"step-002.png", "2"}});
    first.commit();
    EXPECT_EQ(entries(frames), 3);
    write_file(frames / "notes.txt", "mine");
    OutputFiles second;
    second.add_directory("FRAMES", frames.string(), "step-", ".png", {{"step-000.png", "zero"}});
    second.commit();
    EXPECT_EQ(read_file(frames / "step-000.png"), "zero");
    EXPECT_FALSE(fs::exists(frames / "step-001.png"));
    EXPECT_EQ(read_file(frames / "notes.txt"), "mine");
    EXPECT_EQ(entries(frames), 2);
    // A failed run removes the directory it created.
    const fs::path fresh = dir / "new";
    OutputFiles failing;
    failing.add_directory("FRAMES", fresh.string(), "step-", ".png", {{"step-000.png", "0"}});
    failing.add("PNG", "/nonexistent-dir/x.png", "x");
    EXPECT_EQ(
        commit_error(failing),
        "PNG: /nonexistent-dir/x.png: cannot create a file in its directory: No such file or directory");
    EXPECT_FALSE(fs::exists(fresh));
    fs::remove_all(dir);
}

TEST(OutputFilesLibrary, ADirectoryThatIsAFileIsRefusedBeforeAnyWork) {
    const fs::path dir = fresh_directory("not-a-directory");
    const std::string file = (dir / "file").string();
    write_file(file, "x");
    try {
        output::check_output_directory("FRAMES", file);
        ADD_FAILURE() << "no error";
    } catch (const OutputError& e) {
        EXPECT_EQ(std::string(e.what()), "FRAMES: " + file + ": exists and is not a directory");
    }
    EXPECT_NO_THROW(output::check_output_directory("FRAMES", (dir / "missing").string()));
    fs::remove_all(dir);
}

#ifndef _WIN32
/// Forks a child that commits a regular file and then a FIFO nobody reads (so it blocks after staging the
/// regular file's temporary file), waits for the temporary file, sends SIGTERM and returns the child's wait
/// status. With `install` the child first calls remove_pending_files_on_signals().
int terminate_a_blocked_commit(const fs::path& dir, bool install) {
    const fs::path fifo = dir / "pipe.svg";
    EXPECT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const pid_t child = ::fork();
    if (child == 0) {
        if (install) {
            output::remove_pending_files_on_signals();
        }
        OutputFiles files;
        files.add("PNG", (dir / "a.png").string(), "picture");
        files.add("SVG", fifo.string(), "blocks");
        try {
            files.commit();
        } catch (...) {
        }
        ::_exit(0);
    }
    for (int wait = 0; wait < 500 && entries(dir) < 2; ++wait) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_EQ(entries(dir), 2) << "the temporary file of a.png was never staged";
    ::kill(child, SIGTERM);
    int status = 0;
    ::waitpid(child, &status, 0);
    return status;
}

TEST(OutputFilesLibrary, SigtermRemovesTemporaryFilesOnceAsked) {
    const fs::path dir = fresh_directory("sigterm");
    const int status = terminate_a_blocked_commit(dir, true);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGTERM);
    EXPECT_EQ(entries(dir), 1);  // only the FIFO: no a.png, no temporary file
    fs::remove_all(dir);
}

// A report read through a mapping (`kinema audit --reuse`) and cut shorter by another program while a
// commit copies from it: the read past its new end raises SIGBUS. With the handlers installed the run says
// so on stderr and exits 2, and the staged file is removed (no crash, no partial output).
TEST(OutputFilesLibrary, AMappedFileCutShorterEndsTheRunWithStatusTwoAndNothingWritten) {
    const fs::path dir = fresh_directory("sigbus");
    const fs::path source = dir.parent_path() / "kinema-sigbus-source.json";
    write_file(source, std::string(1 << 16, 'r'));
    const fs::path said = dir.parent_path() / "kinema-sigbus-stderr.txt";
    const pid_t child = ::fork();
    if (child == 0) {
        const int err = ::open(said.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(err, STDERR_FILENO);
        output::remove_pending_files_on_signals();
        const std::shared_ptr<const FileBytes> bytes = map_file_capped(source.string(), 1 << 20);
        OutputFiles files;
        files.add_written("--json", (dir / "report.json").string(), [&](const output::PieceSink& sink) {
            std::string piece(bytes->text().substr(0, 100));
            sink(piece);
            fs::resize_file(source, 10);  // another program cuts the report short
            piece = std::string(bytes->text().substr(1 << 15, 100));
            sink(piece);
        });
        files.commit();
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(WIFEXITED(status)) << "the child died of signal "
                                   << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    EXPECT_EQ(WEXITSTATUS(status), 2);
    EXPECT_EQ(read_file(said),
              "kinema: a file being read was cut shorter by another program meanwhile (SIGBUS); nothing was "
              "written\n");
    EXPECT_EQ(entries(dir), 0);  // no report.json, no temporary file
    fs::remove_all(dir);
    fs::remove(source);
    fs::remove(said);
}

TEST(OutputFilesLibrary, TheLibraryInstallsNoSignalHandlerByItself) {
    // A game keeps its own handlers: without the call, SIGTERM kills as by default and the temporary file
    // stays (the host may call remove_pending_files() from its own handler).
    const fs::path dir = fresh_directory("no-handler");
    const int status = terminate_a_blocked_commit(dir, false);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGTERM);
    EXPECT_EQ(entries(dir), 2);  // the FIFO and a.png's temporary file
    EXPECT_FALSE(fs::exists(dir / "a.png"));
    fs::remove_all(dir);
}
#endif

// A file whose text is made at commit() in pieces: each piece reaches the staged file as it is handed over
// (and is cleared for the next), so a long report is never held whole.
TEST(OutputFilesLibrary, AWrittenFileTakesItsPiecesInOrder) {
    const fs::path dir = fresh_directory("written");
    write_file(dir / "report.json", "old");
    int calls = 0;
    OutputFiles files;
    files.add_written("--json", (dir / "report.json").string(), [&](const output::PieceSink& sink) {
        ++calls;
        std::string piece;
        for (const char* text : {"{\"rows\":[", "1,", "2", "]}\n"}) {
            piece += text;
            sink(piece);
            EXPECT_TRUE(piece.empty()) << "the sink clears each piece it takes";
        }
    });
    files.add("--csv", (dir / "report.csv").string(), "a,b\n");
    files.commit();
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(read_file(dir / "report.json"), "{\"rows\":[1,2]}\n");
    EXPECT_EQ(read_file(dir / "report.csv"), "a,b\n");
    EXPECT_EQ(entries(dir), 2);  // no temporary or backup file left
    fs::remove_all(dir);
}

TEST(OutputFilesLibrary, AWrittenFileFollowsTheAllOrNothingRule) {
    const fs::path dir = fresh_directory("written-fails");
    write_file(dir / "report.json", "old");
    write_file(dir / "locked.csv", "locked");
    fs::permissions(dir / "locked.csv", fs::perms::owner_read);
    OutputFiles files;
    files.add_written("--json", (dir / "report.json").string(), [](const output::PieceSink& sink) {
        std::string piece = "new";
        sink(piece);
    });
    files.add("--csv", (dir / "locked.csv").string(), "x");
    EXPECT_EQ(commit_error(files), "--csv: " + (dir / "locked.csv").string() + ": is read-only");
    EXPECT_EQ(read_file(dir / "report.json"), "old");
    EXPECT_EQ(entries(dir), 2);
    // A writer that throws (out of memory while making the text) leaves every target as it was, and no
    // temporary file.
    OutputFiles throwing;
    throwing.add("--png", (dir / "new.png").string(), "picture");
    throwing.add_written("--json", (dir / "report.json").string(), [](const output::PieceSink& sink) {
        std::string piece = "half";
        sink(piece);
        throw std::bad_alloc();
    });
    EXPECT_THROW(throwing.commit(), std::bad_alloc);
    EXPECT_EQ(read_file(dir / "report.json"), "old");
    EXPECT_FALSE(fs::exists(dir / "new.png"));
    EXPECT_EQ(entries(dir), 2);
    fs::permissions(dir / "locked.csv", fs::perms::owner_all);
    fs::remove_all(dir);
}

TEST(OutputFilesLibrary, ReplacingManyFilesKeepsWithinTheTableOfPendingFiles) {
    // Each replaced file takes two entries of the cleanup's table (its staged file and its backup): 520
    // existing frames take 1,040 (which once wrote past the end of a table of 1,024 and crashed).
    const fs::path dir = fresh_directory("many");
    std::vector<std::pair<std::string, std::string>> frames;
    for (int i = 0; i < 520; ++i) {
        frames.emplace_back("step-" + std::to_string(1000 + i) + ".png", std::to_string(i));
    }
    OutputFiles first;
    first.add_directory("FRAMES", (dir / "frames").string(), "step-", ".png", frames);
    first.commit();
    EXPECT_EQ(entries(dir / "frames"), 520);
    frames.front().second = "new";
    OutputFiles again;
    again.add_directory("FRAMES", (dir / "frames").string(), "step-", ".png", frames);
    EXPECT_EQ(commit_error(again), "no error");
    EXPECT_EQ(read_file(dir / "frames" / "step-1000.png"), "new");
    EXPECT_EQ(read_file(dir / "frames" / "step-1519.png"), "519");
    EXPECT_EQ(entries(dir / "frames"), 520);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace kinema::test
