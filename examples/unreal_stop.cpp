// How far does an Unreal character walking at full speed slide after the player lets go of the stick?
// Steps kinema's Unreal CMC model (engine defaults) frame by frame until it stands still, at a few frame
// rates: the answer depends on the frame rate, exactly as in the engine.
#include <cstdio>

#include <kinema/movement/unreal.hpp>

int main() {
    const kinema::movement::UnrealSettings
        settings;  // UE 5.8 defaults: 600 cm/s, friction 8, braking 2048 cm/s^2
    std::printf("Unreal CMC, engine defaults, releasing the stick at %.0f cm/s\n", settings.max_walk_speed);
    for (const double fps : {30.0, 60.0, 144.0}) {
        kinema::movement::PlanarState state;
        state.velocity = {settings.max_walk_speed, 0.0};
        int frames = 0;
        while (state.velocity != kinema::Vec2{}) {
            state = kinema::movement::step(settings, state, {0.0, 0.0}, 1.0 / fps);
            ++frames;
        }
        std::printf("%5.0f fps: stops after %.2f cm in %d frames\n", fps, state.position.x, frames);
    }
    return 0;
}
