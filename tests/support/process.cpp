#include "tests/support/process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <thread>

namespace egkb::test {

Process::Process(const std::vector<std::string>& args, const std::string& out,
                 const std::string& err, const std::vector<std::string>& runner) {
  std::vector<std::string> argv_text = runner;
  argv_text.push_back(EGKB_BINARY);
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    ::setpgid(0, 0);
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(o, STDOUT_FILENO);
    ::dup2(e, STDERR_FILENO);
    std::vector<char*> argv;
    for (std::string& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::setpgid(pid_, pid_);  // as the child does: whichever runs first, the group is there
}

Process::~Process() {
  if (status_ < 0) {
    ::kill(pid_, SIGKILL);
    wait();
  }
}

int Process::wait() {
  if (status_ < 0) {
    int raw = 0;
    while (::waitpid(pid_, &raw, 0) < 0) {
      if (errno != EINTR) throw std::runtime_error("waitpid failed");
    }
    status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  }
  return status_;
}

std::optional<int> Process::wait_for(std::chrono::milliseconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (status_ < 0) {
    int raw = 0;
    const pid_t r = ::waitpid(pid_, &raw, WNOHANG);
    if (r == pid_) {
      status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    } else if (r < 0 && errno != EINTR) {
      throw std::runtime_error("waitpid failed");
    } else if (std::chrono::steady_clock::now() >= until) {
      return std::nullopt;
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  return status_;
}

void Process::send_signal(int signal) {
  ::kill(pid_, signal);
}

void Process::signal_group(int signal) {
  ::kill(-pid_, signal);
}

void Process::kill_hard() {
  ::kill(pid_, SIGKILL);
}

}  // namespace egkb::test
