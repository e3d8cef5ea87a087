// Output files that appear whole or not at all: each is written beside its target and renamed
// into place only when the command has succeeded, together with the others and (for commands
// that also write a store) just after the store's commit.
// Only a regular file is replaced so. Standard output ("-", or a path that is the file standard
// output writes to) and a FIFO or character device are written through in place, their bytes
// held until the command stands; a directory, a socket or a block device is refused
// (docs/formats.md, "Output paths").
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace egkb {

// How an output path is written.
enum class OutputTarget {
  Replaced,        // absent or a regular file: written beside it and renamed in
  WrittenThrough,  // a FIFO or character device: written in place, never replaced
  StandardOutput,  // "-", or the file standard output already writes to
};

// Decides, for every writer, how `path` is written. Throws InputError (exit 2) naming `what`
// when the path is a directory, a socket, a block device or a file system object egkb must not
// touch: outputs never rename over or remove what is there.
OutputTarget output_target(const std::string& path, const std::string& what);

class Outputs {
 public:
  Outputs() = default;
  Outputs(const Outputs&) = delete;
  Outputs& operator=(const Outputs&) = delete;
  // Unless kept: removes what was written and puts back any file a publication replaced.
  ~Outputs();

  // Writes `path` now, into a file beside it; the target itself changes only at publish(), and
  // only if it does not exist then when `replace` is false. A path written through is held and
  // written at keep(). Throws InputError for a path output_target() refuses, IoError when the
  // file cannot be written (a missing folder, a full disk).
  void write(const std::string& path, const std::function<void(std::ostream&)>& writer,
             bool replace = true);

  // A name beside `target` for a file the caller builds itself (a new store), renamed into
  // place at publish() but never over an existing file: a target that appeared meanwhile is an
  // IoError.
  std::string reserve(const std::string& target);

  // Renames every written file into place; a file it replaces is set aside, not deleted.
  void publish();
  // The publication stands: the set-aside files are deleted, the held bytes written.
  void keep();

  // Whether any output goes to standard output, which the command's own report then leaves.
  bool to_standard_output() const { return writes_stdout_; }

 private:
  struct File {
    std::string target;
    std::string temporary;
    std::string set_aside;  // the replaced file, until keep(); empty when there was none
    bool fresh = false;     // must not replace an existing file
    bool published = false;
  };
  // Bytes for a path written through, or for standard output (an empty path).
  struct Held {
    std::string path;
    std::string bytes;
  };
  std::vector<File> files_;
  std::vector<Held> held_;
  bool writes_stdout_ = false;
  bool kept_ = false;
};

// Writes one file so that it appears whole or not at all.
void write_file(const std::string& path, const std::function<void(std::ostream&)>& writer);

// A fresh name in the target's folder for a file that becomes `target` by renaming. Stale ones
// that killed egkb processes left for the same target are removed first.
std::string temporary_beside(const std::string& target);

// Renames `from` to `to` unless `to` exists; returns false when it does. Throws IoError for any
// other failure. The folder is synced, so the rename survives a crash.
bool rename_no_replace(const std::string& from, const std::string& to);

// Whether something exists at `path`; throws InputError naming the path when the file system
// cannot say (a loop of symbolic links, a name too long).
bool path_exists(const std::string& path);

// Throws InputError when output_target() refuses `output`, or when it names one of `inputs` or
// the same file under another name: a command never writes over what it reads. `what` names
// the output in the message. Commands call it before any work.
void check_output(const std::string& output, const std::vector<std::string>& inputs,
                  const std::string& what);

}  // namespace egkb
