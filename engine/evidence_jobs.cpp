#include "engine/evidence_jobs.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace egkb {

void gather_evidence(const EngineSetup& setup, const PieceSet& pieces,
                     const EvidenceSettings& settings, std::span<const EvidenceTask> tasks,
                     unsigned jobs, const std::function<void(MaterialEvidence&&)>& done) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stopping{false};
  std::mutex mutex;
  std::condition_variable ready;
  std::deque<MaterialEvidence> finished;
  std::exception_ptr failure;  // a job's own exception (an engine that cannot be started)
  unsigned running = jobs;

  const auto work = [&] {
    try {
      EngineSlot slot(setup);
      for (std::size_t i = next++; i < tasks.size() && !stopping; i = next++) {
        MaterialEvidence e = search_material(slot, tasks[i].material, pieces, settings,
                                             tasks[i].known, tasks[i].known_pvs);
        const std::lock_guard lock(mutex);
        finished.push_back(std::move(e));
        ready.notify_one();
      }
    } catch (...) {
      const std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      stopping = true;
    }
    const std::lock_guard lock(mutex);
    --running;
    ready.notify_one();
  };

  std::vector<std::jthread> threads;
  for (unsigned j = 0; j < jobs; ++j) threads.emplace_back(work);
  std::exception_ptr thrown;
  for (;;) {
    std::unique_lock lock(mutex);
    ready.wait(lock, [&] { return !finished.empty() || running == 0; });
    if (finished.empty()) break;
    MaterialEvidence e = std::move(finished.front());
    finished.pop_front();
    lock.unlock();
    if (thrown) continue;  // draining what the jobs finish after a failure
    try {
      done(std::move(e));
    } catch (...) {
      thrown = std::current_exception();
      stopping = true;
    }
  }
  threads.clear();
  if (thrown) std::rethrow_exception(thrown);
  if (failure) std::rethrow_exception(failure);
}

}  // namespace egkb
