// The checks every tile-grid picture (flood picture, top view) makes on its grid fields.
#pragma once

#include <cstdint>

#include "kinema/core/validation.hpp"

namespace kinema::render::detail {

/// columns and rows in [1, 65536], cell_size > 0, hot_value (H) in [1, 1e6].
inline void require_grid(FieldErrors& errors, int columns, int rows, double cell_size,
                         std::int32_t hot_value) {
    require_in_range(errors, "columns", columns, 1, 65536);
    require_in_range(errors, "rows", rows, 1, 65536);
    require_greater(errors, "cell_size", cell_size, 0.0);
    require_in_range(errors, "hot_value", hot_value, 1, 1e6);
}

}  // namespace kinema::render::detail
