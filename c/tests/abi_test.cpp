// The C ABI against the C++ library it wraps: the settings' defaults and ranges against the registry, the
// chase JSON against chase_json on a shared map and on a 3D level, a grid from memory against the same map
// loaded from its file, the JSON buffer protocol and per-thread errors.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "kinema/chase/json.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/kinema.h"
#include "kinema/levels/grid_level.hpp"

namespace {

namespace ch = kinema::chase;

// The JSON of a started and finished flood, through the measuring call and then the filling one.
std::string flood_json(const kinema_flood* flood, const char* map) {
    size_t length = 0;
    EXPECT_EQ(kinema_flood_json(flood, map, nullptr, 0, &length), KINEMA_OK);
    std::string text(length + 1, '\0');
    EXPECT_EQ(kinema_flood_json(flood, map, text.data(), text.size(), &length), KINEMA_OK)
        << kinema_last_error();
    text.resize(length);
    return text;
}

std::string c_chase_json(const kinema_space* space, kinema_vec3 from, kinema_vec3 dir, const char* map) {
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    EXPECT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    EXPECT_EQ(kinema_flood_start(flood, space, from, dir), KINEMA_OK) << kinema_last_error();
    int finished = 0;
    EXPECT_EQ(kinema_flood_advance(flood, 1000, &finished), KINEMA_OK);
    EXPECT_EQ(finished, 1);
    std::string json = flood_json(flood, map);
    kinema_flood_destroy(flood);
    return json;
}

TEST(CAbiSettings, DefaultsAndRangesAreTheRegistrys) {
    // kinema_flood_settings mirrors FloodSettings (c/src/mirrors.hpp asserts the layout), so the registry's
    // own accessors read and write the C struct.
    const kinema::SettingsDescription& d = ch::describe_settings(std::type_identity<ch::FloodSettings>{});
    ASSERT_EQ(d.fields.size(), 5u);
    const kinema_flood_settings defaults = kinema_flood_settings_default();
    for (const kinema::FieldDescriptor& f : d.fields) {
        SCOPED_TRACE(std::string(f.name));
        EXPECT_EQ(f.get(&defaults), f.default_value);
        const auto create_with = [&](double value) {
            kinema_flood_settings s = defaults;
            f.put(&s, value);
            kinema_flood* flood = nullptr;
            const kinema_status status = kinema_flood_create(&s, &flood);
            kinema_flood_destroy(flood);
            return status;
        };
        if (f.type == kinema::FieldType::choice) {
            for (const kinema::FieldChoice& choice : f.choices) {
                EXPECT_EQ(create_with(choice.value), KINEMA_OK);
            }
            EXPECT_EQ(create_with(static_cast<double>(f.choices.size())), KINEMA_ERROR_ARGUMENT);
            continue;
        }
        if (std::isfinite(f.range.min)) {
            EXPECT_EQ(create_with(f.range.min), KINEMA_OK);
            EXPECT_EQ(create_with(f.range.min - 1), KINEMA_ERROR_ARGUMENT);
            EXPECT_NE(std::string(kinema_last_error()).find(f.name), std::string::npos)
                << kinema_last_error();
        }
        if (std::isfinite(f.range.max)) {
            EXPECT_EQ(create_with(f.range.max), KINEMA_OK);
            EXPECT_EQ(create_with(f.range.max + 1), KINEMA_ERROR_ARGUMENT);
        }
    }
}

TEST(CAbiChase, JsonIsChaseJsonOnASharedMapAndTheGridFromMemoryIsTheFile) {
    const std::string path = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/den520d.map";
    if (!std::filesystem::exists(path)) {
        GTEST_SKIP() << "shared map " << path << " not found (set KINEMA_SHARED_DATA_DIR)";
    }
    const kinema_vec3 from{128.5, 180.5, 0.0};
    const kinema_vec3 dir{1.0, -0.5, 0.0};
    kinema_space* loaded = nullptr;
    ASSERT_EQ(kinema_space_load(path.c_str(), &loaded), KINEMA_OK) << kinema_last_error();
    const std::string c_json = c_chase_json(loaded, from, dir, nullptr);

    const kinema::levels::GridLevel level = kinema::levels::load_level(path);
    const ch::GridSpace grid(level);
    const ch::GridChaseSpace space(grid);
    ch::Flood flood;
    ch::ChaseQuery query;
    query.position = {from.x, from.y, from.z};
    query.direction = {dir.x, dir.y, dir.z};
    const ch::ChaseResult result = ch::run_chase(space, flood, query);
    EXPECT_EQ(c_json, ch::chase_json(space, flood, result, path));
    EXPECT_GT(result.flood.heated_cells, 20u);  // a real chase, not a seed boxed in

    kinema_space* memory = nullptr;
    ASSERT_EQ(kinema_space_from_grid(level.width, level.height, level.passable.data(), 8, &memory),
              KINEMA_OK);
    EXPECT_EQ(c_chase_json(memory, from, dir, path.c_str()), c_json);
    kinema_space_destroy(memory);
    kinema_space_destroy(loaded);
}

#if KINEMA_TEST_HAVE_NAV
TEST(CAbiChase, AMeshLevelFloodsLikeTheCli) {
    const std::string path = std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj";
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_load(path.c_str(), &space), KINEMA_OK) << kinema_last_error();
    int64_t cells = 0;
    ASSERT_EQ(kinema_space_cell_count(space, &cells), KINEMA_OK);
    EXPECT_GT(cells, 10);
    const std::string json = c_chase_json(space, {1.0, 0.0, 2.0}, {1.0, 0.0, 0.0}, "ramp");
    EXPECT_EQ(json.rfind("{\"map\":\"ramp\"", 0), 0u) << json.substr(0, 80);
    kinema_space_destroy(space);
}
#endif

