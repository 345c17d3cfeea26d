// The README's "library in a few lines", as a program built against the installed package: one Unreal step,
// the exact stop prediction, and the chase flood on kinema's built-in default level.
#include <cstdio>
#include <string>

#include <kinema/analysis/stop.hpp>
#include <kinema/chase/flood.hpp>
#include <kinema/chase/grid.hpp>
#include <kinema/levels/ascii_level.hpp>
#include <kinema/movement/unreal.hpp>

int main() {
    using namespace kinema;

    // Movement: plain settings (engine defaults), explicit state, a pure step. Units: cm, cm/s, s.
    const movement::UnrealSettings walk;
    movement::PlanarState s{.position = {}, .velocity = {600.0, 0.0}};
    s = movement::step(walk, s, /*input=*/{0.0, 0.0}, /*dt=*/1.0 / 60.0);
    std::printf("after one braking frame at 60 fps: %.4f cm/s\n", s.velocity.x);

    // Analysis: where does it stop at 60 fps? Exact for the CMC schedule, in closed form.
    const analysis::StopPrediction stop = analysis::unreal_stop(walk, 600.0, 1.0 / 60.0);
    std::printf("stop from 600 cm/s at 60 fps: %.2f cm in %lld frames\n", stop.distance,
                static_cast<long long>(stop.frames));

    // Chase: flood the default level from its marked seed; `flood` can be reused without allocating.
    const levels::GridLevel level = levels::default_level();
    const chase::GridSpace grid(level, {chase::Connectivity::eight, 1.0});
    chase::Flood flood;  // H 20, M_H 25, M_S 40
    flood.start(grid.cells(), grid.locate(level.seed->position), level.seed->direction);
    const chase::FloodResult r = flood.run();
    std::printf("chase: %d steps (%s), run to (%.1f, %.1f)\n", r.steps,
                std::string(to_string(r.stop_reason)).c_str(), r.destination.x, r.destination.y);
    return 0;
}
