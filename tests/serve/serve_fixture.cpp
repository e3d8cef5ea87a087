#include "tests/serve/serve_fixture.h"

#include "lattice/material.h"
#include "store/batches.h"
#include "store/nodes.h"
#include "store/store.h"

namespace egkb::test {

std::pair<int, nlohmann::json> answer_of(const httplib::Result& r) {
  if (!r) return {0, {{"error", httplib::to_string(r.error())}}};
  return {r->status, nlohmann::json::parse(r->body, nullptr, false)};
}

Batch test_batch(std::size_t population) {
  return Batch{.id = BatchId(),
               .design = "hss",
               .seed = 0,
               .parameters = std::string("{}"),
               .population = population,
               .created = "",
               .items = {},
               .strata = {}};
}

void ServeTest::TearDown() {
  if (server_) {
    server_->stop();
    thread_.join();
  }
  CliTest::TearDown();
}

void ServeTest::make_store(const std::string& csv,
                           const std::vector<std::vector<std::string>>& batches) {
  ASSERT_EQ(run("import " + path("store.sqlite") + " " + write("kb.csv", csv)).code, 0);
  Store store = Store::open(path("store.sqlite"));
  const KnowledgeBase kb = store::knowledge_base(store);
  store.write([&](StoreWriter& w) {
    for (const auto& materials : batches) {
      Batch batch = test_batch(kb.rows.size());
      for (const std::string& m : materials) {
        const Key key = key_of(parse_material(m, store.pieces()), store.pieces());
        const auto row = std::find_if(kb.rows.begin(), kb.rows.end(),
                                      [&](const KbRow& r) { return r.key == key; });
        batch.items.push_back({key, row->score, 0.5, row->source});
      }
      store::add_batch(w, batch);
    }
  });
}

void ServeTest::serve(ServeOptions options) {
  options.store = path("store.sqlite");
  options.port = 0;
  options_ = options;
  server_ = std::make_unique<ReviewServer>(options);
  port_ = server_->bind();
  thread_ = std::thread([this] { server_->run(); });
}

void ServeTest::restart() {
  server_->stop();
  thread_.join();
  server_.reset();
  serve(options_);
}

httplib::Client ServeTest::client() const {
  httplib::Client c("127.0.0.1", port_);
  c.set_read_timeout(30);
  return c;
}

httplib::Headers ServeTest::origin() const {
  return {{"Origin", "http://127.0.0.1:" + std::to_string(port_)}};
}

std::pair<int, nlohmann::json> ServeTest::get(const std::string& path) const {
  return answer_of(client().Get(path));
}

std::pair<int, nlohmann::json> ServeTest::put_draft(int64_t batch, const std::string& material,
                                                    const std::string& verdict,
                                                    const std::string& reviewer) const {
  return answer_of(client().Put(
      "/api/batches/" + std::to_string(batch) + "/drafts/" + material, origin(),
      nlohmann::json{{"verdict", verdict}, {"reviewer", reviewer}}.dump(), "application/json"));
}

std::pair<int, nlohmann::json> ServeTest::submit(int64_t batch, const nlohmann::json& body) const {
  return answer_of(client().Post("/api/batches/" + std::to_string(batch) + "/submit", origin(),
                                 body.dump(), "application/json"));
}

std::pair<int, nlohmann::json> ServeTest::send(const std::string& method, const std::string& path,
                                               const nlohmann::json& body,
                                               httplib::Headers headers) const {
  headers.merge(origin());
  const std::string text = body.is_null() ? "" : body.dump();
  auto c = client();
  if (method == "GET") return answer_of(c.Get(path, headers));
  if (method == "PUT") return answer_of(c.Put(path, headers, text, "application/json"));
  if (method == "POST") return answer_of(c.Post(path, headers, text, "application/json"));
  if (method == "DELETE") return answer_of(c.Delete(path, headers));
  ADD_FAILURE() << "no such method in the tests: " << method;
  return {0, nullptr};
}

}  // namespace egkb::test
