#include "kinema/formats/designer_formats.hpp"

#include <mutex>

#include "kinema/formats/image_level.hpp"
#include "kinema/formats/ldtk.hpp"
#include "kinema/levels/level_formats.hpp"
#include "tiled_formats.hpp"

namespace kinema::formats {

void register_designer_formats() {
    static std::once_flag once;
    std::call_once(once, [] {
        // Each format adds itself here, in the order readable_extensions() lists them.
        levels::register_level_format(detail::tiled_xml_format());
        levels::register_level_format(detail::tiled_json_format());
        levels::register_level_format({.name = "LDtk project",
                                       .extensions = {".ldtk"},
                                       .parse = &parse_ldtk,
                                       .check_start = &check_ldtk_start});
        levels::register_level_format({.name = "image",
                                       .extensions = {".png", ".bmp"},
                                       .parse = &parse_image_level,
                                       .check_start = &check_image_start});
    });
}

}  // namespace kinema::formats
