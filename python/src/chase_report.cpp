// kinema._kinema.chase.ChaseResult: the attributes are the library's result fields, named as the JSON
// contract of docs/chase.md names them; to_json() is the library's chase_json.
#include "chase_report.hpp"

#include <algorithm>
#include <climits>
#include <string>

#include "kinema/chase/json.hpp"
#include "kinema/chase/split.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::python {
namespace {

namespace ch = kinema::chase;

py::tuple position(const ChaseReport& r, const Vec3& p) {
    return r.position_dimensions == 3 ? py::make_tuple(p.x, p.y, p.z) : py::make_tuple(p.x, p.y);
}

// kinema.chase.Cell, the named tuple (col, row) of a grid cell; set by register_chase_result. A handle that
// is never released: the type lives as long as the module.
py::handle cell_type;

// A grid cell as Cell(col, row), so that it cannot be read as values' [row, col]; a 3D cell id's coordinates
// as a plain tuple.
py::tuple coords(const ch::CellCoords& c) {
    if (c.count == 2 && cell_type) {
        return cell_type(c.values[0], c.values[1]);
    }
    py::list out;
    for (int i = 0; i < c.count; ++i) {
        out.append(c.values[static_cast<std::size_t>(i)]);
    }
    return py::tuple(out);
}

py::object space_field(const ChaseReport& r, std::string_view name) {
    for (const ch::SpaceField& f : r.space_fields) {
        if (f.name == name) {
            return py::float_(f.value);
        }
    }
    return py::none();
}

// One region of the split (chase/split.hpp DestinationRegion) as Python reads it: the JSON's
// destination_regions object (destination_cell, centroid, heat, cells) plus the destination's centre.
struct RegionReport {
    py::object destination_cell;
    py::tuple destination;
    py::tuple centroid;
    long long heat = 0;
    std::size_t cells = 0;
};

// The split's regions, largest heat first (the JSON's order); None when the chase was not split.
py::object destination_regions(const ChaseReport& r) {
    if (!r.result.split) {
        return py::none();
    }
    py::list out;
    const auto& regions = r.result.split->regions;
    for (std::size_t i = 0; i < regions.size(); ++i) {
        out.append(RegionReport{coords(r.result.split_cells[i]), position(r, regions[i].destination),
                                position(r, regions[i].centroid), regions[i].heat, regions[i].cells});
    }
    return py::tuple(out);
}

template <class Get>
void property(py::class_<ChaseReport>& c, const char* name, Get get, const char* doc) {
    c.def_property_readonly(name, get, doc);
}

void register_space_and_seed(py::class_<ChaseReport>& c) {
    property(
        c, "map", [](const ChaseReport& r) { return r.map; }, "the level's name (a path as given)");
    property(
        c, "cells", [](const ChaseReport& r) { return r.cells; }, "cells of the space");
    property(
        c, "cell_size", [](const ChaseReport& r) { return r.cell_size; }, "world units per cell");
    property(
        c, "connectivity",
        [](const ChaseReport& r) {
            const py::object v = space_field(r, "connectivity");
            return v.is_none() ? v : py::int_(v);
        },
        "4 or 8 on grids; None on 3D levels");
    property(
        c, "cell_height", [](const ChaseReport& r) { return space_field(r, "cell_height"); },
        "3D levels: world units per floor step; None on grids");
    property(
        c, "max_levels", [](const ChaseReport& r) { return space_field(r, "max_levels"); },
        "3D levels: floors per column at most; None on grids");
    property(
        c, "from_", [](const ChaseReport& r) { return position(r, r.result.position); },
        "the last known position (JSON \"from\")");
    property(
        c, "dir", [](const ChaseReport& r) { return position(r, r.result.direction); },
        "the last known direction");
    property(
        c, "seed_cell", [](const ChaseReport& r) { return coords(r.result.seed); }, "the seed's cell");
    property(
        c, "seed", [](const ChaseReport& r) { return coords(r.result.seed); },
        "the seed's cell (the 3D spelling)");
    property(
        c, "seed_position", [](const ChaseReport& r) { return position(r, r.result.seed_position); },
        "the seed cell's centre");
    property(
        c, "seed_snapped", [](const ChaseReport& r) { return r.result.flood.seed_snapped; },
        "the position was off the space and moved to the nearest cell");
    property(
        c, "hot", [](const ChaseReport& r) { return r.settings.hot; }, "H");
    property(
        c, "max_heated", [](const ChaseReport& r) { return r.settings.max_heated; }, "M_H");
    property(
        c, "max_steps", [](const ChaseReport& r) { return r.settings.max_steps; }, "M_S");
}

void register_flood(py::class_<ChaseReport>& c) {
    property(
        c, "steps", [](const ChaseReport& r) { return r.result.flood.steps; }, "propagation steps");
    property(
        c, "stop_reason",
        [](const ChaseReport& r) { return std::string(ch::to_string(r.result.flood.stop_reason)); },
        "exhausted, too_many_heated or max_steps");
    property(
        c, "centroid", [](const ChaseReport& r) { return position(r, r.result.flood.centroid); },
        "temperature-weighted mean of the warm cells' centres");
    property(
        c, "destination_cell", [](const ChaseReport& r) { return coords(r.result.destination); },
        "the heated cell nearest the centroid");
    property(
        c, "destination", [](const ChaseReport& r) { return position(r, r.result.flood.destination); },
        "its centre");
    property(
        c, "heated_cells", [](const ChaseReport& r) { return r.result.flood.heated_cells; }, "");
    property(
        c, "warm_cells", [](const ChaseReport& r) { return r.result.flood.warm_cells; }, "");
    property(
        c, "barrier_cells", [](const ChaseReport& r) { return r.result.flood.barrier_cells; }, "");
    property(
        c, "dead_reckoning",
        [](const ChaseReport& r) { return position(r, r.result.dead_reckoning.position); },
        "where straight on from the last known position sends the NPC");
    property(
        c, "dead_reckoning_blocked", [](const ChaseReport& r) { return r.result.dead_reckoning.blocked; },
        "");
    property(
        c, "dead_reckoning_distance", [](const ChaseReport& r) { return r.result.dead_reckoning.distance; },
        "world units");
    property(
        c, "touched",
        [](const ChaseReport& r) {
            py::list out;
            for (const auto& [cell, value] : r.touched) {
                py::list row(coords(cell));
                row.append(value);
                out.append(py::tuple(row));
            }
            return py::tuple(out);
        },
        "(coordinates..., value) per touched cell, by id");
}

void register_split(py::class_<ChaseReport>& c) {
    property(
        c, "destinations",
        [](const ChaseReport& r) -> py::object {
            if (!r.result.split) {
                return py::none();
            }
            py::list out;
            for (const ch::DestinationRegion& region : r.result.split->regions) {
                out.append(position(r, region.destination));
            }
            return py::tuple(out);
        },
        "with destinations=K: the split's destinations (cell centres), largest heat first; None without");
    property(c, "destination_regions", &destination_regions,
             "with destinations=K: one DestinationRegion per destination, in the order of destinations; None "
             "without");
}

void register_npc(py::class_<ChaseReport>& c) {
    property(
        c, "npc",
        [](const ChaseReport& r) -> py::object {
            return r.result.npc ? py::object(position(r, *r.result.npc)) : py::none();
        },
        "the NPC's position, or None");
    property(
        c, "path_status",
        [](const ChaseReport& r) -> py::object {
            return r.result.path ? py::object(py::str(std::string(ch::to_string(r.result.path->status))))
                                 : py::none();
        },
        "found, partial, start_off_mesh or goal_off_mesh; None without a path");
    property(
        c, "path",
        [](const ChaseReport& r) -> py::object {
            if (!r.result.path) {
                return py::none();
            }
            py::list out;
            for (const Vec3& p : r.result.path->points) {
                out.append(position(r, p));
            }
            return py::tuple(out);
        },
        "the NPC's path corners; None without a path");
    property(
        c, "path_length",
        [](const ChaseReport& r) -> py::object {
            return r.result.path ? py::object(py::float_(r.result.path->length)) : py::none();
        },
        "world units; None without a path");
}

}  // namespace

