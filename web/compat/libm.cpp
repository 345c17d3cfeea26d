// libm functions for the WebAssembly build only (web/CMakeLists.txt links them ahead of emscripten's libc),
// so that the browser computes the same doubles as the CLI on Linux (glibc).
//
// Why: emscripten's libc is musl, whose hypot, atan2 and cos (fdlibm's) differ from glibc's in the last bit
// for some arguments, and the pursuit's numbers depend on them: vector lengths (std::hypot, core/vec.hpp)
// normalise the NPC's input and facing every step, the heading rate is an atan2 (pursuit.cpp), and the view
// cone's cosine decides what the NPC sees. `kinema pursue --json` and the pursuit page must agree byte for
// byte.
//
// hypot: glibc's algorithm (glibc 2.35+, after Borges, "An Improved Algorithm for hypot(a,b)", 2019: one
// square root and a correction step, the non-FMA kernel glibc's x86-64 build uses). Checked against Debian
// 12's glibc 2.36 on 20 million random pairs from 2^-30 to 2^30: no difference.
//
// atan2, cos: evaluated in binary128 (emscripten's long double; musl's ld128 atan2l / cosl, errors below one
// 113-bit ulp) and rounded once to double, i.e. correctly rounded. glibc's are correctly rounded for all but
// about 1 argument in 1000 (measured against libquadmath on 5 million random arguments: 4356 atan2 and 6983
// cos differences), so a rare last-bit difference remains possible; the browser test's byte-for-byte
// comparisons check the runs it makes.
#include <cmath>

namespace {

constexpr double kScale = 0x1p-600;
constexpr double kLarge = 0x1p+511;
constexpr double kTiny = 0x1p-511;
constexpr double kEps = 0x1p-54;

// ax >= ay >= 0, and squaring ax, ay and ax - ay neither overflows nor underflows.
double kernel(double ax, double ay) {
    double h = std::sqrt(ax * ax + ay * ay);
    double t1 = 0.0;
    double t2 = 0.0;
    if (h <= 2.0 * ay) {
        const double delta = h - ay;
        t1 = ax * (2.0 * delta - ax);
        t2 = (delta - 2.0 * (ax - ay)) * delta;
    } else {
        const double delta = h - ax;
        t1 = 2.0 * delta * (ax - 2.0 * ay);
        t2 = (4.0 * delta - ay) * ay + delta * delta;
    }
    h -= (t1 + t2) / (2.0 * h);
    return h;
}

}  // namespace

extern "C" double hypot(double x, double y) {
    if (!std::isfinite(x) || !std::isfinite(y)) {
        return std::isinf(x) || std::isinf(y) ? INFINITY : x + y;
    }
    x = std::fabs(x);
    y = std::fabs(y);
    const double ax = x < y ? y : x;
    const double ay = x < y ? x : y;
    if (ax > kLarge) {  // scale down so that the squares do not overflow
        return ay <= ax * kEps ? ax + ay : kernel(ax * kScale, ay * kScale) / kScale;
    }
    if (ay < kTiny) {  // scale up so that the squares do not underflow
        return ax >= ay / kEps ? ax + ay : kernel(ax / kScale, ay / kScale) * kScale;
    }
    return ay <= ax * kEps ? ax + ay : kernel(ax, ay);
}

extern "C" double atan2(double y, double x) {
    return static_cast<double>(atan2l(static_cast<long double>(y), static_cast<long double>(x)));
}

extern "C" double cos(double x) {
    return static_cast<double>(cosl(static_cast<long double>(x)));
}
