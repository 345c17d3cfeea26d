// Watching a level file for saves (`kinema audit --watch`): what the file is now (a stamp to compare) and a
// wait that wakes when its directory changes. On Linux the wait is inotify on the directory, so an editor's
// save by writing a new file and renaming it over the old one wakes it as a save in place does; elsewhere
// (the Windows build, other POSIX systems) it sleeps for the timeout and the caller polls the stamp. The
// platform parts live in file_system_posix.cpp and file_system_windows.cpp.
#pragma once

#include <cstdint>
#include <string>

namespace kinema::output {

/// What a path names now: its kind, and for a file its size and modification time.
struct FileStamp {
    enum class Kind { missing, file, directory, other };
    Kind kind = Kind::missing;
    std::uintmax_t size = 0;
    std::int64_t modified = 0;  ///< the file clock's ticks

    friend bool operator==(const FileStamp&, const FileStamp&) = default;
};

/// The stamp of `path` (UTF-8), its links followed; Kind::missing when it cannot be looked at.
[[nodiscard]] FileStamp file_stamp(const std::string& path);

/// A watch on the directory holding `path`.
class DirectoryWatch {
  public:
    explicit DirectoryWatch(const std::string& path);
    ~DirectoryWatch();
    DirectoryWatch(const DirectoryWatch&) = delete;
    DirectoryWatch& operator=(const DirectoryWatch&) = delete;

    /// Returns when something in the directory changed (Linux), or after `timeout_ms` milliseconds at most.
    /// It may return early for a change to another file: compare file_stamp to know.
    void wait(int timeout_ms);

  private:
    int handle_ = -1;  // the inotify descriptor on Linux, -1 where there is none (then wait sleeps)
};

}  // namespace kinema::output
