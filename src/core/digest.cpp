#include "kinema/core/digest.hpp"

#include <bit>
#include <cstring>

namespace kinema {

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash) {
    for (const char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= fnv1a64_prime;
    }
    return hash;
}

std::string digest_text(std::uint64_t digest) {
    std::string out(16, '0');
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = "0123456789abcdef"[(digest >> (60 - 4 * i)) & 15u];
    }
    return out;
}

namespace {

// 8 bytes as a little-endian word whatever the machine's byte order (one load where the machine is
// little-endian).
std::uint64_t little_endian_word(const char* p) {
    if constexpr (std::endian::native == std::endian::little) {
        std::uint64_t w;
        std::memcpy(&w, p, sizeof w);
        return w;
    }
    std::uint64_t w = 0;
    for (unsigned i = 0; i < 8; ++i) {
        w |= std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
    }
    return w;
}

}  // namespace

void WordDigest::add(std::string_view bytes) {
    length_ += bytes.size();
    std::size_t i = 0;
    while (pending_bytes_ != 0 && i < bytes.size()) {
        pending_ |= std::uint64_t{static_cast<unsigned char>(bytes[i++])} << (8 * pending_bytes_);
        if (++pending_bytes_ == 8) {
            hash_ = (hash_ ^ pending_) * fnv1a64_prime;
            pending_ = 0;
            pending_bytes_ = 0;
        }
    }
    for (; i + 8 <= bytes.size(); i += 8) {
        hash_ = (hash_ ^ little_endian_word(bytes.data() + i)) * fnv1a64_prime;
    }
    for (; i < bytes.size(); ++i) {
        pending_ |= std::uint64_t{static_cast<unsigned char>(bytes[i])} << (8 * pending_bytes_++);
    }
}

std::uint64_t WordDigest::value() const {
    std::uint64_t hash = hash_;
    if (pending_bytes_ != 0) {
        hash = (hash ^ pending_) * fnv1a64_prime;
    }
    return (hash ^ length_) * fnv1a64_prime;
}

}  // namespace kinema
