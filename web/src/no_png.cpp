// The browser build has no cairo: render's PNG backend is left out and these stand in for it, so the scene
// builders (flood_picture.cpp also defines flood_png) link. The page draws scene JSON on a canvas instead.
#include <stdexcept>

#include "kinema/render/scene.hpp"

namespace kinema::render {

RgbImage scene_image(const Scene&, int) {
    throw std::runtime_error("PNG output is not available in the WebAssembly build (no cairo)");
}

std::string scene_png(const Scene&, int) {
    throw std::runtime_error("PNG output is not available in the WebAssembly build (no cairo)");
}

}  // namespace kinema::render
