#include "kinema/core/point_text.hpp"

#include "kinema/core/format.hpp"

namespace kinema {

std::string point_text(Vec2 p, std::string_view separator) {
    std::string out = "(";
    append_number(out, p.x);
    out += separator;
    append_number(out, p.y);
    out += ')';
    return out;
}

std::string point_text(const ShownPoint& p, std::string_view separator) {
    std::string out = "(";
    for (std::size_t i = 0; i < p.count; ++i) {
        if (i > 0) {
            out += separator;
        }
        append_number(out, p.values[i]);
    }
    out += ')';
    return out;
}

std::string point_text(Vec3 p, std::string_view separator) {
    std::string out = "(";
    append_number(out, p.x);
    out += separator;
    append_number(out, p.y);
    out += separator;
    append_number(out, p.z);
    out += ')';
    return out;
}

}  // namespace kinema
