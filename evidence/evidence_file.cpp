#include "evidence/evidence_file.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "base/errors.h"
#include "engine/score_code.h"
#include "engine/uci_engine.h"
#include "evidence/evidence_record.h"
#include "io/json_input.h"
#include "io/json_text.h"
#include "lattice/material.h"

namespace egkb {

namespace {

constexpr int kFormat = 2;
constexpr int kFirstFormat = 1;

// The fields of one line, each checked where it is read; faults name the file, line and field.
class Line {
 public:
  Line(const std::string& path, std::size_t number, const nlohmann::json& json)
      : path_(path), number_(number), json_(json) {
    if (!json_.is_object()) fail("", "a JSON object");
  }

  [[noreturn]] void fail(const std::string& field, const std::string& expected) const {
    throw InputError(path_, number_, field, "expected " + expected);
  }
  const nlohmann::json& at(const char* field) const {
    const auto it = json_.find(field);
    if (it == json_.end()) fail(field, "this field");
    return *it;
  }
  std::string text(const char* field) const {
    const auto& v = at(field);
    if (!v.is_string()) fail(field, "text");
    return v.get<std::string>();
  }
  int64_t whole(const char* field, int64_t low, int64_t high) const {
    const auto& v = at(field);
    if (!v.is_number_integer() || v.get<int64_t>() < low || v.get<int64_t>() > high) {
      fail(field, fmt::format("a whole number {}..{}", low, high));
    }
    return v.get<int64_t>();
  }
  uint64_t unsigned_whole(const char* field) const {
    const auto& v = at(field);
    if (!v.is_number_unsigned()) fail(field, "a whole number, not negative");
    return v.get<uint64_t>();
  }
  double number(const char* field) const {
    const auto& v = at(field);
    if (!v.is_number() || !std::isfinite(v.get<double>())) fail(field, "a number");
    return v.get<double>();
  }
  bool has(const char* field) const { return json_.contains(field); }

