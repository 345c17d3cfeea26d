// hypot with glibc's doubles, for the builds whose C library computes it otherwise: the WebAssembly build
// (web/CMakeLists.txt links it ahead of emscripten's musl) and the Windows build (src/CMakeLists.txt adds it
// to kinema_core, ahead of MinGW's and msvcrt's _hypot). Vector lengths (std::hypot, core/vec.hpp) normalise
// the NPC's input and facing every pursuit step, so a last-bit difference changes `kinema pursue`'s output:
// the _hypot of wine 8's msvcrt differed from glibc's for 13% of random pairs in [-20, 20]^2, and every
// pursuit of scripts/compare-windows.sh printed other doubles until this replaced it (Windows' own msvcrt is
// not measured here).
//
// glibc's algorithm (glibc 2.35+, after Borges, "An Improved Algorithm for hypot(a,b)", 2019: one
// square root and a correction step, the non-FMA kernel glibc's x86-64 build uses). Checked against Debian
// 12's glibc 2.36 on 20 million random pairs from 2^-30 to 2^30: no difference.
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
        return std::isinf(x) || std::isinf(y) ? HUGE_VAL : x + y;  // HUGE_VAL: a double infinity
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
