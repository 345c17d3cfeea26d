// kinema::fnv1a64 against the published FNV-1a 64 test vectors, and kinema::WordDigest against its
// definition (8-byte little-endian words, the last padded with zeros, word k in lane k mod 4, then the
// lanes and the byte count) written out step by step, fed whole and in pieces of every size.
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

// The four lanes' values, then the byte count, hashed as FNV-1a steps.
std::uint64_t finish(std::uint64_t l0, std::uint64_t l1, std::uint64_t l2, std::uint64_t l3,
                     std::uint64_t length) {
    std::uint64_t h = fnv1a64_basis;
    for (const std::uint64_t l : {l0, l1, l2, l3}) {
        h = (h ^ l) * fnv1a64_prime;
    }
    return (h ^ length) * fnv1a64_prime;
}

std::uint64_t fnv_step(std::uint64_t lane, std::uint64_t word) {
    return (lane ^ word) * fnv1a64_prime;
}

TEST(WordDigest, ItsDefinitionStepByStep) {
    const std::uint64_t b = fnv1a64_basis;
    EXPECT_EQ(word_digest(""), finish(b, b, b, b, 0));
    // "a": one word 0x61 padded with zeros, in lane 0, then the count 1.
    EXPECT_EQ(word_digest("a"), finish(fnv_step(b, 0x61u), b, b, b, 1));
    // "abcdefgh" is the word 0x6867666564636261; "abcdefghi" adds the word 0x69, in lane 1.
    const std::uint64_t w1 = fnv_step(b, 0x6867666564636261ull);
    EXPECT_EQ(word_digest("abcdefgh"), finish(w1, b, b, b, 8));
    EXPECT_EQ(word_digest("abcdefghi"), finish(w1, fnv_step(b, 0x69u), b, b, 9));
    // Five words: the fifth ("q", word 4) goes back to lane 0, after the first.
    const std::string five = "abcdefghabcdefghabcdefghabcdefghq";
    EXPECT_EQ(word_digest(five), finish(fnv_step(w1, 0x71u), w1, w1, w1, 33));
    // Trailing zero bytes change the digest (the count), as does any one byte, and the lanes' order.
    EXPECT_NE(word_digest(std::string_view("a\0", 2)), word_digest("a"));
    EXPECT_NE(word_digest("abcdefghi"), word_digest("abcdefghj"));
    EXPECT_NE(word_digest("aaaaaaaabbbbbbbb"), word_digest("bbbbbbbbaaaaaaaa"));
}

// The definition as one plain loop over the bytes: word k in lane k mod 4.
std::uint64_t by_definition(std::string_view bytes) {
    std::uint64_t lane[4] = {fnv1a64_basis, fnv1a64_basis, fnv1a64_basis, fnv1a64_basis};
    for (std::size_t at = 0; at < bytes.size(); at += 8) {
        std::uint64_t word = 0;
        for (std::size_t i = 0; i < 8 && at + i < bytes.size(); ++i) {
            word |= std::uint64_t{static_cast<unsigned char>(bytes[at + i])} << (8 * i);
        }
        lane[(at / 8) % 4] = fnv_step(lane[(at / 8) % 4], word);
    }
    return finish(lane[0], lane[1], lane[2], lane[3], bytes.size());
}

TEST(WordDigest, PiecesOfAnySizeGiveTheWholesDigest) {
    std::string text;
    for (int i = 0; i < 300; ++i) {
        text += static_cast<char>('0' + (i * 37) % 75);
    }
    const std::uint64_t whole = word_digest(text);
    for (std::size_t length = 0; length <= text.size(); length += 7) {
        EXPECT_EQ(word_digest(std::string_view(text).substr(0, length)),
                  by_definition(std::string_view(text).substr(0, length)))
            << length << " bytes";
    }
    // Up to 41 bytes a piece: pieces that start in every lane and span whole rounds of four words.
    for (std::size_t piece = 1; piece <= 41; ++piece) {
        WordDigest d;
        for (std::size_t at = 0; at < text.size(); at += piece) {
            d.add(std::string_view(text).substr(at, piece));
        }
        EXPECT_EQ(d.value(), whole) << "pieces of " << piece;
    }
}

}  // namespace
