#include "kinema/chase/json.hpp"

#include <algorithm>
#include <vector>

#include "json_values.hpp"
#include "kinema/core/json_writer.hpp"

namespace kinema::chase {
namespace {

// One flat JSON object in call order (JsonWriter places the commas), plus the chase's own values: positions
// with 2 or 3 coordinates, cell coordinates and the touched cells.
class ObjectWriter {
  public:
    ObjectWriter(int position_dimensions, std::string& out) : dims_(position_dimensions), out_(out) {
        w_.begin_object();
    }

    void number(std::string_view name, double value) { w_.number(name, value); }
    void integer(std::string_view name, long long value) { w_.integer(name, value); }
    void boolean(std::string_view name, bool value) { w_.boolean(name, value); }
    void string(std::string_view name, std::string_view value) { w_.string(name, value); }
    void position(std::string_view name, Vec3 p) {
        w_.key(name);
        point(p);
    }
    void coords(std::string_view name, const CellCoords& c) {
        w_.key(name).begin_array();
        coord_list(c);
        w_.end_array();
    }
    /// [[x, y(, z)], ...]
    void positions(std::string_view name, const std::vector<Vec3>& points) {
        w_.key(name).begin_array();
        for (const Vec3& p : points) {
            point(p);
        }
        w_.end_array();
    }
    /// The split's destinations: [[x, y(, z)], ...] and one object per region, largest heat first.
    void split(const SplitDestinations& split, const std::vector<CellCoords>& cells) {
        w_.key("destinations").begin_array();
        for (const DestinationRegion& region : split.regions) {
            point(region.destination);
        }
        w_.end_array();
        w_.key("destination_regions").begin_array();
        for (std::size_t r = 0; r < split.regions.size(); ++r) {
            w_.begin_object();
            w_.key("destination_cell").begin_array();
            coord_list(cells[r]);
            w_.end_array();
            w_.key("centroid");
            point(split.regions[r].centroid);
            w_.integer("heat", split.regions[r].heat);
            w_.integer("cells", static_cast<long long>(split.regions[r].cells));
            w_.end_object();
        }
        w_.end_array();
    }
    /// [[coords..., value], ...] by id, handing the text to `sink` each time it reaches `chunk_bytes`.
    void touched(std::string_view name, const ChaseSpace& space, const Flood& flood,
                 const ChaseJsonSink& sink, std::size_t chunk_bytes) {
        w_.key(name).begin_array();
        const auto cell = [&](CellId id) {
            w_.begin_array();
            coord_list(space.coords(id));
            w_.integer(flood.value(id)).end_array();
            if (out_.size() >= chunk_bytes) {
                sink(out_);
            }
        };
        const std::size_t touched = flood.heated_cells().size() + flood.barrier_cells().size();
        const std::size_t cells = space.cells().size();
        if (touched > cells / 16) {
            // A flood over much of the level: every cell in id order, no sorted copy of the ids (67 MB when
            // a flood covers a 4096 x 4096 map).
            for (CellId id = 0; id < cells; ++id) {
                if (flood.value(id) != untouched_value) {
                    cell(id);
                }
            }
        } else {
            std::vector<CellId> ids(flood.heated_cells().begin(), flood.heated_cells().end());
            ids.insert(ids.end(), flood.barrier_cells().begin(), flood.barrier_cells().end());
            std::sort(ids.begin(), ids.end());
            std::for_each(ids.begin(), ids.end(), cell);
        }
        w_.end_array();
    }

    void finish() { w_.end_object(); }

  private:
    void point(Vec3 p) { json_values::position(w_, p, dims_); }
    void coord_list(const CellCoords& c) { json_values::coordinates(w_, c); }

    int dims_;
    std::string& out_;
    JsonWriter w_{out_};
};

void write_space(ObjectWriter& w, const ChaseSpace& space, std::string_view map) {
    w.string("map", map);
    w.integer("cells", static_cast<long long>(space.cells().size()));
    w.number("cell_size", space.cells().cell_size());
    for (const SpaceField& field : space.report_fields()) {
        w.number(field.name, field.value);
    }
}

void write_seed(ObjectWriter& w, const FloodSettings& settings, const ChaseResult& r) {
    w.position("from", r.position);
    w.position("dir", r.direction);
    w.coords("seed_cell", r.seed);
    w.coords("seed", r.seed);  // the 3D spelling, kept (docs/nav.md)
    w.position("seed_position", r.seed_position);
    w.boolean("seed_snapped", r.flood.seed_snapped);
    w.integer("hot", settings.hot);
    w.integer("max_heated", settings.max_heated);
    w.integer("max_steps", settings.max_steps);
}

void write_flood(ObjectWriter& w, const ChaseResult& r) {
    const FloodResult& f = r.flood;
    w.integer("steps", f.steps);
    w.string("stop_reason", to_string(f.stop_reason));
    w.position("centroid", f.centroid);
    w.coords("destination_cell", r.destination);
    w.position("destination", f.destination);
    w.integer("heated_cells", static_cast<long long>(f.heated_cells));
    w.integer("warm_cells", static_cast<long long>(f.warm_cells));
    w.integer("barrier_cells", static_cast<long long>(f.barrier_cells));
    w.position("dead_reckoning", r.dead_reckoning.position);
    w.boolean("dead_reckoning_blocked", r.dead_reckoning.blocked);
    w.number("dead_reckoning_distance", r.dead_reckoning.distance);
    if (r.split) {
        w.split(*r.split, r.split_cells);
    }
}

void write_npc(ObjectWriter& w, const ChaseResult& r) {
    if (!r.npc) {
        return;
    }
    w.position("npc", *r.npc);
    if (r.path) {
        w.string("path_status", to_string(r.path->status));
        w.positions("path", r.path->points);
        w.number("path_length", r.path->length);
    }
}

}  // namespace

void write_chase_json(const ChaseSpace& space, const Flood& flood, const ChaseResult& result,
                      std::string_view map, std::string& buffer, const ChaseJsonSink& sink,
                      std::size_t chunk_bytes) {
    ObjectWriter w(space.position_dimensions(), buffer);
    write_space(w, space, map);
    write_seed(w, flood.settings(), result);
    write_flood(w, result);
    write_npc(w, result);
    w.touched("touched", space, flood, sink, chunk_bytes);
    w.finish();
    sink(buffer);
}

std::string chase_json(const ChaseSpace& space, const Flood& flood, const ChaseResult& result,
                       std::string_view map) {
    std::string whole;
    std::string buffer;
    write_chase_json(space, flood, result, map, buffer, [&](std::string& piece) {
        whole += piece;
        piece.clear();
    });
    return whole;
}

}  // namespace kinema::chase
