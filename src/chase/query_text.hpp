// A chase query as a face typed it (kinema chase's --from, --dir, --npc and --destinations), read by one rule
// for every face: points as X,Y on grids and X,Y,Z on 3D levels (kinema::read_finite_numbers), the number of
// destinations a whole number. Errors name the query's field ("position", "direction", "npc",
// "destinations"), which the face names as typed; ChaseQuery::validate() then checks the ranges.
#pragma once

#include <string_view>

#include "kinema/chase/query.hpp"

namespace kinema::chase {

/// The query's fields as typed; empty: not given (zero, no NPC, no split).
struct ChaseQueryText {
    std::string_view position;
    std::string_view direction;
    std::string_view npc;
    std::string_view destinations;
};

/// The query of `text`: position and direction X,Y (z = 0) when `dimensions` is 2, X,Y,Z when 3; npc always
/// X,Y,Z; destinations a whole number (its range [1, max_split_destinations] is validate()'s, which names it
/// too; "must be a whole number in [1, 16], got 2.5" for a fraction or a magnitude past 1e6). Throws
/// SettingsError naming the first bad field, in that order.
[[nodiscard]] ChaseQuery parse_chase_query(const ChaseQueryText& text, int dimensions);

}  // namespace kinema::chase
