// expm1, log1p, acos, asin, exp and pow for the Windows build only (src/CMakeLists.txt adds this file to
// kinema_core beside hypot.cpp, ahead of MinGW's libmingwex and msvcrt.dll), so that kinema.exe and
// kinema_c.dll compute the doubles the Linux build (glibc) does as often as possible.
//
// Why: `kinema stop` (analysis/stop.cpp: expm1 of n log P, log1p of -beta h), the turn analysis and the view
// cone (acos, asin) and the Morrowind jump (pow) print these functions' doubles. acos and asin came from the
// system's msvcrt.dll, which differed from glibc for 6-8% of arguments under wine (and real Windows' msvcrt
// may differ again); MinGW's expm1 for 26% of wide arguments. And libmingwex's x87 code (exp, pow, expm1,
// log1p) depends on the x87 precision control: MinGW's startup code sets 64-bit significands in kinema.exe,
// but Windows starts a process with 53 bits (the x64 calling convention's FpCsr, precision control 10b,
// Microsoft "x64 software conventions: FpCsr") and a game that loads kinema_c.dll keeps it so, where exp then
// differed for 17% and pow for 45-93% of arguments.
//
// How: each is evaluated in x87 80-bit long double by libmingwex's own statically linked expm1l, log1pl,
// acosl, asinl, expl and powl (64-bit significands, errors of a few 64-bit ulps) with the precision control
// at 64 bits for the call (ExtendedPrecision), and rounded once to double: correctly rounded but for the rare
// argument whose long double lies within a few 64-bit ulps of a half-way point between doubles. glibc's acos,
// asin, exp and pow are nearly correctly rounded, so they agree almost always. glibc's expm1 and log1p are
// not (errors below 1 ulp): they differ from the correctly rounded double for a few percent of arguments,
// which only their own algorithm with its own coefficients could match, and nothing of glibc's is copied
// here. One measured regularity of glibc's expm1 is used (below x = -1.5 ln 2 it is e^x rounded, minus one).
//
// Measured with scripts/measure-libm-windows.sh (200,000 random arguments per function and range, wine 8,
// Debian 12's glibc 2.36; "kinema": the ranges kinema's code uses, "wide": most of the domain): the share
// of arguments whose double differs from glibc's with MinGW's and msvcrt's functions (before) and with these
// (after), with the x87 precision control at 64 bits (kinema.exe) and at Windows' 53 bits:
//   function range     before    after   53-bit: before    after
//   acos     kinema     7.563%   0.069%          7.563%   0.069%
//   acos     wide       0.651%   0.025%          0.651%   0.025%
//   asin     kinema     5.967%   0.132%          5.967%   0.132%
//   asin     wide       0.196%   0.068%          0.196%   0.068%
//   exp      kinema     0.080%   0.080%         16.984%   0.080%
//   exp      wide       0.082%   0.082%         17.434%   0.082%
//   expm1    kinema     0.749%   0.342%          0.897%   0.342%
//   expm1    wide      26.228%   1.810%         27.343%   1.810%
//   log1p    kinema     7.265%   7.265%          7.265%   7.265%
//   log1p    wide       0.143%   0.143%          0.239%   0.143%
//   pow      kinema     0.098%   0.098%         45.014%   0.098%
//   pow      wide       1.579%   1.579%         93.312%   1.579%
//   hypot    kinema    13.454%   0.000%         13.454%   0.000%   (hypot.cpp)
//   hypot    wide       9.012%   0.000%          9.012%   0.000%
// log1p's long double is MinGW's own log1p at 64 bits (both x87 fyl2xp1), so only the 53-bit case gains.
// sin, cos, atan2 and log are left to MinGW: they use x87 instructions that the precision control does not
// touch and already agree as these would (0.02-0.14% in kinema's ranges; sin and cos 6.6% for wide
// arguments, from the x87's argument reduction, which kinema's angles never need).
#include <cmath>

namespace {

// The x87 precision control at 64-bit significands for the scope, and the caller's control word restored
// after (the x64 calling convention keeps it nonvolatile). Skips the load when it is already so (kinema.exe).
class ExtendedPrecision {
  public:
    ExtendedPrecision() {
        asm volatile("fnstcw %0" : "=m"(saved_) : : "memory");
        const unsigned short extended = saved_ | kPrecisionControl64;
        if (extended != saved_) {
            asm volatile("fldcw %0" : : "m"(extended) : "memory");
        }
    }
    ~ExtendedPrecision() { asm volatile("fldcw %0" : : "m"(saved_) : "memory"); }
    ExtendedPrecision(const ExtendedPrecision&) = delete;
    ExtendedPrecision& operator=(const ExtendedPrecision&) = delete;

  private:
    static constexpr unsigned short kPrecisionControl64 = 0x0300;  // bits 8-9 of the x87 control word
    unsigned short saved_ = 0;
};

}  // namespace

// Below -1.5 ln 2 glibc's expm1 returns, as measured, its e^x rounded to double minus one (agreeing so for
// all but 0.1% of arguments in [-10, -3) and all of [-40, -10), where the correctly rounded expm1 differs for
// 0.6% and 0.02%); `kinema stop` (analysis/stop.cpp) takes expm1 of such n log P.
constexpr double kExpm1ViaExpBelow = -1.5 * 0.69314718055994530942;

extern "C" double expm1(double x) {
    const ExtendedPrecision extended;
    if (x < kExpm1ViaExpBelow) {
        return static_cast<double>(expl(static_cast<long double>(x))) - 1.0;
    }
    return static_cast<double>(expm1l(static_cast<long double>(x)));
}

extern "C" double log1p(double x) {
    const ExtendedPrecision extended;
    return static_cast<double>(log1pl(static_cast<long double>(x)));
}

extern "C" double acos(double x) {
    const ExtendedPrecision extended;
    return static_cast<double>(acosl(static_cast<long double>(x)));
}

extern "C" double asin(double x) {
    const ExtendedPrecision extended;
    return static_cast<double>(asinl(static_cast<long double>(x)));
}

extern "C" double exp(double x) {
    const ExtendedPrecision extended;
    return static_cast<double>(expl(static_cast<long double>(x)));
}

extern "C" double pow(double x, double y) {
    const ExtendedPrecision extended;
    return static_cast<double>(powl(static_cast<long double>(x), static_cast<long double>(y)));
}
