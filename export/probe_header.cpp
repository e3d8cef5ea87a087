#include "export/probe_header.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <ostream>
#include <vector>

#include "base/text.h"
#include "export/embedded_lookup.h"
#include "export/engine_table.h"
#include "probe/table_lookup.h"

namespace egkb {

namespace {

// The base's path as the header's opening comment shows it: escaped as messages show paths, and
// no "*/" or "/*" in it to end the comment early or nest one.
std::string comment_text(const std::string& path) {
  std::string text;
  for (const char c : path_text(path)) {
    if ((c == '/' && !text.empty() && text.back() == '*') ||
        (c == '*' && !text.empty() && text.back() == '/'))
      text += ' ';
    text += c;
  }
  return text;
}

constexpr std::size_t kValuesPerLine = 32;

template <typename T>
void append_array(fmt::memory_buffer& out, const char* type, const std::string& name,
                  const T* values, std::size_t count) {
  fmt::format_to(std::back_inserter(out), "static const {} {}[{}] = {{\n", type, name, count);
  for (std::size_t i = 0; i < count; i += kValuesPerLine) {
    fmt::format_to(std::back_inserter(out), "  {},\n",
                   fmt::join(values + i, values + std::min(count, i + kValuesPerLine), ","));
  }
  fmt::format_to(std::back_inserter(out), "}};\n\n");
}

// "3u, 3u, ...": unsigned constants for a struct's array.
std::string unsigned_list(const uint32_t* values, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) text += fmt::format("{}{}u", i ? ", " : "", values[i]);
  return text;
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// What a prefix names is the library's (<egkb/probe.h>: egkb_*, EGKB_*) or the embedded lookups'
// (egkb_lookup_*, EGKB_LOOKUP_*) when it is egkb or begins with egkb_, in any case.
bool clashes_with_library(const std::string& prefix) {
  const std::string p = upper(prefix);
  return p == "EGKB" || p.rfind("EGKB_", 0) == 0;
}

// The header's own names: each a one-line call of the embedded lookups on its table.
constexpr const char* kFunctions =
    R"(static inline int {p}_probe_counts(const int {first}[{P}_KINDS],
                                   const int {second}[{P}_KINDS]) {{
  return egkb_lookup_probe_counts(&{p}_table_, {first}, {second});
}}

/* The name of earlier exports. */
static inline int {p}_probe(const int {first}[{P}_KINDS], const int {second}[{P}_KINDS]) {{
  return egkb_lookup_probe_counts(&{p}_table_, {first}, {second});
}}

static inline int {p}_probe_key(uint64_t key) {{
  return egkb_lookup_probe_key(&{p}_table_, key);
}}

static inline uint64_t {p}_key_of_counts(const int {first}[{P}_KINDS],
                                         const int {second}[{P}_KINDS]) {{
  return egkb_lookup_key_of_counts(&{p}_table_, {first}, {second});
}}

static inline uint64_t {p}_key_add(uint64_t key, int side, int kind) {{
  return egkb_lookup_key_step(&{p}_table_, key, side, kind, 1);
}}

static inline uint64_t {p}_key_remove(uint64_t key, int side, int kind) {{
  return egkb_lookup_key_step(&{p}_table_, key, side, kind, -1);
}}

static inline int {p}_probe_material(const char* material) {{
  int first[EGKB_LOOKUP_KINDS], second[EGKB_LOOKUP_KINDS];
  if (egkb_lookup_counts_of_material({p}_table_.pieces, material, first, second) != 0)
    return {P}_UNKNOWN;
  return egkb_lookup_probe_counts(&{p}_table_, first, second);
}}

static inline int {p}_counts_from_material(const char* material, int {first}[{P}_KINDS],
                                           int {second}[{P}_KINDS]) {{
  return egkb_lookup_counts_of_material({p}_table_.pieces, material, {first}, {second});
}}

static inline int {p}_counts_from_fen(const char* fen, int {first}[{P}_KINDS],
                                      int {second}[{P}_KINDS]) {{
  return egkb_lookup_counts_of_fen({p}_table_.pieces, fen, {first}, {second});
}}

static inline int {p}_dimensions(int dims[{P}_KINDS]) {{
  int k;
  for (k = 0; dims && k < {P}_KINDS; ++k) dims[k] = EGKB_LOOKUP_CAST(int, {p}_table_.dims[k]);
  return {P}_KINDS;
}}

static inline int {p}_score_for_side(int score, int side) {{
  return egkb_lookup_score_for_side(score, side);
}}

static inline int {p}_score_bonus(int score, int percent) {{
  return egkb_lookup_bonus({p}_table_.pieces, score, percent);
}}

static inline const char* {p}_meaning(int score) {{
  return egkb_lookup_meaning({p}_table_.pieces, score);
}}

)";

}  // namespace

