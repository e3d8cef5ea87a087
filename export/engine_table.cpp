#include "export/engine_table.h"

#include <fmt/format.h>

#include <boost/crc.hpp>
#include <cstring>
#include <ostream>

#include "base/errors.h"

namespace egkb {

namespace {

// Byte offsets of the header fields; all integers little-endian.
constexpr std::size_t kMagicAt = 0;      // 8 bytes
constexpr std::size_t kVersionAt = 8;    // u16
constexpr std::size_t kKindsAt = 10;     // u8
constexpr std::size_t kFlagsAt = 11;     // u8, bit 0: exported with conflicts
constexpr std::size_t kPieceSetAt = 12;  // 12 bytes, NUL-padded name
constexpr std::size_t kLettersAt = 24;   // 8 bytes, the kinds' letters, NUL-padded
constexpr std::size_t kDimsAt = 32;      // 8 bytes: the side box
constexpr std::size_t kColumnsAt = 40;   // u32: side configurations the base uses
constexpr std::size_t kBoxAt = 48;       // u64: entries of the side box
constexpr std::size_t kKnownAt = 56;     // u32
constexpr std::size_t kChecksumAt = 60;  // u32 CRC-32 of bytes 0..59, the index and the scores

// The byte of kind k in a field of a byte per kind (kLettersAt, kDimsAt).
constexpr std::size_t byte_of(std::size_t field, PieceKind k) {
  return field + static_cast<std::size_t>(kind_index(k));
}
constexpr std::size_t kPieceSetBytes = 12;
constexpr char kMagic[8] = {'E', 'G', 'K', 'B', 'T', 'B', 'L', '\0'};
constexpr uint8_t kConflictFlag = 1;
// Beyond these a header is damaged: no piece set's side box is larger, no base has more columns.
constexpr uint64_t kMostBoxEntries = uint64_t{1} << 26;

void put_le(uint8_t* at, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) at[i] = static_cast<uint8_t>(v >> (8 * i));
}

uint64_t get_le(const uint8_t* at, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | at[i];
  return v;
}

std::vector<uint8_t> column_bytes(std::span<const uint16_t> columns) {
  std::vector<uint8_t> bytes(2 * columns.size());
  for (std::size_t i = 0; i < columns.size(); ++i) put_le(bytes.data() + 2 * i, columns[i], 2);
  return bytes;
}

uint32_t checksum(const uint8_t* header, std::span<const uint8_t> index,
                  std::span<const uint8_t> scores) {
  boost::crc_32_type crc;
  crc.process_bytes(header, kChecksumAt);
  crc.process_bytes(index.data(), index.size());
  crc.process_bytes(scores.data(), scores.size());
  return crc.checksum();
}

// The body's size a header promises, or nullopt when its counts are beyond any table.
std::optional<uint64_t> promised_body(const uint8_t* h) {
  const uint64_t box = get_le(h + kBoxAt, 8);
  const uint64_t columns = get_le(h + kColumnsAt, 4);
  if (box > kMostBoxEntries || columns > kNoColumn) return std::nullopt;
  return 2 * box + columns * columns;
}

// The file's header, then at most one byte more than the header promises: enough to tell a
// table of that size from a truncated or longer one without reading a stray huge file whole.
std::vector<uint8_t> read_table_bytes(ByteSource& in) {
  std::vector<uint8_t> bytes(kTableHeaderBytes);
  std::size_t have = 0;
  while (have < kTableHeaderBytes) {
    const std::size_t n =
        in.read(reinterpret_cast<char*>(bytes.data()) + have, kTableHeaderBytes - have);
    if (n == 0) break;
    have += n;
  }
  bytes.resize(have);
  if (have < kTableHeaderBytes || std::memcmp(bytes.data() + kMagicAt, kMagic, sizeof kMagic) != 0)
    return bytes;
  const uint64_t limit = promised_body(bytes.data()).value_or(0) + 1;
  std::vector<char> chunk(1 << 16);
  uint64_t read = 0;
  while (read < limit) {
    const std::size_t n = in.read(
        chunk.data(), static_cast<std::size_t>(std::min<uint64_t>(chunk.size(), limit - read)));
    if (n == 0) break;
    bytes.insert(bytes.end(), chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(n));
    read += n;
  }
  return bytes;
}

}  // namespace

SideBox SideBox::of(const Lattice& lattice) {
  SideBox box;
  box.kinds = lattice.pieces().kind_count();
  box.dims.fill(1);
  for (NodeId n = 0; n < lattice.size(); ++n) {
    const Material m = lattice.material(n);
    for (Side s : {Side::Red, Side::Black}) {
      for (PieceKind k : KindRange(box.kinds)) {
        uint8_t& dim = box.dims[k];
        dim = std::max<uint8_t>(dim, static_cast<uint8_t>(m.count(s, k) + 1));
      }
    }
  }
  return box;
}

