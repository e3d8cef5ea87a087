#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
#include "cli/kb_options.h"
#include "export/closure_export.h"
#include "export/engine_table.h"
#include "export/probe_header.h"
#include "io/output_files.h"
#include "lattice/conflicts.h"
#include "lattice/errors.h"

namespace egkb::cli {

namespace {

struct ExportOptions {
  KbOptions kb;
  std::string format;
  std::string out;
  bool allow_conflicts = false;
};

std::string dims_text(const EngineTable& table) {
  std::string text;
  for (int k = 0; k < table.shape().kinds; ++k) {
    text += fmt::format(" {}{}", table.pieces().kind(k).letter,
                        table.shape().dims[0][static_cast<std::size_t>(k)] - 1);
  }
  return text;
}

// Writes the file and returns what is worth saying about it beyond the common line.
std::string write_export(const ExportOptions& o, const KnowledgeBase& kb,
                         const ScoredLattice& scored, bool has_conflicts) {
  if (o.format == "table") {
    const EngineTable table = EngineTable::of(scored, has_conflicts);
    write_file(o.out, [&](std::ostream& out) { table.write(out); });
    return fmt::format("  {} entries of one byte, most pieces per side:{}\n",
                       table.shape().entries(), dims_text(table));
  }
  write_file(o.out, [&](std::ostream& out) {
    if (o.format == "csv") {
      write_closure_csv(out, kb, scored);
    } else if (o.format == "json") {
      write_closure_json(out, kb, scored, has_conflicts);
    } else {
      write_probe_header(out, scored, {kb.origin, has_conflicts});
    }
  });
  return "";
}

void print_probe(const EngineTable& table, const std::string& text) {
  Material m;
  try {
    m = parse_material(text, table.pieces());
  } catch (const MaterialParseError& e) {
    throw InputError("", 0, "MATERIAL", e.what());
  }
  const std::string material = format_material(m, table.pieces());
  if (const auto score = table.probe(m)) {
    fmt::print("{:<20} {}  {}\n", material, value(*score), score_meaning(*score));
  } else {
    fmt::print("{:<20} -  unknown: not in the table\n", material);
  }
}

}  // namespace

void add_export_command(CLI::App& app, int&) {
  auto o = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export", "write a consistent KB for engines: csv, json, a dense table or a C/C++ header");
  add_kb_options(*cmd, o->kb);
  cmd->add_option("--format", o->format, "csv, json, table (binary, for egkb probe) or header")
      ->required()
      ->check(CLI::IsMember({"csv", "json", "table", "header"}));
  cmd->add_option("--out", o->out, "the file to write")->required();
  cmd->add_flag("--allow-conflicts", o->allow_conflicts,
                "export even though conflicts remain (they are recorded in the file)");
  cmd->callback([o] {
    check_not_input(o->out, files_of(o->kb.path), "--out");
    const KnowledgeBase kb = load(o->kb);
    const ScoredLattice scored = ScoredLattice::of(kb);
    ConflictCounter counter(scored.lattice);
    const ConflictSummary conflicts = counter.count(scored.ranks());
    const bool has_conflicts = conflicts.inconsistent_nodes > 0;
    if (has_conflicts && !o->allow_conflicts) {
      throw InputError(
          kb.origin, 0, "",
          fmt::format("{} inconsistent nodes ({} mirror conflicts), which an "
                      "engine would trust; nothing was written. Repair it first "
                      "(egkb reduce {} --method exact ...) or pass "
                      "--allow-conflicts",
                      conflicts.inconsistent_nodes, conflicts.mirror_conflicts, kb.origin));
    }
    const std::string detail = write_export(*o, kb, scored, has_conflicts);
    fmt::print("exported {} materials ({} stored, {} implied mirrors) from {} as {} to {}\n{}",
               scored.lattice.size(), kb.rows.size(), scored.lattice.size() - kb.rows.size(),
               kb.origin, o->format, o->out, detail);
    if (has_conflicts) {
      fmt::print("  warning: {} inconsistent nodes remain (--allow-conflicts)\n",
                 conflicts.inconsistent_nodes);
    }
  });
}

void add_probe_command(CLI::App& app, int&) {
  struct Options {
    std::string table;
    std::vector<std::string> materials;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd =
      app.add_subcommand("probe", "look materials up in a table written by egkb export");
  cmd->add_option("TABLE", o->table, "a file from egkb export --format table")->required();
  cmd->add_option("MATERIAL", o->materials, "one or more materials, e.g. KRKNMM")->required();
  cmd->callback([o] {
    const EngineTable table = EngineTable::read(o->table);
    for (const std::string& m : o->materials) print_probe(table, m);
  });
}

}  // namespace egkb::cli
