// `kinema replay`'s table: where the engine and the model differ, frame by frame.
#include <fmt/format.h>

#include "kinema/core/format.hpp"
#include "kinema/report/replay.hpp"

namespace kinema::report {

std::string replay_text(const analysis::ReplayResult& r, std::string_view log) {
    const std::string_view u = r.length_unit;
    std::string out =
        fmt::format("replay of {} with model {} ({} frames, lengths in {}, velocities in {}/s)\n", log,
                    r.model, r.frames.size() - 1, u, u);
    out += fmt::format("{:>8} {:>6} {:>10} {:>14} {:>14} {:>14} {:>14}\n", "frame", "line", "time",
                       "engine x", "engine y", "pos diff", "vel diff");
    for (const analysis::ReplayFrame& f : r.frames) {
        out +=
            fmt::format("{:>8} {:>6} {:>10.5f} {:>14.6f} {:>14.6f} {:>14.6g} {:>14.6g}{}\n", f.frame, f.line,
                        f.time, f.engine_position.x, f.engine_position.y, f.position_error, f.velocity_error,
                        (f.position_error > r.tolerance || f.velocity_error > r.tolerance) ? "  *" : "");
    }
    out += fmt::format("largest position difference: {} {} at frame {}\n",
                       format_number(r.max_position_error), u, r.max_position_frame);
    out += fmt::format("largest velocity difference: {} {}/s at frame {}\n",
                       format_number(r.max_velocity_error), u, r.max_velocity_frame);
    if (r.first_differing) {
        const analysis::ReplayFrame& f = r.frames[*r.first_differing];
        out += fmt::format("DIFFERS: frame {} (line {}) is the first beyond the tolerance {}\n", f.frame,
                           f.line, format_number(r.tolerance));
    } else {
        out += fmt::format("matches: every frame within the tolerance {}\n", format_number(r.tolerance));
    }
    return out;
}

}  // namespace kinema::report
