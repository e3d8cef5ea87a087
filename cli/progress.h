// Progress of a long command on standard error when it is a terminal: what it is doing, how far,
// the rate and the time left, redrawn in place at most ten times a second and cleared when done.
// The app shows it unless standard error is not a terminal (a pipe, a file, a CI log) or the user
// gave --quiet. Debian packages no C++ progress-bar library (indicators, progressbar and
// tqdm-cpp are not in Debian 12), so this is the one place that writes the terminal's erase-line
// sequence.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

#include "base/progress.h"

namespace egkb::cli {

class TerminalProgress : public ProgressView {
 public:
  TerminalProgress() = default;
  TerminalProgress(const TerminalProgress&) = delete;
  TerminalProgress& operator=(const TerminalProgress&) = delete;
  ~TerminalProgress() override { clear(); }

  void show(const std::string& what, const std::string& unit, std::size_t done,
            std::size_t total) override;
  void advance(std::size_t done) override;
  void clear() override;

 private:
  void draw(std::size_t done);

  std::string what_;
  std::string unit_;
  std::size_t total_ = 0;
  bool drawn_ = false;
  std::size_t first_ = 0;  // done when the clock started: a resumed step's rate counts its own
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace egkb::cli
