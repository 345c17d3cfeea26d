// Replaying an engine log: a recorded run (frame times, inputs, the engine's position and velocity after each
// frame) re-simulated with a kinema model from the log's start state, frame by frame, to find where the
// engine and the model part (docs/analysis.md "Replaying an engine log"). Lengths and speeds are in the
// model's units.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/movement/model.hpp"

namespace kinema::analysis {

/// One row of an engine log.
struct LogFrame {
    int line = 0;     ///< 1-based line in the log file (for messages)
    double dt = 0.0;  ///< s; 0 in the start row, > 0 after
    Vec2 input;       ///< the input held during the frame (ignored in the start row)
    Vec2 position;    ///< the engine's position after the frame (start row: the start position)
    Vec2 velocity;    ///< the engine's velocity after the frame (start row: the start velocity)
};

/// A parsed engine log: frames[0] is the start row, frames[i] the engine's state after frame i.
struct EngineLog {
    std::string file;
    std::vector<LogFrame> frames;
};

/// The columns an engine log must have (any order; others are ignored).
inline constexpr std::string_view kEngineLogColumns[] = {"dt", "input_x", "input_y", "x", "y", "vx", "vy"};

/// Most frames a log may hold (bounds the replay's memory: about 100 bytes per frame).
inline constexpr std::size_t kMaxEngineLogFrames = 2'000'000;

/// Parses an engine log (kinema/core/csv.hpp rules): a header row naming kEngineLogColumns, a start row with
/// dt 0, then at least one frame row with dt in (0, movement::max_step_dt]. Throws kinema::CsvError naming
/// FILE:LINE: missing column, not a number, NaN or infinite value, empty log, no frame rows, a start row
/// whose dt is not 0, a frame row's dt outside (0, 10] s, more than kMaxEngineLogFrames frames.
[[nodiscard]] EngineLog parse_engine_log(std::string_view text, std::string_view file);
/// Reads and parses a log file (same errors; line 0 when it cannot be read).
[[nodiscard]] EngineLog read_engine_log(const std::string& path);

/// Writes a run as an engine log: the header "dt,input_x,input_y,x,y,vx,vy", the start row from records[0]
/// with dt 0 and input 0, then one row per frame i >= 1 with dts[i-1], inputs[i-1] and records[i]. Numbers in
/// their shortest round-trip form, so the log replays with zero difference. records.size() == dts.size() + 1
/// == inputs.size() + 1, else std::invalid_argument.
[[nodiscard]] std::string format_engine_log(std::span<const movement::FrameRecord> records,
                                            std::span<const Vec2> inputs, std::span<const double> dts);

/// Replay settings.
struct ReplaySettings {
    /// Model length unit (position) and length unit/s (velocity), [0, inf). A frame differs when
    /// |position - engine| or |velocity - engine| exceeds it. The default suits a double-precision engine; a
    /// float32 engine needs about 1e-4 x the largest coordinate.
    double tolerance = 1e-6;

    /// Every bad field by name; empty when usable.
    [[nodiscard]] FieldErrors validate() const;
};

/// One replayed frame.
struct ReplayFrame {
    std::size_t frame = 0;        ///< 0 = the start row
    int line = 0;                 ///< the log line
    double time = 0.0;            ///< s, the running sum of the log's dts
    Vec2 engine_position;         ///< from the log
    Vec2 engine_velocity;         ///< from the log
    Vec2 position;                ///< kinema's
    Vec2 velocity;                ///< kinema's
    double position_error = 0.0;  ///< |position - engine_position|; inf when either is not finite
    double velocity_error = 0.0;  ///< |velocity - engine_velocity|; inf when either is not finite
};

/// The whole replay.
struct ReplayResult {
    std::string_view model;        ///< movement::model_name
    std::string_view length_unit;  ///< movement::length_unit
    double tolerance = 0.0;
    std::vector<ReplayFrame> frames;     ///< one per log row, the start row first (errors 0 there)
    double max_position_error = 0.0;     ///< the largest position_error
    std::size_t max_position_frame = 0;  ///< where it occurs (the first such frame)
    double max_velocity_error = 0.0;     ///< the largest velocity_error
    std::size_t max_velocity_frame = 0;  ///< where it occurs
    /// The first frame whose position or velocity error is not within the tolerance (a non-finite state, the
    /// model's or the log's, never is).
    std::optional<std::size_t> first_differing;

    [[nodiscard]] bool matches() const noexcept { return !first_differing.has_value(); }
};

/// Re-simulates the log with `model` (movement::simulate_frames from the start row's state, each frame with
/// its own dt and input; the model is not reset to the engine's state between frames, so a difference carries
/// forward as it would in a game) and compares every frame. Throws SettingsError for the model or settings.
[[nodiscard]] ReplayResult replay(const movement::AnyModel& model, const EngineLog& log,
                                  const ReplaySettings& settings = {});

}  // namespace kinema::analysis
