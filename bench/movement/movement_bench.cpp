// Steps per second of the three step models (items_per_second = frames stepped). The input cycles through a
// fixed table of directions with a release every 4th frame, so turning, accelerating and braking paths all
// run.
#include <array>
#include <cmath>
#include <numbers>

#include <benchmark/benchmark.h>

#include "kinema/movement/driver.hpp"
#include "kinema/movement/model.hpp"

namespace {

namespace mv = kinema::movement;
using kinema::Vec2;

constexpr std::size_t table_size = 256;

std::array<Vec2, table_size> make_inputs() {
    std::array<Vec2, table_size> inputs{};
    for (std::size_t i = 0; i < table_size; ++i) {
        const double angle = 2.0 * std::numbers::pi * static_cast<double>(i % 32) / 32.0;
        inputs[i] = i % 4 == 3 ? Vec2{} : Vec2{std::cos(angle), std::sin(angle)};
    }
    return inputs;
}

template <class Settings, bool Checked>
void bm_step(benchmark::State& state) {
    const Settings settings{};
    const auto inputs = make_inputs();
    const double dt = 1.0 / static_cast<double>(state.range(0));
    mv::PlanarState s;
    std::size_t i = 0;
    for (auto _ : state) {
        if constexpr (Checked) {
            s = mv::step(settings, s, inputs[i], dt);
        } else {
            s = mv::step_unchecked(settings, s, inputs[i], dt);
        }
        i = (i + 1) % table_size;
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void bm_driver(benchmark::State& state, const char* model_name) {
    const mv::AnyModel model = mv::make_model(model_name);
    const auto inputs = make_inputs();
    std::vector<mv::InputChange> schedule;
    for (std::size_t i = 0; i < table_size; ++i) {
        schedule.push_back({i * 16, inputs[i]});
    }
    constexpr std::size_t frames = 4096;
    std::vector<mv::FrameRecord> out;
    for (auto _ : state) {
        mv::simulate(model, {}, schedule, 1.0 / 60.0, frames, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * frames));
}

}  // namespace

BENCHMARK_TEMPLATE(bm_step, mv::DishonoredSettings, true)->Arg(60)->Arg(8);
BENCHMARK_TEMPLATE(bm_step, mv::DishonoredSettings, false)->Arg(60);
BENCHMARK_TEMPLATE(bm_step, mv::CrossCodeSettings, true)->Arg(60);
BENCHMARK_TEMPLATE(bm_step, mv::CrossCodeSettings, false)->Arg(60);
BENCHMARK_TEMPLATE(bm_step, mv::UnrealSettings, true)->Arg(60)->Arg(15);
BENCHMARK_TEMPLATE(bm_step, mv::UnrealSettings, false)->Arg(60);
BENCHMARK_CAPTURE(bm_driver, dishonored, "dishonored");
BENCHMARK_CAPTURE(bm_driver, crosscode, "crosscode");
BENCHMARK_CAPTURE(bm_driver, unreal, "unreal");

BENCHMARK_MAIN();
