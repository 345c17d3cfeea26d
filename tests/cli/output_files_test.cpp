// Output files under one rule (kinema/output/output_files.hpp, issue 14): a failed run leaves every target as
// it was, symlinks are written through, permissions kept, read-only files and devices respected, --frames
// holds exactly one run's frames, and no temporary file survives a failure or SIGTERM.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

TEST(OutputFiles, AFailedRunLeavesAnEarlierPictureAsItWas) {
    const fs::path dir = fresh_directory("keep");
    const fs::path png = dir / "keep.png";
    write_file(png, "an earlier picture");
    // Before the fix the first output was written, then removed when the second failed.
    const CliRun r = run_kinema("chase --png " + sh_quoted(png) + " --svg /nonexistent-dir/x.svg");
    expect_one_line_error(r, "--svg: /nonexistent-dir/x.svg: cannot create a file in its directory");
    EXPECT_EQ(read_file(png), "an earlier picture");
    EXPECT_EQ(entries(dir), 1);  // no temporary file left
    fs::remove_all(dir);
}

TEST(OutputFiles, SymlinksAreWrittenThroughAndPermissionsKept) {
    const fs::path dir = fresh_directory("links");
    const fs::path real = dir / "real.png";
    write_file(real, "old");
    fs::permissions(real, fs::perms::owner_read | fs::perms::owner_write);
    fs::create_symlink("real.png", dir / "link.png");
    const CliRun r = run_kinema("chase --png " + sh_quoted(dir / "link.png"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(fs::is_symlink(dir / "link.png"));
    EXPECT_EQ(read_file(real).substr(1, 3), "PNG");
    EXPECT_EQ(fs::status(real).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write);
    fs::remove_all(dir);
}

TEST(OutputFiles, AReadOnlyFileIsNotOverwritten) {
    const fs::path dir = fresh_directory("readonly");
    const fs::path png = dir / "ro.png";
    write_file(png, "keep me");
    fs::permissions(png, fs::perms::owner_read);
    expect_one_line_error(run_kinema("chase --png " + sh_quoted(png)),
                          "--png: " + png.string() + ": is read-only");
    EXPECT_EQ(read_file(png), "keep me");
    fs::permissions(png, fs::perms::owner_all);
    fs::remove_all(dir);
}

TEST(OutputFiles, ADeviceIsWrittenAndNeverReplaced) {
    const CliRun r = run_kinema("chase --png /dev/null");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST(OutputFiles, EmptyPathsAreErrors) {
    // Before the fix an empty value meant "no picture" and the run exited 0.
    expect_one_line_error(run_kinema("chase --png ''"), "--png: empty value");
    expect_one_line_error(run_kinema("chase --frames ''"), "--frames: empty value");
    expect_one_line_error(run_kinema("chase --map ''"), "--map: empty value");
    expect_one_line_error(
        run_kinema("simulate --model unreal --dt 0.1 --frames 2 --input 0:1,0 --start-velocity ''"),
        "--start-velocity: empty value");
    expect_one_line_error(run_kinema("morrowind speed --speed 50 --gmst ''"), "--gmst: empty value");
}

TEST(OutputFiles, FramesHoldExactlyThisRunsSteps) {
    const fs::path dir = fresh_directory("frames");
    const fs::path frames = dir / "steps";
    ASSERT_EQ(run_kinema("chase --max-steps 3 --frames " + sh_quoted(frames)).exit_code, 0);
    EXPECT_EQ(entries(frames), 4);
    write_file(frames / "notes.txt", "mine");
    ASSERT_EQ(run_kinema("chase --max-steps 1 --frames " + sh_quoted(frames)).exit_code, 0);
    // step-000 and step-001 from this run; stale step-002/003 gone; a file of another kind untouched.
    EXPECT_TRUE(fs::exists(frames / "step-001.png"));
    EXPECT_FALSE(fs::exists(frames / "step-002.png"));
    EXPECT_EQ(read_file(frames / "notes.txt"), "mine");
    EXPECT_EQ(entries(frames), 3);
    // A failed run leaves no new directory behind.
    const fs::path fresh = dir / "new";
    const CliRun r = run_kinema("chase --frames " + sh_quoted(fresh) + " --png /nonexistent-dir/x.png");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_FALSE(fs::exists(fresh));
    fs::remove_all(dir);
}

TEST(OutputFiles, SigtermLeavesNoTemporaryFile) {
    // The SVG goes to a FIFO nobody reads, so kinema blocks in it after staging the PNG's temporary file.
    const fs::path dir = fresh_directory("sigterm");
    const fs::path fifo = dir / "pipe.svg";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const fs::path script = dir.parent_path() / (dir.filename().string() + ".sh");
    std::string text = sh_quoted(KINEMA_CLI_PATH);
    text.append(" chase --png ").append(sh_quoted(dir / "a.png")).append(" --svg ").append(sh_quoted(fifo));
    text.append(" 2>/dev/null &\nsleep 1\nkill -TERM $!\nwait $!\n");
    write_file(script, text);
    const int status = std::system(("sh " + sh_quoted(script)).c_str());
    fs::remove(script);
    EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
    EXPECT_EQ(entries(dir), 1);  // only the FIFO: no a.png, no temporary file
    fs::remove_all(dir);
}

}  // namespace
}  // namespace kinema::test
