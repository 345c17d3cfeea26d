#include "kinema/movement/model.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace kinema::movement {
namespace {

// The rows of `models` must follow AnyModel's alternatives: row i makes alternative i.
template <std::size_t... I>
constexpr bool rows_follow_variant(std::index_sequence<I...>) {
    return (
        (models[I].settings == &kinema::settings_description<std::variant_alternative_t<I, AnyModel>>)&&...);
}
static_assert(rows_follow_variant(std::make_index_sequence<models.size()>{}),
              "the rows of movement::models must follow AnyModel's alternatives");

}  // namespace

void* settings_pointer(AnyModel& model) noexcept {
    return std::visit([](auto& settings) -> void* { return &settings; }, model);
}

const void* settings_pointer(const AnyModel& model) noexcept {
    return std::visit([](const auto& settings) -> const void* { return &settings; }, model);
}

AnyModel make_model(std::string_view name) {
    for (const ModelInfo& info : models) {
        if (info.name == name) {
            return info.make();
        }
    }
    std::string valid;
    for (const ModelInfo& info : models) {
        valid += valid.empty() ? "" : ", ";
        valid += info.name;
    }
    throw std::invalid_argument("unknown model '" + std::string(name) + "'; valid models: " + valid);
}

const ModelInfo& model_info(const AnyModel& model) noexcept {
    return models[model.index()];
}

std::string_view model_name(const AnyModel& model) noexcept {
    return model_info(model).name;
}

std::string_view length_unit(const AnyModel& model) noexcept {
    return model_info(model).length_unit;
}

FieldErrors validate(const AnyModel& model) {
    return std::visit([](const auto& settings) { return settings.validate(); }, model);
}

void throw_if_invalid(const AnyModel& model) {
    kinema::throw_if_invalid(settings_description(model).name, validate(model));
}

PlanarState step(const AnyModel& model, const PlanarState& state, Vec2 input, double dt) {
    return std::visit([&](const auto& settings) { return step(settings, state, input, dt); }, model);
}

PlanarState step_unchecked(const AnyModel& model, const PlanarState& state, Vec2 input, double dt) noexcept {
    return std::visit([&](const auto& settings) { return step_unchecked(settings, state, input, dt); },
                      model);
}

double top_speed(const AnyModel& model) noexcept {
    struct TopSpeed {
        double operator()(const DishonoredSettings& s) const noexcept { return s.max_speed(); }
        double operator()(const CrossCodeSettings& s) const noexcept { return s.max_vel; }
        double operator()(const UnrealSettings& s) const noexcept {
            return std::max(s.max_walk_speed, s.min_analog_walk_speed);
        }
    };
    return std::visit(TopSpeed{}, model);
}

double longest_stable_dt(const AnyModel& model) noexcept {
    constexpr double unbounded = std::numeric_limits<double>::infinity();
    // Coasting multiplies the velocity (Dishonored; CrossCode: the part across the input) by 1 - k dt, which
    // stays within [-1, 1] up to k dt = 2.
    const auto bound = [](double k) { return k > 0.0 ? 2.0 / k : unbounded; };
    struct Longest {
        decltype(bound) limit;
        double operator()(const DishonoredSettings& s) const noexcept { return limit(s.friction); }
        double operator()(const CrossCodeSettings& s) const noexcept {
            return limit(12.0 * s.active_friction());
        }
        double operator()(const UnrealSettings&) const noexcept { return unbounded; }
    };
    return std::visit(Longest{bound}, model);
}

std::string models_settings_help() {
    std::string out;
    for (const ModelInfo& info : models) {
        out.append("  ").append(info.name).append(" (").append(info.length_unit).append("):\n");
        out += settings_help(info.settings(), "    ");
    }
    return out;
}

const SettingsDescription& settings_description(const AnyModel& model) noexcept {
    return model_info(model).settings();
}

void set_field(AnyModel& model, std::string_view name, double value) {
    kinema::set_field(settings_description(model), settings_pointer(model), name, value);
}

void set_field_text(AnyModel& model, std::string_view name, std::string_view text) {
    kinema::set_field_text(settings_description(model), settings_pointer(model), name, text);
}

double get_field(const AnyModel& model, std::string_view name) {
    return kinema::get_field(settings_description(model), settings_pointer(model), name);
}

std::string settings_json(const AnyModel& model) {
    return kinema::settings_json(settings_description(model), settings_pointer(model));
}

}  // namespace kinema::movement
