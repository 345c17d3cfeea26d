#include "kinema/chase/flood_settings.hpp"

#include <array>
#include <limits>
#include <string>

namespace kinema::chase {

namespace {

// Upper bounds keep every step index and code in 32 bits (the generic flood's marks, flood_generic.hpp).
constexpr int max_hot = 1000000;
constexpr int max_max_steps = 1000000;
// M_H and the restart cap are stored in an int; every use widens M_H to size_t (limits and capacities in
// flood_generic.cpp, flood_grid.cpp) and compares the restart count as an int, so int's maximum is honoured.
constexpr double int_max = std::numeric_limits<int>::max();

// Couvidou's Dishonored 2 chase chapter's symbols (H, M_H, M_S) in the docs; ranges as flood_settings.hpp
// documents them.
using F = FloodSettings;
constexpr std::array<FieldChoice, 2> kDestinations{{
    {"nearest_heated", static_cast<double>(DestinationRule::nearest_heated)},
    {"nearest_warm", static_cast<double>(DestinationRule::nearest_warm)},
}};
constexpr std::array kFloodFields{
    field<F, &F::hot>("hot", "heat", closed_range(1, max_hot), "H: the heat a newly heated cell gets"),
    field<F, &F::max_heated>("max_heated", "cells", closed_range(1, int_max),
                             "M_H: more newly heated cells in a step stop it"),
    field<F, &F::max_steps>("max_steps", "steps", closed_range(0, max_max_steps),
                            "M_S: propagation steps at most"),
    field<F, &F::max_restarts>("max_restarts", "count", closed_range(-1, int_max),
                               "re-seeds accepted per chase; -1 no cap"),
    field<F, &F::destination>("destination", "choice", {}, "which cells the destination is chosen from",
                              kDestinations),
};
constexpr SettingsDescription kFloodDescription{"FloodSettings", kFloodFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<FloodSettings>) noexcept {
    return kFloodDescription;
}

FloodSettings FloodSettings::difficulty(int level) {
    // Couvidou's Dishonored 2 chase chapter Table 1: M_S was Dishonored 2's difficulty variable, 20 / 30 / 40
    // for levels 1 / 2 / 3.
    if (level < 1 || level > 3) {
        throw SettingsError("flood settings",
                            {{"difficulty", "must be 1, 2 or 3, got " + std::to_string(level)}});
    }
    FloodSettings s;
    s.max_steps = 10 + 10 * level;
    return s;
}

std::string_view to_string(StopReason reason) {
    switch (reason) {
        case StopReason::exhausted:
            return "exhausted";
        case StopReason::too_many_heated:
            return "too_many_heated";
        case StopReason::max_steps:
            return "max_steps";
    }
    return "unknown";
}

}  // namespace kinema::chase
