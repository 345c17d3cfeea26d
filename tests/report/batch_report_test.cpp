// A pursuit batch's JSON and CSV (src/report/batch_report.cpp): written in pieces, the same bytes as whole.
#include "kinema/report/batch_report.hpp"

#include <gtest/gtest.h>

#include <string>

#include "kinema/pursuit/batch.hpp"
#include "pursuit_levels.hpp"
#include "small_batch.hpp"

namespace kinema::report {
namespace {

// The reports written in pieces are the whole reports' bytes, cut wherever a piece reached the chunk size.
TEST(BatchReport, ReportsWrittenInPiecesAreTheWholeReports) {
    const test::PursuitLevel lv("corridor_into_room");
    pursuit::PursuitConfig config;
    config.settings.max_time = 30.0;
    const pursuit::BatchResult r = pursuit::run_batch(lv.space, config, test::small_batch(2));
    for (const bool json : {true, false}) {
        std::string joined;
        int pieces = 0;
        std::string buffer;
        const TextSink sink = [&](std::string& piece) {
            joined += piece;
            ++pieces;
            piece.clear();
        };
        if (json) {
            write_batch_json(r, buffer, sink, 100);
        } else {
            write_batch_csv(r, buffer, sink, 100);
        }
        EXPECT_EQ(joined, json ? batch_json(r) : batch_csv(r));
        ASSERT_GE(r.runs.size(), 10u);
        EXPECT_GT(pieces, static_cast<int>(r.runs.size()) / 3) << "a piece every run or two";
        EXPECT_TRUE(buffer.empty());
    }
}

}  // namespace
}  // namespace kinema::report
