// Prints the bits of libm results for pseudo-random arguments, one line per call: "NAME RANGE HEX". Built
// natively (glibc) and for Windows (run under wine) by scripts/measure-libm-windows.sh, which counts per
// function how often the two print different doubles. The arguments come from a fixed 64-bit generator
// (splitmix64) turned into doubles exactly, so both builds see the same ones.
//   measure-libm COUNT [x87-53]
// COUNT arguments per function and range. x87-53 (x86-64 Windows only) first sets the x87 precision control
// to 53 bits, as Windows starts a process (the x64 ABI's x87 control word 0x27F) and as a program loading
// kinema_c.dll may leave it; MinGW's startup code sets 64 bits for its own programs.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

std::uint64_t state = 0x9E3779B97F4A7C15u;

std::uint64_t next_bits() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

// Uniform in [lo, hi).
double uniform(double lo, double hi) {
    const double unit = static_cast<double>(next_bits() >> 11) * 0x1p-53;
    return lo + (hi - lo) * unit;
}

// In [2^lo, 2^hi), every binade equally often. ldexp is exact (exp2 and log2 would not be the same on both).
double log_uniform(int lo, int hi) {
    const int exponent = lo + static_cast<int>(next_bits() % static_cast<std::uint64_t>(hi - lo));
    return std::ldexp(uniform(1.0, 2.0), exponent);
}

// Printed by hand: msvcrt's printf and glibc's agree on text, but this avoids depending on it.
void print(const char* name, const char* range, double value) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    char hex[17];
    for (int i = 15; i >= 0; --i, bits >>= 4) {
        hex[i] = "0123456789abcdef"[bits & 15];
    }
    hex[16] = '\0';
    std::printf("%s %s %s\n", name, range, hex);
}

}  // namespace

int main(int argc, char** argv) {
    const long count = argc > 1 ? std::atol(argv[1]) : 100000;
#if defined(_WIN32) && defined(__x86_64__)
    if (argc > 2 && std::strcmp(argv[2], "x87-53") == 0) {
        const unsigned short windows_default = 0x027F;
        asm volatile("fldcw %0" : : "m"(windows_default) : "memory");
    }
#endif
    // "kinema": the arguments kinema's code gives them (analysis/stop.cpp: expm1 of n log P and log1p of
    // -beta h with P, beta h in (0, 1); the turn analysis' and view cone's acos/asin; headings' atan2 of
    // vectors; morrowind.cpp's pow, vector lengths' hypot). "wide": most of the finite domain.
    for (long i = 0; i < count; ++i) {
        print("expm1", "kinema", std::expm1(uniform(-40.0, 0.0)));
        print("expm1", "wide", std::expm1(uniform(-1.0, 1.0) * log_uniform(-33, 10)));
        print("log1p", "kinema", std::log1p(-uniform(0.0, 1.0)));
        print("log1p", "wide", std::log1p(log_uniform(-33, 997) - uniform(0.0, 1.0) * 1e-1));
        print("acos", "kinema", std::acos(uniform(-1.0, 1.0)));
        print("acos", "wide", std::acos(uniform(-1.0, 1.0) * log_uniform(-33, 0)));
        print("asin", "kinema", std::asin(uniform(-1.0, 1.0)));
        print("asin", "wide", std::asin(uniform(-1.0, 1.0) * log_uniform(-33, 0)));
        print("sin", "kinema", std::sin(uniform(-7.0, 7.0)));
        print("sin", "wide", std::sin(uniform(-1.0, 1.0) * log_uniform(-33, 20)));
        print("cos", "kinema", std::cos(uniform(-7.0, 7.0)));
        print("cos", "wide", std::cos(uniform(-1.0, 1.0) * log_uniform(-33, 20)));
        print("atan2", "kinema", std::atan2(uniform(-20.0, 20.0), uniform(-20.0, 20.0)));
        print(
            "atan2", "wide",
            std::atan2(uniform(-1.0, 1.0) * log_uniform(-33, 33), uniform(-1.0, 1.0) * log_uniform(-33, 33)));
        print("pow", "kinema", std::pow(uniform(0.0, 10.0), uniform(0.0, 3.0)));
        print("pow", "wide", std::pow(log_uniform(-10, 10), uniform(-50.0, 50.0)));
        print("exp", "kinema", std::exp(uniform(-40.0, 1.0)));
        print("exp", "wide", std::exp(uniform(-700.0, 700.0)));
        print("hypot", "kinema", std::hypot(uniform(-20.0, 20.0), uniform(-20.0, 20.0)));
        print(
            "hypot", "wide",
            std::hypot(uniform(-1.0, 1.0) * log_uniform(-30, 30), uniform(-1.0, 1.0) * log_uniform(-30, 30)));
        print("log", "kinema", std::log(uniform(0.0, 100.0)));
        print("log", "wide", std::log(log_uniform(-997, 997)));
    }
    return 0;
}
