// Chase cells sampled from a Detour navmesh (include/kinema/nav/nav_cells.hpp says what and why). Debian's
// Detour 1.5.1: dtPolyRef is 32-bit.
#include "kinema/nav/nav_cells.hpp"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include <recastnavigation/DetourNavMesh.h>
#include <recastnavigation/DetourNavMeshQuery.h>

#include "kinema/nav/settings.hpp"

namespace kinema::nav {

namespace {

using S = NavCellSettings;
constexpr std::array kCellFields{
    // The voxel sizes' range of NavSettings (settings.hpp), whose chase_cell_size and cell_height these are.
    field<S, &S::cell_size>("cell_size", "world", closed_range(nav_min_voxel, nav_max_voxel),
                            "width of a chase cell (column)"),
    field<S, &S::cell_height>("cell_height", "world", closed_range(nav_min_voxel, nav_max_voxel),
                              "unit of the cells' y coordinate"),
    field<S, &S::max_columns>("max_columns", "count", closed_range(1.0, 268435456.0),
                              "most columns over the navmesh bounds"),
};
constexpr SettingsDescription kCellDescription{"NavCellSettings", kCellFields, {}};

struct Poly {
    dtPolyRef ref;
    const dtMeshTile* tile;
    const dtPoly* poly;
};

struct FreeQuery {
    void operator()(dtNavMeshQuery* q) const { dtFreeNavMeshQuery(q); }
};

/// Union-find over cell ids, for "are these cells connected yet".
class Components {
  public:
    explicit Components(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0U); }
    std::uint32_t find(std::uint32_t a) {
        while (parent_[a] != a) {
            parent_[a] = parent_[parent_[a]];
            a = parent_[a];
        }
        return a;
    }
    void join(std::uint32_t a, std::uint32_t b) {
        a = find(a);
        b = find(b);
        if (a != b) {
            parent_[std::max(a, b)] = std::min(a, b);
        }
    }

  private:
    std::vector<std::uint32_t> parent_;
};

// Direction order of the neighbour lists (the grids'): -x, +z, +x, -z, then (-x+z), (+x+z), (+x-z),
// (-x-z).
constexpr std::array<int, 8> kDx{-1, 0, 1, 0, -1, 1, 1, -1};
constexpr std::array<int, 8> kDz{0, 1, 0, -1, 1, 1, -1, -1};
constexpr int kOpposite[8] = {2, 3, 0, 1, 6, 7, 4, 5};
constexpr int kPolygonLink = 8;  // links after the 8 directions: polygons, off-mesh

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<NavCellSettings>) noexcept {
    return kCellDescription;
}

FieldErrors NavCellSettings::validate() const {
    FieldErrors errors = validate_settings(*this);
    if (std::isfinite(max_columns) && max_columns != std::floor(max_columns)) {
        errors.push_back({"max_columns", "must be an integer"});
    }
    return errors;
}

struct NavCellBuilder {
    const dtNavMesh& mesh;
    const dtQueryFilter& filter;
    const NavCellSettings& settings;
    std::unique_ptr<dtNavMeshQuery, FreeQuery> query;
    NavCells out;

    std::vector<Poly> polys;                             // ground polygons passing the filter
    std::unordered_map<dtPolyRef, std::uint32_t> index;  // ref -> polys index
    std::vector<Poly> offmesh;

    struct Cell {
        std::uint32_t column;
        float height;
        std::uint32_t poly;  // polys index
        Vec3 position;
    };
    std::vector<Cell> cells;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> members;  // (cell, poly) of every merged sample

    // Per cell: (direction, neighbour) links.
    std::vector<std::vector<std::pair<std::uint8_t, CellId>>> links;

