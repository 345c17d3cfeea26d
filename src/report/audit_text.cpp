#include "kinema/report/audit_text.hpp"

#include <fmt/format.h>

#include "kinema/core/format.hpp"
#include "text_numbers.hpp"

namespace kinema::report {

namespace {

std::string cell_text(const chase::CellCoords& c) {
    std::string out(1, '(');
    for (int i = 0; i < c.count; ++i) {
        out += fmt::format("{}{}", i > 0 ? ", " : "", c.values[static_cast<std::size_t>(i)]);
    }
    out += ')';
    return out;
}

std::string point_text(Vec3 p, int dims) {
    if (dims == 3) {
        return fmt::format("({}, {}, {})", format_number(thousandths(p.x)), format_number(thousandths(p.y)),
                           format_number(thousandths(p.z)));
    }
    return fmt::format("({}, {})", format_number(thousandths(p.x)), format_number(thousandths(p.y)));
}

}  // namespace

std::string audit_meanings_text(const chase::FloodSettings& flood, const chase::AuditSettings& settings,
                                const chase::AuditResult& result) {
    std::string out = "\n  What the shares mean\n";
    for (const chase::ShareReading& r : chase::read_shares(flood, settings, result)) {
        out += fmt::format("  {} on {:.1f}% of seeds: {}\n      {}\n", r.name, 100.0 * r.share, r.meaning,
                           r.to_change);
    }
    return out;
}

std::string audit_places_text(const chase::ChaseSpace& space, const chase::AuditResult& result,
                              const std::vector<chase::AuditPlace>& places, std::size_t top) {
    std::string out =
        "\n  Places: neighbouring cells where a finding is on twice its level share of directions or more "
        "(at "
        "least a\n  quarter, at most half), most flagged seeds first\n";
    if (places.empty()) {
        return out + "  none\n";
    }
    const int dims = space.position_dimensions();
    out += fmt::format("  {:>3}  {:<20}{:>7}{:>7}  {}\n", "#", "finding", "cells", "seeds",
                       "centre (level units) at cell; cells from - to");
    for (std::size_t i = 0; i < places.size() && i < top; ++i) {
        const chase::AuditPlace& p = places[i];
        out += fmt::format("  {:>3}  {:<20}{:>7}{:>7}  {} at {}; {} - {}\n", i + 1,
                           chase::to_string(p.finding), p.cells.size(), p.seeds, point_text(p.centre, dims),
                           cell_text(space.coords(p.centre_cell)), cell_text(p.low_cell),
                           cell_text(p.high_cell));
        out += fmt::format("       {}\n", chase::place_reason(p, result.directions));
    }
    if (places.size() > top) {
        out += fmt::format("  ... {} more places in the --json report\n", places.size() - top);
    }
    return out;
}

}  // namespace kinema::report
