// kinema_flood: the chase flood of Couvidou's Dishonored 2 chapter, time-sliced by the caller, over the one
// C++ chase query (kinema/chase/query.hpp) and its one JSON writer, so the C result is the CLI's.
#include <cstddef>
#include <cstring>
#include <memory>
#include <string>

#include "guard.hpp"
#include "handles.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/core/validation.hpp"
#include "live_handles.hpp"
#include "mirrors.hpp"

namespace kinema::c_abi {
namespace {

// The space of a started flood, which must still be alive: a flood over a destroyed space is refused rather
// than read.
const kinema_space& started_space(const kinema_flood& flood, const char* function) {
    if (flood.space == nullptr) {
        throw StateError(std::string(function) +
                         ": the flood has not been started (call kinema_flood_start)");
    }
    require_live(flood.space, HandleKind::space, function, "the flood's space");
    return *flood.space;
}

// The chase JSON of the flood's current state naming `map`, computed once per state and map.
const std::string& cached_json(const kinema_flood& flood, const kinema_space& space, std::string map) {
    if (!flood.json_current || flood.json_map != map) {
        const chase::ChaseSpace& chase_space = space.chase_space();
        flood.json = chase::chase_json(chase_space, flood.flood,
                                       chase::chase_result(chase_space, flood.flood, flood.query), map);
        flood.json_map = std::move(map);
        flood.json_current = true;
    }
    return flood.json;
}

int64_t cell_or_none(chase::CellId cell) {
    return cell == chase::no_cell ? -1 : static_cast<int64_t>(cell);
}

kinema_flood_result result_to_c(const chase::ChaseResult& r) {
    kinema_flood_result out{};
    out.destination = to_c(r.flood.destination);
    out.centroid = to_c(r.flood.centroid);
    out.seed_position = to_c(r.seed_position);
    out.seed_cell = cell_or_none(r.flood.seed_cell);
    out.destination_cell = cell_or_none(r.flood.destination_cell);
    out.heated_cells = static_cast<int64_t>(r.flood.heated_cells);
    out.warm_cells = static_cast<int64_t>(r.flood.warm_cells);
    out.barrier_cells = static_cast<int64_t>(r.flood.barrier_cells);
    out.steps = r.flood.steps;
    out.stop_reason = static_cast<int>(r.flood.stop_reason);
    out.finished = r.flood.finished;
    out.seed_snapped = r.flood.seed_snapped;
    return out;
}

}  // namespace
}  // namespace kinema::c_abi

using namespace kinema::c_abi;
namespace ch = kinema::chase;

extern "C" kinema_flood_settings kinema_flood_settings_default(void) {
    return to_c(ch::FloodSettings{});
}

extern "C" kinema_status kinema_flood_create(const kinema_flood_settings* settings, kinema_flood** out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require(settings, "kinema_flood_create", "settings");
        require(out, "kinema_flood_create", "out");
        auto flood = std::make_unique<kinema_flood>();
        flood->flood.set_settings(from_c(*settings));  // SettingsError names the bad fields
        *out = make_live(std::move(flood), HandleKind::flood);
    });
}

extern "C" kinema_status kinema_flood_start(kinema_flood* flood, const kinema_space* space,
                                            kinema_vec3 position, kinema_vec3 direction) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live(flood, HandleKind::flood, "kinema_flood_start", "flood");
        require_live(space, HandleKind::space, "kinema_flood_start", "space");
        ch::ChaseQuery query;
        query.position = from_c(position);
        query.direction = from_c(direction);
        // A query refused for its numbers (SettingsError naming position or direction) is refused before the
        // flood changes: the flood stays as it was. Any other failure leaves it unstarted.
        flood->json_current = false;
        const kinema_space* previous = flood->space;
        flood->space = nullptr;
        try {
            ch::start_chase(space->chase_space(), flood->flood, query);
        } catch (const kinema::SettingsError&) {
            flood->space = previous;
            throw;
        }
        flood->space = space;
        flood->query = query;
    });
}

extern "C" kinema_status kinema_flood_advance(kinema_flood* flood, int max_steps, bool* finished) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live(flood, HandleKind::flood, "kinema_flood_advance", "flood");
        started_space(*flood, "kinema_flood_advance");
        if (max_steps < 0) {
            throw std::invalid_argument("kinema_flood_advance: max_steps must be >= 0, got " +
                                        std::to_string(max_steps));
        }
        flood->json_current = false;
        const bool done = flood->flood.advance(max_steps);
        if (finished != nullptr) {
            *finished = done;
        }
    });
}

extern "C" kinema_status kinema_flood_get_result(const kinema_flood* flood, kinema_flood_result* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live(flood, HandleKind::flood, "kinema_flood_get_result", "flood");
        require(out, "kinema_flood_get_result", "out");
        const kinema_space& space = started_space(*flood, "kinema_flood_get_result");
        *out = result_to_c(ch::chase_result(space.chase_space(), flood->flood, flood->query));
    });
}

extern "C" kinema_status kinema_flood_json(const kinema_flood* flood, const char* map, char* buffer,
                                           size_t capacity, size_t* length) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live(flood, HandleKind::flood, "kinema_flood_json", "flood");
        require(length, "kinema_flood_json", "length");
        if (capacity > 0) {
            require(buffer, "kinema_flood_json", "buffer");
        }
        const kinema_space& space = started_space(*flood, "kinema_flood_json");
        const std::string& json = cached_json(*flood, space, map != nullptr ? std::string(map) : space.name);
        *length = json.size();
        if (capacity == 0) {
            return;  // measuring only
        }
        if (capacity <= json.size()) {
            throw std::invalid_argument("kinema_flood_json: the buffer holds " + std::to_string(capacity) +
                                        " bytes; the JSON needs " + std::to_string(json.size() + 1));
        }
        std::memcpy(buffer, json.c_str(), json.size() + 1);
    });
}

extern "C" void kinema_flood_destroy(kinema_flood* flood) {
    destroy_live(flood, HandleKind::flood);
}

extern "C" kinema_status kinema_flood_set_user_data(kinema_flood* flood, void* user_data) {
    return set_user_data_of(flood, HandleKind::flood, "kinema_flood_set_user_data", "flood", user_data);
}

extern "C" void* kinema_flood_user_data(const kinema_flood* flood) {
    return user_data_of(flood, HandleKind::flood, "kinema_flood_user_data", "flood");
}

extern "C" kinema_status kinema_dead_reckoning(const kinema_space* space, kinema_vec3 position,
                                               kinema_vec3 direction, double distance,
                                               kinema_dead_reckoning_result* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live(space, HandleKind::space, "kinema_dead_reckoning", "space");
        require(out, "kinema_dead_reckoning", "out");
        // The chase query's own checks: coordinates within 1e9, the distance in [0, 1e9], named as fields.
        ch::ChaseQuery query;
        query.position = from_c(position);
        query.direction = from_c(direction);
        query.dead_reckoning_distance = distance;
        kinema::throw_if_invalid("dead reckoning", query.validate());
        const ch::DeadReckoning d =
            space->chase_space().dead_reckoning(query.position, query.direction, distance);
        out->position = to_c(d.position);
        out->end_point = to_c(d.end_point);
        out->cell = cell_or_none(d.cell);
        out->blocked = d.blocked;
        out->on_space = d.on_space;
        out->distance = d.distance;
    });
}
