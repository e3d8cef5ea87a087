#include "solve/table_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "base/errors.h"
#include "io/output_files.h"
#include "solve/materials.h"

namespace egkb::solve {

namespace {

constexpr std::string_view kFormatLine = "egkb solved table 1";
constexpr std::size_t kBufferBytes = std::size_t{1} << 20;
// A distance in one byte: the plies in 7 bits, the forced mate in the eighth.
constexpr uint16_t kNarrowPlies = 0x7f;
constexpr uint8_t kNarrowMate = 0x80;

uint8_t narrowed(uint16_t d) {
  return static_cast<uint8_t>((d & kPlies) | ((d & kForcedMate) != 0 ? kNarrowMate : 0));
}
uint16_t widened(uint8_t b) {
  return static_cast<uint16_t>((b & kNarrowPlies) | ((b & kNarrowMate) != 0 ? kForcedMate : 0));
}

// FNV-1a over 64-bit words: fast enough to check gigabytes as they are read.
class Checksum {
 public:
  void add(const void* bytes, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(bytes);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t w;
      std::memcpy(&w, b + i, 8);
      mix(w);
    }
    for (; i < n; ++i) mix(b[i]);
  }
  uint64_t value() const { return h_; }

 private:
  void mix(uint64_t w) { h_ = (h_ ^ w) * 0x100000001b3ULL; }
  uint64_t h_ = 0xcbf29ce484222325ULL;
};

std::size_t outcome_bytes(uint64_t entries) {
  return static_cast<std::size_t>((entries + 31) / 32 * 8);
}

int distance_bytes_of(const SolvedTable& t) {
  if (!t.has_distances()) return 0;
  uint16_t most = 0;
  for (const auto& d : t.distance) {
    for (uint16_t x : d) most = std::max(most, static_cast<uint16_t>(x & kPlies));
  }
  return most <= kNarrowPlies ? 1 : 2;
}

// Calls put(bytes, n) for the table's data in file order, distances narrowed to `width` bytes.
template <class Put>
void for_each_data_piece(const SolvedTable& t, int width, Put&& put) {
  for (const OutcomeBits& o : t.outcome) put(o.words().data(), o.words().size() * 8);
  if (width == 0) return;
  std::vector<uint8_t> narrow;
  for (const auto& d : t.distance) {
    if (width == 2) {
      put(d.data(), d.size() * 2);
      continue;
    }
    for (std::size_t i = 0; i < d.size(); i += kBufferBytes) {
      const std::size_t n = std::min(kBufferBytes, d.size() - i);
      narrow.resize(n);
      for (std::size_t j = 0; j < n; ++j) narrow[j] = narrowed(d[i + j]);
      put(narrow.data(), n);
    }
  }
}

nlohmann::ordered_json counts_json(const SideCounts& c) {
  return nlohmann::ordered_json::array({c.win, c.draw, c.loss});
}

[[noreturn]] void damaged(const std::string& path, const std::string& why) {
  throw IoError(path, "not a solved table egkb can read: " + why);
}

SideCounts counts_of(const nlohmann::json& j) {
  return {j.at(0).get<uint64_t>(), j.at(1).get<uint64_t>(), j.at(2).get<uint64_t>()};
}

}  // namespace

void write_table(const std::string& path, const SolvedTable& t) {
  const int width = distance_bytes_of(t);
  Checksum sum;
  for_each_data_piece(t, width, [&](const void* b, std::size_t n) { sum.add(b, n); });
  const nlohmann::ordered_json header = {{"material", material_text(t.index.material())},
                                         {"rules", rules_name(t.rules)},
                                         {"entries", t.index.size()},
                                         {"rtm", counts_json(t.counts[0])},
                                         {"btm", counts_json(t.counts[1])},
                                         {"seconds", t.seconds},
                                         {"distance_bytes", width},
                                         {"checksum", fmt::format("{:016x}", sum.value())}};
  write_file(path, [&](std::ostream& out) {
    out << kFormatLine << '\n' << header.dump() << '\n';
    for_each_data_piece(t, width, [&](const void* b, std::size_t n) {
      out.write(static_cast<const char*>(b), static_cast<std::streamsize>(n));
    });
  });
}

