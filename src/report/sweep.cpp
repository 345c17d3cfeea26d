#include "kinema/report/sweep.hpp"

#include <cmath>
#include <cstring>
#include <string_view>

#include "kinema/core/format.hpp"
#include "kinema/core/json_writer.hpp"
#include "kinema/report/json_number.hpp"

namespace kinema::report {
namespace {

// A metric named twice (--metric top_speed --metric top_speed) is one member of a JSON object: the first.
template <class M>
bool named_before(std::span<const M* const> metrics, std::size_t index) {
    for (std::size_t i = 0; i < index; ++i) {
        if (std::strcmp(metrics[i]->name, metrics[index]->name) == 0) {
            return true;
        }
    }
    return false;
}

template <class M, class Row>
void metric_members(JsonWriter& json, std::span<const M* const> metrics, const Row& row) {
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        if (!named_before(metrics, i)) {
            json.number(metrics[i]->name, row.*(metrics[i]->field));
        }
    }
}

// Shortest round-trip text, "nan" for every NaN, "inf"/"-inf": the CSV's numbers.
void append_text(std::string& out, double value) {
    if (std::isnan(value)) {
        out += "nan";
    } else {
        append_number(out, value);
    }
}

// A sweep metric: NaN is the library's "none" (no known limit, no turn keeping full speed), infinity
// "unbounded" (a stop that never ends), as the tables spell them.
void append_value(std::string& out, double value) {
    if (std::isnan(value)) {
        out += "none";
    } else if (std::isinf(value)) {
        out += "unbounded";
    } else {
        append_text(out, value);
    }
}

std::string finish(std::string& text) {
    text += '\n';
    return std::move(text);
}

void flight_members(JsonWriter& json, const movement::MorrowindFlight& f,
                    std::span<const FlightMetric* const> metrics, bool stepped) {
    metric_members(json, metrics, f);
    json.boolean("lands", f.lands);
    if (stepped) {
        json.integer("steps", f.steps).integer("frames", f.frames);
    }
}

void launch_object(JsonWriter& json, const movement::MorrowindLaunch& launch) {
    json.key("launch").begin_object().key("velocity").begin_array();
    json.number(launch.velocity.x).number(launch.velocity.y).number(launch.velocity.z).end_array();
    json.key("air_input").begin_array().number(launch.air_input.x).number(launch.air_input.y).end_array();
    json.number("air_control", launch.air_control).number("drop", launch.drop).end_object();
}

}  // namespace

std::string sweep_json(std::span<const analysis::SweepResult> results,
                       std::span<const SweepMetric* const> metrics, double rest_speed) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    json.begin_object().key("models").begin_array();
    for (const analysis::SweepResult& r : results) {
        json.begin_object()
            .string("model", r.model)
            .string("length_unit", r.length_unit)
            .number("rest_speed", rest_speed)
            .key("continuous")
            .begin_object();
        metric_members(json, metrics, r.continuous);
        json.end_object().key("rows").begin_array();
        for (const analysis::SweepRow& row : r.rows) {
            json.begin_object().number("fps", row.fps);
            metric_members(json, metrics, row);
            json.end_object();
        }
        json.end_array().end_object();
    }
    json.end_array().end_object();
    return finish(text);
}

std::string sweep_csv(std::span<const analysis::SweepResult> results,
                      std::span<const SweepMetric* const> metrics) {
    std::string out = "model,fps";
    for (const SweepMetric* m : metrics) {
        out.append(",").append(m->name);
    }
    out += '\n';
    for (const analysis::SweepResult& r : results) {
        auto line = [&](const analysis::SweepRow& row, bool continuous) {
            out.append(r.model).append(",");
            if (continuous) {
                out += "inf";
            } else {
                append_text(out, row.fps);
            }
            for (const SweepMetric* m : metrics) {
                out += ',';
                append_value(out, row.*(m->field));
            }
            out += '\n';
        };
        for (const analysis::SweepRow& row : r.rows) {
            line(row, false);
        }
        line(r.continuous, true);
    }
    return out;
}

std::string morrowind_sweep_json(const MorrowindSweepSetup& setup, const analysis::MorrowindRateSweep& sweep,
                                 std::span<const FlightMetric* const> metrics) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    json.begin_object().key("models").begin_array().begin_object();
    json.string("model", "morrowind").string("length_unit", "u").number("gravity", setup.gravity);
    launch_object(json, setup.launch);
    json.number("frame_rate", setup.physics.frame_rate)
        .integer("max_steps_per_frame", setup.physics.max_steps_per_frame)
        .number("max_time", setup.physics.max_time)
        .key("continuous")
        .begin_object();
    flight_members(json, sweep.continuous, metrics, false);
    json.end_object().key("rows").begin_array();
    for (const analysis::MorrowindRateRow& row : sweep.rows) {
        json.begin_object().number("physics_rate", row.physics_rate);
        flight_members(json, row.flight, metrics, true);
        json.end_object();
    }
    json.end_array().end_object().end_array().end_object();
    return finish(text);
}

std::string morrowind_sweep_csv(const analysis::MorrowindRateSweep& sweep,
                                std::span<const FlightMetric* const> metrics) {
    std::string out = "model,physics_rate";
    for (const FlightMetric* m : metrics) {
        out.append(",").append(m->name);
    }
    out += ",lands,steps\n";
    auto line = [&](const movement::MorrowindFlight& f, const double* rate) {
        out += "morrowind,";
        if (rate != nullptr) {
            append_text(out, *rate);
        } else {
            out += "inf";
        }
        for (const FlightMetric* m : metrics) {
            out += ',';
            append_text(out, f.*(m->field));
        }
        out += f.lands ? ",1," : ",0,";
        if (rate != nullptr) {
            out += std::to_string(f.steps);
        }
        out += '\n';
    };
    for (const analysis::MorrowindRateRow& row : sweep.rows) {
        line(row.flight, &row.physics_rate);
    }
    line(sweep.continuous, nullptr);
    return out;
}

}  // namespace kinema::report
