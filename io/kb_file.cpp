#include "io/kb_file.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "io/store.h"
#include "lattice/errors.h"

namespace egkb {

namespace {

bool has_extension(const std::string& path, const char* ext) {
  return std::filesystem::path(path).extension() == ext;
}

void require_extension(const std::string& path) {
  if (!is_store_path(path) && !has_extension(path, ".csv")) {
    throw InputError(path, 0, "",
                     "unknown knowledge-base format; expected a .csv file or a .sqlite store");
  }
}

}  // namespace

bool is_store_path(const std::string& path) {
  return has_extension(path, ".sqlite") || has_extension(path, ".db");
}

const PieceSet& piece_set_for(const std::string& path,
                              const std::optional<std::string>& requested) {
  const std::optional<std::string> stored =
      is_store_path(path) ? store_piece_set(path) : std::nullopt;
  if (stored && requested && *stored != *requested) {
    throw InputError(path, 0, "--pieces",
                     fmt::format("the store holds {} materials, not {}", *stored, *requested));
  }
  return PieceSet::named(stored.value_or(requested.value_or("xiangqi")));
}

KnowledgeBase load_kb(const std::string& path, const LoadOptions& options) {
  if (!std::filesystem::exists(path)) throw InputError(path, 0, "", "no such file");
  if (is_store_path(path)) {
    piece_set_for(path, options.pieces);
    return read_store(path);
  }
  require_extension(path);
  CsvOptions csv;
  csv.pieces = &piece_set_for(path, options.pieces);
  csv.on_duplicate = options.on_duplicate;
  return read_csv(path, csv);
}

void check_save_target(const std::string& path) {
  require_extension(path);
  if (is_store_path(path) && std::filesystem::exists(path)) {
    throw InputError(path, 0, "", "the store exists already; remove it or name a new one");
  }
}

void save_kb(const std::string& path, const KnowledgeBase& kb, const std::string& parameters) {
  check_save_target(path);
  if (is_store_path(path)) {
    import_into_store(path, kb, parameters);
    return;
  }
  write_atomically(path, [&](std::ostream& out) { write_csv(kb, out); });
}

void write_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  const std::string partial = path + ".partial";
  {
    std::ofstream out(partial, std::ios::binary);
    write(out);
    out.close();
    if (!out) {
      std::filesystem::remove(partial);
      throw StoreError(path + ": cannot write the file");
    }
  }
  std::filesystem::rename(partial, path);
}

}  // namespace egkb
