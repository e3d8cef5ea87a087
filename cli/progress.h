// Progress of a long command on standard error when it is a terminal: what it is doing, how far,
// the rate and the time left, redrawn in place at most ten times a second and cleared when done.
// Nothing at all when standard error is not a terminal (a pipe, a file, a CI log) or the user
// asked for quiet. Debian packages no C++ progress-bar library, so this is the one place that
// writes the terminal's erase-line sequence.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace egkb::cli {

class Progress {
 public:
  // `what` names the work ("evidence"), `unit` what is counted ("materials").
  Progress(std::string what, std::string unit, std::size_t total, bool quiet);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress();  // clears the line

  void update(std::size_t done);
  bool shown() const { return shown_; }

 private:
  void draw(std::size_t done);

  std::string what_;
  std::string unit_;
  std::size_t total_;
  bool shown_;
  bool drawn_ = false;
  std::size_t first_ = 0;  // done when the clock started: a resumed run's rate counts its own
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace egkb::cli
