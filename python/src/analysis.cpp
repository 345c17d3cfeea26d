// kinema._kinema.analysis: the Dishonored turn solver (analysis/turn.hpp), Unreal stops and pivots
// (analysis/stop.hpp), frame-rate sweeps of any model (analysis/sweep.hpp) and distance matching
// (analysis/distance_matching.hpp). Settings come in as dicts applied through the registry.
#include <cmath>
#include <numbers>
#include <vector>

#include "common.hpp"
#include "kinema/analysis/distance_matching.hpp"
#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/movement/model.hpp"

namespace kinema::python {
namespace {

namespace an = kinema::analysis;
namespace mv = kinema::movement;

// An exact stop with the two predictions it is compared with (docs/analysis.md).
struct StopReport {
    an::StopPrediction exact;
    double epic_estimate = 0.0;
    an::StopPrediction continuous;
};

struct MaxTurn {
    double full_speed = 0.0;  // rad
    double reachable = 0.0;   // rad
};

struct SweepArrays {
    std::string model;
    std::string length_unit;
    py::array_t<double> fps, top_speed, time_to_90, stop_distance, turn_rate;
    an::SweepRow continuous;
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
    r.exact = an::unreal_stop(s, speed, dt);
    const an::Braking b = an::unreal_braking(s);
    r.epic_estimate = an::epic_stop_distance(b.friction, b.deceleration, speed);
    r.continuous = an::unreal_stop_continuous(s, speed);
    return r;
}

an::StopPrediction pivot(double speed, double fps, const py::dict& settings) {
    const auto s = settings_from<mv::UnrealSettings>(settings);
    return an::unreal_pivot(s, speed, frame_time(fps));
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
    out.continuous = result.continuous;
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
        m, "TurnSolution", "One frame's turn (seed 000): the input that redirects a full-speed velocity.")
        .def_readonly("reachable", &an::TurnSolution::reachable, "False when no input reaches the direction.")
        .def_property_readonly(
            "input_direction",
            [](const an::TurnSolution& t) {
                return py::make_tuple(t.input_direction.x, t.input_direction.y);
            },
            "Unit input direction d (x, y); (0, 0) when not reachable.")
        .def_readonly("normalized_speed", &an::TurnSolution::normalized_speed, "m', dimensionless.")
        .def_readonly("speed", &an::TurnSolution::speed, "u/s after the step's clamp.");
    py::class_<MaxTurn>(m, "MaxTurn", "Largest turns per frame (radians).")
        .def_readonly("full_speed", &MaxTurn::full_speed, "rad: largest turn keeping MaxSpeed.")
        .def_readonly("reachable", &MaxTurn::reachable, "rad: largest turn reachable at all.");
}

// The stop and pivot predictions (StopPrediction, Stop).
void bind_stop_results(py::module_& m) {
    py::class_<an::StopPrediction>(m, "StopPrediction", "How far and how long a braking character travels.")
        .def_readonly("stops", &an::StopPrediction::stops, "False: the speed never reaches zero.")
        .def_readonly("distance", &an::StopPrediction::distance, "Length unit (cm for Unreal).")
        .def_readonly("time", &an::StopPrediction::time, "s; inf when it never stops.")
        .def_readonly("frames", &an::StopPrediction::frames,
                      "Frames until the speed reads zero (discrete only).")
        .def("__repr__", [](const an::StopPrediction& s) {
            return "StopPrediction(stops=" + std::string(s.stops ? "True" : "False") +
                   ", distance=" + std::to_string(s.distance) + ", frames=" + std::to_string(s.frames) +
                   ", time=" + std::to_string(s.time) + ")";
        });
    py::class_<StopReport>(m, "Stop", "An exact CMC stop with Epic's estimate and the continuous model.")
        .def_property_readonly(
            "stops", [](const StopReport& r) { return r.exact.stops; }, "The character stops.")
        .def_property_readonly(
            "distance", [](const StopReport& r) { return r.exact.distance; },
            "cm: exact stopping distance at this frame rate.")
        .def_property_readonly(
            "frames", [](const StopReport& r) { return r.exact.frames; },
            "Frames until the speed reads zero, the stopping frame included.")
        .def_property_readonly(
            "time", [](const StopReport& r) { return r.exact.time; }, "s: frames x frame time.")
        .def_readonly("epic_estimate", &StopReport::epic_estimate,
                      "cm: Epic's PredictGroundMovementStopLocation distance v^2 / (2 (beta v + a_B)).")
        .def_readonly("continuous", &StopReport::continuous,
                      "The dt -> 0 model without snap (StopPrediction).")
        .def("__repr__", [](const StopReport& r) {
            return "Stop(distance=" + std::to_string(r.exact.distance) +
                   ", frames=" + std::to_string(r.exact.frames) + ", time=" + std::to_string(r.exact.time) +
                   ", epic_estimate=" + std::to_string(r.epic_estimate) + ")";
        });
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
        .def_readonly("continuous", &SweepArrays::continuous, "The dt -> 0 limits (SweepRow).");
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
    m.def(
        "turn",
        [](double angle, double dt, const py::dict& s) {
            return an::solve_turn_by_angle(angle, dt, settings_from<an::TurnSettings>(s));
        },
        py::arg("angle"), py::arg("dt"), py::arg("settings"));
    m.def(
        "max_turn",
        [](double dt, const py::dict& s) {
            const auto settings = settings_from<an::TurnSettings>(s);
            return MaxTurn{an::max_full_speed_turn(dt, settings), an::max_reachable_turn(dt, settings)};
        },
        py::arg("dt"), py::arg("settings"));
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
