// The flags that several commands share (the 3D agent's and --difficulty). The compositions themselves live
// in the library (nav::ChaseSettings, chase::LevelAuditSettings and pursuit::PursuitConfig with their checks,
// built from the parts' registered descriptions: SettingsPart, kinema/core/settings_registry.hpp): the binder
// sets a field by its name and the registry finds the struct that owns it, so no command decides that by
// hand.
#pragma once

#include <span>
#include <string_view>

#include <CLI/CLI.hpp>

#include "flag_binder.hpp"
#include "kinema/chase/flood.hpp"

namespace kinema::cli {

/// The 3D agent's flags (NavSettings fields) of chase, navmesh and pursue; threads last (pursue leaves it
/// to --batch's --threads).
inline constexpr std::string_view agent_fields[] = {"agent_height",    "agent_radius", "agent_max_climb",
                                                    "agent_max_slope", "tile_size",    "threads"};
[[nodiscard]] constexpr std::span<const std::string_view> agent_fields_without_threads() {
    return std::span(agent_fields).first(std::size(agent_fields) - 1);
}
/// The agent's own measures (height, radius, climb, slope), without the navmesh build's tiles and threads.
[[nodiscard]] constexpr std::span<const std::string_view> agent_measure_fields() {
    return std::span(agent_fields).first(4);
}

/// --difficulty 1|2|3 (chase and pursue).
void add_difficulty_option(FlagBinder& flags, CLI::App* cmd);
/// The chapter's preset (FloodSettings::difficulty) sets `flood`'s max_steps when --difficulty was given; the
/// other flood settings keep their values. Refused with --max-steps.
void apply_difficulty(const FlagBinder& flags, chase::FloodSettings& flood);

}  // namespace kinema::cli
