#include "base/progress.h"

#include "base/interrupt.h"

namespace egkb {

namespace {

ProgressView* view = nullptr;
ProgressStep* innermost = nullptr;  // steps are opened and closed by the command's own thread

}  // namespace

void show_progress_on(ProgressView* v) {
  view = v;
}

ProgressStep::ProgressStep(std::string what, std::string unit, std::size_t total)
    : what_(std::move(what)), unit_(std::move(unit)), total_(total), outer_(innermost) {
  innermost = this;
  stop_if_interrupted();
  if (view != nullptr) view->show(what_, unit_, 0, total_);
}

ProgressStep::~ProgressStep() {
  innermost = outer_;
  if (view == nullptr) return;
  if (outer_ == nullptr) {
    view->clear();
  } else {
    view->show(outer_->what_, outer_->unit_, outer_->done_, outer_->total_);
  }
}

void ProgressStep::advance(std::size_t done) {
  done_ = done;
  stop_if_interrupted();
  if (view != nullptr && innermost == this) view->advance(done);
}

}  // namespace egkb
