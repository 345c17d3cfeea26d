#include "kinema/chase/query_text.hpp"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "kinema/chase/split.hpp"
#include "kinema/core/text.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::chase {

namespace {

// `count` finite numbers, else SettingsError naming `field` with read_finite_numbers' problem.
std::vector<double> numbers(std::string_view text, std::string_view field, std::size_t count,
                            std::string_view shape) {
    ReadNumbers read = read_finite_numbers(text, count, shape);
    if (!read.problem.empty()) {
        throw SettingsError("ChaseQuery", {{std::string(field), std::move(read.problem)}});
    }
    return std::move(read.values);
}

Vec3 point(std::string_view text, std::string_view field, int dimensions) {
    const std::vector<double> v =
        numbers(text, field, dimensions == 3 ? 3 : 2, dimensions == 3 ? "X,Y,Z" : "X,Y");
    return {v[0], v[1], dimensions == 3 ? v[2] : 0.0};
}

int whole_destinations(std::string_view text) {
    const double k = numbers(text, "destinations", 1, "a number")[0];
    if (k != std::floor(k) || std::abs(k) > 1e6) {
        throw SettingsError("ChaseQuery", {{"destinations", "must be a whole number in [1, " +
                                                                std::to_string(max_split_destinations) +
                                                                "], got " + std::string(text)}});
    }
    return static_cast<int>(k);
}

}  // namespace

ChaseQuery parse_chase_query(const ChaseQueryText& text, int dimensions) {
    ChaseQuery query;
    if (!text.position.empty()) {
        query.position = point(text.position, "position", dimensions);
    }
    if (!text.direction.empty()) {
        query.direction = point(text.direction, "direction", dimensions);
    }
    if (!text.npc.empty()) {
        query.npc = point(text.npc, "npc", 3);
    }
    if (!text.destinations.empty()) {
        query.destinations = whole_destinations(text.destinations);
    }
    return query;
}

}  // namespace kinema::chase
