// Engine exports: the table file read back for every node, damage refused, the closure CSV and
// JSON equal to the base they came from.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "base/errors.h"
#include "export/closure_export.h"
#include "export/engine_table.h"
#include "io/csv.h"
#include "synth/synthesise.h"
#include "tests/support/chess.h"
#include "tests/support/temp_dir.h"

namespace egkb {
namespace {

class Export : public test::TempDirTest {
 protected:
  std::string write_table(const ScoredLattice& scored, const std::string& name) const {
    std::ofstream out(path(name), std::ios::binary);
    EngineTable::of(scored, false).write(out);
    return path(name);
  }

  // The error EngineTable::read raises for the file as it is now.
  static InputError read_error(const std::string& file) {
    try {
      EngineTable::read(file);
    } catch (const InputError& e) {
      return e;
    }
    ADD_FAILURE() << file << " was read without an error";
    return InputError(file, 0, "", "");
  }

  void expect_every_node_probes_back(const ScoredLattice& scored) const {
    const EngineTable table = EngineTable::read(write_table(scored, "kb.egkb"));
    ASSERT_EQ(table.known(), scored.lattice.size());
    for (NodeId n = 0; n < scored.lattice.size(); ++n) {
      const auto score = table.probe(scored.lattice.material(n));
      ASSERT_TRUE(score.has_value()) << n;
      ASSERT_EQ(*score, scored.scores[n]) << n;
    }
  }
};

// Small enough that each damaged copy is written in microseconds.
KnowledgeBase small_kb() {
  return parse_csv("material,score\nKRK,0\nKNK,1\nKRKN,1\nKCKGG,3\nKPPKGM,5\n", "small.csv", {});
}

const KnowledgeBase& endall_noisy() {
  static const KnowledgeBase kb = synthesise({}).noisy;
  return kb;
}

TEST_F(Export, TableProbesEveryNodeOfSyntheticEndall) {
  const ScoredLattice scored = ScoredLattice::of(endall_noisy());
  expect_every_node_probes_back(scored);
}

TEST_F(Export, TableProbesEveryNodeOfTheChessData) {
  const ScoredLattice scored = ScoredLattice::of(test::chess_data());
  expect_every_node_probes_back(scored);
  const EngineTable table = EngineTable::read(path("kb.egkb"));
  const PieceSet& chess = PieceSet::chess();
  EXPECT_EQ(table.pieces().name(), "chess");
  EXPECT_EQ(*table.probe(parse_material("KRvK", chess)), Score(0));
  EXPECT_EQ(*table.probe(parse_material("KvKR", chess)), Score(9));
  // Outside the box of counts the data uses, and inside it but not in the data.
  EXPECT_FALSE(table.probe(parse_material("KQQQQQvK", chess)).has_value());
  EXPECT_FALSE(table.probe(parse_material("KQQQQvKQQQQ", chess)).has_value());
}

TEST_F(Export, ChessTableIsSizedByTheConfigurationsUsed) {
  const ScoredLattice scored = ScoredLattice::of(test::chess_data());
  const SideBox box = SideBox::of(scored.lattice);
  for (PieceKind k : KindRange(5)) EXPECT_EQ(box.dims[k], 5) << kind_index(k);
  EXPECT_EQ(box.entries(), 3125u);  // (4 + 1)^5: up to four of a kind a side in six-man chess
  const EngineTable table = EngineTable::of(scored, false);
  // Every side configuration of the data once, whichever side it is on.
  std::set<std::vector<int>> configurations;
  for (NodeId n = 0; n < scored.lattice.size(); ++n) {
    const Material m = scored.lattice.material(n);
    for (Side side : {Side::Red, Side::Black}) {
      std::vector<int> counts;
      for (PieceKind k : KindRange(5)) counts.push_back(m.count(side, k));
      configurations.insert(counts);
    }
  }
  EXPECT_EQ(table.column_count(), configurations.size());
  // The header, a u16 per configuration of the box, a byte per pair of columns.
  EXPECT_EQ(table.file_bytes(),
            64 + 2 * box.entries() + configurations.size() * configurations.size());
  EXPECT_LT(table.file_bytes(), 200'000u);  // the dense box of both sides took 9.8 MB
}

// The header's fields are checked first, each by its own check (a flip in a count may show as
// a size that does not match the header's promise); the body's by the checksum.
std::set<std::string> fields_at(std::size_t byte) {
  if (byte == 10) return {"kinds"};
  if (byte == 11) return {"flags"};
  if (byte < 24) return {"pieces"};
  if (byte < 32) return {"letters"};
  if (byte < 40) return {"dimensions", "entries"};
  if (byte < 44) return {"columns", "entries", "known"};
  if (byte < 48) return {"reserved"};
  if (byte < 56) return {"entries"};
  if (byte < 60) return {"known", "checksum"};
  return {"checksum"};
}

TEST_F(Export, EveryFlippedByteIsRefusedByItsField) {
  const ScoredLattice scored = ScoredLattice::of(small_kb());
  const std::string good = test::read_file(write_table(scored, "good.egkb"));
  // Every header byte past the magic and version, and 200 bytes spread over the entries.
  std::vector<std::size_t> positions;
  for (std::size_t i = 10; i < 64; ++i) positions.push_back(i);
  const std::size_t stride = (good.size() - 64) / 200;
  for (std::size_t i = 64; i < good.size(); i += stride) positions.push_back(i);
  positions.push_back(good.size() - 1);
  for (std::size_t i : positions) {
    std::string bad = good;
    bad[i] = static_cast<char>(bad[i] ^ 0x04);
    const InputError e = read_error(write("bad.egkb", bad));
    ASSERT_TRUE(fields_at(i).count(e.field())) << "byte " << i << ": " << e.what();
    if (i >= 64) {
      ASSERT_NE(std::string(e.what()).find("damaged"), std::string::npos) << e.what();
    }
  }
  EXPECT_GT(positions.size(), 250u);
}

TEST_F(Export, TruncatedAndForeignFilesAreRefusedByName) {
  const ScoredLattice scored = ScoredLattice::of(small_kb());
  const std::string good = test::read_file(write_table(scored, "good.egkb"));
  EXPECT_EQ(read_error(write("short.egkb", good.substr(0, good.size() - 1))).field(), "entries");
  EXPECT_EQ(read_error(write("long.egkb", good + "x")).field(), "entries");
  EXPECT_EQ(read_error(write("header.egkb", good.substr(0, 40))).field(), "header");
  EXPECT_EQ(read_error(write("empty.egkb", "")).field(), "header");
  const InputError csv = read_error(write("kb.csv", "material,score\n" + std::string(80, 'x')));
  EXPECT_EQ(csv.field(), "magic");
  EXPECT_EQ(csv.file(), path("kb.csv"));
  EXPECT_EQ(read_error(path("missing.egkb")).file(), path("missing.egkb"));
}

TEST_F(Export, ClosureCsvImportsBackToTheSameRows) {
  KnowledgeBase kb = parse_csv(
      "material,score,source,invariable,weight\nKRK,0,expert,1,\nKNK,1,manual,0,2.5\n"
      "KKN,8,manual,0,\nKCK,2,generated,1,0.125\nKCKC,4,generated,0,\n",
      "kb.csv", {});
  for (const KnowledgeBase& base : {kb, endall_noisy()}) {
    const ScoredLattice scored = ScoredLattice::of(base);
    std::ostringstream out;
    write_closure_csv(out, base, scored);
    const KnowledgeBase back = parse_csv(out.str(), "export.csv", {});
    ASSERT_EQ(back.rows.size(), base.rows.size());
    std::map<Key, const KbRow*> stored;
    for (const KbRow& row : base.rows) stored[row.key] = &row;
    for (const KbRow& row : back.rows) {
      const KbRow& was = *stored.at(row.key);
      ASSERT_EQ(row.score, was.score);
      ASSERT_EQ(row.source, was.source);
      ASSERT_EQ(row.invariable, was.invariable);
      ASSERT_EQ(row.weight, was.weight);
    }
  }
}

TEST_F(Export, ClosureJsonHoldsScoreRankAndProvenance) {
  const KnowledgeBase kb = test::chess_data();
  const ScoredLattice scored = ScoredLattice::of(kb);
  std::ostringstream out;
  write_closure_json(out, kb, scored, false);
  const auto j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["pieces"], "chess");
  EXPECT_EQ(j["has_conflicts"], false);
  ASSERT_EQ(j["materials"].size(), 1000u);
  EXPECT_EQ(j["materials"]["KRvK"]["score"], 0);
  EXPECT_EQ(j["materials"]["KRvK"]["provenance"], "generated");
  EXPECT_EQ(j["materials"]["KvKR"]["score"], 9);
  EXPECT_EQ(j["materials"]["KvKR"]["rank"], 8);
  EXPECT_EQ(j["materials"]["KvKR"]["provenance"], "implied");
}

}  // namespace
}  // namespace egkb
