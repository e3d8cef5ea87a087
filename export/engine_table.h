// The score table an engine loads (docs/formats.md "table"): each side's piece counts index the
// side configurations the base uses (a column each), and a square table holds one byte per pair
// of columns, so a base of small chess endgames stays small although the chess key space is
// vast. egkb builds a table here and reads every table through libegkb-probe's reader
// (probe/table_file.c), which alone knows the file's layout and checks; probes go through its
// C lookups (probe/table_lookup.h), as the library's and the header's do.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "io/byte_source.h"
#include "lattice/knowledge_base.h"

struct egkb_table;
struct egkb_lookup_table;

namespace egkb {

// The box of counts one side has in any material of the base: dims[kind] is one more than the
// most pieces of that kind either side has (a mirror closure uses the same configurations for
// both sides).
struct SideBox {
  int kinds = 0;
  ByKind<uint8_t> dims{};

  static SideBox of(const Lattice& lattice);

  uint64_t entries() const;
  // Mixed radix over the box, the last kind least significant; nullopt outside the box.
  std::optional<uint32_t> index(const Material& m, Side side) const;
};

struct TableCloser {
  void operator()(egkb_table* table) const;
};
// A table libegkb-probe's reader loaded, for its API (<egkb/probe.h>).
using ProbeTable = std::unique_ptr<egkb_table, TableCloser>;

// A table file as `egkb probe` opens it: a path through egkb_open (a regular file, refused at
// once otherwise), "-" standard input through the same reader. Throws InputError naming the
// file and the field the reader refused.
ProbeTable open_probe_table(const std::string& path);

class EngineTable {
 public:
  // Every node of the base's mirror closure; `has_conflicts` is recorded in the header flags.
  // The file is read back through the reader as it is built.
  static EngineTable of(const ScoredLattice& scored, bool has_conflicts);
  // Reads and checks a table file (throws InputError naming the file and what is wrong).
  static EngineTable read(const std::string& path);
  static EngineTable read(ByteSource source);

  void write(std::ostream& out) const;

  // The score of a material, or nullopt when the table does not know it.
  std::optional<Score> probe(const Material& m) const;

  const PieceSet& pieces() const { return *pieces_; }
  // The table as the C lookups read it.
  const egkb_lookup_table& lookup() const;
  std::size_t column_count() const;
  uint64_t known() const;
  bool has_conflicts() const;
  uint64_t file_bytes() const { return bytes_.size(); }

 private:
  EngineTable(std::vector<uint8_t> bytes, ProbeTable table);

  std::vector<uint8_t> bytes_;  // the file
  ProbeTable table_;
  const PieceSet* pieces_;
};

}  // namespace egkb
