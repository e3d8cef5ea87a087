#include "tests/support/cli.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>

#include "tests/support/shared_files.h"
#include "tests/support/sheets.h"
#include "tests/support/store_oracle.h"

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

void StoreCliTest::SetUp() {
  CliTest::SetUp();
  copy_shared_files(
      "end59-seed5-store",
      [this](const std::filesystem::path& made) {
        const std::string truth = (made / "t.csv").string(), noisy = (made / "n.csv").string();
        ASSERT_EQ(run("synth --preset end59 --seed 5 --truth " + truth + " --out " + noisy).code,
                  0);
        ASSERT_EQ(run("import " + (made / "s.sqlite").string() + " " + noisy).code, 0);
      },
      dir_);
}

Outcome CliTest::self_signed_certificate(const std::string& certificate,
                                         const std::string& key) const {
  return run_program(
      "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 "
      "-subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout " +
      path(key) + " -out " + path(certificate));
}

Outcome StoreCliTest::expect_refused(const std::string& args, int code,
                                     const std::string& says) const {
  const auto before = folder_files_checkpointed(dir_);
  const Outcome r = run(args);
  EXPECT_EQ(r.code, code) << args << "\n" << r.err;
  EXPECT_NE(r.err.find(says), std::string::npos) << args << "\n" << r.err;
  EXPECT_EQ(r.err.rfind("egkb: error: ", 0), 0u) << r.err;
  expect_own_words(r.err);
  EXPECT_EQ(changed_files(before, folder_files_checkpointed(dir_)), "") << args;
  return r;
}

void StoreCliTest::expect_own_words(const std::string& err) {
  for (const char* library : {"json.exception", "stoll", "stoi", "internal error", "SQLite"}) {
    EXPECT_EQ(err.find(library), std::string::npos) << err;
  }
}

std::string StoreCliTest::sample(const std::string& name, int seed) const {
  const Outcome r = run("sample " + store() + " --p 0.02 --k 3 --seed " + std::to_string(seed) +
                        " --out " + path(name));
  EXPECT_EQ(r.code, 0) << r.err;
  return path(name);
}

std::string StoreCliTest::small_store_drawn() const {
  const std::string kb = write("small.csv",
                               "material,score,source\nKRGGKRGG,4,generated\nKRK,0,generated\n"
                               "KRKP,1,expert\nKRPK,0,generated\n");
  const std::string small = path("small.sqlite");
  EXPECT_EQ(run("import " + small + " " + kb).code, 0);
  EXPECT_EQ(run("sample " + small + " --size 4 --k 1 --out " + path("s.csv")).code, 0);
  return small;
}

std::string chess_csv() {
  return std::string(EGKB_DATA_DIR) + "/chess-syzygy-6men.csv";
}

}  // namespace egkb::test
