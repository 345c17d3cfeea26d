// Exact closed-form stop prediction vs stepping the Unreal model to a stop (issue 4 performance targets:
// >= 5x at 240 fps and >= 20x at 1000 fps from 600 cm/s with defaults; closed-form cost flat across frame
// rates). scripts/bench-ratios.sh runs this once and prints the ratios.
#include <benchmark/benchmark.h>

#include "kinema/analysis/stop.hpp"
#include "kinema/movement/unreal.hpp"

namespace {

using kinema::movement::UnrealSettings;

void BM_ExactStop(benchmark::State& state) {
    const UnrealSettings settings;
    const double dt = 1.0 / static_cast<double>(state.range(0));
    double speed = 600.0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(speed);
        const kinema::analysis::StopPrediction p = kinema::analysis::unreal_stop(settings, speed, dt);
        benchmark::DoNotOptimize(p);
    }
}
BENCHMARK(BM_ExactStop)->Arg(30)->Arg(60)->Arg(240)->Arg(1000);

void BM_SteppedStop(benchmark::State& state) {
    const UnrealSettings settings;
    const double dt = 1.0 / static_cast<double>(state.range(0));
    double speed = 600.0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(speed);
        // What a caller without the closed form does: step the model with zero input until it stands still.
        kinema::movement::PlanarState s{{0.0, 0.0}, {speed, 0.0}};
        while (s.velocity.x != 0.0 || s.velocity.y != 0.0) {
            s = kinema::movement::step_unchecked(settings, s, {0.0, 0.0}, dt);
        }
        benchmark::DoNotOptimize(s);
    }
}
BENCHMARK(BM_SteppedStop)->Arg(30)->Arg(60)->Arg(240)->Arg(1000);

}  // namespace

BENCHMARK_MAIN();
