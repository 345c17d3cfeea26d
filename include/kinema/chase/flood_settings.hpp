// What a chase flood is asked and what it answers (Couvidou's Dishonored 2 chase chapter in Game AI Pro, seed
// 002 section 3; exact semantics in chase-flood-spec.md): the chapter's constants, the stop reasons and the
// result. The flood itself is kinema/chase/flood.hpp; this header is all a face needs to pass settings or
// read results.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "kinema/chase/grid_cells.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"

namespace kinema::chase {

/// Which cells may be the destination. The chapter says "if that point is located outside the warm cells, we
/// pick the nearest one"; the spec (chase-flood-spec.md "Result") takes every heated cell, cooled ones
/// included, so the cooled middle of a symmetric junction still counts.
enum class DestinationRule {
    nearest_heated,  ///< spec default: heated cells with value >= 0
    nearest_warm,    ///< option: only warm cells (value > 0), a literal reading of the chapter
};

struct FloodSettings;
/// The registry of FloodSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<FloodSettings>) noexcept;

/// The chapter's tweakable constants (Couvidou's Dishonored 2 chase chapter Table 1), plus the restart cap of
/// section 5.
struct FloodSettings {
    int hot = 20;         ///< H, the hot value a newly heated cell gets; [1, 1000000]
    int max_heated = 25;  ///< M_H, more newly heated cells in one step stop the flood; [1, 2147483647]
    int max_steps = 40;   ///< M_S, propagation steps at most (Dishonored 2 difficulty 3); [0, 1000000]
    /// Re-seeds accepted per chase by Flood::restart (Couvidou's Dishonored 2 chase chapter section 5); -1 =
    /// no cap; [-1, 2147483647].
    int max_restarts = -1;
    DestinationRule destination = DestinationRule::nearest_heated;  ///< spec default

    /// Named fields: hot, max_heated, max_steps, max_restarts, destination.
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }

    /// The chapter's difficulty presets: level 1, 2, 3 -> M_S = 20, 30, 40 with H = 20, M_H = 25.
    /// Throws SettingsError for another level.
    static FloodSettings difficulty(int level);
};

enum class StopReason {
    exhausted,        ///< no untouched cell next to the heat frontier
    too_many_heated,  ///< a step would have heated more than M_H cells; that step was discarded
    max_steps,        ///< M_S steps ran
};
/// "exhausted", "too_many_heated", "max_steps" (the JSON spelling).
std::string_view to_string(StopReason reason);

/// What a cell looks like in the flood.
enum class CellState : std::uint8_t { untouched, heated, barrier };

/// Value of a barrier cell (the chapter's -1) and of an untouched cell, as returned by Flood::value().
inline constexpr int barrier_value = -1;
inline constexpr int untouched_value = -2;

struct FloodResult {
    CellId seed_cell = no_cell;
    /// The seed point was outside every cell and moved to the nearest cell centre.
    bool seed_snapped = false;
    int steps = 0;          ///< propagation steps that happened (a discarded overflow step is not counted)
    bool finished = false;  ///< false for a result taken in the middle of a time-sliced or paced run
    StopReason stop_reason = StopReason::exhausted;  ///< meaningful only when finished
    Vec3 centroid;                      ///< world units; temperature-weighted mean of the warm cells' centres
    CellId destination_cell = no_cell;  ///< heated cell (value >= 0) nearest the centroid; ties to lowest id
    Vec3 destination;                   ///< world centre of destination_cell
    std::size_t heated_cells = 0;       ///< cells ever heated (value >= 0), seed included
    std::size_t warm_cells = 0;         ///< heated cells with value > 0
    std::size_t barrier_cells = 0;      ///< cells made barrier (value -1)
};

}  // namespace kinema::chase
