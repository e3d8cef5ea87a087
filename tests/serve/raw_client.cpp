#include "tests/serve/raw_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>

#include "base/text.h"

namespace egkb::test {

RawConnection::RawConnection(const std::string& address, int port) {
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<uint16_t>(port));
  if (inet_pton(AF_INET, address.c_str(), &to.sin_addr) != 1) return;
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  const timeval wait{10, 0};
  setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  if (::connect(fd_, reinterpret_cast<const sockaddr*>(&to), sizeof to) != 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

RawConnection::~RawConnection() {
  if (fd_ >= 0) ::close(fd_);
}

bool RawConnection::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

RawAnswer RawConnection::answer() {
  RawAnswer answer;
  std::size_t head_end = std::string::npos;
  std::size_t length = 0;
  for (;;) {
    if (head_end == std::string::npos) {
      head_end = received_.find("\r\n\r\n");
      if (head_end != std::string::npos) {
        if (received_.starts_with("HTTP/1.1 ")) answer.status = std::atoi(received_.c_str() + 9);
        const std::string head = lowercase(received_.substr(0, head_end));
        const std::size_t field = head.find("\r\ncontent-length:");
        if (field != std::string::npos)
          length = std::strtoul(head.c_str() + field + 17, nullptr, 10);
        head_end += 4;
      }
    }
    if (head_end != std::string::npos && received_.size() >= head_end + length) {
      answer.body = received_.substr(head_end, length);
      received_.erase(0, head_end + length);
      return answer;
    }
    char buffer[4096];
    const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) return answer;
    received_.append(buffer, static_cast<std::size_t>(n));
  }
}

bool RawConnection::ended_within(int milliseconds) {
  pollfd fd{fd_, POLLIN, 0};
  return ::poll(&fd, 1, milliseconds) > 0;
}

RawAnswer raw_request(int port, std::string_view bytes, const std::string& address) {
  RawConnection connection(address, port);
  if (!connection.connected() || !connection.send(bytes)) return {};
  return connection.answer();
}

}  // namespace egkb::test
