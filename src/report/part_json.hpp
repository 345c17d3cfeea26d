// What the partial reports of the audit and of the batch share (audit_shards.cpp, batch_shards.cpp): doubles
// that read back bit for bit, the reader's one-line errors naming the part, and its file's bytes.
#pragma once

#include <cstddef>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kinema/core/json_writer.hpp"

namespace kinema::report::part_json {

using nlohmann::json;

/// A finite double as a number (shortest round-trip form); infinities and NaN, which JSON cannot spell, as
/// the strings "inf", "-inf", "nan".
void real(JsonWriter& w, double v);
/// Reads back what real() wrote.
[[nodiscard]] double read_real(const json& v, const std::string& path);

/// Throws std::invalid_argument "PATH: WHAT".
[[noreturn]] void fail(const std::string& path, const std::string& what);
/// object[name], or a one-line error naming the part and the field.
[[nodiscard]] const json& field(const json& object, const char* name, const std::string& path);
/// The document's "kinema_part" is `kind` (a one-line error naming the part otherwise).
void expect_kind(const json& doc, std::string_view kind, const std::string& path);

/// A whole number in [0, max of T], or a one-line error naming the field.
template <typename T>
T whole(const json& value, const char* name, const std::string& path) {
    if (!value.is_number_integer()) {
        fail(path, fmt::format("\"{}\" must be a whole number", name));
    }
    const auto v = value.get<long long>();
    if (v < 0 || static_cast<unsigned long long>(v) > std::numeric_limits<T>::max()) {
        fail(path, fmt::format("\"{}\" out of range: {}", name, v));
    }
    return static_cast<T>(v);
}

/// The first field (dotted into nested objects) two settings texts disagree on, as "name is a here, b there"
/// (`a` from `here`).
[[nodiscard]] std::string first_difference(const std::string& there, const std::string& here);

/// A whole file's bytes (std::invalid_argument "PATH: cannot read" when it cannot be opened or read).
[[nodiscard]] std::string file_bytes(const std::string& path);

/// The shards 1..N of one level and settings, each once, by index: every part of `parts` (not empty) has the
/// first's level hash (and `same_level(first, part)`), settings text and shard count, no index twice, none
/// missing; otherwise a one-line error naming the part (or "merge: shard I/N of LEVEL is missing"). Part is
/// an AuditPart or a BatchPart: path, level.{file, fnv1a64}, settings_json, shard.{index, count}.
template <typename Part, typename SameLevel>
std::map<int, const Part*> check_shards(const std::vector<Part>& parts, SameLevel same_level) {
    const Part& first = parts.front();
    std::map<int, const Part*> by_index;
    for (const Part& part : parts) {
        if (part.level.fnv1a64 != first.level.fnv1a64 || !same_level(first, part)) {
            fail(part.path,
                 fmt::format("another level: {} (fnv1a64 {}), not {} (fnv1a64 {}) as in {}", part.level.file,
                             part.level.fnv1a64, first.level.file, first.level.fnv1a64, first.path));
        }
        if (part.settings_json != first.settings_json) {
            fail(part.path, fmt::format("other settings than {}: {}", first.path,
                                        first_difference(first.settings_json, part.settings_json)));
        }
        if (part.shard.count != first.shard.count) {
            fail(part.path, fmt::format("shard {}/{}, but {} is a shard of {}", part.shard.index,
                                        part.shard.count, first.path, first.shard.count));
        }
        const auto [at, inserted] = by_index.emplace(part.shard.index, &part);
        if (!inserted) {
            fail(part.path, fmt::format("shard {}/{} again (also {})", part.shard.index, part.shard.count,
                                        at->second->path));
        }
    }
    for (int i = 1; i <= first.shard.count; ++i) {
        if (by_index.count(i) == 0) {
            throw std::invalid_argument(
                fmt::format("merge: shard {}/{} of {} is missing", i, first.shard.count, first.level.file));
        }
    }
    return by_index;
}

/// The document of a part, or "PATH: not a kinema partial report: invalid JSON".
[[nodiscard]] json parse(std::string_view text, const std::string& path);

}  // namespace kinema::report::part_json
