// The settings of one chase on a grid level as one description built from its parts' (SettingsPart,
// kinema/core/settings_registry.hpp): the flood's fields by their bare names and the grid's under "grid."
// (the navmesh has a cell_size of its own). Every face sets a field by name and the registry finds the struct
// that owns it: nav::ChaseSettings adds the navmesh's part to it (`kinema chase`), the Python module takes it
// as keyword arguments (docs/python.md). A level audit's settings are described the same way.
#pragma once

#include <type_traits>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/flood_settings.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::chase {

struct GridChaseSettings {
    FloodSettings flood;
    GridSpaceSettings grid;
    /// Each part's validate(), field names without the parts' prefixes.
    [[nodiscard]] FieldErrors validate() const;
};
/// The registry of GridChaseSettings: hot, max_heated, max_steps, max_restarts, destination,
/// grid.connectivity, grid.cell_size.
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<GridChaseSettings>) noexcept;

/// The settings of a level audit (chase::audit takes both): the flood's and the audit's own, every field by
/// its bare name.
struct LevelAuditSettings {
    FloodSettings flood;
    AuditSettings audit;
    /// Each part's validate(), the flood's errors first.
    [[nodiscard]] FieldErrors validate() const;
};
/// The registry of LevelAuditSettings: FloodSettings' fields and AuditSettings'.
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<LevelAuditSettings>) noexcept;

}  // namespace kinema::chase
