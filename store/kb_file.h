// A knowledge base named by its path: a `.csv` file or a `.sqlite` (or `.db`) store.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "io/csv.h"
#include "store/store.h"

namespace egkb {

class Outputs;

struct LoadOptions {
  // A store's own piece set wins unless they clash; a CSV's is read from its materials when
  // not given.
  std::optional<std::string> pieces;
  DuplicatePolicy on_duplicate = DuplicatePolicy::Error;
};

bool is_store_path(const std::string& path);

// A KB as read: its rows, and for a store the session they were read in, so a command that
// writes back commits against the state it computed on.
struct OpenedKb {
  KnowledgeBase kb;
  std::optional<Store> store;
};

// Throws InputError for a missing file, an unknown extension, a bad row or a piece set that
// contradicts the store's; StoreError for a store that cannot be read.
OpenedKb open_kb(const std::string& path, const LoadOptions& options);
KnowledgeBase load_kb(const std::string& path, const LoadOptions& options);

// Throws InputError unless save_kb could write `path`: a known extension, and no store there yet.
void check_save_target(const std::string& path);

// Writes a KB as a new file among `outputs`: a CSV, or a store created with the KB as its first
// import run (recording `parameters`, a JSON object). It appears when the outputs are published.
void save_kb(const std::string& path, const KnowledgeBase& kb,
             const nlohmann::ordered_json& parameters, Outputs& outputs);

}  // namespace egkb
