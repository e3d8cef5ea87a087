// httplib's task queue as a thread per connection, up to a bound: a connection that waits on a
// slow client holds only its own thread, where a fixed pool of 32 let 40 slow clients stall every
// other request. Beyond the bound, connections wait for the first thread to finish.
#pragma once

#include <httplib.h>
#include <pthread.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <vector>

namespace egkb {

class ConnectionThreads : public httplib::TaskQueue {
 public:
  explicit ConnectionThreads(std::size_t bound);

  void enqueue(std::function<void()> fn) override;
  // Waits for every connection to end.
  void shutdown() override;

 private:
  static void* start(void* self);
  // Serves connections until none waits.
  void work();
  bool spawn();
  // Joins the threads that have ended; called with the mutex held.
  void reap();

  const std::size_t bound_;
  std::mutex mutex_;
  std::condition_variable all_ended_;
  std::deque<std::function<void()>> waiting_;
  std::size_t running_ = 0;
  std::vector<pthread_t> ended_;
};

}  // namespace egkb
