// libFuzzer target: any request as the review app's router takes it from httplib (a method, a
// path and query, headers and a body) against small stores made once, served on loopback and
// beyond it with alice's token. An exception escaping the router is a bug (the server would
// answer 500), and so is an answer that is not JSON unless it is the page or an asset, anything
// but those answered without the token, or a draft the token's server keeps under another name
// than alice's.
//
// The input: one byte whose lowest bit picks the server with the token, then
// "METHOD\nPATH?QUERY\nName: value\n...\n\nBODY". The query is split at & and =, not decoded.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "io/csv.h"
#include "io/output_files.h"
#include "lattice/material.h"
#include "serve/router.h"
#include "store/batches.h"
#include "store/drafts.h"
#include "store/import.h"
#include "store/store.h"

namespace {

constexpr int kPort = 8600;
constexpr std::string_view kToken = "0123456789abcdef";

// KK and KRK are invariable; batch 1 draws KRRK, KNK and KCK, batch 2 KPK.
constexpr std::string_view kCsv =
    "material,score,source,invariable,weight\n"
    "KK,5,manual,1,\nKRK,1,manual,1,\nKRRK,1,manual,0,\nKNK,3,manual,0,\nKCK,3,manual,0,\n"
    "KPK,4,manual,0,\n";

void make_store(const std::string& path) {
  const egkb::KnowledgeBase kb = egkb::parse_csv(kCsv, "fuzz.csv", {});
  {
    egkb::Outputs outputs;
    egkb::Store created = egkb::Store::create(path, *kb.pieces, outputs);
    egkb::import_kb(created, kb, {}, &outputs);
  }
  egkb::Store store = egkb::Store::open(path);
  store.write([&](egkb::StoreWriter& w) {
    for (const std::vector<std::string>& drawn :
         {std::vector<std::string>{"KRRK", "KNK", "KCK"}, std::vector<std::string>{"KPK"}}) {
      egkb::Batch batch{.id = egkb::BatchId{},
                        .design = "hss",
                        .seed = 0,
                        .parameters = "{}",
                        .population = kb.rows.size(),
                        .created = "",
                        .items = {}};
      for (const std::string& material : drawn) {
        const egkb::Key key = egkb::key_of(egkb::parse_material(material, *kb.pieces), *kb.pieces);
        for (const egkb::KbRow& row : kb.rows) {
          if (row.key == key) batch.items.push_back({key, row.score, 0.5, egkb::Source::Manual});
        }
      }
      egkb::store::add_batch(w, batch);
    }
  });
}

struct Servers {
  Servers()
      : dir(std::filesystem::temp_directory_path() /
            ("egkb-serve-fuzz-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir);
    const std::string store = (dir / "store.sqlite").string();
    make_store(store);
    make_store(guarded_store);
    open = std::make_unique<egkb::Router>(egkb::ServeOptions{.store = store}, kPort);
    guarded = std::make_unique<egkb::Router>(
        egkb::ServeOptions{
            .store = guarded_store, .host = "0.0.0.0", .tokens = {{std::string(kToken), "alice"}}},
        kPort);
  }

  // Whether the guarded store holds a draft in any name but alice's.
  bool drafts_of_others() const {
    egkb::Store store = egkb::Store::open(guarded_store);
    for (const egkb::BatchId batch : egkb::store::batch_ids(store)) {
      for (const egkb::Draft& d : egkb::store::drafts(store, batch)) {
        if (d.reviewer != "alice") return true;
      }
    }
    return false;
  }
  ~Servers() { std::filesystem::remove_all(dir); }

  std::filesystem::path dir;
  std::string guarded_store = (dir / "guarded.sqlite").string();
  std::unique_ptr<egkb::Router> open;
  std::unique_ptr<egkb::Router> guarded;
};

// The text up to the next line break, taken off `in`.
std::string_view line(std::string_view& in) {
  const std::size_t end = in.find('\n');
  const std::string_view taken = in.substr(0, end);
  in.remove_prefix(end == std::string_view::npos ? in.size() : end + 1);
  return taken;
}

// `text` split at `separator`, each part taken off the front.
std::pair<std::string, std::string> split(std::string_view text, char separator) {
  const std::size_t at = text.find(separator);
  if (at == std::string_view::npos) return {std::string(text), ""};
  return {std::string(text.substr(0, at)), std::string(text.substr(at + 1))};
}

egkb::HttpRequest request_of(std::string_view in) {
  egkb::HttpRequest request;
  request.method = line(in);
  auto [path, query] = split(line(in), '?');
  request.path = path;
  std::string_view rest = query;
  while (!rest.empty()) {
    const std::size_t amp = rest.find('&');
    request.params.push_back(split(rest.substr(0, amp), '='));
    rest.remove_prefix(amp == std::string_view::npos ? rest.size() : amp + 1);
  }
  for (std::string_view field = line(in); !field.empty(); field = line(in)) {
    auto [name, value] = split(field, ':');
    if (value.starts_with(' ')) value.erase(0, 1);
    request.headers.emplace_back(std::move(name), std::move(value));
  }
  request.body = in;
  return request;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  static const Servers servers;
  if (size == 0) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const bool with_token = (data[0] & 1) != 0;
  const egkb::HttpRequest request = request_of(input.substr(1));
  const egkb::HttpReply reply = (with_token ? servers.guarded : servers.open)->answer(request);

  if (reply.status < 200 || reply.status > 599) __builtin_trap();
  const bool json = reply.type == egkb::kJsonType;
  if (json && !nlohmann::json::accept(reply.body)) __builtin_trap();
  if (!json && (reply.status != 200 || request.path.starts_with("/api/"))) __builtin_trap();
  // Without the token the guarded server answers only the page and its assets; without this
  // server's port in a Host header the loopback one answers nothing.
  if (with_token && input.find(kToken) == std::string_view::npos && json && reply.status != 401)
    __builtin_trap();
  if (!with_token && input.find(":8600") == std::string_view::npos && reply.status != 403)
    __builtin_trap();
  // The token is alice's: whatever the request names, nothing is kept in another name.
  if (with_token && reply.status == 200 && request.method != "GET" && servers.drafts_of_others())
    __builtin_trap();
  return 0;
}
