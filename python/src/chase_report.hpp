// One chase's result as Python sees it (kinema.chase.ChaseResult): the library's chase::ChaseResult with what
// its JSON document also reports about the space, the flood's settings and the touched cells, and the
// document itself, written once by the library's chase_json while the flood still holds this chase's values.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"

namespace kinema::python {

struct ChaseReport {
    chase::ChaseResult result;
    std::string map;
    std::size_t cells = 0;
    double cell_size = 0.0;
    std::vector<chase::SpaceField> space_fields;  ///< connectivity on grids, cell_height, max_levels in 3D
    int position_dimensions = 2;
    chase::FloodSettings settings;
    std::vector<std::pair<chase::CellCoords, int>> touched;  ///< by cell id, as the JSON lists them
    std::string json;
    py::object values;  ///< int32 numpy array; null until the caller sets it (with the GIL held)
};

/// The report of the chase `r` that `flood` ran on `space`, its JSON by chase_json; values are left to the
/// caller (they need the GIL, this does not).
ChaseReport make_report(const chase::ChaseSpace& space, const chase::Flood& flood,
                        const chase::ChaseResult& r, const std::string& map);

/// The `destinations=` argument of chase.run, Flood.start and run_3d as ChaseQuery::destinations takes it:
/// None is no split; an int (any index type but bool) is handed to the query, whose validate() checks its
/// range [1, 16] and names the field; anything else is the same one-line SettingsError (a ValueError),
/// "invalid chase query: destinations must be a whole number in [1, 16], got 1.5".
std::optional<int> destinations_argument(const py::object& value);

/// Registers ChaseResult (the class above) and DestinationRegion, one region of its split, in `m`.
void register_chase_result(py::module_& m);

}  // namespace kinema::python
