// The search's occupancy map (Isla, "Third Eye Crime", GDC 2013; docs/pursuit.md "Search"): where the player
// may be, over the chase cells. It is seeded (from a flood's warm cells, on one cell or on every cell the
// NPC can reach), spreads each time
// the player could have moved one cell, is cleared where an NPC sees, and names the most probable cell as
// the next search target. It owns its arrays: what depends only on the cells and the view range is built
// once and reused by the next searches (no allocation per frame, none between runs on the same space). Any
// number of eyes may clear one map (a team shares it). Private to the pursuit part.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "perception.hpp"
#include "spread_kernel.hpp"
#include "zeroed_array.hpp"

namespace kinema::pursuit::detail {

/// Where a search starts (the strategy table's search_seed). With `reach` false: the warm cells of `heat` in
/// proportion to their heat when it has any, else the fallback cell (the destination's). With `reach`
/// true (intercept, docs/pursuit.md "Intercept"): every cell the fallback cell reaches through the
/// neighbour lists alike, plus `heat_weight` x the heat of `heat`'s warm cells among them when `heat` is
/// not null.
struct SearchSeed {
    const chase::Flood* heat = nullptr;
    bool reach = false;
    double heat_weight = 0.0;
};

class OccupancyMap {
  public:
    /// Builds the arrays for `cells` and `view_range` (the buckets of the clearing are at least that wide)
    /// unless they were built for them already.
    void prepare(const chase::CellSpace& cells, double view_range);
    /// Starts a search at time t (after prepare): from the warm cells of `flood` in proportion to their heat
    /// when it has any; else, all on the cell `fallback()` names. `spread`: the share that moves each time
    /// the player could have moved one cell, every `interval` seconds.
    template <class Fallback>
    void seed(const SearchSeed& from, Fallback&& fallback, double t, double spread, double interval) {
        if (from.reach) {
            seed_reach(fallback(), from.heat, from.heat_weight);
        } else if (!seed_heat(from.heat)) {
            seed_cell(fallback());
        }
        begin(t, spread, interval);
    }
    /// One frame at time t for one eye: spread_until(t), clear(perception, eye), then choose(perception, eye)
    /// when the target may have changed. Returns true when the target changed.
    bool update(double t, const Perception& perception, const Eye& eye);
    /// The spreads due by time t (one each time the player could have moved one cell). True when any ran.
    bool spread_until(double t);
    /// Clears the cells `eye` sees (each eye of a team in turn). True when the target was among them.
    bool clear(const Perception& perception, const Eye& eye);
    /// Whether the target must be chosen again although no spread ran and the target was not seen: there is
    /// none yet, or the map's probability is used up.
    bool must_choose();
    /// Chooses the most probable cell (ties: the nearest to `eye`, then the lowest id; if every cell was
    /// seen, the map starts again on the cells out of the eye's sight). True when the target changed.
    bool choose(const Perception& perception, const Eye& eye);
    /// The most probable cell (ties: the nearest to the eye at the choice, then the lowest id).
    chase::CellId target() const { return target_; }
    /// Cells the next choices skip (a team's other targets; a few cells): choose picks the most probable
    /// cell among the rest. The span must outlive its use; empty (the default): none skipped.
    void set_excluded(std::span<const chase::CellId> cells) { excluded_ = cells; }
    /// One byte per cell: 1 where a clear() since clear_sweep() saw the cell while it held probability (the
    /// search's coverage); empty before prepare.
    std::span<const std::uint8_t> sweep() const { return swept_; }
    void clear_sweep() { std::fill(swept_.begin(), swept_.end(), std::uint8_t{0}); }
    /// The cell's current (unnormalised) probability: 0 once seen.
    double probability(chase::CellId c) const { return occupancy_[c]; }
    /// The map normalised to sum 1 (cells seen since the last renormalisation hold 0).
    void normalised(std::vector<double>& out) const;

