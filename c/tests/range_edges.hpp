// The edges of a registry field's range asked of a C call, so that each settings mirror's test checks its
// defaults and ranges against the registry in the same way.
#pragma once

#include <cmath>
#include <functional>
#include <limits>

#include "kinema/core/settings_registry.hpp"

namespace kinema::c_test {

// An integer field whose range ends at its type's limit (FloodSettings::max_heated, [1, 2147483647]): the
// next value does not fit the C struct's int, so there is nothing to refuse.
inline bool beyond_storage(const FieldDescriptor& f, double value) {
    return f.type == FieldType::integer && (value < f.storage_min || value > f.storage_max);
}

/// A closed end of the field's range is accepted, one past it refused; an open end is refused; a real field
/// refuses NaN. The callers say what accepted and refused mean for their call (a status, an error naming the
/// field); one past an integer's end that its type cannot hold is not asked.
inline void expect_range_edges(const FieldDescriptor& f, const std::function<void(double)>& expect_accepted,
                               const std::function<void(double)>& expect_refused) {
    if (f.type == FieldType::real) {
        expect_refused(std::numeric_limits<double>::quiet_NaN());
    }
    if (std::isfinite(f.range.min)) {
        if (f.range.min_closed) {
            expect_accepted(f.range.min);
            if (!beyond_storage(f, f.range.min - 1)) {
                expect_refused(f.range.min - 1);
            }
        } else {
            expect_refused(f.range.min);
        }
    }
    if (std::isfinite(f.range.max)) {
        if (f.range.max_closed) {
            expect_accepted(f.range.max);
            if (!beyond_storage(f, f.range.max + 1)) {
                expect_refused(f.range.max + 1);
            }
        } else {
            expect_refused(f.range.max);
        }
    }
}

}  // namespace kinema::c_test
