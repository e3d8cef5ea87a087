// A connection's bytes for httplib, with limits a client cannot stretch by sending slowly: each
// request must arrive whole by a deadline and within a byte budget, and each answer must be
// taken by a deadline. httplib's own stream times out each read alone, so a client sending a
// byte every few seconds held a thread for as long as it liked. Over TLS (serve/tls.h) the same
// deadlines hold for the handshake and for the bytes OpenSSL reads and writes.
#pragma once

#include <httplib.h>
#include <openssl/ssl.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <limits>

namespace egkb {

class RequestStream : public httplib::Stream {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::size_t kUnlimited = std::numeric_limits<std::size_t>::max();

  // `stopping`: when it turns true, reads fail at once, so the server stops between requests;
  // an answer being written still has its `answer_time`. `tls`: the connection's TLS state,
  // nullptr for plain HTTP; with it the socket must not block.
  RequestStream(socket_t sock, SSL* tls, const std::atomic<bool>& stopping,
                Clock::duration answer_time);

  // The TLS handshake, done within `time`; false when it failed, took longer or the server is
  // stopping. Plain HTTP has none: true.
  bool handshake(Clock::duration time);

  // Waits up to `idle` for the first byte of the next request; false when none came, the peer
  // closed, or the server is stopping.
  bool wait_for_request(Clock::duration idle);
  // The next request must arrive by now + `time`; its request line and headers may take at most
  // `head_bytes`.
  void begin_request(Clock::duration time, std::size_t head_bytes);
  // The head has been read: the body may take at most `body_bytes`.
  void begin_body(std::size_t body_bytes);
  // A deadline passed or a budget ran out: the bytes left unread belong to no request, so the
  // connection must close after this answer.
  bool failed() const { return failed_; }

  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return sock_; }

 private:
  // Waits for `events` on the socket until `deadline`; a `stoppable` wait ends when `stopping`
  // turns true.
  bool wait(short events, Clock::time_point deadline, bool stoppable) const;
  // Reads what the socket holds into the buffer; the number of bytes, 0 at the peer's end, -1
  // when the deadline passed or the read failed.
  ssize_t fill();
  // One read or write of the connection's bytes, through TLS when it has it: the bytes moved,
  // 0 at the peer's end, -1 on failure, or kWait when nothing can move until the socket is
  // ready for `events`.
  static constexpr ssize_t kWait = -2;
  ssize_t receive(char* ptr, size_t size, short& events);
  ssize_t send_some(const char* ptr, size_t size, short& events);
  // What a TLS call's result `n` means, as receive() answers.
  ssize_t tls_outcome(int n, short& events) const;
  // Bytes TLS has decrypted and not handed on: a read takes them without waiting on the socket.
  bool tls_holds_bytes() const;

  socket_t sock_;
  SSL* tls_;
  const std::atomic<bool>& stopping_;
  Clock::duration answer_time_;
  Clock::time_point read_deadline_;
  Clock::time_point write_deadline_;
  bool writing_ = false;  // the answer has begun: its deadline is set
  std::size_t budget_ = kUnlimited;
  bool failed_ = false;
  // Bytes read ahead: they may begin the next request of the connection.
  std::array<char, 4096> buffer_{};
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
};

}  // namespace egkb
