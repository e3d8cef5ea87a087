// An evidence file (`egkb evidence --out FILE`, `--shard K/N`): JSON lines, the first naming
// what the file holds, each further one a material's search (docs/formats.md, "Evidence
// files"). It is a journal: each material is appended as it finishes, so a shard killed by its
// scheduler keeps what it finished, runs again from there, and any part of it can be imported.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "store/evidence.h"

namespace egkb {

class PieceSet;

// What every row of a file shares.
struct EvidenceFileHeader {
  const PieceSet* pieces = nullptr;
  std::string engine;
  std::string budget;
  uint64_t seed = 0;
  std::string shard;  // "2/4", or empty for a whole run
  // 2 reads scores from their material's bias (engine/score_bias.h); 1 from 0. A file of
  // format 1 is read as 2: its counts are checked as it counted them, then counted again.
  int format = 2;

  // The same search: piece set, engine, budget and seed (the shard is only a label).
  bool same_search(const EvidenceFileHeader& other) const;
};

struct EvidenceFile {
  EvidenceFileHeader header;
  std::vector<EvidenceRecord> records;  // in file order; a later line of a material replaces it
  // The last line, when it was cut off half-way (a killed writer) and is left out; 0: none.
  std::size_t torn_line = 0;
  std::size_t whole_bytes = 0;  // the bytes up to the end of the last whole line
};

// Reads and checks every line. Throws InputError naming the file, the line and the field of the
// first fault (a header that is not egkb's, a material of another piece set, counts that do not
// match the scores, ...).
EvidenceFile read_evidence_file(const std::string& path);

// Appends rows to an evidence file, each written whole and flushed as it is put.
class EvidenceFileWriter {
 public:
  // A new file is begun with its header; an existing one (`existing`, read by
  // read_evidence_file) is continued after its last whole line. Throws IoError when it cannot be
  // written.
  EvidenceFileWriter(const std::string& path, const EvidenceFileHeader& header,
                     const EvidenceFile* existing);
  EvidenceFileWriter(const EvidenceFileWriter&) = delete;
  EvidenceFileWriter& operator=(const EvidenceFileWriter&) = delete;
  ~EvidenceFileWriter();

  void put(const EvidenceRecord& record);

 private:
  void write_line(const std::string& line);

  std::string path_;
  const PieceSet* pieces_;
  std::FILE* file_ = nullptr;
};

}  // namespace egkb
