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
#include <string_view>

#include "serve/tls.h"

// HttpServer reaches below httplib's public API: it overrides the private virtual
// process_and_close_socket and calls the protected process_request, keep_alive_max_count_,
// keep_alive_timeout_sec_ and payload_max_length_. None of them is a promise: from 0.12 on
// process_request takes the connection's addresses too. Written and tested against 0.11.4,
// Debian 12's, and pinned to it here and in CMake's pkg-config check; before moving the pin,
// check those members against the new version and run the server's tests (tests/serve).
static_assert(std::string_view(CPPHTTPLIB_VERSION) == "0.11.4",
              "serve/http_server.h is written against cpp-httplib 0.11.4's non-public members");

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
