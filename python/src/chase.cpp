// kinema._kinema.chase: 2D grid levels (levels/*.hpp) and the chase flood on them through the library's one
// chase query (chase/query.hpp: GridChaseSpace, start_chase, chase_result) and its one JSON writer
// (chase/json.hpp chase_json), so that Python sees exactly what `kinema chase --json` prints.
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"

namespace kinema::python {
namespace {

namespace ch = kinema::chase;
namespace lv = kinema::levels;

// A loaded level and the name the JSON's "map" field gives it (the path as given, as the CLI does).
struct Level {
    lv::GridLevel level;
    std::string map;
};

std::shared_ptr<Level> load_level(const std::string& path) {
    auto l = std::make_shared<Level>();
    {
        py::gil_scoped_release release;
        l->level = lv::load_level(path);
    }
    l->map = path;
    return l;
}

std::shared_ptr<Level> level_from_array(const py::array& array, const std::string& name) {
    if (array.ndim() != 2) {
        throw py::value_error("level: expected a 2D bool array [row, col], got " +
                              std::to_string(array.ndim()) + " dimensions");
    }
    if (py::str(array.dtype().attr("kind")).cast<std::string>() != "b") {
        throw py::type_error("level: expected a bool array (True = floor), got dtype " +
                             py::str(array.dtype()).cast<std::string>());
    }
    const auto rows = array.shape(0);
    const auto cols = array.shape(1);
    if (rows < 1 || cols < 1 || rows > lv::max_level_dimension || cols > lv::max_level_dimension) {
        throw py::value_error("level: each side must be in [1, " + std::to_string(lv::max_level_dimension) +
                              "], got (" + std::to_string(rows) + ", " + std::to_string(cols) + ")");
    }
    const auto a = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(array);
    const auto v = a.unchecked<2>();
    auto l = std::make_shared<Level>();
    l->level.name = name;
    l->level.width = static_cast<int>(cols);
    l->level.height = static_cast<int>(rows);
    l->level.passable.resize(static_cast<std::size_t>(rows * cols));
    for (py::ssize_t r = 0; r < rows; ++r) {
        for (py::ssize_t c = 0; c < cols; ++c) {
            l->level.passable[static_cast<std::size_t>(r * cols + c)] = v(r, c) ? 1 : 0;
        }
    }
    l->map = name;
    return l;
}

// Splits keyword settings between the flood's registry and the grid's (each name belongs to one).
void apply_chase_settings(ch::FloodSettings& flood, ch::GridSpaceSettings& grid, const py::dict& settings) {
    py::dict flood_kwargs;
    py::dict grid_kwargs;
    const SettingsDescription& grid_description = settings_description<ch::GridSpaceSettings>();
    for (const auto& [key, value] : settings) {
        const bool is_grid = find_field(grid_description, py::str(key).cast<std::string>()) != nullptr;
        (is_grid ? grid_kwargs : flood_kwargs)[key] = value;
    }
    apply_settings(settings_description<ch::FloodSettings>(), &flood, flood_kwargs);
    apply_settings(grid_description, &grid, grid_kwargs);
}

// One chase on one level: the flood, its query, and the space it runs on. Mirrors the C++ loop of
// Flood::start / advance / result, with the query's extras (dead reckoning) from chase_result.
class FloodRun {
  public:
    FloodRun(std::shared_ptr<Level> level, const py::dict& settings) : level_(std::move(level)) {
        if (!level_) {
            // pybind11 passes None as an empty holder; every later call would dereference it.
            throw py::type_error("level: expected a Level, got None");
        }
        ch::FloodSettings flood;
        ch::GridSpaceSettings grid;
        apply_chase_settings(flood, grid, settings);
        grid_ = std::make_unique<ch::GridSpace>(level_->level, grid);
        space_ = std::make_unique<ch::GridChaseSpace>(*grid_);
        flood_.set_settings(flood);
    }

