// NaN and infinity never enter or leave the C ABI (kinema.h, "Conventions"): a step, a run or a query refuses
// a non-finite argument, and an argument whose result would not be finite, with KINEMA_ERROR_ARGUMENT naming
// the argument. The library's C++ checks cover the settings and most query arguments; these cover what a C
// caller alone hands over (a whole state, a setting whose result overflows) and write a non-finite value as a
// person reads it: "NaN", "infinity", never printf's "nan" or "-nan".
#pragma once

#include <array>
#include <cmath>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "kinema/kinema.h"

namespace kinema::c_abi {

/// The largest magnitude of a state's velocity coordinate: the models square the speed, and a larger one
/// overflows inside the step (Unreal then returns a velocity of 0, Dishonored a NaN).
inline constexpr double max_state_velocity = 1e150;

/// `value` for a message: the library's number text, or "NaN", "infinity", "-infinity".
std::string readable_number(double value);

/// Throws std::invalid_argument "FUNCTION: NAME must be a finite number, got NaN".
[[noreturn]] void refuse_non_finite(const char* function, std::string_view name, double value);
/// Throws std::invalid_argument naming the first coordinate of `state` that is not usable.
[[noreturn]] void refuse_state(const char* function, std::string_view name, const kinema_planar_state& state);

// The checks below run on every step a game makes: inline comparisons, and text only on the way to a refusal.

/// Throws refuse_non_finite's error unless `value` is finite.
inline void require_finite(const char* function, std::string_view name, double value) {
    if (!std::isfinite(value)) {
        refuse_non_finite(function, name, value);
    }
}

/// Whether every number of `state` is finite.
inline bool finite(const kinema_planar_state& state) {
    return std::isfinite(state.position.x) && std::isfinite(state.position.y) &&
           std::isfinite(state.velocity.x) && std::isfinite(state.velocity.y);
}

/// A planar state given as argument `name`: every coordinate finite and each velocity coordinate within
/// max_state_velocity; throws std::invalid_argument naming the coordinate ("state.velocity.x") otherwise.
inline void require_usable_state(const char* function, std::string_view name,
                                 const kinema_planar_state& state) {
    // A NaN fails the velocity's comparisons too.
    if (!(std::isfinite(state.position.x) && std::isfinite(state.position.y) &&
          std::abs(state.velocity.x) <= max_state_velocity &&
          std::abs(state.velocity.y) <= max_state_velocity)) {
        refuse_state(function, name, state);
    }
}

/// A named number of a result.
using ResultField = std::pair<const char*, double>;

/// Whether every field is finite.
bool all_finite(std::span<const ResultField> fields);

/// Throws std::invalid_argument "FUNCTION: BLAME: too large for a finite result (RESULT's FIELD would be
/// infinity)" for the first field that is not finite (arguments that each passed their checks and still
/// overflow together).
///
/// Kept as a defence, though the settings' ranges now refuse every value found to overflow (issue 40: each
/// range is one whose values compute finite results, and c/tests/finite_abi_test.cpp steps and queries every
/// field at both ends of its range with the largest usable state without reaching it): the ABI's promise
/// that NaN and infinity never leave it should not rest on every range of every model, including fields added
/// later, being chosen right, and the check costs a few comparisons on a result already computed (the text
/// is built only on the way to a refusal). It is still reached by arguments without a range of their own:
/// kinema_unreal_stop_continuous's speed of 1e308.
void require_finite_result(const char* function, const std::string& blame, const std::string& result,
                           std::span<const ResultField> fields);

/// A planar state's four numbers, named as the C struct names them.
std::array<ResultField, 4> state_fields(const kinema_planar_state& state);

}  // namespace kinema::c_abi
