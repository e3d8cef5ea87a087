// serve: the review app in the browser, for experts (docs/guide-expert.md).
#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>

#include "cli/command.h"
#include "cli/kb_options.h"
#include "lattice/errors.h"
#include "serve/server.h"

namespace egkb::cli {

Command serve_command() {
  struct Options {
    std::string store;
    uint64_t port = 8600;
    std::string host = "127.0.0.1";
  };
  auto o = std::make_shared<Options>();
  return {"serve", "the review app: answer batches in the browser, saved as you go",
          "egkb serve kb.sqlite",
          [o](OptionSink& sink) {
            sink.argument(o->store, "STORE", "the store whose batches are reviewed");
            sink.whole(o->port, "--port", "the port to listen on (0: any free port)", 0, 65535);
            sink.text(o->host, "--host",
                      "the address to listen on; beyond 127.0.0.1 every request needs the token "
                      "printed with the address",
                      false);
          },
          [o] {
            require_store(o->store);
            open_store(o->store);  // a missing or foreign store is refused before listening
            ServeOptions options;
            options.store = o->store;
            options.host = o->host;
            options.port = static_cast<int>(o->port);
            if (!is_loopback(o->host)) options.token = random_token();
            // The signals are taken by one thread, so Ctrl-C stops the server between requests and
            // every answer already sent is in the store.
            sigset_t signals;
            sigemptyset(&signals);
            sigaddset(&signals, SIGINT);
            sigaddset(&signals, SIGTERM);
            pthread_sigmask(SIG_BLOCK, &signals, nullptr);
            ReviewServer server(options);
            const int port = server.bind();
            const std::string host =
                o->host.find(':') != std::string::npos ? fmt::format("[{}]", o->host) : o->host;
            std::string address = fmt::format("http://{}:{}/", host, port);
            if (!options.token.empty()) address += "?token=" + options.token;
            fmt::print("egkb serve: reviewing {} at {}\n", o->store, address);
            if (!options.token.empty()) {
              fmt::print(
                  "  listening beyond this machine: the address carries the token every "
                  "request needs; share it only with the reviewers\n");
            }
            fmt::print("  open it in a browser; Ctrl-C stops the server (every answer is saved)\n");
            std::fflush(stdout);
            std::atomic<bool> signalled = false;
            std::thread stopper([&server, &signalled, signals] {
              int signal = 0;
              sigwait(&signals, &signal);
              signalled = true;
              server.stop();
            });
            server.run();
            // The server stopped on its own (its socket failed): the signal thread still waits.
            if (!signalled) ::kill(::getpid(), SIGTERM);
            stopper.join();
            fmt::print("egkb serve: stopped\n");
            return 0;
          }};
}

}  // namespace egkb::cli
