#include "export/probe_header.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cctype>
#include <ostream>
#include <vector>

#include "base/text.h"
#include "export/engine_table.h"
#include "prose/score_meaning.h"

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
void append_array(fmt::memory_buffer& out, const char* type, const char* name,
                  const std::vector<T>& values) {
  fmt::format_to(std::back_inserter(out), "static const {} {}[{}] = {{\n", type, name,
                 values.size());
  for (std::size_t i = 0; i < values.size(); i += kValuesPerLine) {
    const std::size_t end = std::min(values.size(), i + kValuesPerLine);
    fmt::format_to(std::back_inserter(out), "  {},\n",
                   fmt::join(values.begin() + static_cast<std::ptrdiff_t>(i),
                             values.begin() + static_cast<std::ptrdiff_t>(end), ","));
  }
  fmt::format_to(std::back_inserter(out), "}};\n\n");
}

std::string kind_letters(const PieceSet& pieces) {
  std::string letters;
  for (PieceKind k : pieces.kinds()) letters += pieces.kind(k).letter;
  return letters;
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// One side's configuration in the box, unrolled over the kinds so the compiler sees constants.
void append_configuration(fmt::memory_buffer& out, const SideBox& box, const std::string& p,
                          const std::string& P) {
  auto it = std::back_inserter(out);
  fmt::format_to(it,
                 "/* Internal: one side's counts as a number in the box (mixed radix), {0}_BOX_ "
                 "when a\n * count is out of it. */\n"
                 "static inline uint64_t {1}_configuration_(const int counts[{0}_KINDS]) {{\n"
                 "  uint64_t c = 0;\n",
                 P, p);
  for (PieceKind k : KindRange(box.kinds)) {
    const int dim = box.dims[k];
    fmt::format_to(it, "  if ({0}_CAST_(unsigned, counts[{1}]) > {2}u) return {0}_BOX_;\n", P,
                   kind_index(k), dim - 1);
    fmt::format_to(it, "  c = c * {}u + {}_CAST_(unsigned, counts[{}]);\n", dim, P, kind_index(k));
  }
  fmt::format_to(it, "  return c;\n}}\n\n");
}

// The kind of a letter of material text, its aliases included.
void append_kind_of(fmt::memory_buffer& out, const PieceSet& pieces, const std::string& p) {
  auto it = std::back_inserter(out);
  fmt::format_to(it, "static inline int {}_kind_of_(char c) {{\n  switch (c) {{\n", p);
  for (PieceKind k : pieces.kinds()) {
    fmt::format_to(it, "    case '{}':", pieces.kind(k).letter);
    for (char alias : pieces.kind(k).aliases) fmt::format_to(it, " case '{}':", alias);
    fmt::format_to(it, " return {};\n", kind_index(k));
  }
  fmt::format_to(it, "    default: return -1;\n  }}\n}}\n\n");
}

void append_meanings(fmt::memory_buffer& out, const PieceSet& pieces, const std::string& p) {
  auto it = std::back_inserter(out);
  fmt::format_to(it, "static const char* const {}_meanings_[{}] = {{\n", p, kMaxScore + 1);
  for (int s = 0; s <= kMaxScore; ++s)
    fmt::format_to(it, "  \"{}\",\n", score_meaning(pieces, Score(s)));
  fmt::format_to(it,
                 "}};\n\n"
                 "static inline const char* {0}_meaning(int score) {{\n"
                 "  return score >= 0 && score <= {1} ? {0}_meanings_[score] : \"unknown\";\n"
                 "}}\n\n",
                 p, kMaxScore);
}

}  // namespace

