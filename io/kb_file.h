// Opens a knowledge base from either of its forms: a `.csv` file or a `.sqlite` store.
#pragma once

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

}  // namespace egkb
