// The one place kinema starts threads: the audit, the navmesh build and the pursuit batch hand their items to
// parallel_for, and a game hands in its own job system instead of threads (Box2D's enqueueTask/finishTask).
#pragma once

#include <cstddef>
#include <functional>

namespace kinema {

/// What a worker runs: `worker` is its index in [1, workers), `task_context` kinema's own state.
using TaskFunction = void (*)(int worker, void* task_context);

/// A host's task system. enqueue_task starts `task(worker, task_context)` on one of the host's threads and
/// returns a handle that finish_task later waits for; it may instead run the task before returning and give
/// back nullptr (then finish_task is not called for it). Both null (the default): kinema starts std::threads.
/// A host that cannot start a task may also return nullptr without running it: the other workers, the calling
/// thread at least, take its items, so every item still runs.
struct TaskSystem {
    void* (*enqueue_task)(TaskFunction task, int worker, void* task_context, void* host_context) = nullptr;
    void (*finish_task)(void* task, void* host_context) = nullptr;
    void* host_context = nullptr;  ///< passed back to both, untouched
};

/// Runs body(worker, item) once for every item in [0, items), on min(workers, items) workers; worker 0 is the
/// calling thread, and each worker takes the next untaken item, so a caller keeps per-worker state indexed by
/// `worker` (in [0, workers)) and writes each item's result to its own slot: the results are then the same at
/// any worker count. When a body throws, no worker takes another item, and once all have stopped the
/// exception of the lowest item that threw is rethrown. workers < 1 counts as 1; a thread that cannot be
/// started leaves its items to the others. `tasks` null or empty: std::threads.
void parallel_for(std::size_t items, int workers,
                  const std::function<void(int worker, std::size_t item)>& body,
                  const TaskSystem* tasks = nullptr);

}  // namespace kinema
