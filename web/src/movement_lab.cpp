// MovementLab: one movement model stepped at a fixed frame time with kinema's own step (movement/model.hpp),
// and where it stops when the input is released: the exact prediction (analysis/stop.hpp for Unreal's CMC,
// the model stepped with zero input for the others, analysis/sweep.hpp) and Epic's estimate
// (PredictGroundMovementStopLocation) for Unreal; for Dishonored, the largest full-speed turn per frame
// (analysis/turn.hpp). docs/web.md, "The JS API".
#include "movement_lab.hpp"

#include <emscripten/bind.h>

#include <cmath>
#include <string>

#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/core/format.hpp"
#include "kinema/movement/model.hpp"
#include "web_json.hpp"

namespace kinema::web {

namespace {

std::string pair_json(Vec2 v) {
    return "[" + format_number(v.x) + "," + format_number(v.y) + "]";
}

}  // namespace

class MovementLab {
  public:
    /// Selects a model by name (movement::models: dishonored, crosscode, unreal) with default settings and
    /// puts the character at rest at the origin. Returns the error, or "".
    std::string set_model(const std::string& name) {
        try {
            model_ = movement::make_model(name);
            reset();
            return {};
        } catch (const std::exception& e) {
            return e.what();
        }
    }
    std::string model() const { return std::string(movement::model_name(model_)); }
    std::string length_unit() const { return std::string(movement::length_unit(model_)); }
    /// The model table's names, comma-separated.
    static std::string model_names() {
        std::string out;
        for (const auto& name : movement::model_names) {
            out += (out.empty() ? "" : ",") + std::string(name);
        }
        return out;
    }

    /// A registered field of the model's settings from text; the whole settings are then validated.
    std::string set_setting(const std::string& field, const std::string& text) {
        movement::AnyModel next = model_;
        try {
            movement::set_field_text(next, field, text);
            movement::throw_if_invalid(next);
            model_ = next;
            return {};
        } catch (const SettingsError& e) {
            std::string out;
            for (const FieldError& f : e.errors()) {
                out += (out.empty() ? "" : "; ") + f.field + ": " + f.message;
            }
            return out.empty() ? e.what() : out;
        } catch (const std::exception& e) {
            return e.what();
        }
    }
    std::string fields() const {
        return std::visit([](const auto& s) { return fields_json(s); }, model_);
    }

    void reset() { state_ = {}; }
    /// One frame of `dt` seconds with input (ix, iy) (length at most 1; the model clamps longer ones).
    void step(double ix, double iy, double dt) { state_ = movement::step(model_, state_, {ix, iy}, dt); }
    double x() const { return state_.position.x; }
    double y() const { return state_.position.y; }
    double vx() const { return state_.velocity.x; }
    double vy() const { return state_.velocity.y; }

    /// Where the character stops if the input is released now and frames keep lasting `dt`:
    /// {"stops", "distance", "frames", "time" (null when it never stops), "exact": [x, y], "epic": [x, y] or
    /// null}, positions in the model's length unit; "stops": false means the speed only tends to zero and
    /// "exact" is the limit point. "exact" is analysis's exact stop (unreal_stop for the CMC, the model
    /// stepped with zero input otherwise); "epic" is PredictGroundMovementStopLocation (Unreal only).
    std::string stop_json(double dt) const {
        const Vec2 v = state_.velocity;
        const double speed = std::hypot(v.x, v.y);
        analysis::StopPrediction p;
        std::string epic = "null";
        if (const auto* unreal = std::get_if<movement::UnrealSettings>(&model_)) {
            p = analysis::unreal_stop(*unreal, v, dt);
            epic = pair_json(state_.position + analysis::epic_stop_location(v, *unreal));
        } else {
            // Without a snap to zero, Dishonored's and CrossCode's braking only approaches its limit point;
            // 1e5 frames reach it to double precision at every rate the page offers (5..1000 fps) in a
            // tenth of the default cap's time (stops is then false and the point is the limit).
            analysis::GenericStopSettings limits;
            limits.max_frames = 100'000;
            p = analysis::predict_stop_by_stepping(model_, v, dt, limits);
        }
        const Vec2 dir = speed > 0.0 ? v / speed : Vec2{};
        const Vec2 exact = state_.position + dir * p.distance;
        return "{\"stops\":" + std::string(p.stops ? "true" : "false") +
               ",\"distance\":" + format_number(p.distance) + ",\"frames\":" + std::to_string(p.frames) +
               ",\"time\":" + (std::isfinite(p.time) ? format_number(p.time) : std::string("null")) +
               ",\"exact\":" + pair_json(exact) + ",\"epic\":" + epic + "}";
    }

    /// Dishonored only: the largest turn per frame (radians) after which the speed is still MaxSpeed, at
    /// frame time dt (analysis::max_full_speed_turn with the model's speed_scale and friction); NaN for the
    /// other models.
    double max_full_speed_turn(double dt) const {
        const auto* d = std::get_if<movement::DishonoredSettings>(&model_);
        if (d == nullptr) {
            return std::nan("");
        }
        analysis::TurnSettings t;
        static_cast<movement::DishonoredSettings&>(t) = *d;
        return analysis::max_full_speed_turn(dt, t);
    }

  private:
    movement::AnyModel model_ = movement::make_model("dishonored");
    movement::PlanarState state_;
};

void bind_movement() {
    using namespace emscripten;
    class_<MovementLab>("MovementLab")
        .constructor<>()
        .function("setModel", &MovementLab::set_model)
        .function("model", &MovementLab::model)
        .function("lengthUnit", &MovementLab::length_unit)
        .class_function("modelNames", &MovementLab::model_names)
        .function("setSetting", &MovementLab::set_setting)
        .function("fields", &MovementLab::fields)
        .function("reset", &MovementLab::reset)
        .function("step", &MovementLab::step)
        .function("x", &MovementLab::x)
        .function("y", &MovementLab::y)
        .function("vx", &MovementLab::vx)
        .function("vy", &MovementLab::vy)
        .function("stopJson", &MovementLab::stop_json)
        .function("maxFullSpeedTurn", &MovementLab::max_full_speed_turn);
}

}  // namespace kinema::web
