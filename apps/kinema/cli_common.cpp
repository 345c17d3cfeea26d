#include "cli_common.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

#include <fmt/format.h>

#include "kinema/core/format.hpp"
#include "output_files.hpp"

namespace kinema::cli {

double parse_number(std::string_view text, std::string_view what) {
    const ReadNumber n = read_number(text);
    if (n.status == NumberText::not_a_number) {
        throw UsageError(fmt::format("{}: expected a number, got {}", what, quote_for_message(text)));
    }
    if (n.status == NumberText::not_finite) {
        throw UsageError(fmt::format("{}: must be a finite number, got {}", what, quote_for_message(text)));
    }
    return n.value;
}

Vec2 parse_vec2(std::string_view text, std::string_view what) {
    const auto parts = split(text, ',');
    if (parts.size() != 2) {
        throw UsageError(fmt::format("{}: expected X,Y, got {}", what, quote_for_message(text)));
    }
    return {parse_number(parts[0], what), parse_number(parts[1], what)};
}

Vec3 parse_vec3(std::string_view text, std::string_view what) {
    const auto parts = split(text, ',');
    if (parts.size() != 3) {
        throw UsageError(fmt::format("{}: expected X,Y,Z, got {}", what, quote_for_message(text)));
    }
    return {parse_number(parts[0], what), parse_number(parts[1], what), parse_number(parts[2], what)};
}

bool is_mesh_path(const std::string& path) {
    return has_extension(path, ".obj");
}

void write_file_atomically(const std::string& path, std::string_view content) {
    OutputFiles files;
    files.add("", path, std::string(content));
    files.commit();
}

std::string format_number(double value) {
    return kinema::format_number(value);
}

}  // namespace kinema::cli