    void start(const py::object& from_xy, const py::object& direction) {
        ch::ChaseQuery q;
        const double s = grid_->cell_size();
        if (!from_xy.is_none()) {
            const Vec2 p = to_vec2(from_xy, "from_xy");
            q.position = {p.x, p.y, 0.0};
        } else if (level_->level.seed) {
            q.position = {level_->level.seed->position.x * s, level_->level.seed->position.y * s, 0.0};
        } else {
            throw py::value_error(level_->map + ": the level marks no seed position; give from_xy");
        }
        if (!direction.is_none()) {
            const Vec2 d = to_vec2(direction, "direction");
            q.direction = {d.x, d.y, 0.0};
        } else if (from_xy.is_none() && level_->level.seed) {
            q.direction = {level_->level.seed->direction.x, level_->level.seed->direction.y, 0.0};
        }
        ch::start_chase(*space_, flood_, q);
        query_ = q;
    }

    bool advance(int steps) {
        require_started();
        if (steps < 0) {
            throw py::value_error("advance: steps must be >= 0, got " + std::to_string(steps));
        }
        py::gil_scoped_release release;
        return flood_.advance(steps);
    }

    void finish() {
        require_started();
        py::gil_scoped_release release;
        while (!flood_.advance(1 << 20)) {
        }
    }

    std::string json() const {
        require_started();
        return ch::chase_json(*space_, flood_, ch::chase_result(*space_, flood_, query_), level_->map);
    }

    py::array_t<std::int32_t> values() const {
        const int rows = grid_->height();
        const int cols = grid_->width();
        py::array_t<std::int32_t> out({py::ssize_t{rows}, py::ssize_t{cols}});
        auto v = out.mutable_unchecked<2>();
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < cols; ++c) {
                const ch::CellId cell = grid_->cell_at(c, r);
                v(r, c) = cell == ch::no_cell || !flood_.started() ? ch::untouched_value : flood_.value(cell);
            }
        }
        return out;
    }

    const ch::Flood& flood() const { return flood_; }
    const ch::GridSpace& grid() const { return *grid_; }
    const ch::GridChaseSpace& space() const { return *space_; }
    ch::Flood& flood() { return flood_; }

  private:
    void require_started() const {
        if (!flood_.started()) {
            throw py::value_error("flood: call start() first");
        }
    }

    std::shared_ptr<Level> level_;
    std::unique_ptr<ch::GridSpace> grid_;
    std::unique_ptr<ch::GridChaseSpace> space_;
    ch::Flood flood_;
    ch::ChaseQuery query_;
};

// Many chases on one level in one call, without the GIL (parameter studies, the GIL test).
py::dict run_batch(const std::shared_ptr<Level>& level, const py::handle& from_xy,
                   const py::handle& direction, const py::dict& settings) {
    FloodRun run(level, settings);
    const auto from = to_matrix(from_xy, -1, 2, "from_xy");
    const auto dir = to_matrix(direction, from.shape(0), 2, "direction");
    const py::ssize_t n = from.shape(0);
    std::vector<ch::ChaseQuery> queries(static_cast<std::size_t>(n));
    for (py::ssize_t i = 0; i < n; ++i) {
        auto& q = queries[static_cast<std::size_t>(i)];
        q.position = {from.at(i, 0), from.at(i, 1), 0.0};
        q.direction = {dir.at(i, 0), dir.at(i, 1), 0.0};
        throw_if_invalid("chase query " + std::to_string(i), q.validate());
    }
    std::vector<ch::ChaseResult> results(queries.size());
    {
        py::gil_scoped_release release;
        for (std::size_t i = 0; i < queries.size(); ++i) {
            results[i] = ch::run_chase(run.space(), run.flood(), queries[i]);
        }
    }
    py::array_t<std::int32_t> steps(n);
    py::array_t<std::int32_t> heated(n);
    py::array_t<std::int32_t> cell({n, py::ssize_t{2}});
    py::array_t<double> destination({n, py::ssize_t{2}});
    py::array_t<double> reckoning({n, py::ssize_t{2}});
    py::list reasons;
    for (py::ssize_t i = 0; i < n; ++i) {
        const ch::ChaseResult& r = results[static_cast<std::size_t>(i)];
        steps.mutable_at(i) = r.flood.steps;
        heated.mutable_at(i) = static_cast<std::int32_t>(r.flood.heated_cells);
        cell.mutable_at(i, 0) = r.destination.values[0];
        cell.mutable_at(i, 1) = r.destination.values[1];
        destination.mutable_at(i, 0) = r.flood.destination.x;
        destination.mutable_at(i, 1) = r.flood.destination.y;
        reckoning.mutable_at(i, 0) = r.dead_reckoning.position.x;
        reckoning.mutable_at(i, 1) = r.dead_reckoning.position.y;
        reasons.append(std::string(ch::to_string(r.flood.stop_reason)));
    }
    py::dict out;
    out["steps"] = steps;
    out["stop_reason"] = reasons;
    out["destination_cell"] = cell;
    out["destination"] = destination;
    out["heated_cells"] = heated;
    out["dead_reckoning"] = reckoning;
    return out;
}

}  // namespace

