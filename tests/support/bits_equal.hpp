// Bit-for-bit equality of doubles and vectors, for tests that compare two implementations that must agree
// exactly (-0 and 0 differ, as do NaNs with different payloads).
#pragma once

#include <bit>
#include <cstdint>

#include "kinema/core/vec.hpp"

namespace kinema::test {

inline bool bits_equal(double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}
inline bool bits_equal(Vec3 a, Vec3 b) {
    return bits_equal(a.x, b.x) && bits_equal(a.y, b.y) && bits_equal(a.z, b.z);
}

}  // namespace kinema::test
