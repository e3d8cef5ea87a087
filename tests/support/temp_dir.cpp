#include "tests/support/temp_dir.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

namespace egkb::test {

void TempDirTest::SetUp() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  // The process id keeps two suites apart when they run at once (a release and a sanitizer
  // build, two clones).
  dir_ = std::filesystem::temp_directory_path() /
         ("egkb_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
          std::to_string(::getpid()));
  std::filesystem::remove_all(dir_);
  std::filesystem::create_directories(dir_);
}

void TempDirTest::TearDown() {
  std::filesystem::remove_all(dir_);
}

std::string TempDirTest::write(const std::string& name, const std::string& text) const {
  std::ofstream(dir_ / name, std::ios::binary) << text;
  return path(name);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::map<std::string, std::string> folder_files(const std::filesystem::path& folder) {
  std::map<std::string, std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    const auto ends = [&](const std::string& suffix) {
      return name.size() >= suffix.size() &&
             name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    std::error_code ec;  // a symbolic link loop is not a file
    if (!entry.is_regular_file(ec) || name == "stderr.txt" || ends("-wal") || ends("-shm"))
      continue;
    files[name] = read_file(entry.path());
  }
  return files;
}

std::string changed_files(const std::map<std::string, std::string>& before,
                          const std::map<std::string, std::string>& after) {
  std::string names;
  for (const auto& [name, bytes] : before) {
    const auto it = after.find(name);
    if (it == after.end())
      names += " -" + name;
    else if (it->second != bytes)
      names += " ~" + name;
  }
  for (const auto& [name, bytes] : after) {
    if (!before.contains(name)) names += " +" + name;
  }
  return names;
}

}  // namespace egkb::test
