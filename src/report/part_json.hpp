// What the partial reports of the audit and of the batch share (audit_shards.cpp, batch_shards.cpp): doubles
// that read back bit for bit, the reader's one-line errors naming the part, and its file's bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kinema/core/format.hpp"
#include "kinema/core/json_writer.hpp"
#include "kinema/report/audit_shards.hpp"

namespace kinema::report::part_json {

using nlohmann::json;

/// Where a value of a row or run lies, named "AT FIELD" in errors ("rows[3] steps"): the name is made only
/// for an error, as a part holds up to millions of values.
struct ItemValue {
    std::string_view at;  // "rows[3]"
    std::string_view field;
    [[nodiscard]] std::string name() const { return std::string(at) + " " + std::string(field); }
};

/// A finite double as a number (shortest round-trip form); infinities and NaN, which JSON cannot spell, as
/// the strings "inf", "-inf", "nan" (no honest row holds one: the reader refuses them).
void real(JsonWriter& w, double v);
/// The largest size of a part's number: far past any honest value (coordinates within 10^9, a route of 2^20
/// cells of 10^6 units, an hour of pursuit), and small enough that the merge's sums over 2^20 rows or 10^6
/// scenarios stay finite.
inline constexpr double max_part_number = 1e15;

/// A finite number of size at most max_part_number, or a one-line error naming the part and `where` (a
/// row's or run's value): the merged reports are written as JSON, which has no NaN or infinity, and every
/// value of an honest part is finite.
[[nodiscard]] double read_real(const json& v, const std::string& path, ItemValue where);

/// The largest part file merge reads (its parse holds several times the text): 4 GiB, well above the largest
/// honest part (an audit shard of 2^20 rows is about 170 MB; a batch shard of 10^6 team scenarios about 1.5
/// GB).
inline constexpr std::uintmax_t max_part_bytes = std::uintmax_t{1} << 32;

/// The key of the part's digest, its last field: {..., "part_fnv1a64": "16 hex digits"}.
inline constexpr std::string_view digest_key = "part_fnv1a64";

/// A sink that hashes (FNV-1a 64) every byte handed on to `sink`, for the part's digest: the writer hashes
/// what is left in its buffer with finish() and writes the digest as the last field.
class DigestSink {
  public:
    using Sink = std::function<void(std::string& piece)>;
    explicit DigestSink(const Sink& sink, std::size_t start) : sink_(sink), from_(start) {}
    void operator()(std::string& piece);
    /// The digest of everything handed on plus `rest` (the buffer not yet handed on), as 16 hex digits.
    [[nodiscard]] std::string finish(const std::string& rest) const;

