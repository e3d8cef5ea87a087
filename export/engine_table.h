// The score table an engine loads, and the layout the probe header compiles in: each side's
// piece counts index the side configurations the base uses (a column each), and a square table
// holds one byte per pair of columns. A base of small chess endgames stays small although the
// chess key space is vast (docs/formats.md has the byte layout).
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "io/byte_source.h"
#include "lattice/knowledge_base.h"

namespace egkb {

constexpr uint8_t kUnknownScore = 255;
constexpr uint16_t kNoColumn = 0xFFFF;
constexpr uint16_t kTableVersion = 2;
constexpr std::size_t kTableHeaderBytes = 64;

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

class EngineTable {
 public:
  // Every node of the base's mirror closure; `has_conflicts` is recorded in the header flags.
  static EngineTable of(const ScoredLattice& scored, bool has_conflicts);
  // Reads and verifies a table file: size, magic, version, piece set, box, columns, checksum and
  // every byte. Throws InputError naming the file and what is wrong.
  static EngineTable read(const std::string& path);
  static EngineTable read(ByteSource source);

  void write(std::ostream& out) const;

  // The score of a material, or nullopt when the table does not know it.
  std::optional<Score> probe(const Material& m) const;

  const PieceSet& pieces() const { return *pieces_; }
  const SideBox& box() const { return box_; }
  // For each configuration of the box, its column, or kNoColumn.
  std::span<const uint16_t> side_columns() const { return columns_; }
  std::size_t column_count() const { return column_count_; }
  // By [first side's column * column_count() + second side's column]; kUnknownScore for none.
  std::span<const uint8_t> scores() const { return scores_; }
  uint64_t known() const { return known_; }
  bool has_conflicts() const { return has_conflicts_; }
  uint64_t file_bytes() const { return kTableHeaderBytes + 2 * columns_.size() + scores_.size(); }

 private:
  EngineTable(const PieceSet& pieces, SideBox box, std::vector<uint16_t> columns,
              std::size_t column_count, std::vector<uint8_t> scores, bool has_conflicts);

  std::array<uint8_t, kTableHeaderBytes> header() const;

  const PieceSet* pieces_;
  SideBox box_;
  std::vector<uint16_t> columns_;
  std::size_t column_count_ = 0;
  std::vector<uint8_t> scores_;
  uint64_t known_ = 0;
  bool has_conflicts_ = false;
};

}  // namespace egkb