    void collect_polygons(Vec3& lo, Vec3& hi, double& climb, double& height) {
        bool any = false;
        lo = {std::numeric_limits<double>::max(), std::numeric_limits<double>::max(),
              std::numeric_limits<double>::max()};
        hi = lo * -1.0;
        for (int i = 0; i < mesh.getMaxTiles(); ++i) {
            const dtMeshTile* tile = mesh.getTile(i);
            if (tile == nullptr || tile->header == nullptr) {
                continue;
            }
            const dtMeshHeader& h = *tile->header;
            any = true;
            lo = {std::min<double>(lo.x, h.bmin[0]), std::min<double>(lo.y, h.bmin[1]),
                  std::min<double>(lo.z, h.bmin[2])};
            hi = {std::max<double>(hi.x, h.bmax[0]), std::max<double>(hi.y, h.bmax[1]),
                  std::max<double>(hi.z, h.bmax[2])};
            climb = std::max<double>(climb, h.walkableClimb);
            height = std::max<double>(height, h.walkableHeight);
            const dtPolyRef base = mesh.getPolyRefBase(tile);
            for (int p = 0; p < h.polyCount; ++p) {
                const dtPoly* poly = &tile->polys[p];
                const dtPolyRef ref = base | static_cast<dtPolyRef>(p);
                // dtQueryFilter::passFilter's own test (DetourNavMeshQuery.cpp): Debian's libDetour defines
                // it inline in the .cpp, so it is not exported.
                if ((poly->flags & filter.getIncludeFlags()) == 0 ||
                    (poly->flags & filter.getExcludeFlags()) != 0) {
                    continue;
                }
                if (poly->getType() == DT_POLYTYPE_OFFMESH_CONNECTION) {
                    offmesh.push_back({ref, tile, poly});
                } else {
                    index.emplace(ref, static_cast<std::uint32_t>(polys.size()));
                    polys.push_back({ref, tile, poly});
                    // The grid covers the vertices too (a tile's bounds should, but a file need not), so
                    // that every cell lies in its own column and locate() finds it.
                    for (int k = 0; k < poly->vertCount; ++k) {
                        const float* v = &tile->verts[poly->verts[k] * 3];
                        lo = {std::min(lo.x, double{v[0]}), std::min(lo.y, double{v[1]}),
                              std::min(lo.z, double{v[2]})};
                        hi = {std::max(hi.x, double{v[0]}), std::max(hi.y, double{v[1]}),
                              std::max(hi.z, double{v[2]})};
                    }
                }
            }
        }
        if (!any) {
            throw std::invalid_argument("navmesh cells: the navmesh has no tiles");
        }
    }

    void make_grid(Vec3 lo, Vec3 hi) {
        ColumnGrid& g = out.grid_;
        const double s = settings.cell_size;
        g.cell_size = s;
        g.cell_height = settings.cell_height;
        // Anchored at world multiples of s, so the columns do not depend on where the navmesh's bounds fall.
        g.origin = {std::floor(lo.x / s) * s, lo.y, std::floor(lo.z / s) * s};
        const double w = std::floor((hi.x - g.origin.x) / s) + 1.0;
        const double d = std::floor((hi.z - g.origin.z) / s) + 1.0;
        if (!(w >= 1.0 && d >= 1.0)) {
            throw std::invalid_argument("navmesh cells: the navmesh's tile bounds are inside out");
        }
        if (!(w * d <= settings.max_columns) || w > 2147483647.0 || d > 2147483647.0) {
            throw std::invalid_argument("navmesh cells: the navmesh spans " + std::to_string(hi.x - lo.x) +
                                        " x " + std::to_string(hi.z - lo.z) +
                                        " world units: more columns than max_columns for cell size " +
                                        std::to_string(s));
        }
        g.width = static_cast<int>(w);
        g.depth = static_cast<int>(d);
    }

    const float* vertex(const Poly& p, int k) const { return &p.tile->verts[p.poly->verts[k] * 3]; }

    /// Height of polygon p under (x, z), if (x, z) is inside it in plan view.
    std::optional<float> height_at(dtPolyRef ref, float x, float y, float z) const {
        const float pos[3] = {x, y, z};
        float h = 0.0F;
        if (dtStatusFailed(query->getPolyHeight(ref, pos, &h))) {
            return std::nullopt;
        }
        return h;
    }

