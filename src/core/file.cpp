#include "kinema/core/file.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

#include "kinema/core/memory.hpp"

#if !defined(_WIN32) && !defined(__EMSCRIPTEN__)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define KINEMA_MAP_FILES 1
#endif

namespace kinema {

FileError::FileError(std::string path, std::string why)
    : std::runtime_error(path + ": " + why), path_(std::move(path)), why_(std::move(why)) {}

std::filesystem::path utf8_path(const std::string& text) {
    return std::filesystem::path(std::u8string(text.begin(), text.end()));
}

std::string utf8_text(const std::filesystem::path& path) {
    const std::u8string text = path.u8string();
    return {text.begin(), text.end()};
}

#if !defined(__EMSCRIPTEN__)
namespace {

// A file whose size, known before a byte is read, is over the cap (read_file_capped's and try_map's message).
[[noreturn]] void refuse_larger_than_cap(const std::string& path, std::uintmax_t max_bytes,
                                         std::uintmax_t size) {
    throw FileError(path, "larger than the limit of " + std::to_string(max_bytes) + " bytes (" +
                              std::to_string(size) + " bytes)");
}

}  // namespace
#endif

std::string read_file_capped(const std::string& path, std::uintmax_t max_bytes) {
    return read_file_capped(path, max_bytes, {});
}

std::string read_file_capped(const std::string& path, std::uintmax_t max_bytes,
                             const std::function<void(std::string_view)>& check_start) {
#if defined(__EMSCRIPTEN__)
    // The WebAssembly build (the web page, the npm package; web/CMakeLists.txt) has no file system
    // (-sFILESYSTEM=0): it is given a level's bytes, and a file the level names beside it (a Tiled map's
    // external tileset) does not exist there. emscripten's stubs would "open" any path and read nothing, so
    // the loader would report an empty file instead of the real reason.
    (void)max_bytes;
    (void)check_start;
    throw FileError(path,
                    "cannot be read in the browser: kinema's WebAssembly build reads only the file it is "
                    "given, not files beside it");
#else
    const std::filesystem::path file = utf8_path(path);
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(file, error);
    if (std::filesystem::is_directory(status)) {
        throw FileError(path, "is a directory, not a file");
    }
    // Opening a FIFO blocks until a writer comes, and reading one blocks until it writes or leaves: with no
    // writer the run would hang forever. Character devices (/dev/zero, a terminal) are read within the cap.
    if (std::filesystem::is_fifo(status) || std::filesystem::is_socket(status)) {
        throw FileError(path, std::string("is a ") + (std::filesystem::is_fifo(status) ? "FIFO" : "socket") +
                                  ", not a file (a pipe without a writer would block forever)");
    }
    std::string text;
    if (std::filesystem::is_regular_file(status)) {
        const std::uintmax_t size = std::filesystem::file_size(file, error);
        if (!error && size > max_bytes) {
            refuse_larger_than_cap(path, max_bytes, size);
        }
        if (!error && size < text.max_size()) {
            text.reserve(static_cast<std::size_t>(size) + 1);  // one allocation, not a doubling growth
            map_pages_for_writing(text.data(), text.capacity());
        }
    } else if (max_bytes < text.max_size()) {
        // A device's length is unknown: room for the cap up front (its pages are touched only as they are
        // written), so that the text never moves to a doubled buffer -- /dev/zero under a 1 GiB cap peaked
        // at 2.1 GB.
        text.reserve(static_cast<std::size_t>(max_bytes) + 1);
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        throw FileError(path, std::string("cannot open file: ") + std::strerror(errno));
    }
    std::array<char, 1 << 16> chunk{};
    bool checked = !check_start;
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (text.size() + got > max_bytes) {
            throw FileError(path, "larger than the limit of " + std::to_string(max_bytes) + " bytes");
        }
        text.append(chunk.data(), got);
        if (!checked && in) {  // more to come
            checked = true;
            check_start(text);
        }
    }
    if (in.bad()) {
        throw FileError(path, "cannot read file");
    }
    return text;
#endif
}

namespace {

class ReadBytes final : public FileBytes {
  public:
    explicit ReadBytes(std::string text) : text_(std::move(text)) {}
    std::string_view text() const noexcept override { return text_; }

  private:
    std::string text_;
};

#if defined(KINEMA_MAP_FILES)
class MappedBytes final : public FileBytes {
  public:
    MappedBytes(void* data, std::size_t size) : data_(data), size_(size) {}
    MappedBytes(const MappedBytes&) = delete;
    MappedBytes& operator=(const MappedBytes&) = delete;
    ~MappedBytes() override { ::munmap(data_, size_); }
    std::string_view text() const noexcept override { return {static_cast<const char*>(data_), size_}; }

  private:
    void* data_;
    std::size_t size_;
};

// A closed descriptor whatever happens.
struct Descriptor {
    int fd;
    explicit Descriptor(int opened) : fd(opened) {}
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor() {
        if (fd >= 0) {
            ::close(fd);
        }
    }
};

// The regular file at `path` mapped, or null when it is not a regular non-empty file or cannot be mapped
// (the caller then reads it, with read_file_capped's messages).
std::shared_ptr<const FileBytes> try_map(const std::string& path, std::uintmax_t max_bytes) {
    const Descriptor file(::open(utf8_path(path).c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    struct stat info {};
    if (file.fd < 0 || ::fstat(file.fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0) {
        return nullptr;
    }
    const auto size = static_cast<std::uintmax_t>(info.st_size);
    if (size > max_bytes) {
        refuse_larger_than_cap(path, max_bytes, size);
    }
    int flags = MAP_PRIVATE;
#if defined(MAP_POPULATE)
    flags |= MAP_POPULATE;  // the pages a reader will read anyway, mapped in one call rather than by faults
#endif
    void* data = ::mmap(nullptr, static_cast<std::size_t>(size), PROT_READ, flags, file.fd, 0);
    if (data == MAP_FAILED) {
        return nullptr;
    }
    return std::make_shared<const MappedBytes>(data, static_cast<std::size_t>(size));
}
#endif

}  // namespace

std::shared_ptr<const FileBytes> map_file_capped(const std::string& path, std::uintmax_t max_bytes) {
#if defined(KINEMA_MAP_FILES)
    if (auto mapped = try_map(path, max_bytes)) {
        return mapped;
    }
#endif
    return std::make_shared<const ReadBytes>(read_file_capped(path, max_bytes));
}

}  // namespace kinema
