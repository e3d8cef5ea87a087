#include "serve/connection_threads.h"

#include <algorithm>

namespace egkb {

namespace {

// httplib matches each path against the handlers' patterns with std::regex, whose recursion takes
// about 3 MB of stack for the longest path it reads (8 KiB). The stack is set here because the
// default follows `ulimit -s`: 2 MiB when that is unlimited.
constexpr std::size_t kStackBytes = 8 * 1024 * 1024;

}  // namespace

ConnectionThreads::ConnectionThreads(std::size_t bound) : bound_(std::max<std::size_t>(bound, 1)) {}

void ConnectionThreads::enqueue(std::function<void()> fn) {
  std::unique_lock lock(mutex_);
  reap();
  waiting_.push_back(std::move(fn));
  if (running_ < bound_ && spawn()) return;
  if (running_ > 0) return;  // a running thread takes it when its connection ends
  // No thread could start and none runs: the connection is served here rather than never.
  std::function<void()> job = std::move(waiting_.front());
  waiting_.pop_front();
  lock.unlock();
  job();
}

void ConnectionThreads::shutdown() {
  std::unique_lock lock(mutex_);
  all_ended_.wait(lock, [this] { return running_ == 0; });
  reap();
}

void* ConnectionThreads::start(void* self) {
  static_cast<ConnectionThreads*>(self)->work();
  return nullptr;
}

void ConnectionThreads::work() {
  std::unique_lock lock(mutex_);
  while (!waiting_.empty()) {
    std::function<void()> job = std::move(waiting_.front());
    waiting_.pop_front();
    lock.unlock();
    job();
    lock.lock();
  }
  --running_;
  ended_.push_back(pthread_self());
  if (running_ == 0) all_ended_.notify_all();
}

bool ConnectionThreads::spawn() {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, kStackBytes);
  pthread_t thread;
  const bool started = pthread_create(&thread, &attributes, &start, this) == 0;
  pthread_attr_destroy(&attributes);
  if (started) ++running_;
  return started;
}

void ConnectionThreads::reap() {
  // Each has pushed itself last, under the mutex this caller holds now: it is ending.
  for (pthread_t thread : ended_) pthread_join(thread, nullptr);
  ended_.clear();
}

}  // namespace egkb
