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

}  // namespace egkb
