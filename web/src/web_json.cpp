#include "web_json.hpp"

#include <cmath>

#include "kinema/core/format.hpp"
#include "kinema/core/json_writer.hpp"

namespace kinema::web {

std::string json_string(std::string_view text) {
    std::string out;
    JsonWriter(out).string(text);
    return out;
}

namespace {

std::string bound(double v) {
    return std::isfinite(v) ? format_number(v) : std::string("null");
}

const char* type_name(FieldType type) {
    switch (type) {
        case FieldType::real:
            return "real";
        case FieldType::integer:
            return "integer";
        case FieldType::boolean:
            return "boolean";
        case FieldType::choice:
            return "choice";
    }
    return "real";
}

}  // namespace

std::string fields_json(const SettingsDescription& description, const void* settings) {
    std::string out = "[";
    for (const NamedField& named : list_fields(description)) {
        const FieldDescriptor& f = *named.field;
        out += out.size() > 1 ? "," : "";
        out += "{\"name\":" + json_string(named.name) + ",\"unit\":" + json_string(f.unit) +
               ",\"doc\":" + json_string(f.doc) + ",\"type\":\"" + type_name(f.type) +
               "\",\"range\":" + json_string(range_text(f)) + ",\"min\":" + bound(f.range.min) +
               ",\"max\":" + bound(f.range.max) +
               ",\"min_closed\":" + (f.range.min_closed ? "true" : "false") +
               ",\"max_closed\":" + (f.range.max_closed ? "true" : "false") +
               ",\"value\":" + json_string(value_text(f, get_field(description, settings, named.name))) +
               ",\"default\":" + json_string(value_text(f, f.default_value)) + ",\"choices\":[";
        for (std::size_t i = 0; i < f.choices.size(); ++i) {
            out += (i ? "," : "") + json_string(f.choices[i].name);
        }
        out += "]}";
    }
    return out + "]";
}

}  // namespace kinema::web