ChaseReport make_report(const ch::ChaseSpace& space, const ch::Flood& flood, const ch::ChaseResult& r,
                        const std::string& map) {
    ChaseReport out;
    out.result = r;
    out.map = map;
    out.cells = space.cells().size();
    out.cell_size = space.cells().cell_size();
    out.space_fields = space.report_fields();
    out.position_dimensions = space.position_dimensions();
    out.settings = flood.settings();
    std::vector<ch::CellId> ids(flood.heated_cells().begin(), flood.heated_cells().end());
    ids.insert(ids.end(), flood.barrier_cells().begin(), flood.barrier_cells().end());
    std::sort(ids.begin(), ids.end());
    for (const ch::CellId id : ids) {
        out.touched.emplace_back(space.coords(id), flood.value(id));
    }
    out.json = ch::chase_json(space, flood, r, map);
    return out;
}

std::optional<int> destinations_argument(const py::object& value) {
    if (value.is_none()) {
        return std::nullopt;
    }
    const auto reject = [&](std::string_view what) {
        throw_if_invalid("chase query",
                         {{"destinations", std::string(what) + py::repr(value).cast<std::string>()}});
    };
    if (py::isinstance<py::bool_>(value) || PyIndex_Check(value.ptr()) == 0) {
        reject("must be a whole number in [1, 16], got ");
    }
    const auto k = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
    if (!k) {
        throw py::error_already_set();  // an __index__ that raised
    }
    int overflow = 0;
    const long long wide = PyLong_AsLongLongAndOverflow(k.ptr(), &overflow);
    if (overflow != 0 || wide < INT_MIN || wide > INT_MAX) {
        reject("must be in [1, 16], got ");  // the library's words for a K too large for its int
    }
    return static_cast<int>(wide);
}