uint64_t SideBox::entries() const {
  uint64_t n = 1;
  for (PieceKind k : KindRange(kinds)) n *= dims[k];
  return n;
}

std::optional<uint32_t> SideBox::index(const Material& m, Side side) const {
  uint32_t i = 0;
  for (PieceKind k : KindRange(kinds)) {
    const uint8_t dim = dims[k];
    if (m.count(side, k) >= dim) return std::nullopt;
    i = i * dim + m.count(side, k);
  }
  return i;
}

EngineTable::EngineTable(const PieceSet& pieces, SideBox box, std::vector<uint16_t> columns,
                         std::size_t column_count, std::vector<uint8_t> scores, bool has_conflicts)
    : pieces_(&pieces),
      box_(box),
      columns_(std::move(columns)),
      column_count_(column_count),
      scores_(std::move(scores)),
      has_conflicts_(has_conflicts) {
  for (uint8_t s : scores_) known_ += s != kUnknownScore;
}

EngineTable EngineTable::of(const ScoredLattice& scored, bool has_conflicts) {
  const Lattice& lattice = scored.lattice;
  const SideBox box = SideBox::of(lattice);
  // Each node's two configurations in the box, decoded once.
  std::vector<std::array<uint32_t, 2>> configuration(lattice.size());
  std::vector<uint16_t> columns(box.entries(), kNoColumn);
  for (NodeId n = 0; n < lattice.size(); ++n) {
    const Material m = lattice.material(n);
    for (Side s : {Side::Red, Side::Black}) {
      const uint32_t i = *box.index(m, s);
      configuration[n][static_cast<std::size_t>(s)] = i;
      columns[i] = 0;
    }
  }
  std::size_t count = 0;
  for (uint16_t& column : columns) {
    if (column != kNoColumn) column = static_cast<uint16_t>(count++);
  }
  std::vector<uint8_t> scores(count * count, kUnknownScore);
  for (NodeId n = 0; n < lattice.size(); ++n) {
    const std::size_t first = columns[configuration[n][0]], second = columns[configuration[n][1]];
    scores[first * count + second] = static_cast<uint8_t>(value(scored.scores[n]));
  }
  return {lattice.pieces(), box, std::move(columns), count, std::move(scores), has_conflicts};
}

std::optional<Score> EngineTable::probe(const Material& m) const {
  const auto first = box_.index(m, Side::Red), second = box_.index(m, Side::Black);
  if (!first || !second) return std::nullopt;
  const uint16_t a = columns_[*first], b = columns_[*second];
  if (a == kNoColumn || b == kNoColumn) return std::nullopt;
  const uint8_t s = scores_[std::size_t{a} * column_count_ + b];
  if (s == kUnknownScore) return std::nullopt;
  return Score(s);
}

std::array<uint8_t, kTableHeaderBytes> EngineTable::header() const {
  std::array<uint8_t, kTableHeaderBytes> h{};
  std::memcpy(h.data() + kMagicAt, kMagic, sizeof kMagic);
  put_le(h.data() + kVersionAt, kTableVersion, 2);
  h[kKindsAt] = static_cast<uint8_t>(box_.kinds);
  h[kFlagsAt] = has_conflicts_ ? kConflictFlag : 0;
  std::memcpy(h.data() + kPieceSetAt, pieces_->name().data(),
              std::min(pieces_->name().size(), kPieceSetBytes));
  for (PieceKind k : KindRange(box_.kinds)) {
    h[byte_of(kLettersAt, k)] = static_cast<uint8_t>(pieces_->kind(k).letter);
    h[byte_of(kDimsAt, k)] = box_.dims[k];
  }
  put_le(h.data() + kColumnsAt, column_count_, 4);
  put_le(h.data() + kBoxAt, columns_.size(), 8);
  put_le(h.data() + kKnownAt, known_, 4);
  put_le(h.data() + kChecksumAt, checksum(h.data(), column_bytes(columns_), scores_), 4);
  return h;
}

void EngineTable::write(std::ostream& out) const {
  const auto h = header();
  const std::vector<uint8_t> index = column_bytes(columns_);
  out.write(reinterpret_cast<const char*>(h.data()), static_cast<std::streamsize>(h.size()));
  out.write(reinterpret_cast<const char*>(index.data()),
            static_cast<std::streamsize>(index.size()));
  out.write(reinterpret_cast<const char*>(scores_.data()),
            static_cast<std::streamsize>(scores_.size()));
}

EngineTable EngineTable::read(const std::string& path) {
  return read(ByteSource::file(path));
}

