// See ply_checks.hpp.
#include "ply_checks.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <vector>

#include "kinema/levels/level_error.hpp"

namespace kinema::formats::detail {
namespace {

constexpr std::array<std::string_view, 16> scalar_types = {
    "char", "uchar", "short", "ushort", "int",   "uint",   "float",   "double",
    "int8", "uint8", "int16", "uint16", "int32", "uint32", "float32", "float64"};

bool is_type(std::string_view word) {
    return std::find(scalar_types.begin(), scalar_types.end(), word) != scalar_types.end();
}

// A name: printable ASCII, no space.
bool is_name(std::string_view word) {
    return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return c > ' ' && c < 0x7f; });
}

// The line's words, split at spaces and tabs.
std::vector<std::string_view> words_of(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) {
            ++i;
        }
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') {
            ++i;
        }
        if (i > start) {
            words.push_back(line.substr(start, i - start));
        }
    }
    return words;
}

class HeaderCheck {
  public:
    HeaderCheck(std::size_t file_bytes, const std::string& path) : file_bytes_(file_bytes), path_(path) {}

    // One line of the header (without its line end); true at end_header.
    bool line(std::string_view text) {
        ++number_;
        const std::vector<std::string_view> w = words_of(text);
        if (number_ == 1) {
            expect(w.size() == 1 && w[0] == "ply", "the first line must be \"ply\"");
            return false;
        }
        if (number_ == 2) {
            expect(
                w.size() == 3 && w[0] == "format" &&
                    (w[1] == "ascii" || w[1] == "binary_little_endian" || w[1] == "binary_big_endian") &&
                    w[2] == "1.0",
                "the second line must be \"format ascii 1.0\" (or binary_little_endian, binary_big_endian)");
            return false;
        }
        if (!w.empty() && (w[0] == "comment" || w[0] == "obj_info")) {
            return false;
        }
        expect(!w.empty(), "an empty line");
        if (w[0] == "end_header") {
            expect(w.size() == 1, "end_header takes nothing after it");
            return true;
        }
        if (w[0] == "element") {
            std::uint64_t count = 0;
            bool whole = w.size() == 3;
            if (whole) {
                const auto [end, error] = std::from_chars(w[2].data(), w[2].data() + w[2].size(), count);
                whole = error == std::errc{} && end == w[2].data() + w[2].size();
            }
            expect(whole && is_name(w[1]), "an element is \"element NAME COUNT\"");
            expect(count <= file_bytes_, "more elements than the file's bytes can hold");
            in_element_ = true;
            return false;
        }
        expect(w[0] == "property", "a line must be comment, obj_info, element, property or end_header");
        expect(in_element_, "a property before any element");
        const bool scalar = w.size() == 3 && is_type(w[1]) && is_name(w[2]);
        const bool list = w.size() == 5 && w[1] == "list" && is_type(w[2]) && is_type(w[3]) && is_name(w[4]);
        expect(scalar || list, "a property is \"property TYPE NAME\" or \"property list TYPE TYPE NAME\"");
        return false;
    }

  private:
    void expect(bool ok, const std::string& what) const {
        if (!ok) {
            throw levels::LevelError(path_ + ": PLY header line " + std::to_string(number_) + ": " + what);
        }
    }

    std::size_t file_bytes_;
    const std::string& path_;
    int number_ = 0;
    bool in_element_ = false;
};

}  // namespace

void check_ply_header(std::string_view bytes, const std::string& path) {
    HeaderCheck check(bytes.size(), path);
    std::string_view rest = bytes;
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        if (end == std::string_view::npos) {
            break;
        }
        std::string_view line = rest.substr(0, end);
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (check.line(line)) {
            return;
        }
        rest.remove_prefix(end + 1);
    }
    throw levels::LevelError(path + ": PLY: the header has no end_header line");
}

}  // namespace kinema::formats::detail
