// kinema._kinema.chase, 3D part: levels built from OBJ meshes with Recast/Detour (nav/level.hpp) and the
// chase on them through the same chase query and JSON writer as the grids. Present only where kinema::nav is
// built (the package reports HAS_NAV).
#include "chase_report.hpp"
#include "common.hpp"

#if KINEMA_PYTHON_NAV
#include <memory>

#include "kinema/core/format.hpp"
#include "kinema/levels/level_formats.hpp"
#include "kinema/nav/chase.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/level_files.hpp"
#endif

namespace kinema::python {

#if KINEMA_PYTHON_NAV
namespace {

struct Level3D {
    std::unique_ptr<nav::Level> level;
    std::string map;
};

/// The mesh options of load_level_3d (`kinema chase --scale --up`): ValueError naming the keyword for a bad
/// value, or for a value other than the default on a file that is no mesh (a navmesh), which it would not
/// change.
void set_mesh_options(const std::string& path, double scale, const std::string& up,
                      levels::LevelReadOptions& options) {
    if (!(scale >= levels::min_mesh_scale && scale <= levels::max_mesh_scale)) {
        throw py::value_error(
            "scale: must be a number in [1e-06, 1e+06] (metres per unit of the file: 0.01 "
            "for centimetres), got " +
            format_number(scale));
    }
    if (up != "y" && up != "z") {
        throw py::value_error("up: must be 'y' or 'z' (the file's up axis), got '" + up + "'");
    }
    options.scale = scale;
    options.up = up == "z" ? levels::LevelReadOptions::UpAxis::z : levels::LevelReadOptions::UpAxis::y;
    for (const auto& [given, name] : {std::pair{scale != 1.0, "scale"}, {up != "y", "up"}}) {
        const std::string refusal = given ? levels::unread_mesh_option_message(path, name) : "";
        if (!refusal.empty()) {
            throw py::value_error(refusal);
        }
    }
}

std::shared_ptr<Level3D> build(const std::string& path, const py::dict& settings, const std::string& level,
                               const std::string& walls, double scale, const std::string& up) {
    static const KeywordSettings keywords(settings_description<nav::NavSettings>(),
                                          "kinema.chase.load_level_3d");
    const auto s = keywords.from<nav::NavSettings>(settings);
    levels::LevelReadOptions options{level, walls};
    require_read_options(path, options);
    set_mesh_options(path, scale, up, options);
    auto out = std::make_shared<Level3D>();
    out->map = path;
    py::gil_scoped_release release;
    // "level: message" from the library becomes "FILE: message", as the CLI says it.
    out->level =
        std::make_unique<nav::Level>(nav::load_level_3d(path, s, levels::default_max_obj_bytes, options));
    return out;
}

ChaseReport run(const Level3D& l, const py::handle& from, const py::handle& direction, const py::object& npc,
                const py::object& destinations, const py::dict& settings) {
    static const KeywordSettings keywords(settings_description<chase::FloodSettings>(),
                                          "kinema.chase.run_3d");
    const auto flood_settings = keywords.from<chase::FloodSettings>(settings);
    chase::ChaseQuery q;
    q.position = to_vec3(from, "from_xyz");
    q.direction = to_vec3(direction, "direction");
    if (!npc.is_none()) {
        q.npc = to_vec3(npc, "npc");
    }
    q.destinations = destinations_argument(destinations);
    ChaseReport report;
    std::vector<std::int32_t> values;
    {
        py::gil_scoped_release release;
        nav::PathFinder finder(*l.level);
        const nav::LevelChaseSpace space(*l.level, finder);
        chase::Flood flood(flood_settings);
        report = make_report(space, flood, chase::run_chase(space, flood, q), l.map);
        values.resize(space.cells().size());
        for (std::size_t c = 0; c < values.size(); ++c) {
            values[c] = flood.value(static_cast<chase::CellId>(c));
        }
    }
    report.values = py::array_t<std::int32_t>(static_cast<py::ssize_t>(values.size()), values.data());
    return report;
}

}  // namespace
#endif

void register_nav(py::module_& m) {
#if KINEMA_PYTHON_NAV
    m.attr("HAS_NAV") = true;
    m.def(
        "settings_fields_3d",
        [](const std::string& which) {
            static const KeywordSettings flood(settings_description<chase::FloodSettings>(),
                                               "kinema.chase.run_3d");
            static const KeywordSettings level(settings_description<nav::NavSettings>(),
                                               "kinema.chase.load_level_3d");
            if (which == "flood") {
                return flood.describe();
            }
            if (which == "nav") {
                return level.describe();
            }
            throw py::value_error("settings_fields_3d: unknown settings '" + which + "'; valid: flood, nav");
        },
        py::arg("which"));
    py::class_<Level3D, std::shared_ptr<Level3D>>(
        m, "Level3D", "A 3D level built from an OBJ mesh or read from a navmesh file (nav/level.hpp).")
        .def_static("load", &build, py::arg("path"), py::arg("settings"), py::arg("level") = "",
                    py::arg("walls") = "", py::arg("scale") = 1.0, py::arg("up") = "y")
        .def_property_readonly("map", [](const Level3D& l) { return l.map; })
        .def_property_readonly("cells", [](const Level3D& l) { return l.level->nav_cells().size(); });
    m.def("run_3d", &run, py::arg("level"), py::arg("from_xyz"), py::arg("direction"), py::arg("npc"),
          py::arg("destinations"), py::arg("settings"));
#else
    m.attr("HAS_NAV") = false;
#endif
}

}  // namespace kinema::python
