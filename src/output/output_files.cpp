#include "kinema/output/output_files.hpp"

#include <array>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <set>
#include <system_error>

#include "kinema/output/file_system.hpp"

namespace kinema::output {
namespace {

namespace fs = std::filesystem;
using platform::describe;
using platform::ErrorCode;
using platform::from_utf8;
using platform::to_utf8;

// The temporary files of the commit in progress, for the cleanup on signals (or, on Windows, Ctrl-C and
// closing the console). A signal handler reaches only globals and may only call async-signal-safe functions
// such as unlink(), so the paths live in a fixed table of C strings (UTF-8) rather than in the OutputFiles
// object.
// At most max_staged_files outputs a commit; each may also have a backup entry (an existing file replaced).
constexpr std::size_t max_staged_files = 1024;
constexpr std::size_t max_pending_files = 2 * max_staged_files;
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

/// One file to write: where it finally goes and how.
struct Target {
    std::string option;
    std::string shown;  // the path as the user gave it, for messages
    fs::path path;      // symlinks resolved
    const std::string* content = nullptr;
    const PieceWriter* write = nullptr;  // the text in pieces instead of `content` when set
    bool direct = false;                 // a device or FIFO: written in place
    bool existed = false;                // a regular file was there before
    unsigned mode = 0666;                // permissions of the new file (an existing file's are kept)
    std::string temp;                    // the staged new content
    std::string backup;                  // a hard link to the old content, for rolling back
};

Target classify(const std::string& option, const std::string& shown, const std::string& content,
                const PieceWriter* write = nullptr) {
    if (shown.empty()) {
        fail(option, "''", "empty path");
    }
    using Kind = platform::PathState::Kind;
    Target t;
    t.option = option;
    t.shown = shown;
    t.content = &content;
    t.write = write != nullptr && *write ? write : nullptr;
    // A device, FIFO or pipe is written in place through the path as given: resolving its links by hand
    // would turn /dev/stdout on a pipe into /proc/self/fd/pipe:[N], a name no file has, which the kernel
    // follows but the text cannot.
    const fs::path given = from_utf8(shown);
    if (platform::look_at(given).kind == Kind::other) {
        t.path = given;
        t.direct = true;
        return t;
    }
    std::string link_error;
    t.path = platform::resolve_links(given, link_error);
    if (!link_error.empty()) {
        fail(option, shown, link_error);
    }
    const platform::PathState state = platform::look_at(t.path);
    if (state.error != 0) {
        fail(option, shown, describe(state.error));
    }
    if (state.kind == Kind::missing) {
        t.mode = platform::new_file_mode();
        return t;
    }
    if (state.kind == Kind::directory) {
        fail(option, shown, "is a directory");
    }
    if (state.kind == Kind::other) {
        t.direct = true;
        return t;
    }
    if (state.read_only) {
        fail(option, shown, "is read-only");
    }
    if (state.refusal != 0) {
        fail(option, shown, describe(state.refusal));
    }
    t.existed = true;
    t.mode = state.mode;
    return t;
}

/// The target's text: its content, or its writer's pieces each written as it comes (after a failed write the
/// rest is made and dropped: the writer has no way to stop early). Returns the first write's error.
ErrorCode write_content(platform::OpenFile file, const Target& t) {
    if (t.write == nullptr) {
        return platform::write_all(file, *t.content);
    }
    ErrorCode failure = 0;
    (*t.write)([&](std::string& piece) {
        if (failure == 0) {
            failure = platform::write_all(file, piece);
        }
        piece.clear();
    });
    return failure;
}

/// Writes the content into a uniquely named file beside the target.
void stage(Target& t) {
    const fs::path directory = t.path.parent_path().empty() ? fs::path(".") : t.path.parent_path();
    std::string hidden = ".";
    hidden.append(to_utf8(t.path.filename())).append(".kinema-XXXXXX");
    std::string name = to_utf8(directory / from_utf8(hidden));
    if (pending_count >= static_cast<std::sig_atomic_t>(max_staged_files) ||
        name.size() >= max_pending_path) {
        fail(t.option, t.shown, "too many output files or too long a path");
    }
    platform::OpenFile file;
    ErrorCode create_error = 0;
    {
        const platform::HoldCleanup hold;
        create_error = platform::create_unique(name, file);
        if (create_error == 0) {
            remember_pending(name);
        }
    }
    if (create_error != 0) {
        fail(t.option, t.shown, "cannot create a file in its directory: " + describe(create_error));
    }
    t.temp = name;
    ErrorCode write_error = 0;
    try {
        write_error = platform::set_mode(file, t.mode);
        if (write_error == 0) {
            write_error = write_content(file, t);
        }
    } catch (...) {
        platform::close(
            file);  // a writer that throws (out of memory) leaves the staged file to commit_targets
        throw;
    }
    const ErrorCode close_error = platform::close(file);
    if (write_error != 0 || close_error != 0) {
        fail(t.option, t.shown, "cannot write: " + describe(write_error != 0 ? write_error : close_error));
    }
}

void write_direct(const Target& t) {
    platform::OpenFile file;
    const ErrorCode open_error = platform::open_for_writing(t.path, file);
    if (open_error != 0) {
        fail(t.option, t.shown, "cannot open for writing: " + describe(open_error));
    }
    ErrorCode write_error = 0;
    try {
        write_error = write_content(file, t);
    } catch (...) {
        platform::close(file);
        throw;
    }
    platform::close(file);
    if (write_error != 0) {
        fail(t.option, t.shown, "cannot write: " + describe(write_error));
    }
}

/// Puts back what the targets held before: old content from the backup links, new files removed.
void roll_back(std::vector<Target>& targets, std::size_t replaced) {
    for (std::size_t i = 0; i < replaced; ++i) {
        if (targets[i].direct) {
            continue;
        }
        if (targets[i].existed) {
            platform::replace(targets[i].backup, targets[i].path);
        } else {
            platform::remove_file(targets[i].path);
        }
    }
}

void remove_staged(const std::vector<Target>& targets) {
    for (const Target& t : targets) {
        if (!t.temp.empty()) {
            platform::remove_file(from_utf8(t.temp));
        }
        if (!t.backup.empty()) {
            platform::remove_file(from_utf8(t.backup));
        }
    }
}

/// Keeps a hard link to an existing target's content, so that a later failure can restore it.
void link_backup(Target& t) {
    // An entry of its own in the table beside the staged file's (520 replaced frames take 1,040), and a name
    // four bytes longer.
    if (pending_count >= static_cast<std::sig_atomic_t>(max_pending_files) ||
        t.temp.size() + 4 >= max_pending_path) {
        fail(t.option, t.shown, "too many output files or too long a path");
    }
    t.backup = t.temp + ".old";
    remember_pending(t.backup);
    const ErrorCode error = platform::keep_backup(t.path, t.backup);
    if (error != 0) {
        t.backup.clear();
        fail(t.option, t.shown, "cannot keep the old file while replacing it: " + describe(error));
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
            if (t.direct) {
                continue;
            }
            const ErrorCode error = platform::replace(t.temp, t.path);
            if (error != 0) {
                fail(t.option, t.shown, "cannot replace: " + describe(error));
            }
            t.temp.clear();
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
    if (fs::is_directory(from_utf8(directory), error)) {
        return false;
    }
    check_output_directory(option, directory);
    if (!fs::create_directory(from_utf8(directory), error)) {
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
        const std::string name = to_utf8(entry.path().filename());
        const bool matches = name.size() >= prefix.size() + suffix.size() && name.starts_with(prefix) &&
                             name.ends_with(suffix);
        if (matches && !written.contains(name) && entry.is_regular_file(error)) {
            fs::remove(entry.path(), error);
        }
    }
}

/// The file a path names, for comparing paths: empty for a path to compare with nothing (an existing
/// non-regular file such as /dev/null, which two outputs may share).
fs::path identity(const std::string& text) {
    const fs::path path = from_utf8(text);
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (!error && fs::exists(status) && !fs::is_regular_file(status)) {
        return {};
    }
    if (platform::look_at(path).kind == platform::PathState::Kind::other) {
        return {};  // Windows' NUL, which std::filesystem does not see as a device
    }
    const fs::path resolved = fs::weakly_canonical(fs::absolute(path, error), error);
    return platform::comparable(error ? path.lexically_normal() : resolved);
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
    const fs::path path = from_utf8(directory);
    if (!directory.empty() && fs::exists(path, error) && !fs::is_directory(path, error)) {
        fail(option, directory, "exists and is not a directory");
    }
}

void remove_pending_files() noexcept {
    for (std::sig_atomic_t i = 0; i < pending_count; ++i) {
        platform::remove_pending_file(pending_paths[static_cast<std::size_t>(i)].data());
    }
    for (std::sig_atomic_t i = 0; i < pending_directory_count; ++i) {
        platform::remove_pending_directory(pending_directories[static_cast<std::size_t>(i)].data());
    }
}

void remove_pending_files_on_signals() {
    platform::install_cleanup_handlers();
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
                targets.push_back(classify(d.option, to_utf8(from_utf8(d.path) / from_utf8(name)), content));
            }
        }
        commit_targets(targets);
    } catch (...) {
        for (const std::string& directory : created_directories) {
            std::error_code ignored;
            fs::remove_all(from_utf8(directory), ignored);
        }
        throw;
    }
    for (const Directory& d : directories_) {
        std::set<std::string> written;
        for (const auto& file : d.files) {
            written.insert(file.first);
        }
        remove_stale(from_utf8(d.path), d.prefix, d.suffix, written);
    }
}

void write_streamed_file(const std::vector<InputFile>& inputs, const std::string& option,
                         const std::string& path, const PieceWriter& write) {
    OutputFiles files(inputs);
    files.add_written(option, path, write);
    files.commit();
}

}  // namespace kinema::output
