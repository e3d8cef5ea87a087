#include "tests/support/shared_files.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

namespace egkb::test {

namespace fs = std::filesystem;

namespace {

// The binary's modification time and size: a rebuild changes the first.
std::string binary_version() {
  const fs::path binary(EGKB_BINARY);
  return std::to_string(fs::last_write_time(binary).time_since_epoch().count()) + "-" +
         std::to_string(fs::file_size(binary));
}

class FileLock {
 public:
  explicit FileLock(const fs::path& path) : fd_(::open(path.c_str(), O_CREAT | O_RDWR, 0644)) {
    if (fd_ >= 0) ::flock(fd_, LOCK_EX);
  }
  ~FileLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  bool held() const { return fd_ >= 0; }

 private:
  int fd_;
};

}  // namespace

void copy_shared_files(const std::string& name, const std::function<void(const fs::path&)>& make,
                       const fs::path& into) {
  const fs::path root(EGKB_SHARED_FILES_DIR);
  fs::create_directories(root);
  const FileLock lock(root / (name + ".lock"));
  ASSERT_TRUE(lock.held()) << "cannot lock " << root / (name + ".lock");
  const std::string prefix = name + "@";
  const fs::path made = root / (prefix + binary_version());
  if (!fs::exists(made)) {
    // Another binary's files: a rebuilt egkb would leave them behind at every build.
    for (const fs::directory_entry& e : fs::directory_iterator(root)) {
      if (e.path().filename().string().rfind(prefix, 0) == 0) fs::remove_all(e.path());
    }
    const fs::path making = root / (prefix + "making");
    fs::create_directories(making);
    make(making);
    if (::testing::Test::HasFailure()) {
      fs::remove_all(making);
      return;
    }
    fs::rename(making, made);
  }
  for (const fs::directory_entry& e : fs::directory_iterator(made))
    fs::copy_file(e.path(), into / e.path().filename(), fs::copy_options::overwrite_existing);
}

}  // namespace egkb::test
