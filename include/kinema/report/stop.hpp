// The results of `kinema stop` and their JSON (the CLI's --json, as first printed: docs/analysis.md). One
// struct per kind of answer, built from the analysis part's predictions; the writers only lay them out.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/analysis/stop.hpp"

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

[[nodiscard]] std::string unreal_stop_json(const UnrealStopBasics& basics, const StopRow& at_fps);
[[nodiscard]] std::string unreal_stop_table_json(const UnrealStopBasics& basics,
                                                 std::span<const StopRow> rows);
[[nodiscard]] std::string unreal_stop_continuous_json(const UnrealStopBasics& basics);
[[nodiscard]] std::string unreal_stop_trace_json(const UnrealStopBasics& basics, const TraceStop& trace);
[[nodiscard]] std::string unreal_pivot_json(const PivotStop& pivot);
[[nodiscard]] std::string stepped_stop_json(const SteppedStop& stop);

}  // namespace kinema::report
