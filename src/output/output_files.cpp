#include "kinema/output/output_files.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <set>
#include <system_error>

namespace kinema::output {
namespace {

namespace fs = std::filesystem;

// The temporary files of the commit in progress, for the SIGINT/SIGTERM handler. A signal handler reaches
// only globals and may only call async-signal-safe functions such as unlink(), so the paths live in a fixed
// table of C strings rather than in the OutputFiles object.
constexpr std::size_t max_pending_files = 1024;
constexpr std::size_t max_pending_path = 4096;
std::array<std::array<char, max_pending_path>, max_pending_files> pending_paths;
volatile std::sig_atomic_t pending_count = 0;
// Directories the commit created (a directory of frames), removed after their files; rmdir() is
// async-signal-safe too.
constexpr std::size_t max_pending_directories = 16;
std::array<std::array<char, max_pending_path>, max_pending_directories> pending_directories;
volatile std::sig_atomic_t pending_directory_count = 0;
// One commit at a time per process, since the table above is shared: commits from several threads queue.
std::mutex commit_mutex;

// Every signal whose default action ends the process without the program's say
// (remove_pending_files_on_signals).
constexpr std::array<int, 8> cleanup_signals{SIGINT,  SIGTERM, SIGHUP,  SIGQUIT,
                                             SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM};

/// Holds the cleanup signals back while a staged file is created and remembered: one that arrived between
/// the two would end the process with the file on disk but not yet in the table, left behind.
class HoldCleanupSignals {
  public:
    HoldCleanupSignals() {
        sigset_t held;
        sigemptyset(&held);
        for (const int signal_number : cleanup_signals) {
            sigaddset(&held, signal_number);
        }
        ::pthread_sigmask(SIG_BLOCK, &held, &previous_);
    }
    ~HoldCleanupSignals() { ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
    HoldCleanupSignals(const HoldCleanupSignals&) = delete;
    HoldCleanupSignals& operator=(const HoldCleanupSignals&) = delete;

  private:
    sigset_t previous_{};
};

extern "C" void remove_pending_and_reraise(int signal_number) {
    remove_pending_files();
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
}

/// Empties the table for the lifetime of a commit: a signal after it removes nothing.
class PendingGuard {
  public:
    PendingGuard() { forget(); }
    ~PendingGuard() { forget(); }
    PendingGuard(const PendingGuard&) = delete;
    PendingGuard& operator=(const PendingGuard&) = delete;

