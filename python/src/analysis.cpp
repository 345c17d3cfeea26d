// kinema._kinema.analysis: the Dishonored turn solver (analysis/turn.hpp), Unreal stops and pivots
// (analysis/stop.hpp), frame-rate sweeps of any model (analysis/sweep.hpp) and distance matching
// (analysis/distance_matching.hpp). Settings come in as dicts applied through the registry.
#include <cmath>
#include <numbers>
#include <span>
#include <vector>

#include "common.hpp"
#include "kinema/analysis/distance_matching.hpp"
#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/report/stop.hpp"
#include "kinema/report/sweep.hpp"
#include "kinema/report/turn.hpp"

namespace kinema::python {
namespace {

namespace an = kinema::analysis;
namespace mv = kinema::movement;

// An exact stop at one frame rate with the two predictions it is compared with (docs/analysis.md), as
// `kinema stop --fps` reports it.
struct StopReport {
    report::UnrealStopBasics basics;  // the braking, Epic's estimate, the continuous limit
    report::StopRow exact;            // the frame rate and the exact stop at it
};

// A pivot is a StopPrediction (Python's Pivot subclasses StopPrediction) with what `kinema stop --pivot`
// shows beside it.
struct PivotReport : an::StopPrediction {
    double speed = 0.0;          // cm/s
    double fps = 0.0;            // 1/s
    double epic_distance = 0.0;  // cm, PredictGroundMovementPivotLocation
};

// A turn is a TurnSolution (Python's Turn subclasses TurnSolution) with what `kinema turn --angle` shows
// beside it.
struct TurnReport : an::TurnSolution {
    double fps = 0.0;          // 1/s: 1 / dt
    double speed_scale = 0.0;  // Dishonored's speed scale
    double angle_deg = 0.0;    // the wanted turn
};

struct MaxTurn {
    double full_speed = 0.0;  // rad
    double reachable = 0.0;   // rad
    report::MaxTurn report;   // the same turns in degrees, as `kinema turn --max` shows them
};

struct SweepArrays {
    std::string model;
    std::string length_unit;
    py::array_t<double> fps, top_speed, time_to_90, stop_distance, turn_rate;
    an::SweepResult result;   // what the arrays were copied from, for sweep_json
    double rest_speed = 0.0;  // SweepSettings::rest_speed
};

double frame_time(double fps) {
    if (!std::isfinite(fps) || !(fps > 0.0)) {
        throw SettingsError("frame rate", {{"fps", "must be finite and > 0, got " + std::to_string(fps)}});
    }
    return 1.0 / fps;
}

StopReport stop(double speed, double fps, const py::dict& settings) {
    const auto s = settings_from<mv::UnrealSettings>(settings);
    if (!std::isfinite(speed) || speed < 0.0) {
        throw SettingsError("stop", {{"speed", "must be finite and >= 0"}});
    }
    const double dt = frame_time(fps);
    StopReport r;
    report::UnrealStopBasics& b = r.basics;
    b.speed = speed;
    b.braking = an::unreal_braking(s);
    b.epic_distance = an::epic_stop_distance(b.braking.friction, b.braking.deceleration, speed);
    b.continuous = an::unreal_stop_continuous(s, speed);
    r.exact = {fps, an::unreal_stop(s, speed, dt)};
    return r;
}

PivotReport pivot(double speed, double fps, const py::dict& settings) {
    const auto s = settings_from<mv::UnrealSettings>(settings);
    PivotReport r;
    static_cast<an::StopPrediction&>(r) = an::unreal_pivot(s, speed, frame_time(fps));
    r.speed = speed;
    r.fps = fps;
    // Epic's pivot for an input reversed at full strength (unreal-cmc.md section 6.2), as `kinema stop
    // --pivot`.
    r.epic_distance =
        length(an::epic_pivot_location({-s.max_acceleration, 0.0}, {speed, 0.0}, s.ground_friction));
    return r;
}

// The angle in degrees as `kinema turn --angle` takes it, converted as the CLI converts it
// (report::angle_turn divides by 180 / pi), so that the solution and its JSON are the CLI's bit for bit.
TurnReport turn(double angle_deg, double dt, const py::dict& settings_kwargs) {
    const auto settings = settings_from<an::TurnSettings>(settings_kwargs);
    TurnReport t;
    static_cast<an::TurnSolution&>(t) =
        an::solve_turn_by_angle(angle_deg / report::degrees_per_radian, dt, settings);
    t.fps = 1.0 / dt;
    t.speed_scale = settings.speed_scale;
    t.angle_deg = angle_deg;
    return t;
}

// `kinema turn --max`: the largest turns in radians and the report's degrees, radius and continuous limit.
MaxTurn max_turn(double dt, const py::dict& settings_kwargs) {
    const auto settings = settings_from<an::TurnSettings>(settings_kwargs);
    constexpr double deg = report::degrees_per_radian;
    MaxTurn t;
    t.full_speed = an::max_full_speed_turn(dt, settings);
    t.reachable = an::max_reachable_turn(dt, settings);
    report::MaxTurn& r = t.report;
    r.fps = 1.0 / dt;
    r.speed_scale = settings.speed_scale;
    r.max_speed = settings.max_speed();
    r.full_speed_turn_deg_per_frame = t.full_speed * deg;
    r.full_speed_turn_radius = r.max_speed / (r.full_speed_turn_deg_per_frame * r.fps / deg);
    r.reachable_turn_deg_per_frame = t.reachable * deg;
    r.continuous_deg_per_second = an::continuous_full_speed_turn_rate(settings) * deg;
    return t;
}

SweepArrays sweep(const std::string& model_name, const py::handle& fps, const py::dict& sweep_settings,
                  const py::dict& settings) {
    mv::AnyModel model = mv::make_model(model_name);
    apply_settings(mv::settings_description(model), std::visit([](auto& s) -> void* { return &s; }, model),
                   settings);
    const auto sw = settings_from<an::SweepSettings>(sweep_settings);
    const auto rates_array = to_vector(fps, "fps");
    const std::vector<double> rates(rates_array.data(), rates_array.data() + rates_array.size());
    an::SweepResult result;
    {
        py::gil_scoped_release release;
        result = an::sweep(model, rates, sw);
    }
    SweepArrays out;
    out.model = std::string(result.model);
    out.length_unit = std::string(result.length_unit);
    const auto n = static_cast<py::ssize_t>(result.rows.size());
    out.fps = py::array_t<double>(n);
    out.top_speed = py::array_t<double>(n);
    out.time_to_90 = py::array_t<double>(n);
    out.stop_distance = py::array_t<double>(n);
    out.turn_rate = py::array_t<double>(n);
    for (py::ssize_t i = 0; i < n; ++i) {
        const an::SweepRow& row = result.rows[static_cast<std::size_t>(i)];
        out.fps.mutable_at(i) = row.fps;
        out.top_speed.mutable_at(i) = row.top_speed;
        out.time_to_90.mutable_at(i) = row.time_to_90;
        out.stop_distance.mutable_at(i) = row.stop_distance;
        out.turn_rate.mutable_at(i) = row.turn_rate;
    }
    out.result = std::move(result);
    out.rest_speed = sw.rest_speed;
    return out;
}

std::vector<an::RootSample> root_samples(const py::handle& times, const py::handle& positions) {
    const auto t = to_vector(times, "times");
    const auto p = to_matrix(positions, t.shape(0), 3, "positions");
    std::vector<an::RootSample> root(static_cast<std::size_t>(t.shape(0)));
    for (py::ssize_t i = 0; i < t.shape(0); ++i) {
        root[static_cast<std::size_t>(i)] = {t.at(i), {p.at(i, 0), p.at(i, 1), p.at(i, 2)}};
    }
    return root;
}

// The turn solver's results (TurnSolution, MaxTurn).
void bind_turn_results(py::module_& m) {
    py::class_<an::TurnSolution>(
        m, "TurnSolution",
        "One frame's turn (the DhTas notes): the input that redirects a full-speed velocity.")
        .def_readonly("reachable", &an::TurnSolution::reachable, "False when no input reaches the direction.")
        .def_property_readonly(
            "input_direction",
            [](const an::TurnSolution& t) {
                return py::make_tuple(t.input_direction.x, t.input_direction.y);
            },
            "Unit input direction d (x, y); (0, 0) when not reachable.")
        .def_property_readonly(
            "input_angle_deg",
            [](const an::TurnSolution& t) -> py::object {
                if (!t.reachable) {
                    return py::none();
                }
                return py::float_(std::atan2(t.input_direction.y, t.input_direction.x) *
                                  report::degrees_per_radian);
            },
            "deg: the input direction's angle from the velocity (as `kinema turn --angle` prints it); None "
            "when not reachable.")
        .def_readonly("normalized_speed", &an::TurnSolution::normalized_speed, "m', dimensionless.")
        .def_readonly("speed", &an::TurnSolution::speed, "u/s after the step's clamp.")
        .def_property_readonly(
            "keeps_full_speed",
            [](const an::TurnSolution& t) { return t.reachable && t.normalized_speed >= 1.0; },
            "m' >= 1: the turn keeps MaxSpeed.");
    py::class_<TurnReport, an::TurnSolution>(m, "Turn", "A TurnSolution with the turn it was asked for.")
        .def_readonly("fps", &TurnReport::fps, "1/s: 1 / dt.")
        .def_readonly("speed_scale", &TurnReport::speed_scale, "Dishonored's speed scale.")
        .def_readonly("angle_deg", &TurnReport::angle_deg, "deg: the wanted turn.")
        .def(
            "to_json",
            [](const TurnReport& t) {
                return json_text(report::angle_turn_json({t.fps, t.speed_scale, t.angle_deg, t}));
            },
            "The JSON of `kinema turn --angle --json` (report::angle_turn_json), without its final newline.");
    py::class_<MaxTurn>(m, "MaxTurn",
                        "Largest turns per frame, as `kinema turn --max` reports them (in degrees: "
                        "full_speed_turn_deg_per_frame, reachable_turn_deg_per_frame).")
        .def_readonly("full_speed_rad", &MaxTurn::full_speed, "rad: largest turn per frame keeping MaxSpeed.")
        .def_readonly("reachable_rad", &MaxTurn::reachable, "rad: largest turn per frame reachable at all.")
        .def_readonly("full_speed", &MaxTurn::full_speed, "rad: full_speed_rad (the name before the units).")
        .def_readonly("reachable", &MaxTurn::reachable, "rad: reachable_rad (the name before the units).")
        .def_property_readonly(
            "fps", [](const MaxTurn& t) { return t.report.fps; }, "1/s: 1 / dt.")
        .def_property_readonly(
            "speed_scale", [](const MaxTurn& t) { return t.report.speed_scale; }, "Dishonored's speed scale.")
        .def_property_readonly(
            "max_speed", [](const MaxTurn& t) { return t.report.max_speed; }, "u/s: MaxSpeed.")
        .def_property_readonly(
            "full_speed_turn_deg_per_frame",
            [](const MaxTurn& t) { return t.report.full_speed_turn_deg_per_frame; }, "deg: full_speed.")
        .def_property_readonly(
            "full_speed_turn_radius", [](const MaxTurn& t) { return t.report.full_speed_turn_radius; },
            "u: the circle that turn traces at full speed.")
        .def_property_readonly(
            "reachable_turn_deg_per_frame",
            [](const MaxTurn& t) { return t.report.reachable_turn_deg_per_frame; }, "deg: reachable.")
        .def_property_readonly(
            "continuous_deg_per_second", [](const MaxTurn& t) { return t.report.continuous_deg_per_second; },
            "deg/s: the full-speed turn rate as dt -> 0.")
        .def(
            "to_json", [](const MaxTurn& t) { return json_text(report::max_turn_json(t.report)); },
            "The JSON of `kinema turn --max --json` (report::max_turn_json), without its final newline.");
}

// Stop: the exact stop at a frame rate, its Unreal basics as read-only attributes.
void bind_stop(py::module_& m) {
    py::class_<StopReport>(m, "Stop", "An exact CMC stop with Epic's estimate and the continuous model.")
        .def_property_readonly(
            "stops", [](const StopReport& r) { return r.exact.prediction.stops; }, "The character stops.")
        .def_property_readonly(
            "distance", [](const StopReport& r) { return r.exact.prediction.distance; },
            "cm: exact stopping distance at this frame rate.")
        .def_property_readonly(
            "frames", [](const StopReport& r) { return r.exact.prediction.frames; },
            "Frames until the speed reads zero, the stopping frame included.")
        .def_property_readonly(
            "time", [](const StopReport& r) { return r.exact.prediction.time; }, "s: frames x frame time.")
        .def_property_readonly(
            "epic_estimate", [](const StopReport& r) { return r.basics.epic_distance; },
            "cm: Epic's PredictGroundMovementStopLocation distance v^2 / (2 (beta v + a_B)).")
        .def_property_readonly(
            "continuous", [](const StopReport& r) { return r.basics.continuous; },
            "The dt -> 0 model without snap (StopPrediction).")
        .def_property_readonly(
            "speed", [](const StopReport& r) { return r.basics.speed; }, "cm/s: the starting speed.")
        .def_property_readonly(
            "fps", [](const StopReport& r) { return r.exact.fps; }, "1/s")
        .def_property_readonly(
            "braking_friction", [](const StopReport& r) { return r.basics.braking.friction; },
            "1/s: beta, the braking friction x braking_friction_factor.")
        .def_property_readonly(
            "braking_deceleration", [](const StopReport& r) { return r.basics.braking.deceleration; },
            "cm/s^2: a_B, braking_deceleration_walking.")
        .def(
            "to_json",
            [](const StopReport& r) { return json_text(report::unreal_stop_json(r.basics, r.exact)); },
            "The JSON of `kinema stop --fps --json` (report::unreal_stop_json), without its final newline.");
}

// The stop and pivot predictions (StopPrediction, Pivot, Stop).
void bind_stop_results(py::module_& m) {
    py::class_<an::StopPrediction>(m, "StopPrediction", "How far and how long a braking character travels.")
        .def_readonly("stops", &an::StopPrediction::stops, "False: the speed never reaches zero.")
        .def_readonly("distance", &an::StopPrediction::distance, "Length unit (cm for Unreal).")
        .def_readonly("time", &an::StopPrediction::time, "s; inf when it never stops.")
        .def_readonly("frames", &an::StopPrediction::frames,
                      "Frames until the speed reads zero (discrete only).");
    py::class_<PivotReport, an::StopPrediction>(m, "Pivot",
                                                "A CMC pivot (a StopPrediction) with Epic's pivot location.")
        .def_readonly("speed", &PivotReport::speed, "cm/s: the speed along +x when the input reverses.")
        .def_readonly("fps", &PivotReport::fps, "1/s")
        .def_readonly("epic_distance", &PivotReport::epic_distance,
                      "cm: Epic's PredictGroundMovementPivotLocation distance.")
        .def(
            "to_json",
            [](const PivotReport& p) {
                return json_text(report::unreal_pivot_json({p.speed, p.fps, p, p.epic_distance}));
            },
            "The JSON of `kinema stop --pivot --json` (report::unreal_pivot_json), without its final "
            "newline.");
    bind_stop(m);
}

// A frame-rate sweep's results (SweepRow, Sweep).
void bind_sweep_results(py::module_& m) {
    py::class_<an::SweepRow>(m, "SweepRow",
                             "The sweep metrics at one frame rate (or their continuous limits).")
        .def_readonly("fps", &an::SweepRow::fps, "1/s; inf for the continuous limit.")
        .def_readonly("top_speed", &an::SweepRow::top_speed, "length/s")
        .def_readonly("time_to_90", &an::SweepRow::time_to_90, "s")
        .def_readonly("stop_distance", &an::SweepRow::stop_distance, "length")
        .def_readonly("turn_rate", &an::SweepRow::turn_rate, "deg/s; NaN where unknown");
    py::class_<SweepArrays>(m, "Sweep", "A frame-rate sweep: one array element per frame rate.")
        .def_readonly("model", &SweepArrays::model)
        .def_readonly("length_unit", &SweepArrays::length_unit)
        .def_readonly("fps", &SweepArrays::fps, "1/s")
        .def_readonly("top_speed", &SweepArrays::top_speed, "length/s")
        .def_readonly("time_to_90", &SweepArrays::time_to_90, "s")
        .def_readonly("stop_distance", &SweepArrays::stop_distance, "length")
        .def_readonly("turn_rate", &SweepArrays::turn_rate, "deg/s")
        .def_property_readonly(
            "continuous", [](const SweepArrays& a) { return a.result.continuous; },
            "The dt -> 0 limits (SweepRow).")
        .def_readonly("rest_speed", &SweepArrays::rest_speed,
                      "length/s: the stepping models' stop ends at or below it (SweepSettings).")
        .def(
            "to_json",
            [](const SweepArrays& a) {
                std::vector<const report::SweepMetric*> metrics;
                for (const report::SweepMetric& metric : report::sweep_metrics) {
                    metrics.push_back(&metric);
                }
                return json_text(report::sweep_json(std::span(&a.result, 1), metrics, a.rest_speed));
            },
            "The JSON of `kinema sweep --model MODEL --json` with every metric (report::sweep_json), without "
            "its final newline.");
}

// Distance matching's curve and its lookups' result (DistanceCurve, CurveTime).
void bind_distance_curve(py::module_& m) {
    py::class_<an::DistanceCurve>(m, "DistanceCurve", "Signed root distance over animation time.")
        .def(py::init([](const py::handle& times, const py::handle& distances, double marker_time) {
                 const auto t = to_vector(times, "times");
                 const auto d = to_vector(distances, "distances");
                 an::DistanceCurve c;
                 c.times.assign(t.data(), t.data() + t.size());
                 c.distances.assign(d.data(), d.data() + d.size());
                 c.marker_time = marker_time;
                 throw_if_invalid("DistanceCurve", c.validate());
                 return c;
             }),
             py::arg("times"), py::arg("distances"), py::arg("marker_time"))
        .def_property_readonly(
            "times",
            [](const an::DistanceCurve& c) {
                return py::array_t<double>(py::ssize_t(c.times.size()), c.times.data());
            },
            "s")
        .def_property_readonly(
            "distances",
            [](const an::DistanceCurve& c) {
                return py::array_t<double>(py::ssize_t(c.distances.size()), c.distances.data());
            },
            "length")
        .def_readonly("marker_time", &an::DistanceCurve::marker_time, "s");
    py::class_<an::CurveTime>(m, "CurveTime", "An animation time for a curve value.")
        .def_readonly("time", &an::CurveTime::time, "s")
        .def_readonly("extrapolated", &an::CurveTime::extrapolated,
                      "The value was outside the curve's range.");
}

// The functions: turn, max_turn, stop, pivot, sweep and the distance-matching lookups.
void bind_functions(py::module_& m) {
    m.def("turn", &turn, py::arg("angle_deg"), py::arg("dt"), py::arg("settings"));
    m.def("max_turn", &max_turn, py::arg("dt"), py::arg("settings"));
    m.def("stop", &stop, py::arg("speed"), py::arg("fps"), py::arg("settings"));
    m.def("pivot", &pivot, py::arg("speed"), py::arg("fps"), py::arg("settings"));
    m.def("sweep", &sweep, py::arg("model"), py::arg("fps"), py::arg("sweep_settings"), py::arg("settings"));
    m.def(
        "bake_distance_curve",
        [](const py::handle& times, const py::handle& positions, const py::dict& s) {
            return an::bake_distance_curve(root_samples(times, positions),
                                           settings_from<an::BakeSettings>(s));
        },
        py::arg("times"), py::arg("positions"), py::arg("settings"));
    m.def("distance_at", &an::distance_at, py::arg("curve"), py::arg("time"));
    m.def("time_for_distance", &an::time_for_distance, py::arg("curve"), py::arg("distance"));
    m.def("time_for_remaining_distance", &an::time_for_remaining_distance, py::arg("curve"),
          py::arg("remaining"));
}

const SettingsDescription& description_of(const std::string& which) {
    if (which == "turn")
        return settings_description<an::TurnSettings>();
    if (which == "sweep")
        return settings_description<an::SweepSettings>();
    if (which == "bake")
        return settings_description<an::BakeSettings>();
    if (which == "unreal")
        return settings_description<mv::UnrealSettings>();
    throw py::value_error("settings_fields: unknown settings '" + which +
                          "'; valid: turn, sweep, bake, unreal");
}

// The registry's descriptions: settings_fields for introspection, keyword_fields (typed defaults) for the
// keyword signatures and docstrings kinema/analysis.py builds.
void bind_settings_fields(py::module_& m) {
    m.def(
        "settings_fields", [](const std::string& which) { return describe_fields(description_of(which)); },
        py::arg("which"));
    m.def(
        "keyword_fields",
        [](const std::string& which) {
            return KeywordSettings(description_of(which), "kinema.analysis").describe();
        },
        py::arg("which"));
}

}  // namespace

void register_analysis(py::module_& m) {
    bind_turn_results(m);
    bind_stop_results(m);
    bind_sweep_results(m);
    bind_distance_curve(m);
    bind_functions(m);
    bind_settings_fields(m);
}

}  // namespace kinema::python
