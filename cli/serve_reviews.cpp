// egkb-serve's serve: the review app's server, until Ctrl-C or SIGTERM.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <thread>

#include "base/errors.h"
#include "base/text.h"
#include "cli/kb_options.h"
#include "cli/serve_command.h"
#include "serve/review_urls.h"
#include "serve/server.h"
#include "store/reviewer.h"

namespace egkb::cli {

namespace {

// Each reviewer's name with a token of its own, refused as `review import --reviewer` refuses
// a name, and each name once.
std::map<std::string, std::string> reviewer_tokens(const std::vector<std::string>& names) {
  std::map<std::string, std::string> tokens;
  std::set<std::string> seen;
  for (const std::string& name : names) {
    if (!seen.insert(checked_reviewer(name, "--reviewer")).second) {
      throw InputError("", 0, "--reviewer", fmt::format("{} is named twice", in_quotes(name)));
    }
    tokens.emplace(random_token(), name);
  }
  return tokens;
}

// The lead and the assignment, checked against the reviewers named: the lead must be one of
// them (a lead needs a link too), and each row needs as many reviewers besides the lead as
// --assign asks.
ReviewRoles review_roles(const ServeCommandOptions& o) {
  ReviewRoles roles;
  if (!o.lead.empty()) {
    roles.lead = checked_reviewer(o.lead, "--lead");
    if (!o.reviewers.empty() &&
        std::find(o.reviewers.begin(), o.reviewers.end(), *roles.lead) == o.reviewers.end()) {
      throw InputError("", 0, "--lead",
                       fmt::format("{} is not one of the --reviewer names: name the lead with "
                                   "--reviewer too, for a link of their own",
                                   in_quotes(*roles.lead)));
    }
  }
  if (o.blind && o.reviewers.empty()) {
    throw InputError("", 0, "--blind",
                     "a blind review needs the reviewers named with --reviewer: without a "
                     "token of their own, anyone could read the answers in another's name");
  }
  roles.blind = o.blind;
  if (!o.overlap) return roles;
  if (!roles.lead || o.reviewers.empty()) {
    throw InputError("", 0, "--assign",
                     "assigning rows needs --lead (who settles and submits the rows the "
                     "reviewers share) and the reviewers named with --reviewer");
  }
  for (const std::string& name : o.reviewers) {
    if (name != *roles.lead) roles.assignees.push_back(name);
  }
  if (roles.assignees.size() < *o.overlap) {
    throw InputError("", 0, "--assign",
                     fmt::format("{} reviewers per row, but only {} besides the lead {}",
                                 *o.overlap, roles.assignees.size(), *roles.lead));
  }
  roles.overlap = *o.overlap;
  return roles;
}

// The certificate and key, both or neither; beyond loopback one of them or --insecure-http, so
// that tokens and answers never cross a network in clear unless asked to.
std::optional<TlsFiles> tls_files(const ServeCommandOptions& o) {
  if (o.tls_cert.has_value() != o.tls_key.has_value()) {
    throw InputError("", 0, o.tls_cert ? "--tls-key" : "--tls-cert",
                     "HTTPS needs both the certificate (--tls-cert FILE) and its key "
                     "(--tls-key FILE)");
  }
  if (o.tls_cert && o.insecure_http) {
    throw InputError("", 0, "--insecure-http",
                     "--insecure-http asks for plain HTTP, --tls-cert for HTTPS: give one");
  }
  if (!o.tls_cert && !o.insecure_http && !is_loopback(o.host)) {
    throw InputError("", 0, "--host",
                     "beyond this machine (--host " + printable(o.host) +
                         ") the reviewers' tokens and answers would cross the network in "
                         "clear: serve HTTPS with --tls-cert FILE --tls-key FILE, or give "
                         "--insecure-http for a TLS proxy in front or a network you trust "
                         "(docs/guide-expert.md)");
  }
  if (!o.tls_cert) return std::nullopt;
  return TlsFiles{*o.tls_cert, *o.tls_key};
}

}  // namespace

int serve_reviews(const ServeCommandOptions& o) {
  require_store(o.store);
  open_store(o.store);  // a missing or foreign store is refused before listening
  if (!is_loopback(o.host) && o.reviewers.empty()) {
    throw InputError("", 0, "--reviewer",
                     "beyond this machine (--host " + printable(o.host) +
                         ") name each reviewer with --reviewer NAME: each gets a link "
                         "whose token answers only in that name");
  }
  if (o.tables && !std::filesystem::is_directory(*o.tables)) {
    throw InputError("", 0, "--tables",
                     fmt::format("{} is no folder of tables (egkb solve --keep-tables DIR keeps "
                                 "them)",
                                 path_text(*o.tables)));
  }
  ServeOptions options;
  options.tls = tls_files(o);
  options.tables = o.tables;
  options.store = o.store;
  options.host = o.host;
  options.port = static_cast<int>(o.port);
  options.tokens = reviewer_tokens(o.reviewers);
  options.roles = review_roles(o);
  // The signals are taken by one thread, so Ctrl-C stops the server between requests and
  // every answer already sent is in the store.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  ReviewServer server(options);
  const int port = server.bind();
  const std::vector<std::string> urls =
      review_urls(scheme_of(options), o.host, port, machine_addresses());
  const std::string& address = urls.front();
  fmt::print("egkb serve: reviewing {} at {}{}\n", path_text(o.store), address,
             is_every_interface(o.host)
                 ? fmt::format(" (listening on every interface: --host {})", o.host)
                 : "");
  if (urls.size() > 1) fmt::print("  also at {}\n", fmt::join(urls.begin() + 1, urls.end(), ", "));
  if (!options.tokens.empty()) {
    // In the order the names were given, each with the link only that reviewer gets.
    for (const std::string& name : o.reviewers) {
      for (const auto& [token, reviewer] : options.tokens) {
        if (reviewer == name) {
          fmt::print("  {}{}: {}?token={}\n", name, name == o.lead ? " (lead)" : "", address,
                     token);
        }
      }
    }
    fmt::print(
        "  each link answers only in its reviewer's name: give each reviewer their "
        "own; a restart prints new links\n");
  }
  if (options.roles.lead) {
    fmt::print("  {} settles the rows answered differently and submits each batch{}\n",
               *options.roles.lead,
               options.roles.overlap
                   ? fmt::format("; each row is assigned to {} of the other {} reviewers",
                                 options.roles.overlap, options.roles.assignees.size())
                   : "");
  }
  if (options.roles.blind) {
    fmt::print(
        "  blind review: each reviewer sees the others' answers to a row only after "
        "answering it{}\n",
        options.roles.lead ? fmt::format(" ({} sees all)", *options.roles.lead) : "");
  }
  if (options.tables) {
    fmt::print("  the board reads solved rows' exact values from the tables in {}\n",
               path_text(*options.tables));
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
}

}  // namespace egkb::cli
