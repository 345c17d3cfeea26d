// The frames of `kinema simulate` (movement::FrameRecord, one per frame) as JSON and CSV, appended one frame
// at a time so that a run of any length streams through a small buffer. The JSON keeps the text it was first
// printed in: a head with the model and how the frame times were given, then one compact object per line.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/movement/driver.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/report/text.hpp"

namespace kinema::report {

/// The head's member naming the frame times: `"dt": 0.016`, `"dt_schedule": [{"frame":0,"dt":0.016},...]` or
/// `"input_file": "FILE"`.
[[nodiscard]] std::string frame_times_dt(double dt);
[[nodiscard]] std::string frame_times_dt_schedule(std::span<const movement::DtChange> schedule);
[[nodiscard]] std::string frame_times_input_file(std::string_view path);

/// `{"model": "NAME", FRAME_TIMES, "frames": [`, then each frame, then the end.
void begin_simulation_json(std::string& out, std::string_view model, std::string_view frame_times);
void append_frame_json(std::string& out, const movement::FrameRecord& record, bool first);
void end_simulation_json(std::string& out);

/// The CSV header row and one row per frame (numbers as format_number writes them).
inline constexpr std::string_view simulation_csv_header = "frame,time,x,y,vx,vy,speed\n";
void append_frame_csv(std::string& out, const movement::FrameRecord& record);

/// The table's header ("model NAME, FRAME_TIMES, lengths in U, velocities in U/s" and the column names) and
/// one row per frame.
[[nodiscard]] std::string simulation_table_header(std::string_view model, std::string_view length_unit,
                                                  std::string_view frame_times);
void append_frame_text(std::string& out, const movement::FrameRecord& record);

/// How a run's frame times were given, in the table's header and as the JSON head's member.
struct FrameTimesText {
    std::string table;  ///< after "model NAME, ": "dt 0.016 s", `dt schedule "TEXT" (s)`, ...
    std::string json;   ///< frame_times_dt() and its siblings
};
[[nodiscard]] FrameTimesText describe_dt(double dt);
/// `text` is the schedule as the user typed it.
[[nodiscard]] FrameTimesText describe_dt_schedule(std::string_view text,
                                                  std::span<const movement::DtChange> schedule);
[[nodiscard]] FrameTimesText describe_input_file(std::string_view path);

/// Fills `chunk` with a run's next frames; false when the run is over.
using FrameSource = std::function<bool(std::vector<movement::FrameRecord>& chunk)>;
/// `frames` steps of `simulation` (which must outlive the source), in chunks.
[[nodiscard]] FrameSource scheduled_frames(movement::Simulation& simulation, std::size_t frames);
/// One step per row of `inputs` (which must outlive the source) from `start`, in chunks stepped with
/// movement::simulate_frames from the last state; frame numbers and times (running sums of the dts, as
/// simulate_frames forms them) continue across chunks.
[[nodiscard]] FrameSource input_file_frames(const movement::AnyModel& model,
                                            const movement::PlanarState& start,
                                            const movement::FrameInputs& inputs);

/// The first frame of `next` whose speed passes movement::max_start_speed or whose position is not finite (a
/// run that diverges: CrossCode's explicit friction overshoots at long frame times), reading no further; none
/// when the run stays bounded to its end.
[[nodiscard]] std::optional<movement::FrameRecord> first_runaway_frame(const FrameSource& next);

/// A run of `kinema simulate`, ready to check and write: how its frame times were given, its frame 0, its
/// longest frame time, and a fresh source of its frames at each call of `frames` (the divergence check reads
/// them once before they are written). The builders validate what the run steps first, as
/// movement::Simulation and movement::simulate_frames do (SettingsError for the settings, dt and start
/// state).
struct SimulationRun {
    FrameTimesText times;
    movement::FrameRecord first;
    double longest_dt = 0.0;  ///< s; 0 for a run of no frames
    std::function<FrameSource()> frames;
};
/// `frames` steps of `model` from `start` under the input `schedule`, every step `dt` long.
[[nodiscard]] SimulationRun scheduled_run(const movement::AnyModel& model, const movement::PlanarState& start,
                                          std::vector<movement::InputChange> schedule, double dt,
                                          std::size_t frames);
/// The same at the frame times of `dt_schedule`, typed as `dt_schedule_text` (named in the table's head).
[[nodiscard]] SimulationRun scheduled_run(const movement::AnyModel& model, const movement::PlanarState& start,
                                          std::vector<movement::InputChange> schedule,
                                          std::vector<movement::DtChange> dt_schedule,
                                          std::string_view dt_schedule_text, std::size_t frames);
/// One step per row of `inputs`, read from `path` (input_file_frames).
[[nodiscard]] SimulationRun input_file_run(const movement::AnyModel& model,
                                           const movement::PlanarState& start, movement::FrameInputs inputs,
                                           std::string_view path);

/// The first runaway frame (first_runaway_frame) of a run that can diverge: CrossCode at a frame time past
/// movement::longest_stable_dt, whose explicit friction overshoots and whose coasting speed has no cap (issue
/// 40). None, without stepping the run, for other models and stable frame times: they cannot diverge.
[[nodiscard]] std::optional<movement::FrameRecord> runaway_frame(const movement::AnyModel& model,
                                                                 const SimulationRun& run);
/// Why `kinema simulate` refuses a run with a runaway frame (runaway_frame), the words after the flag that
/// gave its frame times: "the crosscode model diverges at this frame time with these settings: its speed
/// passes 1000000 from frame 4 on (frames longer than 0.1667 s make its explicit friction overshoot)". None
/// for a run without one (issue 40: it printed NaN frames).
[[nodiscard]] std::optional<std::string> runaway_refusal(const movement::AnyModel& model,
                                                         const SimulationRun& run);

enum class SimulationFormat { table, json, csv };
/// Writes a run as `kinema simulate` prints it -- frame 0, then every frame `next` gives -- handing the text
/// to `sink` in pieces of about 1 MiB, so that a run of any length streams through a small buffer. Returns
/// the first frame whose state is not finite (an explicit integrator can blow up at long frame times, e.g.
/// CrossCode's friction factor 1 - 12 dt < -1; its numbers are still written, JSON null), if any.
[[nodiscard]] std::optional<std::size_t> write_simulation(SimulationFormat format,
                                                          const movement::AnyModel& model,
                                                          const FrameTimesText& times,
                                                          const movement::FrameRecord& first,
                                                          const FrameSource& next, const TextSink& sink);

}  // namespace kinema::report
