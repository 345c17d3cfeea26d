// Morrowind GMST overrides from a JSON file (`kinema morrowind --gmst`).
#include <cstdint>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kinema/core/file.hpp"
#include "kinema/report/morrowind.hpp"

namespace kinema::report {
namespace {

// nlohmann's message without its "[json.exception.KIND.ID] " tag, cut to a readable length.
std::string json_error_text(std::string_view what) {
    if (!what.empty() && what.front() == '[') {
        const std::size_t end = what.find("] ");
        if (end != std::string_view::npos) {
            what.remove_prefix(end + 2);
        }
    }
    constexpr std::size_t kMaxShown = 160;
    std::string out(what.substr(0, kMaxShown));
    for (char& c : out) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            c = '?';
        }
    }
    return what.size() > kMaxShown ? out + "..." : out;
}

}  // namespace

void apply_gmst_json(movement::MorrowindGmsts& gmsts, std::string_view text, std::string_view path) {
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        // Parse errors and out-of-range numbers (1e999) alike: one line naming the file, without the
        // library's "[json.exception.parse_error.101]" tag.
        throw GmstFileError(fmt::format("{}: invalid JSON: {}", path, json_error_text(e.what())));
    }
    if (!doc.is_object()) {
        throw GmstFileError(fmt::format(
            "{}: expected a JSON object of GMST names to numbers, e.g. {{\"fMinWalkSpeed\": 100}}", path));
    }
    for (const auto& [name, value] : doc.items()) {
        if (!value.is_number()) {
            throw GmstFileError(
                fmt::format("{}: {}: expected a number, got {}", path, name, value.type_name()));
        }
        set_field(gmsts, name, value.get<double>());
    }
    throw_if_invalid("MorrowindGmsts", gmsts.validate());
}

void apply_gmst_file(movement::MorrowindGmsts& gmsts, const std::string& path) {
    constexpr std::uintmax_t kMaxGmstBytes = 1 << 20;
    std::string text;
    try {
        text = read_file_capped(path, kMaxGmstBytes);
    } catch (const FileError& e) {
        throw GmstFileError(e.what());
    }
    apply_gmst_json(gmsts, text, path);
}

}  // namespace kinema::report
