// A packaged library opened when a part first needs it (dlopen) and its functions looked up by name (dlsym):
// the pictures' cairo and the 3D scenes' Assimp, each of which cost every kinema process milliseconds at
// start when linked. POSIX only: the parts that include it are not built for Windows or the browser.
#pragma once

#include <dlfcn.h>

#include <string>

namespace kinema::detail {

struct SharedLibrary {
    const char* file = nullptr;  // the name it was opened by (its soname)
    void* handle = nullptr;      // null when it could not be opened
    std::string failure;  // why it, or one of the functions asked for, cannot be had; empty when all can
};

// Opens `file` for the rest of the process (never closed: what it allocated may outlive any one caller).
inline SharedLibrary open_shared_library(const char* file) {
    SharedLibrary library{file, dlopen(file, RTLD_NOW | RTLD_LOCAL), {}};
    if (library.handle == nullptr) {
        const char* why = dlerror();
        library.failure = why != nullptr ? why : std::string(file) + " could not be loaded";
    }
    return library;
}

// `out` set to the library's function `name` (its type from the library's own header), or null; the first
// function missing is named in `failure`.
template <typename Function>
void find_function(SharedLibrary& library, const char* name, Function& out) {
    out = library.handle != nullptr ? reinterpret_cast<Function>(dlsym(library.handle, name)) : nullptr;
    if (out == nullptr && library.failure.empty()) {
        library.failure = std::string(library.file) + " has no " + name;
    }
}

}  // namespace kinema::detail
