#include "kinema/analysis/morrowind_sweep.hpp"

#include <array>

namespace kinema::analysis {

MorrowindRateSweep sweep_morrowind_physics_rate(const movement::MorrowindModel& model,
                                                const movement::MorrowindActor& actor,
                                                const movement::MorrowindLaunch& launch,
                                                std::span<const double> rates,
                                                const movement::MorrowindPhysicsSettings& physics) {
    MorrowindRateSweep out;
    out.continuous = movement::continuous_flight(model, actor, launch);
    out.rows.reserve(rates.size());
    for (const double rate : rates) {
        movement::MorrowindPhysicsSettings at = physics;
        at.physics_rate = rate;
        out.rows.push_back({rate, movement::simulate_flight(model, actor, launch, at)});
    }
    return out;
}

std::span<const double> morrowind_default_rates() noexcept {
    static constexpr std::array<double, 21> kRates{5,  10, 15, 20,  24,  25,  30,  40,  48,  50, 60,
                                                   72, 75, 90, 100, 120, 144, 165, 180, 200, 240};
    return kRates;
}

}  // namespace kinema::analysis
