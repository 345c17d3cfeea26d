// Small value types for 2D and 3D vectors in double precision. Units are whatever the caller's model uses
// (cm for Unreal, Morrowind units for Morrowind, ...); these types carry none.
#pragma once

#include <cmath>

namespace kinema {

struct Vec2 {
    double x = 0.0;
    double y = 0.0;

    constexpr Vec2& operator+=(Vec2 o) {
        x += o.x;
        y += o.y;
        return *this;
    }
    constexpr Vec2& operator-=(Vec2 o) {
        x -= o.x;
        y -= o.y;
        return *this;
    }
    constexpr Vec2& operator*=(double s) {
        x *= s;
        y *= s;
        return *this;
    }
    friend constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
    friend constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
    friend constexpr Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
    friend constexpr Vec2 operator*(Vec2 a, double s) { return {a.x * s, a.y * s}; }
    friend constexpr Vec2 operator*(double s, Vec2 a) { return {a.x * s, a.y * s}; }
    friend constexpr Vec2 operator/(Vec2 a, double s) { return {a.x / s, a.y / s}; }
    friend constexpr bool operator==(Vec2 a, Vec2 b) = default;
};

constexpr double dot(Vec2 a, Vec2 b) {
    return a.x * b.x + a.y * b.y;
}
/// z component of the 3D cross product: positive when b is counter-clockwise from a.
constexpr double cross(Vec2 a, Vec2 b) {
    return a.x * b.y - a.y * b.x;
}
constexpr double length_squared(Vec2 a) {
    return dot(a, a);
}
inline double length(Vec2 a) {
    return std::hypot(a.x, a.y);
}
/// a / |a|, or the zero vector when |a| == 0.
inline Vec2 normalized_or_zero(Vec2 a) {
    const double len = length(a);
    return len > 0.0 ? a / len : Vec2{};
}
/// The vector rotated by +90 degrees: (-y, x).
constexpr Vec2 perpendicular(Vec2 a) {
    return {-a.y, a.x};
}
inline bool is_finite(Vec2 a) {
    return std::isfinite(a.x) && std::isfinite(a.y);
}

struct Vec3 {
    double x = 0.0;
    double y = 0.0;
    double z = 0.0;

    friend constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    friend constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    friend constexpr Vec3 operator*(Vec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
    friend constexpr Vec3 operator*(double s, Vec3 a) { return {a.x * s, a.y * s, a.z * s}; }
    friend constexpr Vec3 operator/(Vec3 a, double s) { return {a.x / s, a.y / s, a.z / s}; }
    friend constexpr bool operator==(Vec3 a, Vec3 b) = default;
};

constexpr double dot(Vec3 a, Vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
constexpr double length_squared(Vec3 a) {
    return dot(a, a);
}
inline double length(Vec3 a) {
    return std::sqrt(dot(a, a));
}
inline bool is_finite(Vec3 a) {
    return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z);
}

}  // namespace kinema
