#include "export/engine_table.h"

#include <fmt/format.h>

#include <boost/crc.hpp>
#include <cstring>
#include <ostream>

#include "io/byte_source.h"
#include "lattice/errors.h"

namespace egkb {

namespace {

// Byte offsets of the header fields; all integers little-endian.
constexpr std::size_t kMagicAt = 0;      // 8 bytes
constexpr std::size_t kVersionAt = 8;    // u16
constexpr std::size_t kKindsAt = 10;     // u8
constexpr std::size_t kFlagsAt = 11;     // u8, bit 0: exported with conflicts
constexpr std::size_t kPieceSetAt = 12;  // 12 bytes, NUL-padded name
constexpr std::size_t kLettersAt = 24;   // 8 bytes, the kinds' letters, NUL-padded
constexpr std::size_t kDimsAt = 32;      // 8 bytes red, 8 bytes black
constexpr std::size_t kEntriesAt = 48;   // u64
constexpr std::size_t kKnownAt = 56;     // u32
constexpr std::size_t kChecksumAt = 60;  // u32 CRC-32 of bytes 0..59 and the entries
constexpr std::size_t kPieceSetBytes = 12;
constexpr char kMagic[8] = {'E', 'G', 'K', 'B', 'T', 'B', 'L', '\0'};
constexpr uint8_t kConflictFlag = 1;

void put_le(uint8_t* at, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) at[i] = static_cast<uint8_t>(v >> (8 * i));
}

uint64_t get_le(const uint8_t* at, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | at[i];
  return v;
}

uint32_t checksum(const uint8_t* header, const std::vector<uint8_t>& entries) {
  boost::crc_32_type crc;
  crc.process_bytes(header, kChecksumAt);
  crc.process_bytes(entries.data(), entries.size());
  return crc.checksum();
}

// The file's header, then at most `entries + 1` more bytes: enough to tell a table of the size
// the header promises from a truncated or longer one, without reading a stray huge file whole.
std::vector<uint8_t> read_table_bytes(ByteSource& in, std::size_t header_bytes,
                                      uint64_t (*entries_of)(const uint8_t*)) {
  std::vector<uint8_t> bytes(header_bytes);
  std::size_t have = 0;
  while (have < header_bytes) {
    const std::size_t n =
        in.read(reinterpret_cast<char*>(bytes.data()) + have, header_bytes - have);
    if (n == 0) break;
    have += n;
  }
  bytes.resize(have);
  if (have < header_bytes) return bytes;
  const uint64_t limit = entries_of(bytes.data()) + 1;
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

TableShape TableShape::of(const Lattice& lattice) {
  TableShape shape;
  shape.kinds = lattice.pieces().kind_count();
  for (auto& side : shape.dims) side.fill(1);
  for (NodeId n = 0; n < lattice.size(); ++n) {
    const Material m = lattice.material(n);
    for (Side s : {Side::Red, Side::Black}) {
      for (int k = 0; k < shape.kinds; ++k) {
        uint8_t& dim = shape.dims[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)];
        dim = std::max<uint8_t>(dim, static_cast<uint8_t>(m.count(s, k) + 1));
      }
    }
  }
  return shape;
}

uint64_t TableShape::side_entries(Side side) const {
  uint64_t n = 1;
  for (int k = 0; k < kinds; ++k)
    n *= dims[static_cast<std::size_t>(side)][static_cast<std::size_t>(k)];
  return n;
}

std::optional<uint64_t> TableShape::side_index(const Material& m, Side side) const {
  uint64_t i = 0;
  for (int k = 0; k < kinds; ++k) {
    const uint8_t dim = dims[static_cast<std::size_t>(side)][static_cast<std::size_t>(k)];
    if (m.count(side, k) >= dim) return std::nullopt;
    i = i * dim + m.count(side, k);
  }
  return i;
}

std::optional<uint64_t> TableShape::index(const Material& m) const {
  const auto red = side_index(m, Side::Red);
  const auto black = side_index(m, Side::Black);
  if (!red || !black) return std::nullopt;
  return *red * side_entries(Side::Black) + *black;
}

EngineTable::EngineTable(const PieceSet& pieces, TableShape shape, std::vector<uint8_t> scores,
                         bool has_conflicts)
    : pieces_(&pieces), shape_(shape), scores_(std::move(scores)), has_conflicts_(has_conflicts) {
  for (uint8_t s : scores_) known_ += s != kUnknownScore;
}

EngineTable EngineTable::of(const ScoredLattice& scored, bool has_conflicts) {
  const Lattice& lattice = scored.lattice;
  const TableShape shape = TableShape::of(lattice);
  std::vector<uint8_t> scores(shape.entries(), kUnknownScore);
  for (NodeId n = 0; n < lattice.size(); ++n) {
    scores[*shape.index(lattice.material(n))] = static_cast<uint8_t>(value(scored.scores[n]));
  }
  return {lattice.pieces(), shape, std::move(scores), has_conflicts};
}

std::optional<Score> EngineTable::probe(const Material& m) const {
  const auto i = shape_.index(m);
  if (!i || scores_[*i] == kUnknownScore) return std::nullopt;
  return Score(scores_[*i]);
}

std::array<uint8_t, kTableHeaderBytes> EngineTable::header() const {
  std::array<uint8_t, kTableHeaderBytes> h{};
  std::memcpy(h.data() + kMagicAt, kMagic, sizeof kMagic);
  put_le(h.data() + kVersionAt, kTableVersion, 2);
  h[kKindsAt] = static_cast<uint8_t>(shape_.kinds);
  h[kFlagsAt] = has_conflicts_ ? kConflictFlag : 0;
  std::memcpy(h.data() + kPieceSetAt, pieces_->name().data(),
              std::min(pieces_->name().size(), kPieceSetBytes));
  for (int k = 0; k < shape_.kinds; ++k) {
    h[kLettersAt + static_cast<std::size_t>(k)] = static_cast<uint8_t>(pieces_->kind(k).letter);
    for (Side s : {Side::Red, Side::Black}) {
      h[kDimsAt + kMaxKinds * static_cast<std::size_t>(s) + static_cast<std::size_t>(k)] =
          shape_.dims[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)];
    }
  }
  put_le(h.data() + kEntriesAt, scores_.size(), 8);
  put_le(h.data() + kKnownAt, known_, 4);
  put_le(h.data() + kChecksumAt, checksum(h.data(), scores_), 4);
  return h;
}

