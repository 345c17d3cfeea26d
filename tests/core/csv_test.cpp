#include "kinema/core/csv.hpp"

#include <array>
#include <cmath>
#include <random>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace {

using kinema::CsvError;
using kinema::parse_csv;

constexpr std::array<std::string_view, 2> kDtX{"dt", "x"};

// The message of the CsvError that parsing `text` throws ("" when it does not throw).
std::string error_of(std::string_view text, const kinema::CsvLimits& limits = {}) {
    try {
        (void)parse_csv(text, "log.csv", kDtX, limits);
    } catch (const CsvError& e) {
        return e.what();
    }
    return "";
}

TEST(Csv, NamedColumnsInAnyOrderExtraColumnsIgnored) {
    const auto table = parse_csv("x, note ,dt\r\n1.5,hello,0.25\n\n# a comment\n-2e-3,x,1\n", "f.csv", kDtX);
    ASSERT_EQ(table.rows(), 2u);
    EXPECT_EQ(table.at(0, 0), 0.25);
    EXPECT_EQ(table.at(0, 1), 1.5);
    EXPECT_EQ(table.at(1, 0), 1.0);
    EXPECT_EQ(table.at(1, 1), -0.002);
    EXPECT_EQ(table.lines[0], 2);
    EXPECT_EQ(table.lines[1], 5);
}

TEST(Csv, ByteOrderMarkAndQuotedHeaderNames) {
    const auto table = parse_csv("\xEF\xBB\xBF\"dt\",\"x\"\n0.5,3\n", "f.csv", kDtX);
    ASSERT_EQ(table.rows(), 1u);
    EXPECT_EQ(table.at(0, 0), 0.5);
    EXPECT_EQ(table.at(0, 1), 3.0);
}

TEST(Csv, HeaderOnlyGivesNoRows) {
    EXPECT_EQ(parse_csv("dt,x\n", "f.csv", kDtX).rows(), 0u);
}

TEST(Csv, ErrorsNameFileAndLine) {
    EXPECT_EQ(error_of(""), "log.csv:1: empty file: expected a header row");
    EXPECT_EQ(error_of("\n# only a comment\n"), "log.csv:2: empty file: expected a header row");
    EXPECT_EQ(error_of("dt,y\n1,2\n"), "log.csv:1: missing column(s) x in the header row");
    EXPECT_EQ(error_of("a\n"), "log.csv:1: missing column(s) dt, x in the header row");
    EXPECT_EQ(error_of("dt,x,dt\n"), "log.csv:1: column 'dt' appears more than once");
    EXPECT_EQ(error_of("dt,x\n1,2\n3\n"), "log.csv:3: expected 2 fields as in the header, found 1");
    EXPECT_EQ(error_of("dt,x\n1,abc\n"), "log.csv:2: column x: 'abc' is not a number");
    EXPECT_EQ(error_of("dt,x\n1,2x\n"), "log.csv:2: column x: '2x' is not a number");
    EXPECT_EQ(error_of("dt,x\n,2\n"), "log.csv:2: column dt: '' is not a number");
    EXPECT_EQ(error_of("dt,x\n1,nan\n"), "log.csv:2: column x: 'nan' is not a finite number");
    EXPECT_EQ(error_of("dt,x\n1,-inf\n"), "log.csv:2: column x: '-inf' is not a finite number");
    EXPECT_EQ(error_of("dt,x\n1,1e400\n"), "log.csv:2: column x: '1e400' is not a number");
}

TEST(Csv, WorkIsBounded) {
    kinema::CsvLimits limits;
    limits.max_rows = 2;
    EXPECT_EQ(error_of("dt,x\n1,2\n1,2\n1,2\n", limits), "log.csv:4: too many rows (at most 2)");
    limits.max_bytes = 8;
    EXPECT_EQ(error_of("dt,x\n1,2\n", limits), "log.csv:0: larger than the limit of 8 bytes (9 bytes)");
}

TEST(Csv, RandomBytesEitherParseOrThrowCsvError) {
    // Mutations of a valid file: every outcome is a table or a CsvError naming a line inside the text.
    std::mt19937 rng(7);
    const std::string base = "dt,x,note\n0.5,1,a\n# c\n0.25,-2e3,b\n";
    const char alphabet[] = {',', '\n', '\r', '#', ' ', '"', '.', 'e', '-', '1', 'x', '\0', '\xEF'};
    for (int i = 0; i < 5000; ++i) {
        std::string text = base;
        for (int k = 0; k < 3; ++k) {
            text[rng() % text.size()] = alphabet[rng() % sizeof alphabet];
        }
        try {
            const auto table = parse_csv(text, "r.csv", kDtX);
            for (std::size_t r = 0; r < table.rows(); ++r) {
                EXPECT_TRUE(std::isfinite(table.at(r, 0)) && std::isfinite(table.at(r, 1)));
            }
        } catch (const CsvError& e) {
            EXPECT_GE(e.line(), 1);
            EXPECT_LE(e.line(), 5);
        }
    }
}

TEST(Csv, DirectoryIsLineZero) {
    try {
        (void)kinema::read_csv("/", kDtX);
        FAIL() << "no error";
    } catch (const CsvError& e) {
        EXPECT_STREQ(e.what(), "/:0: is a directory, not a file");
    }
}

TEST(Csv, MissingFileIsLineZero) {
    try {
        (void)kinema::read_csv("/nonexistent/kinema.csv", kDtX);
        FAIL() << "no error";
    } catch (const CsvError& e) {
        EXPECT_EQ(e.line(), 0);
        EXPECT_EQ(std::string(e.what()).rfind("/nonexistent/kinema.csv:0: cannot open file", 0), 0u);
    }
}

}  // namespace
