// Outputs through pipes and signals (issue 40): `--json /dev/stdout` on a pipe is written straight into the
// pipe, and every signal that ends the process removes the hidden temporary file a long report is staged in.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.hpp"
#include "test_data.hpp"

extern char** environ;

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

/// Runs kinema with `args`, its stdout a real pipe (read to the end here), its stderr into a file; returns
/// the exit code and both texts.
CliRun run_into_pipe(const std::vector<std::string>& args) {
    int pipe_fds[2];
    EXPECT_EQ(::pipe(pipe_fds), 0);
    const fs::path err_path = scratch_path("pipe-stderr");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
    posix_spawn_file_actions_addclose(&actions, pipe_fds[1]);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);
    std::vector<std::string> words{KINEMA_CLI_PATH};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) {
        argv.push_back(w.data());
    }
    argv.push_back(nullptr);
    pid_t pid = 0;
    EXPECT_EQ(::posix_spawn(&pid, KINEMA_CLI_PATH, &actions, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipe_fds[1]);
    CliRun result;
    char buffer[4096];
    for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;) {
        result.out.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(pipe_fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.err = read_file(err_path);
    fs::remove(err_path);
    return result;
}

TEST(OutputPipes, JsonToDevStdoutOnAPipeIsWritten) {
    // Before the fix: "--json: /dev/stdout: cannot create a file in its directory" (the link resolved by hand
    // to /proc/self/fd/pipe:[N]).
    const std::string map = level_path("corner.txt");
    const CliRun piped = run_into_pipe({"audit", "--quiet", "--map", map, "--json", "/dev/stdout"});
    ASSERT_EQ(piped.exit_code, 0) << piped.err;
    const fs::path file = scratch_path("audit-pipe.json");
    const CliRun to_file = run_kinema("audit --quiet --map '" + map + "' --json '" + file.string() + "'");
    ASSERT_EQ(to_file.exit_code, 0) << to_file.err;
    // Exactly the bytes the same report has in a file (written first), then the table.
    const std::string json = read_file(file);
    fs::remove(file);
    ASSERT_GT(json.size(), 1000u);
    EXPECT_EQ(piped.out, json + to_file.out);
}

TEST(OutputPipes, SvgToProcSelfFdOnAPipeIsWritten) {
    const CliRun r = run_into_pipe({"chase", "--svg", "/proc/self/fd/1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("<svg"), std::string::npos);
    EXPECT_NE(r.out.find("</svg>"), std::string::npos);
}

/// Hidden files kinema stages beside a target (".NAME.kinema-XXXXXX").
int staged_files(const fs::path& dir) {
    int count = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        count += entry.path().filename().string().find(".kinema-") != std::string::npos ? 1 : 0;
    }
    return count;
}

/// Starts an audit whose JSON is staged beside `dir/a.json` while its CSV waits on a FIFO nobody reads, sends
/// `signal_number` once the staged file is there, and returns the wait status. The process starts with every
/// signal at its default action (a shell's background job would start with SIGINT and SIGQUIT ignored).
int status_after_signal(const fs::path& dir, int signal_number) {
    const fs::path fifo = dir / "rows.csv";
    EXPECT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::vector<std::string> words{
        KINEMA_CLI_PATH,           "audit", "--map",      level_path("corner.txt"), "--json",
        (dir / "a.json").string(), "--csv", fifo.string()};
    std::vector<char*> argv;
    for (std::string& w : words) {
        argv.push_back(w.data());
    }
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t all;
    sigfillset(&all);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
    pid_t pid = 0;
    EXPECT_EQ(::posix_spawn(&pid, KINEMA_CLI_PATH, &actions, &attributes, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (staged_files(dir) == 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    EXPECT_EQ(staged_files(dir), 1) << "the audit never staged its JSON";
    ::kill(pid, signal_number);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return status;
}

TEST(OutputPipes, EverySignalThatEndsTheProcessRemovesTheStagedReport) {
    // Before the fix only SIGINT and SIGTERM removed it: the others left ".a.json.kinema-XXXXXX" behind.
    for (const int signal_number : {SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGINT, SIGTERM}) {
        SCOPED_TRACE(::strsignal(signal_number));
        const fs::path dir = fresh_directory("signals");
        const int status = status_after_signal(dir, signal_number);
        ASSERT_TRUE(WIFSIGNALED(status));
        EXPECT_EQ(WTERMSIG(status), signal_number);  // died of the signal, as without the handler
        EXPECT_EQ(staged_files(dir), 0);
        EXPECT_FALSE(fs::exists(dir / "a.json"));
        fs::remove_all(dir);
    }
}

}  // namespace
}  // namespace kinema::test
