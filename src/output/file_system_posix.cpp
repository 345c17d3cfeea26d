// The output rule's file calls on POSIX (kinema/output/file_system.hpp): paths are bytes, errors errno
// values, and the cleanup runs from the handler of the signals that end a process.
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <poll.h>
#include <sys/inotify.h>
#endif

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <system_error>

#include "kinema/output/file_system.hpp"
#include "kinema/output/file_watch.hpp"
#include "kinema/output/output_files.hpp"

namespace kinema::output::platform {
namespace {

namespace fs = std::filesystem;

// Every signal whose default action ends the process without the program's say
// (remove_pending_files_on_signals).
constexpr std::array<int, 8> cleanup_signals{SIGINT,  SIGTERM, SIGHUP,  SIGQUIT,
                                             SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM};

extern "C" void remove_pending_and_reraise(int signal_number) {
    remove_pending_files();
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
}

// SIGBUS: a file the run reads through a mapping (kinema/core/file.hpp map_file_capped: `kinema audit
// --reuse`'s report) that another program cut shorter meanwhile, read past its new end. One line, the
// pending files removed, exit 2 as for any file that cannot be read, instead of a crash and a core dump.
extern "C" void remove_pending_and_exit_on_cut_file(int) {
    static constexpr char message[] =
        "kinema: a file being read was cut shorter by another program meanwhile (SIGBUS); nothing was "
        "written\n";
    remove_pending_files();
    (void)!::write(STDERR_FILENO, message, sizeof message - 1);
    ::_exit(2);
}

int descriptor(OpenFile file) {
    return static_cast<int>(file.handle);
}

}  // namespace

std::string describe(ErrorCode error) {
    return std::strerror(error);
}

fs::path from_utf8(const std::string& text) {
    return text;
}

std::string to_utf8(const fs::path& path) {
    return path.string();
}

fs::path comparable(const fs::path& path) {
    return path;
}

PathState look_at(const fs::path& path) {
    PathState state;
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        if (errno != ENOENT) {
            state.error = errno;
        }
        return state;
    }
    if (S_ISDIR(info.st_mode)) {
        state.kind = PathState::Kind::directory;
    } else if (!S_ISREG(info.st_mode)) {
        state.kind = PathState::Kind::other;
    } else {
        state.kind = PathState::Kind::regular;
        state.read_only = (info.st_mode & 0222) == 0;
        state.mode = info.st_mode & 07777;
    }
    return state;
}

unsigned new_file_mode() {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

fs::path resolve_links(const fs::path& path, std::string& error) {
    fs::path current = path;
    for (int depth = 0; depth < 40; ++depth) {
        std::error_code failure;
        if (!fs::is_symlink(fs::symlink_status(current, failure))) {
            return current;
        }
        const fs::path target = fs::read_symlink(current, failure);
        if (failure) {
            error = "cannot read the symbolic link: " + failure.message();
            return path;
        }
        current = target.is_absolute() ? target : current.parent_path() / target;
    }
    error = "too many levels of symbolic links";
    return path;
}

ErrorCode create_unique(std::string& name_template, OpenFile& file) {
    file.handle = ::mkstemp(name_template.data());
    return file.handle < 0 ? errno : 0;
}

ErrorCode open_for_writing(const fs::path& path, OpenFile& file) {
    file.handle = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    return file.handle < 0 ? errno : 0;
}

ErrorCode set_mode(OpenFile file, unsigned mode) {
    return ::fchmod(descriptor(file), static_cast<mode_t>(mode)) == 0 ? 0 : errno;
}

ErrorCode write_all(OpenFile file, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(descriptor(file), bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return n < 0 ? errno : EIO;
        }
        done += static_cast<std::size_t>(n);
    }
    return 0;
}

ErrorCode close(OpenFile file) {
    return ::close(descriptor(file)) == 0 ? 0 : errno;
}

ErrorCode replace(const std::string& from, const fs::path& to) {
    return ::rename(from.c_str(), to.c_str()) == 0 ? 0 : errno;
}

ErrorCode keep_backup(const fs::path& path, const std::string& backup) {
    return ::link(path.c_str(), backup.c_str()) == 0 ? 0 : errno;
}

void remove_file(const fs::path& path) noexcept {
    ::unlink(path.c_str());
}

void remove_pending_file(const char* utf8_path) noexcept {
    ::unlink(utf8_path);
}

void remove_pending_directory(const char* utf8_path) noexcept {
    ::rmdir(utf8_path);
}

void install_cleanup_handlers() {
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
    struct sigaction cut_file {};
    cut_file.sa_handler = remove_pending_and_exit_on_cut_file;
    sigemptyset(&cut_file.sa_mask);
    ::sigaction(SIGBUS, &cut_file, nullptr);
}

static_assert(sizeof(sigset_t) <= 128, "HoldCleanup keeps the previous signal mask in its 128 bytes");

HoldCleanup::HoldCleanup() : saved_{} {
    sigset_t held;
    sigemptyset(&held);
    for (const int signal_number : cleanup_signals) {
        sigaddset(&held, signal_number);
    }
    ::pthread_sigmask(SIG_BLOCK, &held, reinterpret_cast<sigset_t*>(saved_));
}

HoldCleanup::~HoldCleanup() {
    ::pthread_sigmask(SIG_SETMASK, reinterpret_cast<sigset_t*>(saved_), nullptr);
}

}  // namespace kinema::output::platform

namespace kinema::output {

std::vector<std::string> utf8_arguments(int argc, char** argv) {
    return {argv, argv + argc};
}

bool stderr_is_terminal() {
    return ::isatty(STDERR_FILENO) == 1;
}

}  // namespace kinema::output

namespace kinema::output {

// inotify on the directory (not the file: an editor that saves by renaming a new file over the old one
// replaces the file's inode, and a watch on it would see only its deletion). Every event that can mean a
// save or a removal of a name in it.
DirectoryWatch::DirectoryWatch(const std::string& path) {
#ifdef __linux__
    handle_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (handle_ < 0) {
        return;
    }
    std::filesystem::path dir = platform::from_utf8(path).parent_path();
    if (dir.empty()) {
        dir = ".";
    }
    constexpr std::uint32_t events = IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE |
                                     IN_DELETE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF;
    if (inotify_add_watch(handle_, dir.c_str(), events) < 0) {
        ::close(handle_);
        handle_ = -1;  // the directory may be gone: wait() then sleeps and the caller polls
    }
#else
    (void)path;
#endif
}

DirectoryWatch::~DirectoryWatch() {
    if (handle_ >= 0) {
        ::close(handle_);
    }
}

void DirectoryWatch::wait(int timeout_ms) {
#ifdef __linux__
    if (handle_ >= 0) {
        pollfd p{handle_, POLLIN, 0};
        if (::poll(&p, 1, timeout_ms) > 0) {
            alignas(inotify_event) char events[4096];
            while (::read(handle_, events, sizeof events) > 0) {
            }
        }
        return;
    }
#endif
    ::usleep(static_cast<useconds_t>(timeout_ms) * 1000);
}

}  // namespace kinema::output
