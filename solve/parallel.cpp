#include "solve/parallel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "base/interrupt.h"

namespace egkb::solve {

namespace {

void report(ProgressStep* step, uint64_t done) {
  if (step != nullptr) {
    step->advance(done);
  } else {
    stop_if_interrupted();
  }
}

}  // namespace

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

void for_each_block(uint64_t count, int threads, ProgressStep* step,
                    const std::function<void(uint64_t block)>& work) {
  if (count <= 1 || threads <= 1) {
    for (uint64_t b = 0; b < count; ++b) {
      work(b);
      report(step, b + 1);
    }
    return;
  }
  std::atomic<uint64_t> next{0};
  uint64_t done = 0;
  bool stop = false;
  std::exception_ptr failure;
  std::mutex lock;
  std::condition_variable changed;
  auto run = [&] {
    for (uint64_t b = next++; b < count; b = next++) {
      {
        const std::lock_guard guard(lock);
        if (stop) break;
      }
      std::exception_ptr thrown;
      try {
        work(b);
      } catch (...) {
        thrown = std::current_exception();
      }
      const std::lock_guard guard(lock);
      ++done;
      if (thrown && !failure) failure = thrown;
      if (thrown) stop = true;
      changed.notify_one();
    }
  };
  std::vector<std::thread> pool;
  for (uint64_t t = 0; t < std::min<uint64_t>(static_cast<uint64_t>(threads), count); ++t)
    pool.emplace_back(run);
  std::exception_ptr interrupted;
  {
    std::unique_lock guard(lock);
    while (done < count && !stop) {
      changed.wait_for(guard, std::chrono::milliseconds(50));
      const uint64_t now = done;
      guard.unlock();
      try {
        report(step, now);
      } catch (...) {
        interrupted = std::current_exception();
      }
      guard.lock();
      if (interrupted) stop = true;
    }
  }
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  if (interrupted) std::rethrow_exception(interrupted);
}

}  // namespace egkb::solve