void register_chase_result(py::module_& m) {
    py::class_<RegionReport>(m, "DestinationRegion",
                             "One region of a split chase (chase/split.hpp DestinationRegion), as the JSON's "
                             "destination_regions objects.")
        .def_readonly("destination_cell", &RegionReport::destination_cell,
                      "the heated cell nearest the region's centroid")
        .def_readonly("destination", &RegionReport::destination, "its centre, map units")
        .def_readonly("centroid", &RegionReport::centroid,
                      "heat-weighted mean of the region's warm cells' centres, map units")
        .def_readonly("heat", &RegionReport::heat, "sum of the region's cell values")
        .def_readonly("cells", &RegionReport::cells, "heated cells in the region");
    py::object cell = py::module_::import("collections").attr("namedtuple")("Cell", "col row");
    cell.attr("__module__") = "kinema.chase";
    cell.attr("__doc__") = "A grid cell as (col, row) = (x, y) in tiles; values are indexed [row, col].";
    m.attr("Cell") = cell;
    cell_type = cell.release();
    py::class_<ChaseReport> c(
        m, "ChaseResult",
        "One chase's result (chase/query.hpp ChaseResult); attributes named as the fields "
        "of `kinema chase --json`.");
    register_space_and_seed(c);
    register_flood(c);
    register_npc(c);
    register_split(c);
    c.def_readonly(
         "values", &ChaseReport::values,
         "int32 per cell: values[row, col] (y first) on grids, by cell id on 3D levels; -3 wall, -2 "
         "untouched floor, -1 barrier, 0..H heat. value_at(col, row) reads it in (x, y) order.")
        .def(
            "value_at",
            [](const ChaseReport& r, const py::handle& col, const py::handle& row) -> py::object {
                const auto shape = r.values.attr("shape").cast<py::tuple>();
                if (shape.size() != 2) {
                    throw py::type_error("value_at: a grid level's result only (3D values are by cell id)");
                }
                const auto rows = shape[0].cast<long long>();
                const auto cols = shape[1].cast<long long>();
                const py::int_ column = whole_number(col, "col", "value_at");
                const py::int_ line = whole_number(row, "row", "value_at");
                if (!whole_number_in(column, 0, cols - 1) || !whole_number_in(line, 0, rows - 1)) {
                    throw py::index_error(
                        "value_at: (col " + py::repr(column).cast<std::string>() + ", row " +
                        py::repr(line).cast<std::string>() + ") is outside the " + std::to_string(cols) +
                        " x " + std::to_string(rows) + " level: col in [0, " + std::to_string(cols - 1) +
                        "], row in [0, " + std::to_string(rows - 1) + "]");
                }
                return r.values[py::make_tuple(line, column)];
            },
            py::arg("col"), py::arg("row"),
            "The value of the cell at column `col`, row `row` (x, y order, as destination_cell): "
            "values[row, col].")
        .def(
            "to_json", [](const ChaseReport& r) { return r.json; },
            "The JSON document, written by the library's chase_json: byte for byte `kinema chase --json`.")
        .def_property_readonly(
            "json", [](const ChaseReport& r) { return r.json; }, "to_json()");
}

}  // namespace kinema::python
