// Replacement global allocation functions that count. Kept in a translation unit of their own so the
// compiler never inlines the malloc/free pair into a caller's new/delete expression (GCC 12 then reports a
// false -Wmismatched-new-delete at -O2).
#include "allocation_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<long> allocations{0};
std::atomic<long long> bytes{0};
}  // namespace

namespace kinema::test {
long allocation_count() noexcept {
    return allocations.load(std::memory_order_relaxed);
}
long long allocated_bytes() noexcept {
    return bytes.load(std::memory_order_relaxed);
}
}  // namespace kinema::test

void* operator new(std::size_t size) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    bytes.fetch_add(static_cast<long long>(size), std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size)) {
        return p;
    }
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
    return operator new(size);
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete[](void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
    std::free(p);
}
// The nothrow forms too (std::stable_sort's temporary buffer uses them): left to the runtime, they would
// allocate outside the count, and under AddressSanitizer their memory would reach the free() above, a
// mismatch it reports.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    allocations.fetch_add(1, std::memory_order_relaxed);
    bytes.fetch_add(static_cast<long long>(size), std::memory_order_relaxed);
    return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept {
    return operator new(size, tag);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
    std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
    std::free(p);
}
