// Every request the review app answers, without HTTP: the checks that guard the store (Host,
// token, Origin, bytes that are not UTF-8) and the routes to the page and the JSON API. The
// server hands each request here whole; the fuzz target (tests/fuzz/serve_fuzz.cpp) does the
// same without a socket.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/json_text.h"
#include "serve/review_api.h"
#include "serve/server.h"

namespace egkb {

using HttpFields = std::vector<std::pair<std::string, std::string>>;

struct HttpRequest {
  std::string method;
  std::string path;    // decoded, without the query
  HttpFields headers;  // as sent
  HttpFields params;   // the query, decoded
  std::string body;

  // The first header of that name, matched without case.
  std::optional<std::string_view> header(std::string_view name) const;
  // The first query parameter of that name.
  std::optional<std::string_view> param(std::string_view name) const;
};

struct HttpReply {
  int status = 200;
  std::string type;  // the media type with its charset
  std::string body;
};

inline constexpr std::string_view kJsonType = "application/json; charset=utf-8";

class Router {
 public:
  // `port`: the one the server listens on, which the Host check names.
  Router(ServeOptions options, int port);

  // The answer to any request, whatever its bytes: the page and its assets, a JSON answer of the
  // API (docs/formats.md, "Review app API"), or a JSON refusal.
  HttpReply answer(const HttpRequest& request);

 private:
  bool host_allowed(const HttpRequest& request) const;
  // The reviewer the request's token names; nullopt when it holds none of the tokens.
  std::optional<std::string> token_reviewer(const HttpRequest& request) const;
  ApiReply route(const HttpRequest& request, const Caller& caller);

  ServeOptions options_;
  std::vector<std::string> hosts_;  // the Host values a loopback server answers to
  ReviewApi api_;
};

}  // namespace egkb
