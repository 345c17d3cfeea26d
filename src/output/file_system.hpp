// The operating system's part of the output-file rule: the few file calls output_files.cpp makes, each thin,
// one implementation per platform chosen at build time (sources.cmake): file_system_posix.cpp (open, mkstemp,
// rename, link, signals) and file_system_windows.cpp (CreateFileW, MoveFileExW, CreateHardLinkW, the console
// control handler; UTF-8 paths turned into UTF-16 for the wide calls). The rule itself (what is staged, in
// which order, what is rolled back, which message names what) is written once, in output_files.cpp. Internal
// to the output part: no face includes it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace kinema::output::platform {

/// An errno value on POSIX, a GetLastError() value on Windows; 0 for none.
using ErrorCode = int;

/// The text of an error for a message ("No such file or directory"; on Windows, a plain sentence for the
/// errors a user can act on, such as a file locked by another program).
std::string describe(ErrorCode error);

/// A path given as UTF-8 text (every path kinema takes or prints is UTF-8), as the file system's path: the
/// bytes as they are on POSIX, UTF-16 on Windows (where std::filesystem would read a narrow string in the
/// ANSI code page, so a non-ASCII name would name another file).
std::filesystem::path from_utf8(const std::string& text);
/// The reverse, for messages and for comparing names.
std::string to_utf8(const std::filesystem::path& path);

/// A path made absolute and normal, for comparing with another: itself on POSIX, where names are
/// case-sensitive; in capitals on Windows, where "Map.txt" and "MAP.TXT" name one file.
std::filesystem::path comparable(const std::filesystem::path& path);

/// What a path names now, its links followed.
struct PathState {
    enum class Kind { missing, regular, directory, other };  // other: a device, a FIFO, a pipe, a console
    Kind kind = Kind::missing;
    bool read_only = false;  // a regular file nobody may write
    unsigned mode = 0666;    // a regular file's permissions, which its replacement keeps (POSIX)
    ErrorCode error = 0;     // why the path could not be looked at (kind is then missing), 0 when it could
    ErrorCode refusal = 0;   // why a regular file cannot be replaced now (Windows: locked by another program)
};
PathState look_at(const std::filesystem::path& path);
/// The permissions of a new file: 0666 less the umask (POSIX); unused on Windows.
unsigned new_file_mode();

/// The file a path finally names, its symbolic links followed (also a dangling one's, whose target is then
/// created). On failure returns the path itself and sets `error` to the reason.
std::filesystem::path resolve_links(const std::filesystem::path& path, std::string& error);

/// An open file: a descriptor on POSIX, a HANDLE on Windows.
struct OpenFile {
    std::intptr_t handle = -1;
};

/// Creates a new file, exclusively and for writing in binary, whose name is `name_template` with its last six
/// characters ("XXXXXX") replaced so that no existing file has it (as mkstemp does); `name_template` becomes
/// that name. The file may be removed by another thread while it is open (the cleanup on Ctrl-C).
ErrorCode create_unique(std::string& name_template, OpenFile& file);
/// Opens an existing non-regular file (a device, a FIFO) for writing.
ErrorCode open_for_writing(const std::filesystem::path& path, OpenFile& file);
/// Gives the file the permissions `mode` (POSIX; Windows keeps the folder's inherited ones).
ErrorCode set_mode(OpenFile file, unsigned mode);
/// Writes all of `bytes`, exactly (no newline translation).
ErrorCode write_all(OpenFile file, const std::string& bytes);
ErrorCode close(OpenFile file);

/// Puts `from` in place of `to` in one step, replacing what `to` held (rename; MoveFileExW with
/// MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH): a reader sees the old file or the new, never a mix.
ErrorCode replace(const std::string& from, const std::filesystem::path& to);
/// A second name `backup` for the existing file `path` (a hard link), so that a failure later in the commit
/// can put the old content back.
ErrorCode keep_backup(const std::filesystem::path& path, const std::string& backup);
/// Removes a file; an error is ignored (cleanup).
void remove_file(const std::filesystem::path& path) noexcept;

/// The cleanup on the signals or events that end a process (output_files.hpp,
/// remove_pending_files_on_signals): installed once; it calls output::remove_pending_files().
void install_cleanup_handlers();
/// Removes one file or (empty) directory of the table of pending paths, from a signal handler or the console
/// control handler's thread: async-signal-safe on POSIX (unlink, rmdir).
void remove_pending_file(const char* utf8_path) noexcept;
void remove_pending_directory(const char* utf8_path) noexcept;

/// Holds the cleanup back while a staged file is created and entered in the table (a signal, or the console
/// control handler, between the two would leave the file behind): the cleanup signals blocked on POSIX, a
/// lock the control handler takes on Windows.
class HoldCleanup {
  public:
    HoldCleanup();
    ~HoldCleanup();
    HoldCleanup(const HoldCleanup&) = delete;
    HoldCleanup& operator=(const HoldCleanup&) = delete;

  private:
    alignas(8) unsigned char saved_[128];  // the previous signal mask (sigset_t) on POSIX
};

}  // namespace kinema::output::platform
