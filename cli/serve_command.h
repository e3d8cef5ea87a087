// The serve command's options, and the one function that serves them. The server (cpp-httplib,
// OpenSSL through it) lives in a program of its own, egkb-serve, so that no other command pays
// for loading it: in egkb, serve_reviews hands the command line to egkb-serve (serve_handoff.cpp);
// in egkb-serve it runs the server (serve_reviews.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace egkb::cli {

struct ServeCommandOptions {
  std::string store;
  uint64_t port = 8600;
  std::string host = "127.0.0.1";
  std::optional<std::string> tls_cert;  // --tls-cert and --tls-key: HTTPS
  std::optional<std::string> tls_key;
  bool insecure_http = false;  // beyond loopback without TLS, as asked
  std::vector<std::string> reviewers;
  std::string lead;                 // empty: none
  std::optional<uint64_t> overlap;  // --assign: reviewers per row
  bool blind = false;
  std::optional<std::string> tables;  // --tables: solved tables for the board's exact values
};

// In egkb-serve: serves until Ctrl-C or SIGTERM and returns the exit code. In egkb: runs
// egkb-serve in its place with the same command line (parsed here only to check it) and does not
// return.
int serve_reviews(const ServeCommandOptions& options);

}  // namespace egkb::cli
