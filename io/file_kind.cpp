#include "io/file_kind.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "base/errors.h"

namespace egkb {

namespace {

FileKind kind_of(mode_t mode) {
  switch (mode & S_IFMT) {
    case S_IFREG:
      return FileKind::Regular;
    case S_IFDIR:
      return FileKind::Directory;
    case S_IFIFO:
      return FileKind::Fifo;
    case S_IFCHR:
      return FileKind::CharacterDevice;
    case S_IFBLK:
      return FileKind::BlockDevice;
    case S_IFSOCK:
      return FileKind::Socket;
    default:
      return FileKind::Other;
  }
}

}  // namespace

FileStatus file_status(const std::string& path, const std::string& what) {
  struct stat file;
  if (::stat(path.c_str(), &file) != 0) {
    if (errno == ENOENT) return {};
    throw InputError(path, 0, what, fmt::format("cannot use this path: {}", std::strerror(errno)));
  }
  return {kind_of(file.st_mode), file.st_dev, file.st_ino};
}

std::string_view file_kind_name(FileKind kind) {
  switch (kind) {
    case FileKind::Absent:
      return "absent";
    case FileKind::Regular:
      return "a regular file";
    case FileKind::Directory:
      return "a directory";
    case FileKind::Fifo:
      return "a FIFO (a named pipe)";
    case FileKind::CharacterDevice:
      return "a character device";
    case FileKind::BlockDevice:
      return "a block device";
    case FileKind::Socket:
      return "a socket";
    case FileKind::Other:
      return "a file of a kind egkb does not know";
  }
  return "";
}

}  // namespace egkb
