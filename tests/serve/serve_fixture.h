// A review server on an ephemeral loopback port over a small store the test builds, with an
// HTTP client: what the API tests and the load test share.
#pragma once

#include <httplib.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "serve/server.h"
#include "store/batches.h"
#include "tests/support/cli.h"

namespace egkb::test {

// KK, KRK, KRRK, KNK, KCK and KPK, manual rows scored 5, 0, 1, 3, 3 and 4, none invariable: the
// drafts and lead API tests draw their batches from it.
constexpr const char* kSmallXiangqiCsv =
    "material,score,source,invariable,weight\n"
    "KK,5,manual,0,\nKRK,0,manual,0,\nKRRK,1,manual,0,\nKNK,3,manual,0,\nKCK,3,manual,0,\n"
    "KPK,4,manual,0,\n";

class ServeTest : public CliTest {
 protected:
  void TearDown() override;

  // Imports `csv` as store.sqlite and draws one batch per list of materials, in that order.
  void make_store(const std::string& csv, const std::vector<std::vector<std::string>>& batches);
  // Serves store.sqlite; `options` may set the token, the body limit or the host.
  void serve(ServeOptions options = {});
  // Stops the server and serves the same store again, with the same options, on a new port.
  void restart();

  httplib::Client client() const;
  httplib::Headers origin() const;
  std::pair<int, nlohmann::json> get(const std::string& path) const;
  std::pair<int, nlohmann::json> put_draft(int64_t batch, const std::string& material,
                                           const std::string& verdict,
                                           const std::string& reviewer) const;
  std::pair<int, nlohmann::json> submit(int64_t batch, const nlohmann::json& body) const;
  // Any request with this server's Origin and `headers` besides; a body is sent as JSON.
  std::pair<int, nlohmann::json> send(const std::string& method, const std::string& path,
                                      const nlohmann::json& body = nullptr,
                                      httplib::Headers headers = {}) const;

  int port_ = 0;

 private:
  ServeOptions options_;
  std::unique_ptr<ReviewServer> server_;
  std::thread thread_;
};

// An empty batch drawn by the tests themselves, from `population` rows.
Batch test_batch(std::size_t population);

// A status and a JSON body, from a client's result (status 0 and the client's error when no
// answer came).
std::pair<int, nlohmann::json> answer_of(const httplib::Result& r);

}  // namespace egkb::test
