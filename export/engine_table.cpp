#include "export/engine_table.h"

#include <egkb/probe.h>
#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <exception>
#include <ostream>

#include "base/errors.h"
#include "probe/table_file.h"

namespace egkb {

namespace {

// What the reader refused, "FIELD: message", as egkb words a bad input: read failures are
// the system's (run it again), the rest the file's.
[[noreturn]] void refuse(const std::string& path, const char* why) {
  const std::string text = why ? why : "";
  const std::size_t colon = text.find(": ");
  const std::string field = colon == std::string::npos ? "" : text.substr(0, colon);
  const std::string message = colon == std::string::npos ? text : text.substr(colon + 2);
  if (field == "read" || field == "memory") throw IoError(path, message);
  throw InputError(path, 0, field == "file" ? "" : field, message);
}

// A ByteSource as the reader's source, keeping every byte read (the file EngineTable holds).
// An exception of the source is kept and thrown again once the C reader has returned.
struct Tee {
  ByteSource* source;
  std::vector<uint8_t>* kept;
  std::exception_ptr failure;

  static long read(void* context, unsigned char* into, std::size_t bytes) {
    Tee& tee = *static_cast<Tee*>(context);
    try {
      const std::size_t n = tee.source->read(reinterpret_cast<char*>(into), bytes);
      if (tee.kept) tee.kept->insert(tee.kept->end(), into, into + n);
      return static_cast<long>(n);
    } catch (...) {
      tee.failure = std::current_exception();
      errno = EIO;
      return -1;
    }
  }
};

ProbeTable load(ByteSource& source, std::vector<uint8_t>* kept) {
  Tee tee{&source, kept, nullptr};
  const long long size = source.size_hint() > 0 ? static_cast<long long>(source.size_hint()) : -1;
  const egkb_file_source from{Tee::read, &tee, size};
  char why[256] = "";
  ProbeTable table(egkb_file_load(&from, 0, why, sizeof why));
  if (tee.failure) std::rethrow_exception(tee.failure);
  if (!table) refuse(source.origin(), why);
  return table;
}

std::array<int, EGKB_LOOKUP_KINDS> counts(const Material& m, Side side, int kinds) {
  std::array<int, EGKB_LOOKUP_KINDS> c{};
  for (PieceKind k : KindRange(kinds))
    c[static_cast<std::size_t>(kind_index(k))] = m.count(side, k);
  return c;
}

}  // namespace

void TableCloser::operator()(egkb_table* table) const {
  egkb_close(table);
}

ProbeTable open_probe_table(const std::string& path) {
  if (path == "-") {
    ByteSource in = ByteSource::file(path);
    return load(in, nullptr);
  }
  const char* why = nullptr;
  ProbeTable table(egkb_open(path.c_str(), &why));
  if (!table) refuse(path, why);
  return table;
}

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

EngineTable::EngineTable(std::vector<uint8_t> bytes, ProbeTable table)
    : bytes_(std::move(bytes)),
      table_(std::move(table)),
      pieces_(&PieceSet::named(table_->lookup.pieces->name)) {}

// The body as the file has it: each configuration's column (u16, 65535 for none), then the
// scores by pair of columns (255 for none); the header from the reader's half of the layout.
EngineTable EngineTable::of(const ScoredLattice& scored, bool has_conflicts) {
  const Lattice& lattice = scored.lattice;
  const SideBox box = SideBox::of(lattice);
  std::vector<std::array<uint32_t, 2>> configuration(lattice.size());
  std::vector<uint16_t> columns(box.entries(), EGKB_FILE_NO_COLUMN);
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
    if (column != EGKB_FILE_NO_COLUMN) column = static_cast<uint16_t>(count++);
  }
  std::vector<uint8_t> bytes(EGKB_FILE_HEADER_BYTES + 2 * columns.size() + count * count,
                             EGKB_LOOKUP_NO_SCORE);
  uint8_t* body = bytes.data() + EGKB_FILE_HEADER_BYTES;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    body[2 * i] = static_cast<uint8_t>(columns[i]);
    body[2 * i + 1] = static_cast<uint8_t>(columns[i] >> 8);
  }
  uint8_t* scores = body + 2 * columns.size();
  for (NodeId n = 0; n < lattice.size(); ++n) {
    const std::size_t first = columns[configuration[n][0]], second = columns[configuration[n][1]];
    scores[first * count + second] = static_cast<uint8_t>(value(scored.scores[n]));
  }
  egkb_file_header header{egkb_file_game_named(lattice.pieces().name().c_str()),
                          has_conflicts,
                          {},
                          static_cast<uint32_t>(count),
                          static_cast<uint32_t>(lattice.size())};
  for (PieceKind k : KindRange(box.kinds))
    header.dims[static_cast<std::size_t>(kind_index(k))] = box.dims[k];
  egkb_file_encode_header(&header, body, bytes.size() - EGKB_FILE_HEADER_BYTES, bytes.data());
  ByteSource source = ByteSource::memory(
      std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), "the export");
  ProbeTable table = load(source, nullptr);
  return EngineTable(std::move(bytes), std::move(table));
}

EngineTable EngineTable::read(const std::string& path) {
  return read(ByteSource::file(path));
}

EngineTable EngineTable::read(ByteSource in) {
  std::vector<uint8_t> bytes;
  ProbeTable table = load(in, &bytes);
  return EngineTable(std::move(bytes), std::move(table));
}

void EngineTable::write(std::ostream& out) const {
  out.write(reinterpret_cast<const char*>(bytes_.data()),
            static_cast<std::streamsize>(bytes_.size()));
}

std::optional<Score> EngineTable::probe(const Material& m) const {
  const int kinds = pieces_->kind_count();
  const int score = egkb_lookup_probe_counts(&table_->lookup, counts(m, Side::Red, kinds).data(),
                                             counts(m, Side::Black, kinds).data());
  if (score == EGKB_LOOKUP_UNKNOWN) return std::nullopt;
  return Score(score);
}

const egkb_lookup_table& EngineTable::lookup() const {
  return table_->lookup;
}

std::size_t EngineTable::column_count() const {
  return table_->lookup.columns;
}

uint64_t EngineTable::known() const {
  return table_->known;
}

bool EngineTable::has_conflicts() const {
  return table_->has_conflicts != 0;
}

}  // namespace egkb
