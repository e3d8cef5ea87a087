// A program run as a child that talks in lines over its standard input and output, as a UCI
// engine does. One socket serves both ways: writes never raise SIGPIPE when the child has died,
// the child's end is closed in this process, so a crash reads as the end of its output at once,
// and every read has a deadline, so a hung child costs its timeout, never a hang here. The child
// leads a process group of its own: Ctrl-C at a terminal or a scheduler's SIGTERM to egkb's group
// reaches egkb alone, which decides when the child stops (base/interrupt.h). Every read and pause
// is a point where a noted signal is seen, within a wake-up (50 ms).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/errors.h"

namespace egkb {

// The program given cannot be run at all; said before anything is written (exit 2 at the
// handshake, docs/evidence.md).
class ProgramNotRunnable : public IoError {
 public:
  using IoError::IoError;
};

class EngineProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // What a read met instead of a line: Interrupted when a signal was noted.
  enum class Stop { Ended, TimedOut, TooLong, Interrupted };

  // Starts `program` with `arguments`, its standard error discarded. Throws ProgramNotRunnable
  // when the program cannot be run (a directory, not an executable format, a script whose
  // interpreter is missing), IoError when this process cannot start one now.
  EngineProcess(const std::string& program, const std::vector<std::string>& arguments = {});
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  // Kills the child if it still runs, and reaps it.
  ~EngineProcess();

  // Sends one line; false when the child no longer reads.
  bool send(const std::string& line);
  // The next line of output (without its newline), or why there is none by `deadline`.
  struct Read {
    std::optional<std::string> line;
    Stop stop = Stop::Ended;
  };
  Read read_line(Clock::time_point deadline);
  // Whether a whole line starting with `start` has been received and not read yet.
  bool has_line(std::string_view start) const;
  // Bytes received since the start.
  std::size_t received() const { return received_; }
  // How many bytes the child can write before a write of it blocks, at the least: the socket's
  // buffer less the kernel's cost of each write, taking one write a line of the mean length seen
  // so far (a 100-byte line written alone costs the buffer 768 bytes).
  std::size_t capacity() const;
  // Sleeps for `time`, or until a signal is noted.
  static void pause(Clock::duration time);

  // Asks the child to quit by closing its input, waits up to `grace` for it, then kills it.
  void stop(std::chrono::milliseconds grace);
  // How it ended, for messages: "exited with status 3", "was killed by signal 11"; empty when
  // it still runs 200 ms after asked (its output may end just before it does).
  std::string ending();

 private:
  // Receives once, what is there or after a moment (50 ms) none, into the buffer.
  void receive();
  // Reaps the child if it has ended (waiting up to `wait`); true once reaped.
  bool reap(std::chrono::milliseconds wait);

  pid_t pid_ = -1;
  int fd_ = -1;
  std::size_t buffer_size_ = 0;  // the socket's, as the child writes into it
  std::size_t received_ = 0;
  std::size_t lines_ = 0;     // returned by read_line
  std::string buffer_;        // output read but not yet returned as lines
  std::size_t scanned_ = 0;   // of it, the bytes known to hold no line end
  bool timeout_set_ = false;  // its receive timeout, set once
  bool ended_ = false;        // its output has ended
  int status_ = 0;
  bool reaped_ = false;
};

}  // namespace egkb
