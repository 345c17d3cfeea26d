#include "kinema/report/stop.hpp"

#include <cstdint>

#include "kinema/core/json_writer.hpp"
#include "kinema/report/json_number.hpp"

namespace kinema::report {
namespace {

// stops, distance, time and (discrete predictions) frames, inside the current object.
void prediction_fields(JsonWriter& json, const analysis::StopPrediction& p, bool with_frames = true) {
    json.boolean("stops", p.stops).number("distance", p.distance).number("time", p.time);
    if (with_frames) {
        json.integer("frames", p.frames);
    }
}

void prediction_object(JsonWriter& json, std::string_view name, const analysis::StopPrediction& p) {
    json.key(name).begin_object();
    prediction_fields(json, p);
    json.end_object();
}

// The head of every Unreal answer: the model, the speed and the braking.
void unreal_head(JsonWriter& json, const UnrealStopBasics& b) {
    json.string("model", "unreal")
        .number("speed", b.speed)
        .number("braking_friction", b.braking.friction)
        .number("braking_deceleration", b.braking.deceleration);
}

std::string finish(std::string& text) {
    text += '\n';
    return std::move(text);
}

}  // namespace

std::string unreal_stop_json(const UnrealStopBasics& basics, const StopRow& at_fps) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    json.begin_object();
    unreal_head(json, basics);
    json.number("fps", at_fps.fps);
    prediction_fields(json, at_fps.prediction);
    json.number("epic_distance", basics.epic_distance)
        .number("epic_error", basics.epic_distance - at_fps.prediction.distance)
        .number("continuous_distance", basics.continuous.distance)
        .end_object();
    return finish(text);
}

std::string unreal_stop_table_json(const UnrealStopBasics& basics, std::span<const StopRow> rows) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    json.begin_object();
    unreal_head(json, basics);
    json.number("epic_distance", basics.epic_distance);
    prediction_object(json, "continuous", basics.continuous);
    json.key("rows").begin_array();
    for (const StopRow& row : rows) {
        json.begin_object().number("fps", row.fps);
        prediction_fields(json, row.prediction);
        json.number("epic_error", basics.epic_distance - row.prediction.distance)
            .number("continuous_error", basics.continuous.distance - row.prediction.distance)
            .end_object();
    }
    json.end_array().end_object();
    return finish(text);
}

std::string unreal_stop_continuous_json(const UnrealStopBasics& basics) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    json.begin_object();
    unreal_head(json, basics);
    json.boolean("continuous", true);
    prediction_fields(json, basics.continuous, false);
    json.number("epic_distance", basics.epic_distance)
        .number("epic_error", basics.epic_distance - basics.continuous.distance)
        .end_object();
    return finish(text);
}

std::string unreal_stop_trace_json(const UnrealStopBasics& basics, const TraceStop& trace) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    json.begin_object();
    unreal_head(json, basics);
    json.string("trace", trace.trace).count("trace_frames", trace.trace_frames);
    prediction_fields(json, trace.exact);
    json.boolean("repeats_last_frame_time",
                 trace.exact.frames > static_cast<std::int64_t>(trace.trace_frames))
        .number("mean_frame_time", trace.mean_frame_time)
        .number("mean_fps", 1.0 / trace.mean_frame_time);
    prediction_object(json, "mean_rate", trace.at_mean);
    json.number("mean_rate_error", trace.at_mean.distance - trace.exact.distance)
        .number("continuous_distance", basics.continuous.distance)
        .end_object();
    return finish(text);
}

std::string unreal_pivot_json(const PivotStop& pivot) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    json.begin_object()
        .string("model", "unreal")
        .number("speed", pivot.speed)
        .number("fps", pivot.fps)
        .boolean("pivot", true);
    prediction_fields(json, pivot.pivot);
    json.number("epic_distance", pivot.epic_distance)
        .number("epic_error", pivot.epic_distance - pivot.pivot.distance)
        .end_object();
    return finish(text);
}

std::string stepped_stop_json(const SteppedStop& stop) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    json.begin_object()
        .string("model", stop.model)
        .string("length_unit", stop.length_unit)
        .number("speed", stop.speed)
        .number("rest_speed", stop.rest_speed);
    if (stop.table) {
        json.key("rows").begin_array();
        for (const StopRow& row : stop.rows) {
            json.begin_object().number("fps", row.fps);
            prediction_fields(json, row.prediction);
            json.end_object();
        }
        json.end_array();
    } else {
        json.number("fps", stop.rows.at(0).fps);
        prediction_fields(json, stop.rows.at(0).prediction);
    }
    json.end_object();
    return finish(text);
}

}  // namespace kinema::report
