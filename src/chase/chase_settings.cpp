#include "kinema/chase/chase_settings.hpp"

#include <array>

namespace kinema::chase {
namespace {

constexpr std::array kGridChaseParts{
    part<GridChaseSettings, FloodSettings, &GridChaseSettings::flood>(""),
    part<GridChaseSettings, GridSpaceSettings, &GridChaseSettings::grid>("grid."),
};
constexpr SettingsDescription kGridChaseDescription{"GridChaseSettings", {}, kGridChaseParts};

constexpr std::array kLevelAuditParts{
    part<LevelAuditSettings, FloodSettings, &LevelAuditSettings::flood>(""),
    part<LevelAuditSettings, AuditSettings, &LevelAuditSettings::audit>(""),
};
// Named as the audit's own errors name their settings (audit.cpp).
constexpr SettingsDescription kLevelAuditDescription{"AuditSettings", {}, kLevelAuditParts};

void append(FieldErrors& errors, const FieldErrors& more) {
    errors.insert(errors.end(), more.begin(), more.end());
}

}  // namespace

FieldErrors GridChaseSettings::validate() const {
    FieldErrors errors = flood.validate();
    append(errors, grid.validate());
    return errors;
}

const SettingsDescription& describe_settings(std::type_identity<GridChaseSettings>) noexcept {
    return kGridChaseDescription;
}

FieldErrors LevelAuditSettings::validate() const {
    FieldErrors errors = flood.validate();
    append(errors, audit.validate());
    return errors;
}

const SettingsDescription& describe_settings(std::type_identity<LevelAuditSettings>) noexcept {
    return kLevelAuditDescription;
}

}  // namespace kinema::chase
