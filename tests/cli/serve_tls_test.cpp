// `egkb serve` beyond plain HTTP as a user runs it (issue 40, item 6): with a self-signed
// certificate made by the openssl program it prints https links and curl, trusting that
// certificate, fetches the app; beyond loopback, --insecure-http serves plain HTTP as asked.
#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <string>
#include <thread>

#include "tests/support/cli.h"
#include "tests/support/process.h"

namespace egkb {
namespace {

using test::Outcome;

class ServeTls : public test::StoreCliTest {
 protected:
  // The first address the server started beside the test prints.
  std::string address() const {
    std::string banner;
    for (int tries = 0; tries < 200 && banner.find("open it in a browser") == std::string::npos;
         ++tries) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      banner = test::read_file(path("serve.out"));
    }
    std::smatch address;
    EXPECT_TRUE(std::regex_search(banner, address, std::regex("(https?://\\S+/)")))
        << banner << test::read_file(path("serve.err"));
    return address.empty() ? "" : address[1].str();
  }
};

TEST_F(ServeTls, CurlFetchesTheAppOverHttpsWithTheCertificate) {
  const Outcome made = self_signed_certificate("cert.pem", "key.pem");
  ASSERT_EQ(made.code, 0) << made.err;
  test::Process serve({"serve", store(), "--port", "0", "--tls-cert", path("cert.pem"), "--tls-key",
                       path("key.pem")},
                      path("serve.out"), path("serve.err"));
  const std::string address = this->address();
  ASSERT_EQ(address.rfind("https://127.0.0.1:", 0), 0u) << address;
  const Outcome page = run_program("curl -sS --cacert " + path("cert.pem") + " " + address);
  EXPECT_EQ(page.code, 0) << page.err;
  EXPECT_EQ(page.out.rfind("<!doctype html>", 0), 0u) << page.out.substr(0, 200);
  const Outcome api =
      run_program("curl -sS --cacert " + path("cert.pem") + " " + address + "api/batches");
  EXPECT_NE(api.out.find("\"batches\""), std::string::npos) << api.out << api.err;
  // Without the certificate curl refuses the server; over http:// the server says to use https.
  EXPECT_NE(run_program("curl -sS " + address).code, 0);
  const Outcome plain = run_program("curl -sS http://" + address.substr(8));
  EXPECT_NE(plain.out.find("HTTPS only"), std::string::npos) << plain.out << plain.err;
  serve.kill_hard();
  serve.wait();
}

TEST_F(ServeTls, InsecureHttpBeyondLoopbackServesPlainHttpAsAsked) {
  test::Process serve(
      {"serve", store(), "--port", "0", "--host", "0.0.0.0", "--reviewer", "a", "--insecure-http"},
      path("serve.out"), path("serve.err"));
  const std::string address = this->address();
  EXPECT_EQ(address.rfind("http://", 0), 0u) << address;
  EXPECT_NE(test::read_file(path("serve.out")).find("listening on every interface"),
            std::string::npos);
  serve.kill_hard();
  serve.wait();
}

}  // namespace
}  // namespace egkb
