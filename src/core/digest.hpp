// Content digests of the reports kinema writes and reads back (a sharded audit's parts, an audit's reuse
// record, a level file): FNV-1a 64 (Fowler, Noll and Vo; offset basis 14695981039346656037, prime
// 1099511628211). They catch a report edited or cut after it was written, not a forgery: a digest is
// recomputed by anyone who edits the bytes on purpose.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace kinema {

inline constexpr std::uint64_t fnv1a64_basis = 14695981039346656037ull;
inline constexpr std::uint64_t fnv1a64_prime = 1099511628211ull;

/// FNV-1a 64 of `bytes`, one byte a step; with `hash` the hash of earlier bytes, of those bytes followed by
/// `bytes` (a text hashed in pieces).
[[nodiscard]] std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash = fnv1a64_basis);

/// A digest as the reports write it: 16 lower-case hex digits, the most significant first.
[[nodiscard]] std::string digest_text(std::uint64_t digest);

/// FNV-1a 64 over 8-byte words in four lanes: the bytes are read as little-endian words, the last padded with
/// zero bytes; word k takes an FNV-1a step (xor, then multiply by the prime) in lane k mod 4, each lane
/// starting from the offset basis; the digest is FNV-1a over the four lanes' values in order, then the byte
/// count (so that trailing zero bytes count). The four lanes' multiplications do not wait for each other:
/// about four times the speed of one chain on a report of tens of megabytes. Fed in pieces of any size, it
/// gives the digest of their concatenation.
class WordDigest {
  public:
    static constexpr std::size_t lanes = 4;

    void add(std::string_view bytes);
    [[nodiscard]] std::uint64_t value() const;

  private:
    void step(std::uint64_t word);

    std::uint64_t lane_[lanes] = {fnv1a64_basis, fnv1a64_basis, fnv1a64_basis, fnv1a64_basis};
    std::uint64_t words_ = 0;    // complete words taken
    std::uint64_t pending_ = 0;  // the bytes of an unfinished word, the first in the low byte
    unsigned pending_bytes_ = 0;
    std::uint64_t length_ = 0;
};

}  // namespace kinema