 private:
  const std::string& path_;
  std::size_t number_;
  const nlohmann::json& json_;
};

EvidenceFileHeader read_header(const Line& line) {
  EvidenceFileHeader h;
  h.format = static_cast<int>(line.whole("egkb_evidence", kFirstFormat, kFormat));
  try {
    h.pieces = &PieceSet::named(line.text("pieces"));
  } catch (const InputError&) {
    line.fail("pieces", "xiangqi or chess");
  }
  h.engine = line.text("engine");
  h.budget = line.text("budget");
  h.seed = line.unsigned_whole("seed");
  if (line.has("shard")) h.shard = line.text("shard");
  return h;
}

EvidenceRecord read_record(const Line& line, const EvidenceFileHeader& h) {
  EvidenceRecord r;
  const std::string material = line.text("material");
  try {
    r.key = key_of(parse_material(material, *h.pieces), *h.pieces);
  } catch (const MaterialParseError& e) {
    line.fail("material", fmt::format("a {} material ({})", h.pieces->name(), e.what()));
  }
  r.engine = h.engine;
  r.budget = h.budget;
  r.seed = h.seed;
  const auto& scores = line.at("scores");
  if (!scores.is_array()) line.fail("scores", "a list of scores");
  for (const auto& s : scores) {
    if (!s.is_number_integer() || std::abs(s.get<int64_t>()) > kMateCode) {
      line.fail("scores", fmt::format("whole numbers within +-{}", kMateCode));
    }
    r.scores.push_back(static_cast<int32_t>(s.get<int64_t>()));
  }
  const auto threshold = static_cast<int>(line.whole("threshold", 0, kMateCode));
  if (h.format == kFirstFormat) {
    recount(r, ScoreReading{threshold, 0});
  } else {
    recount(r, threshold, *h.pieces);
  }
  const auto agrees = [&](const char* field, int64_t counted) {
    if (line.whole(field, 0, INT32_MAX) != counted) {
      line.fail(field, fmt::format("{}, as its scores count at its threshold", counted));
    }
  };
  agrees("wins", r.wins);
  agrees("draws", r.draws);
  agrees("losses", r.losses);
  agrees("score", value(r.score));
  if (h.format == kFirstFormat) recount(r, threshold, *h.pieces);
  r.seconds = line.number("seconds");
  if (r.seconds < 0) line.fail("seconds", "a time, not negative");
  const auto& failure = line.at("failure");
  if (!failure.is_null() && !failure.is_string()) line.fail("failure", "null or text");
  if (failure.is_string()) r.failure = failure.get<std::string>();
  if (line.has("restarts")) {  // files written before restarts were kept lack it
    const auto& restarts = line.at("restarts");
    if (!restarts.is_array()) line.fail("restarts", "a list of texts");
    for (const auto& fault : restarts) {
      if (!fault.is_string()) line.fail("restarts", "a list of texts");
      r.restarts.push_back(fault.get<std::string>());
    }
  }
  if (line.has("pvs")) {  // files written before the lines were kept lack it
    const auto& pvs = line.at("pvs");
    const auto readable = [](const nlohmann::json& pv) {
      return pv.is_string() && reads_as_pv(pv.get<std::string>());
    };
    if (!pvs.is_array() || (!pvs.empty() && pvs.size() != r.scores.size()) ||
        !std::all_of(pvs.begin(), pvs.end(), readable)) {
      line.fail("pvs", fmt::format("a line of at most {} moves, one space apart, for each score, "
                                   "or an empty list",
                                   kPvMovesKept));
    }
    r.pvs = pvs.get<std::vector<std::string>>();
  }
  r.time = line.text("time");
  return r;
}

[[noreturn]] void not_evidence(const std::string& path) {
  throw InputError(path, 1, "",
                   "is not an evidence file: its first line is not the header egkb evidence "
                   "writes");
}

std::string header_line(const EvidenceFileHeader& h) {
  nlohmann::ordered_json j{{"egkb_evidence", kFormat},
                           {"pieces", h.pieces->name()},
                           {"engine", h.engine},
                           {"budget", h.budget},
                           {"seed", h.seed}};
  if (!h.shard.empty()) j["shard"] = h.shard;
  return json_text(j, -1);
}

std::string record_line(const EvidenceRecord& r, const PieceSet& pieces) {
  nlohmann::ordered_json j{{"material", material_text(r.key, pieces)},
                           {"positions", r.positions()},
                           {"scores", r.scores},
                           {"threshold", r.threshold}};
  j.update(figures_json(view_of(r, false)));
  j["seconds"] = r.seconds;
  j["failure"] = r.failed() ? nlohmann::ordered_json(r.failure) : nlohmann::ordered_json();
  j["restarts"] = r.restarts;
  j["pvs"] = r.pvs;
  j["time"] = r.time;
  return json_text(j, -1);
}

}  // namespace

bool EvidenceFileHeader::same_search(const EvidenceFileHeader& o) const {
  return pieces == o.pieces && engine == o.engine && budget == o.budget && seed == o.seed;
}

EvidenceFile read_evidence_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "", "cannot be read: " + std::string(std::strerror(errno)));
  std::stringstream all;
  all << in.rdbuf();
  const std::string text = all.str();
  EvidenceFile file;
  std::size_t number = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find('\n', start);
    ++number;
    if (end == std::string::npos) {
      file.torn_line = number;  // a writer killed half-way through its last line
      break;
    }
    const std::string_view raw(text.data() + start, end - start);
    nlohmann::json json;
    try {
      json = parse_json_input(raw, fmt::format("{}:{}", path, number));
    } catch (const InputError&) {
      if (number == 1) not_evidence(path);
      throw;
    }
    if (number == 1) {
      if (!json.is_object() || !json.contains("egkb_evidence")) not_evidence(path);
      file.header = read_header(Line(path, number, json));
    } else {
      file.records.push_back(read_record(Line(path, number, json), file.header));
    }
    start = end + 1;
    file.whole_bytes = start;
  }
  if (number == 0 || file.header.pieces == nullptr) {
    throw InputError(path, 0, "", "is not an evidence file: it is empty");
  }
  return file;
}

EvidenceFileWriter::EvidenceFileWriter(const std::string& path, const EvidenceFileHeader& header,
                                       const EvidenceFile* existing)
    : path_(path), pieces_(header.pieces) {
  if (existing && existing->torn_line > 0 &&
      truncate(path.c_str(), static_cast<off_t>(existing->whole_bytes)) != 0) {
    throw IoError(path, std::string("cannot cut off its torn last line: ") + std::strerror(errno));
  }
  file_ = std::fopen(path.c_str(), existing ? "a" : "w");
  if (file_ == nullptr)
    throw IoError(path, std::string("cannot be written: ") + std::strerror(errno));
  if (!existing) write_line(header_line(header));
}

EvidenceFileWriter::~EvidenceFileWriter() {
  if (file_ != nullptr) std::fclose(file_);
}

void EvidenceFileWriter::put(const EvidenceRecord& record) {
  write_line(record_line(record, *pieces_));
}

void EvidenceFileWriter::write_line(const std::string& line) {
  const std::string whole = line + '\n';
  if (std::fwrite(whole.data(), 1, whole.size(), file_) != whole.size() ||
      std::fflush(file_) != 0) {
    throw IoError(path_, std::string("cannot be written: ") + std::strerror(errno));
  }
}

}  // namespace egkb
