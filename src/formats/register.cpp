#include "kinema/formats/designer_formats.hpp"

#include <mutex>

#include "kinema/levels/level_formats.hpp"
#include "tiled_formats.hpp"

namespace kinema::formats {

void register_designer_formats() {
    static std::once_flag once;
    std::call_once(once, [] {
        // Each format adds itself here, in the order readable_extensions() lists them.
        levels::register_level_format(detail::tiled_xml_format());
        levels::register_level_format(detail::tiled_json_format());
    });
}

}  // namespace kinema::formats
