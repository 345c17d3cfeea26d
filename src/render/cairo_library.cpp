// cairo loaded on first use (cairo_library.hpp).
#include "cairo_library.hpp"

#include <dlfcn.h>

#include <stdexcept>

namespace kinema::render::detail {
namespace {

// The library's functions, or why they cannot be had.
struct Loaded {
    CairoLibrary functions;
    std::string failure;
};

template <typename Function>
void find_function(void* library, const char* name, Function& out, std::string& failure) {
    out = reinterpret_cast<Function>(dlsym(library, name));
    if (out == nullptr && failure.empty()) {
        failure = std::string("it has no ") + name;
    }
}

Loaded load() {
    Loaded l;
    void* handle = dlopen(KINEMA_CAIRO_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* why = dlerror();
        l.failure = why != nullptr ? why : "it could not be loaded";
        return l;
    }
#define KINEMA_CAIRO_FIND(name) find_function(handle, #name, l.functions.name, l.failure);
    KINEMA_CAIRO_FUNCTIONS(KINEMA_CAIRO_FIND)
#undef KINEMA_CAIRO_FIND
    return l;
}

}  // namespace

const CairoLibrary& cairo_library() {
    static const Loaded library = load();
    if (!library.failure.empty()) {
        throw std::runtime_error("PNG pictures need cairo (" KINEMA_CAIRO_LIBRARY "): " + library.failure);
    }
    return library.functions;
}

}  // namespace kinema::render::detail
