#include "cli/progress.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>

namespace egkb::cli {

namespace {

std::string duration_text(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{} min {:02} s", s / 60, s % 60);
  return fmt::format("{} h {:02} min", s / 3600, s % 3600 / 60);
}

// "694,481 rows/s", "1.9 repairs/s", "11.2 s each": the unit's last word, per second.
std::string rate_text(double rate, const std::string& unit) {
  const std::string one = unit.substr(unit.rfind(' ') + 1);
  if (rate >= 100) return fmt::format("{} {}/s", count_text(std::llround(rate)), one);
  if (rate >= 1) return fmt::format("{:.1f} {}/s", rate, one);
  return fmt::format("{:.1f} s each", 1 / rate);
}

// How often the clock looks at the line; it draws only when the text changed.
constexpr auto kTick = std::chrono::milliseconds(200);
// The most a step's reports redraw it.
constexpr auto kLeastBetweenDraws = std::chrono::milliseconds(100);

}  // namespace

std::string count_text(std::size_t n) {
  const std::string digits = std::to_string(n);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::string progress_line(const std::string& what, const std::string& unit, std::size_t done,
                          std::size_t total, double elapsed, std::size_t counted,
                          double counted_at) {
  if (total == 0) return fmt::format("{}: {}", what, duration_text(elapsed));
  std::string line = fmt::format(
      "{}: {} of {} {} ({:.0f}%), {} so far", what, count_text(done), count_text(total), unit,
      100.0 * static_cast<double>(done) / static_cast<double>(total), duration_text(elapsed));
  if (counted == 0 || counted_at <= 0 || done >= total) return line;
  const double rate = static_cast<double>(counted) / counted_at;
  const double left = static_cast<double>(total - done) / rate - (elapsed - counted_at);
  line += ", " + rate_text(rate, unit);
  line += left >= 0.5 ? fmt::format(", about {} left", duration_text(left)) : ", finishing";
  return line;
}

TerminalProgress::~TerminalProgress() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (clock_.joinable()) clock_.join();
  clear();
}

void TerminalProgress::show(const std::string& what, const std::string& unit, std::size_t done,
                            std::size_t total) {
  const std::lock_guard lock(mutex_);
  what_ = what;
  unit_ = unit;
  total_ = total;
  done_ = first_ = done;
  open_ = true;
  start_ = counted_at_ = Clock::now();
  draw(start_);
  if (!clock_.joinable()) clock_ = std::thread([this] { tick(); });
}

void TerminalProgress::advance(std::size_t done) {
  const std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  if (done != done_) counted_at_ = now;
  done_ = done;
  if ((total_ == 0 || done < total_) && now - drawn_at_ < kLeastBetweenDraws) return;
  draw(now);
}

void TerminalProgress::clear() {
  const std::lock_guard lock(mutex_);
  open_ = false;
  if (drawn_.empty()) return;
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
  drawn_.clear();
}

void TerminalProgress::draw(Clock::time_point now) {
  const auto seconds = [&](Clock::time_point t) {
    return std::chrono::duration<double>(t - start_).count();
  };
  const std::string line = progress_line(what_, unit_, done_, total_, seconds(now), done_ - first_,
                                         seconds(counted_at_));
  drawn_at_ = now;
  if (line == drawn_) return;
  fmt::print(stderr, "\r\x1b[K{}", line);
  std::fflush(stderr);
  drawn_ = line;
}

void TerminalProgress::tick() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, kTick);
    if (!stopping_ && open_) draw(Clock::now());
  }
}

}  // namespace egkb::cli
