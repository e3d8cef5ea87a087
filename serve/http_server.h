// httplib's server with limits no client can stretch: each request must arrive whole within a
// deadline and a byte budget (serve/request_stream.h), and each connection has a thread of its
// own up to a bound (serve/connection_threads.h). Parsing, routing and writing stay httplib's.
// With a TLS context each connection speaks TLS (serve/tls.h) under the same limits; httplib's
// SSLServer would read and write its TLS connections without them.
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstddef>

#include "serve/tls.h"

namespace egkb {

class HttpServer : public httplib::Server {
 public:
  // The answer taken by the client within this time of its first byte.
  static constexpr std::chrono::seconds kAnswerTime{10};
  // The request line and headers together.
  static constexpr std::size_t kHeadBytes = 64 * 1024;

  // `connections`: served at once, each on its own thread; `request_time`: the TLS handshake, and
  // then each request's line, headers and body, must arrive within it of their first byte;
  // `tls`: nullptr for plain HTTP, else kept by the caller while the server runs.
  HttpServer(std::size_t connections, std::chrono::milliseconds request_time,
             const TlsContext* tls);

  // Stops listening; connections close before their next request, answers being written end.
  void halt();

 private:
  // httplib's keep-alive loop (a private virtual of httplib::Server), over RequestStream.
  bool process_and_close_socket(socket_t sock) override;

  std::chrono::milliseconds request_time_;
  const TlsContext* tls_;
  std::atomic<bool> halting_{false};
};

}  // namespace egkb
