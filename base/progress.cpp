#include "base/progress.h"

#include <atomic>
#include <thread>

#include "base/interrupt.h"

namespace egkb {

namespace {

// Set by the command's thread before any other starts. A step opened in another thread (a
// request of the review server, a solver's helper) keeps its own nesting and shows nothing.
std::atomic<ProgressView*> shown_on{nullptr};
std::atomic<std::thread::id> command_thread;
thread_local ProgressStep* innermost = nullptr;

ProgressView* view() {
  return std::this_thread::get_id() == command_thread.load() ? shown_on.load() : nullptr;
}

}  // namespace

void show_progress_on(ProgressView* v) {
  shown_on = v;
  command_thread = std::this_thread::get_id();
}

ProgressStep::ProgressStep(std::string what, std::string unit, std::size_t total)
    : what_(std::move(what)), unit_(std::move(unit)), total_(total), outer_(innermost) {
  innermost = this;
  stop_if_interrupted();
  if (ProgressView* v = view()) v->show(what_, unit_, 0, total_);
}

ProgressStep::~ProgressStep() {
  innermost = outer_;
  ProgressView* v = view();
  if (v == nullptr) return;
  if (outer_ == nullptr) {
    v->clear();
  } else {
    v->show(outer_->what_, outer_->unit_, outer_->done_, outer_->total_);
  }
}

void ProgressStep::advance(std::size_t done) {
  done_ = done;
  stop_if_interrupted();
  ProgressView* v = view();
  if (v != nullptr && innermost == this) v->advance(done);
}

}  // namespace egkb
