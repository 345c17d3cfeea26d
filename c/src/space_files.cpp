#include "space_files.hpp"

#include <stdexcept>

#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_formats.hpp"

#if KINEMA_C_HAVE_FORMATS
#include "kinema/formats/designer_formats.hpp"
#endif

#if KINEMA_C_HAVE_NAV
#include "kinema/nav/chase.hpp"
#include "kinema/nav/level_files.hpp"
#include "kinema/nav/pursuit_space.hpp"
#endif

namespace kinema::c_abi {
namespace {

#if KINEMA_C_HAVE_NAV
// A navmesh level, its path finder (Detour's query: one per space, so one thread per space) and the chase
// space over both.
class NavHolder final : public SpaceHolder {
  public:
    explicit NavHolder(nav::Level level)
        : level_(std::move(level)), finder_(level_), space_(level_, finder_) {}
    const chase::ChaseSpace& chase_space() const override { return space_; }
    std::unique_ptr<pursuit::PursuitSpace> pursuit_space() const override {
        return std::make_unique<nav::NavPursuitSpace>(level_);
    }

  private:
    nav::Level level_;
    nav::PathFinder finder_;
    nav::LevelChaseSpace space_;
};
#endif

}  // namespace

#if KINEMA_C_HAVE_NAV
std::unique_ptr<SpaceHolder> nav_holder(nav::Level level) {
    return std::make_unique<NavHolder>(std::move(level));
}
#endif

void register_formats() {
#if KINEMA_C_HAVE_FORMATS
    // Once per process (call_once inside): a game's first load pays for it, no later one.
    formats::register_designer_formats();
#endif
}

std::unique_ptr<SpaceHolder> load_space_file(const std::string& path,
                                             const levels::LevelReadOptions& options) {
    // The one registry of level formats chooses the loader (and refuses an extension none reads).
    if (levels::is_3d_level_file(path)) {
#if KINEMA_C_HAVE_NAV
        return nav_holder(
            nav::load_level_3d(path, nav::NavSettings{}, levels::default_max_obj_bytes, options));
#else
        throw std::invalid_argument(path +
                                    ": this kinema was built without its navmesh part (Recast/Detour), "
                                    "so it cannot read 3D levels");
#endif
    }
    return grid_holder(levels::load_level(path, levels::default_max_level_bytes, options),
                       chase::GridSpaceSettings{});
}

}  // namespace kinema::c_abi
