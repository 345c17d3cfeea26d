// The results of `kinema turn` (Dishonored's full-speed turns, docs/analysis.md) and their JSON. Angles in
// the reports are degrees; the analysis part's are radians, converted here once.
#pragma once

#include <cstdint>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/analysis/turn.hpp"

namespace kinema::report {

/// Degrees per radian.
inline constexpr double degrees_per_radian = 180.0 / std::numbers::pi;

/// `--table`: the largest full-speed turn per frame at each frame rate, per speed preset.
struct TurnTable {
    struct Preset {
        std::string_view name;     ///< walk, sprint, agility
        double speed_scale = 0.0;  ///< Dishonored's speed scale of the preset
    };
    analysis::TurnSettings settings;  ///< speed_scale is replaced by each preset's
    std::vector<Preset> presets;
    std::vector<double> fps;  ///< one row per frame rate
};

/// `--max`: the largest full-speed and reachable turns per frame, and the continuous limit.
struct MaxTurn {
    double fps = 0.0;
    double speed_scale = 0.0;
    double max_speed = 0.0;                      ///< u/s
    double full_speed_turn_deg_per_frame = 0.0;  ///< analysis::max_full_speed_turn
    double full_speed_turn_radius = 0.0;         ///< u
    double reachable_turn_deg_per_frame = 0.0;   ///< analysis::max_reachable_turn
    double continuous_deg_per_second = 0.0;      ///< analysis::continuous_full_speed_turn_rate
};

/// `--angle`: the input that turns full-speed velocity by that angle in one frame.
struct AngleTurn {
    double fps = 0.0;
    double speed_scale = 0.0;
    double angle_deg = 0.0;
    analysis::TurnSolution solution;
    double reachable_turn_deg_per_frame = 0.0;  ///< the largest, named when the angle is beyond it
};

/// `--yaw-units`: the turn in whole yaw units, and the best whole-unit full-speed turn.
struct QuantizedTurnReport {
    double dt = 0.0;                    ///< s
    std::optional<std::int64_t> ticks;  ///< --dt-ticks, 100 ns each
    double speed_scale = 0.0;
    analysis::YawQuantization yaw;
    std::optional<double> angle_deg;  ///< the wanted turn, when one was asked
    std::optional<analysis::QuantizedTurn> quantized;
    double full_speed_turn_deg = 0.0;
    analysis::QuantizedTurn best;
};

// The answers from the analysis part (docs/analysis.md "Turns"). A frame is given by its rate and its time:
// with --dt-ticks the time is exact and 1 / (1 / dt) may differ from it in the last bit.
/// The walk, sprint and agility presets at 8 to 240 fps, with `settings`' friction.
[[nodiscard]] TurnTable dishonored_turn_table(const analysis::TurnSettings& settings);
[[nodiscard]] MaxTurn max_turn(double fps, double dt, const analysis::TurnSettings& settings);
[[nodiscard]] AngleTurn angle_turn(double fps, double dt, const analysis::TurnSettings& settings,
                                   double angle_deg);
/// The wanted turn (when asked) and the best full-speed turn in whole yaw units.
[[nodiscard]] QuantizedTurnReport quantized_turn(double dt, std::optional<std::int64_t> ticks,
                                                 const analysis::TurnSettings& settings,
                                                 const analysis::YawQuantization& yaw,
                                                 std::optional<double> angle_deg);

/// What `kinema turn` asks, the first that applies: with `table`, the presets' table (dishonored_turn_table);
/// with `yaw`, the turn in whole yaw units (of `angle_deg` when given); without `angle_deg`, the largest
/// turns per frame; else the input that turns by `angle_deg`. The frame is `fps` and `dt` (and `ticks`
/// when given in 100 ns ticks), not read for the table.
struct TurnQuery {
    bool table = false;
    double fps = 0.0;  ///< 1/s
    double dt = 0.0;   ///< s
    std::optional<std::int64_t> ticks;
    std::optional<analysis::YawQuantization> yaw;
    std::optional<double> angle_deg;  ///< none: the largest turns
};
/// The answer to `query` with `settings`, as `kinema turn` prints it: its text, or with `json` its JSON.
[[nodiscard]] std::string turn_report(const TurnQuery& query, const analysis::TurnSettings& settings,
                                      bool json);

// The human text of each answer, as `kinema turn` prints it.
[[nodiscard]] std::string turn_table_text(const TurnTable& table);
[[nodiscard]] std::string max_turn_text(const MaxTurn& turn);
[[nodiscard]] std::string angle_turn_text(const AngleTurn& turn);
[[nodiscard]] std::string quantized_turn_text(const QuantizedTurnReport& turn);

[[nodiscard]] std::string turn_table_json(const TurnTable& table);
[[nodiscard]] std::string max_turn_json(const MaxTurn& turn);
[[nodiscard]] std::string angle_turn_json(const AngleTurn& turn);
[[nodiscard]] std::string quantized_turn_json(const QuantizedTurnReport& turn);

}  // namespace kinema::report
