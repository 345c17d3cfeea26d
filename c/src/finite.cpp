#include "finite.hpp"

#include <cmath>
#include <stdexcept>

#include "kinema/core/format.hpp"

namespace kinema::c_abi {

std::string readable_number(double value) {
    if (std::isnan(value)) {
        return "NaN";  // whatever its sign bit: C#'s double.NaN has it set, and printf says "-nan"
    }
    if (std::isinf(value)) {
        return value > 0 ? "infinity" : "-infinity";
    }
    return format_number(value);
}

void refuse_non_finite(const char* function, std::string_view name, double value) {
    throw std::invalid_argument(std::string(function) + ": " + std::string(name) +
                                " must be a finite number, got " + readable_number(value));
}

void refuse_state(const char* function, std::string_view name, const kinema_planar_state& state) {
    const std::string prefix(name);
    require_finite(function, prefix + ".position.x", state.position.x);
    require_finite(function, prefix + ".position.y", state.position.y);
    for (const auto& [axis, value] :
         {ResultField{"x", state.velocity.x}, ResultField{"y", state.velocity.y}}) {
        const std::string field = prefix + ".velocity." + axis;
        require_finite(function, field, value);
        if (std::abs(value) > max_state_velocity) {
            throw std::invalid_argument(std::string(function) + ": " + field + " must be in [-" +
                                        format_number(max_state_velocity) + ", " +
                                        format_number(max_state_velocity) +
                                        "] (its square must be finite), got " + format_number(value));
        }
    }
    throw std::logic_error("refuse_state: the state is usable");  // never: the caller checked it is not
}

bool all_finite(std::span<const ResultField> fields) {
    for (const ResultField& field : fields) {
        if (!std::isfinite(field.second)) {
            return false;
        }
    }
    return true;
}

void require_finite_result(const char* function, const std::string& blame, const std::string& result,
                           std::span<const ResultField> fields) {
    for (const ResultField& field : fields) {
        if (!std::isfinite(field.second)) {
            throw std::invalid_argument(std::string(function) + ": " + blame +
                                        ": too large for a finite result (" + result + "'s " + field.first +
                                        " would be " + readable_number(field.second) + ")");
        }
    }
}

std::array<ResultField, 4> state_fields(const kinema_planar_state& state) {
    return {ResultField{"position.x", state.position.x}, ResultField{"position.y", state.position.y},
            ResultField{"velocity.x", state.velocity.x}, ResultField{"velocity.y", state.velocity.y}};
}

}  // namespace kinema::c_abi
