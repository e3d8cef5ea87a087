#include "serve/server.h"

#include <fmt/format.h>
#include <httplib.h>

#include <array>
#include <atomic>
#include <chrono>
#include <random>
#include <thread>

#include "lattice/errors.h"
#include "serve/assets.h"
#include "serve/review_api.h"

namespace egkb {

bool is_loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.starts_with("127.");
}

std::string random_token() {
  std::random_device device;
  std::string token;
  for (int i = 0; i < 4; ++i) token += fmt::format("{:08x}", device());
  return token;
}

namespace {

constexpr const char* kJson = "application/json; charset=utf-8";

void reply(httplib::Response& res, const ApiReply& r) {
  res.status = r.status;
  res.set_content(r.body.dump(2), kJson);
}

void refuse(httplib::Response& res, int status, const std::string& message) {
  reply(res, {status, {{"error", message}}});
}

// Compares in time independent of where the texts differ, so timing tells nothing of the token.
bool same_secret(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

int64_t batch_id(const httplib::Request& req) {
  return std::stoll(req.matches[1].str());
}

}  // namespace

struct ReviewServer::Impl {
  ServeOptions options;
  ReviewApi api;
  httplib::Server server;
  int port = 0;
  // httplib listens with a backlog of 5: twenty browsers connecting at once overflow it, and
  // the kernel then drops connections the clients believe open. bind() raises it, since Linux
  // lets a listening socket call listen() again with a new backlog.
  socket_t listening_socket = -1;
  // httplib's stop() does nothing before listen has begun, so a stop that comes first would be
  // lost and run() would serve forever; these two flags let stop() and run() see each other.
  std::atomic<bool> run_started{false};
  std::atomic<bool> stop_requested{false};
  std::atomic<bool> run_finished{false};

  explicit Impl(ServeOptions o) : options(std::move(o)), api(options.store) {}

  // The Host a browser names this server by: on loopback only a loopback name, so a page of
  // another site cannot reach the API through a name it points at 127.0.0.1.
  bool host_allowed(const httplib::Request& req) const {
    if (!is_loopback(options.host)) return true;
    const std::string host = req.get_header_value("Host");
    for (const char* name : {"127.0.0.1", "localhost", "[::1]"}) {
      if (host == fmt::format("{}:{}", name, port)) return true;
    }
    return false;
  }

  httplib::Server::HandlerResponse check(const httplib::Request& req, httplib::Response& res) {
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Content-Security-Policy",
                   "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                   "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action "
                   "'none'");
    res.set_header("Referrer-Policy", "no-referrer");
    res.set_header("Cache-Control", "no-store");
    if (!host_allowed(req)) {
      refuse(res, 403, "this server answers only to the address it prints (Host header refused)");
      return httplib::Server::HandlerResponse::Handled;
    }
    const bool api = req.path.starts_with("/api/");
    if (api && !options.token.empty() &&
        !same_secret(req.get_header_value("X-Egkb-Token"), options.token) &&
        !same_secret(req.get_param_value("token"), options.token)) {
      refuse(res, 401,
             "a token is required: open the address `egkb serve` printed, which carries it");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (req.method != "GET" && req.method != "HEAD" && req.has_header("Origin") &&
        req.get_header_value("Origin") != "http://" + req.get_header_value("Host")) {
      refuse(res, 403,
             fmt::format("requests from another site are refused (Origin {})",
                         req.get_header_value("Origin")));
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  }

  void routes() {
    for (const Asset& asset : assets()) {
      server.Get(std::string(asset.path),
                 [&asset](const httplib::Request&, httplib::Response& res) {
                   const std::string type = fmt::format("{}; charset=utf-8", asset.type);
                   res.set_content(asset.body.data(), asset.body.size(), type.c_str());
                 });
    }
    server.Get("/api/batches", [this](const httplib::Request&, httplib::Response& res) {
      reply(res, api.batches());
    });
    server.Get(R"(/api/batches/(\d{1,18}))",
               [this](const httplib::Request& req, httplib::Response& res) {
                 reply(res, api.batch(batch_id(req)));
               });
    server.Get(R"(/api/nodes/([A-Za-z]{1,40}))",
               [this](const httplib::Request& req, httplib::Response& res) {
                 reply(res, api.node(req.matches[1].str()));
               });
    const std::string draft = R"(/api/batches/(\d{1,18})/drafts/([A-Za-z]{1,40}))";
    server.Put(draft, [this](const httplib::Request& req, httplib::Response& res) {
      reply(res, api.put_draft(batch_id(req), req.matches[2].str(), req.body));
    });
    server.Delete(draft, [this](const httplib::Request& req, httplib::Response& res) {
      reply(res,
            api.remove_draft(batch_id(req), req.matches[2].str(), req.get_param_value("reviewer")));
    });
    server.Post(R"(/api/batches/(\d{1,18})/submit)",
                [this](const httplib::Request& req, httplib::Response& res) {
                  reply(res, api.submit(batch_id(req), req.body));
                });
    server.set_pre_routing_handler(
        [this](const httplib::Request& req, httplib::Response& res) { return check(req, res); });
    // httplib's own refusals (no such path, a body over the limit) answer in JSON too.
    server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
      if (!res.body.empty()) return;
      const std::string message =
          res.status == 413   ? "the request body is larger than this server accepts"
          : res.status == 404 ? fmt::format("no such page or API call: {} {}", req.method, req.path)
                              : fmt::format("the request was refused (HTTP {})", res.status);
      res.set_content(nlohmann::json{{"error", message}}.dump(2), kJson);
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
    const int threads = options.threads;
    server.new_task_queue = [threads] {
      return new httplib::ThreadPool(static_cast<std::size_t>(threads));
    };
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
  impl_->port = port;
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
  impl_->server.stop();
}

}  // namespace egkb
