// httplib's server with limits no client can stretch: each request must arrive whole within a
// deadline and a byte budget (serve/request_stream.h), and each connection has a thread of its
// own up to a bound (serve/connection_threads.h). Parsing, routing and writing stay httplib's.
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstddef>

namespace egkb {

class HttpServer : public httplib::Server {
 public:
  // The request line, headers and body within this time of the request's first byte.
  static constexpr std::chrono::seconds kRequestTime{5};
  // The answer taken by the client within this time of its first byte.
  static constexpr std::chrono::seconds kAnswerTime{10};
  // The request line and headers together.
  static constexpr std::size_t kHeadBytes = 64 * 1024;

  // `connections`: served at once, each on its own thread.
  explicit HttpServer(std::size_t connections);

  // Stops listening; connections close before their next request, answers being written end.
  void halt();

 private:
  // httplib's keep-alive loop (a private virtual of httplib::Server), over RequestStream.
  bool process_and_close_socket(socket_t sock) override;

  std::atomic<bool> halting_{false};
};

}  // namespace egkb
