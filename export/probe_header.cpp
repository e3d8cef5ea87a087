#include "export/probe_header.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
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

// The side index, unrolled over the kinds so the compiler sees constants.
void append_side_function(fmt::memory_buffer& out, const SideBox& box) {
  auto it = std::back_inserter(out);
  fmt::format_to(it,
                 "/* Internal: the column of one side's counts in egkb_scores_, or -1. */\n"
                 "static inline int egkb_side_(const int counts[EGKB_KINDS]) {{\n"
                 "  unsigned i = 0;\n");
  for (PieceKind k : KindRange(box.kinds)) {
    const int dim = box.dims[k];
    fmt::format_to(it, "  if ((unsigned)counts[{0}] > {1}u) return -1;\n", kind_index(k), dim - 1);
    fmt::format_to(it, "  i = i * {}u + (unsigned)counts[{}];\n", dim, kind_index(k));
  }
  fmt::format_to(it,
                 "  return egkb_side_index_[i] == {0}u ? -1 : (int)egkb_side_index_[i];\n}}\n\n",
                 kNoColumn);
}

void append_meanings(fmt::memory_buffer& out, const PieceSet& pieces) {
  auto it = std::back_inserter(out);
  fmt::format_to(it, "static const char* const egkb_meanings_[{}] = {{\n", kMaxScore + 1);
  for (int s = 0; s <= kMaxScore; ++s)
    fmt::format_to(it, "  \"{}\",\n", score_meaning(pieces, Score(s)));
  fmt::format_to(it,
                 "}};\n\n"
                 "static inline const char* egkb_meaning(int score) {{\n"
                 "  return score >= 0 && score <= {} ? egkb_meanings_[score] : \"unknown\";\n"
                 "}}\n\n",
                 kMaxScore);
}

}  // namespace

void write_probe_header(std::ostream& out, const ScoredLattice& scored,
                        const ProbeHeaderInfo& info) {
  const Lattice& lattice = scored.lattice;
  const PieceSet& pieces = lattice.pieces();
  const EngineTable table = EngineTable::of(scored, info.has_conflicts);
  const std::vector<uint16_t> side_index(table.side_columns().begin(), table.side_columns().end());
  const std::vector<uint8_t> scores(table.scores().begin(), table.scores().end());

  fmt::memory_buffer text;
  auto it = std::back_inserter(text);
  const std::string letters = kind_letters(pieces);
  fmt::format_to(
      it,
      "/* egkb endgame knowledge base: {pieces} materials, exported from {origin}.\n"
      " * {nodes} materials ({implied} of them implied mirrors of stored ones){conflicts}.\n"
      " *\n"
      " * int egkb_probe(const int {first}_counts[EGKB_KINDS], const int "
      "{second}_counts[EGKB_KINDS]);\n"
      " *   {first}_counts, {second}_counts: how many pieces of each kind other than the king "
      "each\n"
      " *     side has, in the order of EGKB_KIND_LETTERS (\"{letters}\").\n"
      " *   Returns the score 0..9 from {first}'s side (0 {first} wins, 1 {first} wins in most "
      "cases,\n"
      " *     2 {first} has a clear advantage, 3 a slight one, 4 either side can win, 5 almost a\n"
      " *     draw, 6..9 the same for {second}), or EGKB_UNKNOWN (-1) when the base does not hold\n"
      " *     the material or a count is out of range.\n"
      " *   Pure and thread-safe; no set-up, no allocation.\n"
      " *\n"
      " * const char* egkb_meaning(int score);\n"
      " *   \"{first} wins\" ... \"{second} wins\" for 0..9, \"unknown\" for anything else.\n"
      " *\n"
      " * Plain C99 and C++. The data is static: include this header in one source file of\n"
      " * the engine and call egkb_probe from there.\n"
      " */\n"
      "#ifndef EGKB_PROBE_H\n#define EGKB_PROBE_H\n\n"
      "#define EGKB_PIECES \"{pieces}\"\n"
      "#define EGKB_KINDS {kinds}\n"
      "#define EGKB_KIND_LETTERS \"{letters}\"\n"
      "#define EGKB_UNKNOWN (-1)\n"
      "#define EGKB_SIDES_ {sides}\n\n"
      "/* Internal: one side's counts (mixed radix) -> column of egkb_scores_, {no_side} for "
      "none. */\n",
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
      fmt::arg("sides", table.column_count()), fmt::arg("no_side", kNoColumn));
  append_array(text, "unsigned short", "egkb_side_index_", side_index);
  fmt::format_to(it,
                 "/* Internal: scores by [{} column * EGKB_SIDES_ + {} column], 255 for "
                 "none. */\n",
                 pieces.side_name(Side::Red), pieces.side_name(Side::Black));
  append_array(text, "unsigned char", "egkb_scores_", scores);
  append_side_function(text, table.box());
  fmt::format_to(it,
                 "static inline int egkb_probe(const int {0}_counts[EGKB_KINDS],\n"
                 "                             const int {1}_counts[EGKB_KINDS]) {{\n"
                 "  const int first = egkb_side_({0}_counts);\n"
                 "  const int second = egkb_side_({1}_counts);\n"
                 "  int score;\n"
                 "  if (first < 0 || second < 0) return EGKB_UNKNOWN;\n"
                 "  score = egkb_scores_[first * EGKB_SIDES_ + second];\n"
                 "  return score == {2} ? EGKB_UNKNOWN : score;\n"
                 "}}\n\n",
                 pieces.side_name(Side::Red), pieces.side_name(Side::Black), kUnknownScore);
  append_meanings(text, pieces);
  fmt::format_to(it, "#endif /* EGKB_PROBE_H */\n");
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace egkb
