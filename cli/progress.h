// Progress of a long command on standard error when it is a terminal: what it is doing, how far,
// the rate and the time left, redrawn in place and cleared when done. A step that cannot count its
// work (a solve) shows how long it has run. The line never freezes: a clock thread redraws it
// whenever its text would change, so the seconds move at least once a second while a solver runs
// between two reports (docs/guide-batch.md, "Progress and Ctrl-C").
// The app shows it unless standard error is not a terminal (a pipe, a file, a CI log) or the user
// gave --quiet. Debian packages no C++ progress-bar library (indicators, progressbar and
// tqdm-cpp are not in Debian 12), so this is the one place that writes the terminal's erase-line
// sequence.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>

#include "base/progress.h"

namespace egkb::cli {

// A count as people read it: 694481 -> "694,481".
std::string count_text(std::size_t n);

// The line a step shows: `what` and, when `total` > 0, `done` of `total` `unit`, `elapsed`
// seconds since the step began (or resumed), of which the last `counted` finished by
// `counted_at` seconds; the rate is theirs, and the time left counts down from what it gave
// then, "finishing" once it has run out. With `total` 0, how long the step has run.
std::string progress_line(const std::string& what, const std::string& unit, std::size_t done,
                          std::size_t total, double elapsed, std::size_t counted,
                          double counted_at);

class TerminalProgress : public ProgressView {
 public:
  TerminalProgress() = default;
  TerminalProgress(const TerminalProgress&) = delete;
  TerminalProgress& operator=(const TerminalProgress&) = delete;
  ~TerminalProgress() override;

  void show(const std::string& what, const std::string& unit, std::size_t done,
            std::size_t total) override;
  void advance(std::size_t done) override;
  void clear() override;

 private:
  using Clock = std::chrono::steady_clock;
  // With the lock held: the line as it reads now, drawn when it differs from the last.
  void draw(Clock::time_point now);
  void tick();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread clock_;  // started with the first step
  bool stopping_ = false;
  bool open_ = false;  // a step is shown
  std::string what_;
  std::string unit_;
  std::size_t total_ = 0;
  std::size_t done_ = 0;
  std::size_t first_ = 0;  // done when the clock started: a resumed step's rate counts its own
  Clock::time_point start_, counted_at_, drawn_at_;
  std::string drawn_;  // the text on the terminal, empty when none
};

}  // namespace egkb::cli
