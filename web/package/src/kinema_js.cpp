// The npm package's few entry points beside the C ABI (include/kinema/kinema.h), which the package calls
// directly for everything else, reading and writing the structs in WebAssembly memory at the offsets
// scripts/bindings.py computed from the header (kinema_abi.g.js). They exist because a C struct passed or
// returned by value has no portable shape in JavaScript: these take and give those through pointers, and a
// level file's text stands in for a file the browser does not have. Each forwards to the C ABI or to the code
// kinema_space_load runs, so the package computes exactly what the C ABI and the CLI do.
#include <emscripten/emscripten.h>

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "guard.hpp"
#include "handles.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/formats/designer_formats.hpp"
#include "kinema/kinema.h"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_formats.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/level_files.hpp"
#include "kinema_layout.g.h"
#include "space_files.hpp"

namespace {

// The designers' formats (Tiled, LDtk, PNG/BMP masks; docs/web.md "Level formats") join levels' registry
// when the module starts, before any level text is read, as the CLI adds them at its start.
[[maybe_unused]] const bool designer_formats_registered = [] {
    kinema::formats::register_designer_formats();
    return true;
}();

/// The 3D level of a level file's bytes named `name` (an .obj mesh, or a .nav navmesh), as kinema_space_load
/// builds the file (nav::level_3d_from_content, with kinema::nav's default settings).
std::unique_ptr<kinema::c_abi::SpaceHolder> level_3d_holder(std::string_view bytes, const std::string& name) {
    return kinema::c_abi::nav_holder(
        kinema::nav::level_3d_from_content(bytes, name, kinema::nav::NavSettings{}));
}

}  // namespace

using namespace kinema::c_abi;

extern "C" {

/// *out = kinema_flood_settings_default().
EMSCRIPTEN_KEEPALIVE void kinema_js_flood_settings_default(kinema_flood_settings* out) {
    *out = kinema_flood_settings_default();
}

/// *out = kinema_nav_settings_default().
EMSCRIPTEN_KEEPALIVE void kinema_js_nav_settings_default(kinema_nav_settings* out) {
    *out = kinema_nav_settings_default();
}

/// *out = kinema_pursuer_settings_default().
EMSCRIPTEN_KEEPALIVE void kinema_js_pursuer_settings_default(kinema_pursuer_settings* out) {
    *out = kinema_pursuer_settings_default();
}

/// kinema_flood_start with the position and direction through pointers.
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_flood_start(kinema_flood* flood, const kinema_space* space,
                                                         const kinema_vec3* position,
                                                         const kinema_vec3* direction) {
    return kinema_flood_start(flood, space, *position, *direction);
}

/// kinema_dead_reckoning with the position and direction through pointers.
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_dead_reckoning(const kinema_space* space,
                                                            const kinema_vec3* position,
                                                            const kinema_vec3* direction, double distance,
                                                            kinema_dead_reckoning_result* out) {
    return kinema_dead_reckoning(space, *position, *direction, distance, out);
}

/// kinema_pursuer_stimulus with the noise's position through a pointer.
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_pursuer_stimulus(kinema_pursuer* pursuer,
                                                              const kinema_vec3* position, double delay,
                                                              kinema_pursuer_output* out) {
    return kinema_pursuer_stimulus(pursuer, *position, delay, out);
}

/// A level from a level file's bytes (`length` of them at `text`: text or binary, such as a PNG), read as
/// kinema_space_load reads the file `name`: the loader chosen by name's extension through levels' registry
/// (.map Moving AI, .txt kinema ASCII, .tmx/.tmj Tiled, .ldtk LDtk, .png/.bmp masks, .obj a triangle mesh,
/// .nav a navmesh; the loaders' messages name it and the line), grids with connectivity 4 or 8 (a 3D level
/// takes 8, which changes nothing there). Files a level refers to (a Tiled map's external tilesets) cannot be
/// found: there is no file beside it. The space's chase JSON names `name` as its map.
EMSCRIPTEN_KEEPALIVE kinema_status kinema_js_space_from_level_text(const char* text, int length,
                                                                   const char* name, int connectivity,
                                                                   kinema_space** out) {
    if (text == nullptr || name == nullptr || out == nullptr || length < 0) {
        return fail(KINEMA_ERROR_ARGUMENT,
                    "kinema_js_space_from_level_text: a NULL argument or a negative length");
    }
    if (connectivity != 4 && connectivity != 8) {
        return fail(KINEMA_ERROR_ARGUMENT,
                    "kinema_js_space_from_level_text: connectivity must be 4 or 8, got " +
                        std::to_string(connectivity));
    }
    return guarded(KINEMA_ERROR_INPUT, [&] {
        const std::string_view bytes(text, static_cast<std::size_t>(length));
        auto space = std::make_unique<kinema_space>();
        space->name = name;
        if (kinema::levels::is_3d_level_file(name)) {
            if (connectivity != 8) {
                throw std::invalid_argument(std::string(name) +
                                            ": connectivity: not available for 3D levels (grids only)");
            }
            space->holder = level_3d_holder(bytes, name);
        } else {
            kinema::chase::GridSpaceSettings settings;
            settings.connectivity =
                connectivity == 4 ? kinema::chase::Connectivity::four : kinema::chase::Connectivity::eight;
            space->holder = grid_holder(kinema::levels::parse_level(bytes, name), settings);
        }
        *out = make_live(std::move(space), HandleKind::space);  // a live handle, as kinema_space_load's
    });
}

}  // extern "C"
