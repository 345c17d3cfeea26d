// The fixed-timestep driver: runs any step model over an input schedule and records every frame.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/core/vec.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/movement/state.hpp"

namespace kinema {
struct CsvTable;
}

namespace kinema::movement {

/// From `frame` on, the step that leaves each frame uses `input` (until the next change).
struct InputChange {
    std::size_t frame = 0;  ///< frame index, [0, inf); the first change must be at frame 0.
    Vec2 input;             ///< wish direction, finite; longer than 1 is clamped by the models.
};

/// From `frame` on, every step takes `dt` seconds (until the next change): a frame-time schedule.
struct DtChange {
    std::size_t frame = 0;  ///< frame index, [0, inf); the first change must be at frame 0.
    double dt = 0.0;        ///< s, (0, max_step_dt].
};

/// One recorded frame: frame 0 is the start state, frame i the state after i steps.
struct FrameRecord {
    std::size_t frame = 0;  ///< index
    /// s. Constant dt: frame * dt (multiplied, not summed, so it carries no rounding drift); with a dt
    /// schedule the time of the last change plus (frame - its frame) * its dt; per-frame dts: their running
    /// sum.
    double time = 0.0;
    Vec2 position;       ///< model length unit
    Vec2 velocity;       ///< model length unit per second
    double speed = 0.0;  ///< |velocity|
};

/// Throws std::invalid_argument naming the problem unless the schedule is usable: not empty, first change at
/// frame 0, frames strictly increasing, inputs finite.
void check_schedule(std::span<const InputChange> schedule);

/// Throws std::invalid_argument naming the problem unless the dt schedule is usable: not empty, first change
/// at frame 0, frames strictly increasing, every dt in (0, max_step_dt].
void check_dt_schedule(std::span<const DtChange> schedule);

/// Parses the `--dt-schedule` text "FRAME:DT[;FRAME:DT...]": FRAME a whole number, DT in seconds as a decimal
/// number ("0.016") or a fraction of two ("1/60"); spaces around entries and parts are allowed, an empty
/// entry (a trailing ';') is not. The result passes check_dt_schedule. Throws std::invalid_argument naming
/// the bad entry, e.g. "dt schedule entry 2 '30:x': DT 'x' is not a number".
[[nodiscard]] std::vector<DtChange> parse_dt_schedule(std::string_view text);

/// Parses an input schedule "FRAME:X,Y[;FRAME:X,Y...]" (what `kinema simulate --input` means): FRAME a whole
/// number, X and Y decimal numbers (the wish direction, length at most 1 + 1e-6: 0.7071,0.7071 is a full
/// diagonal); spaces around entries and parts are allowed. The result passes check_schedule. Throws
/// std::invalid_argument naming the bad entry, e.g. "input schedule entry 2 '30:x,0': X 'x' is not a number".
[[nodiscard]] std::vector<InputChange> parse_input_schedule(std::string_view text);

/// Parses one frame time in seconds: a decimal number or "A/B" (e.g. "1/60"). Throws std::invalid_argument
/// naming the text unless the result is in (0, max_step_dt].
[[nodiscard]] double parse_seconds(std::string_view text);

/// The most frames one simulation run (`kinema simulate --frames`, rows of an input file) may step: 2e5
/// frames (55 minutes at 60 fps) step and print in well under a second even at 8 CMC ticks a frame
/// (docs/errors.md, "Limits").
inline constexpr std::size_t max_simulation_frames = 200'000;
/// The fastest start velocity a simulation takes, in the model's length unit per second: the bound of every
/// speed the models are run at (analysis::stop_max_speed, a model's top speed in a pursuit). A faster start
/// gave wrong or overflowing frames: (1e308, 1e308) has an infinite length, which Unreal's clamp turned into
/// 34 cm/s after one frame and Dishonored's into NaN positions.
inline constexpr double max_start_speed = 1e6;

/// A per-frame input file (`--input-file`): row i is the step leaving frame i.
struct FrameInputs {
    std::vector<double> dt;   ///< s, each finite and > 0.
    std::vector<Vec2> input;  ///< wish direction during the step, finite.
};

/// Throws kinema::CsvError naming FILE:LINE unless the frame time in `column` of data row `row` is in
/// (0, max_step_dt] s, the range of every step's dt; `where` follows "dt must be > 0 s" (" in frame rows").
void check_frame_time_cell(const CsvTable& table, std::size_t row, std::size_t column,
                           std::string_view where = "");

/// Reads a CSV file with a header row naming the columns dt, x, y (any order, other columns ignored), one row
/// per frame (kinema/core/csv.hpp rules), at most max_simulation_frames rows. Throws kinema::CsvError naming
/// FILE:LINE for a malformed file, a dt outside (0, max_step_dt], no rows or too many.
[[nodiscard]] FrameInputs read_frame_inputs(const std::string& path);

/// Reads a frame-time trace (`--trace`): a CSV file with a header row naming a column dt (s), one frame per
/// row, other columns ignored (kinema/core/csv.hpp rules). Throws kinema::CsvError naming FILE:LINE for a
/// malformed file, a dt outside (0, max_step_dt], or no rows.
[[nodiscard]] std::vector<double> read_frame_times(const std::string& path);

/// A run in progress, for callers that consume frames in chunks (the CLI streams millions of frames this
/// way).
class Simulation {
  public:
    /// Validates everything up front (SettingsError for settings, dt and the start state;
    /// std::invalid_argument for the schedule), so that advance() cannot fail.
    Simulation(AnyModel model, PlanarState start, std::span<const InputChange> schedule, double dt);
    /// Same with a frame-time schedule (check_dt_schedule) instead of one dt.
    Simulation(AnyModel model, PlanarState start, std::span<const InputChange> schedule,
               std::span<const DtChange> dt_schedule);

