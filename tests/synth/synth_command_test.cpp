// `egkb synth --truth-model`: the default keeps every byte it wrote before the option existed.
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/cli.h"

namespace egkb {
namespace {

using test::Outcome;
using SynthCommand = test::CliTest;

// FNV-1a, 64 bits: enough to tell two multi-megabyte files apart in a test.
uint64_t fingerprint(const std::string& bytes) {
  uint64_t h = 14695981039346656037ull;
  for (const unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
  return h;
}

// The fingerprints of the files `synth --preset endall --seed 1` wrote at main d701852, before
// the option: truth, then noisy rows (1,604,569 bytes each).
constexpr uint64_t kMainEndallTruth = 0xab9057ce107ecea8ull;
constexpr uint64_t kMainEndallNoisy = 0xacf5c26ffa8e2777ull;

TEST_F(SynthCommand, DefaultTruthKeepsTheBytesMainWrote) {
  for (const char* model : {"", " --truth-model additive"}) {
    const Outcome r = run(std::string("synth --preset endall --seed 1") + model + " --truth " +
                          path("t.csv") + " --out " + path("n.csv"));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(fingerprint(test::read_file(path("t.csv"))), kMainEndallTruth) << model;
    EXPECT_EQ(fingerprint(test::read_file(path("n.csv"))), kMainEndallNoisy) << model;
    EXPECT_NE(r.out.find("endall (seed 1, noise paper): 63423 rows"), std::string::npos) << r.out;
  }
}

// The score of `material` in a CSV base, or -1.
int score_in_csv(const std::string& csv, const std::string& material) {
  const std::size_t at = csv.find("\n" + material + ",");
  return at == std::string::npos ? -1 : csv[at + material.size() + 2] - '0';
}

TEST_F(SynthCommand, InterplayTruthIsReproducibleAndScoresItsFortresses) {
  const std::string args = "synth --preset end65 --seed 2 --truth-model interplay --json --out ";
  const Outcome first = run(args + path("n.csv") + " --truth " + path("t.csv"));
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_EQ(nlohmann::json::parse(first.out)["truth_model"], "interplay");
  ASSERT_EQ(run(args + path("n2.csv") + " --truth " + path("t2.csv")).code, 0);
  EXPECT_EQ(test::read_file(path("t.csv")), test::read_file(path("t2.csv")));
  EXPECT_EQ(test::read_file(path("n.csv")), test::read_file(path("n2.csv")));

  ASSERT_EQ(
      run("synth --preset end65 --seed 2 --out " + path("an.csv") + " --truth " + path("at.csv"))
          .code,
      0);
  const std::string interplay = test::read_file(path("t.csv"));
  const std::string additive = test::read_file(path("at.csv"));
  // A lone rook against the full defence: a fortress in the interplay truth (5, almost a draw),
  // won in most cases in the additive one.
  EXPECT_EQ(score_in_csv(interplay, "KRKGGMM"), 5);
  EXPECT_EQ(score_in_csv(additive, "KRKGGMM"), 1);
  EXPECT_EQ(score_in_csv(interplay, "KPPKGM"), 5);
}

TEST_F(SynthCommand, NamesTheInterplayTruthInItsReport) {
  const Outcome r = run("synth --preset end60 --truth-model interplay --truth " + path("t.csv") +
                        " --out " + path("n.csv"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("end60 (seed 1, noise paper, interplay truth): 486 rows"), std::string::npos)
      << r.out;
}

TEST_F(SynthCommand, RefusesATruthModelForABaseOfOnesOwn) {
  const std::string base = write("base.csv", "material,score\nKRK,0\nKKR,9\n");
  const Outcome r = run("synth " + base + " --truth-model interplay --truth " + path("t.csv") +
                        " --out " + path("n.csv"));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("--truth-model"), std::string::npos) << r.err;
  EXPECT_EQ(test::read_file(path("t.csv")), "");
  EXPECT_EQ(run("synth --preset end60 --truth-model linear --truth " + path("t.csv") + " --out " +
                path("n.csv"))
                .code,
            2);
}

}  // namespace
}  // namespace egkb
