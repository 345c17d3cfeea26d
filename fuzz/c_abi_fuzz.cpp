// The C ABI under hostile arguments (kinema.h: "a null handle, a null array, a negative count, NaN or a bad
// file is an error, never a crash"): sizes, connectivities, settings, positions and buffer capacities from
// the input, NULL in place of any handle or array, and the calls in any order. A crash, a sanitizer report or
// a status outside kinema_status is a finding; the statuses themselves are the ABI's business.
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include "kinema/kinema.h"

namespace {

void check(kinema_status status) {
    if (status < KINEMA_OK || status > KINEMA_ERROR_INTERNAL || kinema_last_error() == nullptr) {
        std::abort();
    }
    if (status == KINEMA_ERROR_INTERNAL) {
        std::abort();  // every failure the fuzzer can cause is the caller's, never a bug
    }
}

double hostile_double(FuzzedDataProvider& in) {
    switch (in.ConsumeIntegralInRange<int>(0, 4)) {
        case 0:
            return std::numeric_limits<double>::quiet_NaN();
        case 1:
            return in.ConsumeBool() ? std::numeric_limits<double>::infinity() : -1e308;
        case 2:
            return in.ConsumeFloatingPoint<double>();
        default:
            return in.ConsumeFloatingPointInRange<double>(-3.0, 40.0);
    }
}

kinema_vec3 hostile_vec3(FuzzedDataProvider& in) {
    return {hostile_double(in), hostile_double(in), hostile_double(in)};
}

kinema_space* make_space(FuzzedDataProvider& in) {
    const int width = in.ConsumeIntegralInRange<int>(-2, 40);
    const int height = in.ConsumeIntegralInRange<int>(-2, 40);
    const int connectivity = in.PickValueInArray({4, 8, 8, 0, 6, -8});
    std::vector<unsigned char> tiles = in.ConsumeBytes<unsigned char>(static_cast<std::size_t>(40 * 40));
    // The ABI cannot check an array's length: give it width x height bytes, as its contract asks.
    tiles.resize(static_cast<std::size_t>(std::max(width, 1)) * static_cast<std::size_t>(std::max(height, 1)),
                 1);
    const bool null_tiles = in.ConsumeIntegralInRange<int>(0, 15) == 0;
    kinema_space* space = nullptr;
    check(kinema_space_from_grid(width, height, null_tiles ? nullptr : tiles.data(), connectivity, &space));
    return space;
}

kinema_flood* make_flood(FuzzedDataProvider& in) {
    kinema_flood_settings settings = kinema_flood_settings_default();
    if (in.ConsumeBool()) {
        settings.hot = in.ConsumeIntegralInRange<int>(-2, 1000002);
        settings.max_heated = in.ConsumeIntegral<int>();
        settings.max_steps = in.ConsumeIntegralInRange<int>(-2, 200);
        settings.max_restarts = in.ConsumeIntegralInRange<int>(-3, 3);
        settings.destination = in.ConsumeIntegralInRange<int>(-1, 2);
    }
    kinema_flood* flood = nullptr;
    check(kinema_flood_create(in.ConsumeIntegralInRange<int>(0, 15) == 0 ? nullptr : &settings, &flood));
    return flood;
}

void read_json(FuzzedDataProvider& in, const kinema_flood* flood) {
    std::size_t length = 0;
    const std::size_t capacity = in.ConsumeIntegralInRange<std::size_t>(0, 70000);
    std::vector<char> buffer(capacity);
    const kinema_status status =
        kinema_flood_json(flood, in.ConsumeBool() ? nullptr : "fuzz", capacity == 0 ? nullptr : buffer.data(),
                          capacity, in.ConsumeIntegralInRange<int>(0, 15) == 0 ? nullptr : &length);
    check(status);
    if (status == KINEMA_OK && capacity > 0 && (length >= capacity || buffer[length] != '\0')) {
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    kinema_space* space = make_space(in);
    kinema_flood* flood = make_flood(in);
    while (in.remaining_bytes() > 0) {
        switch (in.ConsumeIntegralInRange<int>(0, 4)) {
            case 0:
                check(kinema_flood_start(flood, in.ConsumeIntegralInRange<int>(0, 7) == 0 ? nullptr : space,
                                         hostile_vec3(in), hostile_vec3(in)));
                break;
            case 1: {
                int finished = 0;
                check(kinema_flood_advance(flood, in.ConsumeIntegralInRange<int>(-3, 60),
                                           in.ConsumeBool() ? &finished : nullptr));
                break;
            }
            case 2: {
                struct kinema_flood_result result;
                check(kinema_flood_result(flood,
                                          in.ConsumeIntegralInRange<int>(0, 7) == 0 ? nullptr : &result));
                break;
            }
            case 3:
                read_json(in, flood);
                break;
            default: {
                std::int64_t cells = 0;
                check(kinema_space_cell_count(space, in.ConsumeBool() ? &cells : nullptr));
                break;
            }
        }
    }
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
    return 0;
}
