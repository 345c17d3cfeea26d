// The heat ramp and the cell colours (kinema/render/palette.hpp).
#include "kinema/render/palette.hpp"

#include <algorithm>
#include <cmath>

namespace kinema::render {
namespace {

std::uint8_t mix(std::uint8_t a, std::uint8_t b, double t) {
    return static_cast<std::uint8_t>(std::lround(a + (b - a) * t));
}

}  // namespace

Rgb heat_colour(std::int32_t value, std::int32_t hot_value) {
    using palette::heat_ramp;
    hot_value = std::max(hot_value, 1);
    if (value <= 0) {
        return palette::cooled;
    }
    value = std::min(value, hot_value);
    const double t = hot_value == 1 ? 1.0 : static_cast<double>(value - 1) / (hot_value - 1);
    const double pos = t * (heat_ramp.size() - 1);
    const std::size_t i = std::min(static_cast<std::size_t>(pos), heat_ramp.size() - 2);
    const double u = pos - static_cast<double>(i);
    return {mix(heat_ramp[i].r, heat_ramp[i + 1].r, u), mix(heat_ramp[i].g, heat_ramp[i + 1].g, u),
            mix(heat_ramp[i].b, heat_ramp[i + 1].b, u)};
}

Rgb tile_colour(std::int32_t value, std::int32_t hot_value) {
    switch (value) {
        case tile::wall:
            return palette::wall;
        case tile::untouched:
            return palette::floor;
        case tile::barrier:
            return palette::barrier;
        default:
            return heat_colour(value, hot_value);
    }
}

Rgb floor_grey(double height, double lowest, double highest) {
    const double t = highest > lowest ? std::clamp((height - lowest) / (highest - lowest), 0.0, 1.0) : 1.0;
    const std::uint8_t grey = mix(80, 200, t);
    return {grey, grey, grey};
}

Rgb floor_shade(double height, double lowest, double highest) {
    const double t = highest > lowest ? std::clamp((height - lowest) / (highest - lowest), 0.0, 1.0) : 1.0;
    constexpr Rgb low{214, 205, 186};
    return {mix(low.r, palette::floor.r, t), mix(low.g, palette::floor.g, t),
            mix(low.b, palette::floor.b, t)};
}

Rgb series_colour(std::size_t k) {
    return palette::series[k % palette::series.size()];
}

}  // namespace kinema::render
