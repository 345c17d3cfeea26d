// libm functions for the WebAssembly build only (web/CMakeLists.txt links them ahead of emscripten's libc),
// so that the browser computes the same doubles as the CLI on Linux (glibc).
//
// Why: emscripten's libc is musl, whose hypot, atan2 and cos (fdlibm's) differ from glibc's in the last bit
// for some arguments, and the pursuit's numbers depend on them: vector lengths (std::hypot, core/vec.hpp)
// normalise the NPC's input and facing every step, the heading rate is an atan2 (pursuit.cpp), and the view
// cone's cosine decides what the NPC sees. `kinema pursue --json` and the pursuit page must agree byte for
// byte.
//
// hypot: glibc's algorithm, in hypot.cpp beside this file (the Windows build uses it too).
//
// atan2, cos: evaluated in binary128 (emscripten's long double; musl's ld128 atan2l / cosl, errors below one
// 113-bit ulp) and rounded once to double, i.e. correctly rounded. glibc's are correctly rounded for all but
// about 1 argument in 1000 (measured against libquadmath on 5 million random arguments: 4356 atan2 and 6983
// cos differences), so a rare last-bit difference remains possible; the browser test's byte-for-byte
// comparisons check the runs it makes.
#include <cmath>

extern "C" double atan2(double y, double x) {
    return static_cast<double>(atan2l(static_cast<long double>(y), static_cast<long double>(x)));
}

extern "C" double cos(double x) {
    return static_cast<double>(cosl(static_cast<long double>(x)));
}
