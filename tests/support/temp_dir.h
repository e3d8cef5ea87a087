// A fresh directory per test, named after the test and removed afterwards.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

namespace egkb::test {

class TempDirTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // Writes `text` to a file in the directory and returns its path.
  std::string write(const std::string& name, const std::string& text) const;

  std::filesystem::path dir_;
};

// The whole file as bytes; empty when it does not exist.
std::string read_file(const std::string& path);

// Every file of a folder by name with its bytes: what "nothing changed" compares. A store's
// journal side files and the runner's stderr.txt are left out.
std::map<std::string, std::string> folder_files(const std::filesystem::path& folder);

// The names of the files that differ between two folder_files() results.
std::string changed_files(const std::map<std::string, std::string>& before,
                          const std::map<std::string, std::string>& after);

}  // namespace egkb::test
