// A connection to the review server written by hand on a plain socket, so a test can send bytes
// no HTTP client would: undecodable paths, broken request lines, a request a byte at a time.
#pragma once

#include <string>
#include <string_view>

namespace egkb::test {

struct RawAnswer {
  int status = 0;  // 0: the connection ended before an answer's head
  std::string body;
};

class RawConnection {
 public:
  // Connects to `address` (IPv4); reads wait at most 10 s.
  RawConnection(const std::string& address, int port);
  ~RawConnection();
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  bool connected() const { return fd_ >= 0; }
  // False when the server has closed the connection.
  bool send(std::string_view bytes);
  // The next answer, its body read to its Content-Length.
  RawAnswer answer();
  // Whether the server has ended the connection or begun an answer within `milliseconds`.
  bool ended_within(int milliseconds);

 private:
  int fd_ = -1;
  std::string received_;
};

// One request on a new connection, and its answer.
RawAnswer raw_request(int port, std::string_view bytes, const std::string& address = "127.0.0.1");

}  // namespace egkb::test