  private:
    const Sink& sink_;
    std::uint64_t hash_ = fnv1a64_basis;
    std::size_t from_;  // bytes of the buffer before this part's (not hashed), or already hashed
};

/// A part's last array, `key`: each row written by write_row(w, row), handed on through `digest` whenever
/// the buffer holds chunk_bytes or more; then the digest's field closes the part and the rest goes to `sink`.
template <class Rows, class WriteRow>
void finish_part(JsonWriter& w, std::string& buffer, DigestSink& digest, std::string_view key,
                 const Rows& rows, WriteRow write_row, std::size_t chunk_bytes,
                 const DigestSink::Sink& sink) {
    w.key(key).begin_array();
    for (const auto& row : rows) {
        write_row(w, row);
        if (buffer.size() >= chunk_bytes) {
            digest(buffer);
        }
    }
    w.end_array();
    const std::string hex = digest.finish(buffer);  // every byte before the digest's own field
    w.string(digest_key, hex).end_object();
    buffer += '\n';
    sink(buffer);
}

/// A part's text split for its digest: `covered`, every byte before `,"part_fnv1a64":`, and `digest`, the 16
/// hex digits written after it. A text without that last field (trailing white space aside) is refused:
/// "PATH: no digest of its contents at its end ...".
struct DigestedText {
    std::string_view covered;
    std::string digest;
};
[[nodiscard]] DigestedText split_digest(std::string_view text, const std::string& path);
/// The covered text's FNV-1a 64 is the digest written, or "PATH: changed after its shard wrote it ...".
void check_digest(const DigestedText& text, const std::string& path);

/// `text` without a leading UTF-8 byte-order mark (every text loader skips one).
[[nodiscard]] std::string_view without_bom(std::string_view text);

/// Throws std::invalid_argument "PATH: WHAT".
[[noreturn]] void fail(const std::string& path, const std::string& what);
/// object[name], or a one-line error naming the part and the field.
[[nodiscard]] const json& field(const json& object, const char* name, const std::string& path);
/// object[name] as a string, or a one-line error naming the part and the field.
[[nodiscard]] std::string text_field(const json& object, const char* name, const std::string& path);
/// The document's "kinema_part" is `kind` (a one-line error naming the part otherwise).
void expect_kind(const json& doc, std::string_view kind, const std::string& path);

/// A whole number in [0, max of T], or a one-line error naming the field and the value as it is written
/// (an unsigned number past the range of long long is not read as one: it would wrap to a negative).
template <typename T>
T whole(const json& value, const char* name, const std::string& path) {
    if (!value.is_number_integer()) {
        fail(path, fmt::format("\"{}\" must be a whole number", name));
    }
    const bool negative = !value.is_number_unsigned() && value.get<long long>() < 0;
    if (negative || value.get<unsigned long long>() > std::numeric_limits<T>::max()) {
        fail(path, fmt::format("\"{}\" out of range: {}", name, value.dump()));
    }
    return static_cast<T>(value.get<unsigned long long>());
}

/// whole<T> of an item's value.
template <typename T>
T whole(const json& value, ItemValue where, const std::string& path) {
    if (value.is_number_unsigned() && value.get<unsigned long long>() <= std::numeric_limits<T>::max()) {
        return static_cast<T>(value.get<unsigned long long>());  // the common case, without a name
    }
    const std::string name = where.name();
    return whole<T>(value, name.c_str(), path);
}

/// The first field (dotted into nested objects) two settings texts disagree on, as "name is a here, b there"
/// (`a` from `here`).
[[nodiscard]] std::string first_difference(const std::string& there, const std::string& here);

/// A whole part file's bytes, at most max_part_bytes (read_file_capped: a directory, FIFO or socket is
/// refused before it is opened; its errors as std::invalid_argument "PATH: why").
[[nodiscard]] std::string file_bytes(const std::string& path);
/// The file at `path` opened for reading, after refusing a directory, FIFO or socket by name (opening a FIFO
/// without a writer blocks forever) with read_file_capped's words; std::invalid_argument "PATH: why".
[[nodiscard]] std::ifstream open_file(const std::string& path);

/// Writes a part's "level" object: {"file", "fnv1a64"} and, when set, "level" and "walls" (LevelId), and
/// "scale" and "up" when not the defaults (1, y).
void write_level(JsonWriter& w, const LevelId& level);
/// Reads it back: "file" and "fnv1a64" strings, "level" and "walls" non-empty strings when present; a
/// one-line error naming the part and the field otherwise.
[[nodiscard]] LevelId read_level(const json& doc, const std::string& path);

/// The shards 1..N of one level and settings, each once, by index: every part of `parts` (not empty) has the
/// first's level hash (and `same_level(first, part)`), settings text and shard count, no index twice, none
/// missing, all read with the same level options; otherwise a one-line error naming the part (or "merge:
/// shard I/N of LEVEL is missing"). Part is an AuditPart or a BatchPart: path, level.{file, fnv1a64},
/// settings_json, shard.{index, count}.
template <typename Part, typename SameLevel>
std::map<int, const Part*> check_shards(const std::vector<Part>& parts, SameLevel same_level) {
    const Part& first = parts.front();
    std::map<int, const Part*> by_index;
    for (const Part& part : parts) {
        const levels::LevelReadOptions& options = part.level.options;
        if (options.level != first.level.options.level || options.walls != first.level.options.walls) {
            fail(part.path,
                 fmt::format("read with other level options than {}: level '{}', walls '{}' there, "
                             "level '{}', walls '{}' here",
                             first.path, first.level.options.level, first.level.options.walls, options.level,
                             options.walls));
        }
        if (options.scale != first.level.options.scale || options.up != first.level.options.up) {
            const auto up = [](const levels::LevelReadOptions& o) {
                return o.up == levels::LevelReadOptions::UpAxis::z ? "z" : "y";
            };
            fail(part.path, fmt::format("read with other mesh options than {}: scale {}, up {} there, "
                                        "scale {}, up {} here",
                                        first.path, format_number(first.level.options.scale),
                                        up(first.level.options), format_number(options.scale), up(options)));
        }
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

/// The document of a part (a leading byte-order mark skipped), or "PATH: not a kinema partial report: invalid
/// JSON".
[[nodiscard]] json parse(std::string_view text, const std::string& path);

/// A part's document of kind `kind` and its text split for the digest (check_digest, once its fields are
/// checked: a field out of range is named as such rather than as a changed digest).
struct PartText {
    json doc;
    DigestedText digested;
};
[[nodiscard]] PartText parse_part(std::string_view text, std::string_view kind, const std::string& path);

}  // namespace kinema::report::part_json
