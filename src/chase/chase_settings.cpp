#include "kinema/chase/chase_settings.hpp"

#include <array>

namespace kinema::chase {
namespace {

constexpr std::array kGridChaseParts{
    part<GridChaseSettings, FloodSettings, &GridChaseSettings::flood>(""),
    part<GridChaseSettings, GridSpaceSettings, &GridChaseSettings::grid>("grid."),
};
constexpr SettingsDescription kGridChaseDescription{"GridChaseSettings", {}, kGridChaseParts};

}  // namespace

FieldErrors GridChaseSettings::validate() const {
    FieldErrors errors = flood.validate();
    const FieldErrors more = grid.validate();
    errors.insert(errors.end(), more.begin(), more.end());
    return errors;
}

const SettingsDescription& describe_settings(std::type_identity<GridChaseSettings>) noexcept {
    return kGridChaseDescription;
}

}  // namespace kinema::chase
