// A fresh directory per test, named after the test and removed afterwards.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
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

}  // namespace egkb::test