    void sample_centres() {
        const ColumnGrid& g = out.grid_;
        const double s = g.cell_size;
        struct Sample {
            std::uint32_t column;
            float height;
            std::uint32_t poly;
        };
        std::vector<Sample> samples;
        for (std::uint32_t pi = 0; pi < polys.size(); ++pi) {
            const Poly& p = polys[pi];
            float mn[3] = {FLT_MAX, FLT_MAX, FLT_MAX};
            float mx[3] = {-FLT_MAX, -FLT_MAX, -FLT_MAX};
            for (int k = 0; k < p.poly->vertCount; ++k) {
                const float* v = vertex(p, k);
                for (int a = 0; a < 3; ++a) {
                    mn[a] = std::min(mn[a], v[a]);
                    mx[a] = std::max(mx[a], v[a]);
                }
            }
            // Columns whose centre (origin + (i + 0.5) s) lies in the polygon's plan bounds.
            const int x0 = std::max(0, static_cast<int>(std::ceil((double{mn[0]} - g.origin.x) / s - 0.5)));
            const int x1 =
                std::min(g.width - 1, static_cast<int>(std::floor((double{mx[0]} - g.origin.x) / s - 0.5)));
            const int z0 = std::max(0, static_cast<int>(std::ceil((double{mn[2]} - g.origin.z) / s - 0.5)));
            const int z1 =
                std::min(g.depth - 1, static_cast<int>(std::floor((double{mx[2]} - g.origin.z) / s - 0.5)));
            const float mid_y = 0.5F * (mn[1] + mx[1]);
            for (int z = z0; z <= z1; ++z) {
                for (int x = x0; x <= x1; ++x) {
                    const auto h = height_at(p.ref, static_cast<float>(g.origin.x + (x + 0.5) * s), mid_y,
                                             static_cast<float>(g.origin.z + (z + 0.5) * s));
                    if (h) {
                        samples.push_back({static_cast<std::uint32_t>(x + z * g.width), *h, pi});
                    }
                }
            }
        }
        std::sort(samples.begin(), samples.end(), [](const Sample& a, const Sample& b) {
            return a.column != b.column ? a.column < b.column
                                        : (a.height != b.height ? a.height < b.height : a.poly < b.poly);
        });
        // Floors of one column closer than the climb are one cell (chained: each sample within the climb of
        // the previous one joins it); the cell keeps the lowest sample's polygon and height.
        for (std::size_t i = 0; i < samples.size(); ++i) {
            const Sample& sm = samples[i];
            const bool joins = i > 0 && samples[i - 1].column == sm.column &&
                               double{sm.height} - double{samples[i - 1].height} <= out.climb_;
            if (!joins) {
                const int x = static_cast<int>(sm.column % static_cast<std::uint32_t>(g.width));
                const int z = static_cast<int>(sm.column / static_cast<std::uint32_t>(g.width));
                cells.push_back({sm.column, sm.height, sm.poly,
                                 Vec3{g.origin.x + (x + 0.5) * s, sm.height, g.origin.z + (z + 0.5) * s}});
            }
            members.emplace_back(static_cast<std::uint32_t>(cells.size() - 1), sm.poly);
        }
        out.stats_.centre_cells = cells.size();
    }

