// `egkb evidence import`: evidence files (the shards of a job array) merged into a store, all
// files or none in one transaction. Merging is idempotent: a file's row replaces the store's
// row of the same material, engine, budget and seed only when it searched more positions, or as
// many where the store's failed and it did not; importing again changes nothing.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "store/store.h"

namespace egkb {

struct EvidenceImport {
  std::size_t files = 0;
  std::size_t rows = 0;  // read from the files
  std::size_t added = 0;
  std::size_t replaced = 0;
  std::size_t unchanged = 0;  // the store's row stood
  // A file's last line cut off half-way (a writer killed), left out.
  struct TornLine {
    std::string file;
    std::size_t line = 0;
  };
  std::vector<TornLine> torn_lines;
};

// Throws InputError naming the file, line and field of the first bad line, or a file of another
// piece set than the store's; nothing is written then.
EvidenceImport import_evidence(Store& store, const std::vector<std::string>& files);

}  // namespace egkb