bool is_header_prefix(const std::string& prefix) {
  if (prefix.empty() || prefix.size() > 32) return false;
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
  const SideBox& box = table.box();
  const std::vector<uint16_t> side_index(table.side_columns().begin(), table.side_columns().end());
  std::vector<unsigned> scores(table.scores().begin(), table.scores().end());
  // An empty base has no pair of columns; C has no empty array, and the padding is never read.
  if (scores.empty()) scores.push_back(kUnknownScore);
  std::vector<unsigned> dims;
  std::vector<std::string> strides(static_cast<std::size_t>(box.kinds));
  uint64_t stride = 1;
  for (int k = box.kinds - 1; k >= 0; --k) {
    strides[static_cast<std::size_t>(k)] = fmt::format("UINT64_C({})", stride);
    stride *= box.dims[PieceKind(k)];
  }
  for (PieceKind k : KindRange(box.kinds)) dims.push_back(box.dims[k]);
  const std::string& p = info.prefix;
  const std::string P = upper(p);
  const bool chess = pieces.name() == "chess";

  fmt::memory_buffer text;
  auto it = std::back_inserter(text);
  const std::string letters = kind_letters(pieces);
  fmt::format_to(
      it,
      "/* egkb endgame knowledge base: {pieces} materials, exported from {origin}.\n"
      " * {nodes} materials ({implied} of them implied mirrors of stored ones){conflicts}.\n"
      " * docs/guide-engine.md says how an engine uses the scores.\n"
      " *\n"
      " * int {p}_probe_counts(const int {first}[{P}_KINDS], const int {second}[{P}_KINDS]);\n"
      " *   How many pieces of each kind other than the king each side has, in the order of\n"
      " *   {P}_KIND_LETTERS (\"{letters}\"). Returns the score 0..9 from {first}'s side (0 "
      "{first} wins,\n"
      " *   1 {first} wins in most cases, 2 {first} has a clear advantage, 3 a slight one, 4 "
      "either side\n"
      " *   can win, 5 almost a draw, 6..9 the same for {second}), or {P}_UNKNOWN (-1) when the "
      "base\n"
      " *   does not hold the material or a count is out of range. {p}_probe is the same.\n"
      " * int {p}_probe_material(const char* material);   \"{example}\"\n"
      " * uint64_t {p}_key_of_counts(first, second);  int {p}_probe_key(uint64_t key);\n"
      " * uint64_t {p}_key_add(uint64_t key, int side, int kind);  (and {p}_key_remove)\n"
      " *   The material's key in this header's box, kept as pieces come and go (side 0 {first}, "
      "1\n"
      " *   {second}; kind the index in {P}_KIND_LETTERS); {P}_NO_KEY when a count leaves the "
      "box.\n"
      " * int {p}_dimensions(int dims[{P}_KINDS]);   the box: one more than the most of each "
      "kind.\n"
      " * const char* {p}_meaning(int score);   \"{first} wins\" ... \"{second} wins\", "
      "\"unknown\".\n"
      " *\n"
      " * Pure and thread-safe; no set-up, no allocation. Plain C99 and C++; the data is static:\n"
      " * include this header in one source file of the engine. egkb export --prefix gives its\n"
      " * names another prefix, so two bases can be included in one file.\n"
      " */\n"
      "#ifndef {P}_PROBE_H\n#define {P}_PROBE_H\n\n"
      "#include <stdint.h>\n\n"
      "#define {P}_PIECES \"{pieces}\"\n"
      "#define {P}_KINDS {kinds}\n"
      "#define {P}_KIND_LETTERS \"{letters}\"\n"
      "#define {P}_UNKNOWN (-1)\n"
      "#define {P}_NO_KEY UINT64_MAX\n"
      "#define {P}_SIDES_ {sides}\n"
      "#define {P}_BOX_ UINT64_C({box})\n"
      "#ifdef __cplusplus\n"
      "#define {P}_CAST_(type, value) static_cast<type>(value)\n"
      "#else\n"
      "#define {P}_CAST_(type, value) ((type)(value))\n"
      "#endif\n\n"
      "/* Internal: one side's configuration -> column of {p}_scores_, {no_side} for none. */\n",
      fmt::arg("pieces", pieces.name()), fmt::arg("origin", comment_text(info.origin)),
      fmt::arg("first", pieces.side_name(Side::Red)),
      fmt::arg("second", pieces.side_name(Side::Black)), fmt::arg("nodes", lattice.size()),
      fmt::arg("implied",
               std::count_if(scored.row_of.begin(), scored.row_of.end(),
                             [](std::size_t r) { return r == ScoredLattice::kImplied; })),
      fmt::arg("conflicts", info.has_conflicts
                                ? "; WARNING: exported with conflicts left (--allow-conflicts)"
                                : "; no conflicts"),
      fmt::arg("letters", letters), fmt::arg("kinds", pieces.kind_count()),
      fmt::arg("sides", table.column_count()), fmt::arg("box", box.entries()),
      fmt::arg("no_side", kNoColumn), fmt::arg("p", p), fmt::arg("P", P),
      fmt::arg("example", chess ? "KRPvKR" : "KRKNMM"));
  append_array(text, "unsigned short", (p + "_side_index_").c_str(), side_index);
  fmt::format_to(it,
                 "/* Internal: scores by [{} column * {}_SIDES_ + {} column], 255 for none. */\n",
                 pieces.side_name(Side::Red), P, pieces.side_name(Side::Black));
  append_array(text, "unsigned char", (p + "_scores_").c_str(), scores);
  append_array(text, "int", (p + "_dims_").c_str(), dims);
  fmt::format_to(it, "static const uint64_t {}_strides_[{}] = {{{}}};\n\n", p, box.kinds,
                 fmt::join(strides, ", "));
  append_configuration(text, box, p, P);
  fmt::format_to(
      it,
      "static inline uint64_t {p}_key_of_counts(const int {first}[{P}_KINDS],\n"
      "                                         const int {second}[{P}_KINDS]) {{\n"
      "  const uint64_t a = {p}_configuration_({first});\n"
      "  const uint64_t b = {p}_configuration_({second});\n"
      "  return a == {P}_BOX_ || b == {P}_BOX_ ? {P}_NO_KEY : a * {P}_BOX_ + b;\n"
      "}}\n\n"
      "static inline int {p}_probe_key(uint64_t key) {{\n"
      "  unsigned short a, b;\n"
      "  unsigned char score;\n"
      "  if (key >= {P}_BOX_ * {P}_BOX_) return {P}_UNKNOWN;\n"
      "  a = {p}_side_index_[key / {P}_BOX_];\n"
      "  b = {p}_side_index_[key % {P}_BOX_];\n"
      "  if (a == {no_side}u || b == {no_side}u) return {P}_UNKNOWN;\n"
      "  score = {p}_scores_[{P}_CAST_(unsigned long, a) * {P}_SIDES_ + b];\n"
      "  return score == {unknown}u ? {P}_UNKNOWN : score;\n"
      "}}\n\n"
      "static inline int {p}_probe_counts(const int {first}[{P}_KINDS],\n"
      "                                   const int {second}[{P}_KINDS]) {{\n"
      "  return {p}_probe_key({p}_key_of_counts({first}, {second}));\n"
      "}}\n\n"
      "/* The name of earlier exports. */\n"
      "static inline int {p}_probe(const int {first}[{P}_KINDS], const int {second}[{P}_KINDS]) "
      "{{\n"
      "  return {p}_probe_counts({first}, {second});\n"
      "}}\n\n",
      fmt::arg("p", p), fmt::arg("P", P), fmt::arg("first", pieces.side_name(Side::Red)),
      fmt::arg("second", pieces.side_name(Side::Black)), fmt::arg("no_side", kNoColumn),
      fmt::arg("unknown", kUnknownScore));
  append_kind_of(text, pieces, p);
  fmt::format_to(
      it,
      "static inline int {p}_probe_material(const char* material) {{\n"
      "  int counts[2][{P}_KINDS] = {{{{0}}}};\n"
      "  int side = -1;\n"
      "  int kind;\n"
      "  const char* c;\n"
      "  if (!material) return {P}_UNKNOWN;\n"
      "  for (c = material; *c; ++c) {{\n"
      "    if (*c == 'K') {{\n"
      "      if (side == 1{second_king}) return {P}_UNKNOWN;\n"
      "      ++side;\n"
      "    }}{separator} else if (side < 0 || (kind = {p}_kind_of_(*c)) < 0 || "
      "++counts[side][kind] > 64) {{\n"
      "      return {P}_UNKNOWN;\n"
      "    }}\n"
      "  }}\n"
      "  return side == 1 ? {p}_probe_counts(counts[0], counts[1]) : {P}_UNKNOWN;\n"
      "}}\n\n"
      "/* Internal: the key with one piece of `kind` more (by 1) or less (by -1) for `side`. */\n"
      "static inline uint64_t {p}_key_step_(uint64_t key, int side, int kind, int by) {{\n"
      "  uint64_t stride, count;\n"
      "  if (key >= {P}_BOX_ * {P}_BOX_ || kind < 0 || kind >= {P}_KINDS || side < 0 || side > 1)\n"
      "    return {P}_NO_KEY;\n"
      "  stride = {p}_strides_[kind];\n"
      "  count = (side == 0 ? key / {P}_BOX_ : key % {P}_BOX_) / stride %\n"
      "          {P}_CAST_(uint64_t, {p}_dims_[kind]);\n"
      "  if (by > 0 ? count + 1 >= {P}_CAST_(uint64_t, {p}_dims_[kind]) : count == 0) return "
      "{P}_NO_KEY;\n"
      "  if (side == 0) stride *= {P}_BOX_;\n"
      "  return by > 0 ? key + stride : key - stride;\n"
      "}}\n\n"
      "static inline uint64_t {p}_key_add(uint64_t key, int side, int kind) {{\n"
      "  return {p}_key_step_(key, side, kind, 1);\n"
      "}}\n\n"
      "static inline uint64_t {p}_key_remove(uint64_t key, int side, int kind) {{\n"
      "  return {p}_key_step_(key, side, kind, -1);\n"
      "}}\n\n"
      "static inline int {p}_dimensions(int dims[{P}_KINDS]) {{\n"
      "  int k;\n"
      "  for (k = 0; k < {P}_KINDS; ++k) dims[k] = {p}_dims_[k];\n"
      "  return {P}_KINDS;\n"
      "}}\n\n",
      fmt::arg("p", p), fmt::arg("P", P),
      fmt::arg("second_king", chess ? " || (side == 0 && c[-1] != 'v')" : ""),
      fmt::arg("separator",
               chess ? " else if (*c == 'v' && side == 0 && c[1] == 'K') {\n    }" : ""));
  append_meanings(text, pieces, p);
  fmt::format_to(it, "#endif /* {}_PROBE_H */\n", P);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace egkb
