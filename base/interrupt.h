// Ctrl-C and SIGTERM as a failure like any other: the first signal is only noted, and the work
// stops at its next safe point by throwing Interrupted, so that the same unwinding that undoes a
// failed command (outputs removed, the store's transaction rolled back) undoes an interrupted
// one. A second signal ends the process at once, as the user asked twice.
#pragma once

#include <stdexcept>
#include <string>

namespace egkb {

// The work stopped on a signal; exit code 128 + the signal's number (130 for SIGINT, 143 for
// SIGTERM), as a shell reports a process the signal killed.
class Interrupted : public std::runtime_error {
 public:
  // `kept`: what the work keeps of itself (evidence keeps each material searched); empty when
  // it leaves everything as it was.
  explicit Interrupted(int signal, std::string kept = "");
  int signal() const { return signal_; }
  int exit_code() const { return 128 + signal_; }
  const std::string& kept() const { return kept_; }

 private:
  int signal_;
  std::string kept_;
};

// "Ctrl-C (SIGINT)" or "SIGTERM", as messages name them.
std::string signal_name(int signal);

// Notes SIGINT and SIGTERM from now on; the process's first call, before any work.
void catch_interrupts();

// The signal noted, or 0.
int interrupt_signal();

// A safe point: throws Interrupted when a signal was noted.
void stop_if_interrupted();

}  // namespace egkb