    /// Polygons no centre reached (narrower than a column, or between centres): one cell at the centroid,
    /// or membership of a floor of that column within the climb.
    void add_polygon_cells() {
        const ColumnGrid& g = out.grid_;
        std::vector<bool> has_cell(polys.size(), false);
        for (const auto& m : members) {
            has_cell[m.second] = true;
        }
        const std::size_t centre_cells = cells.size();
        std::unordered_multimap<std::uint32_t, std::uint32_t> extra_by_column;
        for (std::uint32_t pi = 0; pi < polys.size(); ++pi) {
            if (has_cell[pi]) {
                continue;
            }
            const Poly& p = polys[pi];
            double c[3] = {0.0, 0.0, 0.0};
            for (int k = 0; k < p.poly->vertCount; ++k) {
                for (int a = 0; a < 3; ++a) {
                    c[a] += double{vertex(p, k)[a]};
                }
            }
            for (double& v : c) {
                v /= p.poly->vertCount;
            }
            const float pos[3] = {static_cast<float>(c[0]), static_cast<float>(c[1]),
                                  static_cast<float>(c[2])};
            float on[3] = {pos[0], pos[1], pos[2]};
            if (auto h = height_at(p.ref, pos[0], pos[1], pos[2])) {
                on[1] = *h;
            } else {
                query->closestPointOnPoly(p.ref, pos, on, nullptr);
            }
            const int x = std::clamp(static_cast<int>(std::floor((double{on[0]} - g.origin.x) / g.cell_size)),
                                     0, g.width - 1);
            const int z = std::clamp(static_cast<int>(std::floor((double{on[2]} - g.origin.z) / g.cell_size)),
                                     0, g.depth - 1);
            const auto column = static_cast<std::uint32_t>(x + z * g.width);
            std::optional<std::uint32_t> floor;
            const auto first = std::lower_bound(
                cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(centre_cells), column,
                [](const Cell& cell, std::uint32_t col) { return cell.column < col; });
            for (auto it = first;
                 it != cells.begin() + static_cast<std::ptrdiff_t>(centre_cells) && it->column == column;
                 ++it) {
                if (std::abs(double{it->height} - double{on[1]}) <= out.climb_) {
                    floor = static_cast<std::uint32_t>(it - cells.begin());
                }
            }
            const auto range = extra_by_column.equal_range(column);
            for (auto it = range.first; it != range.second && !floor; ++it) {
                if (std::abs(double{cells[it->second].height} - double{on[1]}) <= out.climb_) {
                    floor = it->second;
                }
            }
            if (!floor) {
                floor = static_cast<std::uint32_t>(cells.size());
                cells.push_back({column, on[1], pi, Vec3{on[0], on[1], on[2]}});
                extra_by_column.emplace(column, *floor);
                ++out.stats_.extra_cells;
            }
            members.emplace_back(*floor, pi);
        }
    }

