// The options commands share, and what they do with them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"
#include "sampling/dispatch.h"
#include "store/kb_file.h"

namespace egkb::cli {

struct KbOptions {
  std::string path;
  std::optional<std::string> pieces;
  std::optional<std::string> on_duplicate;
};

// The KB as the first positional argument; when it may be a CSV file (`csv`), --pieces and
// --on-duplicate, which only a CSV file needs.
void add_kb_options(OptionSink& sink, KbOptions& options, bool csv = true);
void add_pieces_option(OptionSink& sink, std::optional<std::string>& pieces);
void add_duplicate_option(OptionSink& sink, std::optional<std::string>& on_duplicate);

OpenedKb open(const KbOptions& options);
KnowledgeBase load(const KbOptions& options);
// The truth a KB is measured against, read as the KB was: same piece set, and the CSV options
// when it is a CSV file.
KnowledgeBase load_truth(const KbOptions& options, const std::string& truth,
                         const KnowledgeBase& kb);
// A material given on the command line, in `pieces`. Throws InputError (field MATERIAL) naming
// the column that does not parse.
Material material_argument(const std::string& text, const PieceSet& pieces);

// The store alone, for commands that read it through their own queries (the store knows its
// piece set).
Store open_store(const std::string& path);

// How sample and simulate draw rows, as given: the size (--p or --size), the design and
// distance-k's k. --k alone asks for distance-k, whatever the default design.
struct SampleDesign {
  std::optional<double> p;
  std::optional<uint64_t> size;
  std::optional<uint64_t> k;
  std::optional<std::string> design;

  // The draw asked for. Throws InputError when options contradict each other or k exceeds the
  // lattice.
  DrawSpec spec(const PieceSet& pieces) const;
};

// `per` qualifies the size: "" for one batch, " per round" for simulate.
void add_sample_design_options(OptionSink& sink, SampleDesign& design, const char* per);

// Throws InputError naming the command's store when `path` is not one.
void require_store(const std::string& path);

// The files a KB path stands for: a store's journal files are part of it.
std::vector<std::string> files_of(const std::string& kb);

// The largest lattice distance between two materials of the piece set: the most pieces both
// sides can hold together.
int diameter(const PieceSet& pieces);

}  // namespace egkb::cli
