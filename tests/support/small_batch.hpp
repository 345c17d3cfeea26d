// The batch settings the pursuit batch tests share (grid and 3D levels): few scenarios so that a test runs in
// well under a second, a fixed seed, and routes long enough for a chase to happen.
#pragma once

#include "kinema/pursuit/batch.hpp"

namespace kinema::test {

inline pursuit::BatchSettings small_batch(int threads) {
    pursuit::BatchSettings b;
    b.scenarios = 6;
    b.seed = 7;
    b.threads = threads;
    b.min_route = 10.0;
    return b;
}

}  // namespace kinema::test
