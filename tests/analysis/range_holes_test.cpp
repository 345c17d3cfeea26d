// Issue 40, critical 7 (ranges with holes), in the library: values inside the old documented ranges that
// computed NaN or infinite results. Each failed before its fix.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/movement/crosscode.hpp"
#include "kinema/movement/dishonored.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::analysis {
namespace {

constexpr double kSubnormal = std::numeric_limits<double>::denorm_min();

TEST(RangeHoles, ContinuousStopWithASubnormalFrictionIsConstantDeceleration) {
    // beta^2 underflowed: 0/0. The limit is v^2 / (2 a_B) in (v - vs) / a_B seconds.
    for (const double beta : {kSubnormal, 1e-300, 1e-160}) {
        const StopPrediction p = continuous_stop(beta, 2048.0, 600.0, 0.0);
        EXPECT_TRUE(p.stops);
        EXPECT_NEAR(p.distance, 600.0 * 600.0 / (2.0 * 2048.0), 1e-9) << beta;
        EXPECT_NEAR(p.time, 600.0 / 2048.0, 1e-12) << beta;
    }
    // With a snap speed: the distance down to the snap speed.
    const StopPrediction snap = continuous_stop(kSubnormal, 2048.0, 600.0, 10.0);
    EXPECT_NEAR(snap.distance, (600.0 * 600.0 - 100.0) / (2.0 * 2048.0), 1e-9);
    EXPECT_NEAR(snap.time, 590.0 / 2048.0, 1e-12);
}

TEST(RangeHoles, ContinuousStopWithASubnormalDecelerationIsExponentialDecay) {
    // x = beta dv / a_B overflowed: the decay's v0 / beta, and a long but finite time.
    const StopPrediction p = continuous_stop(16.0, kSubnormal, 600.0, 0.0);
    EXPECT_TRUE(p.stops);
    EXPECT_NEAR(p.distance, 600.0 / 16.0, 1e-9);
    EXPECT_TRUE(std::isfinite(p.time));
    EXPECT_GT(p.time, 40.0);  // ln(1 + 16 * 600 / 4.9e-324) / 16 = 46.6 s
}

TEST(RangeHoles, ExactUnrealStopWithATinyFrictionIsFinite) {
    // The closed form's sums divided by (P - 1)^2, which underflowed: "-nan" in `stop --table`.
    movement::UnrealSettings s;
    movement::UnrealSettings constant = s;
    constant.ground_friction = 0.0;
    for (const double friction : {kSubnormal, 1e-300}) {
        s.ground_friction = friction;
        for (const double fps : {10.0, 60.0, 1000.0}) {
            const StopPrediction p = unreal_stop(s, 600.0, 1.0 / fps);
            const StopPrediction q = unreal_stop(constant, 600.0, 1.0 / fps);
            EXPECT_TRUE(p.stops);
            EXPECT_EQ(p.frames, q.frames) << friction << " at " << fps;
            EXPECT_NEAR(p.distance, q.distance, 1e-9) << friction << " at " << fps;
        }
    }
}

TEST(RangeHoles, SteppedStopRefusesAFrameTimeAtWhichCrossCodeDiverges) {
    // 12 f dt > 2: the coasting velocity grows each frame until it overflows; the stop read NaN distances.
    movement::CrossCodeSettings c;
    c.friction = 1e5;
    try {
        (void)predict_stop_by_stepping(c, {600.0, 0.0}, 1.0 / 60.0, GenericStopSettings{});
        FAIL() << "no error";
    } catch (const SettingsError& e) {
        ASSERT_EQ(e.errors().size(), 1u);
        EXPECT_EQ(e.errors()[0].field, "frame_time");
        EXPECT_NE(e.errors()[0].message.find("diverges"), std::string::npos) << e.errors()[0].message;
    }
    // At its stable frame times it still stops.
    EXPECT_TRUE(predict_stop_by_stepping(c, {600.0, 0.0}, 1e-6, GenericStopSettings{}).stops);
    // The sweep gives such a rate's stop distance as never (inf), as stepping did before it overflowed.
    const SweepResult sweep_result = sweep(c, std::vector<double>{60.0}, SweepSettings{});
    EXPECT_TRUE(std::isinf(sweep_result.rows.at(0).stop_distance));
}

TEST(RangeHoles, TurnRatesAreFiniteAtTheEndsOfTheScale) {
    TurnSettings t;
    t.speed_scale = 1e-6;
    t.acceleration = 1e8;
    EXPECT_TRUE(std::isfinite(continuous_full_speed_turn_rate(t)));
    t.speed_scale = 2500.0;
    EXPECT_TRUE(std::isfinite(continuous_full_speed_turn_rate(t)));
    // 4.9e-324 gave an infinite rate and 1e308 a NaN one: both are refused now.
    t.speed_scale = kSubnormal;
    EXPECT_THROW((void)continuous_full_speed_turn_rate(t), SettingsError);
    t.speed_scale = 1e308;
    EXPECT_THROW((void)continuous_full_speed_turn_rate(t), SettingsError);
}

TEST(RangeHoles, ModelFieldsHaveFiniteUpperBounds) {
    // Every number field of every movement model ends somewhere: 1e308 gave NaN frames.
    for (const movement::ModelInfo& info : movement::models) {
        for (const NamedField& f : list_fields(info.settings())) {
            if (f.field->type == FieldType::real) {
                EXPECT_TRUE(std::isfinite(f.field->range.max)) << info.name << " " << f.name;
            }
        }
    }
}

}  // namespace
}  // namespace kinema::analysis
