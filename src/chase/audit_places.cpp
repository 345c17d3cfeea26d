// The audit's places (kinema/chase/audit_places.hpp, docs/audit.md "Places").
#include "kinema/chase/audit_places.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "json_values.hpp"
#include "kinema/chase/audit_shape.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/json_writer.hpp"

namespace kinema::chase {

namespace {

std::size_t finding_index(Finding f) {
    return static_cast<std::size_t>(std::find(all_findings.begin(), all_findings.end(), f) -
                                    all_findings.begin());
}

// The level's share of finding f: a cell must have it more often than that (docs/audit.md "Places").
double level_share(const AuditResult& result, std::size_t f) {
    return result.totals.rows == 0
               ? 0.0
               : static_cast<double>(result.totals.findings[f]) / static_cast<double>(result.totals.rows);
}

// The cells of the group that holds `start`: breadth-first over the space's neighbours, ascending id.
// Only cells of start's room join (cell_rooms: a place does not run through a door into the next room).
std::vector<CellId> grow(const CellSpace& cells, const std::vector<char>& flagged,
                         const std::vector<std::uint32_t>& rooms, CellId start, std::vector<char>& taken) {
    std::vector<CellId> group{start};
    taken[start] = 1;
    for (std::size_t i = 0; i < group.size(); ++i) {
        for (const CellId n : cells.neighbours(group[i])) {
            if (taken[n] == 0 && flagged[n] != 0 && rooms[n] == rooms[start]) {
                taken[n] = 1;
                group.push_back(n);
            }
        }
    }
    std::sort(group.begin(), group.end());
    return group;
}

void add_extent(const ChaseSpace& space, AuditPlace& p) {
    const CellSpace& cells = space.cells();
    constexpr double inf = std::numeric_limits<double>::infinity();
    p.low = {inf, inf, inf};
    p.high = {-inf, -inf, -inf};
    p.low_cell = p.high_cell = space.coords(p.cells.front());
    for (const CellId c : p.cells) {
        const Vec3 at = cells.position(c);
        p.low = {std::min(p.low.x, at.x), std::min(p.low.y, at.y), std::min(p.low.z, at.z)};
        p.high = {std::max(p.high.x, at.x), std::max(p.high.y, at.y), std::max(p.high.z, at.z)};
        const CellCoords cc = space.coords(c);
        for (std::size_t i = 0; i < static_cast<std::size_t>(cc.count); ++i) {
            p.low_cell.values[i] = std::min(p.low_cell.values[i], cc.values[i]);
            p.high_cell.values[i] = std::max(p.high_cell.values[i], cc.values[i]);
        }
    }
    // The marker sits on a cell of the place: the mean of a bent place's centres can fall in a wall.
    p.centre_cell = medoid(cells, p.cells);
    p.centre = cells.position(p.centre_cell);
}

// A heading the player can have run along: dead reckoning from the seed gets at least half a cell ahead (a
// heading straight into a wall is one no player was last seen running).
bool open_heading(const CellSpace& cells, const AuditRow& row) {
    const Vec2 from = cells.planar_position(row.cell);
    const Vec2 to = cells.planar(row.dead_reckoning);
    const double dx = to.x - from.x;
    const double dy = to.y - from.y;
    return dx * dx + dy * dy >= 0.25 * cells.cell_size() * cells.cell_size();
}

void add_counts(const CellSpace& cells, const AuditResult& result, AuditPlace& p) {
    const auto d = static_cast<std::size_t>(result.directions);
    const std::size_t f = finding_index(p.finding);
    std::vector<std::size_t> open_rows(d, 0);
    std::vector<std::size_t> all_rows(d, 0);
    for (const CellId c : p.cells) {
        for (std::size_t k = 0; k < d; ++k) {
            const AuditRow& row = result.rows[c * d + k];
            for (std::size_t i = 0; i < all_findings.size(); ++i) {
                p.findings[i] += row.has(all_findings[i]) ? 1 : 0;
            }
            if (row.has(p.finding)) {
                ++all_rows[k];
                open_rows[k] += open_heading(cells, row) ? 1 : 0;
            }
        }
    }
    p.seeds = p.findings[f];
    p.score = static_cast<double>(p.seeds) / static_cast<double>(d);
    // The heading named in the reason: the open heading with the most flagged rows (the first on a tie), or
    // any heading when none is open.
    const bool any_open =
        std::any_of(open_rows.begin(), open_rows.end(), [](std::size_t n) { return n > 0; });
    const std::vector<std::size_t>& counted = any_open ? open_rows : all_rows;
    const auto most = std::max_element(counted.begin(), counted.end());
    p.main_direction = static_cast<int>(most - counted.begin());
    p.main_direction_seeds = *most;
}

void place_json(JsonWriter& w, const ChaseSpace& space, const AuditResult& result, const AuditPlace& p,
                std::size_t rank) {
    const int dims = space.position_dimensions();
    const auto coords = [&](std::string_view name, const CellCoords& c) {
        json_values::coordinates(w.key(name).begin_array(), c);
        w.end_array();
    };
    w.begin_object().count("rank", rank).string("finding", to_string(p.finding));
    w.count("cells", p.cells.size()).count("seeds", p.seeds).number("score", p.score);
    w.number("threshold", place_threshold(result, p.finding));
    json_values::position(w.key("centre"), p.centre, dims);
    coords("centre_cell", space.coords(p.centre_cell));
    w.key("box").begin_object();
    json_values::position(w.key("low"), p.low, dims);
    json_values::position(w.key("high"), p.high, dims);
    w.end_object().key("box_cells").begin_object();
    coords("low", p.low_cell);
    coords("high", p.high_cell);
    w.end_object().key("findings").begin_object();
    for (std::size_t i = 0; i < all_findings.size(); ++i) {
        w.count(to_string(all_findings[i]), p.findings[i]);
    }
    w.end_object().key("heading").begin_object();
    w.string("most", heading_word(p.main_direction, result.directions))
        .count("seeds", p.main_direction_seeds);
    w.end_object().string("reason", place_reason(space, p, result.directions)).end_object();
}

// The destination most of the place's flagged rows get (the lowest id on a tie).
CellId main_destination(const AuditResult& result, const AuditPlace& p) {
    const auto d = static_cast<std::size_t>(result.directions);
    std::vector<CellId> seen;
    for (const CellId c : p.cells) {
        for (std::size_t k = 0; k < d; ++k) {
            const AuditRow& row = result.rows[c * d + k];
            if (row.has(p.finding) && row.destination_cell != no_cell) {
                seen.push_back(row.destination_cell);
            }
        }
    }
    std::sort(seen.begin(), seen.end());
    CellId best = no_cell;
    std::size_t best_n = 0;
    for (std::size_t i = 0; i < seen.size();) {
        std::size_t j = i;
        while (j < seen.size() && seen[j] == seen[i]) {
            ++j;
        }
        if (j - i > best_n) {
            best_n = j - i;
            best = seen[i];
        }
        i = j;
    }
    return best;
}

// A junction behind the place (docs/audit.md "Why: what the level shows"): the nearest cell within `radius`
// steps of it (the lowest id on a tie) that lies behind the main heading (dot < 0 from the place's centre)
// and has three ways out or more (ways_out(cell, 0, depth)): where a side way leaves the way back. no_cell
// when there is none (the way back is one corridor, or turns a corner).
CellId junction_behind(const CellSpace& cells, const AuditPlace& p, int directions, int radius, int depth) {
    const CellBall ball = cell_ball(cells, p.cells, radius);
    const Vec2 dir = audit_direction(p.main_direction, directions);
    const Vec2 at = cells.planar_position(p.centre_cell);
    std::vector<std::pair<std::uint32_t, CellId>> order;
    for (std::size_t i = 0; i < ball.cells.size(); ++i) {
        const Vec2 to = cells.planar_position(ball.cells[i]);
        if ((to.x - at.x) * dir.x + (to.y - at.y) * dir.y < 0.0) {
            order.emplace_back(ball.steps[i], ball.cells[i]);
        }
    }
    std::sort(order.begin(), order.end());
    for (const auto& [steps, c] : order) {
        if (ways_out(cells, {c}, 0, depth).size() >= 3) {
            return c;
        }
    }
    return no_cell;
}

// What the level shows around the place, for its finding only (docs/audit.md "Why: what the level shows").
void add_shape(const ChaseSpace& space, const AuditResult& result, const FloodSettings& flood,
               const AuditSettings& settings, AuditPlace& p) {
    const CellSpace& cells = space.cells();
    p.loops_known = loops_known(cells);
    switch (p.finding) {
        case Finding::wrong_way:
            p.loop_cell = loop_cell(cells, cell_ball(cells, p.cells, flood.max_steps));
            break;
        case Finding::short_of_a_corner:
            p.destination_cell = main_destination(result, p);
            if (p.destination_cell != no_cell) {
                p.corner_cell = hidden_cell(space, p.destination_cell, settings.corner_radius);
            }
            break;
        case Finding::barrier_blocks_exit:
            p.junction_cell =
                junction_behind(cells, p, result.directions, settings.corner_radius + settings.exit_cells,
                                settings.exit_cells);
            break;
        case Finding::gives_up_at_once:
            break;
    }
}

}  // namespace

double place_threshold(const AuditResult& result, Finding finding) {
    return std::clamp(2.0 * level_share(result, finding_index(finding)), place_min_share, place_max_share);
}

std::vector<AuditPlace> audit_places(const ChaseSpace& space, const AuditResult& result) {
    return audit_places(space, result, FloodSettings{}, AuditSettings{});
}

std::vector<AuditPlace> audit_places(const ChaseSpace& space, const AuditResult& result,
                                     const FloodSettings& flood, const AuditSettings& settings) {
    const CellSpace& cells = space.cells();
    std::vector<AuditPlace> places;
    if (result.directions <= 0 || result.cells.size() != cells.size()) {
        return places;
    }
    const std::vector<std::uint32_t> rooms = cell_rooms(cells);
    for (std::size_t f = 0; f < all_findings.size(); ++f) {
        const double threshold = place_threshold(result, all_findings[f]);
        std::vector<char> flagged(cells.size(), 0);
        for (CellId c = 0; c < cells.size(); ++c) {
            const double share = result.cells[c].finding_share[f];
            flagged[c] = share >= threshold ? 1 : 0;
        }
        std::vector<char> taken(cells.size(), 0);
        for (CellId c = 0; c < cells.size(); ++c) {
            if (taken[c] == 0 && flagged[c] != 0) {
                AuditPlace p;
                p.finding = all_findings[f];
                p.cells = grow(cells, flagged, rooms, c, taken);
                add_extent(space, p);
                add_counts(cells, result, p);
                add_shape(space, result, flood, settings, p);
                places.push_back(std::move(p));
            }
        }
    }
    std::stable_sort(places.begin(), places.end(), [](const AuditPlace& a, const AuditPlace& b) {
        if (a.seeds != b.seeds) {
            return a.seeds > b.seeds;
        }
        if (a.cells.size() != b.cells.size()) {
            return a.cells.size() > b.cells.size();
        }
        return a.cells.front() < b.cells.front();
    });
    return places;
}

std::string heading_word(int k, int directions) {
    static const char* const words[] = {"east", "south-east", "south", "south-west",
                                        "west", "north-west", "north", "north-east"};
    // The nearest of the eight compass points to 2 pi k / D, in eighths of a turn (exact integer rounding).
    const long long d = directions <= 0 ? 1 : directions;
    const long long eighths = ((8LL * (k % d) * 2 + d) / (2 * d)) % 8;
    return words[eighths];
}

std::string cell_words(const ChaseSpace& space, CellId cell) {
    std::string out = "(";
    if (space.position_dimensions() == 3) {
        // To the millimetre, as the text report's positions (a navmesh's floats would
        // print 3.200000047683716).
        const Vec3 at = space.cells().position(cell);
        for (const double v : {at.x, at.y, at.z}) {
            out += out.size() > 1 ? ", " : "";
            append_number(out, std::round(v * 1000.0) / 1000.0);
        }
        return out + ") (cell " + std::to_string(cell) + ")";
    }
    const CellCoords cc = space.coords(cell);
    for (int i = 0; i < cc.count; ++i) {
        out += (i > 0 ? ", " : "") + std::to_string(cc.values[static_cast<std::size_t>(i)]);
    }
    return out + ")";
}

std::string place_reason(const ChaseSpace& space, const AuditPlace& p, int directions) {
    const std::string when =
        " (mostly when the player was last seen heading " + heading_word(p.main_direction, directions) + ")";
    const auto at = [&](CellId c) { return cell_words(space, c); };
    switch (p.finding) {
        case Finding::wrong_way:
            if (p.loop_cell != no_cell) {
                return "the flood sends the NPC back behind the player" + when +
                       ": the heat runs round a loop of the level and comes back behind; a wall or a door "
                       "at " +
                       at(p.loop_cell) + " closes the loop the heat runs round";
            }
            return "the flood sends the NPC back behind the player" + when +
                   ": the destination lies behind the seed";
        case Finding::gives_up_at_once:
            return "the flood gives up at once" + when +
                   ": too many cells heat up in the first steps (an open room or a wide junction)";
        case Finding::short_of_a_corner:
            if (p.corner_cell != no_cell) {
                return "the NPC stops just before a corner it cannot see round" + when + ": at " +
                       at(p.destination_cell) + " the heat went on to " + at(p.corner_cell) +
                       ", out of its sight; opening the corner there lets the NPC see round it";
            }
            return "the NPC stops short of cells it cannot see" + when;
        case Finding::barrier_blocks_exit:
            if (p.junction_cell != no_cell) {
                return "the barrier closes the side ways out at " + at(p.junction_cell) +
                       ", behind the player, and the heat never searches them" + when +
                       "; a door there, or the junction moved ahead of the heading, puts them where the heat "
                       "goes";
            }
            return "the barrier closes the way back behind the player and the heat never searches it" + when +
                   "; no side way out here";
    }
    return {};
}

std::string audit_places_json(const ChaseSpace& space, const AuditResult& result,
                              const std::vector<AuditPlace>& places) {
    std::string out;
    JsonWriter w(out);
    w.begin_array();
    for (std::size_t i = 0; i < places.size(); ++i) {
        place_json(w, space, result, places[i], i + 1);
    }
    w.end_array();
    return out;
}

std::string audit_places_csv(const ChaseSpace& space, const AuditResult& result,
                             const std::vector<AuditPlace>& places) {
    static const char* const two[] = {"col", "row"};
    static const char* const three[] = {"cell_x", "cell_y", "cell_z"};
    const int count = space.cells().empty() ? 0 : space.coords(0).count;
    std::string out = "place,finding";
    for (int i = 0; i < count; ++i) {
        out += ',';
        out += count == 1 ? "cell_id" : count == 2 ? two[i] : three[i];
    }
    out += ",share\n";
    for (std::size_t r = 0; r < places.size(); ++r) {
        const std::size_t f = finding_index(places[r].finding);
        for (const CellId c : places[r].cells) {
            out += std::to_string(r + 1) + ',';
            out += to_string(places[r].finding);
            const CellCoords cc = space.coords(c);
            for (int i = 0; i < cc.count; ++i) {
                out += ',' + std::to_string(cc.values[static_cast<std::size_t>(i)]);
            }
            out += ',';
            append_number(out, result.cells[c].finding_share[f]);
            out += '\n';
        }
    }
    return out;
}

}  // namespace kinema::chase