void register_chase(py::module_& m) {
    py::class_<Level, std::shared_ptr<Level>>(m, "Level", "A 2D tile level (levels/grid_level.hpp).")
        .def_static("load", &load_level, py::arg("path"),
                    "Loads a Moving AI .map or kinema ASCII level. OSError when the file cannot be read, "
                    "ValueError 'FILE:LINE: message' for a bad line.")
        .def_static("from_array", &level_from_array, py::arg("passable"), py::arg("name") = "<array>",
                    "A level from a 2D bool array indexed [row, col], True = floor.")
        .def_static(
            "default",
            [] {
                auto l = std::make_shared<Level>();
                l->level = lv::default_level();
                l->map = "built-in default level (" + l->level.name + ")";
                return l;
            },
            "The built-in default level of `kinema chase` (data/levels/default.txt).")
        .def_property_readonly("name", [](const Level& l) { return l.level.name; })
        .def_property_readonly(
            "map", [](const Level& l) { return l.map; }, "The JSON's \"map\" field.")
        .def_property_readonly(
            "width", [](const Level& l) { return l.level.width; }, "tiles (columns)")
        .def_property_readonly(
            "height", [](const Level& l) { return l.level.height; }, "tiles (rows)")
        .def_property_readonly(
            "passable",
            [](const Level& l) {
                py::array_t<bool> out({py::ssize_t{l.level.height}, py::ssize_t{l.level.width}});
                auto v = out.mutable_unchecked<2>();
                for (int r = 0; r < l.level.height; ++r) {
                    for (int c = 0; c < l.level.width; ++c) {
                        v(r, c) = l.level.is_passable(c, r);
                    }
                }
                return out;
            },
            "2D bool array [row, col], True = floor.")
        .def_property_readonly(
            "seed",
            [](const Level& l) -> py::object {
                if (!l.level.seed) {
                    return py::none();
                }
                const auto& s = *l.level.seed;
                return py::make_tuple(py::make_tuple(s.position.x, s.position.y),
                                      py::make_tuple(s.direction.x, s.direction.y));
            },
            "((x, y), (dx, dy)) in tile units: the last known position and direction the file marks, or "
            "None.");

    py::class_<FloodRun>(m, "FloodRun", "A chase flood on one level (chase/flood.hpp Flood).")
        .def(py::init<std::shared_ptr<Level>, const py::dict&>(), py::arg("level").none(false),
             py::arg("settings"))
        .def("start", &FloodRun::start, py::arg("from_xy"), py::arg("direction"))
        .def("advance", &FloodRun::advance, py::arg("steps"))
        .def("finish", &FloodRun::finish)
        .def("json", &FloodRun::json)
        .def("values", &FloodRun::values)
        .def_property_readonly("started", [](const FloodRun& r) { return r.flood().started(); })
        .def_property_readonly("finished", [](const FloodRun& r) { return r.flood().finished(); })
        .def_property_readonly("steps", [](const FloodRun& r) { return r.flood().steps(); });
    m.def("run_batch", &run_batch, py::arg("level").none(false), py::arg("from_xy"), py::arg("direction"),
          py::arg("settings"));
    m.def("settings_fields", [] {
        py::list out = describe_fields(settings_description<ch::FloodSettings>());
        for (const auto& f : describe_fields(settings_description<ch::GridSpaceSettings>())) {
            out.append(f);
        }
        return out;
    });
}

}  // namespace kinema::python
