#include "kinema/movement/driver.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "kinema/core/csv.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"
#include "planar_math.hpp"

namespace kinema::movement {

namespace {

// A whole decimal number (std::from_chars syntax), or false.
bool parse_double(std::string_view text, double& value) {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && ec == std::errc() && ptr == text.data() + text.size();
}

void check_start(const PlanarState& start) {
    FieldErrors errors;
    require_finite(errors, "start.position.x", start.position.x);
    require_finite(errors, "start.position.y", start.position.y);
    require_finite(errors, "start.velocity.x", start.velocity.x);
    require_finite(errors, "start.velocity.y", start.velocity.y);
    // hypot, not the norm: the length of a finite velocity may overflow.
    const double speed = std::hypot(start.velocity.x, start.velocity.y);
    if (errors.empty() && !(speed <= max_start_speed)) {
        errors.push_back({"start.velocity", "must be at most " + format_number(max_start_speed) +
                                                " long (length units/s), got length " +
                                                format_number(speed)});
    }
    kinema::throw_if_invalid("start state", errors);
}

// Every frame time the driver takes is in (0, max_step_dt], wherever it comes from (a schedule, a file).
std::string longest_frame_complaint(double dt) {
    return "must be at most " + format_number(max_step_dt) + " s (the longest frame a step takes), got " +
           format_number(dt);
}

}  // namespace

double parse_seconds(std::string_view text) {
    const std::string_view t = trim(text);
    const std::size_t slash = t.find('/');
    double value = 0.0;
    bool ok = false;
    if (slash == std::string_view::npos) {
        ok = parse_double(t, value);
    } else {
        double numerator = 0.0;
        double denominator = 0.0;
        ok = parse_double(trim(t.substr(0, slash)), numerator) &&
             parse_double(trim(t.substr(slash + 1)), denominator) && denominator != 0.0;
        value = ok ? numerator / denominator : 0.0;
    }
    if (!ok) {
        throw std::invalid_argument("'" + std::string(t) +
                                    "' is not a number or fraction (e.g. 0.016, 1/60)");
    }
    if (!std::isfinite(value) || !(value > 0.0)) {
        throw std::invalid_argument("'" + std::string(t) + "' must be a finite time > 0 s");
    }
    if (value > max_step_dt) {
        throw std::invalid_argument("'" + std::string(t) + "' " + longest_frame_complaint(value));
    }
    return value;
}

namespace {

// The syntax both schedules share: entries FRAME:VALUE separated by ';', frame 0 first, frames strictly
// increasing. parse_value(value_text, where, change) fills the entry's value or throws; `where` starts every
// message ("dt schedule entry 2 '30:x': ").
template <class Change, class ParseValue>
std::vector<Change> parse_schedule(std::string_view text, std::string_view name, std::string_view syntax,
                                   ParseValue parse_value) {
    std::vector<Change> out;
    std::size_t start = 0;
    std::size_t entry = 0;
    while (start <= text.size()) {
        const std::size_t semicolon = text.find(';', start);
        const std::string_view item =
            trim(text.substr(start, semicolon == std::string_view::npos ? text.npos : semicolon - start));
        start = semicolon == std::string_view::npos ? text.size() + 1 : semicolon + 1;
        ++entry;
        std::string where(name);
        where.append(" entry ").append(std::to_string(entry)).append(" '").append(item).append("': ");
        const std::size_t colon = item.find(':');
        if (colon == std::string_view::npos) {
            throw std::invalid_argument(where + "expected " + std::string(syntax));
        }
        const std::string_view frame_text = trim(item.substr(0, colon));
        Change change;
        const auto [ptr, ec] =
            std::from_chars(frame_text.data(), frame_text.data() + frame_text.size(), change.frame);
        if (frame_text.empty() || ec != std::errc() || ptr != frame_text.data() + frame_text.size()) {
            throw std::invalid_argument(where + "FRAME '" + std::string(frame_text) +
                                        "' is not a whole number >= 0");
        }
        parse_value(item.substr(colon + 1), where, change);
        if (!out.empty() && change.frame <= out.back().frame) {
            throw std::invalid_argument(where + "frame " + std::to_string(change.frame) + " follows frame " +
                                        std::to_string(out.back().frame) +
                                        "; frames must be strictly increasing");
        }
        if (out.empty() && change.frame != 0) {
            throw std::invalid_argument(where + "the first entry must be at frame 0");
        }
        out.push_back(change);
    }
    return out;
}

}  // namespace

std::vector<DtChange> parse_dt_schedule(std::string_view text) {
    return parse_schedule<DtChange>(text, "dt schedule", "FRAME:DT",
                                    [](std::string_view value, const std::string& where, DtChange& change) {
                                        try {
                                            change.dt = parse_seconds(value);
                                        } catch (const std::invalid_argument& e) {
                                            throw std::invalid_argument(where + "DT " + e.what());
                                        }
                                    });
}

std::vector<InputChange> parse_input_schedule(std::string_view text) {
    // Inputs are wish directions; a little slack lets users type 0.7071,0.7071 for a full diagonal.
    constexpr double max_input_length = 1.0 + 1e-6;
    const auto parse_input = [](std::string_view value, const std::string& where, InputChange& change) {
        const std::size_t comma = value.find(',');
        if (comma == std::string_view::npos) {
            throw std::invalid_argument(where + "expected FRAME:X,Y");
        }
        const std::string_view x_text = trim(value.substr(0, comma));
        const std::string_view y_text = trim(value.substr(comma + 1));
        if (!parse_double(x_text, change.input.x) || !std::isfinite(change.input.x)) {
            throw std::invalid_argument(where + "X '" + std::string(x_text) + "' is not a finite number");
        }
        if (!parse_double(y_text, change.input.y) || !std::isfinite(change.input.y)) {
            throw std::invalid_argument(where + "Y '" + std::string(y_text) + "' is not a finite number");
        }
        if (std::hypot(change.input.x, change.input.y) > max_input_length) {
            throw std::invalid_argument(where + "the input has length " +
                                        format_number(std::hypot(change.input.x, change.input.y)) +
                                        " > 1 (inputs are wish directions, e.g. 0.7071,0.7071 for a full "
                                        "diagonal)");
        }
    };
    return parse_schedule<InputChange>(text, "input schedule", "FRAME:X,Y", parse_input);
}

namespace {

// The rules every schedule shares: not empty, frame 0 first, frames strictly increasing, and each entry's
// value `valid` (else "the VALUE at frame N COMPLAINT"). Nothing is allocated unless the schedule is bad (the
// driver's allocation test).
template <class Change, class Valid>
void check_schedule_entries(std::span<const Change> schedule, const char* name, const char* value,
                            const char* complaint, Valid valid) {
    const auto fail = [name](const std::string& what) {
        throw std::invalid_argument(std::string(name) + ": " + what);
    };
    if (schedule.empty()) {
        fail("empty; it must start at frame 0");
    }
    if (schedule.front().frame != 0) {
        fail("the first change is at frame " + std::to_string(schedule.front().frame) +
             "; it must be at frame 0");
    }
    for (std::size_t i = 0; i < schedule.size(); ++i) {
        if (i > 0 && schedule[i].frame <= schedule[i - 1].frame) {
            fail("frame " + std::to_string(schedule[i].frame) + " follows frame " +
                 std::to_string(schedule[i - 1].frame) + "; frames must be strictly increasing");
        }
        if (!valid(schedule[i])) {
            fail("the " + std::string(value) + " at frame " + std::to_string(schedule[i].frame) + " " +
                 complaint);
        }
    }
}

}  // namespace

void check_frame_time_cell(const CsvTable& table, std::size_t row, std::size_t column,
                           std::string_view where) {
    const double dt = table.at(row, column);
    if (!(dt > 0.0)) {
        throw CsvError(table.file, table.lines[row], "dt must be > 0 s" + std::string(where));
    }
    if (dt > max_step_dt) {
        throw CsvError(table.file, table.lines[row], "dt " + longest_frame_complaint(dt));
    }
}

void check_dt_schedule(std::span<const DtChange> schedule) {
    check_schedule_entries(schedule, "dt schedule", "dt", "must be in (0, 10] s",
                           [](const DtChange& c) { return c.dt > 0.0 && c.dt <= max_step_dt; });
}

std::vector<double> read_frame_times(const std::string& path) {
    constexpr std::array<std::string_view, 1> columns{"dt"};
    const CsvTable table = read_csv(path, columns);
    if (table.rows() == 0) {
        throw CsvError(path, 1, "no frames after the header row");
    }
    for (std::size_t r = 0; r < table.rows(); ++r) {
        check_frame_time_cell(table, r, 0);
    }
    return table.values;
}

FrameInputs read_frame_inputs(const std::string& path) {
    constexpr std::array<std::string_view, 3> columns{"dt", "x", "y"};
    CsvLimits limits;
    limits.max_rows = max_simulation_frames;
    const CsvTable table = read_csv(path, columns, limits);
    if (table.rows() == 0) {
        throw CsvError(path, 1, "no frames after the header row");
    }
    FrameInputs out;
    out.dt.reserve(table.rows());
    out.input.reserve(table.rows());
    for (std::size_t r = 0; r < table.rows(); ++r) {
        check_frame_time_cell(table, r, 0);
        out.dt.push_back(table.at(r, 0));
        out.input.push_back({table.at(r, 1), table.at(r, 2)});
    }
    return out;
}

void check_schedule(std::span<const InputChange> schedule) {
    check_schedule_entries(schedule, "input schedule", "input", "is not finite",
                           [](const InputChange& c) { return is_finite(c.input); });
}

Simulation::Simulation(AnyModel model, PlanarState start, std::span<const InputChange> schedule, double dt)
    : model_(std::move(model)), schedule_(schedule.begin(), schedule.end()), state_(start), dt_(dt) {
    throw_if_invalid(model_);
    check_step_arguments(dt, {});
    check_start(start);
    check_schedule(schedule_);
    input_ = schedule_.front().input;
    next_change_ = 1;
    // A constant dt keeps dt_schedule_ empty: no allocation beyond the input schedule's copy.
}

Simulation::Simulation(AnyModel model, PlanarState start, std::span<const InputChange> schedule,
                       std::span<const DtChange> dt_schedule)
    : model_(std::move(model)),
      schedule_(schedule.begin(), schedule.end()),
      dt_schedule_(dt_schedule.begin(), dt_schedule.end()),
      state_(start) {
    throw_if_invalid(model_);
    check_dt_schedule(dt_schedule_);
    check_start(start);
    check_schedule(schedule_);
    input_ = schedule_.front().input;
    next_change_ = 1;
    dt_ = dt_schedule_.front().dt;
    next_dt_change_ = 1;
}

void Simulation::update_dt() noexcept {
    if (next_dt_change_ < dt_schedule_.size() && dt_schedule_[next_dt_change_].frame == frame_) {
        // The time at the change is fixed once; frames after it multiply, so a long constant stretch does not
        // accumulate rounding.
        dt_time_ += static_cast<double>(frame_ - dt_frame_) * dt_;
        dt_frame_ = frame_;
        dt_ = dt_schedule_[next_dt_change_].dt;
        ++next_dt_change_;
    }
}

FrameRecord Simulation::record() const noexcept {
    return {frame_, dt_time_ + static_cast<double>(frame_ - dt_frame_) * dt_, state_.position,
            state_.velocity, detail::norm(state_.velocity)};
}

void Simulation::advance(std::span<FrameRecord> out) noexcept {
    for (FrameRecord& record_out : out) {
        // The step leaving frame n uses the input in effect at frame n.
        if (next_change_ < schedule_.size() && schedule_[next_change_].frame == frame_) {
            input_ = schedule_[next_change_].input;
            ++next_change_;
        }
        update_dt();
        // Everything was validated in the constructor; the unchecked step keeps the loop free of re-checks.
        state_ = step_unchecked(model_, state_, input_, dt_);
        ++frame_;
        // The record of the new frame must not see the next dt yet: record() uses the dt that led to it.
        record_out = record();
    }
}

void Simulation::advance(std::size_t count, std::vector<FrameRecord>& out) {
    out.resize(count);
    advance(std::span<FrameRecord>(out));
}

namespace {

// simulate() holds every frame in memory (about 56 bytes each): the same cap as `kinema simulate --frames`.
void check_frame_count(std::size_t frames) {
    if (frames > max_simulation_frames) {
        throw SettingsError(
            "simulation", {{"frames", "must be in [0, " + std::to_string(max_simulation_frames) + "], got " +
                                          std::to_string(frames)}});
    }
}

}  // namespace

void simulate(const AnyModel& model, const PlanarState& start, std::span<const InputChange> schedule,
              double dt, std::size_t frames, std::vector<FrameRecord>& out) {
    check_frame_count(frames);
    Simulation simulation(model, start, schedule, dt);
    out.resize(frames + 1);
    out[0] = simulation.record();
    simulation.advance(std::span<FrameRecord>(out).subspan(1));
}

void simulate(const AnyModel& model, const PlanarState& start, std::span<const InputChange> schedule,
              std::span<const DtChange> dt_schedule, std::size_t frames, std::vector<FrameRecord>& out) {
    check_frame_count(frames);
    Simulation simulation(model, start, schedule, dt_schedule);
    out.resize(frames + 1);
    out[0] = simulation.record();
    simulation.advance(std::span<FrameRecord>(out).subspan(1));
}

void simulate_frames(const AnyModel& model, const PlanarState& start, std::span<const Vec2> inputs,
                     std::span<const double> dts, std::vector<FrameRecord>& out) {
    throw_if_invalid(model);
    check_start(start);
    if (inputs.size() != dts.size()) {
        throw std::invalid_argument("simulate_frames: " + std::to_string(inputs.size()) + " inputs for " +
                                    std::to_string(dts.size()) + " frame times");
    }
    for (std::size_t i = 0; i < dts.size(); ++i) {
        if (!(dts[i] > 0.0 && dts[i] <= max_step_dt) || !is_finite(inputs[i])) {
            throw std::invalid_argument("simulate_frames: frame " + std::to_string(i) +
                                        ": dt must be in (0, 10] s and the input finite");
        }
    }
    out.resize(dts.size() + 1);
    PlanarState state = start;
    double time = 0.0;
    out[0] = {0, 0.0, state.position, state.velocity, detail::norm(state.velocity)};
    for (std::size_t i = 0; i < dts.size(); ++i) {
        state = step_unchecked(model, state, inputs[i], dts[i]);
        time += dts[i];
        out[i + 1] = {i + 1, time, state.position, state.velocity, detail::norm(state.velocity)};
    }
}

}  // namespace kinema::movement
