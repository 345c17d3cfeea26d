// Reading a user's file whole, within a byte cap: the one reader behind the level loaders, the CSV files, the
// GMST files and the navmesh files (docs/errors.md, "Limits"), so every loader gives the same messages.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace kinema {

/// A file that could not be read whole. what() is "FILE: why"; loaders that number lines put why() after
/// "FILE:0: " instead.
class FileError : public std::runtime_error {
  public:
    FileError(std::string path, std::string why);
    [[nodiscard]] const std::string& path() const noexcept { return path_; }
    [[nodiscard]] const std::string& why() const noexcept { return why_; }

  private:
    std::string path_;
    std::string why_;
};

/// A path given as UTF-8 text, the encoding of every path kinema takes and prints, as the file system's path.
/// Built from char8_t because std::filesystem reads a plain narrow string in the ANSI code page on Windows,
/// where a non-ASCII name ("Été.tmx") would then name another file; on POSIX these are the same bytes.
[[nodiscard]] std::filesystem::path utf8_path(const std::string& text);
/// The reverse: a path's name as UTF-8 text, for messages, titles and paths built from others.
[[nodiscard]] std::string utf8_text(const std::filesystem::path& path);

/// The whole file at `path`, at most `max_bytes` bytes. Throws FileError with why() "is a directory, not a
/// file", "is a FIFO, not a file (...)" (or a socket), "cannot open file: <reason>", "larger than the limit
/// of N bytes (M bytes)" or "cannot read file". A regular file's size is checked before a byte is read, and
/// its bytes are read into one allocation of that size; devices are read in chunks and given up one chunk
/// past the cap, so /dev/zero, /dev/urandom or a huge sparse file cost at most max_bytes of memory and time.
/// FIFOs and sockets are refused before they are opened: opening or reading one without a writer blocks
/// forever.
[[nodiscard]] std::string read_file_capped(const std::string& path, std::uintmax_t max_bytes);
/// The same; a file longer than its first chunk (64 KiB) is first shown to `check_start` as that chunk,
/// before the rest is read: a loader that can tell from its first lines that the file is bad throws there, so
/// a junk file of a gigabyte fails on line 1 without being read whole. `check_start` must throw only what the
/// whole file's parse would (the chunk's last line may be cut).
[[nodiscard]] std::string read_file_capped(const std::string& path, std::uintmax_t max_bytes,
                                           const std::function<void(std::string_view)>& check_start);

/// A file's bytes, read-only, for as long as the object lives. On POSIX systems a regular file is mapped
/// from the system's file cache: no copy is made and no fresh memory is cleared for it, which for a 70 MB
/// report was most of reading it (75-85 ms of system time on our 2-core build machine, against a few ms to
/// map it). Elsewhere, and for devices and empty files, the bytes are read into memory (read_file_capped).
/// A mapped file must not be cut shorter while it is mapped: reading past its new end stops the program
/// (SIGBUS). kinema replaces the files it writes by a rename, so a report it reads stays whole even when
/// the same run writes a report of that name.
class FileBytes {
  public:
    virtual ~FileBytes() = default;
    [[nodiscard]] virtual std::string_view text() const noexcept = 0;
};

/// The file at `path` as FileBytes, with read_file_capped's checks and messages.
[[nodiscard]] std::shared_ptr<const FileBytes> map_file_capped(const std::string& path,
                                                               std::uintmax_t max_bytes);

}  // namespace kinema
