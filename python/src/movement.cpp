// kinema._kinema.movement: the three step models through movement::AnyModel, their settings as keyword
// arguments from the settings registry, one step and whole runs (movement/driver.hpp) into numpy arrays.
#include <string>
#include <vector>

#include "common.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/movement/model.hpp"

namespace kinema::python {
namespace {

namespace mv = kinema::movement;

mv::AnyModel model_from(const std::string& name, const py::dict& settings) {
    mv::AnyModel model = mv::make_model(name);
    apply_settings(mv::settings_description(model), std::visit([](auto& s) -> void* { return &s; }, model),
                   settings);
    return model;
}

// Frame i's input as one schedule change per change of input, so that times are frame x dt exactly as with a
// schedule string (driver.hpp FrameRecord::time).
std::vector<mv::InputChange> schedule_from(const py::handle& inputs, std::size_t frames) {
    if (py::isinstance<py::str>(inputs)) {
        return mv::parse_input_schedule(inputs.cast<std::string>());
    }
    const auto a = to_matrix(inputs, static_cast<py::ssize_t>(frames), 2, "inputs");
    const auto v = a.unchecked<2>();
    std::vector<mv::InputChange> schedule;
    for (std::size_t i = 0; i < frames; ++i) {
        const Vec2 input{v(static_cast<py::ssize_t>(i), 0), v(static_cast<py::ssize_t>(i), 1)};
        if (schedule.empty() || !(input.x == schedule.back().input.x && input.y == schedule.back().input.y)) {
            schedule.push_back({i, input});
        }
    }
    if (schedule.empty()) {
        schedule.push_back({0, {}});  // zero frames: any valid schedule
    }
    mv::check_schedule(schedule);
    return schedule;
}

py::tuple simulate(const std::string& model_name, double dt, std::size_t frames, const py::handle& inputs,
                   const py::handle& start_velocity, const py::handle& start_position,
                   const py::dict& settings) {
    const mv::AnyModel model = model_from(model_name, settings);
    const std::vector<mv::InputChange> schedule = schedule_from(inputs, frames);
    mv::PlanarState start;
    start.velocity = to_vec2(start_velocity, "start_velocity");
    start.position = to_vec2(start_position, "start_position");
    std::vector<mv::FrameRecord> records;
    {
        py::gil_scoped_release release;
        mv::simulate(model, start, schedule, dt, frames, records);
    }
    const auto n = static_cast<py::ssize_t>(records.size());
    py::array_t<double> time(n);
    py::array_t<double> position({n, py::ssize_t{2}});
    py::array_t<double> velocity({n, py::ssize_t{2}});
    py::array_t<double> speed(n);
    auto t = time.mutable_unchecked<1>();
    auto p = position.mutable_unchecked<2>();
    auto v = velocity.mutable_unchecked<2>();
    auto s = speed.mutable_unchecked<1>();
    for (py::ssize_t i = 0; i < n; ++i) {
        const mv::FrameRecord& r = records[static_cast<std::size_t>(i)];
        t(i) = r.time;
        p(i, 0) = r.position.x;
        p(i, 1) = r.position.y;
        v(i, 0) = r.velocity.x;
        v(i, 1) = r.velocity.y;
        s(i) = r.speed;
    }
    return py::make_tuple(time, position, velocity, speed);
}

py::tuple step(const std::string& model_name, const py::handle& position, const py::handle& velocity,
               const py::handle& input, double dt, const py::dict& settings) {
    const mv::AnyModel model = model_from(model_name, settings);
    const mv::PlanarState state{to_vec2(position, "position"), to_vec2(velocity, "velocity")};
    // NaN inputs go to the model, whose check names "input" (check_step_arguments).
    const py::tuple in = py::tuple(py::module_::import("builtins").attr("tuple")(input));
    if (in.size() != 2) {
        throw py::value_error("input: expected 2 numbers");
    }
    const mv::PlanarState next = mv::step(model, state, {in[0].cast<double>(), in[1].cast<double>()}, dt);
    return py::make_tuple(py::make_tuple(next.position.x, next.position.y),
                          py::make_tuple(next.velocity.x, next.velocity.y));
}

}  // namespace

void register_movement(py::module_& m) {
    py::list names;
    for (const auto& info : mv::models) {
        names.append(std::string(info.name));
    }
    m.attr("MODELS") = py::tuple(names);
    m.def(
        "settings_fields",
        [](const std::string& model) {
            return describe_fields(mv::settings_description(mv::make_model(model)));
        },
        py::arg("model"),
        "The model's settings registry: one dict per field (name, unit, range, default, doc).");
    m.def(
        "settings_help",
        [](const std::string& model) {
            return settings_help(mv::settings_description(mv::make_model(model)));
        },
        py::arg("model"),
        "The model's settings, one help line per field, as `kinema simulate --help` prints them.");
    m.def(
        "length_unit",
        [](const std::string& model) { return std::string(mv::length_unit(mv::make_model(model))); },
        py::arg("model"),
        "The model's length unit: \"u\" (Dishonored), \"px\" (CrossCode), \"cm\" (Unreal).");
    m.attr("MAX_FRAMES") = py::int_(mv::max_simulation_frames);
    m.def("simulate", &simulate, py::arg("model"), py::arg("dt"), py::arg("frames"), py::arg("inputs"),
          py::arg("start_velocity"), py::arg("start_position"), py::arg("settings"),
          "Raw form of kinema.movement.simulate: returns (time, position, velocity, speed).");
    m.def("step", &step, py::arg("model"), py::arg("position"), py::arg("velocity"), py::arg("input"),
          py::arg("dt"), py::arg("settings"),
          "Raw form of kinema.movement.step: returns (position, velocity).");
}

}  // namespace kinema::python