    /// Sorts the cells by column then height and fills ids, coordinates and the column index.
    void order_cells() {
        std::vector<std::uint32_t> order(cells.size());
        std::iota(order.begin(), order.end(), 0U);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            const Cell& ca = cells[a];
            const Cell& cb = cells[b];
            return ca.column != cb.column ? ca.column < cb.column
                                          : (ca.height != cb.height ? ca.height < cb.height : a < b);
        });
        std::vector<std::uint32_t> rank(cells.size());
        std::vector<Cell> sorted;
        sorted.reserve(cells.size());
        for (std::uint32_t i = 0; i < order.size(); ++i) {
            rank[order[i]] = i;
            sorted.push_back(cells[order[i]]);
        }
        cells = std::move(sorted);
        for (auto& m : members) {
            m.first = rank[m.first];
        }
        std::sort(members.begin(), members.end(), [](const auto& a, const auto& b) {
            return a.second != b.second ? a.second < b.second : a.first < b.first;
        });
        members.erase(std::unique(members.begin(), members.end()), members.end());

        const ColumnGrid& g = out.grid_;
        const std::size_t columns = static_cast<std::size_t>(g.width) * static_cast<std::size_t>(g.depth);
        out.column_starts_.assign(columns + 1, 0);
        out.coords_.reserve(cells.size());
        out.polygons_.reserve(cells.size());
        for (const Cell& c : cells) {
            ++out.column_starts_[c.column + 1];
            const int x = static_cast<int>(c.column % static_cast<std::uint32_t>(g.width));
            const int z = static_cast<int>(c.column / static_cast<std::uint32_t>(g.width));
            const int y = static_cast<int>(std::floor((double{c.height} - g.origin.y) / g.cell_height));
            out.coords_.push_back({x, y, z});
            out.polygons_.push_back(polys[c.poly].ref);
        }
        for (std::size_t i = 0; i < columns; ++i) {
            out.max_column_size_ = std::max(out.max_column_size_, out.column_starts_[i + 1]);
            out.column_starts_[i + 1] += out.column_starts_[i];
        }
        links.assign(cells.size(), {});
    }

    /// Can the NPC walk straight from cell a to cell b on the navmesh?
    bool walks(CellId a, CellId b) {
        ++out.stats_.raycasts;
        const Cell& ca = cells[a];
        const Cell& cb = cells[b];
        const float start[3] = {static_cast<float>(ca.position.x), ca.height,
                                static_cast<float>(ca.position.z)};
        const float end[3] = {static_cast<float>(cb.position.x), cb.height,
                              static_cast<float>(cb.position.z)};
        constexpr int kMaxPath = 64;
        dtPolyRef path[kMaxPath];
        dtRaycastHit hit{};
        hit.path = path;
        hit.maxPath = kMaxPath;
        const dtStatus status = query->raycast(polys[ca.poly].ref, start, end, &filter, 0, &hit);
        if (dtStatusFailed(status) || dtStatusDetail(status, DT_BUFFER_TOO_SMALL) || hit.t != FLT_MAX ||
            hit.pathCount == 0) {
            return false;
        }
        const dtPolyRef last = path[hit.pathCount - 1];
        float h = 0.0F;
        if (dtStatusFailed(query->getPolyHeight(last, end, &h))) {
            float closest[3] = {end[0], end[1], end[2]};
            if (dtStatusFailed(query->closestPointOnPoly(last, end, closest, nullptr))) {
                return false;
            }
            h = closest[1];
        }
        return std::abs(double{h} - double{cb.height}) <= out.climb_;
    }

    bool linked(CellId a, int dir, CellId b) const {
        return std::any_of(links[a].begin(), links[a].end(),
                           [&](const auto& l) { return l.first == dir && l.second == b; });
    }

    void link(CellId a, int dir, CellId b) {
        links[a].emplace_back(static_cast<std::uint8_t>(dir), b);
        links[b].emplace_back(static_cast<std::uint8_t>(dir < kPolygonLink ? kOpposite[dir] : dir), a);
    }

    void link_neighbours() {
        // Forward directions only (+z, +x, then +x+z, +x-z); each link is added from both ends.
        for (const int dir : {1, 2, 5, 6}) {
            for (CellId a = 0; a < cells.size(); ++a) {
                const CellCoord ca = out.coords_[a];
                const NavCells::Column col = out.column(ca.x + kDx[dir], ca.z + kDz[dir]);
                for (CellId b = col.first; b < col.first + col.count; ++b) {
                    if (dir >= 4 && !diagonal_routes(a, dir, b)) {
                        continue;
                    }
                    if (walks(a, b)) {
                        link(a, dir, b);
                    }
                }
            }
        }
    }

    /// No corner cutting: a -> d diagonally needs a -> x step -> d and a -> z step -> d.
    bool diagonal_routes(CellId a, int dir, CellId d) const {
        const int x_dir = 2;                     // +x
        const int z_dir = kDz[dir] > 0 ? 1 : 3;  // +z or -z
        const auto via = [&](int first, int second) {
            return std::any_of(links[a].begin(), links[a].end(), [&](const auto& l) {
                return l.first == first && linked(l.second, second, d);
            });
        };
        return via(x_dir, z_dir) && via(z_dir, x_dir);
    }

    /// Nearest pair (a in group, b outside a's component) and links it; see the header's "Passages".
    void connect_polygons() {
        Components comp(cells.size());
        for (CellId a = 0; a < cells.size(); ++a) {
            for (const auto& l : links[a]) {
                comp.join(a, l.second);
            }
        }
        // members is sorted by polygon: the cells of polygon p are one contiguous run.
        std::vector<std::uint32_t> first(polys.size() + 1, 0);
        for (const auto& m : members) {
            ++first[m.second + 1];
        }
        std::partial_sum(first.begin(), first.end(), first.begin());
        const auto cells_of = [&](std::uint32_t p) {
            std::vector<CellId> ids;
            for (std::uint32_t i = first[p]; i < first[p + 1]; ++i) {
                ids.push_back(members[i].first);
            }
            return ids;
        };
        std::vector<CellId> group;
        for (std::uint32_t pa = 0; pa < polys.size(); ++pa) {
            join_group(comp, cells_of(pa));
            const Poly& p = polys[pa];
            for (unsigned int l = p.poly->firstLink; l != DT_NULL_LINK; l = p.tile->links[l].next) {
                const auto it = index.find(p.tile->links[l].ref);
                if (it == index.end() || it->second <= pa) {
                    continue;
                }
                group = cells_of(pa);
                const std::vector<CellId> other = cells_of(it->second);
                group.insert(group.end(), other.begin(), other.end());
                join_group(comp, group);
            }
        }
    }

    /// Links cells of `group` until all are in one component: each cell not yet connected to the ones before
    /// it is linked to the nearest of those.
    void join_group(Components& comp, const std::vector<CellId>& group) {
        // Every cell before i is already in group[0]'s component (each step joins the next one to it), so one
        // root comparison says whether cell i is connected; only a disconnected cell pays the nearest search.
        for (std::size_t i = 1; i < group.size(); ++i) {
            const CellId c = group[i];
            if (comp.find(c) == comp.find(group[0])) {
                continue;
            }
            // The nearest of the (at most 512) cells just before it: cells are in id order, column by column,
            // so these are the nearby ones; the bound keeps a crafted navmesh from a quadratic build.
            constexpr std::size_t kWindow = 512;
            CellId best = group[i - 1];
            double best_d = std::numeric_limits<double>::max();
            for (std::size_t j = i > kWindow ? i - kWindow : 0; j < i; ++j) {
                const double d = length_squared(cells[group[j]].position - cells[c].position);
                if (d < best_d) {
                    best_d = d;
                    best = group[j];
                }
            }
            link(best, kPolygonLink, c);
            comp.join(best, c);
            ++out.stats_.polygon_links;
        }
    }

    void link_offmesh() {
        for (const Poly& p : offmesh) {
            const auto poly_index = static_cast<unsigned>(p.poly - p.tile->polys);
            for (int k = 0; k < p.tile->header->offMeshConCount; ++k) {
                const dtOffMeshConnection& con = p.tile->offMeshCons[k];
                if (con.poly != poly_index) {
                    continue;
                }
                const double reach = double{con.rad} + out.grid_.cell_size;
                const auto a = out.nearest_cell(Vec3{con.pos[0], con.pos[1], con.pos[2]}, reach);
                const auto b = out.nearest_cell(Vec3{con.pos[3], con.pos[4], con.pos[5]}, reach);
                if (!a || !b || *a == *b) {
                    continue;
                }
                add_directed(*a, *b);
                if ((con.flags & DT_OFFMESH_CON_BIDIR) != 0) {
                    add_directed(*b, *a);
                }
            }
        }
    }

    void add_directed(CellId a, CellId b) {
        if (std::none_of(links[a].begin(), links[a].end(), [&](const auto& l) { return l.second == b; })) {
            links[a].emplace_back(static_cast<std::uint8_t>(kPolygonLink + 1), b);
            ++out.stats_.offmesh_links;
        }
    }

    void make_graph() {
        std::vector<Vec3> positions;
        positions.reserve(cells.size());
        for (const Cell& c : cells) {
            positions.push_back(c.position);
        }
        std::vector<std::vector<CellId>> lists(cells.size());
        for (CellId a = 0; a < cells.size(); ++a) {
            auto& l = links[a];
            std::stable_sort(l.begin(), l.end(),
                             [](const auto& u, const auto& v) { return u.first < v.first; });
            lists[a].reserve(l.size());
            for (const auto& [dir, b] : l) {
                lists[a].push_back(b);
            }
        }
        out.graph_ = chase::CellSpace::from_adjacency(std::move(positions), lists, PlanarFrame::xz,
                                                      out.grid_.cell_size);
    }
};

