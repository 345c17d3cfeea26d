// The chase's own JSON values, written one way for `kinema chase --json` (json.cpp) and the audit report
// (audit_report.cpp), so that an audit row's values are those of chase_json for the same seed.
#pragma once

#include <cstddef>

#include "kinema/chase/query.hpp"
#include "kinema/core/json_writer.hpp"

namespace kinema::chase::json_values {

/// A position: [x, y] on 2D spaces, [x, y, z] on 3D levels.
inline void position(JsonWriter& w, Vec3 p, int dimensions) {
    w.begin_array().number(p.x).number(p.y);
    if (dimensions == 3) {
        w.number(p.z);
    }
    w.end_array();
}

/// A cell's integer coordinates as values of the enclosing array (the caller opens and closes it).
inline void coordinates(JsonWriter& w, const CellCoords& c) {
    for (int i = 0; i < c.count; ++i) {
        w.integer(c.values[static_cast<std::size_t>(i)]);
    }
}

}  // namespace kinema::chase::json_values