TEST(CAbiJson, BufferProtocolMeasuresRefusesTooSmallAndFillsExactly) {
    const unsigned char tiles[3] = {1, 1, 1};
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_from_grid(3, 1, tiles, 4, &space), KINEMA_OK);
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    ASSERT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    ASSERT_EQ(kinema_flood_start(flood, space, {0.5, 0.5, 0.0}, {1.0, 0.0, 0.0}), KINEMA_OK);
    size_t length = 0;
    ASSERT_EQ(kinema_flood_json(flood, nullptr, nullptr, 0, &length), KINEMA_OK);
    std::vector<char> small(length, 'x');
    EXPECT_EQ(kinema_flood_json(flood, nullptr, small.data(), small.size(), &length), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(small.front(), 'x');
    std::vector<char> exact(length + 1);
    ASSERT_EQ(kinema_flood_json(flood, nullptr, exact.data(), exact.size(), &length), KINEMA_OK);
    EXPECT_EQ(exact.back(), '\0');
    EXPECT_EQ(std::string(exact.data()).rfind("{\"map\":\"grid\"", 0), 0u);
    EXPECT_EQ(kinema_flood_json(flood, nullptr, nullptr, 5, &length), KINEMA_ERROR_ARGUMENT);
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
}

TEST(CAbiJson, FollowsTheFloodAfterEveryAdvanceAndStart) {
    // The JSON is kept between the measuring and the filling call; an advance or a start must not leave the
    // text of an earlier state. A 5-cell corridor from its west end: after one step the JSON says 1 step,
    // after the rest 4 steps, and a start from the east end gives that run's JSON again.
    const unsigned char tiles[5] = {1, 1, 1, 1, 1};
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_from_grid(5, 1, tiles, 8, &space), KINEMA_OK);
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    ASSERT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    ASSERT_EQ(kinema_flood_start(flood, space, {0.5, 0.5, 0.0}, {1.0, 0.0, 0.0}), KINEMA_OK);
    ASSERT_EQ(kinema_flood_advance(flood, 1, nullptr), KINEMA_OK);
    const std::string one_step = flood_json(flood, nullptr);
    EXPECT_NE(one_step.find("\"steps\":1,"), std::string::npos) << one_step;
    ASSERT_EQ(kinema_flood_advance(flood, 100, nullptr), KINEMA_OK);
    const std::string finished = flood_json(flood, nullptr);
    EXPECT_NE(finished.find("\"steps\":4,"), std::string::npos) << finished;
    EXPECT_NE(flood_json(flood, "other").rfind("{\"map\":\"other\"", 0), std::string::npos);
    ASSERT_EQ(kinema_flood_start(flood, space, {4.5, 0.5, 0.0}, {-1.0, 0.0, 0.0}), KINEMA_OK);
    ASSERT_EQ(kinema_flood_advance(flood, 100, nullptr), KINEMA_OK);
    const std::string from_east = flood_json(flood, nullptr);
    EXPECT_NE(from_east, finished);
    EXPECT_EQ(from_east, c_chase_json(space, {4.5, 0.5, 0.0}, {-1.0, 0.0, 0.0}, nullptr));
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
}

TEST(CAbiErrors, EachThreadKeepsItsOwnLastError) {
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_from_grid(0, 1, nullptr, 8, &space), KINEMA_ERROR_ARGUMENT);
    const std::string mine = kinema_last_error();
    std::string theirs;
    std::thread other([&] {
        kinema_space* s = nullptr;
        EXPECT_EQ(kinema_space_load("missing.map", &s), KINEMA_ERROR_INPUT);
        theirs = kinema_last_error();
    });
    other.join();
    EXPECT_EQ(kinema_last_error(), mine);
    EXPECT_NE(theirs.find("missing.map"), std::string::npos);
    EXPECT_NE(mine.find("tiles is NULL"), std::string::npos);
}

}  // namespace
