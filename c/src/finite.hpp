// NaN and infinity never enter or leave the C ABI (kinema.h, "Conventions"): a step, a run or a query refuses
// a non-finite argument, and an argument whose result would not be finite, with KINEMA_ERROR_ARGUMENT naming
// the argument. The library's C++ checks cover the settings and most query arguments; these cover what a C
// caller alone hands over (a whole state, a setting whose result overflows) and write a non-finite value as a
// person reads it: "NaN", "infinity", never printf's "nan" or "-nan".
#pragma once

#include <array>
#include <span>
#include <string>
#include <utility>

#include "kinema/kinema.h"

namespace kinema::c_abi {

/// The largest magnitude of a state's velocity coordinate: the models square the speed, and a larger one
/// overflows inside the step (Unreal then returns a velocity of 0, Dishonored a NaN).
inline constexpr double max_state_velocity = 1e150;

/// `value` for a message: the library's number text, or "NaN", "infinity", "-infinity".
std::string readable_number(double value);

/// Throws std::invalid_argument "FUNCTION: NAME must be a finite number, got NaN" unless `value` is finite.
void require_finite(const char* function, const std::string& name, double value);

/// A planar state given as argument `name`: every coordinate finite and each velocity coordinate within
/// max_state_velocity; throws std::invalid_argument naming the coordinate ("state.velocity.x") otherwise.
void require_usable_state(const char* function, const std::string& name, const kinema_planar_state& state);

/// A named number of a result.
using ResultField = std::pair<const char*, double>;

/// Whether every field is finite.
bool all_finite(std::span<const ResultField> fields);

/// Throws std::invalid_argument "FUNCTION: BLAME: too large for a finite result (RESULT's FIELD would be
/// infinity)" for the first field that is not finite (arguments that each passed their checks and still
/// overflow together).
void require_finite_result(const char* function, const std::string& blame, const std::string& result,
                           std::span<const ResultField> fields);

/// A planar state's four numbers, named as the C struct names them.
std::array<ResultField, 4> state_fields(const kinema_planar_state& state);

}  // namespace kinema::c_abi
