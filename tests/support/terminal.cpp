#include "tests/support/terminal.h"

#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>

namespace egkb::test {

TerminalOutcome run_on_terminal(const std::vector<std::string>& args, const std::string& folder,
                                const std::function<int(const std::string&)>& signal_when) {
  std::vector<std::string> words{EGKB_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  int terminal = -1;
  const pid_t pid = forkpty(&terminal, nullptr, nullptr, nullptr);
  if (pid < 0) return {-1, "forkpty failed", false};
  if (pid == 0) {
    if (chdir(folder.c_str()) != 0) _exit(127);
    execv(argv[0], argv.data());
    _exit(127);
  }
  TerminalOutcome outcome{-1, "", false};
  const auto started = std::chrono::steady_clock::now();
  const auto now = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  char chunk[4096];
  for (;;) {
    const ssize_t n = read(terminal, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // EIO: the process closed its side of the terminal
    outcome.screen.append(chunk, static_cast<std::size_t>(n));
    outcome.read_at.emplace_back(now(), outcome.screen.size());
    if (!outcome.signalled && signal_when) {
      if (const int signal = signal_when(outcome.screen)) {
        kill(pid, signal);
        outcome.signalled = true;
      }
    }
  }
  close(terminal);
  int status = 0;
  waitpid(pid, &status, 0);
  outcome.read_at.emplace_back(now(), outcome.screen.size());
  outcome.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return outcome;
}

ProgressGap longest_progress_gap(const TerminalOutcome& outcome) {
  constexpr std::string_view kErase = "\r\x1b[K";
  ProgressGap longest;
  double last_change = 0;
  std::string last;
  std::size_t read = 0;  // the first read holding each byte
  for (std::size_t at = outcome.screen.find(kErase); at != std::string::npos;
       at = outcome.screen.find(kErase, at + 1)) {
    const std::size_t begin = at + kErase.size();
    const std::size_t end = outcome.screen.find_first_of("\r\n", begin);
    if (end == std::string::npos) break;  // a line still being drawn at the exit
    while (read + 1 < outcome.read_at.size() && outcome.read_at[read].second < end) ++read;
    const double when = outcome.read_at[read].first;
    std::string line = outcome.screen.substr(begin, end - begin);
    if (line == last) continue;
    if (when - last_change > longest.seconds) longest = {when - last_change, last};
    last_change = when;
    last = std::move(line);
  }
  const double exit = outcome.read_at.empty() ? 0 : outcome.read_at.back().first;
  if (exit - last_change > longest.seconds) longest = {exit - last_change, last};
  return longest;
}

}  // namespace egkb::test
