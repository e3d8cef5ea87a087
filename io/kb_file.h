// Opens a knowledge base from either of its forms: a `.csv` file or a `.sqlite` store.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

#include "io/csv.h"
#include "lattice/knowledge_base.h"

namespace egkb {

struct LoadOptions {
  std::optional<std::string> pieces;  // --pieces; a store's own piece set wins unless they clash
  DuplicatePolicy on_duplicate = DuplicatePolicy::Error;
};

bool is_store_path(const std::string& path);

// The piece set to read a KB with: what the store records, else --pieces, else xiangqi.
// Throws InputError when --pieces contradicts the store.
const PieceSet& piece_set_for(const std::string& path, const std::optional<std::string>& requested);

// Throws InputError for a missing file, an unknown extension or a bad row; StoreError for a
// store that cannot be read.
KnowledgeBase load_kb(const std::string& path, const LoadOptions& options);

// Writes a file beside `path` and renames it into place, so a failure never leaves half a file.
void write_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

// Throws InputError unless save_kb could write `path`: a known extension, and no store there yet.
void check_save_target(const std::string& path);

// Writes a KB as a new file: a CSV is written beside and renamed into place, so a failure never
// leaves half a file; a store must not exist yet (InputError) and is created in one
// transaction, recording `parameters` (JSON) as its first run.
void save_kb(const std::string& path, const KnowledgeBase& kb, const std::string& parameters);

}  // namespace egkb
