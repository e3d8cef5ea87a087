// What a path names, as the file system says (following symbolic links): the one classification
// by which outputs are written (io/output_files.h) and stores are opened (store/session.cpp).
#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>

#include "base/name_table.h"

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

// As messages name each kind after "is".
inline constexpr auto kFileKinds = name_table<FileKind>({
    {FileKind::Absent, "absent"},
    {FileKind::Regular, "a regular file"},
    {FileKind::Directory, "a directory"},
    {FileKind::Fifo, "a FIFO (a named pipe)"},
    {FileKind::CharacterDevice, "a character device"},
    {FileKind::BlockDevice, "a block device"},
    {FileKind::Socket, "a socket"},
    {FileKind::Other, "a file of a kind egkb does not know"},
});

constexpr std::string_view file_kind_name(FileKind kind) {
  return kFileKinds.name(kind);
}

}  // namespace egkb