  private:
    static void forget() {
        pending_count = 0;
        pending_directory_count = 0;
    }
};

void remember_pending(const std::string& path) {
    auto& slot = pending_paths[static_cast<std::size_t>(pending_count)];
    std::memcpy(slot.data(), path.c_str(), path.size() + 1);
    pending_count = pending_count + 1;
}

void remember_pending_directory(const std::string& path) {
    if (pending_directory_count < static_cast<std::sig_atomic_t>(max_pending_directories) &&
        path.size() < max_pending_path) {
        auto& slot = pending_directories[static_cast<std::size_t>(pending_directory_count)];
        std::memcpy(slot.data(), path.c_str(), path.size() + 1);
        pending_directory_count = pending_directory_count + 1;
    }
}

[[noreturn]] void fail(const std::string& option, const std::string& path, const std::string& why) {
    throw OutputError(option.empty() ? path + ": " + why : option + ": " + path + ": " + why);
}

/// The file a path finally names: symlinks followed (also dangling ones, whose target is then created).
fs::path resolve_links(const fs::path& path, const std::string& option) {
    fs::path current = path;
    for (int depth = 0; depth < 40; ++depth) {
        std::error_code error;
        if (!fs::is_symlink(fs::symlink_status(current, error))) {
            return current;
        }
        const fs::path target = fs::read_symlink(current, error);
        if (error) {
            fail(option, path.string(), "cannot read the symbolic link: " + error.message());
        }
        current = target.is_absolute() ? target : current.parent_path() / target;
    }
    fail(option, path.string(), "too many levels of symbolic links");
}

/// One file to write: where it finally goes and how.
struct Target {
    std::string option;
    std::string shown;  // the path as the user gave it, for messages
    fs::path path;      // symlinks resolved
    const std::string* content = nullptr;
    const PieceWriter* write = nullptr;  // the text in pieces instead of `content` when set
    bool direct = false;                 // a device or FIFO: written in place
    bool existed = false;                // a regular file was there before
    mode_t mode = 0666;                  // permissions of the new file (an existing file's are kept)
    std::string temp;                    // the staged new content
    std::string backup;                  // a hard link to the old content, for rolling back
};

Target classify(const std::string& option, const std::string& shown, const std::string& content,
                const PieceWriter* write = nullptr) {
    if (shown.empty()) {
        fail(option, "''", "empty path");
    }
    Target t;
    t.option = option;
    t.shown = shown;
    t.content = &content;
    t.write = write != nullptr && *write ? write : nullptr;
    struct stat info {};
    // A device, FIFO or pipe is written in place through the path as given: resolving its links by hand
    // would turn /dev/stdout on a pipe into /proc/self/fd/pipe:[N], a name no file has, which the kernel
    // follows but the text cannot.
    if (::stat(shown.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode)) {
        t.path = shown;
        t.direct = true;
        return t;
    }
    t.path = resolve_links(shown, option);
    if (::stat(t.path.c_str(), &info) != 0) {
        if (errno != ENOENT) {
            fail(option, shown, std::strerror(errno));
        }
        const mode_t mask = ::umask(0);
        ::umask(mask);
        t.mode = 0666 & ~mask;
        return t;
    }
    if (S_ISDIR(info.st_mode)) {
        fail(option, shown, "is a directory");
    }
    if (!S_ISREG(info.st_mode)) {
        t.direct = true;
        return t;
    }
    if ((info.st_mode & 0222) == 0) {
        fail(option, shown, "is read-only");
    }
    t.existed = true;
    t.mode = info.st_mode & 07777;
    return t;
}

bool write_all(int fd, const std::string& content) {
    std::size_t done = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

/// The target's text: its content, or its writer's pieces each written as it comes (after a failed write the
/// rest is made and dropped: the writer has no way to stop early).
bool write_content(int fd, const Target& t) {
    if (t.write == nullptr) {
        return write_all(fd, *t.content);
    }
    bool written = true;
    int saved = 0;
    (*t.write)([&](std::string& piece) {
        if (written && !write_all(fd, piece)) {
            written = false;
            saved = errno;
        }
        piece.clear();
    });
    errno = written ? errno : saved;
    return written;
}

/// Writes the content into a uniquely named file beside the target.
void stage(Target& t) {
    const fs::path directory = t.path.parent_path().empty() ? fs::path(".") : t.path.parent_path();
    std::string hidden = ".";
    hidden.append(t.path.filename().string()).append(".kinema-XXXXXX");
    std::string name = (directory / hidden).string();
    if (pending_count >= static_cast<std::sig_atomic_t>(max_pending_files) ||
        name.size() >= max_pending_path) {
        fail(t.option, t.shown, "too many output files or too long a path");
    }
    int fd = -1;
    int create_error = 0;
    {
        const HoldCleanupSignals hold;
        fd = ::mkstemp(name.data());
        create_error = errno;
        if (fd >= 0) {
            remember_pending(name);
        }
    }
    if (fd < 0) {
        fail(t.option, t.shown,
             std::string("cannot create a file in its directory: ") + std::strerror(create_error));
    }
    t.temp = name;
    bool written = false;
    try {
        written = ::fchmod(fd, t.mode) == 0 && write_content(fd, t);
    } catch (...) {
        ::close(fd);  // a writer that throws (out of memory) leaves the staged file to commit_targets
        throw;
    }
    const int saved = errno;
    if (::close(fd) != 0 || !written) {
        fail(t.option, t.shown, std::string("cannot write: ") + std::strerror(written ? errno : saved));
    }
}

void write_direct(const Target& t) {
    const int fd = ::open(t.path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        fail(t.option, t.shown, std::string("cannot open for writing: ") + std::strerror(errno));
    }
    bool written = false;
    try {
        written = write_content(fd, t);
    } catch (...) {
        ::close(fd);
        throw;
    }
    const int saved = errno;
    ::close(fd);
    if (!written) {
        fail(t.option, t.shown, std::string("cannot write: ") + std::strerror(saved));
    }
}

/// Puts back what the targets held before: old content from the backup links, new files removed.
void roll_back(std::vector<Target>& targets, std::size_t replaced) {
    for (std::size_t i = 0; i < replaced; ++i) {
        if (targets[i].direct) {
            continue;
        }
        if (targets[i].existed) {
            ::rename(targets[i].backup.c_str(), targets[i].path.c_str());
        } else {
            ::unlink(targets[i].path.c_str());
        }
    }
}

void remove_staged(const std::vector<Target>& targets) {
    for (const Target& t : targets) {
        if (!t.temp.empty()) {
            ::unlink(t.temp.c_str());
        }
        if (!t.backup.empty()) {
            ::unlink(t.backup.c_str());
        }
    }
}

/// Keeps a hard link to an existing target's content, so that a later failure can restore it.
void link_backup(Target& t) {
    t.backup = t.temp + ".old";
    remember_pending(t.backup);
    if (::link(t.path.c_str(), t.backup.c_str()) != 0) {
        t.backup.clear();
        fail(t.option, t.shown,
             std::string("cannot keep the old file while replacing it: ") + std::strerror(errno));
    }
}

/// Stages every target, then replaces them; any failure restores every target.
void commit_targets(std::vector<Target>& targets) {
    std::size_t replaced = 0;
    try {
        for (Target& t : targets) {
            if (!t.direct) {
                stage(t);
            }
        }
        for (Target& t : targets) {
            if (t.existed) {
                link_backup(t);
            }
        }
        // Devices first: they cannot be rolled back, and nothing is replaced yet if one fails.
        for (const Target& t : targets) {
            if (t.direct) {
                write_direct(t);
            }
        }
        for (; replaced < targets.size(); ++replaced) {
            Target& t = targets[replaced];
            if (!t.direct && ::rename(t.temp.c_str(), t.path.c_str()) != 0) {
                fail(t.option, t.shown, std::string("cannot replace: ") + std::strerror(errno));
            }
            if (!t.direct) {
                t.temp.clear();
            }
        }
    } catch (...) {
        roll_back(targets, replaced);
        remove_staged(targets);
        throw;
    }
    remove_staged(targets);
}

/// Creates the directory when missing; returns whether this run created it.
bool prepare_directory(const std::string& option, const std::string& directory) {
    if (directory.empty()) {
        fail(option, "''", "empty path");
    }
    std::error_code error;
    if (fs::is_directory(directory, error)) {
        return false;
    }
    check_output_directory(option, directory);
    if (!fs::create_directory(directory, error)) {
        fail(option, directory, "cannot create the directory: " + error.message());
    }
    remember_pending_directory(directory);
    return true;
}

/// Removes the files of the directory's pattern that this run did not write.
void remove_stale(const fs::path& directory, const std::string& prefix, const std::string& suffix,
                  const std::set<std::string>& written) {
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(directory, error)) {
        const std::string name = entry.path().filename().string();
        const bool matches = name.size() >= prefix.size() + suffix.size() && name.starts_with(prefix) &&
                             name.ends_with(suffix);
        if (matches && !written.contains(name) && entry.is_regular_file(error)) {
            fs::remove(entry.path(), error);
        }
    }
}

/// The file a path names, for comparing paths: empty for a path to compare with nothing (an existing
/// non-regular file such as /dev/null, which two outputs may share).
fs::path identity(const std::string& path) {
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (!error && fs::exists(status) && !fs::is_regular_file(status)) {
        return {};
    }
    const fs::path resolved = fs::weakly_canonical(fs::absolute(path, error), error);
    return error ? fs::path(path).lexically_normal() : resolved;
}

/// "OPTION: m.txt is also the input of MAP": an output that would overwrite an input or another output.
void refuse_clashes(const std::vector<InputFile>& inputs,
                    const std::vector<std::pair<std::string, std::string>>& outputs) {
    std::vector<std::pair<std::string, fs::path>> seen;
    for (const auto& [option, path] : inputs) {
        seen.emplace_back("the input of " + option, identity(path));
    }
    for (const auto& [option, path] : outputs) {
        const fs::path file = identity(path);
        for (const auto& [role, other] : seen) {
            if (!file.empty() && file == other) {
                throw OutputError(option + ": " + path + " is also " + role + " (refusing to write over it)");
            }
        }
        seen.emplace_back("the output of " + option, file);
    }
}

}  // namespace

void check_output_directory(const std::string& option, const std::string& directory) {
    std::error_code error;
    if (!directory.empty() && fs::exists(directory, error) && !fs::is_directory(directory, error)) {
        fail(option, directory, "exists and is not a directory");
    }
}

void remove_pending_files() noexcept {
    for (std::sig_atomic_t i = 0; i < pending_count; ++i) {
        ::unlink(pending_paths[static_cast<std::size_t>(i)].data());
    }
    for (std::sig_atomic_t i = 0; i < pending_directory_count; ++i) {
        ::rmdir(pending_directories[static_cast<std::size_t>(i)].data());
    }
}

void remove_pending_files_on_signals() {
    // Every signal whose default action ends the process without the program's say, so a temporary file
    // (up to an audit's whole report) is never left beside its target. A signal the process was started with
    // ignored (nohup's SIGHUP, a background job's SIGINT and SIGQUIT) stays ignored.
    for (const int signal_number : cleanup_signals) {
        struct sigaction current {};
        if (::sigaction(signal_number, nullptr, &current) != 0 || current.sa_handler == SIG_IGN) {
            continue;
        }
        struct sigaction action {};
        action.sa_handler = remove_pending_and_reraise;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        ::sigaction(signal_number, &action, nullptr);
    }
}

void OutputFiles::add_input(std::string option, std::string path) {
    inputs_.push_back({std::move(option), std::move(path)});
}

void OutputFiles::add(std::string option, std::string path, std::string content) {
    files_.push_back({std::move(option), std::move(path), std::move(content), {}});
}

void OutputFiles::add_if_named(std::string option, std::string path, std::string content) {
    if (!path.empty()) {
        add(std::move(option), std::move(path), std::move(content));
    }
}

void OutputFiles::add_written(std::string option, std::string path, PieceWriter write) {
    files_.push_back({std::move(option), std::move(path), std::string(), std::move(write)});
}

void OutputFiles::add_directory(std::string option, std::string directory, std::string prefix,
                                std::string suffix, std::vector<std::pair<std::string, std::string>> files) {
    directories_.push_back(
        {std::move(option), std::move(directory), std::move(prefix), std::move(suffix), std::move(files)});
}

void OutputFiles::commit() {
    std::vector<std::pair<std::string, std::string>> outputs;
    for (const File& f : files_) {
        outputs.emplace_back(f.option, f.path);
    }
    for (const Directory& d : directories_) {
        outputs.emplace_back(d.option, d.path);
    }
    refuse_clashes(inputs_, outputs);
    const std::lock_guard<std::mutex> one_commit_at_a_time(commit_mutex);
    PendingGuard guard;
    std::vector<std::string> created_directories;
    try {
        std::vector<Target> targets;
        for (const File& f : files_) {
            targets.push_back(classify(f.option, f.path, f.content, &f.write));
        }
        for (const Directory& d : directories_) {
            if (prepare_directory(d.option, d.path)) {
                created_directories.push_back(d.path);
            }
            for (const auto& [name, content] : d.files) {
                targets.push_back(classify(d.option, (fs::path(d.path) / name).string(), content));
            }
        }
        commit_targets(targets);
    } catch (...) {
        for (const std::string& directory : created_directories) {
            std::error_code ignored;
            fs::remove_all(directory, ignored);
        }
        throw;
    }
    for (const Directory& d : directories_) {
        std::set<std::string> written;
        for (const auto& file : d.files) {
            written.insert(file.first);
        }
        remove_stale(d.path, d.prefix, d.suffix, written);
    }
}

void write_streamed_file(const std::vector<InputFile>& inputs, const std::string& option,
                         const std::string& path, const PieceWriter& write) {
    OutputFiles files(inputs);
    files.add_written(option, path, write);
    files.commit();
}

}  // namespace kinema::output
