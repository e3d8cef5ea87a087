#include "cli/progress.h"

#include <fmt/format.h>

#include <cstdio>

namespace egkb::cli {

namespace {

std::string duration_text(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{} min {:02} s", s / 60, s % 60);
  return fmt::format("{} h {:02} min", s / 3600, s % 3600 / 60);
}

}  // namespace

void TerminalProgress::show(const std::string& what, const std::string& unit, std::size_t done,
                            std::size_t total) {
  what_ = what;
  unit_ = unit;
  total_ = total;
  first_ = done;
  start_ = last_ = std::chrono::steady_clock::now();
  draw(done);
}

void TerminalProgress::advance(std::size_t done) {
  const auto now = std::chrono::steady_clock::now();
  if ((total_ == 0 || done < total_) && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  draw(done);
}

void TerminalProgress::clear() {
  if (!drawn_) return;
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

void TerminalProgress::draw(std::size_t done) {
  const double elapsed = std::chrono::duration<double>(last_ - start_).count();
  if (total_ == 0) {  // a step that cannot count its work: what it is, and for how long
    fmt::print(stderr, "\r\x1b[K{}: {}", what_, duration_text(elapsed));
    std::fflush(stderr);
    drawn_ = true;
    return;
  }
  const std::size_t counted = done - first_;
  std::string line = fmt::format(
      "{}: {} of {} {} ({:.0f}%)", what_, done, total_, unit_,
      total_ == 0 ? 100.0 : 100.0 * static_cast<double>(done) / static_cast<double>(total_));
  if (counted > 0 && elapsed > 0) {
    const double rate = static_cast<double>(counted) / elapsed;
    line +=
        rate >= 1 ? fmt::format(", {:.1f} per s", rate) : fmt::format(", {:.1f} s each", 1 / rate);
    line += fmt::format(", {} left", duration_text(static_cast<double>(total_ - done) / rate));
  }
  fmt::print(stderr, "\r\x1b[K{}", line);
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace egkb::cli
