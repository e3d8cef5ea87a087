// What a path names, as the file system says (following symbolic links): the one classification
// by which outputs are written (io/output_files.h) and stores are opened (store/session.cpp).
#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>

namespace egkb {

enum class FileKind {
  Absent,
  Regular,
  Directory,
  Fifo,
  CharacterDevice,
  BlockDevice,
  Socket,
  Other
};

struct FileStatus {
  FileKind kind = FileKind::Absent;
  dev_t device = 0;  // with the inode, which file it is; 0 when absent
  ino_t inode = 0;
};

// Throws InputError naming `path` and `what` when the file system cannot say (no permission to
// search a folder on the way, a loop of symbolic links, a name too long).
FileStatus file_status(const std::string& path, const std::string& what);

// As messages name it after "is": "a directory", "a FIFO", "a socket", ...
std::string_view file_kind_name(FileKind kind);

}  // namespace egkb
