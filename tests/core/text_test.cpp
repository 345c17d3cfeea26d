// kinema::read_number, kinema::trim and kinema::split: what the CLI, the pursuit's scenario parser, the web
// labs and the level and CSV readers accept.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
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

TEST(ReadFiniteNumbers, CountsPiecesThenReadsEach) {
    EXPECT_EQ(kinema::read_finite_numbers("1.5,-2", 2, "X,Y").values, (std::vector<double>{1.5, -2.0}));
    EXPECT_EQ(kinema::read_finite_numbers("+3", 1, "a number").values, (std::vector<double>{3.0}));
    EXPECT_EQ(kinema::read_finite_numbers("1,2,3", 3, "X,Y,Z").problem, "");
    EXPECT_EQ(kinema::read_finite_numbers("1", 2, "X,Y").problem, "expected X,Y, got '1'");
    EXPECT_EQ(kinema::read_finite_numbers("1,2", 1, "a number").problem, "expected a number, got '1,2'");
    EXPECT_EQ(kinema::read_finite_numbers("", 1, "a number").problem, "expected a number, got ''");
    const kinema::ReadNumbers bad = kinema::read_finite_numbers("1,x", 2, "X,Y");
    EXPECT_EQ(bad.problem, "expected a number, got 'x'");
    EXPECT_TRUE(bad.values.empty());
    EXPECT_EQ(kinema::read_finite_numbers("1,2,inf", 3, "X,Y,Z").problem,
              "must be a finite number, got 'inf'");
}

TEST(QuoteForMessage, EscapesEveryNonPrintableByteAndCutsLongText) {
    EXPECT_EQ(kinema::quote_for_message("12x"), "'12x'");
    EXPECT_EQ(kinema::quote_for_message(std::string_view("a\0b\nc\\", 6)), "'a\\x00b\\x0ac\\x5c'");
    EXPECT_EQ(kinema::quote_for_message("caf\xc3\xa9"), "'caf\\xc3\\xa9'");
    EXPECT_EQ(kinema::quote_for_message(std::string(5000, 'a')), "'" + std::string(40, 'a') + "...'");
    EXPECT_EQ(kinema::quote_for_message("abcdef", 3), "'abc...'");
}

TEST(Utf8SequenceLength, AcceptsRfc3629SequencesOnly) {
    using kinema::utf8_sequence_length;
    EXPECT_EQ(utf8_sequence_length("a", 0), 1u);
    EXPECT_EQ(utf8_sequence_length("\xc3\xa9", 0), 2u);
    EXPECT_EQ(utf8_sequence_length("\xe2\x82\xac", 0), 3u);
    EXPECT_EQ(utf8_sequence_length("\xf0\x9f\x98\x80", 0), 4u);
    EXPECT_EQ(utf8_sequence_length("x\xc3\xa9", 1), 2u);
    for (const std::string_view bad : {"\x80", "\xc0\xaf", "\xc3", "\xe0\x80\x80", "\xed\xa0\x80",
                                       "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\xe2\x82x"}) {
        EXPECT_EQ(utf8_sequence_length(bad, 0), 0u) << bad.size();
    }
}

TEST(HasExtension, IgnoresAsciiCase) {
    EXPECT_TRUE(kinema::has_extension("maps/a.map", ".map"));
    EXPECT_TRUE(kinema::has_extension("maps/A.MAP", ".map"));
    EXPECT_TRUE(kinema::has_extension("x.Obj", ".obj"));
    EXPECT_FALSE(kinema::has_extension("a.mapx", ".map"));
    EXPECT_FALSE(kinema::has_extension("map", ".map"));
}

TEST(EditDistance, CountsSwapsAsOneEdit) {
    using kinema::edit_distance;
    EXPECT_EQ(edit_distance("--from", "--from"), 0U);
    EXPECT_EQ(edit_distance("--form", "--from"), 1U);  // o and r swapped
    EXPECT_EQ(edit_distance("chse", "chase"), 1U);     // a left out
    EXPECT_EQ(edit_distance("--hto", "--hot"), 1U);
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3U);  // two substitutions and an insertion
    EXPECT_EQ(edit_distance("", "abc"), 3U);
    EXPECT_EQ(edit_distance("ca", "abc"), 3U);  // optimal string alignment: no edit of a swapped pair
}

TEST(NearestWord, WithinTwoEditsOrAUniquePrefix) {
    using kinema::nearest_word;
    const std::vector<std::string> flags = {"--map",       "--from",       "--dir",
                                            "--max-steps", "--max-heated", "--quiet"};
    EXPECT_EQ(nearest_word("--form", flags), "--from");
    EXPECT_EQ(nearest_word("--mpa", flags), "--map");
    EXPECT_EQ(nearest_word("--mxa-step", flags), "--max-steps");  // a swap and a letter left out
    EXPECT_EQ(nearest_word("--max-step", flags), "--max-steps");
    EXPECT_EQ(nearest_word("--qu", flags), "--quiet");  // 3 edits away, but the only flag it begins
    EXPECT_EQ(nearest_word("--max-h", flags), "--max-heated");
    EXPECT_EQ(nearest_word("--ma", {"--max-steps", "--max-heated"}), "");  // begins two flags
    EXPECT_EQ(nearest_word("--zebra", flags), "");
    EXPECT_EQ(nearest_word("--x", {"-o", "--dir"}), "");       // 2 edits from -o: too many for one letter
    EXPECT_EQ(nearest_word("--set", {"--svg", "--map"}), "");  // 2 of its 3 letters changed
}

// The CLI's last line (run_cli's report_error): one line, whatever the message echoes.
TEST(OneLine, EscapesControlAndInvalidBytesKeepsUtf8) {
    EXPECT_EQ(kinema::one_line("--map: no such file"), "--map: no such file");
    EXPECT_EQ(kinema::one_line("bo\ngus\t!\x7f"), "bo\\x0agus\\x09!\\x7f");
    EXPECT_EQ(kinema::one_line("caf\xc3\xa9 \xc3"), "caf\xc3\xa9 \\xc3");  // a cut sequence at the end
    EXPECT_EQ(kinema::one_line("\xed\xa0\x80"), "\\xed\\xa0\\x80");        // a surrogate is no UTF-8
}

TEST(OneLine, CutsOnlyTheWordsPastTheLimit) {
    const std::string path = "/" + std::string(99, 'a') + std::string(100, 'b');  // 200 bytes
    EXPECT_EQ(kinema::one_line("x: " + path + " y"),
              "x: /" + std::string(79, 'a') + "..." + std::string(60, 'b') + " y");
    const std::string fits(160, 'c');
    EXPECT_EQ(kinema::one_line(fits + "  " + fits), fits + "  " + fits);  // two spaces kept
    EXPECT_EQ(kinema::one_line("abcdefgh ij", {4, 2, 1}), "ab...h ij");
    EXPECT_EQ(kinema::one_line("trailing "), "trailing ");
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
