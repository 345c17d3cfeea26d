#include "kinema/core/memory.hpp"

#include <cstdint>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

namespace kinema {

void map_pages_for_writing(void* data, std::size_t bytes) noexcept {
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_POPULATE_WRITE)
    constexpr std::size_t worth_it = std::size_t{1} << 20;
    // The smallest page: with larger ones the range's ends are whole pages all the same.
    constexpr std::uintptr_t page = 4096;
    if (data == nullptr || bytes < worth_it) {
        return;
    }
    const auto begin = (reinterpret_cast<std::uintptr_t>(data) + page - 1) & ~(page - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(page - 1);
    // A kernel before 5.14 answers EINVAL: the pages are then mapped as they are written.
    (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE);
#else
    (void)data;
    (void)bytes;
#endif
}

}  // namespace kinema
