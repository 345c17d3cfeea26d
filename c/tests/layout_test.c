/* The struct layouts scripts/bindings.py computed for the C# mirrors and the npm package (kinema_layout.g.h),
 * checked by the C compiler: a header change the generator has not been run on, or a layout rule it gets
 * wrong, fails this build. C11 for _Static_assert (the header itself stays C99: c99_test.c). */
#include "kinema_layout.g.h"

int main(void) {
    return 0;
}
