#include "tests/support/cli.h"

#include <sys/wait.h>

#include <array>
#include <cstdio>

#include "tests/support/sheets.h"

namespace egkb::test {

Outcome CliTest::run(const std::string& args) const {
  return run_program(std::string(EGKB_BINARY) + " " + args);
}

Outcome CliTest::run_program(const std::string& command) const {
  const std::string err = (dir_ / "stderr.txt").string();
  FILE* pipe = popen((command + " 2>" + err).c_str(), "r");
  std::string out;
  std::array<char, 4096> buffer{};
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WEXITSTATUS(status), out, read_file(err)};
}

void CliTest::synth(const std::string& preset, int seed) const {
  ASSERT_EQ(run("synth --preset " + preset + " --seed " + std::to_string(seed) + " --truth " +
                path("t.csv") + " --out " + path("n.csv"))
                .code,
            0);
}

void CliTest::make_reviewed_store(const std::string& preset, int seed) const {
  synth(preset, seed);
  ASSERT_EQ(run("import " + path("base.sqlite") + " " + path("n.csv")).code, 0);
  ASSERT_EQ(run("sample " + path("base.sqlite") + " --p 0.01 --k 3 --out " + path("b.csv")).code,
            0);
  write("filled.csv", truthful_sheet(path("b.csv"), path("t.csv")));
}

std::string chess_csv() {
  return std::string(EGKB_DATA_DIR) + "/chess-syzygy-6men.csv";
}

}  // namespace egkb::test
