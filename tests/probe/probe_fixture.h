// What the libegkb-probe tests share: a table written from a base into the test's folder and
// opened by the library, and a material's counts as the library takes them.
#pragma once

#include <egkb/probe.h>

#include <array>
#include <fstream>
#include <memory>
#include <string>

#include "export/engine_table.h"
#include "lattice/knowledge_base.h"
#include "tests/support/cli.h"

namespace egkb::test {

struct Closer {
  void operator()(egkb_table* t) const { egkb_close(t); }
};
using Table = std::unique_ptr<egkb_table, Closer>;
using Counts = std::array<int, EGKB_MOST_KINDS>;

class ProbeTest : public CliTest {
 protected:
  std::string write_table(const ScoredLattice& scored, const std::string& name) const {
    std::ofstream out(path(name), std::ios::binary);
    EngineTable::of(scored, false).write(out);
    return path(name);
  }
  static Table open(const std::string& file) {
    const char* why = nullptr;
    Table t(egkb_open(file.c_str(), &why));
    EXPECT_TRUE(t) << file << ": " << (why ? why : "");
    return t;
  }
  static Counts counts(const Material& m, Side side, int kinds) {
    Counts c{};
    for (PieceKind k : KindRange(kinds))
      c[static_cast<std::size_t>(kind_index(k))] = m.count(side, k);
    return c;
  }
};

}  // namespace egkb::test
