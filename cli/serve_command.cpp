// serve: the review app in the browser, for experts (docs/guide-expert.md).
#include "cli/serve_command.h"

#include <memory>

#include "cli/command.h"

namespace egkb::cli {

Command serve_command() {
  auto o = std::make_shared<ServeCommandOptions>();
  return {"serve", "the review app: answer batches in the browser, saved as you go",
          "egkb serve kb.sqlite --reviewer alice --reviewer bob",
          [o](OptionSink& sink) {
            sink.argument(o->store, "STORE", "the store whose batches are reviewed");
            sink.whole(o->port, "--port", "the port to listen on (0: any free port)", 0, 65535);
            sink.text(o->host, "--host",
                      "the address to listen on; beyond 127.0.0.1 the reviewers must be named "
                      "with --reviewer, and the server needs --tls-cert (or --insecure-http)",
                      false);
            sink.text(o->tls_cert, "--tls-cert",
                      "serve HTTPS with this certificate (PEM, any intermediate certificates "
                      "after it); needs --tls-key");
            sink.text(o->tls_key, "--tls-key",
                      "the certificate's private key (PEM, without a passphrase)");
            sink.flag(o->insecure_http, "--insecure-http",
                      "beyond 127.0.0.1, serve plain HTTP all the same: for a TLS proxy in "
                      "front, or a network you trust (the tokens and answers cross it in clear)");
            sink.texts(o->reviewers, "--reviewer",
                       "a reviewer (repeat for each): each gets a link with a token of their "
                       "own, which every request then needs and which answers only in that name");
            sink.text(o->lead, "--lead",
                      "the lead reviewer: settles the rows the others answered differently and "
                      "alone submits, with every reviewer's answers kept",
                      false);
            sink.whole(o->overlap, "--assign",
                       "split each batch's rows among the reviewers other than the lead, this "
                       "many reviewers per row (needs --lead and --reviewer names)",
                       1, 100);
            sink.flag(o->blind, "--blind",
                      "a blind review: a reviewer sees the others' answers and notes on a row "
                      "only after answering it (the lead always); needs --reviewer names");
            sink.text(o->tables, "--tables",
                      "the folder of solved tables (egkb solve --keep-tables DIR): the board "
                      "shows a solved row's positions' exact values and moves");
          },
          [o] { return serve_reviews(*o); }};
}

}  // namespace egkb::cli
