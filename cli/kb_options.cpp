#include "cli/kb_options.h"

#include <fmt/format.h>

#include "base/errors.h"

namespace egkb::cli {

void add_pieces_option(OptionSink& sink, std::optional<std::string>& pieces) {
  sink.text(pieces, "--pieces",
            "piece set: xiangqi or chess; read from the materials (KRPvKR is chess) or the "
            "store when not given",
            {"xiangqi", "chess"});
}

void add_duplicate_option(OptionSink& sink, std::optional<std::string>& on_duplicate) {
  sink.text(on_duplicate, "--on-duplicate",
            "a CSV material listed twice, differently: keep the first, the last, or error (the "
            "default)",
            kDuplicatePolicies.names());
}

void add_kb_options(OptionSink& sink, KbOptions& options, bool csv) {
  sink.argument(options.path, "KB",
                csv ? "the knowledge base: a .csv file (- reads standard input) or a .sqlite store"
                    : "the .sqlite store");
  if (!csv) return;  // a store knows its piece set and holds each material once
  add_pieces_option(sink, options.pieces);
  add_duplicate_option(sink, options.on_duplicate);
}

Material material_argument(const std::string& text, const PieceSet& pieces) {
  try {
    return parse_material(text, pieces);
  } catch (const MaterialParseError& e) {
    throw InputError("", 0, "MATERIAL", e.what());
  }
}

OpenedKb open(const KbOptions& options) {
  if (options.on_duplicate && is_store_path(options.path)) {
    throw InputError(options.path, 0, "--on-duplicate",
                     "a store holds each material once; the option is for CSV files");
  }
  return open_kb(options.path, {options.pieces,
                                options.on_duplicate
                                    ? duplicate_policy_named(*options.on_duplicate, "on-duplicate")
                                    : CsvOptions{}.on_duplicate});
}

void add_sample_design_options(OptionSink& sink, SampleDesign& design, const char* per) {
  sink.number(
      design.p, "--p",
      fmt::format("share of rows sampled{} (default {:g})", per, SampleSize::kDefaultP).c_str(),
      1e-9, 1);
  sink.whole(design.size, "--size", fmt::format("rows sampled{}, instead of --p", per).c_str(), 1,
             100'000'000);
  const std::string designs = kDesignNames.listed(
      [](const Named<Design>& d) { return fmt::format("{} ({})", d.name, d.help); });
  sink.text(design.design, "--design",
            fmt::format("{}; default {}; --k alone asks for distance-k", designs,
                        design_name(kDefaultDesign))
                .c_str(),
            kDesignNames.names());
  sink.whole(design.k, "--k",
             fmt::format("distance-k: least lattice distance between sampled rows (default {})",
                         DrawSpec::kDefaultK)
                 .c_str(),
             1, 1000);
}

DrawSpec SampleDesign::spec(const PieceSet& pieces) const {
  if (p && size)
    throw InputError("", 0, "--size", "--p and --size both set the sample's size; give one");
  DrawSpec spec;
  spec.design = k && !design ? Design::DistanceK : kDefaultDesign;
  if (design) {
    const std::optional<Design> named = design_named(*design);
    if (!named) throw InputError("", 0, "--design", fmt::format("no design named {}", *design));
    spec.design = *named;
  }
  spec.size = {p, size ? std::optional<std::size_t>(*size) : std::nullopt};
  if (k && spec.design != Design::DistanceK)
    throw InputError("", 0, "--k", "only the distance-k design keeps rows apart");
  spec.k = static_cast<int>(k.value_or(DrawSpec::kDefaultK));
  if (spec.k > diameter(pieces)) {
    throw InputError("", 0, "--k",
                     fmt::format("{} is beyond the {} lattice's diameter ({}): no two materials "
                                 "are that far apart",
                                 spec.k, pieces.name(), diameter(pieces)));
  }
  return spec;
}

KnowledgeBase load(const KbOptions& options) {
  return open(options).kb;
}

KnowledgeBase load_truth(const KbOptions& options, const std::string& truth,
                         const KnowledgeBase& kb) {
  KbOptions truth_options = options;
  truth_options.path = truth;
  truth_options.pieces = kb.pieces->name();
  if (is_store_path(truth)) truth_options.on_duplicate.reset();
  return load(truth_options);
}

Store open_store(const std::string& path) {
  require_store(path);
  return Store::open(path);
}

void require_store(const std::string& path) {
  if (!is_store_path(path)) {
    throw InputError(path, 0, "KB",
                     "review batches live in a store: import the CSV first (egkb import "
                     "KB.sqlite FILE.csv)");
  }
}

std::vector<std::string> files_of(const std::string& kb) {
  if (!is_store_path(kb)) return {kb};
  return {kb, kb + "-wal", kb + "-shm", kb + "-journal"};
}

int diameter(const PieceSet& pieces) {
  int most = 0;
  for (PieceKind k : pieces.kinds()) most += 2 * pieces.kind(k).max;
  return most;
}

}  // namespace egkb::cli
