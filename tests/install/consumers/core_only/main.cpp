// The core alone, linked from the installed package: Unreal's stop from 600 cm/s at 60 fps (engine defaults),
// 15.62 cm in 6 frames (unreal-cmc.md section 8, as examples/unreal_stop.cpp prints it).
#include <cstdio>

#include <kinema/movement/unreal.hpp>

int main() {
    const kinema::movement::UnrealSettings settings;
    kinema::movement::PlanarState state;
    state.velocity = {settings.max_walk_speed, 0.0};
    int frames = 0;
    while (state.velocity != kinema::Vec2{}) {
        state = kinema::movement::step(settings, state, {0.0, 0.0}, 1.0 / 60.0);
        ++frames;
    }
    std::printf("core: stops after %.2f cm in %d frames\n", state.position.x, frames);
    return 0;
}
