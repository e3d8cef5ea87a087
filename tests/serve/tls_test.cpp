// The review server over TLS (serve --tls-cert, --tls-key; issue 40, item 6), with a
// self-signed certificate made by the openssl program and trusted by the client: the page and
// the API over HTTPS, the Origin check in https, a browser sent to http:// told where to go, a
// handshake never finished cut off as a slow request is, and files that cannot serve refused
// before the server listens.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <thread>

#include "base/errors.h"
#include "tests/serve/raw_client.h"
#include "tests/serve/serve_fixture.h"

namespace egkb::test {
namespace {

class TlsTest : public ServeTest {
 protected:
  void SetUp() override {
    ServeTest::SetUp();
    make_store(kSmallXiangqiCsv, {{"KRK", "KNK"}});
    for (const char* name : {"", "other-"}) {
      const std::string prefix(name);
      const Outcome made = self_signed_certificate(prefix + "cert.pem", prefix + "key.pem");
      if (made.code == 127)
        GTEST_SKIP() << "the openssl program is missing (./setup.sh installs it)";
      ASSERT_EQ(made.code, 0) << made.err;
    }
  }

  ServeOptions with_tls(const std::string& certificate = "cert.pem",
                        const std::string& key = "key.pem") const {
    ServeOptions options;
    options.tls = TlsFiles{path(certificate), path(key)};
    return options;
  }

  // A client that trusts cert.pem alone.
  std::unique_ptr<httplib::SSLClient> https() const {
    auto c = std::make_unique<httplib::SSLClient>("127.0.0.1", port_);
    c->set_ca_cert_path(path("cert.pem").c_str());
    c->enable_server_certificate_verification(true);
    c->set_read_timeout(10);
    return c;
  }

  httplib::Headers origin_of(const std::string& scheme) const {
    return {{"Origin", scheme + "://127.0.0.1:" + std::to_string(port_)}};
  }
};

TEST_F(TlsTest, ThePageAndTheApiAnswerOverHttps) {
  serve(with_tls());
  auto c = https();
  const httplib::Result page = c->Get("/");
  ASSERT_TRUE(page) << httplib::to_string(page.error());
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->body.rfind("<!doctype html>", 0), 0u) << page->body.substr(0, 80);
  const auto [status, batches] = answer_of(c->Get("/api/batches"));
  EXPECT_EQ(status, 200);
  EXPECT_EQ(batches["batches"].size(), 1u) << batches.dump();
  // The page's own origin is https now: a change from the http one comes from another site.
  const std::string body = R"({"reviewer": "alice", "verdict": "2"})";
  EXPECT_EQ(
      answer_of(c->Put("/api/batches/1/drafts/KRK", origin_of("https"), body, "application/json"))
          .first,
      200);
  EXPECT_EQ(
      answer_of(c->Put("/api/batches/1/drafts/KNK", origin_of("http"), body, "application/json"))
          .first,
      403);
}

TEST_F(TlsTest, PlainHttpToTheHttpsPortIsToldToUseHttps) {
  serve(with_tls());
  const RawAnswer answer =
      raw_request(port_, "GET / HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port_) + "\r\n\r\n");
  EXPECT_EQ(answer.status, 400);
  EXPECT_NE(answer.body.find("HTTPS only: open its address with https://"), std::string::npos)
      << answer.body;
  EXPECT_EQ(answer_of(https()->Get("/api/batches")).first, 200) << "serving goes on";
}

// A client that opens a handshake and sends no more holds its thread no longer than a slow
// request does; a reviewer connecting meanwhile is served.
TEST_F(TlsTest, AHandshakeNeverFinishedIsCutOff) {
  ServeOptions options = with_tls();
  options.request_time = std::chrono::milliseconds(1000);
  serve(options);
  RawConnection stalled("127.0.0.1", port_);
  ASSERT_TRUE(stalled.connected());
  ASSERT_TRUE(stalled.send("\x16\x03\x01"));
  EXPECT_EQ(answer_of(https()->Get("/api/batches")).first, 200);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(stalled.ended_within(3000)) << "a stalled handshake is still held";
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(2500));
}

TEST_F(TlsTest, FilesThatCannotServeAreRefusedBeforeListening) {
  const auto refused = [&](const ServeOptions& options, const std::string& field,
                           const std::string& says) {
    ServeOptions o = options;
    o.store = path("store.sqlite");
    o.port = 0;
    try {
      ReviewServer server(o);
      ADD_FAILURE() << "accepted: " << says;
    } catch (const InputError& e) {
      EXPECT_EQ(e.field(), field) << e.what();
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    }
  };
  refused(with_tls("none.pem"), "--tls-cert", "no such file");
  refused(with_tls("key.pem"), "--tls-cert", "not a certificate in PEM form");
  refused(with_tls("cert.pem", "cert.pem"), "--tls-key", "not a private key in PEM form");
  refused(with_tls("cert.pem", "other-key.pem"), "--tls-key", "not the key of the certificate");
  refused(with_tls(".", "key.pem"), "--tls-cert", "not a file");
}

}  // namespace
}  // namespace egkb::test