NavCells NavCells::build(const dtNavMesh& mesh, const dtQueryFilter& filter,
                         const NavCellSettings& settings) {
    throw_if_invalid("navmesh cell settings", settings.validate());
    NavCellBuilder b{mesh, filter, settings, nullptr, {}, {}, {}, {}, {}, {}, {}};
    b.query.reset(dtAllocNavMeshQuery());
    // Raycasts and heights need no search nodes; init wants at least one.
    if (!b.query || dtStatusFailed(b.query->init(&mesh, 16))) {
        throw std::bad_alloc();
    }
    Vec3 lo;
    Vec3 hi;
    double climb = 0.0;
    double height = 0.0;
    b.collect_polygons(lo, hi, climb, height);
    b.out.climb_ = climb;
    b.out.agent_height_ = height;
    b.out.stats_.polygons = b.polys.size();
    b.make_grid(lo, hi);
    b.sample_centres();
    b.add_polygon_cells();
    b.order_cells();
    b.link_neighbours();
    b.connect_polygons();
    // Off-mesh links need the positions for nearest-cell look-ups: a graph without them first.
    b.make_graph();
    b.link_offmesh();
    if (b.out.stats_.offmesh_links > 0) {
        b.make_graph();
    }
    return std::move(b.out);
}

NavCells::Column NavCells::column(int x, int z) const {
    if (x < 0 || z < 0 || x >= grid_.width || z >= grid_.depth) {
        return {};
    }
    const std::size_t i = static_cast<std::size_t>(x) + static_cast<std::size_t>(z) * grid_.width;
    return {column_starts_[i], column_starts_[i + 1] - column_starts_[i]};
}

