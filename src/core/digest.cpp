#include "kinema/core/digest.hpp"

#include <algorithm>
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

void WordDigest::step(std::uint64_t word) {
    std::uint64_t& lane = lane_[words_++ % lanes];
    lane = (lane ^ word) * fnv1a64_prime;
}

void WordDigest::add(std::string_view bytes) {
    length_ += bytes.size();
    std::size_t i = 0;
    while (pending_bytes_ != 0 && i < bytes.size()) {
        pending_ |= std::uint64_t{static_cast<unsigned char>(bytes[i++])} << (8 * pending_bytes_);
        if (++pending_bytes_ == 8) {
            step(pending_);
            pending_ = 0;
            pending_bytes_ = 0;
        }
    }
    for (; words_ % lanes != 0 && i + 8 <= bytes.size(); i += 8) {
        step(little_endian_word(bytes.data() + i));
    }
    // Whole rounds of four words from lane 0, each lane in a register of its own.
    std::uint64_t a = lane_[0], b = lane_[1], c = lane_[2], d = lane_[3];
    const std::size_t round = 8 * lanes;
    const std::size_t first = i;
    for (; i + round <= bytes.size(); i += round) {
        a = (a ^ little_endian_word(bytes.data() + i)) * fnv1a64_prime;
        b = (b ^ little_endian_word(bytes.data() + i + 8)) * fnv1a64_prime;
        c = (c ^ little_endian_word(bytes.data() + i + 16)) * fnv1a64_prime;
        d = (d ^ little_endian_word(bytes.data() + i + 24)) * fnv1a64_prime;
    }
    lane_[0] = a;
    lane_[1] = b;
    lane_[2] = c;
    lane_[3] = d;
    words_ += (i - first) / 8;
    for (; i + 8 <= bytes.size(); i += 8) {
        step(little_endian_word(bytes.data() + i));
    }
    for (; i < bytes.size(); ++i) {
        pending_ |= std::uint64_t{static_cast<unsigned char>(bytes[i])} << (8 * pending_bytes_++);
    }
}

std::uint64_t WordDigest::value() const {
    std::uint64_t lane[lanes];
    std::copy(lane_, lane_ + lanes, lane);
    if (pending_bytes_ != 0) {
        std::uint64_t& last = lane[words_ % lanes];
        last = (last ^ pending_) * fnv1a64_prime;
    }
    std::uint64_t hash = fnv1a64_basis;
    for (const std::uint64_t l : lane) {
        hash = (hash ^ l) * fnv1a64_prime;
    }
    return (hash ^ length_) * fnv1a64_prime;
}

}  // namespace kinema
