// The JSON document of one pursuit (docs/pursuit.md "JSON"): the CLI's --json and the browser's pursuit page
// print a PursuitResult through this one writer. Standard library only (the web build compiles it without
// the rest of the report part); numbers in kinema::format_number's shortest round-trip form.
#pragma once

#include <string>

#include "kinema/pursuit/pursuit.hpp"

namespace kinema::report {

/// One line of JSON (no trailing newline): settings (the pursuit settings, strategy, model name and its
/// settings, the flood constants, npc, route, stimuli), frames, events, outcome, time_to_reacquire (null when
/// never re-acquired), npc_distance, destination_changes, max_heading_rate. A chase event's `result` is its
/// chase result as `kinema chase --json` prints it (chase_event_json). `space` is the chase space the pursuit
/// ran on (PursuitSpace::chase_space()).
std::string pursuit_json(const chase::ChaseSpace& space, const pursuit::PursuitScenario& scenario,
                         const pursuit::PursuitConfig& config, const pursuit::PursuitResult& result);

/// A chase event's `result` in pursuit_json: chase::chase_json of the event's chase result on `space` (its
/// per-cell values from the same chase run again: the event keeps no flood); "" for an event without one.
std::string chase_event_json(const chase::ChaseSpace& space, const pursuit::PursuitConfig& config,
                             const pursuit::PursuitEvent& event);

}  // namespace kinema::report
