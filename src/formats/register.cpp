#include "kinema/formats/designer_formats.hpp"

#include <mutex>

#include "kinema/levels/level_formats.hpp"

namespace kinema::formats {

void register_designer_formats() {
    static std::once_flag once;
    std::call_once(once, [] {
        // Each format adds itself here, in the order readable_extensions() lists them.
    });
}

}  // namespace kinema::formats
