// egkb run at a terminal: its standard output and error on a pseudo-terminal, as a user at a
// shell sees them, with a hand on Ctrl-C.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace egkb::test {

struct TerminalOutcome {
  int code;            // the exit code, or 128 + the signal that ended it
  std::string screen;  // every byte written to the terminal, escape sequences included
  bool signalled;      // whether `signal_when` asked for a signal and it was sent
  // When each read ended, in seconds from the start, and how long the screen was then; the last
  // entry is the process's exit.
  std::vector<std::pair<double, std::size_t>> read_at = {};
};

// The progress lines drawn on a screen (the text after each erase-line sequence up to the next
// carriage return or newline), each with the time it was read; the longest time the screen went
// without a changed one, from the start to the exit, and the line before it.
struct ProgressGap {
  double seconds = 0;
  std::string after;
};
ProgressGap longest_progress_gap(const TerminalOutcome& outcome);

// Runs `egkb ARGS...` in `folder` on a new pseudo-terminal. `signal_when` sees the screen so far
// after each read and returns a signal to send the process once (0: not yet).
TerminalOutcome run_on_terminal(const std::vector<std::string>& args, const std::string& folder,
                                const std::function<int(const std::string&)>& signal_when = {});

}  // namespace egkb::test
