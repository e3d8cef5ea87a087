// A store other people read (issue 23): a user who may not write the store or its folder reads
// it, leaves no file behind, and the owner's next write still works. The readers run as
// `nobody` through setpriv, so these tests need root; they say so and skip otherwise.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "tests/support/cli.h"
#include "tests/support/store_oracle.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;
using test::Outcome;

class SharedStore : public test::CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    if (::geteuid() != 0 || !fs::exists("/usr/bin/setpriv"))
      GTEST_SKIP() << "running a reader as another user needs root and setpriv";
    synth("end59", 5);
    ASSERT_EQ(run("import " + store() + " " + path("n.csv")).code, 0);
  }

  void TearDown() override {
    fs::permissions(dir_, fs::perms::owner_all);
    CliTest::TearDown();
  }

  std::string store() const { return path("s.sqlite"); }

  // `egkb ARGS` as the user nobody.
  Outcome as_nobody(const std::string& args) const {
    return run_program("/usr/bin/setpriv --reuid=nobody --regid=nogroup --clear-groups " +
                       std::string(EGKB_BINARY) + " " + args);
  }

  // The folder's entries with their owners: what a reader must leave as it found.
  std::map<std::string, uid_t> owners() const {
    std::map<std::string, uid_t> found;
    for (const auto& entry : fs::directory_iterator(dir_)) {
      struct stat st;
      if (::stat(entry.path().c_str(), &st) == 0) found[entry.path().filename()] = st.st_uid;
    }
    found.erase("stderr.txt");
    return found;
  }

  void expect_reads_leaving_nothing() const {
    const auto before = owners();
    const Outcome conflicts = as_nobody("conflicts " + store() + " --json");
    EXPECT_EQ(conflicts.code, 0) << conflicts.err;
    EXPECT_NE(conflicts.out.find("\"inconsistent_nodes\""), std::string::npos);
    const Outcome exported =
        as_nobody("export " + store() + " --format csv --allow-conflicts --out -");
    EXPECT_EQ(exported.code, 0) << exported.err;
    EXPECT_GT(exported.out.size(), 1000u);
    EXPECT_EQ(owners(), before) << "the reader left or took a file";
  }
};

TEST_F(SharedStore, AReaderInASharedFolderLeavesNothingTheOwnerCannotUse) {
  fs::permissions(dir_, fs::perms::all | fs::perms::sticky_bit);
  // A store just imported has no journal files beside it; one the owner has used keeps them.
  ASSERT_FALSE(fs::exists(store() + "-wal"));
  expect_reads_leaving_nothing();
  ASSERT_EQ(run("conflicts " + store()).code, 0);
  ASSERT_TRUE(fs::exists(store() + "-shm"));
  expect_reads_leaving_nothing();

  const Outcome refused = as_nobody("reduce " + store() + " --method ra");
  EXPECT_EQ(refused.code, 3);
  EXPECT_NE(refused.err.find("read-only here"), std::string::npos) << refused.err;
  const Outcome owner = run("reduce " + store() + " --method ra");
  EXPECT_EQ(owner.code, 0) << owner.err;
  EXPECT_EQ(test::query_number(store(), "SELECT count(*) FROM runs"), 2);
  expect_reads_leaving_nothing();
}

TEST_F(SharedStore, AStoreInstalledReadOnlyIsReadByAnyone) {
  for (const bool journal_files : {false, true}) {
    fs::permissions(dir_, fs::perms::owner_all);
    if (journal_files) {
      ASSERT_EQ(run("conflicts " + store()).code, 0);
    }
    fs::permissions(store(),
                    fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    fs::permissions(dir_, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                              fs::perms::group_exec | fs::perms::others_read |
                              fs::perms::others_exec);
    expect_reads_leaving_nothing();
    const Outcome refused = as_nobody("reduce " + store() + " --method ra");
    EXPECT_EQ(refused.code, 3) << refused.err;
    EXPECT_NE(refused.err.find("read-only here"), std::string::npos) << refused.err;
  }
}

}  // namespace
}  // namespace egkb
