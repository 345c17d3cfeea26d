// kinema::read_number, kinema::trim and kinema::split: what the CLI, the pursuit's scenario parser, the web
// labs and the level and CSV readers accept.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"

namespace {

using kinema::NumberText;
using kinema::read_number;

TEST(ReadNumber, WholeDecimalTextsWithAnOptionalPlus) {
    EXPECT_EQ(read_number("2.5").value, 2.5);
    EXPECT_EQ(read_number("+2.5").value, 2.5);
    EXPECT_EQ(read_number("-0.125").value, -0.125);
    EXPECT_EQ(read_number("1e3").value, 1000.0);
    EXPECT_EQ(read_number("7").status, NumberText::ok);
    // The shortest text the formatter prints reads back to the same double (one vocabulary both ways).
    for (const double v : {0.1, 1.0 / 3.0, 6.02214076e23, -2.2250738585072014e-308}) {
        EXPECT_EQ(read_number(kinema::format_number(v)).value, v);
    }
}

TEST(ReadNumber, RejectsPartialEmptyAndNonFiniteTexts) {
    for (const char* text : {"", "+", "1x", "1,2", " 1", "1 ", "--1", "++1", "0x10", "1e999"}) {
        EXPECT_EQ(read_number(text).status, NumberText::not_a_number) << text;
    }
    for (const char* text : {"inf", "-inf", "nan", "+nan"}) {
        EXPECT_EQ(read_number(text).status, NumberText::not_finite) << text;
    }
}

TEST(Split, KeepsEmptyPieces) {
    EXPECT_EQ(kinema::split("a;;b", ';'), (std::vector<std::string>{"a", "", "b"}));
    EXPECT_EQ(kinema::split("", ','), (std::vector<std::string>{""}));
    EXPECT_EQ(kinema::split("1,2,", ','), (std::vector<std::string>{"1", "2", ""}));
    EXPECT_EQ(kinema::split("12.5,2.5", ';'), (std::vector<std::string>{"12.5,2.5"}));
}

}  // namespace

TEST(Trim, StripsSpacesAndTabsAtBothEndsOnly) {
    EXPECT_EQ(kinema::trim(" \t a b\t "), "a b");
    EXPECT_EQ(kinema::trim("a"), "a");
    EXPECT_EQ(kinema::trim(" \t "), "");
    EXPECT_EQ(kinema::trim(""), "");
    // Line ends are the line splitters' business, not trim's.
    EXPECT_EQ(kinema::trim(" a\r"), "a\r");
    EXPECT_EQ(kinema::trim("\na "), "\na");
}
