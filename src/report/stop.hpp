// The results of `kinema stop` and their JSON (the CLI's --json, as first printed: docs/analysis.md). One
// struct per kind of answer, built from the analysis part's predictions; the writers only lay them out.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::report {

/// One frame rate's stop.
struct StopRow {
    double fps = 0.0;  ///< frames per second
    analysis::StopPrediction prediction;
};

/// What every Unreal stop answer shows: the braking, Epic's estimate and the continuous limit.
struct UnrealStopBasics {
    double speed = 0.0;  ///< cm/s
    analysis::Braking braking;
    double epic_distance = 0.0;  ///< cm, PredictGroundMovementStopLocation
    analysis::StopPrediction continuous;
};

/// The stop over a recorded frame-time trace (`--trace`), beside the constant rate of its mean frame time.
struct TraceStop {
    std::string trace;                 ///< the file, as given
    std::size_t trace_frames = 0;      ///< rows recorded
    analysis::StopPrediction exact;    ///< analysis::unreal_stop_trace
    double mean_frame_time = 0.0;      ///< s
    analysis::StopPrediction at_mean;  ///< analysis::unreal_stop at mean_frame_time
};

/// Where a reversed input turns the character round (`--pivot`).
struct PivotStop {
    double speed = 0.0;  ///< cm/s
    double fps = 0.0;
    analysis::StopPrediction pivot;  ///< analysis::unreal_pivot
    double epic_distance = 0.0;      ///< cm, PredictGroundMovementPivotLocation
    double max_acceleration = 0.0;   ///< cm/s^2, the reversed input's (for the text's heading)
    double ground_friction = 0.0;    ///< 1/s
};

/// A stepping model's stop at one or several frame rates.
struct SteppedStop {
    std::string_view model;        ///< movement::model_name
    std::string_view length_unit;  ///< movement::length_unit
    double speed = 0.0;            ///< length unit / s
    double rest_speed = 0.0;       ///< length unit / s
    std::vector<StopRow> rows;
    bool table = false;  ///< true: a "rows" list; false: the one row's fields inline
};

// The answers from the analysis part's predictions (docs/analysis.md "Stop distance"); the CLI checks its
// arguments first, and these throw the library's SettingsError for a value it refuses.
[[nodiscard]] UnrealStopBasics unreal_stop_basics(const movement::UnrealSettings& settings, double speed);
/// analysis::unreal_stop at each frame rate.
[[nodiscard]] std::vector<StopRow> unreal_stop_rows(const movement::UnrealSettings& settings, double speed,
                                                    std::span<const double> fps);
/// The stop over `frame_times` (read from the file `trace`) beside the constant rate of their mean.
[[nodiscard]] TraceStop unreal_trace_stop(const movement::UnrealSettings& settings, double speed,
                                          std::string trace, std::span<const double> frame_times);
/// Where the input reversed at full strength turns the character round (unreal-cmc.md section 6.2).
[[nodiscard]] PivotStop unreal_pivot_stop(const movement::UnrealSettings& settings, double speed, double fps);
/// The stepping models' limits: the sweep's rest speed, so that stop and sweep report the same distances, and
/// the library's frame cap (10^6: 16 rates of a model that never stops take about 0.5 s; a run that reaches
/// it is reported as at_limit).
[[nodiscard]] analysis::GenericStopSettings stepped_stop_defaults();
/// A stepping model's stop with zero input at each frame rate (analysis::predict_stop_by_stepping).
[[nodiscard]] SteppedStop stepped_stop(const movement::AnyModel& model, double speed,
                                       std::span<const double> fps,
                                       const analysis::GenericStopSettings& limits, bool table);

/// What `kinema stop` asks of the Unreal model, the first that applies: the stop over `frame_times` (read
/// from the file `trace`) beside the constant rate of their mean; with `pivot`, where a reversed input turns
/// the character round at `fps`; the stop at every rate of `table`; the stop at `fps`; with `fps` 0, the
/// continuous stop.
struct UnrealStopQuery {
    std::string trace;
    std::vector<double> frame_times;  ///< s, when `trace` is given
    bool pivot = false;
    std::vector<double> table;  ///< 1/s
    double fps = 0.0;           ///< 1/s; 0: continuous time
};
/// The answer to `query` as `kinema stop` prints it: its text, or with `json` its JSON. Throws the library's
/// SettingsError for a value it refuses.
[[nodiscard]] std::string unreal_stop_report(const movement::UnrealSettings& settings, double speed,
                                             const UnrealStopQuery& query, bool json);

// The human text of each answer, as `kinema stop` prints it.
/// "Unreal CMC stop from 600 cm/s (beta = 0 1/s, a_B = 2048 cm/s^2)": every Unreal answer's first words.
[[nodiscard]] std::string unreal_stop_heading(const UnrealStopBasics& basics);
[[nodiscard]] std::string unreal_stop_text(const UnrealStopBasics& basics, const StopRow& at_fps);
[[nodiscard]] std::string unreal_stop_table_text(const UnrealStopBasics& basics,
                                                 std::span<const StopRow> rows);
[[nodiscard]] std::string unreal_stop_continuous_text(const UnrealStopBasics& basics);
[[nodiscard]] std::string unreal_stop_trace_text(const UnrealStopBasics& basics, const TraceStop& trace);
[[nodiscard]] std::string unreal_pivot_text(const PivotStop& pivot);
[[nodiscard]] std::string stepped_stop_text(const SteppedStop& stop);

[[nodiscard]] std::string unreal_stop_json(const UnrealStopBasics& basics, const StopRow& at_fps);
[[nodiscard]] std::string unreal_stop_table_json(const UnrealStopBasics& basics,
                                                 std::span<const StopRow> rows);
[[nodiscard]] std::string unreal_stop_continuous_json(const UnrealStopBasics& basics);
[[nodiscard]] std::string unreal_stop_trace_json(const UnrealStopBasics& basics, const TraceStop& trace);
[[nodiscard]] std::string unreal_pivot_json(const PivotStop& pivot);
[[nodiscard]] std::string stepped_stop_json(const SteppedStop& stop);

}  // namespace kinema::report
