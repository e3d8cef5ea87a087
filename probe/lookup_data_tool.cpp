// Writes, at build time, the data the C lookups read (probe/table_lookup.h) from egkb's own
// definitions, so that the C library and the generated header know the piece sets from the one
// place egkb does: their letters, aliases and limits (lattice/piece_set.cpp), how the engines
// write them in a FEN (board/), the scores' meanings (prose/score_meaning.cpp) and the bonus of a
// score (lattice/expected_result.h's bins). Also writes the C++ source that holds the lookups'
// and this data's text, which the header exporter embeds (export/probe_header.cpp).
//   lookup_data_tool DATA_H EMBEDDED_CPP TABLE_LOOKUP_H
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "board/game_rules.h"
#include "lattice/expected_result.h"
#include "lattice/piece_set.h"
#include "prose/score_meaning.h"

namespace egkb {
namespace {

// The letter the engines write for a piece of the first side whose canonical letter is
// `letter`: read back from the FEN of a board holding only it.
char engine_letter(const GameRules& rules, char letter) {
  Position p = rules.empty_position(Side::Red);
  p.put({0, 0}, letter);
  for (const char c : rules.fen(p)) {
    if (c == ' ') break;
    if (c >= 'A' && c <= 'Z') return c;
  }
  throw std::logic_error(fmt::format("no engine letter for {}", letter));
}

// The centipawns of each score: the middle of its bin of expected results (from the first
// side's view, in [-1, 1]), as an evaluation whose logistic expectation is that result
// (400 centipawns a factor of ten in the odds, the Elo curve engines calibrate against).
std::vector<int> bonus_centipawns() {
  std::vector<double> edges(kChessBins.edges.begin(), kChessBins.edges.end());
  edges.insert(edges.begin(), 1.0);
  edges.push_back(-1.0);
  std::vector<int> bonus;
  for (int s = 0; s <= kMaxScore; ++s) {
    const double e =
        (edges[static_cast<std::size_t>(s)] + edges[static_cast<std::size_t>(s) + 1]) / 2;
    bonus.push_back(static_cast<int>(std::lround(400 * std::log10((1 + e) / (1 - e)))));
  }
  return bonus;
}

std::string piece_set_data(const PieceSet& pieces, int game) {
  const GameRules& rules = rules_of(pieces);
  // The outside form of a key holds a count in 4 bits, a kind each, below bit 63.
  if (pieces.kind_count() > 7) throw std::logic_error("a piece set of more than 7 kinds");
  std::string letters;
  std::vector<int> most(kMaxKinds, 0), kind_of(128, -1), fen_kind_of(128, -1);
  for (PieceKind k : pieces.kinds()) {
    const int i = kind_index(k);
    letters += pieces.kind(k).letter;
    if (pieces.kind(k).max > 15) throw std::logic_error("a count beyond 4 bits");
    most[static_cast<std::size_t>(i)] = pieces.kind(k).max;
    fen_kind_of[static_cast<std::size_t>(engine_letter(rules, pieces.kind(k).letter))] = i;
  }
  fen_kind_of[static_cast<std::size_t>(engine_letter(rules, 'K'))] = kMaxKinds;
  for (int c = 0; c < 128; ++c) {
    if (const auto k = pieces.kind_of(static_cast<char>(c)))
      kind_of[static_cast<std::size_t>(c)] = kind_index(*k);
  }
  std::vector<std::string> meanings;
  for (int s = 0; s <= kMaxScore; ++s)
    meanings.push_back(fmt::format("\"{}\"", score_meaning(pieces, Score(s))));
  return fmt::format(
      "    {{\"{}\", {}, {}, \"{}\", {{{}}},\n     {{{}}},\n     {{{}}},\n     {}, {},\n     "
      "{{{}}},\n     {{{}}}}}",
      pieces.name(), game, pieces.kind_count(), letters, fmt::join(most, ", "),
      fmt::join(kind_of, ", "), fmt::join(fen_kind_of, ", "), rules.files(), rules.ranks(),
      fmt::join(meanings, ", "), fmt::join(bonus_centipawns(), ", "));
}

std::string data_header() {
  return fmt::format(
      "/* The piece sets as egkb tables know them, after probe/table_lookup.h: written at build\n"
      " * time by probe/lookup_data_tool.cpp from egkb's definitions (lattice/piece_set.cpp, "
      "board/,\n"
      " * prose/score_meaning.cpp, lattice/expected_result.h). Do not edit. */\n"
      "#ifndef EGKB_LOOKUP_DATA_H\n#define EGKB_LOOKUP_DATA_H\n\n"
      "/* By game: [0] xiangqi (1), [1] chess (2). */\n"
      "static const struct egkb_lookup_pieces egkb_lookup_piece_sets[2] = {{\n{},\n{}}};\n\n"
      "#endif /* EGKB_LOOKUP_DATA_H */\n",
      piece_set_data(PieceSet::xiangqi(), 1), piece_set_data(PieceSet::chess(), 2));
}

std::string embedded_sources(const std::string& lookup, const std::string& data) {
  return fmt::format(
      "// Written at build time by probe/lookup_data_tool.cpp: the text of probe/table_lookup.h "
      "and\n// of the piece sets' data, which export/probe_header.cpp embeds in every header.\n"
      "#include \"export/embedded_lookup.h\"\n\nnamespace egkb {{\n\n"
      "const char* const kTableLookupSource = R\"egkb({})egkb\";\n\n"
      "const char* const kLookupDataSource = R\"egkb({})egkb\";\n\n}}  // namespace egkb\n",
      lookup, data);
}

void write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

}  // namespace
}  // namespace egkb

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: lookup_data_tool DATA_H EMBEDDED_CPP TABLE_LOOKUP_H\n";
    return 2;
  }
  try {
    std::ifstream in(argv[3], std::ios::binary);
    std::stringstream lookup;
    lookup << in.rdbuf();
    if (!in) throw std::runtime_error(std::string("cannot read ") + argv[3]);
    const std::string data = egkb::data_header();
    egkb::write(argv[1], data);
    egkb::write(argv[2], egkb::embedded_sources(lookup.str(), data));
  } catch (const std::exception& e) {
    std::cerr << "lookup_data_tool: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
