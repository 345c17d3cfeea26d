// `kinema pursue --batch` on every shared map: a
// small batch per map in KINEMA_SHARED_DATA_DIR/maps and per 3D level in KINEMA_SHARED_DATA_DIR/meshes
// (with kinema::nav), checking that every strategy has its row, that each row's shares add up to 1, that
// the runs agree with the rows, and that 1 and 2 threads write the same JSON.
// ctest label: pursuit_maps (`ctest -L pursuit_maps`; the test names start with PursueEveryMap and
// PursueEveryMesh).
#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "cli_runner.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

fs::path maps_dir() {
    return fs::path(KINEMA_SHARED_DATA_DIR) / "maps";
}

fs::path meshes_dir() {
    return fs::path(KINEMA_SHARED_DATA_DIR) / "meshes";
}

// The files of `dir` with `extension` present, by stem, sorted (none when the shared data is absent).
std::vector<std::string> shared_files(const fs::path& dir, const std::string& extension) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.path().extension() == extension) {
            names.push_back(entry.path().stem().string());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::vector<std::string> shared_maps() {
    return shared_files(maps_dir(), ".map");
}

TEST(PursueMaps, SharedMapsPresent) {
    if (shared_maps().empty()) {
        GTEST_SKIP() << "no shared maps in " << maps_dir() << " (set KINEMA_SHARED_DATA_DIR): the batch on "
                     << "every shared map is not run";
    }
}

class PursueEveryMap : public ::testing::TestWithParam<std::string> {};

constexpr std::array<const char*, 6> kStrategies{"flood",       "flood-paced", "dead-reckoning",
                                                 "breadcrumbs", "last-known",  "intercept"};

// A small batch on the level file `level` with `args`, on 1 and 2 threads.
void check_batch(const std::string& level, const std::string& name, const std::string& args) {
    const fs::path json1 = scratch_path("maps-" + name + "-1.json");
    const fs::path json2 = scratch_path("maps-" + name + "-2.json");
    const std::string command = "pursue --map '" + level + "' " + args;
    const CliRun one = run_kinema(command + " --threads 1 --json '" + json1.string() + "'");
    const CliRun two = run_kinema(command + " --threads 2 --json '" + json2.string() + "'");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    ASSERT_EQ(two.exit_code, 0) << two.err;
    EXPECT_EQ(one.out, two.out);
    const std::string text = read_file(json1);
    EXPECT_EQ(text, read_file(json2));
    const nlohmann::json j = nlohmann::json::parse(text);
    const int scenarios = j["scenarios"];
    EXPECT_GE(scenarios, 1);
    EXPECT_LE(scenarios, 3);
    ASSERT_EQ(j["summaries"].size(), kStrategies.size());
    ASSERT_EQ(j["runs"].size(), kStrategies.size() * static_cast<std::size_t>(scenarios));
    for (std::size_t s = 0; s < kStrategies.size(); ++s) {
        const nlohmann::json& row = j["summaries"][s];
        EXPECT_EQ(row["strategy"], kStrategies[s]);
        EXPECT_NE(one.out.find(std::string("  ") + kStrategies[s] + " "), std::string::npos)
            << kStrategies[s];
        // The row's runs are the scenarios where this strategy lost sight.
        int lost = 0;
        int reacquired = 0;
        for (const nlohmann::json& run : j["runs"]) {
            if (run["strategy"] == kStrategies[s] && run["outcome"] != "never_lost") {
                ++lost;
                reacquired += run["outcome"] == "reacquired" ? 1 : 0;
            }
        }
        EXPECT_EQ(row["runs"], lost) << kStrategies[s];
        if (lost > 0) {
            const double sum = row["reacquired_chase"].get<double>() +
                               row["reacquired_search"].get<double>() + row["gave_up"].get<double>() +
                               row["timeout"].get<double>();
            EXPECT_NEAR(sum, 1.0, 1e-12) << kStrategies[s];
            EXPECT_NEAR(row["reacquired_chase"].get<double>() + row["reacquired_search"].get<double>(),
                        static_cast<double>(reacquired) / lost, 1e-12)
                << kStrategies[s];
        }
    }
    for (std::size_t i = 0; i < j["runs"].size(); ++i) {
        EXPECT_EQ(j["runs"][i]["strategy"], kStrategies[i % kStrategies.size()]);
    }
    fs::remove(json1);
    fs::remove(json2);
}

// A gtest name for a level file's stem (letters and digits only).
std::string test_name(const ::testing::TestParamInfo<std::string>& param) {
    std::string name = param.param;
    std::replace_if(
        name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
    return name;
}

TEST_P(PursueEveryMap, BatchRowsAndThreads) {
    // Short pursuits keep the 15 maps within seconds; min-route 10 fits the 32 x 32 maps.
    check_batch((maps_dir() / (GetParam() + ".map")).string(), GetParam(),
                "--batch 3 --seed 5 --min-route 10 --max-time 40 --search-time 10");
}

INSTANTIATE_TEST_SUITE_P(SharedMaps, PursueEveryMap, ::testing::ValuesIn(shared_maps()), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(PursueEveryMap);

#if KINEMA_HAVE_NAV
// The shared 3D levels (the Recast demo's dungeon.obj and nav_test.obj): the same batch, its scenarios on
// Detour's straight paths (docs/pursuit.md "3D levels").
class PursueEveryMesh : public ::testing::TestWithParam<std::string> {};

TEST_P(PursueEveryMesh, BatchRowsAndThreads) {
    check_batch((meshes_dir() / (GetParam() + ".obj")).string(), GetParam(),
                "--batch 3 --seed 5 --max-time 40 --search-time 10");
}

INSTANTIATE_TEST_SUITE_P(SharedMeshes, PursueEveryMesh,
                         ::testing::ValuesIn(shared_files(meshes_dir(), ".obj")), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(PursueEveryMesh);

// Our own 3D level (data/levels/corner_ramp.obj), present without the shared data.
TEST(PursueMaps, CornerRampMesh) {
    check_batch(std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj", "corner_ramp",
                "--batch 3 --seed 5 --max-time 40 --search-time 10");
}
#endif

}  // namespace
}  // namespace kinema::test
