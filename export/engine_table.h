// The dense score table an engine loads: a 64-byte header, then one byte per key inside the box
// of piece counts the knowledge base uses (docs/formats.md has the byte layout).
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "io/byte_source.h"
#include "lattice/knowledge_base.h"

namespace egkb {

constexpr uint8_t kUnknownScore = 255;
constexpr uint16_t kTableVersion = 1;
constexpr std::size_t kTableHeaderBytes = 64;

// The box of piece counts a table covers. dims[side][kind] is one more than the most pieces of
// that kind the side has in any material of the base, so a base of small endgames stays small
// even in a piece set as wide as chess.
struct TableShape {
  int kinds = 0;
  std::array<std::array<uint8_t, kMaxKinds>, 2> dims{};

  static TableShape of(const Lattice& lattice);

  uint64_t side_entries(Side side) const;
  uint64_t entries() const { return side_entries(Side::Red) * side_entries(Side::Black); }
  // Mixed radix over the box, the last kind least significant; nullopt outside the box.
  std::optional<uint64_t> side_index(const Material& m, Side side) const;
  // Red's block above black's, as lattice keys are.
  std::optional<uint64_t> index(const Material& m) const;
};

class EngineTable {
 public:
  // Every node of the base's mirror closure; `has_conflicts` is recorded in the header flags.
  static EngineTable of(const ScoredLattice& scored, bool has_conflicts);
  // Reads and verifies a table file: size, magic, version, piece set, dimensions, checksum and
  // every byte. Throws InputError naming the file and what is wrong.
  static EngineTable read(const std::string& path);
  static EngineTable read(ByteSource source);

  void write(std::ostream& out) const;

  // The score of a material, or nullopt when the table does not know it.
  std::optional<Score> probe(const Material& m) const;

  const PieceSet& pieces() const { return *pieces_; }
  const TableShape& shape() const { return shape_; }
  uint64_t known() const { return known_; }
  bool has_conflicts() const { return has_conflicts_; }

 private:
  EngineTable(const PieceSet& pieces, TableShape shape, std::vector<uint8_t> scores,
              bool has_conflicts);

  std::array<uint8_t, kTableHeaderBytes> header() const;

  const PieceSet* pieces_;
  TableShape shape_;
  std::vector<uint8_t> scores_;
  uint64_t known_ = 0;
  bool has_conflicts_ = false;
};

}  // namespace egkb
