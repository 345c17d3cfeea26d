// One way to write JSON text for every report kinema prints (chase, audit, pursuit, batch): values in call
// order, the commas placed here, numbers through append_number (the shortest text that reads back to the same
// double, as every other face prints them) and strings escaped as RFC 8259 section 7 asks. Writes into a
// caller's string, so a long report (a pursuit's frames) grows one buffer; it allocates nothing itself.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace kinema {

class JsonWriter {
  public:
    /// Deepest nesting of objects and arrays (kinema's reports go 4 deep); deeper throws std::logic_error.
    static constexpr int max_depth = 16;

    explicit JsonWriter(std::string& out) : out_(out) {}

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

    /// True once every object and array begun has ended.
    bool complete() const noexcept { return depth_ == 0 && !after_key_; }

  private:
    void separate();
    void quoted(std::string_view text);
    JsonWriter& open(char bracket);
    JsonWriter& close(char bracket);

    std::string& out_;
    std::array<bool, max_depth> has_item_{};  // per open object or array: a value was written in it
    int depth_ = 0;
    bool after_key_ = false;
};

}  // namespace kinema
