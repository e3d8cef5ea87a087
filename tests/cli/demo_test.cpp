// `egkb demo`, the first thing the README has a new user run: the whole loop on the shipped
// data, from the chess conflicts to a probe of the exported table.
#include <gtest/gtest.h>

#include "tests/support/cli.h"

namespace egkb {
namespace {

using test::Outcome;
using Demo = test::CliTest;

TEST_F(Demo, RunsOnTheShippedData) {
  const Outcome r = run("demo");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("1000 nodes"), std::string::npos);
  EXPECT_NE(r.out.find("endall (seed 1): xiangqi pieces, 63423 nodes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("D>=4"), std::string::npos);
  EXPECT_NE(r.out.find("0 inconsistent nodes left"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("rows reviewed; estimated errors"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("63423 materials in a table of"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("probe KRKNMM"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace egkb
