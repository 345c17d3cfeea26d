// One way to write JSON text for every report kinema prints (chase, audit, pursuit, batch): values in call
// order, the commas placed here, numbers through append_number (the shortest text that reads back to the same
// double, as every other face prints them) and strings escaped as RFC 8259 section 7 asks. Writes into a
// caller's string, so a long report (a pursuit's frames) grows one buffer; it allocates nothing itself.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "kinema/core/format.hpp"

namespace kinema {

/// How a JsonWriter lays out its text. `compact`: no spaces (chase, audit, pursuit, batch). The analysis
/// reports (simulate, stop, turn, sweep, replay, Morrowind) keep the text they were first printed in, by
/// nlohmann-json: `typed_compact` is its dump() (no spaces), `typed_indented` its dump(2) (two spaces per
/// level,
/// `"key": value`, one item per line, empty containers as `[]` and `{}`); both escape \b \f \n \r \t by name.
enum class JsonLayout { compact, typed_compact, typed_indented };

/// Appends one double's JSON text to a string: append_number by default; the report part passes
/// nlohmann-json's own number text for the typed layouts (kinema/report/json_number.hpp).
using JsonNumberWriter = void (*)(std::string& out, double value);

class JsonWriter {
  public:
    /// Deepest nesting of objects and arrays (kinema's reports go 4 deep); deeper throws std::logic_error.
    static constexpr int max_depth = 16;

    explicit JsonWriter(std::string& out, JsonLayout layout = JsonLayout::compact,
                        JsonNumberWriter write_number = append_number)
        : out_(out), layout_(layout), write_number_(write_number) {}

    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    /// The name of the next value, inside an object.
    JsonWriter& key(std::string_view name);

    JsonWriter& number(double value);
    JsonWriter& integer(long long value);
    JsonWriter& boolean(bool value);
    JsonWriter& null();
    JsonWriter& string(std::string_view text);
    /// A value that is JSON text already (another writer's object, settings_json).
    JsonWriter& raw(std::string_view json);

    /// key(name) then the value.
    JsonWriter& number(std::string_view name, double value) { return key(name).number(value); }
    JsonWriter& integer(std::string_view name, long long value) { return key(name).integer(value); }
    JsonWriter& boolean(std::string_view name, bool value) { return key(name).boolean(value); }
    JsonWriter& string(std::string_view name, std::string_view text) { return key(name).string(text); }

    /// A count (frames, rows): the same text as integer(), for sizes.
    JsonWriter& count(std::size_t value);
    JsonWriter& count(std::string_view name, std::size_t value) { return key(name).count(value); }
    JsonWriter& null(std::string_view name) { return key(name).null(); }

    /// True once every object and array begun has ended.
    bool complete() const noexcept { return depth_ == 0 && !after_key_; }

  private:
    void separate();
    void quoted(std::string_view text);
    JsonWriter& open(char bracket);
    JsonWriter& close(char bracket);

    void new_line(int depth);
    bool typed() const noexcept { return layout_ != JsonLayout::compact; }

    std::string& out_;
    JsonLayout layout_;
    JsonNumberWriter write_number_;
    std::array<bool, max_depth> has_item_{};  // per open object or array: a value was written in it
    int depth_ = 0;
    bool after_key_ = false;
};

}  // namespace kinema
