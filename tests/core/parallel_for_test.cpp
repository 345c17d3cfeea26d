#include "kinema/core/parallel_for.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace kinema {
namespace {

// Each item's result in its own slot, and how many times each ran: the same at every worker count.
std::vector<std::uint64_t> squares(std::size_t items, int workers, const TaskSystem* tasks = nullptr) {
    std::vector<std::uint64_t> out(items, 0);
    std::vector<std::atomic<int>> runs(items);
    parallel_for(
        items, workers,
        [&](int, std::size_t item) {
            out[item] = static_cast<std::uint64_t>(item) * item + 1;
            ++runs[item];
        },
        tasks);
    for (std::size_t i = 0; i < items; ++i) {
        EXPECT_EQ(runs[i].load(), 1) << "item " << i;
    }
    return out;
}

TEST(ParallelFor, EveryItemRunsOnceAndTheResultsDoNotDependOnTheWorkerCount) {
    const std::vector<std::uint64_t> one = squares(1000, 1);
    EXPECT_EQ(one[0], 1u);
    EXPECT_EQ(one[999], 999u * 999u + 1u);
    for (const int workers : {0, 2, 3, 8, 64}) {
        EXPECT_EQ(squares(1000, workers), one) << workers << " workers";
    }
    EXPECT_TRUE(squares(0, 4).empty());
}

TEST(ParallelFor, WorkerIndicesStayBelowTheWorkerAndItemCounts) {
    std::atomic<int> highest{-1};
    parallel_for(3, 16, [&](int worker, std::size_t) {
        int seen = highest.load();
        while (worker > seen && !highest.compare_exchange_weak(seen, worker)) {
        }
    });
    EXPECT_GE(highest.load(), 0);
    EXPECT_LT(highest.load(), 3);
}

TEST(ParallelFor, OneWorkerRunsTheItemsInOrderOnTheCallingThread) {
    std::vector<std::size_t> order;
    const std::thread::id caller = std::this_thread::get_id();
    parallel_for(5, 1, [&](int worker, std::size_t item) {
        EXPECT_EQ(worker, 0);
        EXPECT_EQ(std::this_thread::get_id(), caller);
        order.push_back(item);
    });
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(ParallelFor, AFailureStopsTheLoopAndTheLowestFailingItemIsRethrown) {
    std::atomic<int> ran{0};
    try {
        parallel_for(100, 1, [&](int, std::size_t item) {
            ++ran;
            if (item == 7 || item == 9) {
                throw std::runtime_error("item " + std::to_string(item));
            }
        });
        FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "item 7");
    }
    EXPECT_EQ(ran.load(), 8);  // items 0..7; nothing after the failure
    // Every item fails: whichever worker threw first, the message is item 0's.
    for (int round = 0; round < 20; ++round) {
        try {
            parallel_for(64, 8,
                         [](int, std::size_t item) { throw std::runtime_error(std::to_string(item)); });
            FAIL() << "no exception";
        } catch (const std::runtime_error& e) {
            EXPECT_STREQ(e.what(), "0");
        }
    }
}

// A host task system as a game's: runs each task on a thread of its own, or (refusing) not at all.
struct FakeHost {
    std::vector<std::thread> threads;
    int enqueued = 0;
    int finished = 0;
    bool refuse = false;
};

void* enqueue(TaskFunction task, int worker, void* task_context, void* host_context) {
    auto* host = static_cast<FakeHost*>(host_context);
    ++host->enqueued;
    if (host->refuse) {
        return nullptr;
    }
    host->threads.emplace_back(task, worker, task_context);
    return &host->threads.back();
}

void finish(void* task, void* host_context) {
    ++static_cast<FakeHost*>(host_context)->finished;
    static_cast<std::thread*>(task)->join();
}

TEST(ParallelFor, AHostTaskSystemRunsTheOtherWorkers) {
    FakeHost host;
    host.threads.reserve(8);  // the handles are pointers into the vector
    const TaskSystem tasks{enqueue, finish, &host};
    EXPECT_EQ(squares(1000, 4, &tasks), squares(1000, 1));
    EXPECT_EQ(host.enqueued, 3);  // workers 1, 2 and 3; worker 0 is the caller
    EXPECT_EQ(host.finished, 3);
}

TEST(ParallelFor, TasksAHostRefusesAreRunByTheOthers) {
    FakeHost host;
    host.refuse = true;
    const TaskSystem tasks{enqueue, finish, &host};
    EXPECT_EQ(squares(200, 6, &tasks), squares(200, 1));
    EXPECT_EQ(host.enqueued, 5);
    EXPECT_EQ(host.finished, 0);  // no handle, nothing to finish
}

}  // namespace
}  // namespace kinema
