// `egkb serve`: the review app over HTTP. Only the compiled-in assets and the JSON API are
// served; no path of a request reaches the file system.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "serve/review_api.h"
#include "serve/tls.h"

namespace egkb {

struct ServeOptions {
  std::string store;
  std::string host = "127.0.0.1";
  int port = 8600;  // 0: any free port
  // HTTPS with this certificate and key; nullopt: plain HTTP.
  std::optional<TlsFiles> tls;
  // Each reviewer's token, by token: when there are any, every request but the page and its
  // assets needs one, and the reviewer it names is the only one the request may act for.
  std::map<std::string, std::string> tokens;
  ReviewRoles roles;  // a lead reviewer, and rows assigned with an overlap
  // The folder of solved tables (`egkb solve --keep-tables DIR`) the board's exact values are
  // read from; nullopt: none.
  std::optional<std::string> tables;
  std::size_t body_limit = 16 * 1024;
  // Connections served at once, each on its own thread: a reviewer's browser keeps one or two
  // open, and one that waits on a slow client holds no other.
  std::size_t connections = 256;
  // Each request must arrive whole within this time of its first byte: far more than a browser
  // needs, and short enough that a slow client holds a thread briefly (tests set less).
  std::chrono::milliseconds request_time{5000};
};

// Whether `host` names this machine only: an address other processes elsewhere cannot reach.
bool is_loopback(const std::string& host);

// 128 random bits as hex, for ServeOptions::tokens.
std::string random_token();

// "https" with TLS, else "http": the scheme of the server's addresses and of its own Origin.
const char* scheme_of(const ServeOptions& options);

class ReviewServer {
 public:
  // Throws InputError when the TLS files cannot be used (serve/tls.h).
  explicit ReviewServer(ServeOptions options);
  ~ReviewServer();

  // Binds the address and returns the port. Throws IoError when the address cannot be bound.
  int bind();
  // Serves until stop(), from any thread.
  void run();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace egkb
