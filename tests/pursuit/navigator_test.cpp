// The navigator (src/pursuit/navigator.hpp) brakes for its goal on the frame whose exact stop lands nearest
// it, and the stop depends on the frame time. It remembers its last stop predictions; a navigator configured
// again, for another frame rate, must decide as a fresh one would.
#include <gtest/gtest.h>

#include <cmath>

#include "kinema/movement/model.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/space.hpp"
#include "pursuit/navigator.hpp"  // private (src/)
#include "pursuit_levels.hpp"

namespace kinema::pursuit {
namespace {

PursuitSettings at_hz(double hz) {
    PursuitSettings s;
    s.hz = hz;
    return s;
}

// The input the navigator gives an NPC running east at the CMC's top speed at x (level units) on the middle
// row of the long corridor, its goal in sight further east.
Vec2 drive_east(detail::Navigator& navigator, double x, Vec3 goal) {
    const double scale = PursuitSettings{}.model_scale;
    navigator.set_goal(goal, true, {x, 2.5, 0.0});
    movement::PlanarState state;
    state.position = Vec2{x, 2.5} * scale;
    state.velocity = {movement::UnrealSettings{}.max_walk_speed, 0.0};
    return navigator.drive(state, 0.0).input;
}

// At top speed v the navigator brakes when the goal is at most s + v dt / 2 ahead (s: the stop distance at
// the frame time dt; braking now stops nearer the goal than one more frame of input would). At 30 Hz, x lies
// between that threshold with the 30 Hz stop and with the 60 Hz stop: a navigator that ran at 60 Hz first
// must decide there as a fresh 30 Hz one, and would decide the other way if it kept the 60 Hz stop.
TEST(Navigator, ReconfiguredForAnotherRateBrakesAsAFreshOne) {
    const test::PursuitLevel corridor("long_corridor");
    ChasePursuitSpace space(corridor.space);
    const movement::AnyModel model = movement::UnrealSettings{};
    const PursuitSettings fast = at_hz(60.0);
    const PursuitSettings slow = at_hz(30.0);
    const double scale = fast.model_scale;
    const Vec2 top{movement::UnrealSettings{}.max_walk_speed, 0.0};
    const double stop_fast = stop_distance(model, top, 1.0 / fast.hz, fast.rest_speed) / scale;
    const double stop_slow = stop_distance(model, top, 1.0 / slow.hz, slow.rest_speed) / scale;
    ASSERT_GT(std::abs(stop_fast - stop_slow), 1e-3);  // else the two rates would not tell apart
    const Vec3 goal{55.5, 2.5, 0.0};
    const double x = goal.x - (stop_fast + stop_slow) / 2.0 - top.x / scale / slow.hz / 2.0;
    const bool slow_brakes = stop_fast < stop_slow;

    detail::Navigator fresh;
    fresh.configure(space, model, slow);
    EXPECT_EQ(drive_east(fresh, x, goal) == Vec2{}, slow_brakes);

    detail::Navigator reused;
    reused.configure(space, model, fast);
    (void)drive_east(reused, x, goal);  // predicts the stop from top speed at 60 Hz
    reused.configure(space, model, slow);
    EXPECT_EQ(drive_east(reused, x, goal) == Vec2{}, slow_brakes);
}

}  // namespace
}  // namespace kinema::pursuit
