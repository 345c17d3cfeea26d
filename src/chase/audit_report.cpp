// The audit's JSON and CSV reports (docs/audit.md). Values are written exactly as chase_json writes them for
// the same seed (kinema::format_number, integer cell coordinates), so a row can be checked against
// `kinema chase --json`.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_reading.hpp"
#include "kinema/chase/audit_reuse.hpp"
#include "kinema/chase/audit_shape.hpp"
#include "kinema/core/digest.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/json_writer.hpp"

namespace kinema::chase {

namespace {

// The coordinates, comma separated (CSV; JSON inside brackets).
void append_coords(std::string& out, const CellCoords& c) {
    for (int i = 0; i < c.count; ++i) {
        if (i > 0) {
            out += ',';
        }
        append_integer(out, c.values[static_cast<std::size_t>(i)]);
    }
}

// Every cell's coordinates as text ("col,row"; JSON and CSV alike), made once per report: a grid's coords()
// is a binary search over the grid's words, and each row names two cells.
class CoordsText {
  public:
    explicit CoordsText(const ChaseSpace& space) {
        const std::size_t n = space.cells().size();
        begin_.reserve(n + 1);
        for (std::size_t c = 0; c < n; ++c) {
            begin_.push_back(static_cast<std::uint32_t>(text_.size()));
            append_coords(text_, space.coords(static_cast<CellId>(c)));
        }
        begin_.push_back(static_cast<std::uint32_t>(text_.size()));
    }
    std::string_view of(CellId c) const { return {text_.data() + begin_[c], begin_[c + 1] - begin_[c]}; }

  private:
    std::string text_;
    std::vector<std::uint32_t> begin_;
};

// append_number through a direct-mapped cache of the last text per double (by its bits): a level's rows
// repeat few distances (on grids sums of whole and diagonal steps, square roots of whole numbers), and the
// shortest-digits conversion is most of a row's cost. The text is append_number's, so the bytes are too. The
// slots grow with the report up to 8192 (320 KB, zeroed: for a level of a hundred rows that was 80 pages of
// the process's 640 faults, twice, for the JSON and the CSV).
class NumberTexts {
  public:
    /// For a report of `rows` rows: about a slot per row, at least 64.
    explicit NumberTexts(std::size_t rows) {
        while (slot_bits_ < most_slot_bits && (std::size_t{1} << slot_bits_) < rows) {
            ++slot_bits_;
        }
        slots_.resize(std::size_t{1} << slot_bits_);
    }
    void append(std::string& out, double value) {
        std::uint64_t bits = 0;  // std::bit_cast's value; emscripten's libc++ 14 has no std::bit_cast
        std::memcpy(&bits, &value, sizeof bits);
        Slot& slot = slots_[(bits * 0x9E3779B97F4A7C15ULL) >> (64 - slot_bits_)];
        if (slot.length == 0 || slot.bits != bits) {
            std::string text;
            append_number(text, value);
            if (text.size() > slot.text.size()) {
                out += text;
                return;
            }
            std::copy(text.begin(), text.end(), slot.text.begin());
            slot.length = static_cast<std::uint8_t>(text.size());
            slot.bits = bits;
        }
        out.append(slot.text.data(), slot.length);
    }

