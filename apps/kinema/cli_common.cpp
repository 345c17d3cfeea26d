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
#include "kinema/levels/grid_level.hpp"

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
    return levels::level_file_kind(path) == levels::LevelFileKind::triangle_mesh;
}

namespace {

// The options that name a file the command reads (a positional argument by its lower-case name).
constexpr std::string_view input_flags[] = {"--map",        "--navmesh", "--gmst", "--trace",
                                            "--input-file", "log",       "level"};

}  // namespace

std::vector<output::InputFile> input_files(const CLI::App& command) {
    // Outermost command first (`morrowind`, then `jump`), as the flags were typed; the tool itself reads
    // none.
    std::vector<const CLI::App*> chain;
    for (const CLI::App* at = &command; at->get_parent() != nullptr; at = at->get_parent()) {
        chain.push_back(at);
    }
    std::reverse(chain.begin(), chain.end());
    std::vector<output::InputFile> inputs;
    for (const CLI::App* at : chain) {
        for (const CLI::Option* option : at->get_options()) {
            const std::string name = option->get_name();
            if (std::find(std::begin(input_flags), std::end(input_flags), name) == std::end(input_flags)) {
                continue;
            }
            std::string shown = name;
            if (!option->nonpositional()) {
                std::transform(shown.begin(), shown.end(), shown.begin(),
                               [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
            }
            for (const std::string& path : option->results()) {
                inputs.push_back({shown, path});
            }
        }
    }
    return inputs;
}

std::string format_number(double value) {
    return kinema::format_number(value);
}

}  // namespace kinema::cli
