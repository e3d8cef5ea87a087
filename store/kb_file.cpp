#include "store/kb_file.h"

#include <fmt/format.h>

#include <filesystem>

#include "base/errors.h"
#include "io/output_files.h"
#include "store/import.h"
#include "store/nodes.h"

namespace egkb {

namespace {

bool has_extension(const std::string& path, const char* ext) {
  return std::filesystem::path(path).extension() == ext;
}

void require_extension(const std::string& path) {
  if (!is_store_path(path) && !has_extension(path, ".csv") && path != "-") {
    throw InputError(path, 0, "",
                     "unknown knowledge-base format; expected a .csv file or a .sqlite store");
  }
}

}  // namespace

bool is_store_path(const std::string& path) {
  return has_extension(path, ".sqlite") || has_extension(path, ".db");
}

OpenedKb open_kb(const std::string& path, const LoadOptions& options) {
  require_extension(path);
  if (is_store_path(path)) {
    Store store = Store::open(path);
    if (options.pieces && *options.pieces != store.pieces().name()) {
      throw InputError(path, 0, "pieces",
                       fmt::format("the store holds {} materials, not {}", store.pieces().name(),
                                   *options.pieces));
    }
    KnowledgeBase kb = store::knowledge_base(store);
    return {std::move(kb), std::move(store)};
  }
  CsvOptions csv;
  if (options.pieces) csv.pieces = &PieceSet::named(*options.pieces);
  csv.on_duplicate = options.on_duplicate;
  return {read_csv(ByteSource::file(path), csv), std::nullopt};
}

KnowledgeBase load_kb(const std::string& path, const LoadOptions& options) {
  return open_kb(path, options).kb;
}

void check_save_target(const std::string& path) {
  require_extension(path);
  if (is_store_path(path) && path_exists(path)) {
    throw InputError(path, 0, "", "the store exists already; remove it or name a new one");
  }
}

void save_kb(const std::string& path, const KnowledgeBase& kb,
             const nlohmann::ordered_json& parameters, Outputs& outputs) {
  check_save_target(path);
  if (is_store_path(path)) {
    Store store = Store::create(path, *kb.pieces, outputs);
    import_kb(store, kb, parameters);
    return;
  }
  outputs.write(path, [&](std::ostream& out) { write_csv(kb, out); });
}

}  // namespace egkb
