// Solved tables on disk (solve/table_file.h): read back as written, one entry at a time as a
// whole, and refused when damaged.
#include "solve/table_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "base/errors.h"
#include "solve/materials.h"
#include "solve/retrograde.h"
#include "tests/support/temp_dir.h"

namespace egkb::solve {
namespace {

namespace fs = std::filesystem;

class TableFile : public test::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    for (const Material& m : solving_order({parse_material("KCGKG", PieceSet::xiangqi())})) {
      tables_[material_text(m)] =
          solve_material(m, [&](const Material& s) { return tables_.at(material_text(s)).get(); },
                         {.keep_distances = true, .threads = 1});
    }
    write_table(path("t.table"), table());
  }

  const SolvedTable& table() const { return *tables_.at("KCGKG"); }

  // The file with one byte changed, or cut short by `cut` bytes.
  void damage(uint64_t at, uint64_t cut = 0) const {
    std::string bytes = test::read_file(path("t.table"));
    if (cut > 0) bytes.resize(bytes.size() - cut);
    if (cut == 0) bytes[at] = static_cast<char>(bytes[at] ^ 0x10);
    std::ofstream(path("t.table"), std::ios::binary) << bytes;
  }

  std::map<std::string, std::unique_ptr<SolvedTable>> tables_;
};

TEST_F(TableFile, ReadBackWholeAndEntryByEntryAsWritten) {
  const auto back = read_table(path("t.table"), true);
  EXPECT_EQ(back->counts, table().counts);
  EXPECT_EQ(back->rules, SolveRules::Exact);
  for (int s = 0; s < 2; ++s) {
    EXPECT_EQ(back->outcome[s].words(), table().outcome[s].words());
    EXPECT_EQ(back->distance[s], table().distance[s]);
  }
  TableReader reader(path("t.table"));
  EXPECT_EQ(reader.header().distance_bytes, 1);
  for (uint64_t i = 0; i < table().index.size(); i += 97) {
    for (Side s : {Side::Red, Side::Black}) {
      EXPECT_EQ(reader.outcome(s, i), table().probe(s, i));
      EXPECT_EQ(reader.distance(s, i), table().distance[xiangqi::index(s)][i]);
    }
  }
  const auto without = read_table(path("t.table"), false);
  EXPECT_FALSE(without->has_distances());
}

TEST_F(TableFile, AChangedByteIsFoundByTheChecksum) {
  const uint64_t size = fs::file_size(path("t.table"));
  damage(size - 10);
  EXPECT_THROW(read_table(path("t.table"), false), IoError);
}

TEST_F(TableFile, AFileCutShortOrNotATableIsRefusedNamingIt) {
  damage(0, 5);
  try {
    read_table_header(path("t.table"));
    FAIL() << "a table cut short was read";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("t.table"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("bytes where its header promises"), std::string::npos);
  }
  write("u.table", "material,score\nKRK,0\n");
  EXPECT_THROW(read_table_header(path("u.table")), IoError);
}

}  // namespace
}  // namespace egkb::solve
