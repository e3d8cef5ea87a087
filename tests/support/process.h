// An egkb process started by a test and left running: to run two at once, or to kill one
// half-way. It leads a process group of its own, as a shell's job does, so that a signal to its
// group reaches it and every child in its group, as Ctrl-C at a terminal does.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace egkb::test {

class Process {
 public:
  // Starts `egkb ARGS...` with its output in `out` and its errors in `err` (file paths), run by
  // `runner` when one is given: a program (its absolute path) and its arguments, e.g. setpriv to
  // run egkb as another user.
  Process(const std::vector<std::string>& args, const std::string& out, const std::string& err,
          const std::vector<std::string>& runner = {});
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;
  ~Process();

  // Waits for the process and returns its exit code, or 128 + the signal that ended it.
  int wait();
  // The same when it ends within `limit`; nullopt when it still runs then.
  std::optional<int> wait_for(std::chrono::milliseconds limit);
  void kill_hard();  // SIGKILL: no handler, no cleanup
  // Sends `signal` to the process alone, or to its whole process group.
  void send_signal(int signal);
  void signal_group(int signal);

 private:
  pid_t pid_;
  int status_ = -1;
};

}  // namespace egkb::test
