// cairo loaded on first use (cairo_library.hpp).
#include "cairo_library.hpp"

#include <stdexcept>
#include <utility>

#include "kinema/core/shared_library.hpp"

namespace kinema::render::detail {
namespace {

// The library's functions, or why they cannot be had.
struct Loaded {
    CairoLibrary functions;
    std::string failure;
};

Loaded load() {
    kinema::detail::SharedLibrary cairo = kinema::detail::open_shared_library(KINEMA_CAIRO_LIBRARY);
    Loaded l;
#define KINEMA_CAIRO_FIND(name) kinema::detail::find_function(cairo, #name, l.functions.name);
    KINEMA_CAIRO_FUNCTIONS(KINEMA_CAIRO_FIND)
#undef KINEMA_CAIRO_FIND
    l.failure = std::move(cairo.failure);
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