bool is_header_prefix(const std::string& prefix) {
  if (prefix.empty() || prefix.size() > 32 || clashes_with_library(prefix)) return false;
  if (!std::isalpha(static_cast<unsigned char>(prefix[0])) && prefix[0] != '_') return false;
  return std::all_of(prefix.begin(), prefix.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

void write_probe_header(std::ostream& out, const ScoredLattice& scored,
                        const ProbeHeaderInfo& info) {
  assert(is_header_prefix(info.prefix));
  const Lattice& lattice = scored.lattice;
  const PieceSet& pieces = lattice.pieces();
  const EngineTable table = EngineTable::of(scored, info.has_conflicts);
  const egkb_lookup_table& t = table.lookup();
  const int kinds = pieces.kind_count();
  const std::string& p = info.prefix;
  const std::string P = upper(p);
  const std::string first = pieces.side_name(Side::Red), second = pieces.side_name(Side::Black);

  fmt::memory_buffer text;
  auto it = std::back_inserter(text);
  fmt::format_to(
      it,
      "/* egkb endgame knowledge base: {pieces} materials, exported from {origin}.\n"
      " * {nodes} materials ({implied} of them implied mirrors of stored ones){conflicts}.\n"
      " * docs/guide-engine.md says how an engine uses the scores.\n"
      " *\n"
      " * The functions of libegkb-probe on this base, compiled in (the same lookups, embedded):\n"
      " *   int {p}_probe_counts(const int {first}[{P}_KINDS], const int {second}[{P}_KINDS]);\n"
      " *     the counts of each kind other than the king in the order of {P}_KIND_LETTERS\n"
      " *     (\"{letters}\"); the score 0..9 from {first}'s side (0 {first} wins ... 9 {second} "
      "wins), or\n"
      " *     {P}_UNKNOWN (-1) when the base does not hold the material. {p}_probe is the same.\n"
      " *   int {p}_probe_material(const char* material);   \"{example}\", as egkb reads it\n"
      " *   uint64_t {p}_key_of_counts({first}, {second});   int {p}_probe_key(uint64_t key);\n"
      " *   uint64_t {p}_key_add(uint64_t key, int side, int kind);   (and {p}_key_remove)\n"
      " *   int {p}_counts_from_material(text, {first}, {second});   (and {p}_counts_from_fen)\n"
      " *   int {p}_dimensions(int dims[{P}_KINDS]);   const char* {p}_meaning(int score);\n"
      " *   int {p}_score_for_side(int score, int side);   int {p}_score_bonus(int score, int "
      "percent);\n"
      " *\n"
      " * Pure and thread-safe; no set-up, no allocation. Plain C99 and C++; the data is static:\n"
      " * include this header in one source file of the engine. egkb export --prefix gives its\n"
      " * names another prefix, so two bases can be included in one file.\n"
      " */\n"
      "#ifndef {P}_PROBE_H\n#define {P}_PROBE_H\n\n"
      "#include <stdint.h>\n\n",
      fmt::arg("pieces", pieces.name()), fmt::arg("origin", comment_text(info.origin)),
      fmt::arg("first", first), fmt::arg("second", second), fmt::arg("nodes", lattice.size()),
      fmt::arg("implied",
               std::count_if(scored.row_of.begin(), scored.row_of.end(),
                             [](std::size_t r) { return r == ScoredLattice::kImplied; })),
      fmt::arg("conflicts", info.has_conflicts
                                ? "; WARNING: exported with conflicts left (--allow-conflicts)"
                                : "; no conflicts"),
      fmt::arg("letters", t.pieces->letters), fmt::arg("p", p), fmt::arg("P", P),
      fmt::arg("example", pieces.name() == "chess" ? "KRPvKR" : "KRKNMM"));
  fmt::format_to(it, "{}\n{}\n", kTableLookupSource, kLookupDataSource);
  fmt::format_to(it,
                 "#define {P}_PIECES \"{pieces}\"\n#define {P}_KINDS {kinds}\n"
                 "#define {P}_KIND_LETTERS \"{letters}\"\n#define {P}_UNKNOWN (-1)\n"
                 "#define {P}_NO_KEY UINT64_MAX\n\n"
                 "/* Internal: the table as the lookups read it (probe/table_lookup.h). */\n",
                 fmt::arg("P", P), fmt::arg("pieces", pieces.name()), fmt::arg("kinds", kinds),
                 fmt::arg("letters", t.pieces->letters));
  append_array(text, "uint32_t", p + "_first_rows_", t.first_rows, std::size_t{t.box} + 1);
  append_array(text, "uint16_t", p + "_side_columns_", t.side_columns, std::size_t{t.box} + 1);
  const std::size_t stride = std::size_t{t.columns} + 1;
  append_array(text, "int8_t", p + "_scores_", t.scores, stride * stride);
  fmt::format_to(it,
                 "static const struct egkb_lookup_table {p}_table_ = {{\n"
                 "  &egkb_lookup_piece_sets[{set}], {box}u, {columns}u, {{{dims}}},\n"
                 "  {{{strides}}}, {p}_first_rows_, {p}_side_columns_, {p}_scores_}};\n\n",
                 fmt::arg("p", p), fmt::arg("set", t.pieces->game - 1), fmt::arg("box", t.box),
                 fmt::arg("columns", t.columns),
                 fmt::arg("dims", unsigned_list(t.dims, EGKB_LOOKUP_KINDS)),
                 fmt::arg("strides", unsigned_list(t.strides, EGKB_LOOKUP_KINDS)));
  fmt::format_to(it, fmt::runtime(kFunctions), fmt::arg("p", p), fmt::arg("P", P),
                 fmt::arg("first", first), fmt::arg("second", second));
  fmt::format_to(it, "#endif /* {}_PROBE_H */\n", P);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace egkb
