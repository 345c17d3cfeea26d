// `kinema chase --map LEVEL.obj`: the chase on a 3D level (kinema::nav). cmd_chase.cpp parses the options and
// calls these when the map is an OBJ mesh; they exist only when kinema was built with kinema::nav.
#pragma once

#if defined(KINEMA_HAVE_NAV)

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kinema/chase/flood.hpp"
#include "kinema/nav/chase.hpp"

namespace kinema::cli {

struct MeshChaseInput {
    std::string map_path;
    Vec3 from;                ///< --from X,Y,Z
    Vec3 dir;                 ///< --dir DX,DY,DZ (only x and z count)
    std::optional<Vec3> npc;  ///< --npc X,Y,Z
    nav::NavSettings nav;
    chase::FloodSettings flood;
};

struct MeshChaseRun {
    nav::Level level;
    nav::ChaseResult result;
    std::vector<int> values;  ///< per cell: chase::untouched_value, chase::barrier_value or the heat 0..H
};

/// Loads the mesh, builds the level and runs the chase. Errors name the file ("FILE: ...") or the option
/// ("--from: ...", "--npc: ...") and are std::invalid_argument / UsageError / SettingsError.
MeshChaseRun run_mesh_chase(const MeshChaseInput& input);

/// The JSON document: the grid fields with positions as [x, y, z] (world units) and cells as their integer
/// coordinates [x, y, z] (column x, floor height in cell heights, column z), plus "path" and "path_length"
/// when there is an NPC.
nlohmann::json mesh_chase_json(const MeshChaseInput& input, const MeshChaseRun& run);

/// The human-readable summary (what `kinema chase` prints without --json).
std::string mesh_chase_text(const MeshChaseInput& input, const MeshChaseRun& run);

#if defined(KINEMA_HAVE_RENDER)
/// The top-down PNG (`--png`): per column, the highest cell the flood touched, else the highest cell; levels
/// shaded by height; heat, barrier, seed, centroid, destination, dead reckoning and the NPC's path.
std::string mesh_chase_png(const MeshChaseInput& input, const MeshChaseRun& run);
#endif

}  // namespace kinema::cli

#endif