    [[nodiscard]] std::size_t frame() const noexcept { return frame_; }
    [[nodiscard]] const PlanarState& state() const noexcept { return state_; }
    /// s. The frame time of the latest step (before the first step: the first dt).
    [[nodiscard]] double dt() const noexcept { return dt_; }
    [[nodiscard]] const AnyModel& model() const noexcept { return model_; }
    /// The current frame as a record.
    [[nodiscard]] FrameRecord record() const noexcept;

    /// Steps `count` frames and writes their records (frames frame()+1 .. frame()+count) to out, which is
    /// resized to `count`; its capacity is reused, so a buffer kept across calls allocates nothing after the
    /// first.
    void advance(std::size_t count, std::vector<FrameRecord>& out);
    /// Steps out.size() frames into a caller-owned buffer.
    void advance(std::span<FrameRecord> out) noexcept;

  private:
    void update_dt() noexcept;

    AnyModel model_;
    std::vector<InputChange> schedule_;
    std::size_t next_change_ = 0;
    std::vector<DtChange> dt_schedule_;
    std::size_t next_dt_change_ = 0;
    Vec2 input_;
    PlanarState state_;
    double dt_ = 0.0;
    std::size_t dt_frame_ = 0;  // frame of the dt change in effect
    double dt_time_ = 0.0;      // s, the time at dt_frame_
    std::size_t frame_ = 0;
};

/// Records frames 0..frames (out.size() == frames + 1; capacity reused). Same checks as Simulation, and
/// frames at most max_simulation_frames (SettingsError naming "frames"): every face shares this cap; stream
/// longer runs through Simulation.
void simulate(const AnyModel& model, const PlanarState& start, std::span<const InputChange> schedule,
              double dt, std::size_t frames, std::vector<FrameRecord>& out);

/// Same with a frame-time schedule (and the same frame cap).
void simulate(const AnyModel& model, const PlanarState& start, std::span<const InputChange> schedule,
              std::span<const DtChange> dt_schedule, std::size_t frames, std::vector<FrameRecord>& out);

/// One step per element: the step leaving frame i uses inputs[i] for dts[i] seconds (inputs.size() ==
/// dts.size(); each dt in (0, max_step_dt], each input finite). Records frames 0..dts.size() into out
/// (capacity reused); times are the running sums of the dts. Throws SettingsError for the model or the start
/// state and std::invalid_argument naming the first bad frame.
void simulate_frames(const AnyModel& model, const PlanarState& start, std::span<const Vec2> inputs,
                     std::span<const double> dts, std::vector<FrameRecord>& out);

}  // namespace kinema::movement