TableHeader read_table_header(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError(path, "cannot be read");
  std::string format, json;
  if (!std::getline(in, format) || format != kFormatLine) damaged(path, "no format line");
  if (!std::getline(in, json)) damaged(path, "no header");
  TableHeader h;
  try {
    const nlohmann::json j = nlohmann::json::parse(json);
    h.material = parse_material(j.at("material").get<std::string>(), PieceSet::xiangqi());
    const std::string rules = j.at("rules").get<std::string>();
    const std::optional<SolveRules> named = rules_named(rules);
    if (!named) damaged(path, "rules " + rules);
    h.rules = *named;
    h.entries = j.at("entries").get<uint64_t>();
    h.counts = {counts_of(j.at("rtm")), counts_of(j.at("btm"))};
    h.seconds = j.at("seconds").get<double>();
    h.distance_bytes = j.at("distance_bytes").get<int>();
    h.checksum = std::stoull(j.at("checksum").get<std::string>(), nullptr, 16);
  } catch (const IoError&) {
    throw;
  } catch (const std::exception& e) {
    damaged(path, std::string("its header: ") + e.what());
  }
  if (h.distance_bytes < 0 || h.distance_bytes > 2) damaged(path, "distance_bytes");
  if (h.entries != PositionIndex::size_of(h.material)) damaged(path, "entries");
  h.data_offset = static_cast<uint64_t>(in.tellg());
  const uint64_t expected = h.data_offset + 2 * outcome_bytes(h.entries) +
                            2 * h.entries * static_cast<uint64_t>(h.distance_bytes);
  std::error_code error;
  const uint64_t size = std::filesystem::file_size(path, error);
  if (error || size != expected) {
    damaged(path, fmt::format("{} bytes where its header promises {}", size, expected));
  }
  return h;
}

std::unique_ptr<SolvedTable> read_table(const std::string& path, bool with_distances) {
  const TableHeader h = read_table_header(path);
  auto t = std::make_unique<SolvedTable>(h.material);
  t->counts = h.counts;
  t->seconds = h.seconds;
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(h.data_offset));
  Checksum sum;
  auto read = [&](void* b, std::size_t n) {
    if (!in.read(static_cast<char*>(b), static_cast<std::streamsize>(n))) {
      throw IoError(path, "cannot be read");
    }
    sum.add(b, n);
  };
  for (OutcomeBits& o : t->outcome) {
    o = OutcomeBits(h.entries);
    read(o.words().data(), o.words().size() * 8);
  }
  if (h.distance_bytes > 0) {
    std::vector<uint8_t> narrow;
    for (auto& d : t->distance) {
      d.assign(h.entries, 0);
      if (h.distance_bytes == 2) {
        read(d.data(), d.size() * 2);
        continue;
      }
      for (std::size_t i = 0; i < d.size(); i += kBufferBytes) {
        const std::size_t n = std::min(kBufferBytes, d.size() - i);
        narrow.resize(n);
        read(narrow.data(), n);
        std::transform(narrow.begin(), narrow.end(), d.begin() + static_cast<std::ptrdiff_t>(i),
                       widened);
      }
    }
  }
  if (sum.value() != h.checksum) damaged(path, "its checksum does not match its data");
  if (!with_distances) {
    for (auto& d : t->distance) std::vector<uint16_t>().swap(d);
  }
  return t;
}

TableReader::TableReader(const std::string& path)
    : path_(path),
      header_(read_table_header(path)),
      index_(header_.material),
      in_(path, std::ios::binary) {}

Outcome TableReader::outcome(Side to_move, uint64_t entry) {
  const uint64_t word = entry / 32;
  const uint64_t at =
      header_.data_offset +
      static_cast<uint64_t>(xiangqi::index(to_move)) * outcome_bytes(header_.entries) + word * 8;
  uint64_t w = 0;
  in_.seekg(static_cast<std::streamoff>(at));
  if (!in_.read(reinterpret_cast<char*>(&w), 8)) throw IoError(path_, "cannot be read");
  return static_cast<Outcome>(w >> (2 * (entry % 32)) & 3);
}

uint16_t TableReader::distance(Side to_move, uint64_t entry) {
  const int width = header_.distance_bytes;
  if (width == 0) throw IoError(path_, "keeps no distances");
  const uint64_t at = header_.data_offset + 2 * outcome_bytes(header_.entries) +
                      (static_cast<uint64_t>(xiangqi::index(to_move)) * header_.entries + entry) *
                          static_cast<uint64_t>(width);
  uint16_t d = 0;
  in_.seekg(static_cast<std::streamoff>(at));
  if (!in_.read(reinterpret_cast<char*>(&d), width)) throw IoError(path_, "cannot be read");
  return width == 1 ? widened(static_cast<uint8_t>(d)) : d;
}

}  // namespace egkb::solve
