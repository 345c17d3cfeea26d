#include "kinema/core/parallel_for.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace kinema {

namespace {

// What every worker shares: the next item to take and the failure of the lowest item so far.
struct SharedLoop {
    std::size_t items = 0;
    const std::function<void(int, std::size_t)>* body = nullptr;
    std::atomic<std::size_t> next{0};
    std::mutex failure_mutex;
    std::exception_ptr failure;
    std::size_t failed_item = 0;

    void run(int worker) {
        for (std::size_t item = next++; item < items; item = next++) {
            try {
                (*body)(worker, item);
            } catch (...) {
                record(item, std::current_exception());
                return;
            }
        }
    }

    void record(std::size_t item, std::exception_ptr error) {
        const std::lock_guard lock(failure_mutex);
        if (!failure || item < failed_item) {
            failure = std::move(error);
            failed_item = item;
        }
        next = items;  // the others stop after their current item
    }
};

void run_worker(int worker, void* context) {
    static_cast<SharedLoop*>(context)->run(worker);
}

// Workers 1.. on std::threads; a thread the system refuses leaves its items to the rest.
std::vector<std::thread> start_threads(SharedLoop& loop, int workers) {
    std::vector<std::thread> threads;
    try {
        threads.reserve(static_cast<std::size_t>(workers - 1));
        for (int worker = 1; worker < workers; ++worker) {
            threads.emplace_back(run_worker, worker, &loop);
        }
    } catch (const std::system_error&) {
    } catch (const std::bad_alloc&) {
    }
    return threads;
}

}  // namespace

void parallel_for(std::size_t items, int workers,
                  const std::function<void(int worker, std::size_t item)>& body, const TaskSystem* tasks) {
    SharedLoop loop;
    loop.items = items;
    loop.body = &body;
    const auto count = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(std::max(workers, 1)),
                                                              std::max<std::size_t>(items, 1)));
    if (tasks != nullptr && tasks->enqueue_task != nullptr && tasks->finish_task != nullptr) {
        std::vector<void*> handles;
        handles.reserve(static_cast<std::size_t>(count));
        for (int worker = 1; worker < count; ++worker) {
            handles.push_back(tasks->enqueue_task(run_worker, worker, &loop, tasks->host_context));
        }
        loop.run(0);
        for (void* handle : handles) {
            if (handle != nullptr) {
                tasks->finish_task(handle, tasks->host_context);
            }
        }
    } else {
        std::vector<std::thread> threads = start_threads(loop, count);
        loop.run(0);
        for (std::thread& thread : threads) {
            thread.join();
        }
    }
    if (loop.failure) {
        std::rethrow_exception(loop.failure);
    }
}

}  // namespace kinema
