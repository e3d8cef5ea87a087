#include "serve/router.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "base/text.h"
#include "serve/assets.h"

namespace egkb {

namespace {

// The first text of the path and query that is not UTF-8. A request's path and query are
// echoed in answers and a query value can be stored (the reviewer who takes a draft back), so
// both must be text.
std::optional<std::string_view> not_utf8(const HttpRequest& request) {
  if (!is_utf8(request.path)) return request.path;
  for (const auto& [name, value] : request.params) {
    if (!is_utf8(name)) return name;
    if (!is_utf8(value)) return value;
  }
  return std::nullopt;
}

// Compares in time independent of where the texts differ, so timing tells nothing of the token.
bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

// "/api/batches/1" as {"api", "batches", "1"}. Empty parts stay, so "/api//batches" and
// "/api/batches/" match no route; a path without its leading slash has no parts.
std::vector<std::string_view> parts_of(std::string_view path) {
  std::vector<std::string_view> parts;
  if (!path.starts_with('/')) return parts;
  path.remove_prefix(1);
  for (;;) {
    const std::size_t slash = path.find('/');
    parts.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) return parts;
    path.remove_prefix(slash + 1);
  }
}

// A batch id: 1 to 18 digits, so it always fits int64_t.
std::optional<BatchId> id_of(std::string_view text) {
  if (text.empty() || text.size() > 18) return std::nullopt;
  if (!std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  int64_t id = 0;
  std::from_chars(text.data(), text.data() + text.size(), id);
  return BatchId(id);
}

// A position's number: 1 to 9 digits, so it always fits uint32_t.
std::optional<uint32_t> index_of(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  uint32_t index = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), index);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return index;
}

// A material as a path names it: 1 to 40 ASCII letters; the API parses it further.
bool is_material(std::string_view text) {
  return !text.empty() && text.size() <= 40 && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  });
}

ApiReply refusal(int status, std::string message) {
  return {status, {{"error", std::move(message)}}};
}

HttpReply json_reply(const ApiReply& reply) {
  return {reply.status, std::string(kJsonType), json_text(reply.body)};
}

const Asset* asset_for(const HttpRequest& request) {
  if (request.method != "GET" && request.method != "HEAD") return nullptr;
  for (const Asset& asset : assets()) {
    if (asset.path == request.path) return &asset;
  }
  return nullptr;
}

