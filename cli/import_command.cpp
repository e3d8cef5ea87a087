#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/kb_options.h"
#include "io/csv.h"
#include "io/kb_file.h"
#include "io/store.h"
#include "lattice/errors.h"

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
    CsvOptions csv;
    csv.pieces = &piece_set_for(options->into, options->pieces);
    csv.default_source = *source_named(options->source);
    csv.all_invariable = options->invariable;
    csv.on_duplicate = duplicate_policy_named(options->on_duplicate);
    const KnowledgeBase kb = read_csv(options->file, csv);
    const nlohmann::json parameters = {{"file", options->file},
                                       {"source", options->source},
                                       {"invariable", options->invariable},
                                       {"pieces", csv.pieces->name()},
                                       {"on_duplicate", options->on_duplicate}};
    const ImportResult r = import_into_store(options->into, kb, parameters.dump());
    fmt::print("imported {} rows from {} into {}: {} added, {} changed, {} unchanged (run {})\n",
               kb.rows.size(), options->file, options->into, r.added, r.changed, r.unchanged,
               r.run);
  });
}

}  // namespace egkb::cli
