// The C ABI's version 6 (issue 42's "version 4"): settings made by their _default() functions only, destroyed
// and foreign handles refused, user_data, bool fields and a host's task system for the navmesh build.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "flood_json.hpp"
#include "kinema/kinema.h"

namespace {

std::string last_error() {
    return kinema_last_error();
}

// A corridor of 7 floor tiles (c99_test.c's): flood from column 2 eastwards.
kinema_space* corridor() {
    const unsigned char tiles[7] = {1, 1, 1, 1, 1, 1, 1};
    kinema_space* space = nullptr;
    EXPECT_EQ(kinema_space_from_grid(7, 1, tiles, 8, &space), KINEMA_OK) << last_error();
    return space;
}

template <class Settings>
Settings zeroed() {
    Settings s;
    std::memset(static_cast<void*>(&s), 0, sizeof(s));
    return s;
}

template <class Settings>
Settings uninitialised() {
    Settings s;
    std::memset(static_cast<void*>(&s), 0xA5, sizeof(s));  // what a stack struct never set may hold
    return s;
}

TEST(CAbiV6, TheVersionIsSix) {
    EXPECT_EQ(KINEMA_C_API_VERSION, 6);
    EXPECT_EQ(kinema_c_api_version(), 6);
}

TEST(CAbiV6Settings, AZeroedFloodSettingsIsRefusedWithItsMessage) {
    const auto s = zeroed<kinema_flood_settings>();
    kinema_flood* flood = nullptr;
    EXPECT_EQ(kinema_flood_create(&s, &flood), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(flood, nullptr);
    EXPECT_EQ(last_error(),
              "kinema_flood_settings: not made by kinema_flood_settings_default() (internal_check is 0)");
    const auto garbage = uninitialised<kinema_flood_settings>();
    EXPECT_EQ(kinema_flood_create(&garbage, &flood), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error(),
              "kinema_flood_settings: not made by kinema_flood_settings_default() "
              "(internal_check is " +
                  std::to_string(garbage.internal_check) + ")");
    EXPECT_EQ(flood, nullptr);
}

TEST(CAbiV6Settings, EachDefaultCarriesTheCheckAndIsAccepted) {
    const kinema_flood_settings flood_settings = kinema_flood_settings_default();
    const kinema_pursuer_settings pursuer_settings = kinema_pursuer_settings_default();
    EXPECT_EQ(flood_settings.internal_check, KINEMA_INTERNAL_CHECK);
    EXPECT_EQ(pursuer_settings.internal_check, KINEMA_INTERNAL_CHECK);
    EXPECT_EQ(pursuer_settings.flood.internal_check, KINEMA_INTERNAL_CHECK);
    EXPECT_EQ(kinema_nav_settings_default().internal_check, KINEMA_INTERNAL_CHECK);
    EXPECT_EQ(KINEMA_INTERNAL_CHECK, 0x4B4E0006);

    kinema_flood* flood = nullptr;
    EXPECT_EQ(kinema_flood_create(&flood_settings, &flood), KINEMA_OK) << last_error();
    kinema_space* space = corridor();
    kinema_pursuer* pursuer = nullptr;
    EXPECT_EQ(kinema_pursuer_create(space, &pursuer_settings, &pursuer), KINEMA_OK) << last_error();
    kinema_pursuer_team* team = nullptr;
    EXPECT_EQ(kinema_pursuer_team_create(space, &pursuer_settings, 2, KINEMA_TEAM_SHARED, &team), KINEMA_OK)
        << last_error();

    const kinema_planar_state rest{};
    kinema_planar_state next{};
    const kinema_dishonored_settings dishonored = kinema_dishonored_settings_default();
    const kinema_crosscode_settings crosscode = kinema_crosscode_settings_default();
    const kinema_unreal_settings unreal = kinema_unreal_settings_default();
    EXPECT_EQ(dishonored.internal_check, KINEMA_INTERNAL_CHECK);
    EXPECT_EQ(crosscode.internal_check, KINEMA_INTERNAL_CHECK);
    EXPECT_EQ(unreal.internal_check, KINEMA_INTERNAL_CHECK);
    EXPECT_EQ(kinema_dishonored_step(&dishonored, &rest, {1.0, 0.0}, 1.0 / 60.0, &next), KINEMA_OK);
    EXPECT_GT(next.velocity.x, 0.0);
    EXPECT_EQ(kinema_crosscode_step(&crosscode, &rest, {1.0, 0.0}, 1.0 / 60.0, &next), KINEMA_OK);
    EXPECT_GT(next.velocity.x, 0.0);
    EXPECT_EQ(kinema_unreal_step(&unreal, &rest, {1.0, 0.0}, 1.0 / 60.0, &next), KINEMA_OK);
    EXPECT_GT(next.velocity.x, 0.0);
    // The mirrors copy the C++ prefix: the defaults come across whole, internal_check past them.
    EXPECT_EQ(crosscode.max_vel, 300.0);
    EXPECT_TRUE(crosscode.grounded);
    EXPECT_EQ(unreal.max_simulation_iterations, 8);
    EXPECT_EQ(unreal.min_analog_walk_speed, 0.0);

    const kinema_turn_settings turn = kinema_turn_settings_default();
    EXPECT_EQ(turn.internal_check, KINEMA_INTERNAL_CHECK);
    kinema_turn_solution solution{};
    EXPECT_EQ(kinema_dishonored_turn(&turn, 0.01, 1.0 / 60.0, &solution), KINEMA_OK) << last_error();
    EXPECT_TRUE(solution.reachable);
    EXPECT_GT(solution.speed, 0.0);

    const kinema_morrowind_settings morrowind = kinema_morrowind_settings_default();
    EXPECT_EQ(morrowind.internal_check, KINEMA_INTERNAL_CHECK);
    EXPECT_EQ(morrowind.physics_step, 1.0 / 60.0);
    const kinema_morrowind_actor actor = kinema_morrowind_actor_default();
    const kinema_morrowind_stance stance = kinema_morrowind_stance_default();
    kinema_morrowind_speed_result speed{};
    EXPECT_EQ(kinema_morrowind_speed(&morrowind, &actor, &stance, &speed), KINEMA_OK) << last_error();
    EXPECT_GT(speed.move_speed, 0.0);

    kinema_pursuer_team_destroy(team);
    kinema_pursuer_destroy(pursuer);
    kinema_space_destroy(space);
    kinema_flood_destroy(flood);
}

TEST(CAbiV6Settings, EveryZeroedSettingsStructIsRefusedNamingIt) {
    const auto expect_refused = [](kinema_status status, const std::string& name) {
        EXPECT_EQ(status, KINEMA_ERROR_ARGUMENT) << name;
        EXPECT_EQ(last_error(), name + ": not made by " + name + "_default() (internal_check is 0)");
    };
    kinema_space* space = corridor();
    kinema_pursuer* pursuer = nullptr;
    const auto pursuer_settings = zeroed<kinema_pursuer_settings>();
    expect_refused(kinema_pursuer_create(space, &pursuer_settings, &pursuer), "kinema_pursuer_settings");
    kinema_pursuer_team* team = nullptr;
    expect_refused(kinema_pursuer_team_create(space, &pursuer_settings, 2, KINEMA_TEAM_SHARED, &team),
                   "kinema_pursuer_settings");
    // The pursuer's own check passes, its flood's does not.
    kinema_pursuer_settings no_flood = kinema_pursuer_settings_default();
    no_flood.flood = zeroed<kinema_flood_settings>();
    expect_refused(kinema_pursuer_create(space, &no_flood, &pursuer), "kinema_flood_settings");
    EXPECT_EQ(pursuer, nullptr);
    EXPECT_EQ(team, nullptr);

    const kinema_planar_state rest{};
    kinema_planar_state next{};
    const auto dishonored = zeroed<kinema_dishonored_settings>();
    expect_refused(kinema_dishonored_step(&dishonored, &rest, {1.0, 0.0}, 0.1, &next),
                   "kinema_dishonored_settings");
    const auto crosscode = zeroed<kinema_crosscode_settings>();
    expect_refused(kinema_crosscode_simulate(&crosscode, &rest, nullptr, nullptr, 0, nullptr),
                   "kinema_crosscode_settings");
    const auto unreal = zeroed<kinema_unreal_settings>();
    expect_refused(kinema_unreal_step(&unreal, &rest, {1.0, 0.0}, 0.1, &next), "kinema_unreal_settings");
    kinema_stop_prediction stop{};
    expect_refused(kinema_unreal_stop(&unreal, 600.0, 1.0 / 60.0, &stop), "kinema_unreal_settings");
    const auto turn = zeroed<kinema_turn_settings>();
    kinema_turn_solution solution{};
    expect_refused(kinema_dishonored_turn(&turn, 0.5, 0.1, &solution), "kinema_turn_settings");
    const auto morrowind = zeroed<kinema_morrowind_settings>();
    const kinema_morrowind_actor actor = kinema_morrowind_actor_default();
    kinema_morrowind_fall_result fall{};
    expect_refused(kinema_morrowind_fall(&morrowind, &actor, 100.0, &fall), "kinema_morrowind_settings");

    const float xyz[] = {0, 0, 0, 3, 0, 0, 3, 0, 3, 0, 0, 3};
    const int triangles[] = {0, 1, 2, 0, 2, 3};
    const auto nav = zeroed<kinema_nav_settings>();
    kinema_space* mesh = nullptr;
    expect_refused(kinema_space_from_mesh(xyz, 4, triangles, 2, &nav, &mesh), "kinema_nav_settings");
    EXPECT_EQ(mesh, nullptr);
    kinema_space_destroy(space);
}

TEST(CAbiV6Handles, DestroyedHandlesAreRefusedNamingTheFunctionAndTheKind) {
    kinema_space* space = corridor();
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    ASSERT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    const kinema_pursuer_settings pursuer_settings = kinema_pursuer_settings_default();
    kinema_pursuer* pursuer = nullptr;
    ASSERT_EQ(kinema_pursuer_create(space, &pursuer_settings, &pursuer), KINEMA_OK);
    kinema_pursuer_team* team = nullptr;
    ASSERT_EQ(kinema_pursuer_team_create(space, &pursuer_settings, 1, KINEMA_TEAM_INDEPENDENT, &team),
              KINEMA_OK);
    kinema_flood_destroy(flood);
    kinema_pursuer_destroy(pursuer);
    kinema_pursuer_team_destroy(team);

    EXPECT_EQ(kinema_flood_start(flood, space, {2.5, 0.5, 0.0}, {1.0, 0.0, 0.0}), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error(),
              "kinema_flood_start: flood is not a live kinema_flood (destroyed, or never made "
              "by kinema)");
    bool finished = false;
    EXPECT_EQ(kinema_flood_advance(flood, 1, &finished), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error().rfind("kinema_flood_advance: flood is not a live kinema_flood", 0), 0u);
    kinema_pursuer_input input{};
    kinema_pursuer_output output{};
    EXPECT_EQ(kinema_pursuer_update(pursuer, &input, &output), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error(),
              "kinema_pursuer_update: pursuer is not a live kinema_pursuer (destroyed, or never "
              "made by kinema)");
    EXPECT_EQ(kinema_pursuer_team_reset(team), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error().rfind("kinema_pursuer_team_reset: team is not a live kinema_pursuer_team", 0), 0u);

    kinema_space_destroy(space);
    int64_t cells = 0;
    EXPECT_EQ(kinema_space_cell_count(space, &cells), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error(),
              "kinema_space_cell_count: space is not a live kinema_space (destroyed, or never "
              "made by kinema)");
    EXPECT_EQ(cells, 0);
    // Destroying again, or any handle the library does not know, is a no-op (ASan: nothing freed twice).
    kinema_space_destroy(space);
    kinema_flood_destroy(flood);
    kinema_pursuer_destroy(pursuer);
    kinema_pursuer_team_destroy(team);
}

TEST(CAbiV6Handles, AHandleOfAnotherKindIsForeign) {
    kinema_space* space = corridor();
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    ASSERT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    auto* flood_as_space = reinterpret_cast<kinema_space*>(flood);
    EXPECT_EQ(kinema_flood_start(flood, flood_as_space, {2.5, 0.5, 0.0}, {1.0, 0.0, 0.0}),
              KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error(), "kinema_flood_start: space is not a live kinema_space (a kinema_flood)");
    kinema_dead_reckoning_result reckoning{};
    EXPECT_EQ(kinema_dead_reckoning(flood_as_space, {2.5, 0.5, 0.0}, {1.0, 0.0, 0.0}, 1.0, &reckoning),
              KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error(), "kinema_dead_reckoning: space is not a live kinema_space (a kinema_flood)");
    // Destroying it as a space leaves the flood alone: it still runs.
    kinema_space_destroy(flood_as_space);
    ASSERT_EQ(kinema_flood_start(flood, space, {2.5, 0.5, 0.0}, {1.0, 0.0, 0.0}), KINEMA_OK) << last_error();
    bool finished = false;
    EXPECT_EQ(kinema_flood_advance(flood, 100, &finished), KINEMA_OK);
    EXPECT_TRUE(finished);
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
}

TEST(CAbiV6Handles, AFloodOrPursuerWhoseSpaceWasDestroyedIsRefused) {
    kinema_space* space = corridor();
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    ASSERT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    ASSERT_EQ(kinema_flood_start(flood, space, {2.5, 0.5, 0.0}, {1.0, 0.0, 0.0}), KINEMA_OK);
    const kinema_pursuer_settings pursuer_settings = kinema_pursuer_settings_default();
    kinema_pursuer* pursuer = nullptr;
    ASSERT_EQ(kinema_pursuer_create(space, &pursuer_settings, &pursuer), KINEMA_OK);
    kinema_space_destroy(space);
    kinema_flood_result result{};
    EXPECT_EQ(kinema_flood_get_result(flood, &result), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error(),
              "kinema_flood_get_result: the flood's space is not a live kinema_space "
              "(destroyed, or never made by kinema)");
    EXPECT_EQ(kinema_pursuer_reset(pursuer), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error(),
              "kinema_pursuer_reset: the pursuer's space is not a live kinema_space "
              "(destroyed, or never made by kinema)");
    kinema_pursuer_destroy(pursuer);
    kinema_flood_destroy(flood);
}

TEST(CAbiV6Handles, UserDataRoundTrips) {
    int space_tag = 1, flood_tag = 2, pursuer_tag = 3, team_tag = 4;
    kinema_space* space = corridor();
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    ASSERT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    const kinema_pursuer_settings pursuer_settings = kinema_pursuer_settings_default();
    kinema_pursuer* pursuer = nullptr;
    ASSERT_EQ(kinema_pursuer_create(space, &pursuer_settings, &pursuer), KINEMA_OK);
    kinema_pursuer_team* team = nullptr;
    ASSERT_EQ(kinema_pursuer_team_create(space, &pursuer_settings, 2, KINEMA_TEAM_SPLIT, &team), KINEMA_OK);

    EXPECT_EQ(kinema_space_user_data(space), nullptr);
    EXPECT_EQ(kinema_flood_user_data(flood), nullptr);
    EXPECT_EQ(kinema_pursuer_user_data(pursuer), nullptr);
    EXPECT_EQ(kinema_pursuer_team_user_data(team), nullptr);
    EXPECT_EQ(kinema_space_set_user_data(space, &space_tag), KINEMA_OK);
    EXPECT_EQ(kinema_flood_set_user_data(flood, &flood_tag), KINEMA_OK);
    EXPECT_EQ(kinema_pursuer_set_user_data(pursuer, &pursuer_tag), KINEMA_OK);
    EXPECT_EQ(kinema_pursuer_team_set_user_data(team, &team_tag), KINEMA_OK);
    EXPECT_EQ(kinema_space_user_data(space), &space_tag);
    EXPECT_EQ(kinema_flood_user_data(flood), &flood_tag);
    EXPECT_EQ(kinema_pursuer_user_data(pursuer), &pursuer_tag);
    EXPECT_EQ(kinema_pursuer_team_user_data(team), &team_tag);
    // The pointer is the caller's: kinema runs as before with it set.
    ASSERT_EQ(kinema_flood_start(flood, space, {2.5, 0.5, 0.0}, {1.0, 0.0, 0.0}), KINEMA_OK);
    EXPECT_EQ(kinema_flood_user_data(flood), &flood_tag);
    EXPECT_EQ(kinema_space_set_user_data(space, nullptr), KINEMA_OK);
    EXPECT_EQ(kinema_space_user_data(space), nullptr);

    // A foreign or destroyed handle: refused, and the getter answers NULL with the message.
    EXPECT_EQ(kinema_space_set_user_data(reinterpret_cast<kinema_space*>(flood), &space_tag),
              KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error(), "kinema_space_set_user_data: space is not a live kinema_space (a kinema_flood)");
    kinema_pursuer_team_destroy(team);
    EXPECT_EQ(kinema_pursuer_team_user_data(team), nullptr);
    EXPECT_EQ(last_error(),
              "kinema_pursuer_team_user_data: team is not a live kinema_pursuer_team "
              "(destroyed, or never made by kinema)");
    EXPECT_EQ(kinema_pursuer_team_set_user_data(team, &team_tag), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_flood_user_data(nullptr), nullptr);
    EXPECT_EQ(last_error(), "kinema_flood_user_data: flood is NULL");
    kinema_pursuer_destroy(pursuer);
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
}

// Every yes/no is C99 bool, out parameter and fields alike.
static_assert(std::is_same_v<decltype(kinema_flood_result::finished), bool>);
static_assert(std::is_same_v<decltype(kinema_flood_result::seed_snapped), bool>);
static_assert(std::is_same_v<decltype(kinema_dead_reckoning_result::blocked), bool>);
static_assert(std::is_same_v<decltype(kinema_dead_reckoning_result::on_space), bool>);
static_assert(std::is_same_v<decltype(kinema_pursuer_input::sees_player), bool>);
static_assert(std::is_same_v<decltype(kinema_pursuer_input::arrived), bool>);
static_assert(std::is_same_v<decltype(kinema_pursuer_output::goal_changed), bool>);
static_assert(std::is_same_v<decltype(kinema_pursuer_output::goal_in_sight), bool>);
static_assert(std::is_same_v<decltype(kinema_pursuer_event::accepted), bool>);
static_assert(std::is_same_v<decltype(kinema_crosscode_settings::grounded), bool>);
static_assert(std::is_same_v<decltype(kinema_unreal_settings::use_separate_braking_friction), bool>);

TEST(CAbiV6Bools, TheFloodsYesNoAnswers) {
    // Floor at columns 0-2 and 5-7 of a row of 8: from the wall at column 3 the seed snaps to column 2.
    const unsigned char tiles[8] = {1, 1, 1, 0, 0, 1, 1, 1};
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_from_grid(8, 1, tiles, 4, &space), KINEMA_OK);
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    ASSERT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    ASSERT_EQ(kinema_flood_start(flood, space, {3.5, 0.5, 0.0}, {-1.0, 0.0, 0.0}), KINEMA_OK) << last_error();
    bool finished = true;
    EXPECT_EQ(kinema_flood_advance(flood, 0, &finished), KINEMA_OK);
    EXPECT_FALSE(finished);
    kinema_flood_result result{};
    ASSERT_EQ(kinema_flood_get_result(flood, &result), KINEMA_OK);
    EXPECT_FALSE(result.finished);
    EXPECT_TRUE(result.seed_snapped);
    EXPECT_EQ(result.seed_cell, 2);
    EXPECT_EQ(kinema_flood_advance(flood, 100, &finished), KINEMA_OK);
    EXPECT_TRUE(finished);
    ASSERT_EQ(kinema_flood_get_result(flood, &result), KINEMA_OK);
    EXPECT_TRUE(result.finished);
    kinema_dead_reckoning_result reckoning{};
    ASSERT_EQ(kinema_dead_reckoning(space, {1.5, 0.5, 0.0}, {1.0, 0.0, 0.0}, 10.0, &reckoning), KINEMA_OK);
    EXPECT_TRUE(reckoning.blocked);
    EXPECT_TRUE(reckoning.on_space);
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
}

#if KINEMA_TEST_HAVE_NAV
// A host's job system as a game has one: each task kinema hands it runs on a thread the host starts and owns,
// counted; finish joins it.
struct FakeHost {
    std::mutex mutex;
    std::vector<std::thread::id> task_threads;
    std::atomic<int> enqueued{0};
    std::atomic<int> finished{0};
};

struct HostTask {
    std::thread thread;
};

void* enqueue_on_host(kinema_task_fn* task, int worker, void* kinema_state, void* task_context) {
    auto* host = static_cast<FakeHost*>(task_context);
    ++host->enqueued;
    auto* job = new HostTask;
    job->thread = std::thread([=] {
        {
            const std::lock_guard lock(host->mutex);
            host->task_threads.push_back(std::this_thread::get_id());
        }
        task(worker, kinema_state);
    });
    return job;
}

void finish_on_host(void* task, void* task_context) {
    auto* job = static_cast<HostTask*>(task);
    job->thread.join();
    delete job;
    ++static_cast<FakeHost*>(task_context)->finished;
}

// A 12 m x 12 m floor of two triangles: 3 x 3 tiles of 16 voxels (4.8 m at the default 0.3 m voxels).
kinema_status floor_space(const kinema_nav_settings& settings, kinema_space** out) {
    const float xyz[] = {0, 0, 0, 12, 0, 0, 12, 0, 12, 0, 0, 12};
    const int triangles[] = {0, 1, 2, 0, 2, 3};
    return kinema_space_from_mesh(xyz, 4, triangles, 2, &settings, out);
}

TEST(CAbiV6Tasks, AHostsTaskSystemBuildsTheSameNavmesh) {
    kinema_nav_settings settings = kinema_nav_settings_default();
    settings.tile_size = 16;
    settings.threads = 4;
    kinema_space* own_threads = nullptr;
    ASSERT_EQ(floor_space(settings, &own_threads), KINEMA_OK) << last_error();

    FakeHost host;
    settings.enqueue_task = enqueue_on_host;
    settings.finish_task = finish_on_host;
    settings.task_context = &host;
    kinema_space* host_threads = nullptr;
    ASSERT_EQ(floor_space(settings, &host_threads), KINEMA_OK) << last_error();
    // Every task the host was handed was finished, on a thread of the host's.
    EXPECT_EQ(host.enqueued.load(), host.finished.load());
    for (const std::thread::id id : host.task_threads) {
        EXPECT_NE(id, std::this_thread::get_id());
    }
    EXPECT_EQ(host.task_threads.size(), static_cast<std::size_t>(host.enqueued.load()));
    // The tile build hands its workers but the calling one to the host: threads - 1 per parallel run.
    EXPECT_GT(host.enqueued.load(), 0);
    EXPECT_EQ(host.enqueued.load() % (settings.threads - 1), 0);

    int64_t own_cells = 0, host_cells = 0;
    ASSERT_EQ(kinema_space_cell_count(own_threads, &own_cells), KINEMA_OK);
    ASSERT_EQ(kinema_space_cell_count(host_threads, &host_cells), KINEMA_OK);
    EXPECT_EQ(host_cells, own_cells);
    EXPECT_GT(own_cells, 100);
    const kinema_vec3 from{6.0, 0.0, 6.0}, dir{1.0, 0.0, 0.0};
    const std::string own_json = kinema::c_test::c_chase_json(own_threads, from, dir, "floor");
    EXPECT_EQ(kinema::c_test::c_chase_json(host_threads, from, dir, "floor"), own_json);
    EXPECT_NE(own_json.find("\"heated_cells\""), std::string::npos);
    kinema_space_destroy(host_threads);
    kinema_space_destroy(own_threads);
}

TEST(CAbiV6Tasks, AHalfTaskSystemIsRefused) {
    kinema_nav_settings settings = kinema_nav_settings_default();
    FakeHost host;
    settings.enqueue_task = enqueue_on_host;
    settings.task_context = &host;
    kinema_space* space = nullptr;
    EXPECT_EQ(floor_space(settings, &space), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(last_error(),
              "kinema_nav_settings: enqueue_task and finish_task must both be set (the host's "
              "task system) or both be NULL (kinema's own threads)");
    EXPECT_EQ(space, nullptr);
    EXPECT_EQ(host.enqueued.load(), 0);
}
#endif

}  // namespace