std::optional<CellId> NavCells::cell_containing(Vec3 p) const {
    if (!is_finite(p) || empty()) {
        return std::nullopt;
    }
    const double fx = std::floor((p.x - grid_.origin.x) / grid_.cell_size);
    const double fz = std::floor((p.z - grid_.origin.z) / grid_.cell_size);
    if (fx < 0.0 || fz < 0.0 || fx >= grid_.width || fz >= grid_.depth) {
        return std::nullopt;
    }
    const Column col = column(static_cast<int>(fx), static_cast<int>(fz));
    for (CellId c = col.first + col.count; c-- > col.first;) {
        const double floor = graph_.position(c).y;
        if (floor <= p.y + climb_ && p.y < floor + agent_height_) {
            return c;
        }
    }
    return std::nullopt;
}

std::optional<CellId> NavCells::nearest_cell(Vec3 p, double max_distance) const {
    if (!is_finite(p) || !std::isfinite(max_distance) || max_distance < 0.0 || empty()) {
        return std::nullopt;
    }
    const double s = grid_.cell_size;
    // Extra cells sit anywhere in their column: search one more column on each side.
    const double x0 = std::max(0.0, std::floor((p.x - max_distance - grid_.origin.x) / s) - 1.0);
    const double x1 =
        std::min(grid_.width - 1.0, std::floor((p.x + max_distance - grid_.origin.x) / s) + 1.0);
    const double z0 = std::max(0.0, std::floor((p.z - max_distance - grid_.origin.z) / s) - 1.0);
    const double z1 =
        std::min(grid_.depth - 1.0, std::floor((p.z + max_distance - grid_.origin.z) / s) + 1.0);
    std::optional<CellId> best;
    double best_d = max_distance * max_distance;
    for (double z = z0; z <= z1; ++z) {
        for (double x = x0; x <= x1; ++x) {
            const Column col = column(static_cast<int>(x), static_cast<int>(z));
            for (CellId c = col.first; c < col.first + col.count; ++c) {
                const double d = length_squared(graph_.position(c) - p);
                if (d < best_d || (d == best_d && best && c < *best) || (d == best_d && !best)) {
                    best_d = d;
                    best = c;
                }
            }
        }
    }
    return best;
}

chase::SeedLocation NavCells::locate(Vec3 p, double max_distance) const {
    if (const auto c = cell_containing(p)) {
        return {*c, false};
    }
    if (const auto c = nearest_cell(p, max_distance)) {
        return {*c, true};
    }
    return {chase::no_cell, true};
}

}  // namespace kinema::nav
