#include "tests/support/terminal.h"

#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
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
  char chunk[4096];
  for (;;) {
    const ssize_t n = read(terminal, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // EIO: the process closed its side of the terminal
    outcome.screen.append(chunk, static_cast<std::size_t>(n));
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
  outcome.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return outcome;
}

}  // namespace egkb::test
