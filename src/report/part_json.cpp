#include "part_json.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include "kinema/core/file.hpp"

namespace kinema::report::part_json {

void real(JsonWriter& w, double v) {
    if (std::isfinite(v)) {
        w.number(v);
    } else {
        w.string(std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
    }
}

double read_real(const json& v, const std::string& path, ItemValue where) {
    // The strings real() writes for infinities and NaN are refused too: the merged reports are JSON, which
    // has no such number, and no honest row or run holds one.
    if (!v.is_number() || !std::isfinite(v.get<double>())) {
        fail(path, fmt::format("{}: {} is not a finite number", where.name(), v.dump()));
    }
    if (std::abs(v.get<double>()) > max_part_number) {
        fail(path, fmt::format("{}: {} is out of range (a part's numbers are at most 1e15 in size)",
                               where.name(), v.dump()));
    }
    return v.get<double>();
}

void DigestSink::operator()(std::string& piece) {
    hash_ = fnv1a64(std::string_view(piece).substr(std::min(from_, piece.size())), hash_);
    sink_(piece);
    from_ = piece.size();  // what the sink left in the buffer is hashed already
}

std::string DigestSink::finish(const std::string& rest) const {
    return digest_text(fnv1a64(std::string_view(rest).substr(std::min(from_, rest.size())), hash_));
}

namespace {

bool is_hex_digit(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

}  // namespace

DigestedText split_digest(std::string_view text, const std::string& path) {
    const std::string head = fmt::format(",\"{}\":\"", digest_key);
    constexpr std::size_t hex_digits = 16;
    const std::size_t end = text.find_last_not_of(" \t\r\n");
    const std::string_view trimmed = text.substr(0, end == std::string_view::npos ? 0 : end + 1);
    const std::size_t suffix = head.size() + hex_digits + 2;  // the digits, then "}
    const std::string_view digits =
        trimmed.size() >= suffix ? trimmed.substr(trimmed.size() - hex_digits - 2, hex_digits) : "";
    if (trimmed.size() < suffix || trimmed.substr(trimmed.size() - suffix, head.size()) != head ||
        !trimmed.ends_with("\"}") || !std::all_of(digits.begin(), digits.end(), is_hex_digit)) {
        fail(path, fmt::format("no digest of its contents at its end (\"{}\": 16 hex digits, its last "
                               "field): not a part this kinema wrote, or edited; rerun its shard",
                               digest_key));
    }
    return {trimmed.substr(0, trimmed.size() - suffix), std::string(digits)};
}

void check_digest(const DigestedText& text, const std::string& path) {
    const std::string actual = digest_text(fnv1a64(text.covered));
    if (actual != text.digest) {
        fail(path, fmt::format("changed after its shard wrote it: its contents hash to {}, not to its "
                               "\"{}\" {}; rerun its shard",
                               actual, digest_key, text.digest));
    }
}

std::string_view without_bom(std::string_view text) {
    constexpr std::string_view bom = "\xEF\xBB\xBF";
    return text.starts_with(bom) ? text.substr(bom.size()) : text;
}

void fail(const std::string& path, const std::string& what) {
    throw std::invalid_argument(path + ": " + what);
}

const json& field(const json& object, const char* name, const std::string& path) {
    if (!object.is_object() || !object.contains(name)) {
        fail(path, fmt::format("not a kinema partial report: no \"{}\"", name));
    }
    return object.at(name);
}

std::string text_field(const json& object, const char* name, const std::string& path) {
    const json& value = field(object, name, path);
    if (!value.is_string()) {
        fail(path, fmt::format("\"{}\" must be a string", name));
    }
    return value.get<std::string>();
}

void expect_kind(const json& doc, std::string_view kind, const std::string& path) {
    const json& found = field(doc, "kinema_part", path);
    if (found != kind) {
        fail(path, fmt::format("a partial report of {}, not of the {}", found.dump(), kind));
    }
}

namespace {

std::string difference(const json& there, const json& here, const std::string& prefix) {
    for (const auto& [name, value] : there.items()) {
        if (here.contains(name) && here.at(name) == value) {
            continue;
        }
        if (here.contains(name) && value.is_object() && here.at(name).is_object()) {
            return difference(value, here.at(name), prefix + name + ".");
        }
        return fmt::format("{}{} is {} here, {} there", prefix, name,
                           here.contains(name) ? here.at(name).dump() : "absent", value.dump());
    }
    return "other fields";
}

}  // namespace

std::string first_difference(const std::string& there, const std::string& here) {
    return difference(json::parse(there), json::parse(here), "");
}

std::string file_bytes(const std::string& path) {
    try {
        return read_file_capped(path, max_part_bytes);
    } catch (const FileError& e) {
        throw std::invalid_argument(e.what());  // bad input, as every loader's
    }
}

std::ifstream open_file(const std::string& path) {
    const std::filesystem::path file = utf8_path(path);
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(file, error);
    // read_file_capped's words (kinema/core/file.hpp), before opening: opening a FIFO blocks.
    if (std::filesystem::is_directory(status)) {
        fail(path, "is a directory, not a file");
    }
    if (std::filesystem::is_fifo(status) || std::filesystem::is_socket(status)) {
        fail(path, std::string("is a ") + (std::filesystem::is_fifo(status) ? "FIFO" : "socket") +
                       ", not a file (a pipe without a writer would block forever)");
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        fail(path, "cannot read");
    }
    return in;
}

json parse(std::string_view text, const std::string& path) {
    try {
        return json::parse(without_bom(text));
    } catch (const json::exception&) {
        fail(path, "not a kinema partial report: invalid JSON");
    }
}

PartText parse_part(std::string_view text, std::string_view kind, const std::string& path) {
    const std::string_view body = without_bom(text);
    PartText part{parse(body, path), {}};
    expect_kind(part.doc, kind, path);
    part.digested = split_digest(body, path);
    return part;
}

void write_level(JsonWriter& w, const LevelId& level) {
    w.key("level").begin_object().string("file", level.file).string("fnv1a64", level.fnv1a64);
    if (!level.options.level.empty()) {
        w.string("level", level.options.level);
    }
    if (!level.options.walls.empty()) {
        w.string("walls", level.options.walls);
    }
    // A mesh's units and axes, only when not the defaults: a part read without them stays byte-identical.
    if (level.options.scale != 1.0) {
        w.number("scale", level.options.scale);
    }
    if (level.options.up == levels::LevelReadOptions::UpAxis::z) {
        w.string("up", "z");
    }
    w.end_object();
}

namespace {

// A part's "scale" (a number in the range --scale takes) and "up" ("z"; "y" is the default, never written).
void read_mesh_options(const json& object, levels::LevelReadOptions& options, const std::string& path) {
    if (object.contains("scale")) {
        const json& scale = object["scale"];
        if (!scale.is_number() || !(scale.get<double>() >= levels::min_mesh_scale) ||
            !(scale.get<double>() <= levels::max_mesh_scale)) {
            fail(path, fmt::format("\"level\": \"scale\" must be a number in [1e-06, 1e+06], got {}",
                                   scale.dump()));
        }
        options.scale = scale.get<double>();
    }
    if (object.contains("up")) {
        if (object["up"] != "z") {
            fail(path, fmt::format("\"level\": \"up\" must be \"z\" (y up is the default), got {}",
                                   object["up"].dump()));
        }
        options.up = levels::LevelReadOptions::UpAxis::z;
    }
}

}  // namespace

LevelId read_level(const json& doc, const std::string& path) {
    const json& object = field(doc, "level", path);
    LevelId level;
    level.file = text_field(object, "file", path);
    level.fnv1a64 = text_field(object, "fnv1a64", path);
    for (const auto& [name, option] :
         {std::pair{"level", &level.options.level}, std::pair{"walls", &level.options.walls}}) {
        if (object.contains(name)) {
            *option = text_field(object, name, path);
            if (option->empty()) {
                fail(path,
                     fmt::format("\"level\": \"{}\" is empty (a part names only options it was read with)",
                                 name));
            }
        }
    }
    read_mesh_options(object, level.options, path);
    return level;
}

}  // namespace kinema::report::part_json
