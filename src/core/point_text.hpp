// Points written in messages and summaries, one spelling for every face (the CLI's summaries, the pursuit's
// scenario checks): "(x, y)" or "(x, y, z)", every coordinate through format_number (kinema/core/format.hpp).
#pragma once

#include <string>
#include <string_view>

#include "kinema/core/planar_frame.hpp"
#include "kinema/core/vec.hpp"

namespace kinema {

/// "(x, y)" with `separator` between the coordinates ("," where a message echoes what the user typed).
[[nodiscard]] std::string point_text(Vec2 p, std::string_view separator = ", ");
/// "(x, y, z)" with `separator` between the coordinates.
[[nodiscard]] std::string point_text(Vec3 p, std::string_view separator = ", ");
/// A point as its frame shows it (PlanarFrame::shown): "(x, y)" on xy frames, "(x, y, z)" on xz frames.
[[nodiscard]] std::string point_text(const ShownPoint& p, std::string_view separator = ", ");

}  // namespace kinema
