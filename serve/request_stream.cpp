#include "serve/request_stream.h"

#include <netdb.h>
#include <openssl/err.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace egkb {

namespace {

using std::chrono::milliseconds;

// How often a stoppable wait looks at the stopping flag.
constexpr milliseconds kSlice(100);

// The first byte of a TLS connection: the record type of its handshake.
constexpr char kTlsHandshakeRecord = 0x16;

constexpr std::string_view kPlainHttpAnswer =
    "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
    "Content-Length: 72\r\nConnection: close\r\n\r\n"
    "This server speaks HTTPS only: open its address with https:// instead.\r\n";

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

RequestStream::RequestStream(socket_t sock, SSL* tls, const std::atomic<bool>& stopping,
                             Clock::duration answer_time)
    : sock_(sock), tls_(tls), stopping_(stopping), answer_time_(answer_time) {}

bool RequestStream::handshake(Clock::duration time) {
  if (tls_ == nullptr) return true;
  const Clock::time_point deadline = Clock::now() + time;
  // A TLS connection opens with a handshake record; a browser sent to http:// opens with a
  // request line instead, and is told, in plain HTTP, where to go.
  char first = 0;
  if (!wait(POLLIN, deadline, true) || recv(sock_, &first, 1, MSG_PEEK | MSG_DONTWAIT) != 1) {
    return false;
  }
  if (first != kTlsHandshakeRecord) {
    send(sock_, kPlainHttpAnswer.data(), kPlainHttpAnswer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    return false;
  }
  for (;;) {
    ERR_clear_error();
    const int n = SSL_accept(tls_);
    if (n == 1) return true;
    short events = POLLIN;
    if (tls_outcome(n, events) != kWait || !wait(events, deadline, true)) return false;
  }
}

bool RequestStream::wait_for_request(Clock::duration idle) {
  return begin_ < end_ || tls_holds_bytes() || wait(POLLIN, Clock::now() + idle, true);
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
  return begin_ < end_ || tls_holds_bytes() || wait(POLLIN, Clock::now(), true);
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
  short events = POLLOUT;
  for (;;) {
    if (!wait(events, write_deadline_, false)) {
      failed_ = true;
      return -1;
    }
    const ssize_t n = send_some(ptr, size, events);
    if (n != kWait) return n;
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
  short events = POLLIN;
  for (;;) {
    if (!tls_holds_bytes() && !wait(events, read_deadline_, true)) {
      failed_ = true;
      return -1;
    }
    const ssize_t n = receive(buffer_.data(), buffer_.size(), events);
    if (n == kWait) continue;
    begin_ = 0;
    end_ = n > 0 ? static_cast<std::size_t>(n) : 0;
    return n;
  }
}

ssize_t RequestStream::receive(char* ptr, size_t size, short& events) {
  if (tls_ == nullptr) {
    const ssize_t n = recv(sock_, ptr, size, MSG_DONTWAIT);
    events = POLLIN;
    return retry(n) ? kWait : n;
  }
  ERR_clear_error();
  const int n = SSL_read(tls_, ptr, static_cast<int>(std::min<size_t>(size, INT_MAX)));
  return n > 0 ? n : tls_outcome(n, events);
}

ssize_t RequestStream::send_some(const char* ptr, size_t size, short& events) {
  if (tls_ == nullptr) {
    const ssize_t n = send(sock_, ptr, size, MSG_NOSIGNAL | MSG_DONTWAIT);
    events = POLLOUT;
    return retry(n) ? kWait : n;
  }
  ERR_clear_error();
  // A write TLS could not finish is called again with the same bytes, as OpenSSL requires.
  const int n = SSL_write(tls_, ptr, static_cast<int>(std::min<size_t>(size, INT_MAX)));
  return n > 0 ? n : tls_outcome(n, events);
}

ssize_t RequestStream::tls_outcome(int n, short& events) const {
  switch (SSL_get_error(tls_, n)) {
    case SSL_ERROR_WANT_READ:
      events = POLLIN;
      return kWait;
    case SSL_ERROR_WANT_WRITE:
      events = POLLOUT;
      return kWait;
    case SSL_ERROR_ZERO_RETURN:
      return 0;
    case SSL_ERROR_SYSCALL:
      return retry(-1) ? kWait : -1;
    default:
      return -1;
  }
}

bool RequestStream::tls_holds_bytes() const {
  return tls_ != nullptr && SSL_pending(tls_) > 0;
}

}  // namespace egkb
