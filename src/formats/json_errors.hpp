// nlohmann-json's error messages as the JSON loaders (Tiled's .tmj, LDtk) quote them.
#pragma once

#include <string>
#include <string_view>

namespace kinema::formats::detail {

/// An nlohmann-json exception's what() without its "[json.exception.parse_error.101] " tag.
inline std::string without_json_tag(std::string_view what) {
    const std::size_t tag_end = what.find("] ");
    return std::string(tag_end == std::string_view::npos ? what : what.substr(tag_end + 2));
}

}  // namespace kinema::formats::detail
