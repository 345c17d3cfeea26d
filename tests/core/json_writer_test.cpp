// JsonWriter: commas in the right places at every depth, numbers as append_number writes them, strings
// escaped as RFC 8259 section 7 asks, and misuse refused.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "kinema/core/json_writer.hpp"

namespace kinema {
namespace {

TEST(JsonWriter, NestsObjectsAndArraysWithCommasBetweenValuesOnly) {
    std::string out;
    JsonWriter w(out);
    w.begin_object();
    w.integer("steps", 12).number("d", 2.5).boolean("ok", true).key("none").null();
    w.key("path").begin_array();
    for (int i = 0; i < 3; ++i) {
        w.begin_array().number(i).number(-0.5 * i).end_array();
    }
    w.end_array();
    w.key("empty").begin_object().end_object();
    w.key("list").begin_array().end_array();
    w.key("inner").begin_object().string("name", "flood").end_object();
    w.end_object();
    EXPECT_EQ(out,
              "{\"steps\":12,\"d\":2.5,\"ok\":true,\"none\":null,\"path\":[[0,-0],[1,-0.5],[2,-1]],"
              "\"empty\":{},\"list\":[],\"inner\":{\"name\":\"flood\"}}");
    EXPECT_TRUE(w.complete());
}

TEST(JsonWriter, NumbersAreTheShortestRoundTripText) {
    std::string out;
    JsonWriter(out)
        .begin_array()
        .number(0.1)
        .number(1e21)
        .number(1.0 / 3.0)
        .number(1e-5)
        .integer(-7)
        .end_array();
    EXPECT_EQ(out, "[0.1,1e+21,0.3333333333333333,1e-05,-7]");
}

TEST(JsonWriter, EscapesQuotesBackslashesAndControlCharacters) {
    std::string out;
    JsonWriter(out).begin_object().string("a\"b", "C:\\maps\\x \"y\"\n\t\x01 \xc3\xa9").end_object();
    EXPECT_EQ(out, "{\"a\\\"b\":\"C:\\\\maps\\\\x \\\"y\\\"\\u000a\\u0009\\u0001 \xc3\xa9\"}");
}

TEST(JsonWriter, RawTextIsAValue) {
    std::string out;
    JsonWriter(out)
        .begin_object()
        .number("t", 1)
        .key("settings")
        .raw("{\"hot\": 20}")
        .number("u", 2)
        .end_object();
    EXPECT_EQ(out, "{\"t\":1,\"settings\":{\"hot\": 20},\"u\":2}");
}

TEST(JsonWriter, RefusesMisuse) {
    std::string out;
    JsonWriter w(out);
    EXPECT_THROW(w.end_object(), std::logic_error);
    w.begin_object().key("k");
    EXPECT_FALSE(w.complete());
    EXPECT_THROW(w.key("again"), std::logic_error);
    EXPECT_THROW(w.end_object(), std::logic_error);
    std::string deep;
    JsonWriter d(deep);
    for (int i = 0; i < JsonWriter::max_depth; ++i) {
        d.begin_array();
    }
    EXPECT_THROW(d.begin_array(), std::logic_error);
}

TEST(JsonWriter, CopiesValidUtf8AndReplacesInvalidBytesSoTheDocumentParses) {
    std::string out;
    JsonWriter w(out);
    // Valid: 2-, 3- and 4-byte sequences (é, €, U+1F600) copied byte for byte.
    w.begin_array().string("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
    // Invalid: a Latin-1 name (0xe9 alone), a stray continuation byte, an overlong '/' (0xc0 0xaf), a UTF-16
    // surrogate (0xed 0xa0 0x80) and a truncated sequence at the end: one U+FFFD per bad byte.
    w.string("caf\xe9").string("\x80x").string("\xc0\xaf").string("\xed\xa0\x80").string("a\xe2\x82");
    w.end_array();
    EXPECT_EQ(out,
              "[\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\",\"caf\\ufffd\",\"\\ufffdx\",\"\\ufffd\\ufffd\","
              "\"\\ufffd\\ufffd\\ufffd\",\"a\\ufffd\\ufffd\"]");
}

}  // namespace
}  // namespace kinema
