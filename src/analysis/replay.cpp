#include "kinema/analysis/replay.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "kinema/core/csv.hpp"
#include "kinema/core/format.hpp"
#include "kinema/movement/driver.hpp"

namespace kinema::analysis {

namespace {

EngineLog from_table(const CsvTable& table) {
    EngineLog log;
    log.file = table.file;
    if (table.rows() == 0) {
        throw CsvError(table.file, 1, "empty log: expected a start row (dt 0) and at least one frame row");
    }
    if (table.rows() == 1) {
        throw CsvError(table.file, table.lines[0], "no frame rows after the start row");
    }
    if (table.rows() > kMaxEngineLogFrames + 1) {
        throw CsvError(table.file, table.lines[kMaxEngineLogFrames + 1],
                       "too many frames (at most " + std::to_string(kMaxEngineLogFrames) + ")");
    }
    log.frames.reserve(table.rows());
    for (std::size_t r = 0; r < table.rows(); ++r) {
        LogFrame f;
        f.line = table.lines[r];
        f.dt = table.at(r, 0);
        f.input = {table.at(r, 1), table.at(r, 2)};
        f.position = {table.at(r, 3), table.at(r, 4)};
        f.velocity = {table.at(r, 5), table.at(r, 6)};
        if (r == 0 && f.dt != 0.0) {
            throw CsvError(table.file, f.line, "the start row must have dt 0 (it holds the start state)");
        }
        // hypot: the length of a finite velocity (1e308, 1e308) overflows, and the models clamp it wrongly.
        if (const double speed = std::hypot(f.velocity.x, f.velocity.y);
            r == 0 && is_finite(f.velocity) && !(speed <= movement::max_start_speed)) {
            throw CsvError(table.file, f.line,
                           "the start velocity's length must be at most " +
                               format_number(movement::max_start_speed) +
                               " (the fastest start a model takes), got " + format_number(speed));
        }
        if (r > 0) {
            movement::check_frame_time_cell(table, r, 0, " in frame rows");
        }
        log.frames.push_back(f);
    }
    return log;
}

// |a - b|, or inf when either side is not finite: a diverged model (NaN, inf) is never within a tolerance,
// and NaN would compare false against every tolerance and the running maxima.
double difference(Vec2 a, Vec2 b) {
    return is_finite(a) && is_finite(b) ? length(a - b) : std::numeric_limits<double>::infinity();
}

CsvLimits log_limits() {
    CsvLimits limits;
    limits.max_rows = kMaxEngineLogFrames + 2;  // one more than allowed, so the message can name the line
    return limits;
}

}  // namespace

EngineLog parse_engine_log(std::string_view text, std::string_view file) {
    return from_table(parse_csv(text, file, kEngineLogColumns, log_limits()));
}

EngineLog read_engine_log(const std::string& path) {
    return from_table(read_csv(path, kEngineLogColumns, log_limits()));
}

std::string format_engine_log(std::span<const movement::FrameRecord> records, std::span<const Vec2> inputs,
                              std::span<const double> dts) {
    if (records.size() != dts.size() + 1 || inputs.size() != dts.size()) {
        throw std::invalid_argument("format_engine_log: needs one more record than frame times and inputs");
    }
    std::string out = "dt,input_x,input_y,x,y,vx,vy\n";
    for (std::size_t i = 0; i < records.size(); ++i) {
        const double dt = i == 0 ? 0.0 : dts[i - 1];
        const Vec2 input = i == 0 ? Vec2{} : inputs[i - 1];
        const double row[] = {dt,
                              input.x,
                              input.y,
                              records[i].position.x,
                              records[i].position.y,
                              records[i].velocity.x,
                              records[i].velocity.y};
        for (std::size_t c = 0; c < std::size(row); ++c) {
            if (c > 0) {
                out += ',';
            }
            append_number(out, row[c]);
        }
        out += '\n';
    }
    return out;
}

FieldErrors ReplaySettings::validate() const {
    FieldErrors errors;
    require_at_least(errors, "tolerance", tolerance, 0.0);
    return errors;
}

ReplayResult replay(const movement::AnyModel& model, const EngineLog& log, const ReplaySettings& settings) {
    throw_if_invalid("ReplaySettings", settings.validate());
    movement::throw_if_invalid(model);
    if (log.frames.size() < 2) {
        throw std::invalid_argument(log.file + ": the log needs a start row and at least one frame");
    }
    const std::size_t n = log.frames.size() - 1;
    std::vector<double> dts(n);
    std::vector<Vec2> inputs(n);
    for (std::size_t i = 0; i < n; ++i) {
        dts[i] = log.frames[i + 1].dt;
        inputs[i] = log.frames[i + 1].input;
    }
    std::vector<movement::FrameRecord> records;
    const movement::PlanarState start{log.frames[0].position, log.frames[0].velocity};
    movement::simulate_frames(model, start, inputs, dts, records);

    ReplayResult out;
    out.model = movement::model_name(model);
    out.length_unit = movement::length_unit(model);
    out.tolerance = settings.tolerance;
    out.frames.reserve(log.frames.size());
    for (std::size_t i = 0; i < log.frames.size(); ++i) {
        const LogFrame& f = log.frames[i];
        ReplayFrame r;
        r.frame = i;
        r.line = f.line;
        r.time = records[i].time;
        r.engine_position = f.position;
        r.engine_velocity = f.velocity;
        r.position = records[i].position;
        r.velocity = records[i].velocity;
        r.position_error = difference(r.position, r.engine_position);
        r.velocity_error = difference(r.velocity, r.engine_velocity);
        if (r.position_error > out.max_position_error) {
            out.max_position_error = r.position_error;
            out.max_position_frame = i;
        }
        if (r.velocity_error > out.max_velocity_error) {
            out.max_velocity_error = r.velocity_error;
            out.max_velocity_frame = i;
        }
        // Written as "not within" so that a NaN could never pass; difference() already makes it inf.
        if (!out.first_differing &&
            !(r.position_error <= settings.tolerance && r.velocity_error <= settings.tolerance)) {
            out.first_differing = i;
        }
        out.frames.push_back(r);
    }
    return out;
}

}  // namespace kinema::analysis
