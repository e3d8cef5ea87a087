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

  // A self-signed certificate for 127.0.0.1 and localhost and its key, PEM files made in the
  // test's folder by the openssl program (code 127: openssl is missing).
  Outcome self_signed_certificate(const std::string& certificate, const std::string& key) const;

  // A synthetic base of a preset: its truth t.csv and its noisy rows n.csv.
  void synth(const std::string& preset, int seed) const;
  // A synthetic base with its truth (t.csv, n.csv), imported as base.sqlite, with a drawn batch
  // (b.csv) and that sheet filled with the truth (filled.csv): a store with a review pending.
  void make_reviewed_store(const std::string& preset, int seed) const;
};

// end59's noisy rows (seed 5: t.csv, n.csv) imported into a store, and what a refused command
// must leave: the fault and safety tests refuse commands against it.
class StoreCliTest : public CliTest {
 protected:
  void SetUp() override;

  std::string store() const { return path("s.sqlite"); }

  // A command that must be refused: its exit code, a phrase of its message (egkb's words, never
  // a library's), and every file of the folder as it was, the stores with what their journals
  // hold.
  Outcome expect_refused(const std::string& args, int code, const std::string& says) const;
  static void expect_own_words(const std::string& err);

  // A batch drawn from the store (distance-k, p 0.02, k 3) into the sheet `name`; its path.
  std::string sample(const std::string& name, int seed = 7) const;

  // small.sqlite: four rows, one its own mirror (KRGGKRGG) and one an expert's, all four drawn
  // into the sheet s.csv; its path. egkb sample draws what it draws, so the store is made of
  // few enough rows that any draw holds them all.
  std::string small_store_drawn() const;
};

// The shipped chess data.
std::string chess_csv();

}  // namespace egkb::test
