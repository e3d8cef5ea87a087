// A review server on a store it may not write (a KB installed read-only, issue 23): it shows the
// batches, and every answer is refused with 403 saying the store is read-only here, where it was
// a 500, the store left as it was. The server runs as its own process: as root under `nobody`
// through setpriv (root may write any file), otherwise the store's and its folder's modes alone
// make it read-only.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "lattice/material.h"
#include "store/drafts.h"
#include "store/store.h"
#include "tests/serve/serve_fixture.h"
#include "tests/support/process.h"

namespace egkb::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kReadOnlyCsv =
    "material,score,source,invariable,weight\n"
    "KK,5,manual,0,\nKRK,0,manual,0,\nKNK,3,manual,0,\nKCK,3,manual,0,\n";

class ReadOnlyStore : public ServeTest {
 protected:
  void SetUp() override {
    ServeTest::SetUp();
    if (::geteuid() == 0 && !fs::exists("/usr/bin/setpriv"))
      GTEST_SKIP() << "a server that may not write needs setpriv when the tests run as root";
    make_store(kReadOnlyCsv, {{"KNK", "KCK"}});
    // alice has answered KNK, so a submit gets as far as its write.
    Store store = Store::open(path("store.sqlite"));
    const Key knk = key_of(parse_material("KNK", store.pieces()), store.pieces());
    store.write([&](StoreWriter& w) {
      store::set_draft(w, BatchId(1), knk, "alice", {Verdict::of(Score(2)), "", false});
    });
    // The store and its journal files, installed in a folder of their own.
    fs::create_directory(path("kb"));
    for (const char* file : {"store.sqlite", "store.sqlite-wal", "store.sqlite-shm"}) {
      if (fs::exists(path(file))) fs::rename(path(file), path(std::string("kb/") + file));
    }
    fs::permissions(store_path(),
                    fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    fs::permissions(path("kb"), fs::perms::owner_read | fs::perms::owner_exec |
                                    fs::perms::group_read | fs::perms::group_exec |
                                    fs::perms::others_read | fs::perms::others_exec);
  }

  void TearDown() override {
    process_.reset();
    fs::permissions(path("kb"), fs::perms::owner_all);
    ServeTest::TearDown();
  }

  std::string store_path() const { return path("kb/store.sqlite"); }

  // Starts `egkb serve` on the read-only store and waits for its banner's port.
  void serve_read_only() {
    std::vector<std::string> runner;
    if (::geteuid() == 0)
      runner = {"/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"};
    process_ =
        std::make_unique<Process>(std::vector<std::string>{"serve", store_path(), "--port", "0"},
                                  path("serve.out"), path("serve.err"), runner);
    const std::string at = "http://127.0.0.1:";
    for (int tries = 0; tries < 200 && port_ == 0; ++tries) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      const std::string banner = read_file(path("serve.out"));
      if (const auto p = banner.find(at);
          p != std::string::npos && banner.find('/', p + at.size()) != std::string::npos)
        port_ = std::stoi(banner.substr(p + at.size()));
    }
    ASSERT_NE(port_, 0) << read_file(path("serve.err"));
  }

  // The store's own bytes and its journal's: the server can change neither.
  std::string stored_bytes() const {
    return read_file(store_path()) + read_file(store_path() + "-wal");
  }

  std::unique_ptr<Process> process_;
};

TEST_F(ReadOnlyStore, ItsBatchesAreShownAndEveryAnswerIsRefusedWith403) {
  serve_read_only();
  const std::string before = stored_bytes();
  ASSERT_EQ(get("/api/batches").first, 200);

  const auto expect_read_only = [](const std::pair<int, nlohmann::json>& reply,
                                   const std::string& what) {
    EXPECT_EQ(reply.first, 403) << what << ": " << reply.second.dump();
    const std::string error = reply.second.value("error", "");
    EXPECT_NE(error.find("store.sqlite: the store is read-only here"), std::string::npos)
        << what << ": " << error;
  };
  expect_read_only(put_draft(1, "KCK", "2", "alice"), "an answer");
  expect_read_only(send("DELETE", "/api/batches/1/drafts/KNK?reviewer=alice"), "a removal");
  expect_read_only(send("POST", "/api/batches/1/undo", {{"reviewer", "alice"}}), "an undo");
  expect_read_only(submit(1, {{"reviewer", "alice"}, {"partial", true}}), "a submit");

  // The server goes on answering, and the store holds what it held.
  const auto [status, batch] = get("/api/batches/1");
  ASSERT_EQ(status, 200);
  EXPECT_EQ(batch["items"][0]["drafts"]["alice"], "2");
  EXPECT_TRUE(batch["items"][1]["drafts"].empty());
  EXPECT_EQ(stored_bytes(), before);
}

}  // namespace
}  // namespace egkb::test
