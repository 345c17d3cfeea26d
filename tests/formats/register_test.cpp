#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "kinema/formats/designer_formats.hpp"
#include "kinema/levels/level_formats.hpp"

namespace {

// Every face calls register_designer_formats() at start, some from several threads (Python's import, the C
// ABI's first load): the second call must neither throw nor add a format twice.
TEST(DesignerFormats, RegisteringAgainFromAnyThreadChangesNothing) {
    kinema::formats::register_designer_formats();
    const std::size_t count = kinema::levels::level_formats().size();
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i) {
        threads.emplace_back([] { kinema::formats::register_designer_formats(); });
    }
    for (std::thread& t : threads) {
        t.join();
    }
    EXPECT_EQ(kinema::levels::level_formats().size(), count);
}

}  // namespace
