#include "serve/server.h"

#include <fmt/format.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <random>
#include <thread>

#include "base/errors.h"
#include "base/text.h"
#include "serve/http_server.h"
#include "serve/router.h"

namespace egkb {

bool is_loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.starts_with("127.");
}

const char* scheme_of(const ServeOptions& options) {
  return options.tls ? "https" : "http";
}

std::string random_token() {
  std::random_device device;
  std::string token;
  for (int i = 0; i < 4; ++i) token += fmt::format("{:08x}", device());
  return token;
}

namespace {

// httplib's own refusals, of requests it could not read whole.
std::string refusal_text(int status, std::chrono::milliseconds request_time) {
  switch (status) {
    case 400:
      return fmt::format(
          "the request is malformed, or did not arrive whole within {:g} s of its first byte",
          static_cast<double>(request_time.count()) / 1000);
    case 413:
      return "the request body is larger than this server accepts";
    case 414:
      return "the request's address is longer than this server accepts";
    default:
      return fmt::format("the request was refused (HTTP {})", status);
  }
}

// The message of an exception that escaped a handler, for the 500 answer.
std::string what(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return printable(e.what(), 200);
  } catch (...) {
    return "an unknown exception";
  }
}

}  // namespace

struct ReviewServer::Impl {
  ServeOptions options;
  std::unique_ptr<const TlsContext> tls;  // before the server, which uses it
  HttpServer server;
  std::unique_ptr<Router> router;  // made by bind(), which learns the port the Host check names
  // httplib listens with a backlog of 5: twenty browsers connecting at once overflow it, and
  // the kernel then drops connections the clients believe open. bind() raises it, since Linux
  // lets a listening socket call listen() again with a new backlog.
  socket_t listening_socket = -1;
  // httplib's stop() does nothing before listen has begun, so a stop that comes first would be
  // lost and run() would serve forever; these two flags let stop() and run() see each other.
  std::atomic<bool> run_started{false};
  std::atomic<bool> stop_requested{false};
  std::atomic<bool> run_finished{false};

  explicit Impl(ServeOptions o)
      : options(std::move(o)),
        tls(options.tls ? std::make_unique<const TlsContext>(*options.tls) : nullptr),
        server(options.connections, options.request_time, tls.get()) {
    // OpenSSL writes to the socket with write(): a client gone mid-answer must end that answer
    // with EPIPE, never the process by SIGPIPE.
    if (tls) std::signal(SIGPIPE, SIG_IGN);
  }

  // Every request goes to the router whole: one catch-all handler per method, so the checks and
  // the routes are ours alone.
  void routes() {
    const httplib::Server::Handler answer = [this](const httplib::Request& req,
                                                   httplib::Response& res) {
      const HttpReply reply =
          router->answer({req.method, req.path, HttpFields(req.headers.begin(), req.headers.end()),
                          HttpFields(req.params.begin(), req.params.end()), req.body});
      res.status = reply.status;
      res.set_content(reply.body, reply.type);
    };
    // [\s\S], not `.`, which stops at a line break a path may hold (%0A).
    const std::string any = R"([\s\S]*)";
    server.Get(any, answer);
    server.Post(any, answer);
    server.Put(any, answer);
    server.Delete(any, answer);
    server.Patch(any, answer);
    server.Options(any, answer);
    server.set_default_headers(
        {{"X-Content-Type-Options", "nosniff"},
         {"Content-Security-Policy",
          "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"},
         {"Referrer-Policy", "no-referrer"},
         {"Cache-Control", "no-store"}});
    // httplib's own refusals (a malformed or slow request, a body over the limit) answer in
    // JSON too; the router's answers carry their body already.
    server.set_error_handler([this](const httplib::Request&, httplib::Response& res) {
      if (!res.body.empty()) return;
      res.set_content(json_text({{"error", refusal_text(res.status, options.request_time)}}),
                      std::string(kJsonType));
    });
    // A bug must cost one answer, never the process and every reviewer's session with it.
    server.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, const std::exception_ptr& error) {
          res.status = 500;
          res.set_content(json_text({{"error", fmt::format("internal error: {}", what(error))}}),
                          std::string(kJsonType));
        });
    // httplib's default also sets SO_REUSEPORT, which lets a second server share a port that is
    // taken and split the reviewers between two processes; a restart only needs SO_REUSEADDR.
    server.set_socket_options([this](socket_t sock) {
      const int yes = 1;
      setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
      listening_socket = sock;
    });
    server.set_payload_max_length(options.body_limit);
    server.set_keep_alive_timeout(2);
    server.set_tcp_nodelay(true);  // a small answer is not held back waiting for an ACK
  }
};

ReviewServer::ReviewServer(ServeOptions options)
    : impl_(std::make_unique<Impl>(std::move(options))) {
  impl_->routes();
}

ReviewServer::~ReviewServer() = default;

int ReviewServer::bind() {
  const ServeOptions& o = impl_->options;
  const int port = o.port == 0 ? impl_->server.bind_to_any_port(o.host)
                               : (impl_->server.bind_to_port(o.host, o.port) ? o.port : -1);
  if (port < 0) {
    throw IoError(fmt::format("cannot listen on {} port {}: {}", o.host, o.port,
                              o.port == 0 ? "no free port"
                                          : "the port is in use or the address is not this "
                                            "machine's; choose another with --port or --host"));
  }
  if (impl_->listening_socket >= 0) ::listen(impl_->listening_socket, SOMAXCONN);
  impl_->router = std::make_unique<Router>(o, port);
  return port;
}

void ReviewServer::run() {
  impl_->run_started = true;
  if (!impl_->stop_requested) impl_->server.listen_after_bind();
  impl_->run_finished = true;
}

void ReviewServer::stop() {
  impl_->stop_requested = true;
  while (impl_->run_started && !impl_->run_finished && !impl_->server.is_running()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  impl_->server.halt();
}

}  // namespace egkb
