#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/kb_options.h"
#include "io/output_files.h"
#include "lattice/errors.h"
#include "store/import.h"

namespace egkb::cli {

void add_import_command(CLI::App& app, int&) {
  struct Options {
    std::string file;
    std::string into;
    std::string source = "generated";
    bool invariable = false;
    std::optional<std::string> pieces;
    std::string on_duplicate = "error";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("import", "read a CSV knowledge base into a SQLite store");
  cmd->add_option("FILE", options->file, "the CSV file")->required();
  cmd->add_option("--into", options->into, "the store, created when missing (e.g. kb.sqlite)")
      ->required();
  cmd->add_option("--source", options->source, "provenance of rows without a source column")
      ->check(CLI::IsMember({"manual", "generated", "expert"}))
      ->capture_default_str();
  cmd->add_flag("--invariable", options->invariable, "mark every row invariable");
  add_pieces_option(*cmd, options->pieces);
  add_duplicate_option(*cmd, options->on_duplicate);
  cmd->callback([options] {
    if (!is_store_path(options->into)) {
      throw InputError(options->into, 0, "--into", "expected a store path ending in .sqlite");
    }
    check_not_input(options->into, {options->file}, "--into");
    const bool exists = path_exists(options->into);
    std::optional<Store> existing;
    if (exists) existing.emplace(Store::open(options->into));
    if (existing && options->pieces && *options->pieces != existing->pieces().name()) {
      throw InputError(options->into, 0, "--pieces",
                       fmt::format("the store holds {} materials, not {}",
                                   existing->pieces().name(), *options->pieces));
    }
    CsvOptions csv;
    csv.pieces =
        existing ? &existing->pieces() : &PieceSet::named(options->pieces.value_or("xiangqi"));
    csv.default_source = *source_named(options->source);
    csv.all_invariable = options->invariable;
    csv.on_duplicate = duplicate_policy_named(options->on_duplicate, "--on-duplicate");
    const KnowledgeBase kb = read_csv(ByteSource::file(options->file), csv);
    const nlohmann::json parameters = {{"file", options->file},
                                       {"source", options->source},
                                       {"invariable", options->invariable},
                                       {"pieces", csv.pieces->name()},
                                       {"on_duplicate", options->on_duplicate}};
    Outputs outputs;
    Store store =
        existing ? std::move(*existing) : Store::create(options->into, *csv.pieces, outputs);
    const ImportResult r = import_kb(store, kb, parameters.dump(), &outputs);
    fmt::print(
        "imported {} rows from {} into {}: {} added, {} rescored, {} with new flags, {} "
        "unchanged (run {})\n",
        kb.rows.size(), options->file, options->into, r.added, r.rescored, r.reflagged, r.unchanged,
        r.run);
  });
}

}  // namespace egkb::cli
