#include "kinema/core/file.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

namespace kinema {

FileError::FileError(std::string path, std::string why)
    : std::runtime_error(path + ": " + why), path_(std::move(path)), why_(std::move(why)) {}

std::string read_file_capped(const std::string& path, std::uintmax_t max_bytes) {
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (std::filesystem::is_directory(status)) {
        throw FileError(path, "is a directory, not a file");
    }
    if (std::filesystem::is_regular_file(status)) {
        const std::uintmax_t size = std::filesystem::file_size(path, error);
        if (!error && size > max_bytes) {
            throw FileError(path, "larger than the limit of " + std::to_string(max_bytes) + " bytes (" +
                                      std::to_string(size) + " bytes)");
        }
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw FileError(path, std::string("cannot open file: ") + std::strerror(errno));
    }
    std::string text;
    std::array<char, 1 << 16> chunk{};
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
        if (text.size() > max_bytes) {
            throw FileError(path, "larger than the limit of " + std::to_string(max_bytes) + " bytes");
        }
    }
    if (in.bad()) {
        throw FileError(path, "cannot read file");
    }
    return text;
}

}  // namespace kinema