  private:
    static constexpr int most_slot_bits = 13;
    struct Slot {
        std::uint64_t bits = 0;
        std::uint8_t length = 0;  // 0: empty (no number's text is empty)
        std::array<char, 31> text{};
    };
    int slot_bits_ = 6;
    std::vector<Slot> slots_;
};

// Direction k's "x,y" text, made once per report rather than per row (audit_direction's sines and cosines
// and two numbers per row; docs/performance.md "Level audit").
std::vector<std::string> direction_texts(int directions) {
    std::vector<std::string> texts(static_cast<std::size_t>(directions));
    for (int k = 0; k < directions; ++k) {
        const Vec2 d = audit_direction(k, directions);
        std::string& t = texts[static_cast<std::size_t>(k)];
        append_number(t, d.x);
        t += ',';
        append_number(t, d.y);
    }
    return texts;
}

// Two settings objects "{...}" merged into one.
std::string merged(const std::string& a, const std::string& b) {
    if (a.size() <= 2) {
        return b;
    }
    if (b.size() <= 2) {
        return a;
    }
    return a.substr(0, a.size() - 1) + ", " + b.substr(1);  // the registry writes ", " between fields
}

void append_point(std::string& out, NumberTexts& numbers, Vec3 p, int dims) {
    numbers.append(out, p.x);
    out += ',';
    numbers.append(out, p.y);
    if (dims == 3) {
        out += ',';
        numbers.append(out, p.z);
    }
}

// One row's JSON object, the text JsonWriter writes for it in the compact layout (keys plain ASCII, no
// escapes; numbers by append_number), appended directly: the writer's per-key escaping and separators cost
// a third of the report's time.
void row_json(std::string& out, const CoordsText& coords, NumberTexts& numbers, const AuditRow& row,
              const std::string& direction, int dims) {
    out += "{\"cell\":[";
    out += coords.of(row.cell);
    out += "],\"direction\":[";
    out += direction;
    out += "],\"steps\":";
    append_integer(out, row.steps);
    out += ",\"stop_reason\":\"";
    out += to_string(row.stop_reason);
    out += "\",\"destination_cell\":[";
    out += coords.of(row.destination_cell);
    out += "],\"destination\":[";
    append_point(out, numbers, row.destination, dims);
    out += "],\"chase_distance\":";
    numbers.append(out, row.chase_distance);
    out += ",\"chase_distance_along_cells\":";
    numbers.append(out, row.along_cells_distance);
    out += ",\"dead_reckoning\":[";
    append_point(out, numbers, row.dead_reckoning, dims);
    out += "],\"dead_reckoning_gap\":";
    numbers.append(out, row.dead_reckoning_gap);
    out += ",\"findings\":[";
    bool first = true;
    for (const Finding f : all_findings) {
        if (row.has(f)) {
            out += first ? "\"" : ",\"";
            out += to_string(f);
            out += '"';
            first = false;
        }
    }
    out += "]}";
}

void totals_json(JsonWriter& w, const AuditTotals& t) {
    w.key("totals").begin_object();
    w.integer("cells", static_cast<long long>(t.cells)).integer("rows", static_cast<long long>(t.rows));
    constexpr StopReason reasons[] = {StopReason::exhausted, StopReason::too_many_heated,
                                      StopReason::max_steps};
    w.key("stop_reasons").begin_object();
    for (std::size_t i = 0; i < 3; ++i) {
        w.integer(to_string(reasons[i]), static_cast<long long>(t.stop_reasons[i]));
    }
    w.end_object().key("findings").begin_object();
    for (std::size_t i = 0; i < all_findings.size(); ++i) {
        w.integer(to_string(all_findings[i]), static_cast<long long>(t.findings[i]));
    }
    w.end_object()
        .number("mean_chase_distance", t.mean_chase_distance)
        .number("mean_chase_distance_along_cells", t.mean_along_cells_distance)
        .number("mean_dead_reckoning_gap", t.mean_dead_reckoning_gap)
        .end_object();
}

std::string coord_names(const CellCoords& c, const std::string& prefix) {
    static const char* const two[] = {"col", "row"};
    static const char* const three[] = {"cell_x", "cell_y", "cell_z"};
    std::string out;
    for (int i = 0; i < c.count; ++i) {
        out += i == 0 ? "" : ",";
        out += prefix;
        out += c.count == 1 ? "cell_id" : c.count == 2 ? two[i] : three[i];
    }
    return out;
}

std::string point_names(const std::string& name, int dims) {
    return name + "_x," + name + "_y" + (dims == 3 ? "," + name + "_z" : "");
}

}  // namespace

std::string audit_settings_json(const FloodSettings& flood, const AuditSettings& settings) {
    return merged(settings_json(settings_description<FloodSettings>(), &flood),
                  settings_json(settings_description<AuditSettings>(), &settings));
}

void write_audit_json(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                      const AuditResult& result, std::string& buffer, const AuditTextSink& sink,
                      std::size_t chunk_bytes) {
    write_audit_json(space, flood, settings, result, audit_places(space, result, flood, settings), buffer,
                     sink, chunk_bytes);
}

void write_audit_json(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                      const AuditResult& result, const std::vector<AuditPlace>& places, std::string& buffer,
                      const AuditTextSink& sink, std::size_t chunk_bytes) {
    JsonWriter w(buffer);
    // Every byte is hashed as it is handed on, for the digest that ends the reuse record.
    WordDigest digest;
    const auto hand_on = [&](std::string& piece) {
        digest.add(piece);
        sink(piece);
    };
    w.begin_object().integer("directions", result.directions).key("settings");
    w.raw(audit_settings_json(flood, settings));
    w.key("rows").begin_array();
    const std::vector<std::string> directions = direction_texts(result.directions);
    const int dims = space.position_dimensions();
    const CoordsText coords(space);
    NumberTexts numbers(result.rows.size());
    std::string text;
    const AuditKnownRows* known =
        result.known_rows != nullptr && result.known_rows->length.size() == result.rows.size()
            ? result.known_rows.get()
            : nullptr;
    for (std::size_t i = 0; i < result.rows.size(); ++i) {
        const AuditRow& row = result.rows[i];
        if (known != nullptr && known->length[i] != 0) {
            w.raw(known->text.substr(known->begin[i], known->length[i]));
        } else {
            text.clear();
            row_json(text, coords, numbers, row, directions[static_cast<std::size_t>(row.direction)], dims);
            w.raw(text);
        }
        if (buffer.size() >= chunk_bytes) {
            hand_on(buffer);
        }
    }
    w.end_array();
    totals_json(w, result.totals);
    w.key("summary").raw(audit_summary_json(flood, settings, result, level_has_loop(space.cells())));
    w.key("places").raw(audit_places_json(space, result, places));
    w.key("reuse");
    hand_on(buffer);
    std::string record;
    append_audit_reuse_record(record, space, result);
    digest.add(record);
    w.raw(record + ",\"" + std::string(audit_digest_key) + "\":\"" + digest_text(digest.value()) + "\"}");
    w.end_object();
    sink(buffer);
}

std::string audit_json(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                       const AuditResult& result) {
    std::string whole;
    std::string buffer;
    write_audit_json(space, flood, settings, result, buffer, [&](std::string& piece) {
        whole += piece;
        piece.clear();
    });
    return whole;
}

void write_audit_csv(const ChaseSpace& space, const AuditResult& result, std::string& out,
                     const AuditTextSink& sink, std::size_t chunk_bytes) {
    const int dims = space.position_dimensions();
    const CellCoords sample = space.cells().empty() ? CellCoords{} : space.coords(0);
    out += coord_names(sample, "") + (space.cells().frame() == PlanarFrame::xy ? ",dx,dy" : ",dx,dz") +
           ",steps,stop_reason," + coord_names(sample, "destination_") + "," +
           point_names("destination", dims) + ",chase_distance,chase_distance_along_cells," +
           point_names("dead_reckoning", dims) + ",dead_reckoning_gap";
    for (const Finding f : all_findings) {
        out += ',';
        out += to_string(f);
    }
    out += '\n';
    const std::vector<std::string> directions = direction_texts(result.directions);
    const CoordsText coords(space);
    NumberTexts numbers(result.rows.size());
    for (const AuditRow& row : result.rows) {
        out += coords.of(row.cell);
        out += ',';
        out += directions[static_cast<std::size_t>(row.direction)];
        out += ',';
        append_integer(out, row.steps);
        out += ',';
        out += to_string(row.stop_reason);
        out += ',';
        out += coords.of(row.destination_cell);
        out += ',';
        append_point(out, numbers, row.destination, dims);
        out += ',';
        numbers.append(out, row.chase_distance);
        out += ',';
        numbers.append(out, row.along_cells_distance);
        out += ',';
        append_point(out, numbers, row.dead_reckoning, dims);
        out += ',';
        numbers.append(out, row.dead_reckoning_gap);
        for (const Finding f : all_findings) {
            out += row.has(f) ? ",1" : ",0";
        }
        out += '\n';
        if (out.size() >= chunk_bytes) {
            sink(out);
        }
    }
    sink(out);
}

std::string audit_csv(const ChaseSpace& space, const AuditResult& result) {
    std::string whole;
    std::string buffer;
    write_audit_csv(space, result, buffer, [&](std::string& piece) {
        whole += piece;
        piece.clear();
    });
    return whole;
}

}  // namespace kinema::chase
