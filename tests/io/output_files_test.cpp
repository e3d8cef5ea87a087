// Outputs appear whole or not at all, and a publication can be taken back.
#include "io/output_files.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "base/errors.h"
#include "tests/support/temp_dir.h"

namespace egkb {
namespace {

namespace fs = std::filesystem;

class OutputFiles : public test::TempDirTest {};

auto text(const std::string& s) {
  return [s](std::ostream& out) { out << s; };
}

TEST_F(OutputFiles, NothingAppearsBeforePublishAndNothingStaysWithoutIt) {
  {
    Outputs outputs;
    outputs.write(path("a.txt"), text("new"));
    EXPECT_FALSE(fs::exists(path("a.txt")));
  }
  EXPECT_TRUE(fs::is_empty(dir_)) << "no temporary left";
  write_file(path("a.txt"), text("new"));
  EXPECT_EQ(test::read_file(path("a.txt")), "new");
}

TEST_F(OutputFiles, AWriterThatThrowsLeavesNoFile) {
  EXPECT_THROW(write_file(path("a.txt"),
                          [](std::ostream& out) {
                            out << "half";
                            throw std::runtime_error("the writer failed");
                          }),
               std::runtime_error);
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(OutputFiles, APublicationNotKeptPutsBackWhatItReplaced) {
  write("a.txt", "old");
  {
    Outputs outputs;
    outputs.write(path("a.txt"), text("new"));
    outputs.write(path("b.txt"), text("fresh"));
    outputs.publish();
    EXPECT_EQ(test::read_file(path("a.txt")), "new");
  }  // the store's commit failed: not kept
  EXPECT_EQ(test::read_file(path("a.txt")), "old");
  EXPECT_FALSE(fs::exists(path("b.txt")));
  EXPECT_EQ(test::folder_files(dir_).size(), 1u);
}

TEST_F(OutputFiles, ANewOnlyFileIsNotWrittenOverOneThatAppeared) {
  Outputs outputs;
  outputs.write(path("sheet.csv"), text("mine"), false);
  write("sheet.csv", "a reviewer's verdicts");
  EXPECT_THROW(outputs.publish(), IoError);
  EXPECT_EQ(test::read_file(path("sheet.csv")), "a reviewer's verdicts");
}

TEST_F(OutputFiles, AMissingFolderIsAnIoErrorBeforeAnyWork) {
  Outputs outputs;
  EXPECT_THROW(outputs.write(path("nodir/a.txt"), text("x")), IoError);
  EXPECT_THROW(outputs.reserve(path("nodir/s.sqlite")), IoError);
}

TEST_F(OutputFiles, TemporariesOfDeadWritersAreRemovedNotThoseOfLiveOnes) {
  const pid_t dead = 999999;  // no process has it: checked below
  ASSERT_NE(::kill(dead, 0), 0);
  write(".a.txt.egkb-999999-0.tmp", "left by a kill -9");
  write(".a.txt.egkb-" + std::to_string(::getpid()) + "-77.tmp", "being written");
  write_file(path("a.txt"), text("x"));
  EXPECT_FALSE(fs::exists(path(".a.txt.egkb-999999-0.tmp")));
  EXPECT_TRUE(fs::exists(path(".a.txt.egkb-" + std::to_string(::getpid()) + "-77.tmp")));
}

TEST_F(OutputFiles, AnInputIsNeverAnOutputUnderAnyName) {
  write("kb.csv", "x");
  fs::create_symlink(path("kb.csv"), path("link.csv"));
  EXPECT_THROW(check_output(path("kb.csv"), {path("kb.csv")}, "out"), InputError);
  EXPECT_THROW(check_output(dir_.string() + "/./kb.csv", {path("kb.csv")}, "out"), InputError);
  EXPECT_THROW(check_output(path("link.csv"), {path("kb.csv")}, "out"), InputError);
  EXPECT_NO_THROW(check_output(path("other.csv"), {path("kb.csv")}, "out"));
}

TEST_F(OutputFiles, OnlyARegularFileIsReplacedAndNothingElseIsRenamedOrRemoved) {
  write("a.txt", "x");
  fs::create_directory(path("d"));
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0644), 0);
  EXPECT_EQ(output_target(path("a.txt"), "--out"), OutputTarget::Replaced);
  EXPECT_EQ(output_target(path("new.txt"), "--out"), OutputTarget::Replaced);
  EXPECT_EQ(output_target("-", "--out"), OutputTarget::StandardOutput);
  EXPECT_EQ(output_target(path("fifo"), "--out"), OutputTarget::WrittenThrough);
  EXPECT_EQ(output_target("/dev/null", "--out"), OutputTarget::WrittenThrough);
  EXPECT_THROW(output_target(path("d"), "--out"), InputError);
  EXPECT_THROW(Outputs().write(path("d"), text("x")), InputError);
  EXPECT_THROW(Outputs().reserve(path("d")), InputError);
  EXPECT_THROW(Outputs().reserve(path("a.txt")), InputError);
  EXPECT_TRUE(fs::is_directory(path("d")));
  EXPECT_TRUE(fs::is_fifo(path("fifo")));
}

TEST_F(OutputFiles, APathTheFileSystemCannotJudgeIsAnInputError) {
  fs::create_symlink(path("loop"), path("loop"));
  EXPECT_THROW(path_exists(path("loop/x.sqlite")), InputError);
  EXPECT_FALSE(path_exists(path("nothing")));
}

}  // namespace
}  // namespace egkb
