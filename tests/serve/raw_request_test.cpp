// Requests no browser sends, written by hand on loopback sockets: each is answered with its
// status and a JSON error, and the server still answers a normal request afterwards.
#include <arpa/inet.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tests/serve/raw_client.h"
#include "tests/serve/serve_fixture.h"

namespace egkb::test {
namespace {

using namespace std::string_literals;

// Batch 1 draws KRRK, KNK and KCK.
constexpr const char* kRawCsv =
    "material,score,source,invariable,weight\n"
    "KK,5,manual,1,\nKRK,1,manual,1,\nKRRK,1,manual,0,\nKNK,3,manual,0,\nKCK,3,manual,0,\n";
constexpr const char* kToken = "0123456789abcdef";

class RawRequestTest : public ServeTest {
 protected:
  void SetUp() override {
    ServeTest::SetUp();
    make_store(kRawCsv, {{"KRRK", "KNK", "KCK"}});
  }

  std::string host() const { return "Host: 127.0.0.1:" + std::to_string(port_) + "\r\n"; }
  RawAnswer get_raw(const std::string& target) const {
    return raw_request(port_, "GET " + target + " HTTP/1.1\r\n" + host() + "\r\n");
  }
};

// `count` chunks of `chunk` and the last chunk, as Transfer-Encoding: chunked frames a body.
std::string chunks(int count, const std::string& chunk) {
  std::string body;
  for (int i = 0; i < count; ++i) body += fmt::format("{:x}\r\n{}\r\n", chunk.size(), chunk);
  return body + "0\r\n\r\n";
}

nlohmann::json json_of(const RawAnswer& answer) {
  return nlohmann::json::parse(answer.body, nullptr, false);
}

TEST_F(RawRequestTest, PathsThatAreNotUtf8AreRefusedAndServingGoesOn) {
  serve();
  for (const char* target : {"/%ff", "/%c0%ae%c0%ae/", "/api/nodes/%ed%a0%80",
                             "/api/batches/1/drafts/K%ffK", "/api/batches?reviewer=%ff"}) {
    const RawAnswer answer = get_raw(target);
    EXPECT_EQ(answer.status, 400) << target;
    EXPECT_TRUE(json_of(answer).contains("error")) << target << ": " << answer.body;
  }
  // The bytes are named escaped, not echoed.
  const std::string error = json_of(get_raw("/%ff"))["error"];
  EXPECT_NE(error.find("'/\\xFF'"), std::string::npos) << error;
  EXPECT_EQ(get("/api/batches").first, 200);
}

TEST_F(RawRequestTest, HostileRequestsAreAnsweredAndServingGoesOn) {
  serve();
  const std::string h = host();
  struct Case {
    const char* what;
    std::string bytes;
    int status;
  };
  const std::vector<Case> cases = {
      {"a header of 10,000 bytes",
       "GET /api/batches HTTP/1.1\r\n" + h + "X-Big: " + std::string(10000, 'a') + "\r\n\r\n", 400},
      {"a request line that is not HTTP", "BREW /pot HTCPCP/1.0\r\n" + h + "\r\n", 400},
      {"a NUL byte in the path", "GET /api\0/batches HTTP/1.1\r\n"s + h + "\r\n", 400},
      {"an encoded NUL in the path", "GET /api/nodes/K%00K HTTP/1.1\r\n" + h + "\r\n", 404},
      {"a line break in the path", "GET /api/nodes/K%0aK HTTP/1.1\r\n" + h + "\r\n", 404},
      {"an address of 9,000 bytes", "GET /" + std::string(9000, 'a') + " HTTP/1.1\r\n" + h + "\r\n",
       414},
      {"a body over the limit",
       "PUT /api/batches/1/drafts/KNK HTTP/1.1\r\n" + h + "Content-Length: 20000\r\n\r\n" +
           std::string(20000, ' '),
       413},
      {"a chunked body over the limit",
       "PUT /api/batches/1/drafts/KNK HTTP/1.1\r\n" + h + "Transfer-Encoding: chunked\r\n\r\n" +
           chunks(40, std::string(1000, ' ')),
       400},
      {"a compressed body (the app sends none, and inflating one knows no limit)",
       "PUT /api/batches/1/drafts/KNK HTTP/1.1\r\n" + h +
           "Content-Encoding: gzip\r\nContent-Length: 4\r\n\r\nabcd",
       400},
      {"a method the app does not use", "OPTIONS /api/batches HTTP/1.1\r\n" + h + "\r\n", 404},
  };
  for (const Case& c : cases) {
    const RawAnswer answer = raw_request(port_, c.bytes);
    EXPECT_EQ(answer.status, c.status) << c.what;
    EXPECT_TRUE(json_of(answer).contains("error")) << c.what << ": " << answer.body;
    EXPECT_EQ(get("/api/batches").first, 200) << "after " << c.what;
  }
}

TEST_F(RawRequestTest, WithATokenNothingButThePageIsAnsweredWithoutIt) {
  ServeOptions options;
  options.tokens = {{kToken, "alice"}};
  serve(options);
  for (const char* target :
       {"/nope", "/%ff", "/%c0%ae%c0%ae/", "/api/batches/9", "/api/nodes/KZK", "/api/"}) {
    const RawAnswer answer = get_raw(target);
    EXPECT_EQ(answer.status, 401) << target;
    EXPECT_TRUE(json_of(answer).contains("error")) << target << ": " << answer.body;
  }
  EXPECT_EQ(get_raw("/").status, 200);
  EXPECT_EQ(get_raw("/app.js").status, 200);
  EXPECT_EQ(get_raw("/nope?token="s + kToken).status, 404);
  EXPECT_EQ(get_raw("/%ff?token="s + kToken).status, 400);
}

// More slow clients than the 32 threads httplib's pool had, each sending its request a byte a
// quarter of a request time: a request made meanwhile is answered, and each slow one is cut off
// before it is whole. The server's 1 s request time (5 s by default) keeps the test short.
TEST_F(RawRequestTest, SlowClientsStallNoOneAndAreCutOff) {
  constexpr std::chrono::milliseconds kRequestTime(1000);
  ServeOptions options;
  options.request_time = kRequestTime;
  serve(options);
  constexpr std::size_t kSlow = 40;
  const std::string request = "GET /api/batches HTTP/1.1\r\n" + host() + "\r\n";
  std::vector<std::unique_ptr<RawConnection>> slow;
  for (std::size_t i = 0; i < kSlow; ++i) {
    slow.push_back(std::make_unique<RawConnection>("127.0.0.1", port_));
    ASSERT_TRUE(slow.back()->connected());
  }
  std::vector<bool> ended(kSlow, false);
  for (std::size_t sent = 0; sent < request.size(); ++sent) {
    for (std::size_t i = 0; i < kSlow; ++i) {
      if (!ended[i]) ended[i] = !slow[i]->send(request.substr(sent, 1));
    }
    if (sent == 1) {
      httplib::Client c("127.0.0.1", port_);
      c.set_connection_timeout(3);
      c.set_read_timeout(3);
      const auto [status, body] = answer_of(c.Get("/api/batches"));
      EXPECT_EQ(status, 200) << "a request behind the slow clients: " << body.dump();
    }
    std::this_thread::sleep_for(kRequestTime / 4);
    for (std::size_t i = 0; i < kSlow; ++i) ended[i] = ended[i] || slow[i]->ended_within(0);
    if (std::find(ended.begin(), ended.end(), false) == ended.end()) break;
  }
  EXPECT_EQ(std::count(ended.begin(), ended.end(), true), kSlow)
      << "slow clients still held after sending their whole request";
}

// `egkb serve --host 127.0.0.2` is loopback, so it takes no token: the address it prints must
// then be one its Host check accepts.
TEST_F(RawRequestTest, AServerOnAnotherLoopbackAddressAnswersTheAddressItPrints) {
  {
    const int probe = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    inet_pton(AF_INET, "127.0.0.2", &address.sin_addr);
    const bool bound = ::bind(probe, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    ::close(probe);
    if (!bound) GTEST_SKIP() << "127.0.0.2 cannot be bound here";
  }
  ServeOptions options;
  options.host = "127.0.0.2";
  serve(options);
  httplib::Client c("127.0.0.2", port_);
  const auto [status, body] = answer_of(c.Get("/api/batches"));
  EXPECT_EQ(status, 200) << body.dump();
  const std::string port = std::to_string(port_);
  EXPECT_EQ(raw_request(port_, "GET /api/batches HTTP/1.1\r\nHost: localhost:" + port + "\r\n\r\n",
                        "127.0.0.2")
                .status,
            200);
  EXPECT_EQ(
      raw_request(port_, "GET /api/batches HTTP/1.1\r\nHost: evil.example:" + port + "\r\n\r\n",
                  "127.0.0.2")
          .status,
      403);
}

}  // namespace
}  // namespace egkb::test
