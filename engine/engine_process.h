// A program run as a child that talks in lines over its standard input and output, as a UCI
// engine does. One socket serves both ways: writes never raise SIGPIPE when the child has died,
// the child's end is closed in this process, so a crash reads as the end of its output at once,
// and every read has a deadline, so a hung child costs its timeout, never a hang here.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace egkb {

class EngineProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // What a read met instead of a line.
  enum class Stop { Ended, TimedOut, TooLong };

  // Starts `program` with `arguments`, its standard error discarded. Throws IoError naming the
  // program when it cannot be started.
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
  std::string buffer_;        // output read but not yet returned as lines
  std::size_t scanned_ = 0;   // of it, the bytes known to hold no line end
  bool timeout_set_ = false;  // its receive timeout, set once
  bool ended_ = false;        // its output has ended
  int status_ = 0;
  bool reaped_ = false;
};

}  // namespace egkb
