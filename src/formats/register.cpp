#include "kinema/formats/designer_formats.hpp"

#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "kinema/formats/image_level.hpp"
#include "kinema/formats/ldtk.hpp"
#include "kinema/levels/level_formats.hpp"
#include "tiled_formats.hpp"
#if KINEMA_FORMATS_HAVE_ASSIMP
#include "assimp_scene.hpp"
#endif

namespace kinema::formats {
namespace {

#if KINEMA_FORMATS_HAVE_ASSIMP
/// The 3D scene formats Assimp reads for kinema (docs/levels.md, "3D scenes"): one registry entry each, so
/// that messages name the format ("a 3D level (FBX scene), not a grid level").
void register_assimp_formats() {
    const std::vector<std::pair<std::string, std::vector<std::string>>> scenes = {
        {"glTF 2.0 scene", {".gltf", ".glb"}},
        {"FBX scene", {".fbx"}},
        {"COLLADA scene", {".dae"}},
        {"PLY mesh", {".ply"}},
        {"STL mesh", {".stl"}},
        {"3DS scene", {".3ds"}}};
    for (const auto& [name, extensions] : scenes) {
        levels::LevelFormat format;
        format.name = name;
        format.extensions = extensions;
        format.shape = levels::LevelShape::triangle_mesh;
        format.load_mesh = detail::load_scene_mesh;
        levels::register_level_format(std::move(format));
    }
}
#endif

}  // namespace

void register_designer_formats() {
    static std::once_flag once;
    std::call_once(once, [] {
        // Each format adds itself here, in the order readable_extensions() lists them.
        levels::register_level_format(detail::tiled_xml_format());
        levels::register_level_format(detail::tiled_json_format());
        levels::register_level_format({.name = "LDtk project",
                                       .extensions = {".ldtk"},
                                       .parse = &parse_ldtk,
                                       .check_start = &check_ldtk_start,
                                       .reads_level_option = true,    // a level's identifier
                                       .reads_walls_option = true});  // an IntGrid value's identifier
        levels::register_level_format({.name = "image",
                                       .extensions = {".png", ".bmp"},
                                       .parse = &parse_image_level,
                                       .check_start = &check_image_start,
                                       .reads_walls_option = true});  // a colour #rrggbb
#if KINEMA_FORMATS_HAVE_ASSIMP
        register_assimp_formats();
#endif
    });
}

}  // namespace kinema::formats
