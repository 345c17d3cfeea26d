#include "kinema/levels/obj.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

#include "kinema/core/file.hpp"
#include "text_lines.hpp"

namespace kinema::levels {
namespace {

std::string describe(const std::string& file, std::size_t line, const std::string& message) {
    if (line == 0) {
        return file + ": " + message;
    }
    return file + ":" + std::to_string(line) + ": " + message;
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/// Splits a line into whitespace-separated tokens, stopping at a `#` comment.
void tokenize(std::string_view line, std::vector<std::string_view>& tokens) {
    tokens.clear();
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) {
            ++i;
        }
        if (i >= line.size() || line[i] == '#') {
            return;
        }
        const std::size_t start = i;
        while (i < line.size() && !is_space(line[i]) && line[i] != '#') {
            ++i;
        }
        tokens.push_back(line.substr(start, i - start));
    }
}

class Parser {
  public:
    Parser(std::string_view text, std::string_view file_name)
        : text_(detail::skip_byte_order_mark(text)), file_(file_name) {}

    TriangleMesh run() {
        std::vector<std::string_view> tokens;
        std::size_t pos = 0;
        while (pos < text_.size()) {
            std::size_t end = text_.find('\n', pos);
            if (end == std::string_view::npos) {
                end = text_.size();
            }
            ++line_;
            tokenize(text_.substr(pos, end - pos), tokens);
            pos = end + 1;
            if (tokens.empty()) {
                continue;
            }
            if (tokens[0] == "v") {
                vertex(tokens);
            } else if (tokens[0] == "f") {
                face(tokens);
            }
            // Every other statement (vt, vn, g, o, s, usemtl, ...) carries nothing a level needs.
        }
        if (mesh_.triangles.empty()) {
            fail(line_, "no faces: the mesh is empty");
        }
        return std::move(mesh_);
    }

  private:
    [[noreturn]] void fail(std::size_t line, const std::string& message) const {
        throw ObjError(std::string(file_), line, message);
    }

    double number(std::string_view token) const {
        double value = 0.0;
        const char* first = token.data();
        const char* last = token.data() + token.size();
        // from_chars does not accept a leading '+', which some exporters write.
        if (first != last && *first == '+') {
            ++first;
        }
        const auto [ptr, ec] = std::from_chars(first, last, value);
        if (ec == std::errc::result_out_of_range) {
            fail(line_, "number out of range: " + detail::quoted(token));
        }
        if (ec != std::errc() || ptr != last) {
            fail(line_, "not a number: " + detail::quoted(token));
        }
        return value;
    }

    void vertex(const std::vector<std::string_view>& tokens) {
        if (tokens.size() < 4) {
            fail(line_, "a vertex needs 3 coordinates, got " + std::to_string(tokens.size() - 1));
        }
        double xyz[3] = {0.0, 0.0, 0.0};
        for (std::size_t i = 1; i < tokens.size(); ++i) {
            const double value = number(tokens[i]);
            if (i <= 3) {
                if (!std::isfinite(value)) {
                    fail(line_, "vertex coordinate is not finite: " + detail::quoted(tokens[i]));
                }
                xyz[i - 1] = value;
            }
        }
        if (mesh_.vertices.size() >= std::numeric_limits<std::uint32_t>::max()) {
            fail(line_, "too many vertices");
        }
        mesh_.vertices.push_back({xyz[0], xyz[1], xyz[2]});
    }

    /// The 0-based vertex index of one face corner ("v", "v/vt", "v//vn" or "v/vt/vn").
    std::uint32_t corner(std::string_view token) const {
        const std::string_view v = token.substr(0, token.find('/'));
        long long index = 0;
        const char* first = v.data();
        const char* last = v.data() + v.size();
        if (first != last && *first == '+') {
            ++first;
        }
        const auto [ptr, ec] = std::from_chars(first, last, index);
        if (v.empty() || ec == std::errc::invalid_argument || ptr != last) {
            fail(line_, "not a vertex index: " + detail::quoted(token));
        }
        const auto count = static_cast<long long>(mesh_.vertices.size());
        if (ec == std::errc::result_out_of_range || index == 0 || index > count || index < -count) {
            fail(line_, "vertex index " + std::string(v) + " out of range: " + std::to_string(count) +
                            " vertices defined so far" +
                            (index == 0 && ec == std::errc() ? " (indices start at 1)" : ""));
        }
        return static_cast<std::uint32_t>(index > 0 ? index - 1 : count + index);
    }

    void face(const std::vector<std::string_view>& tokens) {
        const std::size_t corners = tokens.size() - 1;
        if (corners < 3) {
            fail(line_, "a face needs at least 3 vertices, got " + std::to_string(corners));
        }
        const std::uint32_t first = corner(tokens[1]);
        std::uint32_t previous = corner(tokens[2]);
        for (std::size_t i = 3; i <= corners; ++i) {
            const std::uint32_t current = corner(tokens[i]);
            mesh_.triangles.push_back({first, previous, current});
            previous = current;
        }
    }

    std::string_view text_;
    std::string_view file_;
    std::size_t line_ = 0;
    TriangleMesh mesh_;
};

}  // namespace

ObjError::ObjError(std::string file, std::size_t line, const std::string& message)
    : std::invalid_argument(describe(file, line, message)), file_(std::move(file)), line_(line) {}

TriangleMesh parse_obj(std::string_view text, std::string_view file_name) {
    return Parser(text, file_name).run();
}

TriangleMesh load_obj(const std::filesystem::path& path, std::uintmax_t max_bytes) {
    std::string text;
    try {
        text = read_file_capped(path.string(), max_bytes);
    } catch (const FileError& e) {
        throw ObjError(path.string(), 0, e.why());
    }
    return parse_obj(text, path.string());
}

}  // namespace kinema::levels
