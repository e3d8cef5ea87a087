#include "base/interrupt.h"

#include <signal.h>

#include <atomic>

namespace egkb {

namespace {

std::atomic<int> noted{0};
static_assert(std::atomic<int>::is_always_lock_free, "read and written in a signal handler");

void note(int signal) {
  noted.store(signal, std::memory_order_relaxed);
}

}  // namespace

std::string signal_name(int signal) {
  return signal == SIGINT ? "Ctrl-C (SIGINT)" : "SIGTERM";
}

Interrupted::Interrupted(int signal, std::string kept)
    : std::runtime_error("interrupted by " + signal_name(signal)),
      signal_(signal),
      kept_(std::move(kept)) {}

void catch_interrupts() {
  struct sigaction action {};
  action.sa_handler = note;
  sigemptyset(&action.sa_mask);
  // SA_RESETHAND: the second signal finds the default action, which ends the process; SA_RESTART:
  // a read or write the signal lands in goes on, and the next safe point stops the work.
  action.sa_flags = SA_RESETHAND | SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int interrupt_signal() {
  return noted.load(std::memory_order_relaxed);
}

void stop_if_interrupted() {
  if (const int signal = interrupt_signal()) throw Interrupted(signal);
}

}  // namespace egkb