std::optional<std::string_view> first(const HttpFields& fields, std::string_view name,
                                      bool any_case) {
  for (const auto& [key, value] : fields) {
    if (any_case ? lowercase(key) == lowercase(name) : key == name) return value;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string_view> HttpRequest::header(std::string_view name) const {
  return first(headers, name, true);
}

std::optional<std::string_view> HttpRequest::param(std::string_view name) const {
  return first(params, name, false);
}

Router::Router(ServeOptions options, int port)
    : options_(std::move(options)), api_(options_.store, options_.roles, options_.tables) {
  if (!is_loopback(options_.host)) return;
  const std::string bound =
      options_.host.find(':') != std::string::npos ? "[" + options_.host + "]" : options_.host;
  for (const std::string& name :
       {bound, std::string("127.0.0.1"), std::string("localhost"), std::string("[::1]")}) {
    hosts_.push_back(lowercase(fmt::format("{}:{}", name, port)));
  }
}

// On loopback only the names of this machine with the port, so a page of another site cannot
// reach the API through a name it points at 127.0.0.1 (DNS rebinding). The address the server
// was bound to is among them: `--host 127.0.0.2` prints it.
bool Router::host_allowed(const HttpRequest& request) const {
  if (hosts_.empty()) return true;
  const std::string host = lowercase(request.header("Host").value_or(""));
  return std::find(hosts_.begin(), hosts_.end(), host) != hosts_.end();
}

// Every token is compared, each in constant time, so timing tells nothing of any of them.
std::optional<std::string> Router::token_reviewer(const HttpRequest& request) const {
  const std::string_view header = request.header("X-Egkb-Token").value_or("");
  const std::string_view param = request.param("token").value_or("");
  std::optional<std::string> reviewer;
  for (const auto& [token, name] : options_.tokens) {
    if (same_secret(header, token) || same_secret(param, token)) reviewer = name;
  }
  return reviewer;
}

// The order is the guarantee: with tokens nothing but the page and its assets is answered
// before the token, not even that a path does not exist.
HttpReply Router::answer(const HttpRequest& request) {
  if (!host_allowed(request)) {
    return json_reply(
        refusal(403, "this server answers only to the address it prints (Host header refused)"));
  }
  if (const Asset* asset = asset_for(request)) {
    return {200, fmt::format("{}; charset=utf-8", asset->type), std::string(asset->body)};
  }
  Caller caller;
  if (!options_.tokens.empty()) {
    caller.reviewer = token_reviewer(request);
    if (!caller.reviewer) {
      return json_reply(refusal(401,
                                "a token is required: open your own link that `egkb serve` "
                                "printed, which carries it (a restarted server prints new ones)"));
    }
  }
  if (const auto text = not_utf8(request)) {
    return json_reply(refusal(
        400,
        fmt::format("the path and query must be UTF-8 text, and {} is not", in_quotes(*text))));
  }
  const auto origin = request.header("Origin");
  if (request.method != "GET" && request.method != "HEAD" && origin &&
      *origin != fmt::format("{}://{}", scheme_of(options_), request.header("Host").value_or(""))) {
    return json_reply(refusal(403, fmt::format("requests from another site are refused (Origin {})",
                                               printable(*origin))));
  }
  return json_reply(route(request, caller));
}

ApiReply Router::route(const HttpRequest& request, const Caller& caller) {
  const std::vector<std::string_view> part = parts_of(request.path);
  const std::string& method = request.method;
  const bool get = method == "GET" || method == "HEAD";
  const std::size_t n = part.size();
  const bool api = n >= 2 && part[0] == "api";
  if (api && n == 2 && part[1] == "session" && get) return api_.session(caller);
  const bool batches = api && part[1] == "batches";
  if (batches && n == 2 && get) return api_.batches();
  if (const auto id = batches && n >= 3 ? id_of(part[2]) : std::nullopt) {
    const std::string reviewer(request.param("reviewer").value_or(""));
    if (n == 3 && get) return api_.batch(*id, reviewer, caller);
    if (n == 4 && part[3] == "agreement" && get) return api_.agreement(*id, reviewer, caller);
    if (n == 4 && part[3] == "submit" && method == "POST") {
      return api_.submit(*id, request.body, caller);
    }
    if (n == 4 && part[3] == "undo" && method == "POST") {
      return api_.undo(*id, request.body, caller);
    }
    if (n == 4 && part[3] == "redo" && method == "POST") {
      return api_.redo(*id, request.body, caller);
    }
    if (n == 4 && part[3] == "changes" && method == "POST") {
      return api_.send_changes(*id, request.body, caller);
    }
    if (n == 4 && part[3] == "changes" && get) {
      return api_.changes(*id, std::string(request.param("reviewer").value_or("")), caller);
    }
    if (n == 5 && part[3] == "drafts" && is_material(part[4])) {
      const std::string material(part[4]);
      if (method == "PUT") return api_.put_draft(*id, material, request.body, caller);
      if (method == "DELETE") {
        return api_.remove_draft(*id, material, std::string(request.param("reviewer").value_or("")),
                                 caller);
      }
    }
  }
  if (api && n == 3 && part[1] == "nodes" && is_material(part[2]) && get) {
    return api_.node(std::string(part[2]));
  }
  if (api && n == 3 && part[1] == "positions" && is_material(part[2]) && get) {
    const std::string_view text = request.param("index").value_or("0");
    const std::optional<uint32_t> index = index_of(text);
    if (!index) {
      return refusal(400, fmt::format("index: expected a position's number, 0 or more, not {}",
                                      in_quotes(std::string(text))));
    }
    return api_.position(std::string(part[2]), *index);
  }
  if (api && n == 4 && part[1] == "positions" && is_material(part[2]) && part[3] == "value" &&
      get) {
    const std::optional<std::string_view> fen = request.param("fen");
    if (!fen) return refusal(400, "fen: the position whose value is asked for is missing");
    return api_.position_value(std::string(part[2]), std::string(*fen));
  }
  return refusal(404, fmt::format("no such page or API call: {} {}", printable(method),
                                  printable(request.path)));
}

}  // namespace egkb
