#include "io/output_files.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "base/errors.h"
#include "base/interrupt.h"
#include "base/text.h"
#include "io/file_kind.h"

namespace egkb {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTag = ".egkb-";

// `.name.egkb-` : every temporary for `target` starts so, followed by the writer's pid.
std::string temporary_prefix(const fs::path& target) {
  return fmt::format(".{}{}", target.filename().string(), kTag);
}

void sync_folder(const fs::path& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Flushes a closed file to the disk, so a crash after the rename cannot leave it empty.
void sync_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Removes temporaries of `target` whose writer no longer runs (a kill -9 leaves them behind).
void remove_stale(const fs::path& target) {
  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  const std::string prefix = temporary_prefix(target);
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
    if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
      std::error_code ignored;
      fs::remove(it->path(), ignored);
    }
  }
}

// Whether `file` is what standard output writes to: `--out /dev/stdout`, or a link to it.
bool is_standard_output(const FileStatus& file) {
  struct stat out;
  return ::fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == file.device && out.st_ino == file.inode;
}

// Called once the command's work is kept: what a signal leaves while a FIFO waits for its reader.
[[noreturn]] void stop_unread(const std::string& path, int signal) {
  throw Interrupted(signal, fmt::format("nothing was written to {} (no reader opened it); the "
                                        "command's other outputs and store changes are kept",
                                        path));
}

// Opens a FIFO or device for writing. A FIFO without a reader would block open() past Ctrl-C
// (the handler restarts it), so it is opened without blocking and tried again until a reader
// comes or a signal is noted.
int open_for_writing(const std::string& path) {
  for (;;) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
      ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
      return fd;
    }
    if (errno != ENXIO && errno != EINTR) {
      throw IoError(path, fmt::format("cannot write: {}", std::strerror(errno)));
    }
    if (const int signal = interrupt_signal()) stop_unread(path, signal);
    ::usleep(20'000);
  }
}

// Writes all of `bytes` to an existing FIFO or device, in place.
void write_through(const std::string& path, std::string_view bytes) {
  const int fd = open_for_writing(path);
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = errno;
      ::close(fd);
      throw IoError(path, fmt::format("cannot write: {}", std::strerror(error)));
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  ::close(fd);
}

// The path a regular file is renamed to: a symbolic link stays and its target is replaced.
std::string final_path(const std::string& path) {
  struct stat link;
  if (::lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return path;
  std::error_code ec;
  const fs::path target = fs::weakly_canonical(path, ec);
  return ec ? path : target.string();
}

}  // namespace

OutputTarget output_target(const std::string& path, const std::string& what) {
  if (path == "-") return OutputTarget::StandardOutput;
  const FileStatus file = file_status(path, what);
  if (file.kind == FileKind::Absent) return OutputTarget::Replaced;
  if (is_standard_output(file)) return OutputTarget::StandardOutput;
  if (file.kind == FileKind::Regular) return OutputTarget::Replaced;
  if (file.kind == FileKind::Fifo || file.kind == FileKind::CharacterDevice)
    return OutputTarget::WrittenThrough;
  throw InputError(path, 0, what,
                   fmt::format("is {}: name a regular file (it is left as it is), a pipe, or - "
                               "for standard output",
                               file_kind_name(file.kind)));
}

std::string temporary_beside(const std::string& target) {
  static std::atomic<unsigned> counter{0};
  const fs::path path(target);
  remove_stale(path);
  return (path.parent_path() /
          fmt::format("{}{}-{}.tmp", temporary_prefix(path), ::getpid(), counter++))
      .string();
}

bool rename_no_replace(const std::string& from, const std::string& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) != 0) {
    if (errno == EEXIST) return false;
    throw IoError(to, fmt::format("cannot move the new file into place: {}", std::strerror(errno)));
  }
  sync_folder(fs::path(to).parent_path());
  return true;
}

Outputs::~Outputs() {
  if (kept_) return;
  std::error_code ignored;
  for (auto it = files_.rbegin(); it != files_.rend(); ++it) {
    if (it->published) {
      fs::remove(it->target, ignored);
      if (!it->set_aside.empty()) fs::rename(it->set_aside, it->target, ignored);
    } else {
      // A reserved file may be a SQLite database with its journal beside it.
      for (const char* suffix : {"", "-journal", "-wal", "-shm"})
        fs::remove(it->temporary + suffix, ignored);
    }
  }
}

