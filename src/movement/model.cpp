#include "kinema/movement/model.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

namespace kinema::movement {
namespace {

template <class S>
constexpr std::string_view settings_name() {
    if constexpr (std::is_same_v<S, DishonoredSettings>) {
        return "DishonoredSettings";
    } else if constexpr (std::is_same_v<S, CrossCodeSettings>) {
        return "CrossCodeSettings";
    } else {
        return "UnrealSettings";
    }
}

}  // namespace

AnyModel make_model(std::string_view name) {
    if (name == model_names[0]) {
        return DishonoredSettings{};
    }
    if (name == model_names[1]) {
        return CrossCodeSettings{};
    }
    if (name == model_names[2]) {
        return UnrealSettings{};
    }
    std::string valid;
    for (const std::string_view known : model_names) {
        valid += valid.empty() ? "" : ", ";
        valid += known;
    }
    throw std::invalid_argument("unknown model '" + std::string(name) + "'; valid models: " + valid);
}

std::string_view model_name(const AnyModel& model) noexcept {
    return model_names[model.index()];
}

std::string_view length_unit(const AnyModel& model) noexcept {
    constexpr std::array<std::string_view, 3> units{"u", "px", "cm"};
    return units[model.index()];
}

FieldErrors validate(const AnyModel& model) {
    return std::visit([](const auto& settings) { return settings.validate(); }, model);
}

void throw_if_invalid(const AnyModel& model) {
    std::visit(
        [](const auto& settings) {
            kinema::throw_if_invalid(settings_name<std::decay_t<decltype(settings)>>(), settings.validate());
        },
        model);
}

PlanarState step(const AnyModel& model, const PlanarState& state, Vec2 input, double dt) {
    return std::visit([&](const auto& settings) { return step(settings, state, input, dt); }, model);
}

PlanarState step_unchecked(const AnyModel& model, const PlanarState& state, Vec2 input, double dt) noexcept {
    return std::visit([&](const auto& settings) { return step_unchecked(settings, state, input, dt); },
                      model);
}

std::span<const SettingField> setting_fields(const AnyModel& model) noexcept {
    return std::visit([](const auto& settings) { return setting_fields<std::decay_t<decltype(settings)>>(); },
                      model);
}

void set_field(AnyModel& model, std::string_view name, double value) {
    std::visit([&](auto& settings) { set_field(settings, name, value); }, model);
}

double get_field(const AnyModel& model, std::string_view name) {
    return std::visit([&](const auto& settings) { return get_field(settings, name); }, model);
}

}  // namespace kinema::movement