  private:
    void clear_active();
    bool seed_heat(const chase::Flood* flood);
    void seed_reach(chase::CellId from, const chase::Flood* heat, double heat_weight);
    void seed_cell(chase::CellId cell);
    void begin(double t, double spread, double interval);
    // A 3D level's cells carry their floor's height; a 2D space's cells are on its plane (height 0, whatever
    // z a graph's positions hold). Inline: clear() asks it for every cell holding probability near the eye.
    double cell_height(chase::CellId c) const {
        return frame_ == PlanarFrame::xz ? frame_.height(cells_->position(c)) : 0.0;
    }
    void spread_gather();
    template <std::uint32_t Stride>
    void gather_cells(const chase::CellId* padded, std::size_t lo, std::size_t hi);
    template <std::uint32_t Stride>
    void gather_padded(const chase::CellId* padded, std::size_t lo, std::size_t hi);
    double gather_one(std::size_t c) const;
    template <class Between, class Inside>
    void by_runs(std::size_t lo, std::size_t hi, Between&& between, Inside&& inside) const;
    void spread_scatter();
    double max_occupancy();
    void mark_dirty(std::size_t c);
    chase::CellId nearest_with(double q, Vec2 p) const;
    double in_order_total() const;
    bool total_exhausted();
    bool excluded(std::size_t c) const;
    void skip_excluded_in_blocks();
    void build_buckets(double view_range);
    std::pair<int, int> bucket_of(Vec2 q) const;
    std::pair<std::uint32_t, std::uint32_t> rows_within(std::size_t b, double y0, double y1) const;

    // Built by prepare for `cells_` and `view_range_`.
    const chase::CellSpace* cells_ = nullptr;
    double view_range_ = -1.0;
    PlanarFrame frame_;  // the cells' plane: a 3D level's cells are (x, z) with the height y
    // Zero outside [active_lo_, active_hi_) (see there), so only the cells a search reaches are written.
    ZeroedArray<double> occupancy_, scratch_;
    bool symmetric_ = false;
    ZeroedArray<double>
        share_;  // written over the active range and its neighbours before each spread reads it
    // Each cell's neighbour count (255 for more) and 1/count by count: 1 byte a cell instead of an 8-byte
    // inverse (a 4096 x 4096 map saves 117 MB), the same doubles. A space without padded lists (a cell may
    // have more than 8 neighbours) keeps the inverse per cell in inverse_wide_ as before.
    std::vector<std::uint8_t> degree_;
    std::array<double, 256> inverse_of_degree_{};
    std::vector<double> inverse_wide_;
    std::size_t max_jump_ = 0;
    std::vector<StencilRun> runs_;
    Vec2 bucket_origin_;
    double bucket_size_ = 1.0;
    int buckets_x_ = 1;
    int buckets_y_ = 1;
    std::vector<std::uint32_t> bucket_start_;  // CSR: the cells of bucket b are bucket_cells_[start[b]..)
    std::vector<chase::CellId> bucket_cells_;
    bool buckets_sorted_by_y_ = false;  // every bucket's cells have non-decreasing planar y (grids)
    std::vector<double> block_max_;     // the target choice's largest probability per block of cells
    // block_max_ holds the map's maxima but for the blocks listed in dirty_blocks_ (flagged in block_dirty_);
    // false after a spread, a seed, a restart or a rescaling: every block is taken again.
    bool maxima_fresh_ = false;
    std::vector<std::uint8_t> block_dirty_;
    std::vector<std::uint32_t> dirty_blocks_;
    // The cells cleared since the last total (total_exhausted), in clearing order.
    struct Cleared {
        chase::CellId cell;
        double value;
    };
    std::vector<Cleared> cleared_;
    std::span<const chase::CellId> excluded_;
    std::vector<std::uint8_t> swept_;   // sweep()
    std::vector<chase::CellId> reach_;  // seed_reach's queue (reserved at its first search)

    // The search under way.
    double spread_ = 0.5;
    double interval_ = 1.0;
    double next_spread_ = 0.0;
    double seed_total_ = 0.0;
    chase::CellId target_ = chase::no_cell;
    // Every cell outside [active_lo_, active_hi_) holds probability exactly 0 (grids: the support grows by
    // one ring of cells per spread, and ids of neighbours differ by at most max_jump_).
    std::size_t active_lo_ = 0;
    std::size_t active_hi_ = 0;
    // The in-order total of the map at the last target choice minus the cells cleared since, in clearing
    // order. Kept exactly only when total_exact_; otherwise the choice skipped the total (see choose)
    // and the cleared cells are logged so that it can be rebuilt bit for bit when it matters
    // (total_exhausted).
    double total_ = 0.0;
    bool total_exact_ = true;
};

}  // namespace kinema::pursuit::detail
