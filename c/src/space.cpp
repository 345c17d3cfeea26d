// kinema_space: a grid from memory or any level file the kinema command reads, as a chase space.
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include "guard.hpp"
#include "handles.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_formats.hpp"
#include "live_handles.hpp"
#include "space_files.hpp"

namespace kinema::c_abi {
namespace {

class GridHolder final : public SpaceHolder {
  public:
    GridHolder(levels::GridLevel level, chase::GridSpaceSettings settings)
        : level_(std::move(level)), grid_(level_, settings), space_(grid_) {}
    const chase::ChaseSpace& chase_space() const override { return space_; }

  private:
    levels::GridLevel level_;
    chase::GridSpace grid_;
    chase::GridChaseSpace space_;
};

levels::GridLevel grid_from_memory(int width, int height, const unsigned char* tiles) {
    try {
        return levels::grid_from_tiles("grid", width, height, tiles);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string("kinema_space_from_grid: ") + e.what());
    }
}

chase::Connectivity connectivity_of(int connectivity) {
    if (connectivity != 4 && connectivity != 8) {
        throw std::invalid_argument("kinema_space_from_grid: connectivity must be 4 or 8, got " +
                                    std::to_string(connectivity));
    }
    return connectivity == 4 ? chase::Connectivity::four : chase::Connectivity::eight;
}

}  // namespace

std::unique_ptr<SpaceHolder> grid_holder(levels::GridLevel level, chase::GridSpaceSettings settings) {
    return std::make_unique<GridHolder>(std::move(level), settings);
}

}  // namespace kinema::c_abi

using namespace kinema::c_abi;

extern "C" kinema_status kinema_space_from_grid(int width, int height, const unsigned char* tiles,
                                                int connectivity, kinema_space** out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require(tiles, "kinema_space_from_grid", "tiles");
        require(out, "kinema_space_from_grid", "out");
        kinema::chase::GridSpaceSettings settings;
        settings.connectivity = connectivity_of(connectivity);
        auto space = std::make_unique<kinema_space>();
        space->name = "grid";
        space->holder = grid_holder(grid_from_memory(width, height, tiles), settings);
        *out = make_live(std::move(space), HandleKind::space);
    });
}

extern "C" kinema_status kinema_space_load(const char* path, kinema_space** out) {
    if (path == nullptr || out == nullptr) {
        return fail(KINEMA_ERROR_ARGUMENT,
                    std::string("kinema_space_load: ") + (path == nullptr ? "path" : "out") + " is NULL");
    }
    return guarded(KINEMA_ERROR_INPUT, [&] {
        auto space = std::make_unique<kinema_space>();
        space->name = path;
        register_formats();
        space->holder = load_space_file(path);
        *out = make_live(std::move(space), HandleKind::space);
    });
}

extern "C" kinema_status kinema_space_load_options(const char* path, const char* level, const char* walls,
                                                   kinema_space** out) {
    if (path == nullptr || out == nullptr) {
        return fail(KINEMA_ERROR_ARGUMENT, std::string("kinema_space_load_options: ") +
                                               (path == nullptr ? "path" : "out") + " is NULL");
    }
    const kinema::levels::LevelReadOptions options{level == nullptr ? "" : level,
                                                   walls == nullptr ? "" : walls};
    std::string refusal;
    const kinema_status checked = guarded(KINEMA_ERROR_INPUT, [&] {
        register_formats();
        refusal = kinema::levels::unread_option_message(path, options, "level", "walls");
    });
    if (checked != KINEMA_OK) {
        return checked;
    }
    if (!refusal.empty()) {
        return fail(KINEMA_ERROR_ARGUMENT, "kinema_space_load_options: " + refusal);
    }
    return guarded(KINEMA_ERROR_INPUT, [&] {
        auto space = std::make_unique<kinema_space>();
        space->name = path;
        space->holder = load_space_file(path, options);
        *out = make_live(std::move(space), HandleKind::space);
    });
}

extern "C" void kinema_space_destroy(kinema_space* space) {
    destroy_live(space, HandleKind::space);
}

extern "C" kinema_status kinema_space_set_user_data(kinema_space* space, void* user_data) {
    return set_user_data_of(space, HandleKind::space, "kinema_space_set_user_data", "space", user_data);
}

extern "C" void* kinema_space_user_data(const kinema_space* space) {
    return user_data_of(space, HandleKind::space, "kinema_space_user_data", "space");
}

extern "C" kinema_status kinema_space_cell_count(const kinema_space* space, int64_t* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live(space, HandleKind::space, "kinema_space_cell_count", "space");
        require(out, "kinema_space_cell_count", "out");
        *out = static_cast<int64_t>(space->chase_space().cells().size());
    });
}
