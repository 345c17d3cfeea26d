// Path queries on a level's navmesh, as Detour's dtNavMeshQuery gives them: snapping a point, straight paths
// and the navmesh raycast of dead reckoning. The navmesh itself: level.cpp and navmesh_build.hpp.
#include <cmath>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>

#include <recastnavigation/DetourNavMesh.h>
#include <recastnavigation/DetourNavMeshQuery.h>

#include "kinema/nav/level.hpp"
#include "level_navmesh.hpp"

namespace kinema::nav {

struct PathFinder::Impl {
    struct Free {
        void operator()(dtNavMeshQuery* q) const { dtFreeNavMeshQuery(q); }
    };
    std::unique_ptr<dtNavMeshQuery, Free> query;
    dtQueryFilter filter;
    float extents[3];
    static constexpr int kMaxPolys = 512;
    dtPolyRef polys[kMaxPolys];
    float straight[kMaxPolys * 3];

    dtPolyRef nearest(Vec3 p, float out[3]) const {
        const float center[3] = {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)};
        dtPolyRef ref = 0;
        if (!is_finite(p) || dtStatusFailed(query->findNearestPoly(center, extents, &filter, &ref, out))) {
            return 0;
        }
        // Detour accepts any polygon whose bounding box meets the search box, so a long diagonal polygon can
        // give a nearest point far outside it (6 m away with a 2 m box on dungeon.obj). Keep the box's
        // promise.
        for (int i = 0; i < 3; ++i) {
            if (std::abs(out[i] - center[i]) > extents[i]) {
                return 0;
            }
        }
        return ref;
    }
};

PathFinder::PathFinder(const Level& level) : impl_(std::make_unique<Impl>()) {
    impl_->query.reset(dtAllocNavMeshQuery());
    if (!impl_->query) {
        throw std::bad_alloc();
    }
    constexpr int kMaxNodes = 2048;  // as in the reference build (section 5.2, step 14)
    if (dtStatusFailed(impl_->query->init(level.navmesh().mesh.get(), kMaxNodes))) {
        throw std::bad_alloc();
    }
    const Vec3 e = level.navmesh().snap_extents;
    impl_->extents[0] = static_cast<float>(e.x);
    impl_->extents[1] = static_cast<float>(e.y);
    impl_->extents[2] = static_cast<float>(e.z);
}

PathFinder::PathFinder(PathFinder&&) noexcept = default;
PathFinder& PathFinder::operator=(PathFinder&&) noexcept = default;
PathFinder::~PathFinder() = default;

std::optional<Vec3> PathFinder::snap(Vec3 p) {
    float out[3] = {0.0F, 0.0F, 0.0F};
    if (impl_->nearest(p, out) == 0) {
        return std::nullopt;
    }
    return Vec3{out[0], out[1], out[2]};
}

NavPath PathFinder::find_path(Vec3 from, Vec3 to) {
    NavPath path;
    float start[3] = {0.0F, 0.0F, 0.0F};
    float goal[3] = {0.0F, 0.0F, 0.0F};
    const dtPolyRef start_ref = impl_->nearest(from, start);
    if (start_ref == 0) {
        path.status = NavPath::Status::start_off_mesh;
        return path;
    }
    const dtPolyRef goal_ref = impl_->nearest(to, goal);
    if (goal_ref == 0) {
        path.status = NavPath::Status::goal_off_mesh;
        return path;
    }
    int poly_count = 0;
    const dtStatus found = impl_->query->findPath(start_ref, goal_ref, start, goal, &impl_->filter,
                                                  impl_->polys, &poly_count, Impl::kMaxPolys);
    if (dtStatusFailed(found) || poly_count == 0) {
        path.status = NavPath::Status::partial;
        path.points.push_back({start[0], start[1], start[2]});
        return path;
    }
    // findPath reports an unreachable goal as a partial result ending at the closest polygon.
    const bool complete =
        !dtStatusDetail(found, DT_PARTIAL_RESULT) && impl_->polys[poly_count - 1] == goal_ref;
    int point_count = 0;
    if (dtStatusFailed(impl_->query->findStraightPath(start, goal, impl_->polys, poly_count, impl_->straight,
                                                      nullptr, nullptr, &point_count, Impl::kMaxPolys))) {
        point_count = 0;
    }
    path.status = complete ? NavPath::Status::found : NavPath::Status::partial;
    path.points.reserve(static_cast<std::size_t>(point_count));
    for (int i = 0; i < point_count; ++i) {
        const float* p = impl_->straight + i * 3;
        path.points.push_back({p[0], p[1], p[2]});
        if (i > 0) {
            path.length += length(path.points[static_cast<std::size_t>(i)] -
                                  path.points[static_cast<std::size_t>(i - 1)]);
        }
    }
    return path;
}

NavRay PathFinder::raycast(Vec3 from, Vec3 direction, double distance) {
    if (!is_finite(from) || !is_finite(direction) || !std::isfinite(distance) || distance < 0.0) {
        throw std::invalid_argument("raycast: start, direction and distance must be finite, distance >= 0");
    }
    NavRay ray;
    float start[3] = {0.0F, 0.0F, 0.0F};
    const dtPolyRef start_ref = impl_->nearest(from, start);
    if (start_ref == 0) {
        return ray;
    }
    ray.on_mesh = true;
    ray.start = {start[0], start[1], start[2]};
    ray.end = ray.start;
    const double horizontal = std::hypot(direction.x, direction.z);
    if (horizontal == 0.0 || distance == 0.0) {
        return ray;
    }
    const Vec3 target = ray.start + Vec3{direction.x, 0.0, direction.z} * (distance / horizontal);
    const float end[3] = {static_cast<float>(target.x), start[1], static_cast<float>(target.z)};
    dtRaycastHit hit{};
    hit.path = impl_->polys;
    hit.maxPath = Impl::kMaxPolys;
    if (dtStatusFailed(impl_->query->raycast(start_ref, start, end, &impl_->filter, 0, &hit)) ||
        hit.pathCount == 0) {
        return ray;
    }
    // t is FLT_MAX when no border was hit, else the fraction of the segment walked.
    const bool hit_border = hit.t <= 1.0F;
    const double t = hit_border ? double{hit.t} : 1.0;
    const float stop[3] = {static_cast<float>(ray.start.x + (target.x - ray.start.x) * t), start[1],
                           static_cast<float>(ray.start.z + (target.z - ray.start.z) * t)};
    // The ray is 2D (x, z); its height comes from the last polygon it crossed (the stop point may lie on
    // that polygon's border, where getPolyHeight fails, so take the closest point on the polygon).
    float closest[3] = {stop[0], start[1], stop[2]};
    impl_->query->closestPointOnPoly(impl_->polys[hit.pathCount - 1], stop, closest, nullptr);
    ray.blocked = hit_border;
    ray.end = {closest[0], closest[1], closest[2]};
    return ray;
}

}  // namespace kinema::nav
