#include "part_json.hpp"

#include <cmath>
#include <fstream>
#include <stdexcept>

namespace kinema::report::part_json {

void real(JsonWriter& w, double v) {
    if (std::isfinite(v)) {
        w.number(v);
    } else {
        w.string(std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
    }
}

double read_real(const json& v, const std::string& path) {
    if (v.is_number()) {
        return v.get<double>();
    }
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        if (s == "inf" || s == "-inf" || s == "nan") {
            return s == "nan" ? std::numeric_limits<double>::quiet_NaN()
                              : (s == "inf" ? 1.0 : -1.0) * std::numeric_limits<double>::infinity();
        }
    }
    fail(path, "a row value must be a number");
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
    std::ifstream in(path, std::ios::binary);
    std::string bytes;
    char block[1 << 16];
    while (in.read(block, sizeof block) || in.gcount() > 0) {
        bytes.append(block, static_cast<std::size_t>(in.gcount()));
    }
    if (!in.eof()) {
        throw std::invalid_argument(path + ": cannot read");
    }
    return bytes;
}

json parse(std::string_view text, const std::string& path) {
    try {
        return json::parse(text);
    } catch (const json::exception&) {
        fail(path, "not a kinema partial report: invalid JSON");
    }
}

}  // namespace kinema::report::part_json
