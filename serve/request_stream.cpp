#include "serve/request_stream.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace egkb {

namespace {

using std::chrono::milliseconds;

// How often a stoppable wait looks at the stopping flag.
constexpr milliseconds kSlice(100);

bool retry(ssize_t result) {
  return result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR);
}

// The numeric address and port of one end of a socket, as httplib reports them.
void address_of(socket_t sock, bool peer, std::string& ip, int& port) {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  auto* a = reinterpret_cast<sockaddr*>(&address);
  if ((peer ? getpeername(sock, a, &length) : getsockname(sock, a, &length)) != 0) return;
  char host[NI_MAXHOST] = "";
  char service[NI_MAXSERV] = "";
  if (getnameinfo(a, length, host, sizeof host, service, sizeof service,
                  NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
    ip = host;
    port = std::atoi(service);
  }
}

}  // namespace

RequestStream::RequestStream(socket_t sock, const std::atomic<bool>& stopping,
                             Clock::duration answer_time)
    : sock_(sock), stopping_(stopping), answer_time_(answer_time) {}

bool RequestStream::wait_for_request(Clock::duration idle) {
  return begin_ < end_ || wait(POLLIN, Clock::now() + idle, true);
}

void RequestStream::begin_request(Clock::duration time, std::size_t head_bytes) {
  read_deadline_ = Clock::now() + time;
  budget_ = head_bytes;
  writing_ = false;
}

void RequestStream::begin_body(std::size_t body_bytes) {
  budget_ = body_bytes;
}

bool RequestStream::is_readable() const {
  return begin_ < end_ || wait(POLLIN, Clock::now(), true);
}

bool RequestStream::is_writable() const {
  return wait(POLLOUT, Clock::now(), false);
}

ssize_t RequestStream::read(char* ptr, size_t size) {
  if (budget_ == 0) {
    failed_ = true;
    return -1;
  }
  if (begin_ == end_) {
    const ssize_t n = fill();
    if (n <= 0) return n;
  }
  const std::size_t n = std::min({size, end_ - begin_, budget_});
  std::memcpy(ptr, buffer_.data() + begin_, n);
  begin_ += n;
  if (budget_ != kUnlimited) budget_ -= n;
  return static_cast<ssize_t>(n);
}

ssize_t RequestStream::write(const char* ptr, size_t size) {
  if (!writing_) {
    write_deadline_ = Clock::now() + answer_time_;
    writing_ = true;
  }
  for (;;) {
    if (!wait(POLLOUT, write_deadline_, false)) {
      failed_ = true;
      return -1;
    }
    const ssize_t n = send(sock_, ptr, size, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (!retry(n)) return n;
  }
}

void RequestStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  address_of(sock_, true, ip, port);
}

void RequestStream::get_local_ip_and_port(std::string& ip, int& port) const {
  address_of(sock_, false, ip, port);
}

bool RequestStream::wait(short events, Clock::time_point deadline, bool stoppable) const {
  for (;;) {
    if (stoppable && stopping_) return false;
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now());
    pollfd fd{sock_, events, 0};
    // A closed or failed socket is ready too: the read or write that follows says what happened.
    const int ready =
        ::poll(&fd, 1, static_cast<int>(std::clamp(left, milliseconds(0), kSlice).count()));
    if (ready > 0) return true;
    if (ready < 0 && errno != EINTR) return false;
    if (ready == 0 && left <= milliseconds(0)) return false;
  }
}

ssize_t RequestStream::fill() {
  for (;;) {
    if (!wait(POLLIN, read_deadline_, true)) {
      failed_ = true;
      return -1;
    }
    const ssize_t n = recv(sock_, buffer_.data(), buffer_.size(), MSG_DONTWAIT);
    if (retry(n)) continue;
    begin_ = 0;
    end_ = n > 0 ? static_cast<std::size_t>(n) : 0;
    return n;
  }
}

}  // namespace egkb