std::string Outputs::reserve(const std::string& target) {
  if (output_target(target, "") != OutputTarget::Replaced || path_exists(target)) {
    throw InputError(target, 0, "", "exists already; remove it or name a new file");
  }
  const std::string temporary = temporary_beside(target);
  // Made empty now, so a folder that cannot take the file is named before any work is done.
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    throw IoError(target, fmt::format("cannot write the file: {}", std::strerror(errno)));
  }
  ::close(fd);
  files_.push_back({target, temporary, "", true, false});
  return temporary;
}

void Outputs::write(const std::string& path, const std::function<void(std::ostream&)>& writer,
                    bool replace) {
  const OutputTarget target = output_target(path, "");
  if (target != OutputTarget::Replaced) {
    std::ostringstream held;
    writer(held);
    const bool standard = target == OutputTarget::StandardOutput;
    held_.push_back({standard ? "" : path, std::move(held).str()});
    writes_stdout_ = writes_stdout_ || standard;
    return;
  }
  const std::string final = final_path(path);
  File file{final, temporary_beside(final), "", !replace, false};
  std::ofstream out(file.temporary, std::ios::binary | std::ios::trunc);
  if (!out) throw IoError(path, fmt::format("cannot write the file: {}", std::strerror(errno)));
  files_.push_back(file);
  writer(out);
  out.close();
  if (!out) throw IoError(path, "cannot write the file (is the disk full?)");
  sync_file(files_.back().temporary);
}

void Outputs::publish() {
  for (File& file : files_) {
    std::error_code ec;
    if (file.fresh) {
      if (!rename_no_replace(file.temporary, file.target)) {
        throw IoError(file.target,
                      "another command created this file while this one ran; it was left as it "
                      "is; run the command again");
      }
      file.published = true;
      continue;
    }
    if (fs::exists(file.target, ec)) {
      file.set_aside = temporary_beside(file.target);
      fs::rename(file.target, file.set_aside, ec);
      if (ec) {
        file.set_aside.clear();
        throw IoError(file.target, fmt::format("cannot replace the file: {}", ec.message()));
      }
    }
    fs::rename(file.temporary, file.target, ec);
    if (ec) {
      if (!file.set_aside.empty()) fs::rename(file.set_aside, file.target, ec);
      file.set_aside.clear();
      throw IoError(file.target, fmt::format("cannot move the file into place: {}", ec.message()));
    }
    file.published = true;
    sync_folder(fs::path(file.target).parent_path());
  }
}

void Outputs::keep() {
  kept_ = true;
  std::error_code ignored;
  for (const File& file : files_) {
    if (!file.set_aside.empty()) fs::remove(file.set_aside, ignored);
  }
  for (const Held& held : held_) {
    if (!held.path.empty()) {
      write_through(held.path, held.bytes);
      continue;
    }
    std::cout.write(held.bytes.data(), static_cast<std::streamsize>(held.bytes.size()));
    std::cout.flush();
    if (!std::cout) throw IoError("standard output", "cannot write");
  }
}

void write_file(const std::string& path, const std::function<void(std::ostream&)>& writer) {
  Outputs outputs;
  outputs.write(path, writer);
  outputs.publish();
  outputs.keep();
}

bool path_exists(const std::string& path) {
  std::error_code ec;
  const bool exists = fs::exists(path, ec);
  if (ec) throw InputError(path, 0, "", fmt::format("cannot use this path: {}", ec.message()));
  return exists;
}

void check_output(const std::string& output, const std::vector<std::string>& inputs,
                  const std::string& what) {
  if (output == "-") return;  // standard output is never an input
  std::error_code ec;
  const fs::path out = fs::weakly_canonical(output, ec);
  for (const std::string& input : inputs) {
    std::error_code ec2;
    const bool same =
        (!ec && fs::weakly_canonical(input, ec2) == out && !ec2) ||
        (fs::exists(output, ec2) && fs::exists(input, ec2) && fs::equivalent(output, input, ec2));
    if (same) {
      throw InputError(output, 0, what,
                       fmt::format("is also an input of this command ({}); name another file, "
                                   "so nothing it reads is overwritten",
                                   path_text(input)));
    }
  }
}

}  // namespace egkb
