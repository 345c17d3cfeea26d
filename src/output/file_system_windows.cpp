// The output rule's file calls on Windows (kinema/output/file_system.hpp). Paths arrive as UTF-8 and go to
// the wide ("W") calls as UTF-16, so any name NTFS allows works (the "A" calls would read them in the ANSI
// code page); a path of MAX_PATH characters or more gets the "\\?\" prefix. Files are written with WriteFile,
// which has no text mode: the bytes land exactly, "\n" stays "\n". Errors are GetLastError() values,
// described in plain words for those a user can act on (a file another program locks, access denied on a
// read-only folder or share). The cleanup runs from the console control handler (Ctrl-C, Ctrl-Break, closing
// the console, logoff, shutdown) and at exit(): Windows has no SIGTERM, and a process ended by
// TerminateProcess runs nothing.
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
// After windows.h, which they need.
#include <io.h>
#include <shellapi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "kinema/output/file_system.hpp"
#include "kinema/output/file_watch.hpp"
#include "kinema/output/output_files.hpp"

namespace kinema::output::platform {
namespace {

namespace fs = std::filesystem;

HANDLE as_handle(OpenFile file) {
    return reinterpret_cast<HANDLE>(file.handle);
}

std::wstring widen(const std::string& text) {
    if (text.empty()) {
        return {};
    }
    const int size =
        ::MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), nullptr, 0);
    std::wstring wide(static_cast<std::size_t>(std::max(size, 0)), L'\0');
    ::MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), wide.data(), size);
    return wide;
}

std::string narrow(const std::wstring& wide) {
    if (wide.empty()) {
        return {};
    }
    const int size = ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), static_cast<int>(wide.size()), nullptr, 0,
                                           nullptr, nullptr);
    std::string text(static_cast<std::size_t>(std::max(size, 0)), '\0');
    ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), static_cast<int>(wide.size()), text.data(), size, nullptr,
                          nullptr);
    return text;
}

/// The name the wide calls take: as it is below MAX_PATH (260) characters, else absolute with the "\\?\"
/// prefix that lifts the limit (which also turns off the calls' own clean-up of '/', '.' and '..').
std::wstring system_name(const fs::path& path) {
    const std::wstring& name = path.native();
    if (name.size() < MAX_PATH || name.starts_with(LR"(\\?\)")) {
        return name;
    }
    std::error_code ignored;
    const std::wstring full = fs::absolute(path, ignored).lexically_normal().make_preferred().native();
    if (full.starts_with(LR"(\\)")) {
        return LR"(\\?\UNC\)" + full.substr(2);  // \\server\share\... (a network share)
    }
    return LR"(\\?\)" + full;
}

/// Opens what `path` names without reading or writing it (links followed, folders too), or returns
/// INVALID_HANDLE_VALUE.
HANDLE open_to_query(const std::wstring& name) {
    return ::CreateFileW(name.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                         OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
}

bool is_missing(DWORD error) {
    return error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND;
}

/// The system's own text for an error, in English where Windows has it, as one line.
std::string system_text(DWORD error) {
    wchar_t* buffer = nullptr;
    const DWORD flags =
        FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS;
    DWORD length = ::FormatMessageW(flags, nullptr, error, MAKELANGID(LANG_ENGLISH, SUBLANG_ENGLISH_US),
                                    reinterpret_cast<wchar_t*>(&buffer), 0, nullptr);
    if (length == 0) {
        length = ::FormatMessageW(flags, nullptr, error, 0, reinterpret_cast<wchar_t*>(&buffer), 0, nullptr);
    }
    std::string text = length == 0 ? std::string("unknown error") : narrow(std::wstring(buffer, length));
    ::LocalFree(buffer);
    while (!text.empty() &&
           (text.back() == '\n' || text.back() == '\r' || text.back() == ' ' || text.back() == '.')) {
        text.pop_back();
    }
    return text + " (Windows error " + std::to_string(error) + ")";
}

// The cleanup's lock: HoldCleanup takes it while a staged file is created and entered in the table; the
// console control handler takes it and never gives it back, so no file is staged after the cleanup ran.
SRWLOCK cleanup_lock = SRWLOCK_INIT;

BOOL WINAPI remove_pending_on_console_event(DWORD event) {
    switch (event) {
        case CTRL_C_EVENT:
        case CTRL_BREAK_EVENT:
        case CTRL_CLOSE_EVENT:
        case CTRL_LOGOFF_EVENT:
        case CTRL_SHUTDOWN_EVENT:
            // This runs on a thread of its own while the commit goes on: a staged file still open is removed
            // all the same (created with FILE_SHARE_DELETE), and gone when the process ends.
            ::AcquireSRWLockExclusive(&cleanup_lock);
            remove_pending_files();
            break;
        default:
            break;
    }
    return FALSE;  // the next handler decides, by default ExitProcess (STATUS_CONTROL_C_EXIT for Ctrl-C)
}

void remove_pending_at_exit() {
    remove_pending_files();
}

}  // namespace

