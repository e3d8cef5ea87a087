// Runs a program as a user would, from a fresh directory per test: exit code, stdout, stderr.
#pragma once

#include <string>

#include "tests/support/temp_dir.h"

namespace egkb::test {

struct Outcome {
  int code;
  std::string out;
  std::string err;
};

class CliTest : public TempDirTest {
 protected:
  // `egkb ARGS`.
  Outcome run(const std::string& args) const;
  // Any command line, e.g. another program built with the tests.
  Outcome run_program(const std::string& command) const;

  // A synthetic base of a preset: its truth t.csv and its noisy rows n.csv.
  void synth(const std::string& preset, int seed) const;
  // A synthetic base with its truth (t.csv, n.csv), imported as base.sqlite, with a drawn batch
  // (b.csv) and that sheet filled with the truth (filled.csv): a store with a review pending.
  void make_reviewed_store(const std::string& preset, int seed) const;
};

// The shipped chess data.
std::string chess_csv();

}  // namespace egkb::test
