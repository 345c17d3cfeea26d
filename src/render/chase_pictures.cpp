#include "kinema/render/chase_pictures.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>

#include "kinema/core/format.hpp"
#include "kinema/render/chase_scene.hpp"

namespace kinema::render {

namespace {

std::string step_file_name(int step) {
    char name[32];
    std::snprintf(name, sizeof name, "step-%03d.png", step);
    return name;
}

}  // namespace

AnimationPlan plan_chase_animation(const chase::GridChaseSpace& space, chase::Flood& flood,
                                   chase::ChaseQuery query) {
    query.destinations.reset();
    chase::start_chase(space, flood, query);
    flood.advance(std::numeric_limits<int>::max());
    AnimationPlan plan;
    plan.flood_steps = flood.steps();
    plan.touched = flood.heated_cells().size() + flood.barrier_cells().size();
    plan.shown = animation_steps(plan.flood_steps);
    return plan;
}

std::string AnimationPlan::refusal() const {
    return "the flood touches " + std::to_string(touched) + " tiles in " + std::to_string(flood_steps) +
           " steps: " + std::to_string(shown.size()) + " frames of them are " + format_number(tile_frames()) +
           " tile-frames, more than the " + std::to_string(max_animation_tile_frames) +
           " an animation may draw (render::max_animation_tile_frames)";
}

chase::ChaseResult run_recorded_chase(const chase::GridChaseSpace& space, chase::Flood& flood,
                                      const chase::ChaseQuery& query, const std::vector<int>& shown,
                                      FloodRecording& frames) {
    FloodRecorder recorder(space.grid());
    chase::FloodObserver observer;
    if (!shown.empty()) {
        observer = [&](const chase::Flood& f) {
            if (std::binary_search(shown.begin(), shown.end(), f.steps())) {
                recorder.record(f);
            }
        };
    }
    chase::ChaseResult result = chase::run_chase(space, flood, query, observer);
    frames = recorder.take();
    return result;
}

ChasePictures grid_chase_pictures(const chase::GridSpace& grid, const chase::Flood& flood,
                                  const chase::ChaseResult& result, const std::string& title,
                                  const FloodRecording& recording, const ChasePictureRequest& wanted) {
    ChasePictures out;
    if (!wanted.png && !wanted.svg && !wanted.animated_svg && !wanted.png_frames) {
        return out;
    }
    const FloodScene scene = flood_scene(grid, flood, result, title);
    const PictureSettings picture;
    out.png = wanted.png ? flood_png(scene, picture) : std::string();
    out.svg = wanted.svg ? flood_svg(scene, picture) : std::string();
    out.animated_svg =
        wanted.animated_svg ? recorded_flood_animated_svg(scene, recording, picture) : std::string();
    if (wanted.png_frames) {
        std::vector<std::string> pngs = recorded_flood_png_frames(scene, recording, picture);
        for (std::size_t i = 0; i < pngs.size(); ++i) {
            out.png_frames.emplace_back(step_file_name(recording.frames()[i].step), std::move(pngs[i]));
        }
    }
    return out;
}

}  // namespace kinema::render
