// The frames of `kinema simulate` (movement::FrameRecord, one per frame) as JSON and CSV, appended one frame
// at a time so that a run of any length streams through a small buffer. The JSON keeps the text it was first
// printed in: a head with the model and how the frame times were given, then one compact object per line.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "kinema/movement/driver.hpp"

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

}  // namespace kinema::report
