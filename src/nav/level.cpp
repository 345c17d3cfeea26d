// A level's runtime side, as Detour is to Recast: the navmesh built from a mesh (navmesh_build.hpp), read
// from a navmesh file or made of an engine's polygons, its bounds and stats, and the chase cells sampled from
// it (influence-maps-and-levels.md sections 5.2 and 6). Path queries on it: path_finder.cpp.
#include "kinema/nav/level.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include <recastnavigation/DetourNavMesh.h>
#include <recastnavigation/DetourNavMeshQuery.h>

#include "level_navmesh.hpp"
#include "navmesh_build.hpp"
#include "navmesh_file.hpp"
#include "polygon_navmesh.hpp"

namespace kinema::nav {

const dtNavMesh& Level::detour_navmesh() const noexcept {
    return *navmesh_->mesh;
}

void Level::sample_cells(const std::string& name) {
    NavCellSettings cell_settings;
    cell_settings.cell_size = settings_.chase_cell_size;
    cell_settings.cell_height = settings_.cell_height;
    cell_settings.max_columns = std::floor(settings_.max_chase_columns);
    const dtQueryFilter filter;
    try {
        nav_cells_ = NavCells::build(*navmesh_->mesh, filter, cell_settings);
    } catch (const SettingsError&) {
        throw;
    } catch (const std::invalid_argument& e) {
        throw levels::LevelError(name + ": " + e.what());
    }
    if (nav_cells_.empty()) {
        throw levels::LevelError(name + ": the navmesh has no chase cells");
    }
}

void Level::adopt_navmesh(const std::string& name) {
    const dtNavMesh& mesh = *navmesh_->mesh;
    bool any = false;
    for (int i = 0; i < mesh.getMaxTiles(); ++i) {
        const dtMeshTile* tile = mesh.getTile(i);
        if (tile == nullptr || tile->header == nullptr) {
            continue;
        }
        const dtMeshHeader& h = *tile->header;
        const Vec3 lo{h.bmin[0], h.bmin[1], h.bmin[2]};
        const Vec3 hi{h.bmax[0], h.bmax[1], h.bmax[2]};
        bounds_min_ = any ? Vec3{std::min(lo.x, bounds_min_.x), std::min(lo.y, bounds_min_.y),
                                 std::min(lo.z, bounds_min_.z)}
                          : lo;
        bounds_max_ = any ? Vec3{std::max(hi.x, bounds_max_.x), std::max(hi.y, bounds_max_.y),
                                 std::max(hi.z, bounds_max_.z)}
                          : hi;
        any = true;
        stats_.nav_polygons += static_cast<std::size_t>(h.polyCount);
        stats_.nav_data_bytes += static_cast<std::size_t>(tile->dataSize);
    }
    if (!any) {
        throw levels::LevelError(name + ": the navmesh has no tiles");
    }
    sample_cells(name);
}

Level Level::from_navmesh(std::string_view bytes, const std::string& name, const NavSettings& settings) {
    throw_if_invalid("nav settings", settings.validate());
    Level level;
    level.settings_ = settings;
    level.navmesh_ = std::make_unique<Navmesh>();
    level.navmesh_->mesh.reset(detail::decode_navmesh(bytes, name));
    level.navmesh_->snap_extents = settings.snap_extents;
    level.adopt_navmesh(name);
    return level;
}

Level Level::from_polygons(const levels::PolygonMesh& polygons, const NavSettings& settings) {
    throw_if_invalid("nav settings", settings.validate());
    Level level;
    level.settings_ = settings;
    level.navmesh_ = std::make_unique<Navmesh>();
    level.navmesh_->mesh.reset(detail::polygon_navmesh(polygons, settings));
    level.navmesh_->snap_extents = settings.snap_extents;
    level.stats_.nav_tiles = 1;
    level.adopt_navmesh("level");
    return level;
}

std::vector<std::vector<Vec3>> Level::navmesh_polygons() const {
    std::vector<std::vector<Vec3>> out;
    const dtNavMesh& mesh = *navmesh_->mesh;
    for (int i = 0; i < mesh.getMaxTiles(); ++i) {
        const dtMeshTile* tile = mesh.getTile(i);
        if (tile == nullptr || tile->header == nullptr) {
            continue;
        }
        for (int p = 0; p < tile->header->polyCount; ++p) {
            const dtPoly& poly = tile->polys[p];
            if (poly.getType() != DT_POLYTYPE_GROUND) {
                continue;
            }
            std::vector<Vec3>& corners = out.emplace_back();
            for (int k = 0; k < poly.vertCount; ++k) {
                const float* v = &tile->verts[poly.verts[k] * 3];
                corners.push_back({v[0], v[1], v[2]});
            }
        }
    }
    return out;
}

std::string Level::save_navmesh() const {
    return detail::encode_navmesh(*navmesh_->mesh);
}

Level::Level(Level&&) noexcept = default;
Level& Level::operator=(Level&&) noexcept = default;
Level::~Level() = default;

Level Level::build(const levels::TriangleMesh& mesh, const NavSettings& settings) {
    throw_if_invalid("nav settings", settings.validate());
    Level level;
    level.settings_ = settings;
    detail::BuiltNavmesh built = detail::build_navmesh(mesh, settings, level.stats_);
    level.bounds_min_ = built.bounds_min;
    level.bounds_max_ = built.bounds_max;
    level.navmesh_ = std::make_unique<Navmesh>();
    level.navmesh_->mesh = std::move(built.mesh);
    level.navmesh_->snap_extents = settings.snap_extents;
    level.sample_cells("level");
    return level;
}

}  // namespace kinema::nav
