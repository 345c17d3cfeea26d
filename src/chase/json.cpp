#include "kinema/chase/json.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "kinema/core/format.hpp"

namespace kinema::chase {
namespace {

// A minimal writer for one flat JSON object: fields in call order, commas handled here. Numbers go through
// kinema::format_number (shortest round-trip), integers as integers.
class ObjectWriter {
  public:
    explicit ObjectWriter(int position_dimensions) : dims_(position_dimensions) { out_ += '{'; }

    void number(std::string_view name, double value) {
        key(name);
        append_number(out_, value);
    }
    void integer(std::string_view name, long long value) {
        key(name);
        out_ += std::to_string(value);
    }
    void boolean(std::string_view name, bool value) {
        key(name);
        out_ += value ? "true" : "false";
    }
    void string(std::string_view name, std::string_view value) {
        key(name);
        quoted(value);
    }
    void position(std::string_view name, Vec3 p) {
        key(name);
        point(p);
    }
    void coords(std::string_view name, const CellCoords& c) {
        key(name);
        out_ += '[';
        coord_list(c);
        out_ += ']';
    }
    /// [[x, y(, z)], ...]
    void positions(std::string_view name, const std::vector<Vec3>& points) {
        key(name);
        out_ += '[';
        for (std::size_t i = 0; i < points.size(); ++i) {
            out_ += i == 0 ? "" : ",";
            point(points[i]);
        }
        out_ += ']';
    }
    /// [[coords..., value], ...]
    void touched(std::string_view name, const ChaseSpace& space, const Flood& flood) {
        std::vector<CellId> ids(flood.heated_cells().begin(), flood.heated_cells().end());
        ids.insert(ids.end(), flood.barrier_cells().begin(), flood.barrier_cells().end());
        std::sort(ids.begin(), ids.end());
        key(name);
        out_ += '[';
        for (std::size_t i = 0; i < ids.size(); ++i) {
            out_ += i == 0 ? "[" : ",[";
            coord_list(space.coords(ids[i]));
            out_ += ',';
            out_ += std::to_string(flood.value(ids[i]));
            out_ += ']';
        }
        out_ += ']';
    }

    std::string finish() {
        out_ += '}';
        return std::move(out_);
    }

  private:
    void key(std::string_view name) {
        if (out_.size() > 1) {
            out_ += ',';
        }
        quoted(name);
        out_ += ':';
    }
    void point(Vec3 p) {
        out_ += '[';
        append_number(out_, p.x);
        out_ += ',';
        append_number(out_, p.y);
        if (dims_ == 3) {
            out_ += ',';
            append_number(out_, p.z);
        }
        out_ += ']';
    }
    void coord_list(const CellCoords& c) {
        for (int i = 0; i < c.count; ++i) {
            out_ += i == 0 ? "" : ",";
            out_ += std::to_string(c.values[static_cast<std::size_t>(i)]);
        }
    }
    // RFC 8259 section 7: quote, backslash and control characters are escaped; everything else (UTF-8
    // included) is copied.
    void quoted(std::string_view text) {
        out_ += '"';
        for (const char ch : text) {
            if (ch == '"' || ch == '\\') {
                out_ += '\\';
                out_ += ch;
            } else if (static_cast<unsigned char>(ch) < 0x20) {
                char escape[8];
                std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(ch));
                out_ += escape;
            } else {
                out_ += ch;
            }
        }
        out_ += '"';
    }

    int dims_;
    std::string out_;
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

std::string chase_json(const ChaseSpace& space, const Flood& flood, const ChaseResult& result,
                       std::string_view map) {
    ObjectWriter w(space.position_dimensions());
    write_space(w, space, map);
    write_seed(w, flood.settings(), result);
    write_flood(w, result);
    write_npc(w, result);
    w.touched("touched", space, flood);
    return w.finish();
}

}  // namespace kinema::chase
