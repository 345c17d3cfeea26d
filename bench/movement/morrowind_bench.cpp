// Evaluations per second of the Morrowind model (kinema::movement::MorrowindModel): one target speed, one
// speed plus animation, one jump take-off, one fall. Inputs vary over a small table so that nothing is
// constant-folded; items_processed makes Google Benchmark print evaluations per second.
#include <array>
#include <cstddef>

#include <benchmark/benchmark.h>

#include "kinema/movement/morrowind.hpp"

namespace {

using namespace kinema::movement;

constexpr std::size_t kActors = 64;

std::array<MorrowindActor, kActors> make_actors() {
    std::array<MorrowindActor, kActors> actors{};
    for (std::size_t i = 0; i < kActors; ++i) {
        MorrowindActor& a = actors[i];
        a.speed = static_cast<double>(i * 3 % 150);
        a.athletics = static_cast<double>(i * 7 % 120);
        a.acrobatics = static_cast<double>(i * 11 % 130);
        a.normalized_encumbrance = static_cast<double>(i % 12) / 10.0;  // some over-encumbered
        a.fatigue_ratio = static_cast<double>(i % 5) / 4.0;
        a.levitate = i % 9 == 0 ? 20.0 : 0.0;
    }
    return actors;
}

std::array<MorrowindStance, 4> make_stances() {
    std::array<MorrowindStance, 4> s{};
    s[1].run = true;
    s[2].sneak = true;
    s[3].run = true;
    s[3].swimming = true;
    s[3].input = {1.0, 0.0};
    return s;
}

void BM_MorrowindSpeed(benchmark::State& state) {
    const MorrowindModel model;
    const auto actors = make_actors();
    const auto stances = make_stances();
    std::size_t i = 0;
    for (auto _ : state) {
        const MorrowindSpeed s = model.speed(actors[i % kActors], stances[i % stances.size()]);
        benchmark::DoNotOptimize(s);
        ++i;
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_MorrowindSpeed);

void BM_MorrowindSpeedAndAnimation(benchmark::State& state) {
    const MorrowindModel model;
    const auto actors = make_actors();
    const auto stances = make_stances();
    std::size_t i = 0;
    for (auto _ : state) {
        const MorrowindActor& a = actors[i % kActors];
        const MorrowindAnimation an = model.animation(a, model.speed(a, stances[i % stances.size()]));
        benchmark::DoNotOptimize(an);
        ++i;
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_MorrowindSpeedAndAnimation);

void BM_MorrowindJump(benchmark::State& state) {
    const MorrowindModel model;
    const auto actors = make_actors();
    const auto stances = make_stances();
    std::size_t i = 0;
    for (auto _ : state) {
        const MorrowindJump j =
            model.jump(actors[i % kActors], stances[i % 2], {static_cast<double>(i % 3), 1.0});
        benchmark::DoNotOptimize(j);
        ++i;
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_MorrowindJump);

void BM_MorrowindFall(benchmark::State& state) {
    const MorrowindModel model;
    const auto actors = make_actors();
    std::size_t i = 0;
    for (auto _ : state) {
        const MorrowindFall f = model.fall(actors[i % kActors], static_cast<double>(i % 4000));
        benchmark::DoNotOptimize(f);
        ++i;
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_MorrowindFall);

}  // namespace

BENCHMARK_MAIN();
