// kinema::fnv1a64 against the published FNV-1a 64 test vectors, and kinema::WordDigest against its
// definition (8-byte little-endian words, the last padded with zeros, then the byte count) written out
// step by step, fed whole and in pieces of every size.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "kinema/core/digest.hpp"

namespace {

using kinema::fnv1a64;
using kinema::fnv1a64_basis;
using kinema::fnv1a64_prime;
using kinema::WordDigest;

TEST(Fnv1a64, PublishedVectors) {
    // Fowler, Noll and Vo's test suite: "" and "a" and "foobar".
    EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
    EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
    EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ull);
    EXPECT_EQ(fnv1a64("bar", fnv1a64("foo")), fnv1a64("foobar"));
}

std::uint64_t word_digest(std::string_view bytes) {
    WordDigest d;
    d.add(bytes);
    return d.value();
}

TEST(WordDigest, ItsDefinitionStepByStep) {
    EXPECT_EQ(word_digest(""), (fnv1a64_basis ^ 0u) * fnv1a64_prime);
    // "a": one word 0x61 padded with zeros, then the count 1.
    EXPECT_EQ(word_digest("a"), (((fnv1a64_basis ^ 0x61u) * fnv1a64_prime) ^ 1u) * fnv1a64_prime);
    // "abcdefgh" is the word 0x6867666564636261; "abcdefghi" adds the word 0x69.
    const std::uint64_t w1 = (fnv1a64_basis ^ 0x6867666564636261ull) * fnv1a64_prime;
    EXPECT_EQ(word_digest("abcdefgh"), (w1 ^ 8u) * fnv1a64_prime);
    EXPECT_EQ(word_digest("abcdefghi"), (((w1 ^ 0x69u) * fnv1a64_prime) ^ 9u) * fnv1a64_prime);
    // Trailing zero bytes change the digest (the count), as does any one byte.
    EXPECT_NE(word_digest(std::string_view("a\0", 2)), word_digest("a"));
    EXPECT_NE(word_digest("abcdefghi"), word_digest("abcdefghj"));
}

TEST(WordDigest, PiecesOfAnySizeGiveTheWholesDigest) {
    std::string text;
    for (int i = 0; i < 100; ++i) {
        text += static_cast<char>('0' + (i * 37) % 75);
    }
    const std::uint64_t whole = word_digest(text);
    for (std::size_t piece = 1; piece <= 17; ++piece) {
        WordDigest d;
        for (std::size_t at = 0; at < text.size(); at += piece) {
            d.add(std::string_view(text).substr(at, piece));
        }
        EXPECT_EQ(d.value(), whole) << "pieces of " << piece;
    }
}

}  // namespace