EngineTable EngineTable::read(ByteSource in) {
  const std::string path = in.origin();
  auto fail = [&](const char* field, const std::string& message) {
    return InputError(path, 0, field, message);
  };
  const std::vector<uint8_t> bytes = read_table_bytes(in);
  if (bytes.size() < kTableHeaderBytes) {
    throw fail("header", fmt::format("truncated: {} bytes, shorter than the {}-byte table header",
                                     bytes.size(), kTableHeaderBytes));
  }
  const uint8_t* h = bytes.data();
  if (std::memcmp(h + kMagicAt, kMagic, sizeof kMagic) != 0)
    throw fail("magic", "not an egkb table (egkb export writes one in the table format)");
  const auto version = get_le(h + kVersionAt, 2);
  if (version != kTableVersion) {
    throw fail("version", fmt::format("table format version {}; this egkb reads version {}: "
                                      "export the table again",
                                      version, kTableVersion));
  }
  const std::optional<uint64_t> body = promised_body(h);
  if (!body || bytes.size() - kTableHeaderBytes != *body) {
    throw fail("entries", fmt::format("the header promises {} bytes after it, the file holds {}: "
                                      "it is truncated or damaged; export it again",
                                      body ? std::to_string(*body) : std::string("impossibly many"),
                                      bytes.size() - kTableHeaderBytes));
  }
  const std::size_t box_entries = static_cast<std::size_t>(get_le(h + kBoxAt, 8));
  const std::span<const uint8_t> index(bytes.data() + kTableHeaderBytes, 2 * box_entries);
  const std::span<const uint8_t> scores(index.data() + index.size(),
                                        bytes.size() - kTableHeaderBytes - index.size());
  const auto stored_sum = static_cast<uint32_t>(get_le(h + kChecksumAt, 4));
  const uint32_t computed = checksum(h, index, scores);
  if (stored_sum != computed) {
    throw fail("checksum", fmt::format("checksum mismatch (stored {:08x}, computed {:08x}): the "
                                       "file is damaged; export it again",
                                       stored_sum, computed));
  }

  const std::string name(reinterpret_cast<const char*>(h + kPieceSetAt),
                         strnlen(reinterpret_cast<const char*>(h + kPieceSetAt), kPieceSetBytes));
  const PieceSet* known_set = nullptr;
  try {
    known_set = &PieceSet::named(name);
  } catch (const InputError&) {
    throw fail("pieces", fmt::format("unknown piece set '{}'", name));
  }
  const PieceSet& pieces = *known_set;
  SideBox box;
  box.kinds = h[kKindsAt];
  if (box.kinds != pieces.kind_count())
    throw fail("kinds", fmt::format("{} piece kinds, the {} set has {}", box.kinds, name,
                                    pieces.kind_count()));
  for (PieceKind k : KindRange(box.kinds)) {
    if (h[byte_of(kLettersAt, k)] != pieces.kind(k).letter)
      throw fail("letters", fmt::format("piece letters differ from the {} set", name));
    const uint8_t dim = h[byte_of(kDimsAt, k)];
    if (dim < 1 || dim > pieces.kind(k).max + 1)
      throw fail("dimensions", fmt::format("{} counts of {}", dim, pieces.kind(k).name));
    box.dims[k] = dim;
  }
  if (box.entries() != box_entries)
    throw fail("entries",
               fmt::format("{} side configurations, the box makes {}", box_entries, box.entries()));
  const std::size_t column_count = static_cast<std::size_t>(get_le(h + kColumnsAt, 4));
  std::vector<uint16_t> columns(box_entries);
  std::vector<uint8_t> seen(column_count, 0);
  for (std::size_t i = 0; i < box_entries; ++i) {
    columns[i] = static_cast<uint16_t>(get_le(index.data() + 2 * i, 2));
    if (columns[i] == kNoColumn) continue;
    if (columns[i] >= column_count || seen[columns[i]]++)
      throw fail("columns", fmt::format("side configuration {} names column {}", i, columns[i]));
  }
  if (std::count(seen.begin(), seen.end(), 1) != static_cast<std::ptrdiff_t>(column_count))
    throw fail("columns", "a column no side configuration names");
  for (uint8_t s : scores) {
    if (s > kMaxScore && s != kUnknownScore)
      throw fail("entries", fmt::format("score byte {} is neither 0..9 nor 255", s));
  }
  EngineTable table(pieces, box, std::move(columns), column_count,
                    std::vector<uint8_t>(scores.begin(), scores.end()),
                    (h[kFlagsAt] & kConflictFlag) != 0);
  if (table.known_ != get_le(h + kKnownAt, 4))
    throw fail("known", "the count of known entries does not match the entries");
  return table;
}

}  // namespace egkb
