// A zero-filled array from calloc: a large block is fresh memory from the OS, zero without being written, so
// its pages become resident only where they are written. The search's occupancy map and the path planner
// write only the cells a search reaches (on a grid, a band of rows around the NPC), so a 4096 x 4096 map no
// longer costs its full arrays in resident memory for a search that covers a few hundred rows.
// Private to the pursuit part.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace kinema::pursuit::detail {

template <class T>
class ZeroedArray {
    static_assert(std::is_trivial_v<T>, "all-zero bytes must be a value of T");

  public:
    /// n zeros (std::bad_alloc when the memory is not there).
    void reset(std::size_t n) {
        data_.reset();
        size_ = 0;
        if (n > 0) {
            data_.reset(static_cast<T*>(std::calloc(n, sizeof(T))));
            if (!data_) {
                throw std::bad_alloc();
            }
            size_ = n;
        }
    }
    std::size_t size() const { return size_; }
    T* data() { return data_.get(); }
    const T* data() const { return data_.get(); }
    T& operator[](std::size_t i) { return data_[i]; }
    T operator[](std::size_t i) const { return data_[i]; }
    void swap(ZeroedArray& other) noexcept {
        data_.swap(other.data_);
        std::swap(size_, other.size_);
    }

  private:
    struct Free {
        void operator()(T* p) const noexcept { std::free(p); }
    };
    std::unique_ptr<T[], Free> data_;
    std::size_t size_ = 0;
};

}  // namespace kinema::pursuit::detail
