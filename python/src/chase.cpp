// kinema._kinema.chase: 2D grid levels (levels/*.hpp) and the chase flood on them through the library's one
// chase query (chase/query.hpp: GridChaseSpace, start_chase, chase_result) and its one JSON writer
// (chase/json.hpp chase_json), so that Python sees exactly what `kinema chase --json` prints.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "chase_report.hpp"
#include "common.hpp"
#include "kinema/chase/chase_settings.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/core/json_writer.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_formats.hpp"
#include "kinema/report/chase_text.hpp"

namespace kinema::python {
namespace {

namespace ch = kinema::chase;
namespace lv = kinema::levels;

// A wall tile in `values`: not a cell of the flood's space. -3 is the tile code of the renderer and the web
// playground (render/palette.hpp), distinct from the flood's untouched floor (chase::untouched_value, -2).
constexpr std::int32_t wall_value = -3;

// A loaded level and the name the JSON's "map" field gives it (the path as given, as the CLI does).
struct Level {
    lv::GridLevel level;
    std::string map;
};

std::shared_ptr<Level> load_level(const std::string& path, const std::string& level,
                                  const std::string& walls) {
    const lv::LevelReadOptions options{level, walls};
    require_read_options(path, options);
    auto l = std::make_shared<Level>();
    {
        py::gil_scoped_release release;
        l->level = lv::load_level(path, lv::default_max_level_bytes, options);
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
    // Rows and columns as the level's height and width; the bools as bytes (0 or 1).
    const auto bytes = py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>::ensure(array);
    auto l = std::make_shared<Level>();
    try {
        l->level = lv::grid_from_tiles(name, array.shape(1), array.shape(0), bytes.data());
    } catch (const std::invalid_argument& e) {
        throw py::value_error(std::string("level: ") + e.what());
    }
    l->map = name;
    return l;
}

// The grid chase's settings (chase/chase_settings.hpp, as `kinema chase` takes them) as keyword arguments.
const KeywordSettings& chase_keywords() {
    static const KeywordSettings keywords(settings_description<ch::GridChaseSettings>(), "kinema.chase");
    return keywords;
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
        const auto s = chase_keywords().from<ch::GridChaseSettings>(settings);
        grid_ = std::make_unique<ch::GridSpace>(level_->level, s.grid);
        space_ = std::make_unique<ch::GridChaseSpace>(*grid_);
        flood_.set_settings(s.flood);
    }

    void start(const py::object& from_xy, const py::object& direction, const py::object& destinations) {
        ch::ChaseQuery q;
        q.destinations = destinations_argument(destinations);
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

    // The CLI's stderr note (report::seed_snap_note) without its "kinema: note: " prefix and newline when
    // start() moved a seed on a wall or off the map to the nearest cell; empty otherwise.
    [[nodiscard]] std::string seed_note() const {
        require_started();
        std::string note = report::seed_snap_note(ch::chase_result(*space_, flood_, query_));
        constexpr std::string_view prefix = "kinema: note: ";
        if (note.starts_with(prefix)) {
            note.erase(0, prefix.size());
        }
        if (!note.empty() && note.back() == '\n') {
            note.pop_back();
        }
        return note;
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

    ChaseReport result() const {
        require_started();
        ChaseReport r = make_report(*space_, flood_, ch::chase_result(*space_, flood_, query_), level_->map);
        r.values = values();
        return r;
    }

    py::array_t<std::int32_t> values() const {
        const int rows = grid_->height();
        const int cols = grid_->width();
        py::array_t<std::int32_t> out({py::ssize_t{rows}, py::ssize_t{cols}});
        auto v = out.mutable_unchecked<2>();
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < cols; ++c) {
                const ch::CellId cell = grid_->cell_at(c, r);
                if (cell == ch::no_cell) {
                    v(r, c) = wall_value;
                } else {
                    v(r, c) = flood_.started() ? flood_.value(cell) : ch::untouched_value;
                }
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

// Many chases' results: the library's ChaseResult per chase, read as arrays.
struct BatchReport {
    std::vector<ch::ChaseResult> results;

    [[nodiscard]] py::ssize_t size() const { return static_cast<py::ssize_t>(results.size()); }
    template <class T, class Get>
    py::array_t<T> column(Get get) const {
        py::array_t<T> out(size());
        for (py::ssize_t i = 0; i < size(); ++i) {
            out.mutable_at(i) = static_cast<T>(get(results[static_cast<std::size_t>(i)]));
        }
        return out;
    }
    template <class T, class Get>
    py::array_t<T> pairs(Get get) const {
        py::array_t<T> out({size(), py::ssize_t{2}});
        for (py::ssize_t i = 0; i < size(); ++i) {
            const auto [a, b] = get(results[static_cast<std::size_t>(i)]);
            out.mutable_at(i, 0) = static_cast<T>(a);
            out.mutable_at(i, 1) = static_cast<T>(b);
        }
        return out;
    }
    [[nodiscard]] py::list stop_reasons() const {
        py::list out;
        for (const ch::ChaseResult& r : results) {
            out.append(std::string(ch::to_string(r.flood.stop_reason)));
        }
        return out;
    }
    // One object per chase with the batch's fields, by the core's JSON writer (numbers as chase_json's).
    [[nodiscard]] std::string json() const {
        std::string out;
        JsonWriter w(out);
        w.begin_array();
        for (const ch::ChaseResult& r : results) {
            w.begin_object()
                .integer("steps", r.flood.steps)
                .string("stop_reason", ch::to_string(r.flood.stop_reason));
            w.key("destination_cell")
                .begin_array()
                .integer(r.destination.values[0])
                .integer(r.destination.values[1]);
            w.end_array()
                .key("destination")
                .begin_array()
                .number(r.flood.destination.x)
                .number(r.flood.destination.y);
            w.end_array().integer("heated_cells", static_cast<long long>(r.flood.heated_cells));
            w.key("dead_reckoning").begin_array().number(r.dead_reckoning.position.x);
            w.number(r.dead_reckoning.position.y).end_array().end_object();
        }
        w.end_array();
        return out;
    }
};

// Many chases on one level in one call, without the GIL (parameter studies, the GIL test).
BatchReport run_batch(const std::shared_ptr<Level>& level, const py::handle& from_xy,
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
    BatchReport out;
    out.results.resize(queries.size());
    {
        py::gil_scoped_release release;
        for (std::size_t i = 0; i < queries.size(); ++i) {
            out.results[i] = ch::run_chase(run.space(), run.flood(), queries[i]);
        }
    }
    return out;
}

void register_batch(py::module_& m) {
    using R = ch::ChaseResult;
    py::class_<BatchReport>(
        m, "BatchResult",
        "Many chases' results (chase/query.hpp ChaseResult each), one array element per chase.")
        .def("__len__", &BatchReport::size)
        .def_property_readonly(
            "steps",
            [](const BatchReport& b) {
                return b.column<std::int32_t>([](const R& r) { return r.flood.steps; });
            },
            "(N,) int32 propagation steps")
        .def_property_readonly("stop_reason", &BatchReport::stop_reasons,
                               "list of N: exhausted, too_many_heated or max_steps")
        .def_property_readonly(
            "destination_cell",
            [](const BatchReport& b) {
                return b.pairs<std::int32_t>(
                    [](const R& r) { return std::pair(r.destination.values[0], r.destination.values[1]); });
            },
            "(N, 2) int32 (col, row)")
        .def_property_readonly(
            "destination",
            [](const BatchReport& b) {
                return b.pairs<double>(
                    [](const R& r) { return std::pair(r.flood.destination.x, r.flood.destination.y); });
            },
            "(N, 2) map units")
        .def_property_readonly(
            "heated_cells",
            [](const BatchReport& b) {
                return b.column<std::int32_t>([](const R& r) { return r.flood.heated_cells; });
            },
            "(N,) int32")
        .def_property_readonly(
            "dead_reckoning",
            [](const BatchReport& b) {
                return b.pairs<double>([](const R& r) {
                    return std::pair(r.dead_reckoning.position.x, r.dead_reckoning.position.y);
                });
            },
            "(N, 2) map units")
        .def(
            "__getitem__",
            [](const py::object& self, const std::string& key) {
                static const char* const names[] = {"steps",       "stop_reason",  "destination_cell",
                                                    "destination", "heated_cells", "dead_reckoning"};
                for (const char* name : names) {
                    if (key == name) {
                        return self.attr(name);
                    }
                }
                throw py::key_error(key);
            },
            "result[\"steps\"] is result.steps (the dict run_batch returned before)")
        .def("to_json", &BatchReport::json,
             "A JSON array, one object per chase with the fields above (numbers as `kinema chase --json` "
             "writes "
             "them).");
}

}  // namespace

void register_chase(py::module_& m) {
    m.attr("UNTOUCHED") = ch::untouched_value;
    m.attr("BARRIER") = ch::barrier_value;
    m.attr("WALL") = wall_value;
    py::class_<Level, std::shared_ptr<Level>>(m, "Level", "A 2D tile level (levels/grid_level.hpp).")
        .def_static(
            "load", &load_level, py::arg("path"), py::arg("level") = "", py::arg("walls") = "",
            "Loads a grid level with the loader the CLI's --map uses (level, walls: --level, --walls). "
            "OSError when the file cannot be read, ValueError 'FILE:LINE: message' for a bad line.")
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
            "None.")
        .def_property_readonly(
            "npc_start",
            [](const Level& l) -> py::object {
                if (!l.level.npc_start) {
                    return py::none();
                }
                return py::make_tuple(l.level.npc_start->x, l.level.npc_start->y);
            },
            "(x, y) in tile units: where the file marks a pursuing NPC's start (a Tiled object or LDtk "
            "entity "
            "named npc; `kinema pursue` starts there without --npc), or None.")
        .def_property_readonly(
            "title", [](const Level& l) { return l.level.title; },
            "The level's own name (an ASCII level's name: header, a Tiled map's or LDtk level's name), or "
            "''.");

    py::class_<FloodRun>(m, "FloodRun", "A chase flood on one level (chase/flood.hpp Flood).")
        .def(py::init<std::shared_ptr<Level>, const py::dict&>(), py::arg("level").none(false),
             py::arg("settings"))
        .def("start", &FloodRun::start, py::arg("from_xy"), py::arg("direction"),
             py::arg("destinations") = py::none())
        .def("seed_note", &FloodRun::seed_note)
        .def("advance", &FloodRun::advance, py::arg("steps"))
        .def("finish", &FloodRun::finish)
        .def("result", &FloodRun::result)
        .def("values", &FloodRun::values)
        .def_property_readonly("started", [](const FloodRun& r) { return r.flood().started(); })
        .def_property_readonly("finished", [](const FloodRun& r) { return r.flood().finished(); })
        .def_property_readonly("steps", [](const FloodRun& r) { return r.flood().steps(); });
    register_batch(m);
    m.def("run_batch", &run_batch, py::arg("level").none(false), py::arg("from_xy"), py::arg("direction"),
          py::arg("settings"));
    m.def(
        "settings_fields", [] { return chase_keywords().describe(); },
        "The keyword arguments of Flood, run and run_batch from the registry (GridChaseSettings).");
    register_chase_result(m);
}

}  // namespace kinema::python
