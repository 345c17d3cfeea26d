#include "kinema/movement/state.hpp"

#include <cmath>

#include "kinema/core/validation.hpp"

namespace kinema::movement {

void check_step_arguments(double dt, Vec2 input) {
    // The fast path: one branch when everything is fine, so that checked steps stay cheap.
    if (dt > 0.0 && dt <= max_step_dt && is_finite(input)) {
        return;
    }
    FieldErrors errors;
    require_greater(errors, "dt", dt, 0.0);
    if (errors.empty()) {
        require_in_range(errors, "dt", dt, 0.0, max_step_dt);
    }
    require_finite(errors, "input.x", input.x);
    require_finite(errors, "input.y", input.y);
    throw_if_invalid("step arguments", errors);
}

}  // namespace kinema::movement
