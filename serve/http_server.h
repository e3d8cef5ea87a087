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
  // The answer taken by the client within this time of its first byte.
  static constexpr std::chrono::seconds kAnswerTime{10};
  // The request line and headers together.
  static constexpr std::size_t kHeadBytes = 64 * 1024;

  // `connections`: served at once, each on its own thread; `request_time`: the request line,
  // headers and body must arrive within it of the request's first byte.
  HttpServer(std::size_t connections, std::chrono::milliseconds request_time);

  // Stops listening; connections close before their next request, answers being written end.
  void halt();

 private:
  // httplib's keep-alive loop (a private virtual of httplib::Server), over RequestStream.
  bool process_and_close_socket(socket_t sock) override;

  std::chrono::milliseconds request_time_;
  std::atomic<bool> halting_{false};
};

}  // namespace egkb
