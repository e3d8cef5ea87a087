// Where input bytes come from: a file (read in chunks, never whole), standard input for "-", or
// text already in memory. Memory stays bounded however large the input is.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace egkb {

class ByteSource {
 public:
  // Opens a file, or standard input when `path` is "-". Throws InputError when the file is
  // missing, is a directory or cannot be read.
  static ByteSource file(const std::string& path);
  // Bytes held by the caller, which outlive the source.
  static ByteSource memory(std::string_view bytes, std::string origin);

  ByteSource(ByteSource&& other) noexcept;
  ByteSource& operator=(ByteSource&&) = delete;
  ByteSource(const ByteSource&) = delete;
  ~ByteSource();

  // Up to `max` bytes into `out`; 0 at the end. Throws IoError when reading fails.
  std::size_t read(char* out, std::size_t max);
  // Everything left, for small inputs (a weights file): throws InputError naming the input when
  // it holds more than `limit` bytes.
  std::string read_all(std::size_t limit);
  // The name messages give this input: the path, "standard input", or the memory's origin.
  const std::string& origin() const { return origin_; }
  // How many bytes are left when that is known (memory), else 0.
  std::size_t known_size() const { return fd_ < 0 ? memory_.size() : 0; }
  // The whole input's size when it is known (memory, a regular file), else 0: a hint for
  // sizing what is read from it, never a limit.
  std::size_t size_hint() const { return size_hint_; }

 private:
  ByteSource(int fd, bool owned, std::string_view memory, std::string origin,
             std::size_t size_hint);

  int fd_;
  bool owned_;
  std::string_view memory_;
  std::string origin_;
  std::size_t size_hint_;
};

}  // namespace egkb
