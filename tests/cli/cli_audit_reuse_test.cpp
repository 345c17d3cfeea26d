// `kinema audit --reuse` and `--watch` end to end: a re-audit of an edited level writes every file a full
// audit writes, byte for byte (JSON, CSV, places, pictures, the table); a report that cannot be reused is
// ignored with one line on stderr (a full audit runs) or refused with --reuse-strict; --watch re-audits
// after each save, waits through a removed file, a directory in its place and a half-written save, and
// Ctrl-C ends it leaving no temporary file.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.hpp"
#include "test_data.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
    return read_file(p);
}

void write(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

// A fresh directory holding a copy of the shared map room-32-32-4 (or our warehouse level without it).
struct Workspace {
    Workspace() : dir(scratch_path("reuse")) {
        fs::remove_all(dir);
        fs::create_directories(dir);
        const fs::path shared = fs::path(KINEMA_SHARED_DATA_DIR) / "maps" / "room-32-32-4.map";
        source = fs::exists(shared) ? shared : fs::path(level_path("warehouse_loop.txt"));
        map = dir / ("level" + source.extension().string());
        fs::copy_file(source, map);
    }
    ~Workspace() { fs::remove_all(dir); }
    // Flips the tile at byte `offset` of the file's last line between floor and wall.
    void flip(std::size_t from_end) const {
        std::string text = slurp(map);
        std::size_t at = text.size() - from_end;
        while (text[at] == '\n') {
            --at;
        }
        text[at] = text[at] == '.' ? (map.extension() == ".map" ? '@' : '#') : '.';
        write(map, text);
    }
    fs::path dir;
    fs::path source;
    fs::path map;
};

// Every file an audit writes with these flags, under `prefix` in the workspace, and its stdout.
std::vector<std::string> audit_files(const Workspace& w, const std::string& prefix, const std::string& extra,
                                     std::string* err = nullptr) {
    const fs::path p = w.dir / prefix;
    const CliRun r = run_kinema("audit --quiet --directions 4 --map " + sh_quoted(w.map) + " --json " +
                                sh_quoted(p.string() + ".json") + " --csv " + sh_quoted(p.string() + ".csv") +
                                " --places-csv " + sh_quoted(p.string() + "-places.csv") + " --svg " +
                                sh_quoted(p) + " " + extra);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    if (err != nullptr) {
        *err = r.err;
    }
    std::vector<std::string> files{r.out, slurp(p.string() + ".json"), slurp(p.string() + ".csv"),
                                   slurp(p.string() + "-places.csv")};
    for (const char* picture :
         {"distance", "wrong_way", "gives_up_at_once", "short_of_a_corner", "barrier_blocks_exit"}) {
        files.push_back(slurp(p.string() + "-" + picture + ".svg"));
    }
    return files;
}

TEST(CliAuditReuse, AnEditedLevelGetsTheFullAuditsFiles) {
    const Workspace w;
    (void)audit_files(w, "old", "");
    for (const std::size_t from_end : {3u, 40u, 200u}) {
        w.flip(from_end);
        std::string err;
        const std::vector<std::string> reused =
            audit_files(w, "reused", "--reuse " + sh_quoted(w.dir / "old.json"), &err);
        EXPECT_NE(err.find("cells audited again"), std::string::npos) << err;
        EXPECT_EQ(reused, audit_files(w, "full", ""));
        EXPECT_FALSE(reused[1].empty());
    }
}

// The one line a report that cannot be reused gets, and that the files are still the full audit's.
void expect_ignored(const Workspace& w, const fs::path& old, const std::string& why) {
    std::string err;
    const std::vector<std::string> files = audit_files(w, "reused", "--reuse " + sh_quoted(old), &err);
    EXPECT_EQ(err.rfind("kinema audit: --reuse " + old.string() + ": ignored, auditing in full: ", 0), 0u)
        << err;
    EXPECT_NE(err.find(why), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
    EXPECT_EQ(files, audit_files(w, "full", ""));
    const CliRun strict = run_kinema("audit --quiet --directions 4 --map " + sh_quoted(w.map) + " --reuse " +
                                     sh_quoted(old) + " --reuse-strict");
    expect_one_line_error(strict, "--reuse " + old.string() + ": not reused (--reuse-strict): ");
}

TEST(CliAuditReuse, AReportThatCannotBeReusedIsIgnoredOrRefused) {
    const Workspace w;
    (void)audit_files(w, "old", "");
    const std::string text = slurp(w.dir / "old.json");
    expect_ignored(w, w.dir / "missing.json", "cannot open file");
    write(w.dir / "half.json", text.substr(0, text.size() / 2));
    expect_ignored(w, w.dir / "half.json", "truncated");
    std::string edited = text;
    edited[edited.find("\"steps\":") + 8] ^= 1;  // one digit
    write(w.dir / "edited.json", edited);
    expect_ignored(w, w.dir / "edited.json", "changed after kinema wrote it");
    write(w.dir / "older.json", text.substr(0, text.rfind(",\"reuse\":")) + "}\n");
    expect_ignored(w, w.dir / "older.json", "written by an older kinema");
    const CliRun other = run_kinema("audit --quiet --directions 4 --max-steps 12 --map " + sh_quoted(w.map) +
                                    " --json " + sh_quoted(w.dir / "other.json"));
    ASSERT_EQ(other.exit_code, 0) << other.err;
    expect_ignored(w, w.dir / "other.json", "other settings");
    const CliRun size =
        run_kinema("audit --quiet --directions 4 --map " + sh_quoted(level_path("corner.txt")) + " --json " +
                   sh_quoted(w.dir / "size.json"));
    ASSERT_EQ(size.exit_code, 0) << size.err;
    expect_ignored(w, w.dir / "size.json", "its level is");
}

TEST(CliAuditReuse, NotWithASweepOrAShard) {
    const std::string map = sh_quoted(level_path("corner.txt"));
    expect_one_line_error(run_kinema("audit --map " + map + " --reuse x.json --sweep hot=10,20"), "--reuse");
    expect_one_line_error(run_kinema("audit --map " + map + " --watch --sweep hot=10,20"), "--watch");
    expect_one_line_error(run_kinema("audit --map " + map + " --reuse x.json --shard 1/2 --json p.json"),
                          "--reuse");
    expect_one_line_error(run_kinema("audit --map " + map + " --reuse-strict"), "--reuse-strict");
}

#if KINEMA_HAVE_NAV
TEST(CliAuditReuse, A3DLevelIsAuditedInFull) {
    const Workspace w;
    const fs::path mesh = level_path("corner_ramp.obj");
    const fs::path old = w.dir / "mesh.json";
    ASSERT_EQ(run_kinema("audit --quiet --map " + sh_quoted(mesh) + " --json " + sh_quoted(old)).exit_code,
              0);
    const CliRun again = run_kinema("audit --quiet --map " + sh_quoted(mesh) + " --json " +
                                    sh_quoted(w.dir / "again.json") + " --reuse " + sh_quoted(old));
    EXPECT_EQ(again.exit_code, 0);
    EXPECT_NE(again.err.find("a 3D level or a graph is audited in full"), std::string::npos) << again.err;
    EXPECT_EQ(slurp(w.dir / "again.json"), slurp(old));
}
#endif

// Waits (up to a minute) until the file at `p` holds `text`.
bool wait_for(const fs::path& p, const std::string& text) {
    for (int i = 0; i < 600; ++i) {
        if (slurp(p).find(text) != std::string::npos) {
            return true;
        }
        usleep(100000);
    }
    return false;
}

// `kinema audit --watch` started in `dir` with SIGINT at its default (a shell's background job would ignore
// it), its stdout and stderr in out.log and err.log.
pid_t start_watch(const fs::path& dir) {
    const pid_t pid = fork();
    if (pid == 0) {
        if (chdir(dir.c_str()) != 0) {
            _exit(9);
        }
        const int out = open("out.log", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int err = open("err.log", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(out, 1);
        dup2(err, 2);
        signal(SIGINT, SIG_DFL);
        execl(KINEMA_CLI_PATH, KINEMA_CLI_PATH, "audit", "--map", "level.map", "--directions", "4", "--quiet",
              "--watch", "--json", "a.json", static_cast<char*>(nullptr));
        _exit(9);
    }
    return pid;
}

// --watch: saves, a removed file, a directory, a half-written save, then Ctrl-C.
TEST(CliAuditWatch, ReauditsEachSaveAndWaitsThroughBadOnes) {
    const Workspace w;
    if (w.map.extension() != ".map") {
        GTEST_SKIP() << "needs the shared map room-32-32-4.map (a half-written .map fails to load)";
    }
    const std::string good = slurp(w.map);
    w.flip(3);
    const std::string edited = slurp(w.map);
    write(w.map, good);
    const pid_t pid = start_watch(w.dir);
    ASSERT_GT(pid, 0);
    const fs::path out = w.dir / "out.log";
    const fs::path err = w.dir / "err.log";
    const auto steps = [&] {
        ASSERT_TRUE(wait_for(err, "watching level.map"));
        write(w.dir / "level.tmp", edited);  // saved as editors do: a new file renamed over the old
        fs::rename(w.dir / "level.tmp", w.map);
        ASSERT_TRUE(wait_for(out, "level.map saved: 1 tile changed,")) << slurp(out);
        ASSERT_EQ(slurp(w.dir / "a.json").empty(), false);
        write(w.dir / "after-edit.json", slurp(w.dir / "a.json"));
        fs::remove(w.map);
        ASSERT_TRUE(wait_for(err, "level.map: gone; waiting for it to be saved again"));
        fs::create_directory(w.map);
        ASSERT_TRUE(wait_for(err, "level.map: is not a file now"));
        fs::remove(w.map);
        write(w.map, edited.substr(0, edited.size() / 2));
        ASSERT_TRUE(wait_for(err, "; waiting for the next save")) << slurp(err);
        write(w.map, edited);
        ASSERT_TRUE(wait_for(out, "level.map saved: 0 tiles changed, 0 of")) << slurp(out);
    };
    steps();
    kill(pid, SIGINT);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT);  // as Ctrl-C ends every command
    // The JSON after the edit is a full audit's of the edited level.
    write(w.dir / "edited.map", edited);
    const CliRun full = run_kinema("audit --quiet --directions 4 --map " + sh_quoted(w.dir / "edited.map") +
                                   " --json " + sh_quoted(w.dir / "full.json"));
    ASSERT_EQ(full.exit_code, 0);
    EXPECT_EQ(slurp(w.dir / "after-edit.json"), slurp(w.dir / "full.json"));
    for (const auto& entry : fs::directory_iterator(w.dir)) {
        EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << entry.path();
    }
}

}  // namespace
}  // namespace kinema::test
