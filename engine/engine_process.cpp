#include "engine/engine_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include "base/errors.h"
#include "base/interrupt.h"

extern char** environ;

namespace egkb {

namespace {

// The longest a receive blocks: how late past its deadline a hung engine is found.
constexpr std::chrono::milliseconds kWake{50};

// The longest line an engine may print: a UCI info line is a few hundred bytes; anything this
// long is not UCI.
constexpr std::size_t kLongestLine = 1 << 16;

// What the kernel charges a socket's buffer for one write of n bytes is at most 2n + kWriteCost:
// its bytes rounded up to a power of two with the kernel's record of them (a write of up to 192
// bytes costs 768, of up to 704 bytes 1,280; measured on Linux 6).
constexpr std::size_t kWriteCost = 1024;

// Why `program` could not be started, from posix_spawn's error: the program's fault, or this
// process's lack of memory or descriptors.
[[noreturn]] void not_started(const std::string& program, int error) {
  if (error == ENOMEM || error == EAGAIN || error == EMFILE || error == ENFILE) {
    throw IoError(program, std::string("cannot start it: ") + std::strerror(error));
  }
  std::string why = std::strerror(error);
  if (error == ENOENT && access(program.c_str(), F_OK) == 0) {
    why += " (the program is there: the interpreter or loader it names is not)";
  }
  throw ProgramNotRunnable(program, "cannot be run: " + why);
}

}  // namespace

EngineProcess::EngineProcess(const std::string& program,
                             const std::vector<std::string>& arguments) {
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
    throw IoError(program,
                  std::string("cannot make a socket to talk to it: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // dup2 clears close-on-exec on the copies the child keeps; every other descriptor of this
  // process, the other engines' sockets among them, is close-on-exec and stays out of it.
  posix_spawn_file_actions_adddup2(&actions, ends[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  // A process group of its own (its id the child's): a signal to egkb's group is egkb's alone.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const int failed =
      posix_spawn(&pid_, program.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  int size = 0;
  socklen_t size_length = sizeof size;
  getsockopt(ends[1], SOL_SOCKET, SO_SNDBUF, &size, &size_length);
  buffer_size_ = static_cast<std::size_t>(std::max(size, 0));
  close(ends[1]);
  if (failed != 0) {
    close(ends[0]);
    not_started(program, failed);
  }
  fd_ = ends[0];
}

EngineProcess::~EngineProcess() {
  stop(std::chrono::milliseconds(0));
}

bool EngineProcess::send(const std::string& line) {
  const std::string text = line + '\n';
  std::size_t sent = 0;
  while (sent < text.size()) {
    const ssize_t n = ::send(fd_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

EngineProcess::Read EngineProcess::read_line(Clock::time_point deadline) {
  for (;;) {
    // Before a line too: output read after a signal is not taken, so nothing finishes after it.
    if (interrupt_signal() != 0) return {std::nullopt, Stop::Interrupted};
    if (const auto end = buffer_.find('\n', scanned_); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      scanned_ = 0;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      ++lines_;
      return {std::move(line), Stop::Ended};
    }
    scanned_ = buffer_.size();
    if (buffer_.size() > kLongestLine) return {std::nullopt, Stop::TooLong};
    if (Clock::now() >= deadline) return {std::nullopt, Stop::TimedOut};
    receive();
    if (ended_) return {std::nullopt, Stop::Ended};
  }
}

bool EngineProcess::has_line(std::string_view start) const {
  for (std::size_t at = 0; at < buffer_.size();) {
    const std::size_t end = buffer_.find('\n', at);
    if (end == std::string::npos) return false;
    if (std::string_view(buffer_).substr(at, end - at).starts_with(start)) return true;
    at = end + 1;
  }
  return false;
}

void EngineProcess::receive() {
  // One blocking receive a wake-up, of at most kWake so that a deadline is looked at that often:
  // a poll before each receive doubled the system calls. The timeout is set once.
  if (!timeout_set_) {
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(kWake).count();
    const timeval limit{static_cast<time_t>(us / 1000000), static_cast<suseconds_t>(us % 1000000)};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    timeout_set_ = true;
  }
  char chunk[1 << 16];
  const ssize_t n = recv(fd_, chunk, sizeof chunk, 0);
  if (n > 0) {
    buffer_.append(chunk, static_cast<std::size_t>(n));
    received_ += static_cast<std::size_t>(n);
  } else if (n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) {
    ended_ = true;
  }
}

std::size_t EngineProcess::capacity() const {
  const std::size_t line = lines_ > 0 ? std::max<std::size_t>(received_ / lines_, 1) : 100;
  return buffer_size_ * line / (2 * line + kWriteCost);
}

void EngineProcess::pause(Clock::duration time) {
  const auto until = Clock::now() + time;
  for (auto now = Clock::now(); now < until && interrupt_signal() == 0; now = Clock::now()) {
    std::this_thread::sleep_for(std::min<Clock::duration>(until - now, kWake));
  }
}

bool EngineProcess::reap(std::chrono::milliseconds wait) {
  if (reaped_ || pid_ < 0) return true;
  const auto until = Clock::now() + wait;
  for (;;) {
    const pid_t r = waitpid(pid_, &status_, WNOHANG);
    if (r == pid_ || (r < 0 && errno != EINTR)) {
      reaped_ = true;
      return true;
    }
    if (Clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void EngineProcess::stop(std::chrono::milliseconds grace) {
  if (fd_ >= 0) {
    shutdown(fd_, SHUT_WR);  // the end of its input: a UCI engine quits
  }
  if (!reap(grace) && pid_ > 0) {
    kill(pid_, SIGKILL);
    reap(std::chrono::hours(1));
  }
  if (fd_ >= 0) {
    close(fd_);
    fd_ = -1;
  }
}

std::string EngineProcess::ending() {
  if (!reap(std::chrono::milliseconds(200))) return "";
  if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) {
    return "was killed by signal " + std::to_string(WTERMSIG(status_)) + " (" +
           strsignal(WTERMSIG(status_)) + ")";
  }
  return "ended";
}

}  // namespace egkb
