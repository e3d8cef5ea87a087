// A solved table on disk (docs/solve.md, "Tables"): a line naming the format, a line of JSON
// (material, rules, entries, counts, seconds, the bytes of a distance, a checksum), then each
// side's outcomes at two bits an entry and, when kept, each side's distances at one byte an entry
// (the plies in 7 bits, the forced mate in the eighth) or two (as SolvedTable::distance). Written
// whole or not at all, so a killed solve leaves each material it finished and nothing half-written.
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>

#include "solve/solved_table.h"

namespace egkb::solve {

struct TableHeader {
  Material material;
  SolveRules rules = SolveRules::Exact;
  uint64_t entries = 0;
  std::array<SideCounts, 2> counts;
  double seconds = 0;
  int distance_bytes = 0;  // 0: no distances kept
  uint64_t checksum = 0;
  uint64_t data_offset = 0;  // where the outcomes begin
};

// Writes the table whole or not at all. Throws IoError.
void write_table(const std::string& path, const SolvedTable& t);
// Reads the header and checks the file's size against it. Throws IoError naming the file when
// it is not a table egkb wrote or is cut short.
TableHeader read_table_header(const std::string& path);
// Reads the whole table (with its distances if kept and asked for) and checks its checksum.
std::unique_ptr<SolvedTable> read_table(const std::string& path, bool with_distances);

// One entry at a time, for queries: reads what it is asked without loading the table.
class TableReader {
 public:
  explicit TableReader(const std::string& path);
  const TableHeader& header() const { return header_; }
  const PositionIndex& index() const { return index_; }
  Outcome outcome(Side to_move, uint64_t entry);
  // As SolvedTable::distance holds it: the plies (kPlies) and kForcedMate. Throws IoError when
  // the table kept no distances.
  uint16_t distance(Side to_move, uint64_t entry);

 private:
  std::string path_;
  TableHeader header_;
  PositionIndex index_;
  std::ifstream in_;
};

}  // namespace egkb::solve