std::string describe(ErrorCode error) {
    switch (static_cast<DWORD>(error)) {
        case ERROR_SHARING_VIOLATION:
        case ERROR_LOCK_VIOLATION:
        case ERROR_USER_MAPPED_FILE:
            return "the file is in use: another program holds it open and locks it (close it there, then run "
                   "again)";
        case ERROR_ACCESS_DENIED:
            return "access is denied (a read-only folder or share, a file another program holds, or no "
                   "permission to write here)";
        case ERROR_FILE_NOT_FOUND:
        case ERROR_PATH_NOT_FOUND:
            return "No such file or directory";
        case ERROR_INVALID_NAME:
        case ERROR_BAD_PATHNAME:
        case ERROR_DIRECTORY:
            return "is not a valid Windows file name (a name holds none of < > : \" | ? * and does not end "
                   "in "
                   "a dot or a space)";
        case ERROR_FILENAME_EXCED_RANGE:
            return "the path is too long";
        case ERROR_WRITE_PROTECT:
            return "the disk is write-protected";
        case ERROR_DISK_FULL:
        case ERROR_HANDLE_DISK_FULL:
            return "the disk is full";
        case ERROR_NOT_READY:
            return "the drive is not ready";
        case ERROR_BAD_NETPATH:
        case ERROR_BAD_NET_NAME:
            return "the network path was not found";
        default:
            return system_text(static_cast<DWORD>(error));
    }
}

fs::path from_utf8(const std::string& text) {
    return fs::path(widen(text));
}

std::string to_utf8(const fs::path& path) {
    return narrow(path.native());
}

fs::path comparable(const fs::path& path) {
    // The invariant locale's capitals, as NTFS compares names (its upcase table) for every script.
    const std::wstring& name = path.native();
    if (name.empty()) {
        return path;
    }
    std::wstring upper(name.size(), L'\0');
    const int length =
        ::LCMapStringEx(LOCALE_NAME_INVARIANT, LCMAP_UPPERCASE, name.data(), static_cast<int>(name.size()),
                        upper.data(), static_cast<int>(upper.size()), nullptr, nullptr, 0);
    return length == static_cast<int>(name.size()) ? fs::path(upper) : path;
}

