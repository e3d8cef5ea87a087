// A store opened afresh, as the next command would open it, for the reads of one statement.
#pragma once

#include <string>

#include "store/store.h"

namespace egkb::test {

// `store::drafts(test::Reopened(path), batch)` reads through a new session that closes at the
// end of the statement, so the test goes on with no snapshot of its own left open.
class Reopened {
 public:
  explicit Reopened(const std::string& path) : store_(Store::open(path)) {}
  operator Store&() { return store_; }

 private:
  Store store_;
};

}  // namespace egkb::test