void EngineTable::write(std::ostream& out) const {
  const auto h = header();
  out.write(reinterpret_cast<const char*>(h.data()), static_cast<std::streamsize>(h.size()));
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
  std::vector<uint8_t> bytes = read_table_bytes(in, kTableHeaderBytes, [](const uint8_t* h) {
    return std::memcmp(h + kMagicAt, kMagic, sizeof kMagic) == 0 ? get_le(h + kEntriesAt, 8) : 0;
  });
  if (bytes.size() < kTableHeaderBytes) {
    throw fail("header", fmt::format("truncated: {} bytes, shorter than the {}-byte table header",
                                     bytes.size(), kTableHeaderBytes));
  }
  const uint8_t* h = bytes.data();
  if (std::memcmp(h + kMagicAt, kMagic, sizeof kMagic) != 0)
    throw fail("magic", "not an egkb table (egkb export writes one in the table format)");
  const auto version = get_le(h + kVersionAt, 2);
  if (version != kTableVersion) {
    throw fail("version", fmt::format("table format version {}; this egkb reads version {}",
                                      version, kTableVersion));
  }
  std::vector<uint8_t> scores(bytes.begin() + kTableHeaderBytes, bytes.end());
  const uint64_t entries = get_le(h + kEntriesAt, 8);
  if (scores.size() != entries) {
    throw fail("entries", fmt::format("the header promises {} entries, the file holds {}: it is "
                                      "truncated or damaged; export it again",
                                      entries, scores.size()));
  }
  const auto stored_sum = static_cast<uint32_t>(get_le(h + kChecksumAt, 4));
  const uint32_t computed = checksum(h, scores);
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
  TableShape shape;
  shape.kinds = h[kKindsAt];
  if (shape.kinds != pieces.kind_count())
    throw fail("kinds", fmt::format("{} piece kinds, the {} set has {}", shape.kinds, name,
                                    pieces.kind_count()));
  for (int k = 0; k < shape.kinds; ++k) {
    if (h[kLettersAt + static_cast<std::size_t>(k)] != pieces.kind(k).letter)
      throw fail("letters", fmt::format("piece letters differ from the {} set", name));
    for (Side s : {Side::Red, Side::Black}) {
      const uint8_t dim = h[kDimsAt + kMaxKinds * static_cast<std::size_t>(s) + k];
      if (dim < 1 || dim > pieces.kind(k).max + 1)
        throw fail("dimensions",
                   fmt::format("{} counts of {} for {}", dim, pieces.kind(k).name, side_name(s)));
      shape.dims[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)] = dim;
    }
  }
  if (shape.entries() != entries)
    throw fail("entries",
               fmt::format("{} entries, the dimensions make {}", entries, shape.entries()));
  for (uint8_t s : scores) {
    if (s > kMaxScore && s != kUnknownScore)
      throw fail("entries", fmt::format("score byte {} is neither 0..9 nor 255", s));
  }
  EngineTable table(pieces, shape, std::move(scores), (h[kFlagsAt] & kConflictFlag) != 0);
  if (table.known_ != get_le(h + kKnownAt, 4))
    throw fail("known", "the count of known entries does not match the entries");
  return table;
}

}  // namespace egkb
