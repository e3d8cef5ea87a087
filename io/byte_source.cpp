#include "io/byte_source.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "base/errors.h"

namespace egkb {

ByteSource::ByteSource(int fd, bool owned, std::string_view memory, std::string origin,
                       std::size_t size_hint)
    : fd_(fd), owned_(owned), memory_(memory), origin_(std::move(origin)), size_hint_(size_hint) {}

ByteSource::ByteSource(ByteSource&& other) noexcept
    : fd_(other.fd_),
      owned_(other.owned_),
      memory_(other.memory_),
      origin_(std::move(other.origin_)),
      size_hint_(other.size_hint_) {
  other.owned_ = false;
}

ByteSource::~ByteSource() {
  if (owned_) ::close(fd_);
}

ByteSource ByteSource::file(const std::string& path) {
  if (path == "-") return ByteSource(STDIN_FILENO, false, {}, "standard input", 0);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    throw InputError(path, 0, "",
                     error == ENOENT
                         ? std::string("no such file")
                         : fmt::format("cannot open the file: {}", std::strerror(error)));
  }
  struct stat st {};
  const bool known = ::fstat(fd, &st) == 0;
  if (known && S_ISDIR(st.st_mode)) {
    ::close(fd);
    throw InputError(path, 0, "", "is a directory, not a file");
  }
  const bool regular = known && S_ISREG(st.st_mode);
  // Read once from start to end: the kernel may read ahead further.
  if (regular) ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  return ByteSource(fd, true, {}, path, regular ? static_cast<std::size_t>(st.st_size) : 0);
}

ByteSource ByteSource::memory(std::string_view bytes, std::string origin) {
  return ByteSource(-1, false, bytes, std::move(origin), bytes.size());
}

std::size_t ByteSource::read(char* out, std::size_t max) {
  if (fd_ < 0) {
    const std::size_t n = std::min(max, memory_.size());
    std::memcpy(out, memory_.data(), n);
    memory_.remove_prefix(n);
    return n;
  }
  for (;;) {
    const ssize_t n = ::read(fd_, out, max);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR)
      throw IoError(origin_, fmt::format("cannot read: {}", std::strerror(errno)));
  }
}

std::string ByteSource::read_all(std::size_t limit) {
  std::string bytes;
  char chunk[1 << 14];
  while (const std::size_t n = read(chunk, sizeof chunk)) {
    if (bytes.size() + n > limit) {
      throw InputError(origin_, 0, "",
                       fmt::format("larger than {} bytes; not a file egkb reads whole", limit));
    }
    bytes.append(chunk, n);
  }
  return bytes;
}

}  // namespace egkb
