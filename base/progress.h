// How far a long computation is, told to whoever shows it: the library reports its steps, the
// command line draws them on a terminal (cli/progress.h). Every report is also a safe point where
// an interrupt stops the work (base/interrupt.h), so a loop that reports progress can be stopped.
#pragma once

#include <cstddef>
#include <string>

namespace egkb {

// How many rows a loop over rows takes between reports: a report then costs nothing beside the
// rows, and Ctrl-C still stops a loop over the full lattice within milliseconds.
inline constexpr std::size_t kRowsBetweenReports = std::size_t{1} << 14;

// Shows progress: one step at a time, the innermost one open.
class ProgressView {
 public:
  virtual ~ProgressView() = default;
  // A step begins, or (after an inner step ended) is shown again: `done` of `total` `unit`.
  virtual void show(const std::string& what, const std::string& unit, std::size_t done,
                    std::size_t total) = 0;
  virtual void advance(std::size_t done) = 0;
  virtual void clear() = 0;  // no step open
};

// The view the calling thread's steps go to (the command's thread; steps other threads open show
// nothing); nullptr (the default) shows nothing. Not owned.
void show_progress_on(ProgressView* view);

// One step of a long computation, reported while it lives. Steps nest (a repair's validation,
// then its solve); only the thread that opened a step advances it.
class ProgressStep {
 public:
  ProgressStep(std::string what, std::string unit, std::size_t total);
  ProgressStep(const ProgressStep&) = delete;
  ProgressStep& operator=(const ProgressStep&) = delete;
  ~ProgressStep();

  // `done` of the total finished (a total of 0: work that cannot be counted, shown by its time);
  // a safe point (throws Interrupted).
  void advance(std::size_t done);
  // One more finished.
  void next() { advance(done_ + 1); }

 private:
  std::string what_;
  std::string unit_;
  std::size_t total_;
  std::size_t done_ = 0;
  ProgressStep* outer_;
};

}  // namespace egkb