PathState look_at(const fs::path& path) {
    PathState state;
    const std::wstring name = system_name(path);
    const HANDLE handle = open_to_query(name);
    if (handle == INVALID_HANDLE_VALUE) {
        const DWORD error = ::GetLastError();
        state.error = is_missing(error) ? 0 : static_cast<ErrorCode>(error);
        return state;
    }
    // NUL, CON and named pipes are no disk files: written in place, as /dev/null and FIFOs are on POSIX.
    BY_HANDLE_FILE_INFORMATION info{};
    const bool on_disk =
        ::GetFileType(handle) == FILE_TYPE_DISK && ::GetFileInformationByHandle(handle, &info);
    ::CloseHandle(handle);
    if (!on_disk) {
        state.kind = PathState::Kind::other;
    } else if ((info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
        state.kind = PathState::Kind::directory;
    } else {
        state.kind = PathState::Kind::regular;
        state.read_only = (info.dwFileAttributes & FILE_ATTRIBUTE_READONLY) != 0;
    }
    if (state.kind == PathState::Kind::regular && !state.read_only) {
        // Replacing a file needs it free of every other program's open without FILE_SHARE_WRITE and
        // FILE_SHARE_DELETE (an editor, a viewer, Excel): asked now, before anything is written, so that such
        // a file is named up front rather than after the other outputs were staged.
        const HANDLE probe = ::CreateFileW(name.c_str(), GENERIC_WRITE | DELETE,
                                           FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                           OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
        if (probe == INVALID_HANDLE_VALUE) {
            state.refusal = static_cast<ErrorCode>(::GetLastError());
        } else {
            ::CloseHandle(probe);
        }
    }
    return state;
}

unsigned new_file_mode() {
    return 0666;
}

fs::path resolve_links(const fs::path& path, std::string& error) {
    // A symbolic link (or a junction) is a reparse point: written through to the file it finally names, as on
    // POSIX, by asking Windows for that file's name. Links in the folders above are followed by Windows
    // itself.
    const std::wstring name = system_name(path);
    const DWORD attributes = ::GetFileAttributesW(name.c_str());
    if (attributes == INVALID_FILE_ATTRIBUTES || (attributes & FILE_ATTRIBUTE_REPARSE_POINT) == 0) {
        return path;
    }
    const HANDLE handle = open_to_query(name);
    if (handle == INVALID_HANDLE_VALUE) {
        const DWORD failure = ::GetLastError();
        error = is_missing(failure)
                    ? "is a symbolic link to a file that does not exist (on Windows kinema writes "
                      "through a link only to an existing file)"
                    : "cannot follow the symbolic link: " + describe(static_cast<int>(failure));
        return path;
    }
    std::wstring final_name(32768, L'\0');
    const DWORD length = ::GetFinalPathNameByHandleW(
        handle, final_name.data(), static_cast<DWORD>(final_name.size()), FILE_NAME_NORMALIZED);
    ::CloseHandle(handle);
    if (length == 0 || length >= final_name.size()) {
        error = "cannot follow the symbolic link: " + describe(static_cast<int>(::GetLastError()));
        return path;
    }
    final_name.resize(length);
    return fs::path(final_name);  // "\\?\C:\..." or "\\?\UNC\server\share\..."
}

ErrorCode create_unique(std::string& name_template, OpenFile& file) {
    // Six letters and digits from a generator seeded by the process, the clock and the counter; CREATE_NEW
    // makes the file only where no file is, and another name is tried when one was there.
    static unsigned long long state =
        (static_cast<unsigned long long>(::GetCurrentProcessId()) << 32U) ^ ::GetTickCount64();
    constexpr char letters[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    DWORD error = ERROR_FILE_EXISTS;
    for (int attempt = 0; attempt < 100 && (error == ERROR_FILE_EXISTS || error == ERROR_ALREADY_EXISTS);
         ++attempt) {
        LARGE_INTEGER now{};
        ::QueryPerformanceCounter(&now);
        state = state * 6364136223846793005ULL + 1442695040888963407ULL +
                static_cast<unsigned long long>(now.QuadPart);
        unsigned long long bits = state;
        for (std::size_t i = name_template.size() - 6; i < name_template.size(); ++i) {
            name_template[i] = letters[bits % 36];
            bits /= 36;
        }
        // No other program may open it (share mode FILE_SHARE_DELETE only); the console control handler may
        // delete it while it is open.
        const HANDLE handle =
            ::CreateFileW(system_name(from_utf8(name_template)).c_str(), GENERIC_WRITE, FILE_SHARE_DELETE,
                          nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
        if (handle != INVALID_HANDLE_VALUE) {
            file.handle = reinterpret_cast<std::intptr_t>(handle);
            return 0;
        }
        error = ::GetLastError();
    }
    return static_cast<ErrorCode>(error);
}

ErrorCode open_for_writing(const fs::path& path, OpenFile& file) {
    const HANDLE handle =
        ::CreateFileW(system_name(path).c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr,
                      OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (handle == INVALID_HANDLE_VALUE) {
        return static_cast<ErrorCode>(::GetLastError());
    }
    file.handle = reinterpret_cast<std::intptr_t>(handle);
    return 0;
}

ErrorCode set_mode(OpenFile /*file*/, unsigned /*mode*/) {
    // A new file takes the permissions its folder passes on, as every file a Windows program writes does.
    return 0;
}

ErrorCode write_all(OpenFile file, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(bytes.size() - done, 1U << 30U));
        DWORD written = 0;
        if (!::WriteFile(as_handle(file), bytes.data() + done, chunk, &written, nullptr)) {
            return static_cast<ErrorCode>(::GetLastError());
        }
        if (written == 0) {
            return ERROR_WRITE_FAULT;
        }
        done += written;
    }
    return 0;
}

ErrorCode close(OpenFile file) {
    return ::CloseHandle(as_handle(file)) ? 0 : static_cast<ErrorCode>(::GetLastError());
}

ErrorCode replace(const std::string& from, const fs::path& to) {
    // MoveFileExW with MOVEFILE_REPLACE_EXISTING is one rename in the file system (NTFS, ReFS, SMB), so a
    // reader sees the old file or the new; MOVEFILE_WRITE_THROUGH returns once it is on the disk.
    const bool moved = ::MoveFileExW(system_name(from_utf8(from)).c_str(), system_name(to).c_str(),
                                     MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH);
    return moved ? 0 : static_cast<ErrorCode>(::GetLastError());
}

ErrorCode keep_backup(const fs::path& path, const std::string& backup) {
    // Asked again right before the backup: another program may have opened the file since look_at (staging an
    // audit's report takes seconds), and a second name for a file it holds without FILE_SHARE_DELETE could
    // not be removed again until it lets go. The window left is the few calls from here to the replace.
    const std::wstring name = system_name(path);
    const HANDLE probe = ::CreateFileW(name.c_str(), GENERIC_WRITE | DELETE,
                                       FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                       OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (probe == INVALID_HANDLE_VALUE) {
        return static_cast<ErrorCode>(::GetLastError());
    }
    ::CloseHandle(probe);
    const std::wstring backup_name = system_name(from_utf8(backup));
    if (::CreateHardLinkW(backup_name.c_str(), name.c_str(), nullptr)) {
        return 0;
    }
    const DWORD error = ::GetLastError();
    if (error != ERROR_NOT_SUPPORTED && error != ERROR_INVALID_FUNCTION) {
        return static_cast<ErrorCode>(error);
    }
    // FAT32, exFAT and some network shares have no hard links: a copy keeps the old content as well.
    return ::CopyFileW(name.c_str(), backup_name.c_str(), TRUE) ? 0
                                                                : static_cast<ErrorCode>(::GetLastError());
}

void remove_file(const fs::path& path) noexcept {
    ::DeleteFileW(system_name(path).c_str());
}

void remove_pending_file(const char* utf8_path) noexcept {
    try {
        ::DeleteFileW(system_name(from_utf8(utf8_path)).c_str());
    } catch (...) {  // out of memory while cleaning up: the file stays
    }
}

void remove_pending_directory(const char* utf8_path) noexcept {
    try {
        ::RemoveDirectoryW(system_name(from_utf8(utf8_path)).c_str());
    } catch (...) {
    }
}

void install_cleanup_handlers() {
    // A process started with Ctrl-C ignored (CREATE_NEW_PROCESS_GROUP, `start /b`) gets no CTRL_C_EVENT, so
    // it stays ignored, as an ignored SIGINT does on POSIX. Once per process: atexit()'s table is small.
    static const bool installed = [] {
        ::SetConsoleCtrlHandler(remove_pending_on_console_event, TRUE);
        std::atexit(remove_pending_at_exit);
        return true;
    }();
    static_cast<void>(installed);
}

HoldCleanup::HoldCleanup() : saved_{} {
    ::AcquireSRWLockExclusive(&cleanup_lock);
}

HoldCleanup::~HoldCleanup() {
    ::ReleaseSRWLockExclusive(&cleanup_lock);
}

}  // namespace kinema::output::platform

namespace kinema::output {

std::vector<std::string> utf8_arguments(int argc, char** argv) {
    int count = 0;
    wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
    if (wide == nullptr) {
        return {argv, argv + argc};
    }
    std::vector<std::string> arguments;
    for (int i = 0; i < count; ++i) {
        arguments.push_back(platform::narrow(wide[i]));
    }
    ::LocalFree(wide);
    return arguments;
}

// _isatty answers for a console, and also for NUL (any character device), where a bar then goes nowhere.
bool stderr_is_terminal() {
    return ::_isatty(::_fileno(stderr)) != 0;
}

}  // namespace kinema::output

namespace kinema::output {

// No directory notification here: wait() sleeps and `kinema audit --watch` polls the file's stamp.
DirectoryWatch::DirectoryWatch(const std::string& path) {
    (void)path;
}

DirectoryWatch::~DirectoryWatch() = default;

void DirectoryWatch::wait(int timeout_ms) {
    ::Sleep(static_cast<DWORD>(timeout_ms));
}

}  // namespace kinema::output
