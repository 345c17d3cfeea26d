#include "kinema/kinema.h"

extern "C" const char* kinema_version(void) {
    return KINEMA_VERSION;
}

extern "C" int kinema_c_api_version(void) {
    return KINEMA_C_API_VERSION;
}
